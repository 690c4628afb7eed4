/**
 * Client for the Cohere-style `/v1/rerank` protocol (llama.cpp server, vLLM, Infinity, Cohere):
 * POST {model, query, documents, top_n} → {results: [{index, relevance_score}]}.
 * Failures are ModelErrors with a kind, so retrieval can fall back to its fused order and say why.
 */
import { ModelError } from '../core/model.ts';
import type { Reranker, RerankScore } from '../core/assistant/search/reranker.ts';

export interface RerankClientConfig {
  /** Server base URL; `/v1/rerank` is appended unless the URL already ends in `/rerank` (`/v1` is not doubled). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Whole-call timeout in ms (default 15000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function rerankEndpoint(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (/\/rerank$/.test(base)) return base;
  return /\/v1$/.test(base) ? `${base}/rerank` : `${base}/v1/rerank`;
}

export class RerankClient implements Reranker {
  public readonly model: string;
  private readonly cfg: RerankClientConfig;

  public constructor(cfg: RerankClientConfig) {
    this.cfg = cfg;
    this.model = cfg.model;
  }

  public async rerank(query: string, documents: readonly string[], opts: { topN?: number; signal?: AbortSignal } = {}): Promise<RerankScore[]> {
    const url = rerankEndpoint(this.cfg.baseUrl);
    const label = `reranker at ${url}`;
    const timeout = AbortSignal.timeout(this.cfg.timeoutMs ?? 15_000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await (this.cfg.fetch ?? globalThis.fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.cfg.apiKey ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.model, query, documents, top_n: opts.topN ?? documents.length }),
        signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) throw new ModelError('aborted', `${label}: cancelled`);
      if (timeout.aborted) throw new ModelError('timeout', `${label}: timed out after ${this.cfg.timeoutMs ?? 15_000} ms`);
      throw new ModelError('unreachable', `${label}: cannot connect (${(err as Error).message})`, 'check that the rerank server is running and the URL is right');
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      const kind = res.status === 401 || res.status === 403 ? 'unauthorized' : res.status === 404 ? 'model_not_found' : res.status >= 500 ? 'server_error' : 'bad_request';
      throw new ModelError(kind, `${label}: HTTP ${res.status} ${text.slice(0, 200)}`.trim());
    }
    return parseRerankReply(text, documents.length, label);
  }
}

/** Validate a reply body: every result needs an in-range integer index and a finite score. */
export function parseRerankReply(text: string, documentCount: number, label = 'reranker'): RerankScore[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelError('invalid_json', `${label}: the reply is not JSON: ${text.slice(0, 120)}`);
  }
  const results = (body as { results?: unknown })?.results;
  if (!Array.isArray(results)) throw new ModelError('invalid_json', `${label}: the reply has no "results" array`);
  return results.map((r, i) => {
    const index = (r as { index?: unknown })?.index;
    const score = (r as { relevance_score?: unknown })?.relevance_score;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= documentCount) {
      throw new ModelError('invalid_json', `${label}: result ${i} has index ${String(index)} (documents: ${documentCount})`);
    }
    if (typeof score !== 'number' || !Number.isFinite(score)) throw new ModelError('invalid_json', `${label}: result ${i} has no numeric relevance_score`);
    return { index, relevanceScore: score };
  });
}
