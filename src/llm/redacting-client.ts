/**
 * A ModelClient wrapper for cloud providers: every outgoing message (and the schema's strings) is
 * redacted; every reply, thinking text and streamed chunk is restored before the caller sees it.
 */
import type { CallOptions, ChatMessage, JsonCompletion, JsonSchema, ModelClient, StreamChunk } from '../core/model.ts';
import { createStreamRestorer, mapStrings, type Redactor } from '../core/redact/index.ts';

export class RedactingClient implements ModelClient {
  public readonly provider: ModelClient['provider'];
  public readonly model: string;
  public readonly isCloud: boolean;
  /** The wrapped client, for callers that need provider specifics. */
  public readonly inner: ModelClient;
  public readonly redactor: Redactor;

  public constructor(inner: ModelClient, redactor: Redactor) {
    this.inner = inner;
    this.redactor = redactor;
    this.provider = inner.provider;
    this.model = inner.model;
    this.isCloud = inner.isCloud;
    if (inner.warmUp) this.warmUp = (opts) => inner.warmUp!(opts);
  }

  public warmUp?: (opts?: CallOptions) => Promise<void>;

  private redactMessages(messages: ChatMessage[]): ChatMessage[] {
    return messages.map((m) => ({ role: m.role, content: this.redactor.redact(m.content) }));
  }

  public async completeJson(messages: ChatMessage[], schema: JsonSchema, opts?: CallOptions): Promise<JsonCompletion> {
    const maskedSchema = mapStrings(schema, (s) => this.redactor.redact(s)) as JsonSchema;
    const res = await this.inner.completeJson(this.redactMessages(messages), maskedSchema, opts);
    const restore = (s: string) => this.redactor.restore(s);
    // Restore inside the parsed value, not the raw text: an original such as C:\Users\x would break JSON escaping.
    return { ...res, value: mapStrings(res.value, restore), raw: restore(res.raw), thinking: res.thinking === undefined ? undefined : restore(res.thinking) };
  }

  public async *stream(messages: ChatMessage[], opts?: CallOptions): AsyncIterable<StreamChunk> {
    // Thinking and answer are separate texts, so each gets its own restorer for split tokens.
    const restorers = { thinking: createStreamRestorer(this.redactor), token: createStreamRestorer(this.redactor) };
    let current: StreamChunk['kind'] | undefined;
    for await (const chunk of this.inner.stream(this.redactMessages(messages), opts)) {
      if (current && current !== chunk.kind) {
        const held = restorers[current].flush();
        if (held) yield { kind: current, text: held };
      }
      current = chunk.kind;
      const text = restorers[chunk.kind].push(chunk.text);
      if (text) yield { kind: chunk.kind, text };
    }
    for (const kind of ['thinking', 'token'] as const) {
      const held = restorers[kind].flush();
      if (held) yield { kind, text: held };
    }
  }

  public embed(texts: string[], opts?: CallOptions): Promise<number[][]> {
    return this.inner.embed(texts.map((t) => this.redactor.redact(t)), opts);
  }

  public listModels(opts?: CallOptions): Promise<string[]> {
    return this.inner.listModels(opts);
  }
}
