// Values with their kind: a number is read with its unit (metres, pixels, seconds, percent) or the noun it counts
// ("20 cells", "the last 50"), and a property takes it only when its own kind fits (a count is never a size in metres).
import type { PropertySpec } from '../../catalog/index.ts';
import { singular, tokenize, wordTable } from '../../catalog/text.ts';
import { DIVIDING_WORDS, GROWING_WORDS } from './lexicon.ts';
import type { NumberMention } from './mentions.ts';

/** What a numeric property measures, read from its catalog kind, range and name. */
export type Dimension = 'count' | 'length' | 'pixels' | 'seconds' | 'fraction' | 'angle' | 'scalar';

/** What a written number is: by its unit, the noun after it, or nothing (`bare`). */
export type QuantityKind = 'count' | 'length' | 'pixels' | 'seconds' | 'fraction' | 'bare' | 'factor' | 'angle';

export interface Quantity extends NumberMention {
  kind: QuantityKind;
  /** The noun a count counts ("cells" in "20 cells"), and the words before it ("odometry arrows"). */
  noun?: string;
  nouns?: string[];
  /** A range's other end ("10 to 200": this is 10, `to` is 200). */
  to?: number;
  /** A count said as a change of the current one: "5 more cells" (+1), "two fewer poses" (-1). */
  delta?: 1 | -1;
}

const MORE_WORDS: Record<string, 1 | -1> = { more: 1, extra: 1, additional: 1, fewer: -1, less: -1 };
/** Comparatives right after a number that make it a difference: "0.05 m smaller", "2 s longer". */
const DIFFERENCE_UP: ReadonlySet<string> = new Set(['bigger', 'larger', 'longer', 'thicker', 'wider', 'higher', 'taller', 'more']);
const DIFFERENCE_DOWN: ReadonlySet<string> = new Set(['smaller', 'shorter', 'thinner', 'narrower', 'lower', 'less', 'fewer']);
/** "up by 0.2", "down by 0.6", "raise … by 2": the way a difference after "by" goes, when the words say. */
function directionOf(words: readonly string[]): 1 | -1 | undefined {
  const up = words.some((w) => DIFFERENCE_UP.has(w) || ['up', 'raise', 'increase', 'grow'].includes(w));
  const down = words.some((w) => DIFFERENCE_DOWN.has(w) || ['down', 'decrease', 'reduce', 'shrink', 'drop'].includes(w));
  return up === down ? undefined : up ? 1 : -1;
}

const dimensions = new WeakMap<PropertySpec, Dimension>();

export function dimensionOf(prop: PropertySpec): Dimension {
  let d = dimensions.get(prop);
  if (d) return d;
  const name = prop.path.split('/').pop()!.toLowerCase();
  if (prop.kind === 'int') d = 'count';
  else if (/pixel/.test(name)) d = 'pixels';
  else if ((prop.min === 0 && prop.max === 1) || /alpha/.test(name)) d = 'fraction';
  else if (/time|interval|decay/.test(name)) d = 'seconds';
  else if (/angle/.test(name)) d = 'angle';
  else if (/size|width|length|radius|diameter|distance|plane|clip|tolerance|offset/.test(name)) d = 'length';
  else d = 'scalar';
  dimensions.set(prop, d);
  return d;
}

/** Words that may follow a number without being what it counts. */
const NOT_NOUNS = new Set(['and', 'or', 'for', 'on', 'in', 'to', 'of', 'with', 'please', 'the', 'a', 'an', 'at', 'by', 'as', 'then', 'times', 'x', 'instead', 'now', 'too', 'again', 'it', 'them', 'so', 'but', 'each', 'thanks',
  // auxiliaries and verbs after a number ("above 70 should count as occupied", "5 is enough") count nothing
  'should', 'would', 'could', 'will', 'shall', 'must', 'may', 'might', 'can', 'is', 'are', 'was', 'were', 'be', 'counts', 'count', 'means', 'mean',
  'becomes', 'become', 'gets', 'get', 'from', 'than', 'only', 'max', 'min', 'maximum', 'minimum', 'tops', 'top', 'or', 'please', 'instead']);

/** Plural unit words, which a number after them does not count ("seconds 5" is no count of seconds). */
const UNIT_WORDS = new Set(['seconds', 'secs', 'meters', 'metres', 'pixels', 'degrees', 'minutes', 'centimeters', 'centimetres', 'millimeters', 'millimetres', 'times', 'radians', 'percents']);

/** Number words a multiplier may use ("three times as many"). */
const NUMBER_WORDS = wordTable<number>({ two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 });
/** Plural fractions after a number word ("two thirds", "three quarters"). */
const FRACTION_WORDS = wordTable<number>({ halves: 2, thirds: 3, quarters: 4, fifths: 5, tenths: 10 });
/** Multiplier words ("twice as big", "double the cells"). */
const FACTOR_WORDS = wordTable<number>({ twice: 2, double: 2, doubled: 2, triple: 3, tripled: 3, thrice: 3, quadruple: 4, quadrupled: 4 });
/** After a multiplier: it divides ("three times smaller", "twice as few"). */
const DIVIDING = new Set(DIVIDING_WORDS);
const GROWING = new Set(GROWING_WORDS);
/** "a third", "a quarter": the share of the current value a comparative adds or takes away. */
const SHARES: Readonly<Record<string, number>> = { half: 1 / 2, third: 1 / 3, quarter: 1 / 4, fifth: 1 / 5, tenth: 1 / 10 };
/** After a multiplier: what it multiplies is counted ("as many cells", "more arrows"). */
const COUNTED = new Set(['many', 'more', 'fewer', 'few']);

/**
 * Multipliers: "three times as many cells", "2x bigger", "twice as long", "double the arrows". A factor relative to the
 * current value; with a counted noun it is a count ("as many cells" names Plane Cell Count, never Cell Size).
 */
export function factorsIn(text: string): Quantity[] {
  const words = text.toLowerCase().split(/[\s,;:()]+/).filter((w) => w.length > 0).map((w) => w.replace(/[.!?]+$/, ''));
  const out: Quantity[] = [];
  words.forEach((w, i) => {
    let factor: number | undefined;
    let next = i + 1;
    const times = /^(\d+(?:\.\d+)?)x$|^x(\d+(?:\.\d+)?)$/.exec(w);
    const denominator = FRACTION_WORDS[words[i + 1] ?? ''];
    if (times) factor = Number(times[1] ?? times[2]);
    // "two thirds the size", "three quarters as big": a share of the current value.
    else if (denominator !== undefined && (NUMBER_WORDS[w] !== undefined || /^\d+$/.test(w))) {
      factor = (NUMBER_WORDS[w] ?? Number(w)) / denominator;
      next = i + 2;
      if (words[next] === 'of') next++;
    }
    // "a third smaller", "a quarter bigger": the current value less (or more) that share of it.
    else if ((w === 'a' || w === 'one') && SHARES[words[i + 1] ?? ''] !== undefined && (DIVIDING.has(words[i + 2] ?? '') || GROWING.has(words[i + 2] ?? ''))) {
      factor = DIVIDING.has(words[i + 2]!) ? 1 - SHARES[words[i + 1]!]! : 1 + SHARES[words[i + 1]!]!;
      next = i + 3;
    }
    else if (FACTOR_WORDS[w] !== undefined) factor = FACTOR_WORDS[w];
    else if (w === 'half' && words[i + 1] === 'as') factor = 0.5;
    // …not "12 x 12 cells", a grid's two sides.
    else if ((NUMBER_WORDS[w] !== undefined || /^\d+(?:\.\d+)?$/.test(w)) && (words[i + 1] === 'times' || (words[i + 1] === 'x' && !/^\d/.test(words[i + 2] ?? '')))) {
      factor = NUMBER_WORDS[w] ?? Number(w);
      next = i + 2;
    }
    if (factor === undefined || !(factor > 0)) return;
    if (words[next] === 'as') next++;
    if (words[next] === 'the') next++;
    const divides = DIVIDING.has(words[next] ?? '');
    const counted = COUNTED.has(words[next] ?? '');
    const nouns: string[] = [];
    if (counted) {
      for (let k = next + 1; k <= next + 2; k++) {
        const noun = tokenize(words[k] ?? '')[0];
        if (!noun || !/^[a-z]{3,}$/.test(noun) || NOT_NOUNS.has(noun)) break;
        nouns.push(noun);
      }
    } else if (words[next - 1] === 'the' && /^[a-z]{3,}[^s]s$/.test(words[next] ?? '') && !NOT_NOUNS.has(words[next]!)) {
      // "double the arrows", "2x the cells": the plural right after is what it counts ("double the size" is a size).
      nouns.push(words[next]!);
    }
    const value = divides ? 1 / factor : factor;
    out.push({ value, percent: false, index: i, word: w, kind: 'factor', ...(nouns.length ? { noun: nouns[nouns.length - 1]!, nouns } : {}) });
  });
  return out;
}

/** Whether a quantity counts something: a count, or a multiplier of a counted noun ("three times as many cells"). */
export function countLike(q: Quantity): boolean {
  return q.kind === 'count' || (q.kind === 'factor' && (q.nouns ?? []).length > 0);
}

/** Words that name a range's ends when each stands before its number ("min 0.05 max 0.95"). */
const MIN_WORDS = new Set(['min', 'minimum', 'lowest', 'low']);
const MAX_WORDS = new Set(['max', 'maximum', 'highest', 'high']);

/** Words that join a range's ends ("10 to 200", "between 10 and 200", "-1 … 3"). */
const RANGE_JOINS = new Set(['to', '-', '–', '..', '...', '…', 'through', 'till', 'until']);

/** Numbers with their kind. `words` are the clause's words as `numbersIn` split them, to read the noun after a count. */
export function quantitiesOf(numbers: readonly NumberMention[], text: string): Quantity[] {
  const words = text.toLowerCase().split(/[\s,;:()]+/).filter((w) => w.length > 0);
  const out = numbers.map((n): Quantity => {
    // "75 % as big", "40 percent of the size": a share of the current value, a multiplier.
    if (n.percent && n.word === undefined && shareOfCurrent(words, n.index)) return { ...n, kind: 'factor', value: n.value / 100, percent: false };
    // "50 % more cells", "20 % fewer poses": a multiple of the count the noun names.
    const counted = tokenize(words[n.index + 2] ?? '')[0];
    const change = MORE_WORDS[words[n.index + 1] ?? ''];
    if (n.percent && change !== undefined && counted !== undefined && /^[a-z]{3,}s$/.test(counted) && !NOT_NOUNS.has(counted) && !UNIT_WORDS.has(counted)) {
      return { ...n, kind: 'factor', value: 1 + (change * n.value) / 100, percent: false, noun: counted, nouns: [counted] };
    }
    if (n.percent) return { ...n, kind: 'fraction' };
    if (n.unit === 'px') return { ...n, kind: 'pixels' };
    if (n.unit !== undefined && /^s/.test(n.unit)) return { ...n, kind: 'seconds' };
    if (n.unit === 'rad') return { ...n, kind: 'angle' };
    if (n.unit !== undefined) return { ...n, kind: 'length' };
    // A whole number followed by nouns counts them ("50 odometry arrows"); a fraction never counts anything, but the
    // nouns after it are still what it was written for ("2.5 odometry arrows" asks for a count, not for an arrow shape).
    // "5 more cells", "one fewer pose": a change of the count the noun names.
    const delta = MORE_WORDS[words[n.index + 1] ?? ''];
    const after = tokenize(words[n.index + 2] ?? '')[0];
    if (delta !== undefined && Number.isInteger(n.value) && after !== undefined && /^[a-z]{3,}$/.test(after) && !NOT_NOUNS.has(after) && !UNIT_WORDS.has(after) && after !== 'than') {
      return { ...n, kind: 'count', noun: after, nouns: [after], delta };
    }
    // ("plane cell count 3 fewer": the change closes the clause.)
    if (delta !== undefined && words[n.index + 2] === undefined && n.unit === undefined && !n.percent) return { ...n, kind: 'bare', delta };
    const nouns: string[] = [];
    for (let k = n.index + 1; k <= n.index + 2 && n.word === undefined; k++) {
      const next = tokenize(words[k] ?? '')[0];
      if (!next || !/^[a-z]{3,}$/.test(next) || NOT_NOUNS.has(next)) break;
      nouns.push(next);
    }
    if (nouns.length > 0 && !Number.isInteger(n.value)) return { ...n, kind: 'bare', nouns };
    if (nouns.length > 0) return { ...n, kind: 'count', noun: nouns[nouns.length - 1]!, nouns };
    // "cells 0.5 m, 30 of them": a whole number of "them" counts the plural noun named before it.
    if (Number.isInteger(n.value) && n.word === undefined && words[n.index + 1] === 'of' && ['them', 'those', 'these'].includes((words[n.index + 2] ?? '').replace(/[.,!?]+$/, ''))) {
      const noun = words.slice(0, n.index).reverse().map((w) => tokenize(w)[0] ?? '').find((w) => /^[a-z]{3,}[^s]s$/.test(w) && !NOT_NOUNS.has(w) && !UNIT_WORDS.has(w));
      if (noun) return { ...n, kind: 'count', noun, nouns: [noun] };
    }
    // "grid cells 30" (also a CJK counter read as "cells 30"): a whole number right after a plural noun counts it.
    const before = tokenize(words[n.index - 1] ?? '')[0] ?? '';
    if (Number.isInteger(n.value) && n.word === undefined && /^[a-z]{3,}[^s]s$/.test(before) && !NOT_NOUNS.has(before) && !UNIT_WORDS.has(before)) {
      return { ...n, kind: 'count', noun: before, nouns: [before] };
    }
    return { ...n, kind: 'bare' };
  });
  // "0.05 m smaller", "0.01 smaller", "down by 0.6": a difference from the value now, not the value.
  for (const [i, q] of out.entries()) {
    if (q.percent || q.delta !== undefined || q.kind === 'count' || q.kind === 'factor') continue;
    const separateUnit = q.unit !== undefined && /^-?\.?\d[\d.]*$/.test(words[q.index] ?? '');
    const next = (words[q.index + (separateUnit ? 2 : 1)] ?? '').replace(/[.,!?;]+$/, '');
    const sign = DIFFERENCE_UP.has(next) ? 1 : DIFFERENCE_DOWN.has(next) ? -1 : words[q.index - 1] === 'by' ? directionOf(words) : undefined;
    if (sign !== undefined) out[i] = { ...q, delta: sign };
  }
  // "3 times as many": the number is a multiplier (factorsIn), not a value of its own.
  const factors = factorsIn(text);
  for (let i = out.length - 1; i >= 0; i--) if (factors.some((f) => f.index === out[i]!.index)) out.splice(i, 1);
  // "10 to 200", "from -1 to 3", "between 0.2 and 0.8", "0 to 2 m": one range, its ends on the first; an end without a
  // unit takes the other's.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    const join = words[a.index + 1];
    const between = words.slice(Math.max(0, a.index - 2), a.index).includes('between');
    if (b.index !== a.index + 2 || !(RANGE_JOINS.has(join ?? '') || (join === 'and' && between)) || a.percent !== b.percent) continue;
    if (a.word !== undefined || b.word !== undefined) continue;
    let from = a.value;
    if (a.unit === undefined && b.unit !== undefined && b.kind === 'length') from = a.value * (b.value / rawNumber(words[b.index]!, b.value));
    if (a.unit === undefined && b.degrees) from = (a.value * Math.PI) / 180;
    const kind = b.kind === 'count' ? 'bare' : b.kind;
    out.splice(i, 2, { ...b, index: a.index, kind, value: Math.min(from, b.value), to: Math.max(from, b.value) });
  }
  // "min 0.05 max 0.95", "lowest -1 highest 3": two numbers each after its end's word are one range, in that order.
  const minAt = out.findIndex((q) => q.to === undefined && MIN_WORDS.has(words[q.index - 1] ?? ''));
  const maxAt = out.findIndex((q) => q.to === undefined && MAX_WORDS.has(words[q.index - 1] ?? ''));
  if (minAt >= 0 && maxAt >= 0 && minAt !== maxAt) {
    const lo = out[minAt]!;
    const hi = out[maxAt]!;
    const range: Quantity = { ...lo, kind: lo.kind === 'count' ? 'bare' : lo.kind, to: hi.value };
    out.splice(Math.max(minAt, maxAt), 1);
    out.splice(Math.min(minAt, maxAt), 1, range);
  }
  out.push(...factors);
  out.sort((x, y) => x.index - y.index);
  // "20 by 20 cells", "10 x 10 cells": the first number counts what the second counts.
  out.forEach((q, i) => {
    const next = out[i + 1];
    if (q.kind === 'bare' && next?.kind === 'count' && next.index === q.index + 2 && /^(by|x)$/.test(words[q.index + 1] ?? '')) {
      out[i] = { ...q, kind: 'count', noun: next.noun, nouns: next.nouns };
    }
  });
  return out;
}

/** Adjectives of "N % as big": the current value is what the share is of. */
const AS_ADJECTIVES = new Set(['big', 'large', 'long', 'wide', 'thick', 'tall', 'high', 'much', 'strong', 'far']);
/** Nouns of "N % of the size": the current value is what the share is of. */
const OF_NOUNS = new Set(['size', 'scale', 'length', 'width', 'zoom', 'thickness', 'current', 'original', 'now', 'radius', 'diameter']);

/** Whether the words after a percentage say it is a share of the current value ("75 % as big", "40 % of its size"). */
function shareOfCurrent(words: readonly string[], index: number): boolean {
  let k = index + 1;
  if (words[k] === '%' || words[k] === 'percent' || words[k] === 'pct') k++;
  if (words[k] === 'as') return AS_ADJECTIVES.has(words[k + 1] ?? '');
  if (words[k] !== 'of') return false;
  k++;
  if (['the', 'its', 'their', 'his', 'her', 'what', 'it', 'it\'s'].includes(words[k] ?? '')) k++;
  return OF_NOUNS.has((words[k] ?? '').replace(/[.,!?]+$/, ''));
}

/** The number as written in a word ("2m" → 2, "200" → 200), to undo a unit's scaling. */
function rawNumber(word: string, fallback: number): number {
  const m = /^-?\d+(?:\.\d+)?|^-?\.\d+/.exec(word);
  const n = m ? Number(m[0]) : NaN;
  return Number.isFinite(n) && n !== 0 ? n : fallback || 1;
}

/** Whether a property of this dimension can take the quantity. */
export function fits(dim: Dimension, q: Quantity): boolean {
  if (q.to !== undefined) return false; // a range goes to a Min/Max pair, never to one setting
  switch (q.kind) {
    case 'factor': return countLike(q) ? dim === 'count' : dim !== 'fraction';
    case 'angle': return dim === 'angle';
    case 'bare': return dim !== 'count' || Number.isInteger(q.value);
    case 'count': return dim === 'count' && Number.isInteger(q.value);
    case 'length': return dim === 'length';
    case 'pixels': return dim === 'pixels';
    case 'seconds': return dim === 'seconds';
    case 'fraction': return dim === 'fraction';
  }
}

/** Words that say "how many" without saying of what. */
const GENERIC = new Set(['number', 'of', 'count', 'amount', 'how', 'many', 'the']);

/**
 * Whether a property's words name what a count counts: one of its phrases holds the noun and every other specific word
 * of that phrase is in the text ("20 cells" → Plane Cell Count's "cell count"; not Normal Cell Count's "height cells").
 */
export function countsNoun(prop: PropertySpec, noun: string, textTokens: readonly string[]): boolean {
  const n = singular(noun);
  const present = new Set(textTokens.map(singular));
  return (prop.words ?? []).some((w) => {
    const toks = tokenize(w).map(singular);
    return toks.includes(n) && toks.every((t) => t === n || GENERIC.has(t) || present.has(t));
  });
}

/** How a dimension reads in a question back to the user. */
export function describeDimension(dim: Dimension): string {
  return {
    count: 'a whole number', length: 'a size in metres', pixels: 'a size in pixels', seconds: 'a time in seconds',
    fraction: 'a value from 0 to 1', angle: 'an angle in radians', scalar: 'a number',
  }[dim];
}

export function describeQuantity(q: Quantity): string {
  switch (q.kind) {
    case 'count': return `a count of ${q.noun}`;
    case 'length': return 'a length';
    case 'pixels': return 'pixels';
    case 'seconds': return 'a time';
    case 'fraction': return 'a percentage';
    case 'bare': return Number.isInteger(q.value) ? 'a number' : 'a fraction';
    case 'factor': return 'a multiple of the current value';
    case 'angle': return 'an angle';
  }
}
