/**
 * Plain-language matching: which display types and which properties a request talks about.
 * Longer phrases win over shorter ones, and a token claimed by a longer phrase is not reused by another display or
 * property ("camera image" is an Image, not a Camera plus an Image).
 */
import type { DisplayTypeSpec, PropertySpec } from './types.ts';
import { namedColors } from './values.ts';
import { findPhrase, pathSegments, prepareText, splitCamel, tokenize, type PhraseHit, type PreparedText } from './text.ts';

interface Candidate<T> {
  item: T;
  hit: PhraseHit;
  phrase: string;
  order: number;
  /** Derived from a name rather than listed in `words`; loses ties to listed words. */
  implicit: boolean;
}

function better<T>(a: Candidate<T>, b: Candidate<T>): number {
  return b.hit.length - a.hit.length || Number(b.hit.exact) - Number(a.hit.exact) || Number(a.implicit) - Number(b.implicit)
    || a.hit.start - b.hit.start || a.order - b.order;
}

function overlaps(hit: PhraseHit, claimed: readonly PhraseHit[]): boolean {
  return claimed.some((c) => hit.start < c.start + c.length && c.start < hit.start + hit.length);
}

/** Greedy claim: best candidates first; each keeps only spans no better candidate has taken. */
function claim<T>(candidates: Candidate<T>[], claimed: PhraseHit[]): Candidate<T>[] {
  const won: Candidate<T>[] = [];
  for (const c of [...candidates].sort(better)) {
    if (overlaps(c.hit, claimed)) continue;
    claimed.push(c.hit);
    won.push(c);
  }
  return won;
}

/** Catalog phrases are few and fixed; tokenizing each once keeps a request's matching around a tenth of a millisecond. */
const phraseTokens = new Map<string, string[]>();
function tokensOf(phrase: string): string[] {
  let t = phraseTokens.get(phrase);
  if (t === undefined) {
    t = tokenize(phrase);
    phraseTokens.set(phrase, t);
  }
  return t;
}

/** A list of phrases with their tokens, worked out once per list (catalog arrays keep their identity). */
const listTokens = new WeakMap<readonly string[], (readonly [string, string[]])[]>();
function tokenized(phrases: readonly string[]): (readonly [string, string[]])[] {
  let t = listTokens.get(phrases);
  if (t === undefined) {
    t = phrases.map((p) => [p, tokensOf(p)] as const);
    listTokens.set(phrases, t);
  }
  return t;
}

function hitsFor<T>(tokens: PreparedText, item: T, phrases: readonly string[], order: number, implicit = false): Candidate<T>[] {
  const out: Candidate<T>[] = [];
  for (const [phrase, phraseToks] of tokenized(phrases)) {
    if (!tokens.present.has(phraseToks[0] ?? '')) continue;
    const hit = findPhrase(tokens, phraseToks);
    if (hit) out.push({ item, hit, phrase, order, implicit });
  }
  return out;
}

const NONE: readonly string[] = [];

/** Names derived from a display or property (`laser scan`, `alpha`), derived once per object. */
const derivedNames = new WeakMap<object, string[]>();
function namesOf(key: object, make: () => string[]): string[] {
  let n = derivedNames.get(key);
  if (n === undefined) {
    n = make();
    derivedNames.set(key, n);
  }
  return n;
}

function typeHits(tokens: PreparedText, spec: DisplayTypeSpec, order: number): Candidate<DisplayTypeSpec>[] {
  const names = namesOf(spec, () => [splitCamel(spec.name), spec.name.toLowerCase()]);
  return [...hitsFor(tokens, spec, spec.words, order), ...hitsFor(tokens, spec, names, order, true)];
}


const propertyPhraseCache = new WeakMap<readonly DisplayTypeSpec[], string[]>();
const typePhraseCache = new WeakMap<readonly DisplayTypeSpec[], string[]>();

function multiWord(phrases: Iterable<string>): string[] {
  return [...new Set([...phrases].filter((p) => tokensOf(p).length >= 2))];
}

/**
 * Multi-word property and value phrases of every display: they claim their words before a shorter type word can
 * ("best effort" is not the Effort display), and lose ties to type words ("robot description" stays a RobotModel).
 */
function propertyPhrasesOf(displays: readonly DisplayTypeSpec[]): string[] {
  let cached = propertyPhraseCache.get(displays);
  if (!cached) {
    const props = displays.flatMap((d) => d.properties);
    cached = multiWord([...props.flatMap((p) => [...(p.words ?? []), ...(p.valueWords ?? []).flatMap((v) => v.words)])]);
    propertyPhraseCache.set(displays, cached);
  }
  return cached;
}

/**
 * Type phrases ("depth camera point cloud", "costmaps"): in property matching they keep their words from properties
 * ("depth" is not Topic/Depth there) unless a property phrase is as long and as exact.
 */
function typePhrasesOf(displays: readonly DisplayTypeSpec[]): string[] {
  let cached = typePhraseCache.get(displays);
  if (!cached) {
    cached = [...new Set(displays.flatMap((d) => d.words))];
    typePhraseCache.set(displays, cached);
  }
  return cached;
}

/** One mention of a display type in a text. */
export interface TypeMention {
  type: DisplayTypeSpec;
  /** The catalog phrase that matched ("global costmap"). */
  phrase: string;
  /** Index of the mention's first word among the request's words (ROS names left out). */
  start: number;
  /** Whether the text used a plural ("costmaps", "point clouds"): the request may mean every such display. */
  plural: boolean;
}

/**
 * Every mention of a display type, in text order. Where phrases overlap, the longest (then the one written exactly,
 * then a listed word over a name) wins: "camera image" is one Image, not a Camera and an Image. `otherPhrases` hold a
 * type's word but name something else (the catalog's `otherPhrases`: "fixed frame", "the other robot") and win ties.
 * @example typeMentions(displays, 'hide the costmaps') → [{ type: Map, phrase: 'costmaps', start: 2, plural: true }]
 */
export function typeMentions(displays: readonly DisplayTypeSpec[], text: string, otherPhrases: readonly string[] = NONE): TypeMention[] {
  const tokens = prepareText(text);
  const candidates: Candidate<DisplayTypeSpec | undefined>[] = displays.flatMap((d, i) => typeHits(tokens, d, i));
  candidates.push(...hitsFor(tokens, undefined, propertyPhrasesOf(displays), displays.length, true));
  candidates.push(...hitsFor(tokens, undefined, otherPhrases, -1));
  const out: TypeMention[] = [];
  for (const c of claim(candidates, []).sort((a, b) => a.hit.start - b.hit.start)) {
    if (c.item === undefined) continue;
    const last = c.hit.start + c.hit.length - 1;
    out.push({ type: c.item, phrase: c.phrase, start: c.hit.start, plural: tokens.singulars[last] !== tokens.tokens[last] });
  }
  return out;
}

/**
 * Display types a text talks about, each once, in the order it first mentions them (see `typeMentions`).
 * @example typesForWords(displays, 'show the lidar coloured by height') → [LaserScan]
 */
export function typesForWords(displays: readonly DisplayTypeSpec[], text: string, otherPhrases: readonly string[] = NONE): DisplayTypeSpec[] {
  return [...new Set(typeMentions(displays, text, otherPhrases).map((m) => m.type))];
}

/** A property a text talks about; `value` when the text also names one of its values ("latched" → `Transient Local`). */
export interface PropertyMatch {
  property: PropertySpec;
  value?: string;
  /** The phrase that matched, or the phrase of the match whose `requires` brought this one in. */
  matched: string;
  /** `words`: named by its words; `value`: only a value was named; `requires`: needed by another match. */
  via: 'words' | 'value' | 'requires';
}

/** Single-letter values (x, y, z) only count when their property was named too ("axis z"). */
function strongEnough(phrase: string): boolean {
  return phrase.replace(/[^a-z0-9]/g, '').length >= 2;
}

const COLOR_ENTRIES = Object.entries(namedColors).map(([name, rgb]) => [name, rgb.join('; ')] as const);

/** Colour names are value words of every colour property: "in red" → `255; 0; 0`. */
function colorHits<T>(tokens: PreparedText, p: PropertySpec, item: (rgb: string) => T, order: number): Candidate<T>[] {
  if (p.kind !== 'color') return [];
  return COLOR_ENTRIES.filter(([name]) => tokens.present.has(name)).flatMap(([name, rgb]) => hitsFor(tokens, item(rgb), [name], order));
}

/** The value a named property's text gives it, and where (so that word is not read again as another property's value). */
function valueFor(tokens: PreparedText, p: PropertySpec): Candidate<string> | undefined {
  const words = p.valueWords ?? [];
  const hits = [
    ...words.flatMap((vw, i) => hitsFor(tokens, vw.value, vw.words, i)),
    // With the setting named ("laser style points"), a value is also named by itself.
    ...(p.kind === 'enum' ? (p.values ?? []).flatMap((v, i) => hitsFor(tokens, v, [v.toLowerCase()], words.length + i)) : []),
    ...colorHits(tokens, p, (rgb) => rgb, 0),
  ];
  return hits.sort(better)[0];
}

/** A named property whose requirement another match contradicts was not meant: "colour the cloud by intensity" is not `Color`. */
function contradicted(m: PropertyMatch, matches: readonly PropertyMatch[]): boolean {
  if (m.via !== 'words' || m.value !== undefined) return false;
  return (m.property.requires ?? []).some((req) =>
    matches.some((x) => x !== m && x.property.path === req.path && x.value !== undefined && x.value !== req.value))
    || (m.property.requiresNot ?? []).some((req) =>
      matches.some((x) => x !== m && x.property.path === req.path && x.value === req.value));
}

function addRequired(spec: DisplayTypeSpec, matches: PropertyMatch[]): void {
  for (const m of [...matches]) {
    for (const req of m.property.requires ?? []) {
      const present = matches.find((x) => x.property.path === req.path);
      // Named without a value ("colour by … axis"): the requirement supplies it.
      if (present) {
        present.value ??= req.value;
        continue;
      }
      const property = spec.properties.find((p) => p.path === req.path);
      if (property) matches.push({ property, value: req.value, matched: m.matched, via: 'requires' });
    }
  }
}

interface Mention {
  p: PropertySpec;
  value?: string;
}

function mentions(tokens: PreparedText, spec: DisplayTypeSpec): Candidate<Mention>[] {
  return spec.properties.flatMap((p, i) => {
    // RViz2 never shows a hidden property (Temperature's Channel Name): nobody can mean it, nor be sent to it.
    if (p.hidden) return [];
    const own = namesOf(p, () => [pathSegments(p.path).pop()!.toLowerCase()]);
    const last = own[0]!;
    const byName = [...hitsFor(tokens, { p }, p.words ?? NONE, i), ...hitsFor(tokens, { p }, own, i, true)];
    const byValue = (p.valueWords ?? []).flatMap((vw) => hitsFor(tokens, { p, value: vw.value }, namesOf(vw, () => vw.words.filter(strongEnough)), i));
    // A bare colour name goes to a property called just Color, never to Min Color or Edge color.
    const byColor = last === 'color' ? colorHits(tokens, p, (value) => ({ p, value }), i) : [];
    return [...byName, ...byValue, ...byColor];
  });
}

/**
 * Properties of `spec` a text talks about, in the order it mentions them, each with the value it names when it names
 * one, followed by the settings those properties require. Names and value words compete for the same words, so
 * "true colour" is `Color Transformer: RGB8`, not the `Color` property.
 * @example propertyForWords(laserScan, 'colour by height') → [Axis = Z (words), Color Transformer = AxisColor (requires)]
 */
export function propertyForWords(spec: DisplayTypeSpec, text: string, displays: readonly DisplayTypeSpec[] = [spec]): PropertyMatch[] {
  const tokens = prepareText(text);
  const candidates: Candidate<Mention | undefined>[] = mentions(tokens, spec);
  // Type phrases hold their words (lose ties): "depth camera point cloud" does not name Topic/Depth.
  candidates.push(...hitsFor(tokens, undefined, typePhrasesOf(displays), spec.properties.length, true));
  const won = claim(candidates, []).filter((c): c is Candidate<Mention> => c.item !== undefined);
  const matches: (PropertyMatch & { start: number })[] = [];
  const usedForValues: PhraseHit[] = [];
  // Named properties first, so a value word they take ("min colour blue") is not also read as Color = blue.
  for (const c of won.filter((x) => x.item.value === undefined)) {
    if (matches.some((m) => m.property === c.item.p)) continue;
    const v = valueFor(tokens, c.item.p);
    if (v) usedForValues.push(v.hit);
    matches.push({ property: c.item.p, matched: c.phrase, via: 'words', start: c.hit.start, ...(v ? { value: v.item } : {}) });
  }
  for (const c of won.filter((x) => x.item.value !== undefined)) {
    const existing = matches.find((m) => m.property === c.item.p);
    if (existing) {
      // "arrows to axes", "shape from arrow to axes": of two values of one setting, the one written after "to" or "into"
      // is the one asked for.
      const after = c.hit.start > existing.start && ['to', 'into'].includes(tokens.tokens[c.hit.start - 1] ?? '');
      if (after) { existing.value = c.item.value; existing.matched = c.phrase; }
      else existing.value ??= c.item.value;
      continue;
    }
    if (overlaps(c.hit, usedForValues)) continue;
    matches.push({ property: c.item.p, matched: c.phrase, via: 'value', value: c.item.value!, start: c.hit.start });
  }
  matches.sort((a, b) => a.start - b.start);
  const plain: PropertyMatch[] = matches.map(({ start: _start, ...m }) => m);
  const meant = plain.filter((m) => !contradicted(m, plain));
  addRequired(spec, meant);
  return meant;
}
