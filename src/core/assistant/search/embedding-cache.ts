/**
 * Where page embeddings are kept between runs. Keys name the model and the page content's hash, so a
 * changed page (or another model) simply misses and is embedded again. The Node file cache
 * (src/cli/embedding-cache-file.ts) and the browser IndexedDB cache (src/ui/embedding-cache-idb.ts) implement it.
 */
import type { KbEntry } from '../kb.ts';
import { contentHash } from './content-hash.ts';

export interface EmbeddingCache {
  get(key: string): Promise<number[] | undefined>;
  set(key: string, vector: number[]): Promise<void>;
}

/** The text a page is embedded from (title, keywords, body). */
export function embeddingText(entry: Pick<KbEntry, 'title' | 'keywords' | 'text'>): string {
  return `${entry.title}\n${entry.keywords.join(', ')}\n${entry.text}`;
}

/** `provider:model:hash-of-content` — invalidated by any change to the page's embedded text. */
export function embeddingKey(provider: string, model: string, entry: Pick<KbEntry, 'title' | 'keywords' | 'text'>): string {
  return `${provider}:${model}:${contentHash(embeddingText(entry))}`;
}

/** An in-memory cache (also a fast layer in front of a slow one). */
export function memoryEmbeddingCache(inner?: EmbeddingCache): EmbeddingCache {
  const map = new Map<string, number[]>();
  return {
    async get(key) {
      const hit = map.get(key);
      if (hit) return hit;
      const found = inner ? await inner.get(key) : undefined;
      if (found) map.set(key, found);
      return found;
    },
    async set(key, vector) {
      map.set(key, vector);
      if (inner) await inner.set(key, vector);
    },
  };
}
