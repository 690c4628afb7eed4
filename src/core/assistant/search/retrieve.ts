/**
 * Retrieval for the assistant: BM25 (always), blended with embeddings when an embedding model is given,
 * optionally widened by model rewrites (reciprocal-rank fusion) and reordered by a reranker. Two searches:
 * the question, and the current findings; the best findings page always gets one of the top three places.
 * Every optional stage that fails falls back to the previous one and says so in `meta`.
 */
import type { ModelClient } from '../../model.ts';
import type { Finding } from '../../diagnosis/types.ts';
import type { KbIndex } from './bm25-index.ts';
import { gateBm25 } from './thresholds.ts';
import { cosine, embedEntries, embedQueries } from './embeddings.ts';
import { embeddingText, memoryEmbeddingCache, type EmbeddingCache } from './embedding-cache.ts';
import { fuseByReciprocalRank } from './fusion.ts';
import { rewriteQuery } from './rewrite.ts';
import type { Reranker } from './reranker.ts';
import { excerptFor } from './excerpt.ts';

export interface RetrieveRequest {
  question: string;
  /** Current diagnosis findings; their codes and summaries make the second search. */
  findings?: readonly Pick<Finding, 'code' | 'summary'>[];
  /** How many pages to return (default 3). */
  k?: number;
  /** An embedding model: turns on hybrid search. */
  embedder?: ModelClient;
  /** Where page embeddings are kept (default: in memory for this call only). */
  embeddingCache?: EmbeddingCache;
  /** A chat model that rewrites the question into up to four search queries. */
  rewriter?: ModelClient;
  /** A `/v1/rerank` reranker for the fused candidates. */
  reranker?: Reranker;
  signal?: AbortSignal;
}

export interface RetrievedPage {
  id: string;
  title: string;
  url: string;
  /** BM25 score, blended score, fused score or reranker relevance, depending on the stages used. */
  score: number;
  excerpt: string;
  via: 'question' | 'findings';
}

export interface RetrieveMeta {
  /** Time of the BM25 search and thresholds for the question alone. */
  bm25Ms: number;
  totalMs: number;
  embedUsed: boolean;
  /** Why embeddings were not used although an embedder was given. */
  embedFallback?: string;
  rewrites?: string[];
  rewriteFallback?: string;
  reranked?: boolean;
  rerankFallback?: string;
}

export interface RetrieveResult {
  results: RetrievedPage[];
  /** True when no page passed: the assistant tells the model "no documentation matched". */
  noMatch: boolean;
  meta: RetrieveMeta;
}

interface Ranked { id: string; score: number }

/** BM25 with thresholds; the sync core used by `search` and the benchmark. */
export function rankBm25(index: KbIndex, query: string): Ranked[] {
  const gate = gateBm25(index, query, index.search(query));
  return gate.ok ? gate.hits.map((h) => ({ id: h.id, score: h.score })) : [];
}

/** BM25 and cosine, each normalised to 0..1 over the pages, blended; pages without keywords need a high cosine. */
export function rankHybrid(index: KbIndex, query: string, queryVector: readonly number[], pageVectors: ReadonlyMap<string, number[]>): Ranked[] {
  const { hybridBm25Weight, minCosineWithoutKeywords, minRelativeScore } = index.settings;
  const hits = index.search(query);
  const gate = gateBm25(index, query, hits);
  const keywordScore = new Map(hits.map((h) => [h.id, h.score]));
  const maxBm25 = hits[0]?.score ?? 0;
  const cosines = new Map<string, number>();
  for (const [id, v] of pageVectors) cosines.set(id, cosine(queryVector, v));
  const values = [...cosines.values()];
  const minCos = Math.min(...values);
  const spread = Math.max(...values) - minCos;
  const blended: Ranked[] = [];
  for (const [id, cos] of cosines) {
    const bm25 = keywordScore.get(id);
    // A keyword match counts only when the question's keywords cleared the BM25 thresholds.
    const keywordOk = bm25 !== undefined && gate.ok;
    if (!keywordOk && cos < minCosineWithoutKeywords) continue;
    const b = keywordOk && maxBm25 > 0 ? bm25 / maxBm25 : 0;
    const c = spread > 0 ? (cos - minCos) / spread : 1;
    blended.push({ id, score: hybridBm25Weight * b + (1 - hybridBm25Weight) * c });
  }
  blended.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const floor = (blended[0]?.score ?? 0) * minRelativeScore;
  return blended.filter((r) => r.score >= floor);
}

/** The text of the findings search: each finding's code and summary. */
export function findingsQuery(findings: readonly Pick<Finding, 'code' | 'summary'>[]): string {
  return findings.map((f) => `${f.code}: ${f.summary}`).join('\n');
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function retrieve(index: KbIndex, request: RetrieveRequest): Promise<RetrieveResult> {
  const started = performance.now();
  const k = request.k ?? 3;
  const settings = index.settings;
  const findings = request.findings ?? [];
  const fQuery = findings.length > 0 ? findingsQuery(findings) : '';

  const bm25Start = performance.now();
  const questionBm25 = rankBm25(index, request.question);
  const meta: RetrieveMeta = { bm25Ms: performance.now() - bm25Start, totalMs: 0, embedUsed: false };

  // Rewrites first: their embeddings go into the same batch as the question's.
  const queries = [request.question];
  if (request.rewriter) {
    try {
      const rewrites = await rewriteQuery(request.rewriter, request.question, settings.maxRewrites, request.signal);
      meta.rewrites = rewrites;
      queries.push(...rewrites);
    } catch (err) {
      meta.rewriteFallback = message(err);
    }
  }

  let rankOne = (query: string): Ranked[] => (query === request.question ? questionBm25 : rankBm25(index, query));
  if (request.embedder) {
    try {
      const cache = request.embeddingCache ?? memoryEmbeddingCache();
      const pages = await embedEntries([...index.entries.values()], request.embedder, cache, request.signal);
      const texts = fQuery ? [...queries, fQuery] : queries;
      const queryVectors = await embedQueries(texts, request.embedder, request.signal);
      const vectors = new Map(texts.map((t, i) => [t, queryVectors[i]!]));
      rankOne = (query) => rankHybrid(index, query, vectors.get(query)!, pages);
      meta.embedUsed = true;
    } catch (err) {
      if (request.signal?.aborted) throw err;
      meta.embedFallback = `embeddings failed, keyword search only: ${message(err)}`;
    }
  }

  const lists = queries.map((q) => rankOne(q));
  let ranked: Ranked[] = lists.length === 1 ? lists[0]! : fuseByReciprocalRank(lists.map((l) => l.map((r) => r.id)), settings.rrfK);

  if (request.reranker && ranked.length > 1) {
    const candidates = ranked.slice(0, settings.rerankCandidates);
    try {
      const docs = candidates.map((c) => embeddingText(index.entries.get(c.id)!));
      const scores = await request.reranker.rerank(request.question, docs, { topN: candidates.length, signal: request.signal });
      const reordered = scores
        .filter((s) => Number.isInteger(s.index) && s.index >= 0 && s.index < candidates.length)
        .sort((a, b) => b.relevanceScore - a.relevanceScore)
        .map((s) => ({ id: candidates[s.index]!.id, score: s.relevanceScore }));
      if (reordered.length === 0) throw new Error('the reranker returned no usable results');
      // Candidates the reranker left out keep their fused order after the reranked ones.
      const placed = new Set(reordered.map((r) => r.id));
      ranked = [...reordered, ...ranked.filter((r) => !placed.has(r.id))];
      meta.reranked = true;
    } catch (err) {
      if (request.signal?.aborted) throw err;
      meta.reranked = false;
      meta.rerankFallback = `reranking failed, fused order kept: ${message(err)}`;
    }
  }

  const picked: { id: string; score: number; via: 'question' | 'findings' }[] = ranked.slice(0, k).map((r) => ({ ...r, via: 'question' }));
  if (fQuery && k > 0) {
    const best = rankOne(fQuery)[0];
    if (best) {
      const slot = Math.min(k, 3) - 1;
      const at = picked.findIndex((p) => p.id === best.id);
      if (at === -1 || at > slot) {
        if (at > slot) picked.splice(at, 1);
        picked.splice(Math.min(slot, picked.length), 0, { ...best, via: 'findings' });
        picked.length = Math.min(picked.length, k);
      }
    }
  }

  const results = picked.map((p): RetrievedPage => {
    const entry = index.entries.get(p.id)!;
    const query = p.via === 'findings' ? fQuery : request.question;
    return { id: entry.id, title: entry.title, url: entry.url, score: p.score, excerpt: excerptFor(entry.text, query, settings.excerptChars), via: p.via };
  });
  meta.totalMs = performance.now() - started;
  return { results, noMatch: results.length === 0, meta };
}

export interface SearchHit { id: string; title: string; url: string; score: number }

/** Keyword search with thresholds, best first, at most `limit` pages (the `search` command). */
export function searchKb(index: KbIndex, text: string, limit = 5): { results: SearchHit[]; noMatch: boolean } {
  const results = rankBm25(index, text).slice(0, Math.max(0, limit)).map((r) => {
    const e = index.entries.get(r.id)!;
    return { id: e.id, title: e.title, url: e.url, score: r.score };
  });
  return { results, noMatch: results.length === 0 };
}
