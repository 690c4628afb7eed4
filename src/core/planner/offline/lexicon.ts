/**
 * General English the offline planner reads: verbs, fix phrases, comparatives, negations. Display vocabulary (types,
 * properties, values) is NOT here: it comes from the catalog's `words`, so new displays need data, not code.
 */

export type Verb = 'show' | 'hide' | 'remove' | 'rename' | 'set' | 'fix';

/** Multi-word phrases first; matched on whole tokens. */
export const VERB_PHRASES: readonly (readonly [string, Verb])[] = [
  ['turn on', 'show'], ['switch on', 'show'], ['bring up', 'show'], ['bring back', 'show'], ['give me', 'show'], ['let me see', 'show'],
  ['pull up', 'show'], ['throw away', 'remove'], ['throw out', 'remove'],
  ['turn off', 'hide'], ['switch off', 'hide'], ['no use for', 'hide'], ['no need for', 'hide'], ['out of the way', 'hide'], ['out of sight', 'hide'], ['away', 'hide'], ['get rid of', 'remove'], ['take out', 'remove'], ['take away', 'remove'],
  ['show', 'show'], ['showing', 'show'], ['displaying', 'show'], ['add', 'show'], ['display', 'show'], ['visualise', 'show'], ['visualize', 'show'], ['see', 'show'],
  ['view', 'show'], ['draw', 'show'], ['plot', 'show'], ['enable', 'show'], ['unhide', 'show'], ['open', 'show'],
  ['want', 'show'], ['need', 'show'], ['needed', 'show'], ['wanted', 'show'], ['include', 'show'], ['put', 'show'], ['watch', 'show'], ['monitor', 'show'],
  ['hide', 'hide'], ['hiding', 'hide'], ['close', 'hide'], ['disable', 'hide'], ['mute', 'hide'], ['uncheck', 'hide'], ['untick', 'hide'], ['conceal', 'hide'],
  ['remove', 'remove'], ['delete', 'remove'], ['drop', 'remove'], ['discard', 'remove'],
  ['rename', 'rename'],
  ['set', 'set'], ['make', 'set'], ['change', 'set'], ['colour', 'set'], ['color', 'set'], ['use', 'set'], ['switch', 'set'],
  ['increase', 'set'], ['decrease', 'set'], ['raise', 'set'], ['lower', 'set'], ['reduce', 'set'], ['shrink', 'set'],
  ['enlarge', 'set'], ['render', 'set'], ['paint', 'set'], ['tint', 'set'], ['turn', 'set'], ['adjust', 'set'], ['give', 'set'],
  ['resize', 'set'], ['recolour', 'set'], ['recolor', 'set'], ['modify', 'set'], ['alter', 'set'], ['tweak', 'set'], ['edit', 'set'], ['restyle', 'set'],
  // Verbs that name a drawing setting: "label the frames" (Show Names), "stop drawing the map behind" (Draw Behind).
  ['label', 'set'], ['write', 'set'], ['drawing', 'show'], ['draws', 'show'],
  // "anchor the grid to base_link": a frame given to what is drawn.
  ['anchor', 'set'], ['attach', 'set'], ['bump', 'set'], ['push', 'set'],
];

/** A request about something broken: solved from the findings, not by guessing. */
export const FIX_PHRASES: readonly string[] = [
  'fix', 'repair', 'broken', 'not showing', 'isn t showing', 'is not showing', 'doesn t show', 'does not show', 'not show up',
  'can t see', 'cannot see', 'can not see', 'don t see', 'do not see', 'not visible', 'invisible', 'is empty', 'looks empty',
  'blank', 'nothing shows', 'shows nothing', 'no data', 'not working', 'doesn t work', 'does not work', 'not updating',
  'not receiving', 'no messages', 'stopped', 'missing', 'what s wrong', 'why', 'is black', 'all black', 'shows black', 'frozen',
  'stuck', 'not moving', 'no image', 'no points', 'make it work', 'make everything work', 'get it working', 'get everything working',
  'make it show', 'sort it out', 'aren t showing', 'are not showing', 'don t show', 'won t show', 'will not show', 'not appearing',
  'doesn t appear', 'does not appear', 'don t appear', 'not displaying', 'isn t displaying', 'shows up empty', 'stays empty', 'stay empty',
  'are gone', 'is gone', 'disappeared', 'vanished', 'disappears', 'vanishes', 'keeps disappearing', 'went away', 'nothing there', 'not there',
  // Complaints about where or how something is drawn: still a request to find what is wrong.
  'wrong place', 'wrong spot', 'wrong position', 'misplaced', 'in the wrong', 'flickers', 'flickering', 'lagging', 'laggy',
  'not refreshing', 'doesn t update', 'does not update', 'isn t updating', 'no longer updates', 'out of date', 'jumps around',
  // A subscription's QoS set to what the publisher offers is the QoS finding's repair.
  'to its publisher', 'to the publisher', 'to the publishers', 'match the publisher', 'match the publishers', 'qos mismatch', 'incompatible qos',
];

export const BIGGER = ['bigger', 'larger', 'thicker', 'wider', 'fatter', 'longer', 'huge', 'enormous', 'massive', 'gigantic', 'chunkier', 'chunky', 'beefier', 'enlarge', 'increase', 'grow', 'more visible', 'big', 'large', 'double', 'twice', 'triple', 'coarser'];
export const SMALLER = ['smaller', 'thinner', 'tinier', 'narrower', 'shorter', 'slimmer', 'skinnier', 'shrink', 'decrease', 'reduce', 'tiny', 'minuscule', 'small', 'less', 'halve', 'finer'];
/** Direction words for a level ("raise the opacity", "turn the alpha down"), beside the bigger and smaller words. */
export const LEVEL_UP: ReadonlySet<string> = new Set(['raise', 'higher', 'up', 'increase', 'boost']);
export const LEVEL_DOWN: ReadonlySet<string> = new Set(['lower', 'down', 'reduce', 'decrease', 'less']);

export const NEGATIONS = ['don t', 'do not', 'dont', 'no', 'not', 'without', 'stop', 'hide', 'disable', 'off', 'turn off', 'switch off'];

/** Words that point back to what was named before ("make it red", "…, leave it"): never a noun of their own. */
/** Words that ask for a new display, so a type word after them is one ("add axes", "a new grid"). */
export const ADD_WORDS: ReadonlySet<string> = new Set(['add', 'new', 'another', 'display', 'create']);

export const BACK_POINTERS: ReadonlySet<string> = new Set(['it', 'them', 'this', 'that', 'these', 'those', 'one', 'ones']);

/** A place among several, as a word: "the second camera", "the 2nd robot", "only the first one". */
export const ORDINAL_PLACES: Readonly<Record<string, number>> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5,
};

/** After a multiplier or a share, a comparative that takes away ("three times smaller", "a third shorter")… */
export const DIVIDING_WORDS = ['smaller', 'fewer', 'less', 'shorter', 'thinner', 'narrower', 'lower', 'slower', 'few'];
/** …or one that adds ("a quarter bigger"). */
export const GROWING_WORDS = ['bigger', 'larger', 'longer', 'wider', 'thicker', 'higher', 'faster'];

/** Phrases that point at the robot not used last time ("now the other robot"). */
export const OTHER_ONE = ['other robot', 'other one', 'second robot', 'the other', 'another robot'];

/** Phrases that undo the last applied plan before the rest. */
/** Words of hesitation that may come before an order ("hmm, undo that"), as patterns ("hmm+" is "hmmm" too). */
export const HESITATIONS = ['please', 'hmm+', 'hm+', 'ok', 'okay', 'oh', 'ah', 'oops', 'sorry', 'actually', 'nah', 'wait', 'well'];

export const UNDO_PHRASES = ['undo that', 'undo this', 'undo it', 'undo the last', 'undo', 'revert that', 'revert', 'go back', 'roll back', 'rollback'];

/** Words that mark "every one of them". */
export const ALL_WORDS = ['all', 'every', 'both', 'each', 'everything'];

/** Filler dropped before deciding a clause said nothing: articles, pronouns, politeness. */
export const FILLER = new Set([
  'the', 'a', 'an', 'it', 'its', 'them', 'they', 'this', 'that', 'those', 'these', 'please', 'pls', 'me', 'i', 'my', 'can',
  'could', 'would', 'you', 'to', 'on', 'in', 'of', 'for', 'and', 'with', 'as', 'too', 'also', 'now', 'then', 'just', 'so',
  'up', 'some', 'is', 'are', 'be', 'there', 'here', 'again', 'one', 's', 't', 'by', 'at', 'from', 'into', 'same', 'do', 'thing',
  'ok', 'okay', 'thanks', 'thank', 'want', 'like', 'let', 'see', 'view', 'bit', 'little', 'lot', 'much', 'more', 'way', 'too',
  'tad', 'smidge', 'proper', 'pure',
  // Spoken asides that change nothing: "hide the grid tho", "honestly I have no use for it rn", "hmm, a bit less".
  'tho', 'though', 'honestly', 'rn', 'hmm', 'hm', 'oh', 'ah',
]);

/**
 * General English a request may hold around what it asks for: function words, politeness, request phrasing, units,
 * number words, words about RViz itself. A content word outside these, the catalog and the robot's names is not
 * understood, and the planner says so instead of guessing (accounting.ts).
 */
export const GENERAL_WORDS: readonly string[] = [
  // function words
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'it', 'its', 'it s', 'they', 'them', 'their', 'there', 'here', 'what', 'which', 'who', 'whom',
  'whose', 'where', 'when', 'why', 'how', 'whether', 'if', 'then', 'than', 'so', 'such', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'onto',
  'of', 'off', 'on', 'out', 'over', 'under', 'up', 'down', 'minus', 'negative', 'lying', 'sitting', 'resting', 'ish', 'clutter', 'cluttering', 'cluttered', 'to', 'toward', 'towards', 'with', 'within', 'without', 'about', 'above', 'below',
  'across', 'along', 'alongside', 'around', 'against', 'among', 'upon', 'after', 'before', 'behind', 'between', 'beyond', 'during', 'except', 'inside', 'outside', 'near', 'next', 'per', 'via', 'through',
  'and', 'or', 'nor', 'but', 'also', 'too', 'either', 'neither', 'both', 'each', 'every', 'all', 'any', 'some', 'none', 'no', 'not', 'only',
  'just', 'even', 'still', 'yet', 'already', 'again', 'once', 'instead', 'rather', 'quite', 'very', 'really', 'much', 'more', 'most', 'less',
  'least', 'few', 'fewer', 'many', 'lot', 'lots', 'bit', 'little', 'enough', 'other', 'others', 'another', 'else', 'same', 'own', 'last', 'first',
  'second', 'third', 'new', 'old', 'current', 'currently', 'now', 'anymore', 'longer', 'ever', 'never', 'always', 'back', 'away', 'apart',
  'besides', 'save', 'because', 'since', 'while', 'until', 'like', 'way', 'thing', 'things', 'stuff', 'one', 'ones', 'everything', 'something',
  'anything', 'nothing', 'everywhere', 'somewhere', 'altogether', 'together', 'whole', 'entire', 'entirely', 'completely', 'fully', 'slightly',
  'somewhat', 'pretty', 'kind', 'sort', 'right', 'left', 'top', 'bottom', 'front', 'rear', 'side', 'main', 'same',
  // ROS words of what a display subscribes to
  'match', 'publisher', 'publishers', 'subscription', 'subscriptions', 'subscriber',
  // pronouns, auxiliaries, request phrasing, politeness
  'i', 'me', 'my', 'mine', 'we', 'us', 'our', 'you', 'your', 'he', 'she', 'him', 'her', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am',
  'do', 'does', 'did', 'done', 'doing', 'have', 'has', 'had', 'having', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must',
  'let', 'lets', 'let s', 'get', 'got', 'go', 'going', 'gonna', 'wanna', 'want', 'wants', 'wanted', 'need', 'needs', 'needed', 'like', 'love',
  'prefer', 'rather', 'try', 'keep', 'please', 'pls', 'plz', 'thanks', 'thank', 'thx', 'ok', 'okay', 'hey', 'hi', 'hello', 'yes', 'yeah', 'sure',
  'kindly', 'quick', 'quickly', 'actually', 'maybe', 'perhaps', 'probably', 'also', 'able', 'possible', 'help', 'mean', 'think', 'thinks',
  'honestly', 'frankly', 'basically', 'well', 'meant', 'though', 'anyway', 'anyways', 'moment',
  'know', 'look', 'looks', 'looking', 'seem', 'seems', 'appear', 'appears', 'become', 'stay', 'leave', 'come', 'put', 'place', 'move', 'bring',
  'disappear', 'disappears', 'vanish', 'vanishes',
  't', 's', 'd', 'll', 're', 've', 'm', 'don', 'doesn', 'isn', 'aren', 'can', 'won', 'didn', 'wasn', 'shouldn', 'couldn',
  // RViz and the screen
  'rviz', 'rviz2', 'display', 'displays', 'displayed', 'view', 'views', 'screen', 'panel', 'window', 'config', 'configuration', 'setting',
  'settings', 'option', 'options', 'property', 'properties', 'value', 'values', 'visible', 'hidden', 'shown', 'visualization', 'visualisation',
  'layer', 'layers', 'overlay', 'topic', 'topics', 'message', 'messages', 'data', 'sensor', 'sensors', 'robot', 'robots', 'default', 'defaults',
  'enabled', 'disabled', 'checkbox', 'tick', 'item', 'items', 'entry', 'list', 'tree', 'fixed', 'frame', 'frames', 'global', 'reference', 'same',
  'there', 'again', 'setup', 'set', 'way', 'mode', 'looking', 'appearance', 'look', 'call', 'name', 'rename',
  'plugin', 'plugins',
  // amounts, numbers and units
  'zero', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'thousand', 'dozen', 'twice', 'double',
  'triple', 'half', 'quarter', 'times', 'x', 'percent', 'pct', 'cm', 'mm', 'm', 'meter', 'meters', 'metre', 'metres', 'centimeter',
  'centimeters', 'centimetre', 'centimetres', 'millimeter', 'millimeters', 'millimetre', 'millimetres', 'px', 'pixel', 'pixels', 's', 'sec',
  'secs', 'second', 'seconds', 'ms', 'minute', 'minutes', 'hz', 'degree', 'degrees', 'rad', 'radians', 'number', 'amount', 'count', 'level',
  'slightly', 'super', 'extra', 'bigger', 'smaller', 'big', 'small', 'huge', 'tiny', 'thick', 'thin', 'wide', 'narrow', 'long', 'short',
  'high', 'low', 'higher', 'lower', 'max', 'min', 'maximum', 'minimum', 'full', 'fully', 'partly', 'partially', 'semi', 'bright', 'brighter',
  'dark', 'darker', 'light', 'lighter', 'colored', 'coloured', 'color', 'colour', 'colors', 'colours', 'rgb', 'hex',
];
