/**
 * General English the offline planner reads: verbs, fix phrases, comparatives, negations. Display vocabulary (types,
 * properties, values) is NOT here: it comes from the catalog's `words`, so new displays need data, not code.
 */

export type Verb = 'show' | 'hide' | 'remove' | 'rename' | 'set' | 'fix';

/** Multi-word phrases first; matched on whole tokens. */
export const VERB_PHRASES: readonly (readonly [string, Verb])[] = [
  ['turn on', 'show'], ['switch on', 'show'], ['bring up', 'show'], ['bring back', 'show'], ['give me', 'show'], ['let me see', 'show'],
  ['turn off', 'hide'], ['switch off', 'hide'], ['out of the way', 'hide'], ['out of sight', 'hide'], ['away', 'hide'], ['get rid of', 'remove'], ['take out', 'remove'], ['take away', 'remove'],
  ['show', 'show'], ['showing', 'show'], ['displaying', 'show'], ['add', 'show'], ['display', 'show'], ['visualise', 'show'], ['visualize', 'show'], ['see', 'show'],
  ['view', 'show'], ['draw', 'show'], ['plot', 'show'], ['enable', 'show'], ['unhide', 'show'], ['open', 'show'],
  ['want', 'show'], ['need', 'show'], ['include', 'show'], ['put', 'show'], ['watch', 'show'], ['monitor', 'show'],
  ['hide', 'hide'], ['hiding', 'hide'], ['close', 'hide'], ['disable', 'hide'], ['mute', 'hide'], ['uncheck', 'hide'], ['untick', 'hide'], ['conceal', 'hide'],
  ['remove', 'remove'], ['delete', 'remove'], ['drop', 'remove'], ['discard', 'remove'], ['clear', 'remove'],
  ['rename', 'rename'],
  ['set', 'set'], ['make', 'set'], ['change', 'set'], ['colour', 'set'], ['color', 'set'], ['use', 'set'], ['switch', 'set'],
  ['increase', 'set'], ['decrease', 'set'], ['raise', 'set'], ['lower', 'set'], ['reduce', 'set'], ['shrink', 'set'],
  ['enlarge', 'set'], ['render', 'set'], ['paint', 'set'], ['tint', 'set'], ['turn', 'set'], ['adjust', 'set'], ['give', 'set'],
];

/** A request about something broken: solved from the findings, not by guessing. */
export const FIX_PHRASES: readonly string[] = [
  'fix', 'repair', 'broken', 'not showing', 'isn t showing', 'is not showing', 'doesn t show', 'does not show', 'not show up',
  'can t see', 'cannot see', 'can not see', 'don t see', 'do not see', 'not visible', 'invisible', 'is empty', 'looks empty',
  'blank', 'nothing shows', 'shows nothing', 'no data', 'not working', 'doesn t work', 'does not work', 'not updating',
  'not receiving', 'no messages', 'stopped', 'missing', 'what s wrong', 'why', 'is black', 'all black', 'shows black', 'frozen',
  'stuck', 'not moving', 'no image', 'no points', 'make it work', 'make everything work', 'get it working', 'get everything working',
  'make it show', 'sort it out',
];

export const BIGGER = ['bigger', 'larger', 'thicker', 'wider', 'fatter', 'huge', 'enlarge', 'increase', 'grow', 'more visible', 'big', 'large'];
export const SMALLER = ['smaller', 'thinner', 'tinier', 'narrower', 'shrink', 'decrease', 'reduce', 'tiny', 'small', 'less'];

export const NEGATIONS = ['don t', 'do not', 'dont', 'no', 'not', 'without', 'stop', 'hide', 'disable', 'off', 'turn off', 'switch off'];

/** Phrases that point at the robot not used last time ("now the other robot"). */
export const OTHER_ONE = ['other robot', 'other one', 'second robot', 'the other', 'another robot'];

/** Phrases that undo the last applied plan before the rest. */
export const UNDO_PHRASES = ['undo that', 'undo this', 'undo it', 'undo the last', 'undo', 'revert that', 'revert', 'go back', 'roll back', 'rollback'];

/** Words that mark "every one of them". */
export const ALL_WORDS = ['all', 'every', 'both', 'each', 'everything'];

/** Filler dropped before deciding a clause said nothing: articles, pronouns, politeness. */
export const FILLER = new Set([
  'the', 'a', 'an', 'it', 'its', 'them', 'they', 'this', 'that', 'those', 'these', 'please', 'pls', 'me', 'i', 'my', 'can',
  'could', 'would', 'you', 'to', 'on', 'in', 'of', 'for', 'and', 'with', 'as', 'too', 'also', 'now', 'then', 'just', 'so',
  'up', 'some', 'is', 'are', 'be', 'there', 'here', 'again', 'one', 's', 't', 'by', 'at', 'from', 'into', 'same', 'do', 'thing',
  'ok', 'okay', 'thanks', 'thank', 'want', 'like', 'let', 'see', 'view', 'bit', 'little', 'lot', 'much', 'more', 'way', 'too',
]);
