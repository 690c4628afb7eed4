// Global Options as targets: "black background", "frame rate 15". A clause that names one sets it and nothing else
// takes its value — "fixed frame base_link; laser decay 3 s; black background" never turns the laser black.
import { tokenize } from '../../catalog/text.ts';
import { GLOBAL_OPTIONS, globalOptionSpec } from '../../catalog/global-options.ts';
import { CONCEPTS } from './concepts.ts';
import { colourIn, displayMentions, hasPhrase, numbersIn, rgbOutOfRange } from './mentions.ts';
import { factorsIn, quantitiesOf } from './quantities.ts';
import { BIGGER, LEVEL_DOWN, LEVEL_UP, SMALLER } from './lexicon.ts';
import { shareFactor, wordBeforeShare } from './settings.ts';
import { globalOptions } from '../../rviz/displays.ts';
import { act, anyPhrase, type Planner } from './shared.ts';

/** The clause without the option's words and value, when it sets one; undefined when it names none. */
export function takeGlobalOption(p: Planner, clause: string): string | undefined {
  const tokens = tokenize(clause);
  for (const option of CONCEPTS.globalOptions) {
    const word = option.words.map((w) => ({ w, at: hasPhrase(tokens, w) })).find((x) => x.at);
    if (!word) continue;
    const spec = globalOptionSpec(option.path)!;
    let rest = clause.replace(new RegExp(`\\b${word.w.split(/\s+/).join('\\s+')}\\b`, 'i'), ' ');
    if (spec.kind === 'color') {
      const colour = colourIn(clause);
      // "Front View: background only": with no colour, a word that is a value of a display the clause names is that
      // display's setting (a Camera's Image Rendering), not the Global Option.
      if (colour === undefined && displayMentions(tokens, p.state.live(), []).some((m) => m.display.spec?.properties.some((x) => (x.values ?? []).some((v) => v.toLowerCase() === word.w)))) return undefined;
      // "background 20 20 400": a part past 255 is refused with the range, as for any colour (never clamped).
      const over = colour === undefined ? rgbOutOfRange(clause) : undefined;
      if (over !== undefined) {
        p.notes.push(`${GLOBAL_OPTIONS} › ${spec.path} takes R; G; B from 0 to 255 each; "${over}" is out of range; nothing was changed`);
        return '';
      }
      // "background 0 0 80": three whole numbers after the option's words are its R, G, B.
      const triple = colour === undefined ? /\b(\d{1,3})\s+(\d{1,3})\s+(\d{1,3})\b/.exec(rest) : null;
      if (triple) {
        p.actions.push(act({ action: 'set_property', display: GLOBAL_OPTIONS, property: spec.path, value: triple.slice(1).join('; ') }));
        return rest.replace(triple[0], ' ').replace(/\s+/g, ' ').trim();
      }
      if (colour === undefined) { p.notes.push(`which colour for the background (${GLOBAL_OPTIONS} › ${spec.path})? nothing was changed`); return ''; }
      p.actions.push(act({ action: 'set_property', display: GLOBAL_OPTIONS, property: spec.path, value: colour }));
      rest = rest.replace(/#[0-9a-f]{3,6}\b|\b\d{1,3}\s*[;,]\s*\d{1,3}\s*[;,]\s*\d{1,3}\b/i, ' ');
      for (const t of tokenize(rest)) if (colourIn(t) !== undefined) rest = rest.replace(new RegExp(`\\b${t}\\b`, 'i'), ' ');
    } else {
      // ("halve the frame rate", "double the fps": a share of the current value, a whole number.)
      // ("set the frame rate to half", the Japanese "半分にして": "half" of a rate is a share of it, not 50.)
      // ("drop the frame rate to a third", "raise the fps by 10 %": a share of it too, up or down as the words say; a
      // share with no direction and no "to" is not clear: "bump the frame rate ten percent" is asked about.)
      const share = quantitiesOf(numbersIn(clause), clause).find((q) => q.kind === 'fraction' && q.word !== 'half');
      const numbers = numbersIn(clause).filter((x) => x.word !== 'half' && x.index !== share?.index);
      const up = anyPhrase(tokens, BIGGER) ?? (tokens.some((t) => LEVEL_UP.has(t)) ? { start: 0, length: 0 } : undefined);
      const down = anyPhrase(tokens, SMALLER) ?? (tokens.some((t) => LEVEL_DOWN.has(t) || t === 'drop') ? { start: 0, length: 0 } : undefined);
      const ofShare = share ? shareFactor(share, clause, up, down) : undefined;
      const directed = share !== undefined && (share.word !== undefined || up !== undefined || down !== undefined || ['to', 'at', 'of'].includes(wordBeforeShare(share, clause) ?? ''));
      if (share && numbers.length === 0 && !directed) {
        p.notes.push(`${GLOBAL_OPTIONS} › ${spec.path}: "${clause.trim()}" does not say whether up or down, or to how much; nothing was changed`);
        return '';
      }
      const factor = numbers.length > 0 ? undefined : /\bhal(?:ve|ved|f)\b/i.test(clause) ? 0.5 : factorsIn(clause)[0]?.value ?? ofShare;
      const now = Number(globalOptions(p.ctx.document)[spec.path]);
      const n = factor && Number.isFinite(now) ? { value: Math.round(now * factor) } : numbers[0];
      const high = spec.max ?? Infinity;
      const low = spec.min ?? 1;
      if (!n) { p.notes.push(`which ${spec.path.toLowerCase()} (${GLOBAL_OPTIONS} › ${spec.path}, ${low}–${high} a second)? nothing was changed`); return ''; }
      if (!Number.isInteger(n.value) || n.value < low || n.value > high) {
        p.notes.push(`${GLOBAL_OPTIONS} › ${spec.path} takes a whole number in the range ${low}–${high}; ${n.value} is not one; nothing was changed`);
        return '';
      }
      p.actions.push(act({ action: 'set_property', display: GLOBAL_OPTIONS, property: spec.path, value: String(n.value) }));
      rest = rest.replace(new RegExp(`(^|\\s)${String(n.value).replace('.', '\\.')}(?=\\s|$|[.,;!?])`), ' ');
      if (factor) rest = rest.replace(/\b(?:halve[ds]?|half|double[ds]?|twice|triple[ds]?)\b/gi, ' ');
      // (…and the share with the words that said which way: "raise … by 10 %", "drop … to a third".)
      if (factor !== undefined && factor === ofShare) {
        rest = rest.replace(/(?:\b(?:by|to|at)\s+)?(?:-?\d+(?:\.\d+)?\s*(?:%|\s+per\s*cent\b)|\b(?:a|an|one)\s+(?:third|quarter|fifth|tenth)\b)/gi, ' ');
        rest = tokenize(rest).filter((t) => !BIGGER.includes(t) && !SMALLER.includes(t) && !LEVEL_UP.has(t) && !LEVEL_DOWN.has(t) && !['drop', 'bump', 'by', 'to'].includes(t)).join(' ');
      }
      // ("frame rate 10 fps": the option's other words name the same setting, not a second one to ask about.)
      for (const w of option.words) rest = rest.replace(new RegExp(`\\b${w.split(/\s+/).join('\\s+')}\\b`, 'gi'), ' ');
    }
    return rest.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** The words naming a Global Option in a clause ("background"), for a later clause that refers back to it. */
export function globalOptionWord(clause: string): string | undefined {
  const tokens = tokenize(clause);
  return CONCEPTS.globalOptions.flatMap((o) => o.words).find((w) => hasPhrase(tokens, w) !== undefined);
}
