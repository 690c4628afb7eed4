import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createThinkSplitter, splitThinkTags } from '../../../src/llm/think-tags.ts';
import { createModelClient } from '../../../src/llm/index.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../fakes/llm-servers.ts';
import type { StreamChunk } from '../../../src/core/model.ts';

function joined(chunks: StreamChunk[]) {
  return {
    thinking: chunks.filter((c) => c.kind === 'thinking').map((c) => c.text).join(''),
    content: chunks.filter((c) => c.kind === 'token').map((c) => c.text).join(''),
  };
}

describe('think tags', () => {
  it('moves a leading <think> block to thinking', () => {
    expect(splitThinkTags('\n<think>plan it</think>\n\n{"a":1}')).toEqual({ thinking: 'plan it', content: '{"a":1}' });
    expect(splitThinkTags('Use <think> tags like this')).toEqual({ thinking: '', content: 'Use <think> tags like this' });
    expect(splitThinkTags('<think>never closed')).toEqual({ thinking: 'never closed', content: '' });
  });

  it('gives the same split for a stream cut at any points', () => {
    const texts = ['<think>a < b, so </thin k> no</think>\n\nAnswer: <b>x</b>', 'plain answer with </think>', '  <thi', '<think></think>', '<think>only thinking'];
    fc.assert(fc.property(fc.constantFrom(...texts), fc.array(fc.nat(40), { maxLength: 8 }), (text, cuts) => {
      const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
      const parts: string[] = [];
      let last = 0;
      for (const p of points) { parts.push(text.slice(last, p)); last = p; }
      parts.push(text.slice(last));
      const split = createThinkSplitter();
      const chunks = [...parts.flatMap((p) => split.push(p)), ...split.flush()];
      const whole = splitThinkTags(text);
      const got = joined(chunks);
      expect(got.thinking).toBe(whole.thinking);
      expect(got.content).toBe(whole.content);
    }), { numRuns: 300 });
  });
});

describe('inline thinking from servers', () => {
  const servers: FakeServer[] = [];
  afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });

  it.each([['ollama', startFakeOllama, 'qwen2.5:7b-instruct'], ['openai', startFakeOpenAI, 'gpt-4o-mini']] as const)('%s: streams and structured answers', async (provider, start, model) => {
    const fake = await start({ replies: [
      { chunks: ['<thi', 'nk>check /scan', '</th', 'ink>\n\n', 'Add a ', 'LaserScan.'] },
      { content: '<think>easy</think>{"actions":[]}' },
    ] });
    servers.push(fake);
    const client = await createModelClient({ provider, model, baseUrl: fake.url });
    const chunks: StreamChunk[] = [];
    for await (const c of client.stream([{ role: 'user', content: 'x' }])) chunks.push(c);
    expect(joined(chunks)).toEqual({ thinking: 'check /scan', content: 'Add a LaserScan.' });
    const res = await client.completeJson([{ role: 'user', content: 'x' }], { type: 'object' });
    expect(res).toMatchObject({ value: { actions: [] }, raw: '{"actions":[]}', thinking: 'easy' });
  });
});
