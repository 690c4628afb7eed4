/**
 * Plain-language matching: which display types and which properties a request talks about.
 * Longer phrases win over shorter ones, and a token claimed by a longer phrase is not reused by another display or
 * property ("camera image" is an Image, not a Camera plus an Image).
 */
import type { DisplayTypeSpec, PropertySpec } from './types.ts';
import { findPhrase, pathSegments, splitCamel, tokenize, type PhraseHit } from './text.ts';

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

function hitsFor<T>(tokens: readonly string[], item: T, phrases: readonly string[], order: number, implicit = false): Candidate<T>[] {
  const out: Candidate<T>[] = [];
  for (const phrase of phrases) {
    const hit = findPhrase(tokens, tokenize(phrase));
    if (hit) out.push({ item, hit, phrase, order, implicit });
  }
  return out;
}

function typeHits(tokens: readonly string[], spec: DisplayTypeSpec, order: number): Candidate<DisplayTypeSpec>[] {
  const names = [splitCamel(spec.name), spec.name.toLowerCase()];
  return [...hitsFor(tokens, spec, spec.words, order), ...hitsFor(tokens, spec, names, order, true)];
}

/**
 * Display types a text talks about, in the order it mentions them. Where phrases overlap, the longest (then the one
 * written exactly, then a listed word over a name) wins: "camera image" is one Image, not a Camera and an Image.
 * @example typesForWords(displays, 'show the lidar coloured by height') → [LaserScan]
 */
export function typesForWords(displays: readonly DisplayTypeSpec[], text: string): DisplayTypeSpec[] {
  const tokens = tokenize(text);
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

function propertyHits(tokens: readonly string[], p: PropertySpec, order: number): Candidate<PropertySpec>[] {
  const segs = pathSegments(p.path);
  return [...hitsFor(tokens, p, p.words ?? [], order), ...hitsFor(tokens, p, [segs[segs.length - 1]!.toLowerCase()], order, true)];
}

/** Single letters and two-letter values (x, y, z, xy) only count when their property was named too. */
function strongEnough(phrase: string): boolean {
  return phrase.replace(/[^a-z0-9]/g, '').length >= 3;
}

function valueFor(tokens: readonly string[], p: PropertySpec): { value: string; phrase: string } | undefined {
  const hits = (p.valueWords ?? []).flatMap((vw, i) => hitsFor(tokens, vw.value, vw.words, i));
  const best = hits.sort(better)[0];
  return best ? { value: best.item, phrase: best.phrase } : undefined;
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

/**
 * Properties of `spec` a text talks about, best first, each with the value it names when it names one, followed by the
 * settings those properties require.
 * @example propertyForWords(laserScan, 'colour by height') → [Axis = Z (words), Color Transformer = AxisColor (requires)]
 */
export function propertyForWords(spec: DisplayTypeSpec, text: string): PropertyMatch[] {
  const tokens = tokenize(text);
  const claimed: PhraseHit[] = [];
  const named = claim(spec.properties.flatMap((p, i) => propertyHits(tokens, p, i)), claimed);
  const matches: PropertyMatch[] = named.map((c) => {
    const v = valueFor(tokens, c.item);
    return { property: c.item, matched: c.phrase, via: 'words', ...(v ? { value: v.value } : {}) };
  });
  const byValue = spec.properties.flatMap((p, i) =>
    (p.valueWords ?? []).flatMap((vw) => hitsFor(tokens, { p, value: vw.value }, vw.words.filter(strongEnough), i)));
  for (const c of claim(byValue, claimed)) {
    if (matches.some((m) => m.property === c.item.p)) continue;
    matches.push({ property: c.item.p, value: c.item.value, matched: c.phrase, via: 'value' });
  }
  addRequired(spec, matches);
  return matches;
}
