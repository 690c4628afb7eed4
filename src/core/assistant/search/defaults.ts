/**
 * Every tunable of retrieval in one place. Calibrated on the calibration part of
 * bench/retrieval/questions.json (the held-out part only measures); see bench/retrieval/README.md.
 */
export interface SearchSettings {
  /** BM25 field boosts. */
  boost: { title: number; text: number; keywords: number };
  /** Keep MiniSearch's reward for matching more query terms (score × matched terms) instead of the plain BM25 sum. */
  coordination: boolean;
  /** Query terms the index has never seen get this many typo edits (0 = off)... */
  fuzzyEdits: number;
  /** ...when they are at least this long. */
  fuzzyMinLength: number;
  /** At most this many query terms get typo matching (it is the slow part of a query). */
  maxFuzzyTerms: number;
  /** A query searches with at most this many distinct terms, from at most this many leading characters: a pasted log stays fast. */
  maxQueryTerms: number;
  maxQueryChars: number;
  /** The best page needs at least this BM25 score (MiniSearch's scale). */
  minBestScore: number;
  /** ...and best score × coverage (the IDF share of the question's terms that found it) at least this. */
  minEvidence: number;
  /**
   * ...and must share with the query a term found in at most this fraction of pages (an IDF floor), so a
   * question that only shares words like "robot" or "topic" with the knowledge base finds nothing.
   */
  maxDistinctiveDocFraction: number;
  /** Every other result needs at least this share of the best score. */
  minRelativeScore: number;
  /** Hybrid: weight of the normalised BM25 score (the normalised cosine gets the rest). */
  hybridBm25Weight: number;
  /** Hybrid: a page with no keyword match at all needs at least this cosine similarity. */
  minCosineWithoutKeywords: number;
  /** Reciprocal-rank fusion constant for query rewrites. */
  rrfK: number;
  /** At most this many model rewrites of a question. */
  maxRewrites: number;
  /** Candidates handed to a reranker. */
  rerankCandidates: number;
  /** Excerpt length in characters. */
  excerptChars: number;
}

export const SEARCH_DEFAULTS: Readonly<SearchSettings> = Object.freeze({
  boost: Object.freeze({ title: 2, text: 1, keywords: 1.5 }),
  coordination: true,
  fuzzyEdits: 1,
  fuzzyMinLength: 5,
  maxFuzzyTerms: 6,
  maxQueryTerms: 64,
  maxQueryChars: 4000,
  minBestScore: 4,
  minEvidence: 8,
  maxDistinctiveDocFraction: 0.5,
  minRelativeScore: 0.35,
  hybridBm25Weight: 0.5,
  minCosineWithoutKeywords: 0.55,
  rrfK: 60,
  maxRewrites: 4,
  rerankCandidates: 12,
  excerptChars: 280,
});

/** Defaults with some values replaced (a shallow merge; `boost` is merged one level down). */
export function searchSettings(overrides: Partial<SearchSettings> = {}): SearchSettings {
  return { ...SEARCH_DEFAULTS, ...overrides, boost: { ...SEARCH_DEFAULTS.boost, ...overrides.boost } };
}
