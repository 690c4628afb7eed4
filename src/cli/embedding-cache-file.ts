// A page-embedding cache in one JSON file (Node). Keys carry model and content hash, so stale vectors are
// never read; `prune` drops the keys no current page uses. A corrupt file is reported and replaced, not trusted.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmbeddingCache } from '../core/assistant/search/embedding-cache.ts';

interface CacheFile {
  version: 1;
  vectors: Record<string, number[]>;
}

export interface FileEmbeddingCache extends EmbeddingCache {
  /** Write pending changes to disk (also done by `set`, batched). */
  flush(): Promise<void>;
  /** Keep only these keys. */
  prune(keep: ReadonlySet<string>): Promise<void>;
  /** Set when the file existed but could not be used. */
  readonly loadProblem?: string;
}

export async function openFileEmbeddingCache(path: string): Promise<FileEmbeddingCache> {
  let vectors: Record<string, number[]> = {};
  let loadProblem: string | undefined;
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<CacheFile>;
    if (parsed.version !== 1 || typeof parsed.vectors !== 'object' || parsed.vectors === null) {
      loadProblem = `embedding cache ${path}: unknown format, starting empty`;
    } else vectors = parsed.vectors;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') loadProblem = `embedding cache ${path}: ${(err as Error).message}, starting empty`;
  }
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    if (!dirty) return writing;
    dirty = false;
    const body = JSON.stringify({ version: 1, vectors } satisfies CacheFile);
    writing = writing.then(async () => {
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, path); // atomic: a crash never leaves half a file
    });
    return writing;
  };
  return {
    loadProblem,
    async get(key) {
      const v = vectors[key];
      return Array.isArray(v) ? v : undefined;
    },
    async set(key, vector) {
      vectors[key] = vector;
      dirty = true;
      await flush();
    },
    flush,
    async prune(keep) {
      for (const key of Object.keys(vectors)) if (!keep.has(key)) { delete vectors[key]; dirty = true; }
      await flush();
    },
  };
}
