// Abbreviations of group words ("grp") are written out, and function words with two letters swapped ("teh") are read
// as the word. A misspelt content word ("torqe scale", "colision") is no longer read as the catalog word it is near: a
// near miss gives a choice, never an action (near-miss.ts), so it stays as written here and the usual "did not
// understand" note names it. Names on the robot and in the document are never touched.
import type { Catalog } from '../../catalog/index.ts';
import { splitCamel, tokenize, wordTable } from '../../catalog/text.ts';
import type { PlanContext } from '../types.ts';
import { vocabulary } from './accounting.ts';
import { nameWords } from './shared.ts';

/** Short forms users write for group words. */
const ABBREVIATIONS = wordTable<string>({ grp: 'group', grps: 'groups' });

/**
 * Words that carry no content of their own: one written with two neighbouring letters swapped ("teh", "adn", "wiht")
 * is read as the word, as no display, setting or value can be meant by it.
 */
const FUNCTION_WORDS = ['the', 'and', 'with', 'that', 'this', 'from', 'then', 'them', 'your', 'into', 'their', 'just'];

/** `word` is `w` with two neighbouring letters swapped. */
export function swapped(word: string, w: string): boolean {
  if (word.length !== w.length || word === w) return false;
  const i = [...word].findIndex((c, k) => c !== w[k]);
  return word[i] === w[i + 1] && word[i + 1] === w[i] && word.slice(i + 2) === w.slice(i + 2);
}

const catalogWords = new WeakMap<Catalog, readonly string[]>();

/** The catalog's own words of five letters or more: display types, properties, values, "group". */
export function wordsOf(catalog: Catalog): readonly string[] {
  let w = catalogWords.get(catalog);
  if (w) return w;
  const set = new Set<string>(['group']);
  for (const d of catalog.displays) {
    for (const ph of [...d.words, splitCamel(d.name)]) for (const t of tokenize(ph)) set.add(t);
    for (const p of d.properties) {
      for (const ph of [...(p.words ?? []), ...p.path.split('/'), ...(p.values ?? []), ...(p.valueWords ?? []).flatMap((vw) => vw.words)]) for (const t of tokenize(ph)) set.add(t);
    }
  }
  w = [...set].filter((t) => t.length >= 5 && /^[a-z]+$/.test(t));
  catalogWords.set(catalog, w);
  return w;
}

/** Whether a and b are one edit apart (insert, delete, substitute, or swap two neighbours). */
export function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The request with group abbreviations written out (misspellings stay: they become choices). */
export function correctTypos(ctx: PlanContext, text: string): string {
  // Only plain words between spaces and punctuation: topic names, numbers and words glued to digits pass unchanged.
  return text.replace(/(^|[\s,;:(])([A-Za-z]+)(?=$|[\s,;:.!?)])/g, (whole, lead: string, word: string) => {
    const w = word.toLowerCase();
    if (ABBREVIATIONS[w] && !nameWords(ctx).has(w)) return lead + ABBREVIATIONS[w];
    const meant = w.length >= 3 ? FUNCTION_WORDS.find((f) => swapped(w, f)) : undefined;
    // (A word of its own — "three", a name here — is never one of them.)
    if (meant && !nameWords(ctx).has(w) && !vocabulary(ctx.catalog).has(w)) return lead + meant;
    return whole;
  });
}
