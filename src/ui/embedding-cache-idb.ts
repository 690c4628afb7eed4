// Page embeddings kept in IndexedDB (idb-keyval) so the browser embeds the knowledge base once per model
// and content version. Keys carry model and content hash (see core embedding-cache.ts); a storage failure
// (private mode, quota) only costs a re-embedding, never an error shown to the user.
import { createStore, get, set, keys, delMany, type UseStore } from 'idb-keyval';
import type { EmbeddingCache } from '../core/assistant/search/embedding-cache.ts';

export interface IdbEmbeddingCache extends EmbeddingCache {
  /** Delete every stored vector whose key is not in `keep` (old models, changed pages). */
  prune(keep: ReadonlySet<string>): Promise<void>;
}

export function idbEmbeddingCache(dbName = 'rviz-companion', storeName = 'kb-embeddings'): IdbEmbeddingCache {
  let store: UseStore | undefined;
  const open = (): UseStore => (store ??= createStore(dbName, storeName));
  return {
    async get(key) {
      try {
        const v = await get<unknown>(key, open());
        return Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, vector) {
      try {
        await set(key, vector, open());
      } catch {
        // Not stored: the next session embeds this page again.
      }
    },
    async prune(keep) {
      try {
        const stale = (await keys<string>(open())).filter((k) => !keep.has(String(k)));
        if (stale.length > 0) await delMany(stale, open());
      } catch {
        // Nothing to prune when storage is unavailable.
      }
    },
  };
}
