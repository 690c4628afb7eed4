// Public surface of knowledge-base search (see retrieve.ts for the pipeline).
export { KbIndex, type Bm25Hit } from './bm25-index.ts';
export { analyze, analyzeUnique } from './tokenizer.ts';
export { SEARCH_DEFAULTS, searchSettings, type SearchSettings } from './defaults.ts';
export { gateBm25, type GateResult } from './thresholds.ts';
export { retrieve, searchKb, rankBm25, rankHybrid, findingsQuery, type RetrieveRequest, type RetrieveResult, type RetrievedPage, type RetrieveMeta, type SearchHit } from './retrieve.ts';
export { embeddingKey, embeddingText, memoryEmbeddingCache, type EmbeddingCache } from './embedding-cache.ts';
export { contentHash } from './content-hash.ts';
export { cosine } from './embeddings.ts';
export type { Reranker, RerankScore } from './reranker.ts';
export { NO_MATCH_MESSAGE } from './messages.ts';
