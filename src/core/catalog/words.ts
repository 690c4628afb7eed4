/**
 * Plain-language matching: which display types and which properties a request talks about.
 * Longer phrases win over shorter ones, and a token claimed by a longer phrase is not reused by another display or
 * property ("camera image" is an Image, not a Camera plus an Image).
 */
import type { DisplayTypeSpec, PropertySpec } from './types.ts';
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

/** Catalog phrases are few and fixed; tokenizing each once keeps a request's matching well under a millisecond. */
const phraseTokens = new Map<string, string[]>();
function tokensOf(phrase: string): string[] {
  let t = phraseTokens.get(phrase);
  if (t === undefined) {
    t = tokenize(phrase);
    phraseTokens.set(phrase, t);
  }
  return t;
}

function hitsFor<T>(tokens: PreparedText, item: T, phrases: readonly string[], order: number, implicit = false): Candidate<T>[] {
  const out: Candidate<T>[] = [];
  for (const phrase of phrases) {
    const hit = findPhrase(tokens, tokensOf(phrase));
    if (hit) out.push({ item, hit, phrase, order, implicit });
  }
  return out;
}

function typeHits(tokens: PreparedText, spec: DisplayTypeSpec, order: number): Candidate<DisplayTypeSpec>[] {
  const names = [splitCamel(spec.name), spec.name.toLowerCase()];
  return [...hitsFor(tokens, spec, spec.words, order), ...hitsFor(tokens, spec, names, order, true)];
}

/**
 * Display types a text talks about, in the order it mentions them. Where phrases overlap, the longest (then the one
 * written exactly, then a listed word over a name) wins: "camera image" is one Image, not a Camera and an Image.
 * @example typesForWords(displays, 'show the lidar coloured by height') → [LaserScan]
 */
export function typesForWords(displays: readonly DisplayTypeSpec[], text: string): DisplayTypeSpec[] {
  const tokens = prepareText(text);
  const candidates = displays.flatMap((d, i) => typeHits(tokens, d, i));
  const seen = new Set<DisplayTypeSpec>();
  const out: DisplayTypeSpec[] = [];
  // Claims settle which phrase each word belongs to; the survivors are distinct mentions, listed as the text orders them.
  for (const c of claim(candidates, []).sort((a, b) => a.hit.start - b.hit.start)) {
    if (!seen.has(c.item)) {
      seen.add(c.item);
      out.push(c.item);
    }
  }
  return out;
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

function valueFor(tokens: PreparedText, p: PropertySpec): string | undefined {
  const hits = (p.valueWords ?? []).flatMap((vw, i) => hitsFor(tokens, vw.value, vw.words, i));
  return hits.sort(better)[0]?.item;
}

function addRequired(spec: DisplayTypeSpec, matches: PropertyMatch[]): void {
  for (const m of [...matches]) {
    for (const req of m.property.requires ?? []) {
      if (matches.some((x) => x.property.path === req.path)) continue;
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
    const last = pathSegments(p.path).pop()!.toLowerCase();
    const byName = [...hitsFor(tokens, { p }, p.words ?? [], i), ...hitsFor(tokens, { p }, [last], i, true)];
    const byValue = (p.valueWords ?? []).flatMap((vw) => hitsFor(tokens, { p, value: vw.value }, vw.words.filter(strongEnough), i));
    return [...byName, ...byValue];
  });
}

/**
 * Properties of `spec` a text talks about, in the order it mentions them, each with the value it names when it names
 * one, followed by the settings those properties require. Names and value words compete for the same words, so
 * "true colour" is `Color Transformer: RGB8`, not the `Color` property.
 * @example propertyForWords(laserScan, 'colour by height') → [Axis = Z (words), Color Transformer = AxisColor (requires)]
 */
export function propertyForWords(spec: DisplayTypeSpec, text: string): PropertyMatch[] {
  const tokens = prepareText(text);
  const matches: PropertyMatch[] = [];
  for (const c of claim(mentions(tokens, spec), []).sort((a, b) => a.hit.start - b.hit.start)) {
    const { p, value } = c.item;
    const named = value === undefined;
    const found = value ?? valueFor(tokens, p);
    const existing = matches.find((m) => m.property === p);
    if (existing) {
      if (existing.value === undefined && found !== undefined) existing.value = found;
      continue;
    }
    matches.push({ property: p, matched: c.phrase, via: named ? 'words' : 'value', ...(found === undefined ? {} : { value: found }) });
  }
  addRequired(spec, matches);
  return matches;
}
