import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileEmbeddingCache } from '../../../../src/cli/embedding-cache-file.ts';

let dir = '';
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'emb-cache-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

describe('file embedding cache', () => {
  it('persists vectors across opens and prunes unused keys', async () => {
    const path = join(dir, 'sub', 'cache.json');
    const a = await openFileEmbeddingCache(path);
    expect(a.loadProblem).toBeUndefined();
    await a.set('ollama:m:1', [1, 2]);
    await a.set('ollama:m:2', [3, 4]);
    const b = await openFileEmbeddingCache(path);
    expect(await b.get('ollama:m:1')).toEqual([1, 2]);
    await b.prune(new Set(['ollama:m:2']));
    const c = await openFileEmbeddingCache(path);
    expect(await c.get('ollama:m:1')).toBeUndefined();
    expect(await c.get('ollama:m:2')).toEqual([3, 4]);
  });

  it('reports a corrupt file and starts empty instead of trusting it', async () => {
    const path = join(dir, 'cache.json');
    await writeFile(path, '{"version": 1, "vectors": ');
    const cache = await openFileEmbeddingCache(path);
    expect(cache.loadProblem).toMatch(/cache\.json: .*starting empty/);
    expect(await cache.get('x')).toBeUndefined();
    await cache.set('x', [1]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, vectors: { x: [1] } });
  });
});
