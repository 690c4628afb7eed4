/** Page and query embeddings through a ModelClient, with the page vectors cached by content hash. */
import type { ModelClient } from '../../model.ts';
import type { KbEntry } from '../kb.ts';
import { embeddingKey, embeddingText, type EmbeddingCache } from './embedding-cache.ts';

/** Vectors for every entry: cached ones are reused, the rest are embedded in one batch and stored. */
export async function embedEntries(
  entries: readonly KbEntry[], model: ModelClient, cache: EmbeddingCache, signal?: AbortSignal,
): Promise<Map<string, number[]>> {
  const vectors = new Map<string, number[]>();
  const missing: { entry: KbEntry; key: string }[] = [];
  for (const entry of entries) {
    const key = embeddingKey(model.provider, model.model, entry);
    const hit = await cache.get(key);
    if (hit) vectors.set(entry.id, hit);
    else missing.push({ entry, key });
  }
  if (missing.length > 0) {
    const fresh = await model.embed(missing.map((m) => embeddingText(m.entry)), { signal });
    if (fresh.length !== missing.length) {
      throw new Error(`search: the embedding model returned ${fresh.length} vectors for ${missing.length} pages`);
    }
    for (let i = 0; i < missing.length; i++) {
      const vector = fresh[i]!;
      checkVector(vector, `page "${missing[i]!.entry.id}"`);
      vectors.set(missing[i]!.entry.id, vector);
      await cache.set(missing[i]!.key, vector);
    }
  }
  return vectors;
}

/** Vectors for the query texts, in one model call. */
export async function embedQueries(texts: readonly string[], model: ModelClient, signal?: AbortSignal): Promise<number[][]> {
  const vectors = await model.embed([...texts], { signal });
  if (vectors.length !== texts.length) throw new Error(`search: the embedding model returned ${vectors.length} vectors for ${texts.length} queries`);
  vectors.forEach((v, i) => checkVector(v, `query ${i + 1}`));
  return vectors;
}

function checkVector(v: unknown, what: string): asserts v is number[] {
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new Error(`search: the embedding model returned an invalid vector for ${what}`);
  }
}

/** Cosine similarity; 0 for a zero vector or mismatched lengths (a different model's vectors never compare). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { dot += a[i]! * b[i]!; na += a[i]! * a[i]!; nb += b[i]! * b[i]!; }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
