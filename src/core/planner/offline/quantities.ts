// Values with their kind: a number is read with its unit (metres, pixels, seconds, percent) or the noun it counts
// ("20 cells", "the last 50"), and a property takes it only when its own kind fits (a count is never a size in metres).
import type { PropertySpec } from '../../catalog/index.ts';
import { singular, tokenize } from '../../catalog/text.ts';
import type { NumberMention } from './mentions.ts';

/** What a numeric property measures, read from its catalog kind, range and name. */
export type Dimension = 'count' | 'length' | 'pixels' | 'seconds' | 'fraction' | 'angle' | 'scalar';

/** What a written number is: by its unit, the noun after it, or nothing (`bare`). */
export type QuantityKind = 'count' | 'length' | 'pixels' | 'seconds' | 'fraction' | 'bare';

export interface Quantity extends NumberMention {
  kind: QuantityKind;
  /** The noun a count counts ("cells" in "20 cells"), and the words before it ("odometry arrows"). */
  noun?: string;
  nouns?: string[];
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
const NOT_NOUNS = new Set(['and', 'or', 'for', 'on', 'in', 'to', 'of', 'with', 'please', 'the', 'a', 'an', 'at', 'by', 'as', 'then', 'times', 'x', 'instead', 'now', 'too', 'again', 'it', 'them', 'so', 'but', 'each', 'thanks']);

/** Numbers with their kind. `words` are the clause's words as `numbersIn` split them, to read the noun after a count. */
export function quantitiesOf(numbers: readonly NumberMention[], text: string): Quantity[] {
  const words = text.toLowerCase().split(/[\s,;:()]+/).filter((w) => w.length > 0);
  const out = numbers.map((n): Quantity => {
    if (n.percent) return { ...n, kind: 'fraction' };
    if (n.unit === 'px') return { ...n, kind: 'pixels' };
    if (n.unit !== undefined && /^s/.test(n.unit)) return { ...n, kind: 'seconds' };
    if (n.unit !== undefined) return { ...n, kind: 'length' };
    // A whole number followed by nouns counts them ("50 odometry arrows"); a fraction never counts anything.
    const nouns: string[] = [];
    for (let k = n.index + 1; k <= n.index + 2 && Number.isInteger(n.value) && n.word === undefined; k++) {
      const next = tokenize(words[k] ?? '')[0];
      if (!next || !/^[a-z]{3,}$/.test(next) || NOT_NOUNS.has(next)) break;
      nouns.push(next);
    }
    if (nouns.length > 0) return { ...n, kind: 'count', noun: nouns[nouns.length - 1]!, nouns };
    return { ...n, kind: 'bare' };
  });
  // "20 by 20 cells", "10 x 10 cells": the first number counts what the second counts.
  out.forEach((q, i) => {
    const next = out[i + 1];
    if (q.kind === 'bare' && next?.kind === 'count' && next.index === q.index + 2 && /^(by|x)$/.test(words[q.index + 1] ?? '')) {
      out[i] = { ...q, kind: 'count', noun: next.noun, nouns: next.nouns };
    }
  });
  return out;
}

/** Whether a property of this dimension can take the quantity. */
export function fits(dim: Dimension, q: Quantity): boolean {
  switch (q.kind) {
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
  }
}
