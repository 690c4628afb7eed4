/**
 * ModelClient for Ollama through the `ollama` package (its browser build, which also runs in Node 20).
 * Structured output sends the JSON schema as `format`; streams read both `thinking` and `content`.
 * The SDK has no per-call signal, so every call gets its own SDK instance with a scoped fetch.
 */
import { Ollama } from 'ollama/browser';
import type { CallOptions, ChatMessage, JsonCompletion, JsonSchema, ModelClient, StreamChunk } from '../core/model.ts';
import { openScope, scopedFetch, type CallScope } from './call-scope.ts';
import { createThinkSplitter, splitThinkTags } from './think-tags.ts';
import { emptyAnswer, readJsonAnswer, toModelError } from './errors.ts';

export interface OllamaClientConfig {
  model: string;
  baseUrl: string;
  apiKey?: string;
  isCloud: boolean;
  /** How long Ollama keeps the model loaded after a call (default '10m'). */
  keepAlive?: string;
  fetch?: typeof fetch;
  /** Default timeouts in ms when a call gives none. */
  timeouts?: { chat?: number; quick?: number };
}

export class OllamaClient implements ModelClient {
  public readonly provider = 'ollama' as const;
  public readonly model: string;
  public readonly isCloud: boolean;
  private readonly cfg: OllamaClientConfig;
  private readonly label: string;

  public constructor(cfg: OllamaClientConfig) {
    this.cfg = cfg;
    this.model = cfg.model;
    this.isCloud = cfg.isCloud;
    this.label = `ollama at ${cfg.baseUrl}`;
  }

  private sdk(scope: CallScope): Ollama {
    return new Ollama({
      host: this.cfg.baseUrl,
      fetch: scopedFetch(this.cfg.fetch ?? globalThis.fetch.bind(globalThis), scope.signal),
      headers: this.cfg.apiKey ? { Authorization: `Bearer ${this.cfg.apiKey}` } : undefined,
    });
  }

  private async run<T>(opts: CallOptions | undefined, timeout: number, body: (sdk: Ollama, scope: CallScope) => Promise<T>): Promise<T> {
    const scope = openScope(opts, timeout);
    try {
      return await body(this.sdk(scope), scope);
    } catch (err) {
      throw await toModelError(err, this.errorContext(scope));
    } finally {
      scope.dispose();
    }
  }

  private errorContext(scope: CallScope, streaming = false) {
    return { provider: this.provider, label: this.label, baseUrl: this.cfg.baseUrl, model: this.model, scope, secrets: this.cfg.apiKey ? [this.cfg.apiKey] : [], streaming };
  }

  private get keepAlive(): string {
    return this.cfg.keepAlive ?? '10m';
  }

  public completeJson(messages: ChatMessage[], schema: JsonSchema, opts?: CallOptions): Promise<JsonCompletion> {
    return this.run(opts, this.cfg.timeouts?.chat ?? 120_000, async (sdk) => {
      const started = performance.now();
      const res = await sdk.chat({
        model: this.model, messages, format: schema, stream: false, keep_alive: this.keepAlive, options: { temperature: 0 },
      });
      const inline = splitThinkTags(res.message?.content ?? '');
      const raw = inline.content;
      const thinking = [res.message?.thinking, inline.thinking].filter(Boolean).join('\n') || undefined;
      const { value, extracted } = readJsonAnswer(this.label, this.model, raw);
      return { value, raw, thinking, ms: performance.now() - started, ...(extracted ? { extracted } : {}) };
    });
  }

  public async *stream(messages: ChatMessage[], opts?: CallOptions): AsyncIterable<StreamChunk> {
    const scope = openScope(opts, this.cfg.timeouts?.chat ?? 120_000);
    let started = false;
    let answered = false;
    try {
      const iterator = await this.sdk(scope).chat({ model: this.model, messages, stream: true, keep_alive: this.keepAlive });
      started = true;
      const split = createThinkSplitter();
      for await (const part of iterator) {
        const thinking = part.message?.thinking;
        if (thinking) yield { kind: 'thinking', text: thinking };
        for (const chunk of split.push(part.message?.content ?? '')) {
          answered ||= chunk.kind === 'token';
          yield chunk;
        }
      }
      for (const chunk of split.flush()) {
        answered ||= chunk.kind === 'token';
        yield chunk;
      }
      if (!answered) throw emptyAnswer(this.label, this.model);
    } catch (err) {
      throw await toModelError(err, this.errorContext(scope, started));
    } finally {
      scope.dispose();
    }
  }

  public embed(texts: string[], opts?: CallOptions): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return this.run(opts, this.cfg.timeouts?.chat ?? 120_000, async (sdk) => {
      const res = await sdk.embed({ model: this.model, input: texts, keep_alive: this.keepAlive });
      if (!Array.isArray(res.embeddings) || res.embeddings.length !== texts.length) {
        throw new Error(`expected ${texts.length} embeddings, got ${Array.isArray(res.embeddings) ? res.embeddings.length : 'none'}`);
      }
      return res.embeddings;
    });
  }

  public listModels(opts?: CallOptions): Promise<string[]> {
    return this.run(opts, this.cfg.timeouts?.quick ?? 10_000, async (sdk) => {
      const res = await sdk.list();
      return (res.models ?? []).map((m) => m.name).sort();
    });
  }

  /** Load the model now (an empty generate), so the first real request does not pay for loading. */
  public warmUp(opts?: CallOptions): Promise<void> {
    return this.run(opts, this.cfg.timeouts?.chat ?? 120_000, async (sdk) => {
      await sdk.generate({ model: this.model, prompt: '', stream: false, keep_alive: this.keepAlive });
    });
  }
}
