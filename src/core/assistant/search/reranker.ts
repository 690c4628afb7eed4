/** A cross-encoder reranker (the Cohere-style `/v1/rerank` protocol; src/llm/rerank.ts implements it). */
export interface RerankScore {
  /** Index into the documents passed in. */
  index: number;
  relevanceScore: number;
}

export interface Reranker {
  readonly model: string;
  rerank(query: string, documents: readonly string[], opts?: { topN?: number; signal?: AbortSignal }): Promise<RerankScore[]>;
}
