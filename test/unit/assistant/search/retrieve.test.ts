import { afterEach, describe, expect, it } from 'vitest';
import { KbIndex } from '../../../../src/core/assistant/search/bm25-index.ts';
import { retrieve, rankBm25 } from '../../../../src/core/assistant/search/retrieve.ts';
import { embeddingKey, memoryEmbeddingCache, type EmbeddingCache } from '../../../../src/core/assistant/search/embedding-cache.ts';
import type { Reranker } from '../../../../src/core/assistant/search/reranker.ts';
import { OllamaClient } from '../../../../src/llm/ollama.ts';
import { RerankClient } from '../../../../src/llm/rerank.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../../fakes/llm-servers.ts';
import { FIXTURE_ENTRIES, withText } from './fixtures.ts';
import { startFailingServer } from './failing-server.ts';

const index = new KbIndex(FIXTURE_ENTRIES);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => { while (closers.length) await closers.pop()!(); });

function ollama(url: string, model = 'nomic-embed-text'): OllamaClient {
  return new OllamaClient({ model, baseUrl: url, isCloud: false, timeouts: { chat: 5000, quick: 5000 } });
}
async function fakeOllama(): Promise<FakeServer> {
  const fake = await startFakeOllama();
  closers.push(() => fake.close());
  return fake;
}
const embedInputs = (fake: FakeServer): string[][] =>
  fake.requests.filter((r) => r.path === '/api/embed').map((r) => (r.body as { input: string[] }).input);

const QOS_FINDING = { code: 'QOS_RELIABILITY_MISMATCH' as const, summary: 'LaserScan requests Reliable but /scan is Best Effort' };

describe('retrieve: BM25 only', () => {
  it('returns pages with excerpt and via, and meta timing', async () => {
    const res = await retrieve(index, { question: 'how do I use use_sim_time when replaying a bag' });
    expect(res.noMatch).toBe(false);
    expect(res.results[0]!.id).toBe('ros2-time-sim-time');
    expect(res.results[0]!.via).toBe('question');
    expect(res.results[0]!.excerpt).toMatch(/use_sim_time/);
    expect(res.results.length).toBeLessThanOrEqual(3);
    expect(res.meta.embedUsed).toBe(false);
    expect(res.meta.bm25Ms).toBeGreaterThanOrEqual(0);
  });

  it('says no documentation matched for an unrelated question', async () => {
    const res = await retrieve(index, { question: 'best banana bread recipe' });
    expect(res).toMatchObject({ noMatch: true, results: [] });
  });
});

describe('retrieve: the findings slot', () => {
  it('gives one of the top three places to the best findings page', async () => {
    const question = 'ros2 bag play with use_sim_time and the clock';
    const alone = await retrieve(index, { question });
    expect(alone.results.map((r) => r.id)).not.toContain('qos-compatibility');
    const res = await retrieve(index, { question, findings: [QOS_FINDING] });
    const ids = res.results.map((r) => r.id);
    expect(ids.slice(0, 3)).toContain('qos-compatibility');
    expect(res.results.find((r) => r.id === 'qos-compatibility')!.via).toBe('findings');
    // Question pages come first.
    expect(ids[0]).toBe(alone.results[0]!.id);
  });

  it('does not duplicate a page the question already ranks in the top three', async () => {
    const res = await retrieve(index, { question: 'incompatible QoS reliability best effort', findings: [QOS_FINDING] });
    expect(res.results.filter((r) => r.id === 'qos-compatibility')).toHaveLength(1);
    expect(res.results[0]!.via).toBe('question');
  });

  it('fills the answer with the findings page when the question matches nothing', async () => {
    const res = await retrieve(index, { question: 'why?', findings: [QOS_FINDING] });
    expect(res.noMatch).toBe(false);
    expect(res.results.map((r) => [r.id, r.via])).toEqual([['qos-compatibility', 'findings']]);
  });
});

describe('retrieve: hybrid embeddings', () => {
  it('caches page embeddings by model and content hash and re-embeds only a changed page', async () => {
    const fake = await fakeOllama();
    const store = new Map<string, number[]>();
    const cache: EmbeddingCache = { get: async (k) => store.get(k), set: async (k, v) => { store.set(k, v); } };
    const model = ollama(fake.url);

    const first = await retrieve(index, { question: 'use_sim_time', embedder: model, embeddingCache: cache });
    expect(first.meta.embedUsed).toBe(true);
    expect(first.meta.embedFallback).toBeUndefined();
    expect(store.size).toBe(FIXTURE_ENTRIES.length);
    expect(embedInputs(fake).flat()).toHaveLength(FIXTURE_ENTRIES.length + 1);

    await retrieve(index, { question: 'use_sim_time', embedder: model, embeddingCache: cache });
    expect(embedInputs(fake).at(-1)).toEqual(['use_sim_time']); // pages all from the cache

    const changed = withText(FIXTURE_ENTRIES, 'quaternions', `${FIXTURE_ENTRIES.find((e) => e.id === 'quaternions')!.text} Updated.`);
    const changedIndex = new KbIndex(changed);
    await retrieve(changedIndex, { question: 'use_sim_time', embedder: model, embeddingCache: cache });
    const calls = embedInputs(fake);
    expect(calls.at(-2)).toHaveLength(1);
    expect(calls.at(-2)![0]).toContain('Updated.');
    expect(store.has(embeddingKey('ollama', 'nomic-embed-text', changed.find((e) => e.id === 'quaternions')!))).toBe(true);

    // Another model never reuses these vectors.
    expect(embeddingKey('ollama', 'other-model', FIXTURE_ENTRIES[0]!)).not.toBe(embeddingKey('ollama', 'nomic-embed-text', FIXTURE_ENTRIES[0]!));
  });

  it('falls back to BM25 with a note when the embedding server fails (HTTP 500)', async () => {
    const failing = await startFailingServer();
    closers.push(failing.close);
    const res = await retrieve(index, { question: 'use_sim_time', embedder: ollama(failing.url) });
    expect(failing.hits()).toBeGreaterThan(0);
    expect(res.meta.embedUsed).toBe(false);
    expect(res.meta.embedFallback).toMatch(/embeddings failed, keyword search only/);
    expect(res.results.map((r) => r.id)).toEqual(rankBm25(index, 'use_sim_time').slice(0, 3).map((r) => r.id));
  });

  it('lets a page without keyword matches in only with a high cosine', async () => {
    // A stub embedder: the question and one page point the same way, everything else is orthogonal.
    const embedder = {
      provider: 'ollama' as const, model: 'stub', isCloud: false,
      completeJson: () => Promise.reject(new Error('unused')), stream: () => { throw new Error('unused'); }, listModels: async () => [],
      embed: async (texts: string[]) => texts.map((t) => (t.startsWith('Quaternions') || t === 'how do I describe a rotation' ? [1, 0] : t === 'banana bread' ? [-1, 0] : [0, 1])),
    };
    const res = await retrieve(index, { question: 'how do I describe a rotation', embedder, embeddingCache: memoryEmbeddingCache() });
    expect(res.meta.embedUsed).toBe(true);
    expect(res.results.map((r) => r.id)).toEqual(['quaternions']);
    const none = await retrieve(index, { question: 'banana bread', embedder, embeddingCache: memoryEmbeddingCache() });
    expect(none.noMatch).toBe(true);
  });
});

describe('retrieve: rewriting and reranking', () => {
  it('fuses model rewrites by reciprocal rank and reports them', async () => {
    const fake = await fakeOllama();
    fake.push({ json: { rewrites: ['quaternion orientation', 'use_sim_time clock'] } });
    const res = await retrieve(index, { question: '¿Cómo represento una rotación?', rewriter: ollama(fake.url, 'qwen2.5:7b-instruct'), k: 5 });
    expect(res.meta.rewrites).toEqual(['quaternion orientation', 'use_sim_time clock']);
    expect(res.results.map((r) => r.id)).toEqual(expect.arrayContaining(['quaternions', 'ros2-time-sim-time']));
  });

  it('keeps the question alone when rewriting fails', async () => {
    const failing = await startFailingServer();
    closers.push(failing.close);
    const res = await retrieve(index, { question: 'use_sim_time', rewriter: ollama(failing.url, 'qwen2.5:7b-instruct') });
    expect(res.meta.rewriteFallback).toBeTruthy();
    expect(res.results[0]!.id).toBe('ros2-time-sim-time');
  });

  it('uses the reranker order', async () => {
    const question = 'qos reliability mismatch topic info';
    const fused = (await retrieve(index, { question, k: 10 })).results.map((r) => r.id);
    expect(fused.length).toBeGreaterThan(1);
    const reverse: Reranker = {
      model: 'reverse',
      rerank: async (_q, docs) => docs.map((_, i) => ({ index: i, relevanceScore: i })),
    };
    const res = await retrieve(index, { question, k: 10, reranker: reverse });
    expect(res.meta.reranked).toBe(true);
    expect(res.results.map((r) => r.id)).toEqual([...fused].reverse());
  });

  it('speaks /v1/rerank to a loopback server', async () => {
    const fake = await startFakeOpenAI();
    closers.push(() => fake.close());
    const res = await retrieve(index, { question: 'qos reliability mismatch topic info', k: 10, reranker: new RerankClient({ baseUrl: fake.url, model: 'bge-reranker' }) });
    expect(res.meta.reranked).toBe(true);
    const sent = fake.requests.find((r) => r.path === '/v1/rerank')!.body as { model: string; query: string; documents: string[]; top_n: number };
    expect(sent.model).toBe('bge-reranker');
    expect(sent.query).toBe('qos reliability mismatch topic info');
    expect(sent.documents.length).toBe(sent.top_n);
    const scores = res.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keeps the fused order when the reranker fails', async () => {
    const failing = await startFailingServer();
    closers.push(failing.close);
    const question = 'qos reliability mismatch topic info';
    const fused = (await retrieve(index, { question, k: 10 })).results.map((r) => r.id);
    const res = await retrieve(index, { question, k: 10, reranker: new RerankClient({ baseUrl: failing.url, model: 'x' }) });
    expect(failing.hits()).toBe(1);
    expect(res.meta.reranked).toBe(false);
    expect(res.meta.rerankFallback).toMatch(/reranking failed, fused order kept: .*HTTP 500/);
    expect(res.results.map((r) => r.id)).toEqual(fused);
  });
});

describe('excerpts', () => {
  it('start at the sentence sharing most words with the question and stay within the length', async () => {
    const res = await retrieve(index, { question: 'see the QoS profile of every publisher and subscription endpoint' });
    const page = res.results.find((r) => r.id === 'topic-debugging-cli')!;
    expect(page.excerpt.startsWith('ros2 topic info -v shows every publisher')).toBe(true);
    expect(page.excerpt.length).toBeLessThanOrEqual(280);
  });
});
