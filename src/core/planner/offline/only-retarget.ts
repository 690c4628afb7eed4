// "hide the grid and the TF", then "no wait, only the first one" / "actually only the grid": the last change again, on
// what "only" names among the displays it changed, with the rest of it undone. Read as "undo that and hide the Grid".
import { singular, tokenize } from '../../catalog/text.ts';
import type { PlannerTurn } from '../types.ts';
import { FILLER, ORDINAL_PLACES } from './lexicon.ts';
import { findVerb } from './phrases.ts';

/** "the first one", "the last one": a display of the last change by its place in it. */
const PLACED = new RegExp(`^(?:the\\s+)?(${[...Object.keys(ORDINAL_PLACES), 'last'].join('|')})(?:\\s+one)?$`, 'i');
const ONLY = /^\s*(?:(?:no|nah|oh|hmm|wait|actually|sorry|oops)\b[\s,.!—–-]*)*(?:just|only)\s+(.+?)\s*[.!]*\s*$/i;

/** The request as an undo and the last turn's verb on what "only" names; undefined when it is not such a follow-up. */
export function onlyRetarget(history: readonly PlannerTurn[], text: string): string | undefined {
  const m = ONLY.exec(text);
  const last = [...history].reverse().find((t) => t.outcome === 'applied');
  if (!m || !last?.actions || last.actions.length < 2) return undefined;
  const rest = m[1]!;
  if (findVerb(tokenize(rest), []) !== undefined || /\d/.test(rest)) return undefined;
  const acts = last.actions;
  const verb = acts.every((a) => a.action === 'remove_display') ? 'remove'
    : acts.every((a) => a.action === 'set_enabled' && a.value === acts[0]!.value) ? (acts[0]!.value === 'false' ? 'hide' : 'show') : undefined;
  if (!verb) return undefined;
  const displays = [...new Set(acts.map((a) => a.display))];
  // (…else the words as they are.)
  const named = placedOrNamed(displays, rest) ?? (PLACED.test(rest.trim()) ? undefined : rest);
  return named === undefined ? undefined : `undo that and ${verb} ${named}`;
}

/**
 * The one display of the last change that "only …" names: "the first one", "the last one" by the order the change named
 * them; "actually just the camera" after "hide the front camera and the RGBD points", the one whose name holds every
 * word said ("nur die globale": Global Costmap).
 */
function placedOrNamed(displays: readonly string[], said: string): string | undefined {
  const placed = PLACED.exec(said.trim());
  if (placed) return displays[placed[1]!.toLowerCase() === 'last' ? displays.length - 1 : ORDINAL_PLACES[placed[1]!.toLowerCase()]! - 1];
  const words = tokenize(said).filter((w) => !FILLER.has(w));
  const holding = displays.filter((d) => words.length > 0 && words.every((w) => tokenize(d).some((x) => x === w || singular(x) === singular(w))));
  return holding.length === 1 ? holding[0] : undefined;
}

/** "…, put the points back": what follows "only X" and only says the rest goes back as it was. */
const BACK_AS_IT_WAS = /^\s*(?:and\s+)?(?:put|set|turn|bring|leave)\s+.*\bback\b.*$|^\s*(?:and\s+)?(?:leave|keep)\s+.*\bas\s+(?:it|they)\s+(?:was|were)\b.*$/i;

/**
 * "make Front Lidar and RGBD Points bigger, 0.05", then "only the lidar, put the points back" (fr "non, seulement pour
 * robot1"): the last change was settings on several displays; the one "only" names keeps them, the others go back. The
 * display's handle in the last change, or undefined when the request is no such follow-up.
 */
export function onlyOnDisplay(history: readonly PlannerTurn[], text: string): string | undefined {
  const m = ONLY.exec(text);
  const last = [...history].reverse().find((t) => t.outcome === 'applied');
  const acts = (last?.actions ?? []).filter((a) => a.origin !== 'auto');
  if (!m || acts.length < 2 || acts.some((a) => a.action !== 'set_property')) return undefined;
  const displays = [...new Set(acts.map((a) => a.display))];
  if (displays.length < 2) return undefined;
  const [said, ...after] = m[1]!.split(',');
  if (after.length > 0 && !BACK_AS_IT_WAS.test(after.join(','))) return undefined;
  // (A number of its own is a value; one in a name, robot1, is not.)
  if (findVerb(tokenize(said!), []) !== undefined || /(?<![a-z])\d/i.test(said!)) return undefined;
  return placedOrNamed(displays, said!);
}

/** "no, I meant the local one", "oops, the other plan", "wrong one — the Local Plan": a correction of what was changed. */
const MEANT = /^\s*(?:(?:no|nah|nope|oops|sorry|wait|actually|hmm)\b[\s,.!—–-]*)*(?:(?:i\s+meant|i\s+mean|i\s+wanted|meant|wrong\s+one|not\s+that\s+one)\b[\s,.!—–:-]*)?(.+?)(?:\s+instead)?\s*[.!]*\s*$/i;
const MEANT_MARK = /^\s*(?:no|nah|nope|oops|sorry)\b|\b(?:i\s+meant|i\s+mean|i\s+wanted|wrong\s+one|not\s+that\s+one)\b/i;

/**
 * "set the Global Costmap alpha to 0.9", then "no, I meant the local one": the last change was on one display and the
 * correction names another, with no change of its own; read as "undo that and do the same for the local one". Undefined
 * when the request is no such correction.
 */
export function meantOther(history: readonly PlannerTurn[], text: string, displayNamed: (words: string, changed: readonly string[]) => string | undefined): string | undefined {
  const m = MEANT.exec(text);
  const last = [...history].reverse().find((t) => t.outcome === 'applied');
  if (!m || !MEANT_MARK.test(text) || !last?.actions) return undefined;
  const rest = m[1]!.trim();
  const words = tokenize(rest).filter((w) => !FILLER.has(w));
  if (words.length === 0 || findVerb(tokenize(rest), []) !== undefined || /\d/.test(rest)) return undefined;
  const own = last.actions.filter((a) => a.origin !== 'auto');
  if (own.length === 0 || new Set(own.map((a) => a.display)).size !== 1 || own.some((a) => a.action !== 'set_property' && a.action !== 'set_enabled')) return undefined;
  // ("no, blue" corrects the value, not the display: only words that name one display here, another than the one
  // changed, retarget; "the other plan" is the plan that was not changed.)
  const named = displayNamed(rest, [own[0]!.display]);
  return named === undefined ? undefined : `undo that and do the same for ${named}`;
}

