// A display named by its place among several of one kind: "the second camera under Site", "the first scan". The place
// counts the displays the words name, in the document's order; a place there is none for ("the second camera" of one)
// is said, and the request changes nothing rather than acting on the one there is (or adding one).
import { tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { ORDINAL_PLACES } from './lexicon.ts';
import type { Planner } from './shared.ts';
import { resolveTargets } from './targets.ts';

const PLACED = new RegExp(String.raw`(^|[,;:.]\s*|\b(?:the|hide|show|remove|make|set|turn\s+(?:off|on))\s+)(?:the\s+)?(${Object.keys(ORDINAL_PLACES).join('|')})\s+([^,;.!?]*)`, 'gi');
/** "under Site", "in the Sensors group": where the kind is counted. */
const SCOPE = /^\s+(?:under|in|inside|within)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?/;

/** A place there is no display for ("the second camera" of one), as the note says it. */
export interface MissingPlace { phrase: string; count: number }

/**
 * The text with each "the N-th <kind>" written as that display's name, or the first place no display holds. Words that
 * name no display ("the second one", "the first turn") are left as they are.
 */
export function ordinalDisplays(p: Planner, text: string): { text: string; missing?: MissingPlace } {
  let missing: MissingPlace | undefined;
  const out = text.replace(PLACED, (match: string, lead: string, place: string, after: string) => {
    if (missing) return match;
    const words = after.split(/\s+/).filter((w) => w !== '');
    // ("the second one", "the second robot" are read elsewhere; "the first 10 arrows" is a count.)
    if (['robot', 'one', 'ones'].includes(words[0]?.toLowerCase() ?? '') || /^\d/.test(words[0] ?? '')) return match;
    const order = p.state.live();
    // The longest kind of up to three words that names displays or a type ("point cloud", "camera under Site").
    for (let n = Math.min(3, words.length); n >= 1; n--) {
      const kind = words.slice(0, n).join(' ');
      const rest = after.slice(new RegExp(String.raw`^\s*(?:\S+\s+){${n - 1}}\S+`).exec(after)![0].length);
      const scope = SCOPE.exec(rest)?.[0] ?? '';
      const phrase = `${kind}${scope}`;
      const tokens = tokenize(phrase);
      const found = [...new Set(resolveTargets(p, phrase, tokens, []).flatMap((t) => t.displays))]
        .filter((d): d is VirtualDisplay => d.classId !== 'rviz_common/Group')
        .sort((a, b) => order.indexOf(a) - order.indexOf(b));
      // ("the second camera under Site" where no display is a camera: a place presumes displays to count; none is added.)
      if (found.length === 0 && p.ctx.catalog.typesForWords(kind).length === 0) continue;
      const d = found[ORDINAL_PLACES[place.toLowerCase()]! - 1];
      if (!d) { missing = { phrase: `${place} ${phrase.trim()}`, count: found.length }; return match; }
      return `${lead}${d.name}${rest.slice(scope.length)}`;
    }
    return match;
  });
  return { text: out, ...(missing ? { missing } : {}) };
}
