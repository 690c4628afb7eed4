// English concepts as data (catalog/concepts.json): comparatives that compose with negation and "less" ("not so big"
// is smaller, "less see-through" is less transparent), everyday synonyms ("ditch" is remove) and abbreviations ("pc2",
// "cam", "dimmer" as more transparent) read as the planner's own words, and guesses ("dim", "darker") whose readings are
// offered as choices, never applied.
import data from '../../../../catalog/concepts.json';
import { escapeRegExp, tokenize } from '../../catalog/text.ts';

export const CONCEPTS = data;

/** A phrase as a pattern on whole words, spaces and hyphens alike ("see through" matches "see-through"). */
const phrase = (s: string): string => s.trim().split(/[\s-]+/).map(escapeRegExp).join('[\\s-]+');
const alternation = (words: readonly string[]): string => [...words].sort((a, b) => b.length - a.length).map(phrase).join('|');

/** Size words no one asks for as such: said of how a display is, they complain ("the dots are tiny"). */
const EXTREMES: ReadonlySet<string> = new Set(['tiny', 'huge', 'massive', 'enormous', 'gigantic', 'minuscule']);

/** [pattern, replacement] for one direction's words once negated or lessened: they mean the other direction. */
function comparativeRewrites(): (readonly [RegExp, string])[] {
  const out: (readonly [RegExp, string])[] = [];
  for (const c of data.comparatives) {
    // "too fat", "less thick": the word of the other way that keeps the dimension (thinner), where there is one.
    for (const [word, other] of Object.entries((c as { opposites?: Record<string, string> }).opposites ?? {})) {
      out.push([new RegExp(`\\b(?:not|n[\\s']?t|never)\\s+(be\\s+)?(?:so|as|too|that|this)\\s+${phrase(word)}\\b`, 'gi'), `$1${other}`]);
      out.push([new RegExp(`\\b(?:less|too)\\s+${phrase(word)}\\b`, 'gi'), other]);
    }
    for (const [words, other] of [[c.upWords, c.down], [c.downWords, c.up]] as const) {
      const w = alternation(words);
      // "not so big", "shouldn't be that thick", "not as wide", "not too transparent": the other way.
      out.push([new RegExp(`\\b(?:not|n[\\s']?t|never)\\s+(be\\s+)?(?:so|as|too|that|this)\\s+(?:${w})\\b`, 'gi'), `$1${other}`]);
      // "less big", "a little less see-through": the other way ("less transparent" reads as itself).
      out.push([new RegExp(`\\bless\\s+(?:${w})\\b`, 'gi'), other]);
      // "the dots are too tiny", "way too see-through": a complaint asks for the other way ("not too" is read above).
      out.push([new RegExp(`\\btoo\\s+(?:${w})\\b`, 'gi'), other]);
      // "the laser dots are tiny", "the arrows look huge": an extreme said of what is is a complaint too.
      const extremes = words.filter((x) => EXTREMES.has(x));
      if (extremes.length > 0) out.push([new RegExp(`\\b(is|are|looks?|seems?)\\s+(?:so\\s+|really\\s+|very\\s+|way\\s+|super\\s+)?(?:${alternation(extremes)})\\b`, 'gi'), `$1 ${other}`]);
    }
    // "more see-through": the concept's own phrase — only where it has one ("more thin" stays a shape word).
    if (c.up.includes(' ')) out.push([new RegExp(`\\bmore\\s+(?:${alternation(c.upWords)})\\b`, 'gi'), c.up]);
    if (c.down.includes(' ')) out.push([new RegExp(`\\bmore\\s+(?:${alternation(c.downWords)})\\b`, 'gi'), c.down]);
  }
  return out;
}

const COMPARATIVES = comparativeRewrites();

function mappingRewrites(list: readonly { words: string[]; means: string }[]): (readonly [RegExp, string])[] {
  return list.map((m) => [new RegExp(`(?<![\\w/])(?:${alternation(m.words)})(?![\\w/])`, 'gi'), m.means] as const);
}

/**
 * "glob. costmap": a short form's own full stop, when the sentence goes on in lower case, is part of it. (Not of chat
 * forms of small words: "leave em. hide the axes" ends a sentence.)
 */
const CHAT_FORMS: ReadonlySet<string> = new Set(['them', 'and', 'though']);
const abbreviationDots = (text: string): string => text.replace(new RegExp(`(?<![\\w/])(${data.abbreviations.filter((m) => !CHAT_FORMS.has(m.means)).flatMap((m) => m.words).map(escapeRegExp).join('|')})\\.(?=\\s+[a-z0-9])`, 'g'), '$1');

const SYNONYMS = mappingRewrites(data.synonyms);
const ABBREVIATIONS = mappingRewrites(data.abbreviations);

/** Phrasings read the planner's way ("stop hiding" is show, "20x20" is 20 cells): concepts.json `rewrites`, in order. */
const PHRASINGS = data.rewrites.map((r) => [new RegExp(r.pattern, 'gi'), r.means] as const);

export function rewritePhrasings(text: string): string {
  return PHRASINGS.reduce((out, [re, to]) => out.replace(re, to), text);
}

/**
 * The request with abbreviations, synonyms and negated or lessened comparatives written as the planner reads them. A
 * word that is a name here (`names`: words of display, topic and frame names) is never rewritten.
 */
export function rewriteConcepts(text: string, names: ReadonlySet<string> = new Set()): string {
  let out = abbreviationDots(text);
  for (const [re, to] of [...ABBREVIATIONS, ...SYNONYMS, ...COMPARATIVES]) {
    out = out.replace(re, (...args: unknown[]) => {
      const match = args[0] as string;
      if (tokenize(match).length === 1 && names.has(tokenize(match)[0]!)) return match;
      const groups = args.slice(1, -2) as (string | undefined)[];
      return to.replace(/\$(\d)/g, (_, k: string) => groups[Number(k) - 1] ?? '');
    });
  }
  return out;
}

/** A guess in the request: a word with no sure reading, and the rewritten requests it may mean (at most 3). */
export interface Guess { word: string; readings: string[] }

/** The guesses a request holds ("make the laser darker": more transparent, or black), outside names. */
export function guessesIn(text: string, names: ReadonlySet<string> = new Set()): Guess[] {
  const found: { at: number; word: string; readings: readonly string[] }[] = [];
  // ("too faint" is a synonym of its own: its "faint" is no guess.)
  const sure = [...text.matchAll(new RegExp(`\\b(?:${alternation(data.synonyms.flatMap((x) => x.words))})\\b`, 'gi'))].map((m) => ({ at: m.index, end: m.index + m[0].length }));
  for (const g of data.guesses) {
    const m = new RegExp(`\\b(?:${alternation(g.words)})\\b`, 'i').exec(text);
    if (!m || (tokenize(m[0]).length === 1 && names.has(tokenize(m[0])[0]!))) continue;
    if (sure.some((x) => m.index >= x.at && m.index + m[0].length <= x.end)) continue;
    found.push({ at: m.index, word: m[0], readings: g.readings });
  }
  // "too dim" is its own guess (the other way), not "dim" with a word before it.
  const within = (a: typeof found[number], b: typeof found[number]) =>
    a !== b && b.word.length > a.word.length && a.at >= b.at && a.at + a.word.length <= b.at + b.word.length;
  return found.filter((f) => !found.some((o) => within(f, o)))
    .map((f) => ({ word: f.word, readings: f.readings.map((r) => text.slice(0, f.at) + r + text.slice(f.at + f.word.length)) }));
}

/** Every token the concepts know, so accounting does not call them unknown. */
export const CONCEPT_WORDS: readonly string[] = [
  ...data.comparatives.flatMap((c) => [...c.upWords, ...c.downWords, c.up, c.down]),
  ...data.leave.phrases, ...data.leave.fine, ...data.leave.copulas, ...data.leave.stays, ...data.leave.later, ...data.leave.noting, ...data.negations,
  ...data.corrections.markers, ...data.corrections.pronouns,
];
