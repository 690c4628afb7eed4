/**
 * Which keyword hits are worth showing: the best one must clear an absolute score floor and share a
 * fairly distinctive term with the query; every other one needs a share of the best score.
 */
import type { Bm25Hit, KbIndex } from './bm25-index.ts';

export type GateResult =
  | { ok: true; hits: Bm25Hit[] }
  | { ok: false; reason: 'no_keyword_match' | 'below_score_floor' | 'no_distinctive_term' | 'below_evidence_floor' };

/**
 * Apply the thresholds to the hits of `query`, sorted best first. The evidence floor weighs the best score by
 * the share of the question it explains, so "how do I center a div with css" (one stray word matched) fails
 * while a one-word search for "amcl" passes.
 */
export function gateBm25(index: KbIndex, query: string, hits: readonly Bm25Hit[]): GateResult {
  const best = hits[0];
  if (!best) return { ok: false, reason: 'no_keyword_match' };
  const { minBestScore, minEvidence, minRelativeScore } = index.settings;
  if (best.score < minBestScore) return { ok: false, reason: 'below_score_floor' };
  if (!index.hasDistinctiveMatch(best)) return { ok: false, reason: 'no_distinctive_term' };
  if (best.score * index.coverage(query, best) < minEvidence) return { ok: false, reason: 'below_evidence_floor' };
  const floor = best.score * minRelativeScore;
  return { ok: true, hits: hits.filter((h) => h.score >= floor) };
}
