/**
 * Loopback model servers for tests, demos and benchmarks: one speaks the Ollama wire protocol, the
 * other the OpenAI one (also /v1/rerank, Cohere-style). Both bind 127.0.0.1 on a free port, answer
 * CORS preflights, record every request, and reply from a script you control.
 *
 *   const fake = await startFakeOllama({ replies: [{ json: { actions: [] } }] });
 *   const client = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: fake.url });
 *   ...; fake.requests.at(-1)?.body   // what the SDK sent
 *   fake.push({ status: 500 });       // the next chat call fails
 *   await fake.close();
 *
 * `script` is either the options below or just the list of replies.
 * Chat calls take replies from the queue in order; when it is empty they answer DEFAULT_REPLY.
 * Embeddings are deterministic (a hash of the text); listing returns `models`.
 * OpenAI `url` ends in /v1 (what the SDK wants as baseURL); Ollama `url` is the bare origin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** Answer text; streamed in word-sized chunks unless `chunks` is given. */
  content?: string;
  /** Reasoning text, streamed before the answer (Ollama `thinking`, OpenAI `reasoning_content`). */
  thinking?: string;
  /** Shortcut for content = JSON.stringify(json). */
  json?: unknown;
  /** Explicit answer chunks (override the automatic split of `content`). */
  chunks?: string[];
  /** Reply with this HTTP status and a protocol-shaped error body instead of an answer. */
  status?: number;
  /** Error message for `status` replies. */
  errorMessage?: string;
  /** Wait this long before sending anything (headers included). */
  delayFirstTokenMs?: number;
  /** Stream: wait this long between chunks (to watch tokens arrive one by one). */
  chunkDelayMs?: number;
  /** Stream: stop after this many chunks, without the final done/[DONE]. */
  cutAfterChunks?: number;
  /** How a cut stream ends: a clean end of the body (default) or a dropped connection. */
  cutMode?: 'end' | 'destroy';
  /** Answer with truncated, unparseable JSON. */
  invalidJson?: boolean;
  /** Answer with no text at all. */
  empty?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

export interface FakeServerOptions {
  replies?: ScriptedReply[];
  /** Model names the server has; chat/embed with any other model answers 404 model not found. */
  models?: string[];
  /** Require `Authorization: Bearer <apiKey>`; a wrong key gets 401 echoing the key sent (as some servers do). */
  apiKey?: string;
  /** OpenAI only: false = reject response_format json_schema with a 400, like servers without structured outputs. */
  jsonSchema?: boolean;
  /** OpenAI only: which delta field carries reasoning (default reasoning_content). */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** Value for Access-Control-Allow-Origin; false sends no CORS headers at all (the browser then blocks). Default: echo Origin. */
  allowOrigin?: string | false;
  /** Length of the deterministic embedding vectors (default 8). */
  embeddingDim?: number;
}

export interface FakeServer {
  /** Base URL: Ollama http://127.0.0.1:PORT, OpenAI http://127.0.0.1:PORT/v1. */
  url: string;
  /** Every request received, in order (preflights included, method OPTIONS). */
  requests: RecordedRequest[];
  /** Queue more scripted replies for the next chat calls. */
  push(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export const DEFAULT_REPLY: ScriptedReply = { content: 'Hello, robot!' };
export const OLLAMA_MODELS = ['qwen2.5:7b-instruct', 'llama3.2:3b', 'nomic-embed-text'];
export const OPENAI_MODELS = ['gpt-4o-mini', 'text-embedding-3-small'];

type Handler = (req: IncomingMessage, res: ServerResponse, body: unknown, ctx: ServerContext) => void | Promise<void>;

interface ServerContext {
  options: FakeServerOptions;
  nextReply(): ScriptedReply;
  models: string[];
}

function answerText(reply: ScriptedReply): string {
  if (reply.empty) return '';
  if (reply.invalidJson) return '{"actions": [{"action": "add_display", "display_type": ';
  if (reply.json !== undefined) return JSON.stringify(reply.json);
  if (reply.chunks) return reply.chunks.join('');
  return reply.content ?? '';
}

function answerChunks(reply: ScriptedReply): string[] {
  if (reply.chunks && !reply.empty && !reply.invalidJson) return reply.chunks;
  return answerText(reply).match(/\s*\S+/g) ?? [];
}

function thinkingChunks(reply: ScriptedReply): string[] {
  return reply.thinking ? reply.thinking.match(/\s*\S+/g) ?? [] : [];
}

/** A deterministic unit vector from the text, so equal texts embed equally and tests can compare. */
export function fakeEmbedding(text: string, dim = 8): number[] {
  const v: number[] = [];
  let h = 2166136261;
  for (let i = 0; i < dim; i++) {
    for (const ch of `${i}:${text}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    v.push((h % 2001) / 1000 - 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function wordOverlapScore(query: string, doc: string): number {
  const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9_]+/g) ?? []);
  const q = words(query);
  const d = words(doc);
  if (q.size === 0) return 0;
  let hits = 0;
  for (const w of q) if (d.has(w)) hits++;
  return hits / q.size;
}

const sleep = (ms: number, res: ServerResponse) => new Promise<boolean>((resolve) => {
  if (ms <= 0) { resolve(true); return; }
  const onClose = () => { clearTimeout(timer); resolve(false); };
  const timer = setTimeout(() => { res.off('close', onClose); resolve(true); }, ms);
  res.once('close', onClose);
});

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Write chunks one by one; stop early (without the closing message) when the script says to cut. */
async function writeStream(res: ServerResponse, reply: ScriptedReply, frames: string[], closing: string[]): Promise<void> {
  for (let i = 0; i < frames.length; i++) {
    if (reply.cutAfterChunks !== undefined && i >= reply.cutAfterChunks) return cut(res, reply);
    if (res.destroyed) return;
    res.write(frames[i]);
    if (reply.chunkDelayMs && !(await sleep(reply.chunkDelayMs, res))) return;
    else await new Promise((r) => setImmediate(r));
  }
  if (reply.cutAfterChunks !== undefined) return cut(res, reply); // all chunks sent, but never the done message
  for (const c of closing) res.write(c);
  res.end();
}

function cut(res: ServerResponse, reply: ScriptedReply): void {
  if (reply.cutMode === 'destroy') res.socket?.destroy();
  else res.end();
}

function modelMissing(ctx: ServerContext, model: unknown): boolean {
  return typeof model !== 'string' || !ctx.models.includes(model);
}

// ---------------------------------------------------------------- Ollama

const ollamaRoutes: Record<string, Handler> = {
  'GET /api/tags': (_req, res, _body, ctx) => sendJson(res, 200, {
    models: ctx.models.map((name) => ({ name, model: name, modified_at: '2026-01-01T00:00:00Z', size: 4_000_000_000, digest: 'sha256:0', details: { format: 'gguf', family: 'fake' } })),
  }),
  'GET /api/version': (_req, res) => sendJson(res, 200, { version: '0.12.0' }),
  'POST /api/generate': (_req, res, body, ctx) => {
    const b = body as { model?: unknown };
    if (modelMissing(ctx, b?.model)) return sendJson(res, 404, { error: `model "${String(b?.model)}" not found, try pulling it first` });
    sendJson(res, 200, { model: b.model, created_at: new Date().toISOString(), response: '', done: true, done_reason: 'load' });
  },
  'POST /api/embed': (_req, res, body, ctx) => {
    const b = body as { model?: unknown; input?: unknown };
    if (modelMissing(ctx, b?.model)) return sendJson(res, 404, { error: `model "${String(b?.model)}" not found, try pulling it first` });
    const inputs = Array.isArray(b.input) ? b.input.map(String) : [String(b.input ?? '')];
    sendJson(res, 200, { model: b.model, embeddings: inputs.map((t) => fakeEmbedding(t, ctx.options.embeddingDim)) });
  },
  'POST /api/chat': async (_req, res, body, ctx) => {
    const b = body as { model?: unknown; stream?: boolean };
    if (modelMissing(ctx, b?.model)) return sendJson(res, 404, { error: `model "${String(b?.model)}" not found, try pulling it first` });
    const reply = ctx.nextReply();
    if (!(await sleep(reply.delayFirstTokenMs ?? 0, res))) return;
    if (reply.status) return sendJson(res, reply.status, { error: reply.errorMessage ?? `scripted failure ${reply.status}` });
    const base = { model: b.model, created_at: new Date().toISOString() };
    if (b.stream === false) {
      return sendJson(res, 200, { ...base, message: { role: 'assistant', content: answerText(reply), ...(reply.thinking ? { thinking: reply.thinking } : {}) }, done: true, done_reason: 'stop' });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const frames = [
      ...thinkingChunks(reply).map((t) => ({ role: 'assistant', content: '', thinking: t })),
      ...answerChunks(reply).map((c) => ({ role: 'assistant', content: c })),
    ].map((message) => `${JSON.stringify({ ...base, message, done: false })}\n`);
    const closing = `${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', eval_count: frames.length })}\n`;
    await writeStream(res, reply, frames, [closing]);
  },
};

// ---------------------------------------------------------------- OpenAI

function openaiError(res: ServerResponse, status: number, message: string, code: string | null, type = 'invalid_request_error'): void {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

const openaiRoutes: Record<string, Handler> = {
  'GET /v1/models': (_req, res, _body, ctx) => sendJson(res, 200, {
    object: 'list', data: ctx.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
  }),
  'POST /v1/embeddings': (_req, res, body, ctx) => {
    const b = body as { model?: unknown; input?: unknown };
    if (modelMissing(ctx, b?.model)) return openaiError(res, 404, `The model \`${String(b?.model)}\` does not exist or you do not have access to it.`, 'model_not_found');
    const inputs = Array.isArray(b.input) ? b.input.map(String) : [String(b.input ?? '')];
    sendJson(res, 200, {
      object: 'list', model: b.model, usage: { prompt_tokens: 1, total_tokens: 1 },
      data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t, ctx.options.embeddingDim) })),
    });
  },
  'POST /v1/rerank': (_req, res, body) => {
    const b = body as { query?: unknown; documents?: unknown; top_n?: unknown };
    if (typeof b?.query !== 'string' || !Array.isArray(b.documents)) return openaiError(res, 400, 'rerank needs query (string) and documents (array)', null);
    const docs = b.documents.map((d) => (typeof d === 'string' ? d : String((d as { text?: unknown })?.text ?? '')));
    const results = docs.map((d, index) => ({ index, relevance_score: wordOverlapScore(b.query as string, d) }))
      .sort((x, y) => y.relevance_score - x.relevance_score || x.index - y.index)
      .slice(0, typeof b.top_n === 'number' ? b.top_n : docs.length);
    sendJson(res, 200, { id: 'rerank-fake', results });
  },
  'POST /v1/chat/completions': async (_req, res, body, ctx) => {
    const b = body as { model?: unknown; stream?: boolean; response_format?: { type?: string } };
    if (modelMissing(ctx, b?.model)) return openaiError(res, 404, `The model \`${String(b?.model)}\` does not exist or you do not have access to it.`, 'model_not_found');
    if (ctx.options.jsonSchema === false && b.response_format?.type === 'json_schema') {
      return openaiError(res, 400, "response_format type 'json_schema' is not supported by this server", null);
    }
    const reply = ctx.nextReply();
    if (!(await sleep(reply.delayFirstTokenMs ?? 0, res))) return;
    if (reply.status) return openaiError(res, reply.status, reply.errorMessage ?? `scripted failure ${reply.status}`, null, reply.status >= 500 ? 'server_error' : 'invalid_request_error');
    const field = ctx.options.reasoningField ?? 'reasoning_content';
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: b.model };
    if (!b.stream) {
      return sendJson(res, 200, {
        ...base, object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: answerText(reply), ...(reply.thinking ? { [field]: reply.thinking } : {}) }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
    const frames = [
      ...thinkingChunks(reply).map((t) => frame({ role: 'assistant', [field]: t }, null)),
      ...answerChunks(reply).map((c) => frame({ role: 'assistant', content: c }, null)),
    ];
    await writeStream(res, reply, frames, [frame({}, 'stop'), 'data: [DONE]\n\n']);
  },
};

// ---------------------------------------------------------------- shared server

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (text === '') return undefined;
  try { return JSON.parse(text) as unknown; } catch { return text; }
}

function corsHeaders(req: IncomingMessage, options: FakeServerOptions): Record<string, string> {
  if (options.allowOrigin === false) return {};
  return {
    'access-control-allow-origin': options.allowOrigin ?? req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    // `*` does not cover Authorization, so echo what the browser asks for.
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type, authorization',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

async function startServer(routes: Record<string, Handler>, options: FakeServerOptions, defaultModels: string[], suffix: string): Promise<FakeServer> {
  const queue: ScriptedReply[] = [...(options.replies ?? [])];
  const requests: RecordedRequest[] = [];
  const ctx: ServerContext = { options, models: options.models ?? defaultModels, nextReply: () => queue.shift() ?? DEFAULT_REPLY };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      requests.push({ method: req.method ?? 'GET', path, headers, body });
      for (const [k, v] of Object.entries(corsHeaders(req, options))) res.setHeader(k, v);
      if (req.method === 'OPTIONS') { res.writeHead(204); res.end(); return; }
      if (options.apiKey !== undefined) {
        const sent = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        if (sent !== options.apiKey) {
          // Echo the key sent, as some servers do, so tests can prove it never reaches a message.
          if (path.startsWith('/v1/')) return openaiError(res, 401, `Incorrect API key provided: ${sent}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_api_key');
          return sendJson(res, 401, { error: `unauthorized: key "${sent}" is not valid` });
        }
      }
      const handler = routes[`${req.method} ${path}`];
      if (!handler) return sendJson(res, 404, { error: `no route ${req.method} ${path}` });
      await handler(req, res, body, ctx);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: `fake server bug: ${String(err)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${suffix}`,
    requests,
    push: (...replies) => { queue.push(...replies); },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A loopback server speaking the Ollama API: /api/chat (NDJSON stream or not), /api/embed, /api/tags, /api/generate. */
export function startFakeOllama(script: FakeServerOptions | ScriptedReply[] = {}): Promise<FakeServer> {
  return startServer(ollamaRoutes, Array.isArray(script) ? { replies: script } : script, OLLAMA_MODELS, '');
}

/** A loopback server speaking the OpenAI API: /v1/chat/completions (SSE or not), /v1/embeddings, /v1/models, /v1/rerank. */
export function startFakeOpenAI(script: FakeServerOptions | ScriptedReply[] = {}): Promise<FakeServer> {
  return startServer(openaiRoutes, Array.isArray(script) ? { replies: script } : script, OPENAI_MODELS, '/v1');
}
