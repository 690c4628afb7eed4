/**
 * The one interface through which planner and assistant reach a model. Implemented in src/llm
 * (Ollama, OpenAI and compatible); core code only ever sees this interface.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** Whole-call timeout in ms; a call that exceeds it fails with a clear "timed out" error. */
  timeoutMs?: number;
  /**
   * completeJson: the caller checks the answer's shape itself (the planner normalises a reply action by action), so a
   * client must not refuse a JSON answer for not matching the schema. Default false.
   */
  lenientSchema?: boolean;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A piece of a streamed answer: reasoning text (`thinking`) or answer text (`token`). */
export interface StreamChunk {
  kind: 'thinking' | 'token';
  text: string;
}

export type JsonSchema = Record<string, unknown>;

export interface JsonCompletion {
  /** The parsed JSON (not yet validated against the schema by the caller). */
  value: unknown;
  /** The raw text the model produced. */
  raw: string;
  /** Set when the JSON had to be taken out of a code fence or surrounding prose. */
  extracted?: 'fence' | 'prose';
  thinking?: string;
  /** Wall-clock ms spent in the model call. */
  ms: number;
}

export type ProviderId = 'ollama' | 'openai';

export interface ModelClient {
  readonly provider: ProviderId;
  readonly model: string;
  /** True when prompts must be redacted before they leave this machine. */
  readonly isCloud: boolean;
  completeJson(messages: ChatMessage[], schema: JsonSchema, opts?: CallOptions): Promise<JsonCompletion>;
  stream(messages: ChatMessage[], opts?: CallOptions): AsyncIterable<StreamChunk>;
  embed(texts: string[], opts?: CallOptions): Promise<number[][]>;
  listModels(opts?: CallOptions): Promise<string[]>;
  /** Load the model ahead of the first request (Ollama keeps it loaded for keep_alive). Optional. */
  warmUp?(opts?: CallOptions): Promise<void>;
}

/** A model failure with a stable kind, so UI and CLI can say what to do next. */
export type ModelErrorKind =
  | 'unreachable' | 'cors' | 'unauthorized' | 'model_not_found' | 'timeout' | 'empty'
  | 'invalid_json' | 'server_error' | 'aborted' | 'bad_request' | 'stream_cut';

export class ModelError extends Error {
  public readonly kind: ModelErrorKind;
  public readonly hint?: string;
  public constructor(kind: ModelErrorKind, message: string, hint?: string) {
    super(message);
    this.name = 'ModelError';
    this.kind = kind;
    this.hint = hint;
  }
}
