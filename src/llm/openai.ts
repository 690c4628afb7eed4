/**
 * ModelClient for OpenAI and OpenAI-compatible servers (vLLM, llama.cpp server, LM Studio) through
 * the `openai` package. Structured output uses response_format json_schema (strict); a server that
 * refuses it gets JSON mode plus schema validation from then on. Reasoning deltas become thinking.
 */
import OpenAI from 'openai';
import Ajv from 'ajv';
import type { CallOptions, ChatMessage, JsonCompletion, JsonSchema, ModelClient, StreamChunk } from '../core/model.ts';
import { openScope, type CallScope } from './call-scope.ts';
import { createThinkSplitter, splitThinkTags } from './think-tags.ts';
import { emptyAnswer, invalidJson, readJsonAnswer, toModelError, type ErrorContext } from './errors.ts';

export interface OpenAIClientConfig {
  model: string;
  /** Must include /v1 (the SDK appends /chat/completions). */
  baseUrl: string;
  apiKey?: string;
  isCloud: boolean;
  fetch?: typeof fetch;
  timeouts?: { chat?: number; quick?: number };
}

/** Names of models that take `reasoning_effort` (o-series and gpt-5), with or without a vendor prefix. */
export function acceptsReasoningEffort(model: string): boolean {
  const name = model.toLowerCase().split('/').pop() ?? '';
  return /^o\d/.test(name) || name.startsWith('gpt-5');
}

/** A 400 that says the server cannot do response_format json_schema (as opposed to any other bad request). */
function refusesJsonSchema(err: unknown): boolean {
  const status = (err as { status?: unknown })?.status;
  const message = err instanceof Error ? err.message : '';
  return (status === 400 || status === 422) && /response_format|json_schema|structured output|schema/i.test(message);
}

// Reasoning text arrives under different names: reasoning_content (DeepSeek, vLLM), reasoning (OpenRouter, some llama.cpp builds).
interface ReasoningFields { reasoning_content?: string | null; reasoning?: string | null }

function reasoningOf(part: unknown): string | undefined {
  const r = part as ReasoningFields | undefined;
  const text = r?.reasoning_content ?? r?.reasoning;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

function schemaName(schema: JsonSchema): string {
  const title = typeof schema.title === 'string' ? schema.title : 'answer';
  return title.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'answer';
}

export class OpenAIClient implements ModelClient {
  public readonly provider = 'openai' as const;
  public readonly model: string;
  public readonly isCloud: boolean;
  private readonly cfg: OpenAIClientConfig;
  private readonly label: string;
  private readonly sdk: OpenAI;
  /** Learned from the server: undefined = not yet known. */
  private jsonSchemaSupported: boolean | undefined;
  private ajv: Ajv | undefined;

  public constructor(cfg: OpenAIClientConfig) {
    this.cfg = cfg;
    this.model = cfg.model;
    this.isCloud = cfg.isCloud;
    this.label = /^https:\/\/api\.openai\.com\b/.test(cfg.baseUrl) ? 'OpenAI' : `openai-compatible server at ${cfg.baseUrl}`;
    this.sdk = new OpenAI({
      // Local servers need no key, but the SDK insists on one; this placeholder is not a secret.
      apiKey: cfg.apiKey || 'no-key',
      baseURL: cfg.baseUrl,
      dangerouslyAllowBrowser: true, // the key is the user's own, typed into their own browser
      maxRetries: 0, // our caller decides about retries; hidden retries would blur timeouts
      timeout: 24 * 3600_000, // our own scope enforces the call's timeout
      fetch: cfg.fetch,
    });
  }

  /** Whether structured outputs (json_schema) were refused by this server. */
  public get usesJsonMode(): boolean {
    return this.jsonSchemaSupported === false;
  }

  private errorContext(scope: CallScope, streaming = false): ErrorContext {
    return { provider: this.provider, label: this.label, baseUrl: this.cfg.baseUrl, model: this.model, scope, secrets: this.cfg.apiKey ? [this.cfg.apiKey] : [], streaming };
  }

  private async run<T>(opts: CallOptions | undefined, timeout: number, body: (scope: CallScope) => Promise<T>): Promise<T> {
    const scope = openScope(opts, timeout);
    try {
      return await body(scope);
    } catch (err) {
      throw await toModelError(err, this.errorContext(scope));
    } finally {
      scope.dispose();
    }
  }

  private effort(): { reasoning_effort?: 'low'; temperature?: number } {
    // Reasoning models refuse temperature other than the default; the others get 0 for repeatable plans.
    return acceptsReasoningEffort(this.model) ? { reasoning_effort: 'low' } : { temperature: 0 };
  }

  public completeJson(messages: ChatMessage[], schema: JsonSchema, opts?: CallOptions): Promise<JsonCompletion> {
    return this.run(opts, this.cfg.timeouts?.chat ?? 120_000, async (scope) => {
      const started = performance.now();
      const ask = (format: 'schema' | 'json') => this.sdk.chat.completions.create({
        model: this.model,
        messages: format === 'schema' ? messages : withJsonInstruction(messages, schema),
        response_format: format === 'schema'
          ? { type: 'json_schema', json_schema: { name: schemaName(schema), schema, strict: true } }
          : { type: 'json_object' },
        ...this.effort(),
      }, { signal: scope.signal });

      let res;
      if (this.jsonSchemaSupported !== false) {
        try {
          res = await ask('schema');
          this.jsonSchemaSupported = true;
        } catch (err) {
          if (!refusesJsonSchema(err) || this.jsonSchemaSupported === true) throw err;
          this.jsonSchemaSupported = false;
        }
      }
      res ??= await ask('json');

      const message = res.choices[0]?.message;
      const inline = splitThinkTags(message?.content ?? '');
      const raw = inline.content;
      const thinking = [reasoningOf(message), inline.thinking].filter(Boolean).join('\n') || undefined;
      const { value, extracted } = readJsonAnswer(this.label, this.model, raw);
      if (this.jsonSchemaSupported === false && !opts?.lenientSchema) this.validate(schema, value, raw);
      return { value, raw, thinking, ms: performance.now() - started, ...(extracted ? { extracted } : {}) };
    });
  }

  /** JSON mode promises JSON, not the schema: check it here so callers get the same guarantee either way. */
  private validate(schema: JsonSchema, value: unknown, raw: string): void {
    this.ajv ??= new Ajv({ strict: false, allErrors: false });
    let check;
    try {
      check = this.ajv.compile(schema);
    } catch {
      return; // a schema Ajv cannot compile is the caller's to validate
    }
    if (!check(value)) {
      const first = check.errors?.[0];
      throw invalidJson(this.label, this.model, raw, `does not match the schema: ${first ? `${first.instancePath || '/'} ${first.message ?? ''}` : 'invalid'}`);
    }
  }

  public async *stream(messages: ChatMessage[], opts?: CallOptions): AsyncIterable<StreamChunk> {
    const scope = openScope(opts, this.cfg.timeouts?.chat ?? 120_000);
    let started = false;
    let answered = false;
    let finished = false;
    try {
      const stream = await this.sdk.chat.completions.create({ model: this.model, messages, stream: true, ...this.effort() }, { signal: scope.signal });
      started = true;
      const split = createThinkSplitter();
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (!choice) continue;
        const thinking = reasoningOf(choice.delta);
        if (thinking) yield { kind: 'thinking', text: thinking };
        for (const part of split.push(choice.delta?.content ?? '')) {
          answered ||= part.kind === 'token';
          yield part;
        }
        if (choice.finish_reason) finished = true;
      }
      // The SDK ends quietly when its request is aborted, and when the server just stops: tell those apart here.
      if (scope.stopped()) throw new Error('stopped');
      for (const part of split.flush()) {
        answered ||= part.kind === 'token';
        yield part;
      }
      if (!finished) throw new Error('terminated: stream ended without a finish reason');
      if (!answered) throw emptyAnswer(this.label, this.model);
    } catch (err) {
      throw await toModelError(err, this.errorContext(scope, started));
    } finally {
      scope.dispose();
    }
  }

  public embed(texts: string[], opts?: CallOptions): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return this.run(opts, this.cfg.timeouts?.chat ?? 120_000, async (scope) => {
      const res = await this.sdk.embeddings.create({ model: this.model, input: texts, encoding_format: 'float' }, { signal: scope.signal });
      const rows = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (rows.length !== texts.length) throw new Error(`expected ${texts.length} embeddings, got ${rows.length}`);
      return rows;
    });
  }

  public listModels(opts?: CallOptions): Promise<string[]> {
    return this.run(opts, this.cfg.timeouts?.quick ?? 10_000, async (scope) => {
      const ids: string[] = [];
      for await (const m of this.sdk.models.list({ signal: scope.signal })) ids.push(m.id);
      return ids.sort();
    });
  }
}

/** JSON mode needs the word JSON in the prompt, and a model without a schema needs to see it. */
function withJsonInstruction(messages: ChatMessage[], schema: JsonSchema): ChatMessage[] {
  const note: ChatMessage = { role: 'system', content: `Answer with one JSON object only, matching this JSON Schema:\n${JSON.stringify(schema)}` };
  return [...messages, note];
}
