import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../../src/core/model.ts';
import { RerankClient, parseRerankReply, rerankEndpoint } from '../../../../src/llm/rerank.ts';
import { startFakeOpenAI } from '../../../fakes/llm-servers.ts';

describe('rerank client', () => {
  it('builds the endpoint without doubling /v1', () => {
    expect(rerankEndpoint('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1/rerank');
    expect(rerankEndpoint('http://127.0.0.1:8080/v1/')).toBe('http://127.0.0.1:8080/v1/rerank');
    expect(rerankEndpoint('http://127.0.0.1:8080/rerank')).toBe('http://127.0.0.1:8080/rerank');
  });

  it('orders by relevance from a loopback /v1/rerank server', async () => {
    const fake = await startFakeOpenAI();
    try {
      const client = new RerankClient({ baseUrl: fake.url, model: 'bge' });
      const scores = await client.rerank('fixed frame map', ['grid cells', 'the fixed frame is map', 'map'], { topN: 3 });
      expect(scores[0]!.index).toBe(1);
      expect(scores.map((s) => s.index).sort()).toEqual([0, 1, 2]);
    } finally {
      await fake.close();
    }
  });

  it('rejects malformed replies with a kind', () => {
    expect(() => parseRerankReply('nope', 2)).toThrow(ModelError);
    expect(() => parseRerankReply('{"results": [{"index": 5, "relevance_score": 1}]}', 2)).toThrow(/index 5 \(documents: 2\)/);
    expect(() => parseRerankReply('{"results": [{"index": 0}]}', 2)).toThrow(/relevance_score/);
    expect(() => parseRerankReply('{}', 2)).toThrow(/no "results" array/);
    expect(parseRerankReply('{"results": [{"index": 1, "relevance_score": 0.5}]}', 2)).toEqual([{ index: 1, relevanceScore: 0.5 }]);
  });

  it('an unreachable server is a ModelError of kind unreachable', async () => {
    const client = new RerankClient({ baseUrl: 'http://127.0.0.1:1', model: 'x', timeoutMs: 2000 });
    await expect(client.rerank('q', ['a'])).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
