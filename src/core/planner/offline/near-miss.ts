// Near misses: a word the planner does not know that is close to one it does — by edit distance against the catalog's
// own words, the verbs and colours, or as a stem ("transparenter", "colourful") — is never acted on: each close word
// becomes a reading the plan offers as a choice.
import { namedColors, type Catalog } from '../../catalog/index.ts';
import { tokenize } from '../../catalog/text.ts';
import { CONCEPTS } from './concepts.ts';
import { BIGGER, SMALLER, VERB_PHRASES } from './lexicon.ts';
import { swapped, wordsOf } from './typos.ts';

const candidates = new WeakMap<Catalog, readonly string[]>();

/** Words a near miss may stand for: the catalog's words of three letters or more, verbs, comparatives, colours, and the
 * longer English words the planner reads. */
function knownWords(catalog: Catalog): readonly string[] {
  let w = candidates.get(catalog);
  if (w) return w;
  const set = new Set<string>(wordsOf(catalog));
  for (const d of catalog.displays) for (const ph of d.words) for (const t of tokenize(ph)) if (t.length >= 3) set.add(t);
  for (const [v] of VERB_PHRASES) if (!v.includes(' ')) set.add(v);
  for (const c of [...BIGGER, ...SMALLER, ...Object.keys(namedColors)]) if (!c.includes(' ')) set.add(c.toLowerCase());
  for (const c of CONCEPTS.comparatives) for (const x of [...c.upWords, ...c.downWords]) if (!x.includes(' ')) set.add(x);
  // (…and the longer words of the English the planner reads: "insted" is "instead".)
  for (const x of CONCEPTS.englishWords) if (x.length >= 5) set.add(x);
  w = [...set].filter((t) => /^[a-z]{3,}$/.test(t));
  candidates.set(catalog, w);
  return w;
}

/** Levenshtein distance with neighbour swaps, or `cap + 1` once it exceeds `cap`. */
export function editDistance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Known words an unknown one may be (at most 3, nearest first): one edit for words of three or four letters, two for
 * longer ones, or a known word of five letters or more that starts it with at most three letters more (a stem).
 */
export function nearMisses(catalog: Catalog, word: string, names: ReadonlySet<string> = new Set()): string[] {
  const w = word.toLowerCase();
  if (names.has(w)) return [];
  // (A name's words are known too: "Checkerbaord" for the Checkerboard display, "rbot2" for robot2.)
  const named = [...names].filter((n) => n.length >= 4 && /^[a-z][a-z0-9]+$/.test(n));
  if (!/^[a-z]{3,}$/.test(w) && !(/^[a-z][a-z0-9]{3,}$/.test(w) && named.length > 0)) return [];
  const cap = w.length <= 4 ? 1 : 2;
  const scored: { word: string; d: number }[] = [];
  for (const k of new Set([...knownWords(catalog), ...named])) {
    if (k === w) return [];
    const d = editDistance(w, k, cap);
    if (d <= cap) scored.push({ word: k, d });
    else if (k.length >= 5 && w.startsWith(k) && w.length - k.length <= 3) scored.push({ word: k, d: cap });
  }
  return scored.sort((a, b) => a.d - b.d || Math.abs(a.word.length - w.length) - Math.abs(b.word.length - w.length) || a.word.localeCompare(b.word))
    .slice(0, 3).map((x) => x.word);
}

/**
 * Whether `word` is `known` as fingers slip: two neighbouring letters swapped ("trun", "modle"), or one letter dropped
 * from a word of five letters or more ("yelow", "globl"). A letter replaced by another mostly makes another real word
 * ("tone" for "cone", "loud" for "load"), which is no slip.
 */
export function typingSlip(word: string, known: string): boolean {
  const w = word.toLowerCase();
  if (w.length === known.length) return swapped(w, known);
  return w.length >= 5 && known.length === w.length + 1 && [...known].some((_, k) => known.slice(0, k) + known.slice(k + 1) === w);
}
