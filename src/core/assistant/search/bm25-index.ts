/**
 * BM25 over the knowledge entries, through MiniSearch with our analyzer. User text is only ever passed
 * as a plain string that our analyzer splits, so nothing in it (`-v`, `frame:odom`, quotes, `*`) is syntax.
 */
import MiniSearch from 'minisearch';
import type { KbEntry } from '../kb.ts';
import { analyze } from './tokenizer.ts';
import { searchSettings, type SearchSettings } from './defaults.ts';

/** A page with a keyword match: its raw BM25 score and the page terms that matched. */
export interface Bm25Hit {
  id: string;
  score: number;
  /** Index terms of the page that matched the query (after analysis; a typo's correction, not the typo). */
  matched: string[];
  /** Query terms that found this page (after analysis; a typo as typed). */
  queryTerms: string[];
}

/** Letters only: the kind of term a typo can be in (not `laser42`, not `1712`). */
const WORD = /^\p{L}+$/u;
const CJK_TERM = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface IndexedDoc {
  id: string;
  title: string;
  text: string;
  keywords: string;
}

/** An immutable search index over a set of entries. Build it once; querying is synchronous and fast. */
export class KbIndex {
  public readonly entries: ReadonlyMap<string, KbEntry>;
  private readonly mini: MiniSearch<IndexedDoc>;
  /** Whether any page has a CJK term (else CJK query terms are ignored by `coverage`). */
  private readonly hasCjk: boolean;
  /** Term → number of pages containing it (any field). */
  private readonly docFreq = new Map<string, number>();
  public readonly settings: SearchSettings;

  public constructor(entries: readonly KbEntry[], overrides: Partial<SearchSettings> = {}) {
    this.settings = searchSettings(overrides);
    const map = new Map<string, KbEntry>();
    for (const e of entries) {
      if (map.has(e.id)) throw new Error(`search: duplicate entry id "${e.id}"`);
      map.set(e.id, e);
    }
    this.entries = map;
    this.mini = new MiniSearch<IndexedDoc>({
      fields: ['title', 'text', 'keywords'],
      storeFields: [],
      // Our analyzer does everything; MiniSearch must not lowercase or split again.
      tokenize: (text) => analyze(text),
      processTerm: (term) => term,
    });
    const docs = entries.map((e) => ({ id: e.id, title: e.title, text: e.text, keywords: e.keywords.join(' ; ') }));
    this.mini.addAll(docs);
    this.hasCjk = false;
    for (const d of docs) {
      for (const term of new Set([...analyze(d.title), ...analyze(d.text), ...analyze(d.keywords)])) {
        this.docFreq.set(term, (this.docFreq.get(term) ?? 0) + 1);
        if (CJK_TERM.test(term)) this.hasCjk = true;
      }
    }
  }

  public get size(): number {
    return this.entries.size;
  }

  /** Pages containing the term (0 when unknown). */
  public documentFrequency(term: string): number {
    return this.docFreq.get(term) ?? 0;
  }

  /** The distinct terms a query searches with: from its first `maxQueryChars`, at most `maxQueryTerms` (a pasted log can be long). */
  public queryTerms(query: string): string[] {
    return [...new Set(analyze(query.slice(0, this.settings.maxQueryChars)))].slice(0, this.settings.maxQueryTerms);
  }

  /** Every page with a keyword match, best first (no thresholds). */
  public search(query: string): Bm25Hit[] {
    if (query.trim() === '' || this.entries.size === 0) return [];
    const { boost, fuzzyEdits, fuzzyMinLength, maxFuzzyTerms } = this.settings;
    const terms = this.queryTerms(query);
    // Typos: only a word the index has never seen is looked up with an edit distance, and only a few per query.
    const fuzzy = new Set(terms.filter((t) => fuzzyEdits > 0 && t.length >= fuzzyMinLength && WORD.test(t) && !this.docFreq.has(t)).slice(0, maxFuzzyTerms));
    const hits = this.mini.search(terms.join(' '), {
      boost,
      combineWith: 'OR',
      prefix: false,
      tokenize: () => terms,
      fuzzy: (term) => (fuzzy.has(term) ? fuzzyEdits : false),
    });
    // MiniSearch multiplies the BM25 sum by the number of matched query terms; `coordination: false` undoes that.
    const plain = !this.settings.coordination;
    return hits
      .map((h) => ({ id: String(h.id), score: plain ? h.score / Math.max(1, h.queryTerms.length) : h.score, matched: h.terms, queryTerms: h.queryTerms }))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }

  /**
   * Share of the query's information the page explains: the IDF mass of the query terms that found it over
   * the IDF mass of all query terms (a term the index has never seen weighs most). Terms in a script the index
   * has no word of (Chinese against English pages) are left out: they could never match, so they say nothing.
   */
  public coverage(query: string, hit: Bm25Hit): number {
    const found = new Set(hit.queryTerms);
    let all = 0;
    let matched = 0;
    for (const term of this.queryTerms(query)) {
      if (!this.hasCjk && CJK_TERM.test(term)) continue;
      const weight = Math.log(1 + this.entries.size / ((this.docFreq.get(term) ?? 0) + 0.5));
      all += weight;
      if (found.has(term)) matched += weight;
    }
    return all === 0 ? 0 : matched / all;
  }

  /** True when one of the matched terms is found in few enough pages to say something (the IDF floor). */
  public hasDistinctiveMatch(hit: Bm25Hit): boolean {
    const limit = Math.max(1, Math.floor(this.entries.size * this.settings.maxDistinctiveDocFraction));
    return hit.matched.some((t) => {
      const df = this.docFreq.get(t) ?? 0;
      return df > 0 && df <= limit;
    });
  }
}
