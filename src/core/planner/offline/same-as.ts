// One display's setting made the same as another's: "make the local costmap as see-through as the global one", "make
// the Depth cloud's points the same size as Perimeter's", "the route ahead the same green as the swarm", "make the
// torque arrows the same colour as the force arrows" (two settings of one display). The value is read from the other
// display as the plan leaves it; when it cannot be read (a plugin whose settings the catalog does not know, a setting
// it does not have) nothing changes and the note says why. "…, then do the same for the local plan" repeats the clause
// before's settings on another display.
import type { DisplayTypeSpec, PropertySpec } from '../../catalog/index.ts';
import { splitCamel, tokenize } from '../../catalog/text.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import { readPlain, type VirtualDisplay } from '../state.ts';
import { BACK_POINTERS, FILLER } from './lexicon.ts';
import { colourIn, type Span } from './mentions.ts';
import { act, lastAppliedTurn, oneWordSiblings, type Planner } from './shared.ts';
import { inherited, resolveTargets } from './targets.ts';

/** "it", "its", "their": a word that points back at what the clause before named. */
const pointsBack = (t: string): boolean => BACK_POINTERS.has(t) || t === 'its' || t === 'their';

const LEAD = String.raw`^(?:please\s+)?(?:make|set|give|change|paint|turn|colou?r)\s+`;
/** Named groups: what changes (`to`), the setting's words (`what`), the display it is copied from (`from`). */
const FORMS: readonly RegExp[] = [
  // "make A the same size as B", "give A the same colour as B", "make A's colour the same as B's"
  new RegExp(`${LEAD}(?<to>.+?)\\s+(?:the\\s+)?same\\s+(?<what>.*?)\\s*(?:as|like)\\s+(?<from>.+)$`, 'i'),
  // "make A as see-through as B"
  new RegExp(`${LEAD}(?<to>.+?)\\s+as\\s+(?<what>[\\w-]+(?:\\s+[\\w-]+)?)\\s+as\\s+(?<from>.+)$`, 'i'),
  // "give it the same alpha the local one has"
  new RegExp(`${LEAD}(?<to>.+?)\\s+(?:the\\s+)?same\\s+(?<what>[\\w-]+(?:\\s+[\\w-]+)?)\\s+(?:that\\s+|which\\s+)?(?<from>(?:the|its)\\s+.+?)\\s+(?:has|have|uses|got)$`, 'i'),
  // "make the local one match the global one's transparency"
  new RegExp(`${LEAD}(?<to>.+?)\\s+(?:to\\s+)?match\\s+(?<from>.+?)['’]s?\\s+(?<what>[\\w-]+(?:\\s+[\\w-]+)?)$`, 'i'),
  // "Eyes: same green as Route Ahead", "Eyes same green as Route Ahead": no verb, what changes first.
  /^(?<to>[^:,;]+?)\s*:?\s+(?:the\s+)?same\s+(?<what>[^:,;]*?)\s*(?:as|like)\s+(?<from>[^:,;]+)$/i,
  // "Eyes: flat colour, same green as Route Ahead": what changes is what the clause before named.
  /^(?:and\s+)?(?:the\s+)?same\s+(?<what>[^:,;]*?)\s*(?:as|like)\s+(?<from>[^:,;]+)$/i,
];

/** The one display a phrase names, and its words: first those that did not name it ("arrows"), then those that did. */
function oneDisplay(p: Planner, phrase: string): { d: VirtualDisplay; rest: string[] } | undefined {
  const tokens = tokenize(phrase.replace(/['’]s\b/g, ''));
  const taken: Span[] = [];
  const displays = [...new Set(resolveTargets(p, tokens.join(' '), tokens, taken).flatMap((t) => t.displays))];
  if (displays.length !== 1) return undefined;
  const covered = (i: number): boolean => taken.some((s) => i >= s.start && i < s.start + s.length);
  // (Its name's words come after: "torque" names the Wrench, and its Torque Color too.)
  return { d: displays[0]!, rest: [...tokens.filter((t, i) => !covered(i)), ...tokens.filter((t, i) => covered(i))].filter((t) => !FILLER.has(t)) };
}

/** The one setting of a type that words name: each of the display's leftover words with the setting's, then all, then none. */
function settingFor(p: Planner, spec: DisplayTypeSpec, rest: readonly string[], words: string): PropertySpec | undefined {
  const tries = [...rest.map((w) => [w, words]), [...rest, words], [words]].map((x) => x.join(' ').trim()).filter((x) => x !== '');
  for (const text of tries) {
    const matches = p.ctx.catalog.propertyForWords(spec, text).filter((m) => m.via !== 'requires');
    // A setting named by its words beats one a value word names ("arrows colour": Color, not Shape's Arrow).
    const named = [...new Set(matches.filter((m) => m.via === 'words').map((m) => m.property))];
    const found = named.length > 0 ? named : [...new Set(matches.map((m) => m.property))];
    if (found.length === 1) return found[0];
    if (found.length > 1) return undefined;
  }
  return undefined;
}

/** Plans "the same … as" when the clause is one; false when it is not (the clause is planned as usual). */
export function sameAs(p: Planner, clause: string): boolean {
  for (const re of FORMS) {
    const m = re.exec(clause.trim().replace(/[.!?]+$/, ''));
    if (!m) continue;
    // "the global one": the type word of what changes.
    const g = m.groups!;
    const words1 = tokenize(g.to ?? '');
    // "make the local one as see-through as the global one": "one" with its own words names a display, and stands for
    // the words of its name that the phrase left out ("Local Costmap" → "the global costmap").
    const named = words1.some((t) => t === 'one' || t === 'ones') ? oneDisplay(p, g.to ?? '') : undefined;
    // "its arrows": the one display the clause before named. "the torque arrows … as the force arrows": what changes
    // may be another setting of the same display.
    const before = !named && (g.to === undefined || words1.some(pointsBack)) ? inherited(p).flatMap((t) => t.displays) : [];
    if (g.to === undefined && before.length !== 1) return false;
    const head = words1.filter((t) => !FILLER.has(t) && !pointsBack(t)).pop();
    // ("give it the same alpha the local one has": "one" is a display of the type of what "it" is.)
    const heads = head !== undefined ? [head] : before.length === 1 ? (before[0]!.spec?.words ?? []).slice(0, 3) : [''];
    const unsaid = named ? tokenize(named.d.name).filter((w) => !words1.includes(w)).join(' ') : '';
    if (unsaid !== '') heads.unshift(unsaid);
    // ("… the same colour as robot1's": the possessive stands for the same noun, as "one" does.)
    const fromText = /['’]s\s*$/.test(g.from!) ? `${g.from!.trim()} one` : g.from!;
    const source = heads.map((h) => oneDisplay(p, fromText.replace(/\bones?\b/i, h))).find((x) => x !== undefined && !before.includes(x.d));
    const target = before.length === 1 ? { d: before[0]!, rest: words1.filter((t) => !FILLER.has(t) && !pointsBack(t)) }
      : oneDisplay(p, g.to ?? '') ?? (source ? { d: source.d, rest: words1.filter((t) => !FILLER.has(t)) } : undefined);
    if (!target?.d.spec || !source) return false;
    // "the same green": a colour word names the colour setting.
    const words = colourIn(g.what!) !== undefined ? 'colour' : g.what!;
    const to = settingFor(p, target.d.spec, target.rest, words);
    if (!to) {
      p.notes.push(`"${clause.trim()}": which setting of ${target.d.name} should be like ${source.d.name}'s is not clear; nothing was changed`);
      p.last = [];
      return true;
    }
    const sameDisplay = source.d === target.d;
    const from = sameDisplay ? settingFor(p, target.d.spec, source.rest, words) : source.d.spec ? settingFor(p, source.d.spec, source.rest, words) ?? to : to;
    if (!from || (sameDisplay && from === to)) return false;
    const value = p.state.valueOf(source.d, from.path);
    const kindOf = source.d.spec?.properties.find((x) => x.path === from.path)?.kind ?? to.kind;
    if (value === undefined || kindOf !== to.kind) {
      p.notes.push(`"${clause.trim()}": ${source.d.name} has no ${from.path} the catalog can read${source.d.spec ? '' : ` (a ${source.d.classId} display)`}; nothing was changed`);
      p.last = [];
      return true;
    }
    if (p.state.valueOf(target.d, to.path) === value) p.notes.push(`${target.d.name}: ${to.path} is already ${value}, as ${source.d.name}'s`);
    else {
      p.actions.push(act({ action: 'set_property', display: p.state.handle(target.d), property: to.path, value }));
      target.d.planProps.set(to.path, value);
    }
    p.last = [{ spec: target.d.spec, displays: [target.d], topics: [], phrase: target.d.name, plural: false }];
    return true;
  }
  return false;
}


/** "Robot1 Plan the same please", "torque the same": what the clause before changed, made the same on what it names. */
// (Not "Eyes stays the same", "the map remains the same": what stays is left as it is.)
const SAME_AFTER = /^(?:(?:and|then|also|ok|okay|now)[\s,]+)*(.+?)(?<!\b(?:stays?|remains?|keeps?|is|looks?))\s+(?:exactly\s+)?the\s+same(?:[\s,]+(?:too|as\s+well|please))*$/i;

/**
 * "force arrows to 0.2, torque the same": the word names no display but a sibling of each setting the clause before
 * changed (Force Arrow Scale → Torque Arrow Scale, one word swapped): that setting takes the same value.
 */
function sameOnSibling(p: Planner, changes: readonly RvizAction[], words: readonly string[]): boolean {
  if (words.length !== 1) return false;
  const word = words[0]!;
  const planned: RvizAction[] = [];
  for (const a of changes) {
    if (a.action !== 'set_property') continue;
    const found = p.state.find(a.display);
    const d = found.ok ? found.display : undefined;
    const sibling = d?.spec ? oneWordSiblings(d.spec, a.property).find((s) => tokenize(s.property.path).includes(word))?.property : undefined;
    if (!d || !sibling) return false;
    planned.push(act({ action: 'set_property', display: a.display, property: sibling.path, value: a.value }));
    d.planProps.set(sibling.path, a.value);
  }
  if (planned.length === 0) return false;
  p.actions.push(...planned);
  return true;
}

/** "…, then do the same for the local plan", "same on the depth cloud too": groups: what it is done to. */
// ("same colour for the grid": only that kind of setting is repeated.)
const SAME_AGAIN = /^(?:(?:and|then|also|actually|ok|okay|please|now)[\s,]+)*(?:(?:do|apply|make|use|give\s+it)\s+)?(?:the\s+|exactly\s+the\s+)?same(?:\s+thing|\s+change|\s+settings?|\s+(colou?r|alpha|size|width|style|transparency))?\s+(?:for|on|to|with)\s+(.+?)(?:[\s,]+(?:too|as\s+well|please))*$/i;

/**
 * Plans "do the same for X" when the clause is one: every setting the clause before changed, made the same on what it
 * names (only settings its type has; a setting it lacks is said, not guessed). False when the clause is not one.
 */
export function sameAgain(p: Planner, clause: string): boolean {
  const text = clause.trim().replace(/[.!?]+$/, '');
  const again = SAME_AGAIN.exec(text);
  const m = again ? [again[0], again[2]!] : SAME_AFTER.exec(text);
  if (!m) return false;
  const kind = again?.[1]?.toLowerCase().replace('colour', 'color').replace('transparency', 'alpha');
  // (The first clause of a request repeats what the last applied turn changed: "same for the local one" after "make the
  // global costmap 50 % transparent".)
  const earlier = p.previousActions ?? (lastAppliedTurn(p)?.actions as RvizAction[] | undefined) ?? [];
  const changes = earlier.filter((a) => a.action === 'set_property' && (kind === undefined || tokenize(a.property).includes(kind) || (kind === 'color' && a.property === 'Color Transformer')));
  // ("hide the Global Costmap" then "same for the local one": a hide or show is repeated too.)
  const switches = kind === undefined ? earlier.filter((a) => a.action === 'set_enabled') : [];
  const tokens = tokenize(m[1]!.replace(/['’]s\b/g, ''));
  if (changes.length > 0 && switches.length === 0 && sameOnSibling(p, changes, tokens)) return true;
  let displays = [...new Set(resolveTargets(p, tokens.join(' '), tokens, []).flatMap((t) => t.displays))];
  // "the local one" after a change to the Global Costmap: the display of the same type whose name has the words.
  if (displays.length === 0 && tokens.some((t) => t === 'one' || t === 'ones')) {
    const words = tokens.filter((t) => !FILLER.has(t) && !BACK_POINTERS.has(t));
    const kinds = new Set(earlier.map((a) => p.state.find(a.display)).flatMap((f) => (f.ok && f.display.spec ? [f.display.spec] : [])));
    const alike = p.state.live().filter((d) => d.spec !== undefined && kinds.has(d.spec) && words.length > 0 && words.every((w) => tokenize(splitCamel(d.name)).includes(w)));
    if (alike.length === 1) displays = alike;
  }
  if (changes.length + switches.length === 0 || displays.length === 0) {
    p.notes.push(`"${clause.trim()}": ${changes.length + switches.length === 0 ? 'the clause before changed no setting to repeat' : `"${m[1]}" names no display here`}; nothing was changed`);
    p.last = [];
    return true;
  }
  repeatChanges(p, displays, changes, switches);
  return true;
}

/** Each change made again on each display that has its setting (a setting one lacks is said); the last switch too. */
export function repeatChanges(p: Planner, displays: readonly VirtualDisplay[], changes: readonly RvizAction[], switches: readonly RvizAction[]): void {
  for (const d of displays) {
    const lacks: string[] = [];
    for (const a of changes) {
      if (!d.spec?.properties.some((x) => x.path === a.property)) { lacks.push(a.property); continue; }
      if (p.state.valueOf(d, a.property) === a.value) continue;
      p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: a.property, value: a.value }));
      d.planProps.set(a.property, a.value);
    }
    for (const a of switches.slice(-1)) {
      if (String(d.enabled) === a.value) continue;
      p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: a.value }));
      d.enabled = a.value === 'true';
    }
    if (lacks.length > 0) p.notes.push(`${d.name} has no ${lacks.join(', ')}; that was not repeated on it`);
  }
  p.last = displays.map((d) => ({ spec: d.spec, displays: [d], topics: [], phrase: d.name, plural: false }));
}

const FACTORS: Record<string, number> = { double: 2, twice: 2, 'two times': 2, triple: 3, 'three times': 3, half: 0.5 };
/** "…less transparent — say double what it is now": groups: the factor. */
const TIMES_NOW = /^(?:(?:say|so|maybe|about|roughly|like|make\s+it|i\s+mean)[\s,]+)*(double|twice|two\s+times|triple|three\s+times|half)\s+(?:of\s+)?(?:what\s+it\s+is(?:\s+now)?|the\s+current\s+(?:value|one|setting)|its\s+current\s+value)$/i;

/**
 * Plans "double what it is now" after a clause that changed one number: that number becomes the factor times the value
 * the document has. False when the clause is not one (it is planned as usual).
 */
export function timesNow(p: Planner, clause: string): boolean {
  const m = TIMES_NOW.exec(clause.trim().replace(/[.!?]+$/, ''));
  if (!m) return false;
  const numbers = (p.previousActions ?? []).filter((a) => a.action === 'set_property' && Number.isFinite(Number(a.value)));
  const found = numbers.length === 1 ? p.state.find(numbers[0]!.display) : undefined;
  const d = found?.ok ? found.display : undefined;
  const prop = d?.spec?.properties.find((x) => x.path === numbers[0]!.property);
  const now = d && prop ? Number(readPlain(d.docProps, prop.path) ?? prop.default) : NaN;
  if (!d || !prop || !Number.isFinite(now)) {
    p.notes.push(`"${clause.trim()}": which number to multiply is not clear; nothing more was changed`);
    return true;
  }
  const value = Math.round(now * FACTORS[m[1]!.toLowerCase().replace(/\s+/g, ' ')]! * 1e6) / 1e6;
  if ((prop.min !== undefined && value < prop.min) || (prop.max !== undefined && value > prop.max)) {
    p.notes.push(`"${clause.trim()}": ${d.name} ${prop.path} would be ${value}, out of its range; the change before it stands`);
    return true;
  }
  numbers[0]!.value = String(value);
  d.planProps.set(prop.path, String(value));
  p.notes.push(`${d.name}: ${prop.path} ${value}, ${m[1]} the ${now} it is now`);
  return true;
}
