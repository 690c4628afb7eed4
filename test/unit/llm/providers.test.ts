// The real ollama and openai SDKs against loopback servers speaking their wire protocols:
// the same expectations for both providers, then what is specific to each.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { ModelError, type ModelClient, type StreamChunk } from '../../../src/core/model.ts';
import { createModelClient, type ProviderSettings } from '../../../src/llm/index.ts';
import { fakeEmbedding, startFakeOllama, startFakeOpenAI, type FakeServer, type FakeServerOptions } from '../../fakes/llm-servers.ts';

const PLAN_SCHEMA = {
  type: 'object',
  properties: { actions: { type: 'array', items: { type: 'object', properties: { action: { type: 'string' } }, required: ['action'], additionalProperties: false } } },
  required: ['actions'],
  additionalProperties: false,
};

interface Flavour {
  name: 'ollama' | 'openai';
  start(options?: FakeServerOptions): Promise<FakeServer>;
  model: string;
  embedModel: string;
  chatPath: string;
}

const flavours: Flavour[] = [
  { name: 'ollama', start: startFakeOllama, model: 'qwen2.5:7b-instruct', embedModel: 'nomic-embed-text', chatPath: '/api/chat' },
  { name: 'openai', start: startFakeOpenAI, model: 'gpt-4o-mini', embedModel: 'text-embedding-3-small', chatPath: '/v1/chat/completions' },
];

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(f: Flavour, options: FakeServerOptions = {}, settings: Partial<ProviderSettings> = {}): Promise<{ fake: FakeServer; client: ModelClient }> {
  const fake = await f.start(options);
  servers.push(fake);
  const client = await createModelClient({ provider: f.name, model: f.model, baseUrl: fake.url, ...settings });
  return { fake, client };
}

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const out: StreamChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

async function failure(p: Promise<unknown>): Promise<ModelError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ModelError);
    return err as ModelError;
  }
  throw new Error('expected a ModelError, but the call succeeded');
}

const chatBodies = (fake: FakeServer, path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body as Record<string, unknown>);

describe.each(flavours)('$name provider', (f) => {
  it('returns a structured plan and sends the schema', async () => {
    const plan = { actions: [{ action: 'add_display' }] };
    const { fake, client } = await setup(f, { replies: [{ json: plan, thinking: 'the user wants a display' }] });
    expect(client.isCloud).toBe(false);
    const res = await client.completeJson([{ role: 'user', content: 'show the lidar' }], PLAN_SCHEMA);
    expect(res.value).toEqual(plan);
    expect(res.raw).toBe(JSON.stringify(plan));
    expect(res.thinking).toBe('the user wants a display');
    const [body] = chatBodies(fake, f.chatPath);
    if (f.name === 'ollama') {
      expect(body!.format).toEqual(PLAN_SCHEMA);
      expect(body!.keep_alive).toBe('10m');
      expect(body!.stream).toBe(false);
    } else {
      expect(body!.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema: PLAN_SCHEMA, strict: true } });
      expect(body!.temperature).toBe(0);
      expect(body!.reasoning_effort).toBeUndefined();
    }
  });

  it('streams thinking then tokens', async () => {
    const { client } = await setup(f, { replies: [{ thinking: 'Looking at the topics.', content: 'Add a LaserScan display on /scan.' }] });
    const chunks = await collect(client.stream([{ role: 'user', content: 'how do I see the lidar?' }]));
    const thinking = chunks.filter((c) => c.kind === 'thinking').map((c) => c.text).join('');
    const tokens = chunks.filter((c) => c.kind === 'token');
    expect(thinking).toBe('Looking at the topics.');
    expect(tokens.map((c) => c.text).join('')).toBe('Add a LaserScan display on /scan.');
    expect(tokens.length).toBeGreaterThan(3);
    const kinds = chunks.map((c) => c.kind).join(',');
    expect(kinds).toMatch(/^(thinking,)+token(,token)*$/);
  });

  it('embeds texts in order', async () => {
    const { client } = await setup(f, {}, { model: f.embedModel });
    const vectors = await client.embed(['laser scan', 'occupancy grid']);
    expect(vectors).toEqual([fakeEmbedding('laser scan'), fakeEmbedding('occupancy grid')]);
    expect(await client.embed([])).toEqual([]);
  });

  it('lists models', async () => {
    const { client } = await setup(f, { models: ['b-model', 'a-model'] });
    expect(await client.listModels()).toEqual(['a-model', 'b-model']);
  });

  it('times out on a slow first token', async () => {
    const { client } = await setup(f, { replies: [{ delayFirstTokenMs: 5_000, content: 'late' }] });
    const err = await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA, { timeoutMs: 150 }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('150 ms');
  });

  it('times out a stream whose first token is slow', async () => {
    const { client } = await setup(f, { replies: [{ delayFirstTokenMs: 5_000, content: 'late' }] });
    const err = await failure(collect(client.stream([{ role: 'user', content: 'x' }], { timeoutMs: 150 })));
    expect(err.kind).toBe('timeout');
  });

  it('reports HTTP 500 as a server error', async () => {
    const { client } = await setup(f, { replies: [{ status: 500, errorMessage: 'CUDA out of memory' }] });
    const err = await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA));
    expect(err.kind).toBe('server_error');
    expect(err.message).toMatch(/HTTP 500.*CUDA out of memory/);
  });

  it.each(['end', 'destroy'] as const)('reports a stream cut midway (%s) as stream_cut', async (cutMode) => {
    const { client } = await setup(f, { replies: [{ content: 'one two three four five six', cutAfterChunks: 2, cutMode }] });
    const seen: string[] = [];
    const err = await failure((async () => { for await (const c of client.stream([{ role: 'user', content: 'x' }])) seen.push(c.text); })());
    expect(err.kind).toBe('stream_cut');
    expect(seen.join('')).toBe('one two');
  });

  it('reports invalid JSON with what the model said', async () => {
    const { client } = await setup(f, { replies: [{ invalidJson: true }] });
    const err = await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA));
    expect(err.kind).toBe('invalid_json');
    expect(err.message).toContain('"add_display"');
  });

  it('treats an empty reply as a failure, never an empty plan', async () => {
    const { client } = await setup(f, { replies: [{ empty: true }, { empty: true, thinking: 'hmm, let me think' }] });
    expect((await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA))).kind).toBe('empty');
    const err = await failure(collect(client.stream([{ role: 'user', content: 'x' }])));
    expect(err.kind).toBe('empty');
    expect(err.hint).toMatch(/instruct/);
  });

  it('says 401 plainly and never repeats the key', async () => {
    const key = 'sk-live-SECRET-abcdef123456';
    const { client } = await setup(f, { apiKey: 'sk-the-right-one' }, { apiKey: key });
    for (const call of [client.listModels(), client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA), collect(client.stream([{ role: 'user', content: 'x' }]))]) {
      const err = await failure(call);
      expect(err.kind).toBe('unauthorized');
      expect(err.hint).toBe('check the API key');
      expect(`${err.message} ${err.hint} ${err.stack}`).not.toContain('SECRET');
    }
  });

  it('says which model is missing', async () => {
    const { client } = await setup(f, {}, { model: 'no-such-model' });
    const err = await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA));
    expect(err.kind).toBe('model_not_found');
    expect(err.message).toContain('"no-such-model"');
    if (f.name === 'ollama') expect(err.hint).toContain('ollama pull no-such-model');
  });

  it('says when nothing listens', async () => {
    const port = await freePort();
    const client = await createModelClient({ provider: f.name, model: f.model, baseUrl: f.name === 'ollama' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1` });
    const err = await failure(client.listModels());
    expect(err.kind).toBe('unreachable');
    expect(err.message).toContain('connection refused');
  });

  it('stops mid-stream when aborted', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const { fake, client } = await setup(f, { replies: [{ content: words }] });
    const controller = new AbortController();
    const seen: string[] = [];
    const err = await failure((async () => {
      for await (const c of client.stream([{ role: 'user', content: 'x' }], { signal: controller.signal })) {
        seen.push(c.text);
        if (seen.length === 3) controller.abort();
      }
    })());
    expect(err.kind).toBe('aborted');
    expect(seen.length).toBeLessThan(400);
    // The server is still fine for the next call.
    fake.push({ content: 'again' });
    expect((await collect(client.stream([{ role: 'user', content: 'x' }]))).map((c) => c.text).join('')).toBe('again');
  });

  it('keeps concurrent calls apart: aborting one leaves the other running', async () => {
    // Same reply for both: which request reaches the server first is not ours to decide.
    const { client } = await setup(f, { replies: [{ delayFirstTokenMs: 300, content: 'second answer' }, { delayFirstTokenMs: 300, content: 'second answer' }] });
    const controller = new AbortController();
    const first = failure(collect(client.stream([{ role: 'user', content: 'a' }], { signal: controller.signal })));
    const second = collect(client.stream([{ role: 'user', content: 'b' }]));
    controller.abort();
    expect((await first).kind).toBe('aborted');
    expect((await second).map((c) => c.text).join('')).toBe('second answer');
  });

  it('passes errors through the redacting wrapper unchanged', async () => {
    const { client } = await setup(f, { replies: [{ content: 'a b c d', cutAfterChunks: 1 }] }, { markCloud: true });
    expect(client.isCloud).toBe(true);
    expect((await failure(collect(client.stream([{ role: 'user', content: 'x' }])))).kind).toBe('stream_cut');
  });

  it('fails at once when the signal is already aborted', async () => {
    const { client } = await setup(f);
    expect((await failure(client.listModels({ signal: AbortSignal.abort() }))).kind).toBe('aborted');
  });
});

describe('ollama specifics', () => {
  it('warms the model up with keep_alive', async () => {
    const { fake, client } = await setup(flavours[0]!);
    await client.warmUp!();
    const req = fake.requests.find((r) => r.path === '/api/generate');
    expect(req?.body).toMatchObject({ model: 'qwen2.5:7b-instruct', keep_alive: '10m' });
  });
});

describe('openai specifics', () => {
  const f = flavours[1]!;

  it('falls back to JSON mode when the server refuses json_schema, and remembers', async () => {
    const { fake, client } = await setup(f, { jsonSchema: false, replies: [{ json: { actions: [] } }, { json: { actions: [] } }] });
    expect((await client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA)).value).toEqual({ actions: [] });
    await client.completeJson([{ role: 'user', content: 'y' }], PLAN_SCHEMA);
    const formats = chatBodies(fake, f.chatPath).map((b) => (b.response_format as { type: string }).type);
    expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
    const last = chatBodies(fake, f.chatPath).at(-1)!;
    expect(JSON.stringify(last.messages)).toContain('JSON Schema');
  });

  it('validates JSON-mode answers against the schema', async () => {
    const { client } = await setup(f, { jsonSchema: false, replies: [{ json: { steps: [] } }] });
    const err = await failure(client.completeJson([{ role: 'user', content: 'x' }], PLAN_SCHEMA));
    expect(err.kind).toBe('invalid_json');
    expect(err.message).toContain('does not match the schema');
  });

  it('asks reasoning models for low effort and no temperature', async () => {
    const { fake, client } = await setup(f, { models: ['o3-mini'], reasoningField: 'reasoning' }, { model: 'o3-mini' });
    fake.push({ thinking: 'short thought', content: 'ok' });
    const chunks = await collect(client.stream([{ role: 'user', content: 'x' }]));
    expect(chunks[0]).toEqual({ kind: 'thinking', text: 'short' });
    const [body] = chatBodies(fake, f.chatPath);
    expect(body!.reasoning_effort).toBe('low');
    expect(body!.temperature).toBeUndefined();
  });

  it('sends the key as a bearer token', async () => {
    const { fake, client } = await setup(f, { apiKey: 'sk-ok-123456' }, { apiKey: 'sk-ok-123456' });
    expect(await client.listModels()).toContain('gpt-4o-mini');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-ok-123456');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
