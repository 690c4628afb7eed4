/**
 * Turns whatever an SDK or fetch throws into a ModelError with a stable kind, a plain message and
 * a hint. Messages never contain the API key: every text passes through scrubSecrets.
 */
import { ModelError, type ProviderId } from '../core/model.ts';
import type { CallScope } from './call-scope.ts';

export interface ErrorContext {
  provider: ProviderId;
  /** e.g. "ollama at http://127.0.0.1:11434" */
  label: string;
  baseUrl: string;
  model: string;
  scope: CallScope;
  /** Strings that must never appear in a message (the API key). */
  secrets: readonly string[];
  /** True once part of a streamed answer arrived: a dropped connection is then a cut stream. */
  streaming?: boolean;
}

/** Remove secrets, and anything shaped like an API key or bearer token, from a text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out.replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{6,}/g, '$1-***').replace(/(Bearer\s+)[^\s"',]+/gi, '$1***');
}

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; status_code?: unknown };
  if (typeof e.status === 'number') return e.status;
  if (typeof e.status_code === 'number') return e.status_code;
  return undefined;
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** The innermost cause's code (ECONNREFUSED, ENOTFOUND, ...) of a Node fetch failure, if any. */
function networkCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The deepest cause's message when it says more than the wrapper (e.g. fetch's "bad port"). */
function innermostCauseMessage(err: unknown): string | undefined {
  let e: unknown = err;
  let found: string | undefined;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) found = cause.message;
    e = cause;
  }
  return found;
}

function isNetworkFailure(err: unknown): boolean {
  const name = (err as { name?: unknown })?.name;
  if (name === 'APIConnectionError') return true;
  if (err instanceof TypeError) return true; // fetch's way of saying "no response" (Node: "fetch failed", browsers: "Failed to fetch")
  return networkCode(err) !== undefined;
}

function inBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/**
 * In a browser a refused connection and a CORS block look the same (TypeError). An opaque
 * no-cors request succeeds when the server is up, which tells the two apart.
 */
async function browserServerReachable(baseUrl: string): Promise<boolean> {
  try {
    await fetch(new URL(baseUrl).origin + '/', { mode: 'no-cors', signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

const NET_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
};

function startHint(provider: ProviderId): string {
  return provider === 'ollama'
    ? 'is Ollama running? start it with "ollama serve", or check the base URL (default http://127.0.0.1:11434)'
    : 'is the server running? check the base URL (OpenAI-compatible servers end in /v1)';
}

export async function toModelError(err: unknown, ctx: ErrorContext): Promise<ModelError> {
  const scrub = (t: string) => scrubSecrets(t, ctx.secrets);
  if (err instanceof ModelError) return new ModelError(err.kind, scrub(err.message), err.hint && scrub(err.hint));
  const stopped = ctx.scope.stopped();
  if (stopped === 'timeout') {
    return new ModelError('timeout', `${ctx.label}: no complete answer from "${ctx.model}" within ${ctx.scope.timeoutMs} ms`,
      'the model may still be loading or too large for this machine: try again, raise the timeout, or pick a smaller model');
  }
  if (stopped === 'aborted') return new ModelError('aborted', `${ctx.label}: cancelled`);

  const status = statusOf(err);
  const detail = scrub(messageOf(err)).replace(/\s+/g, ' ').trim().slice(0, 300);
  if (status !== undefined) {
    if (status === 401 || status === 403) {
      // The server's own text may quote the key; say it in our words only.
      return new ModelError('unauthorized', `${ctx.label}: the server refused the API key (HTTP ${status})`, 'check the API key');
    }
    if (status === 404) {
      if (/model_not_found|model\b[^.]*\b(not found|does not exist|not exist)|(no|unknown) model/i.test(detail)) {
        return new ModelError('model_not_found', `${ctx.label}: model "${ctx.model}" not found`,
          ctx.provider === 'ollama' ? `pull it with "ollama pull ${ctx.model}", or pick one from the list of models` : 'pick one from the list of models the server offers');
      }
      return new ModelError('bad_request', `${ctx.label}: not found (HTTP 404): ${detail}`, 'check the base URL (OpenAI-compatible servers end in /v1)');
    }
    if (status === 429) return new ModelError('server_error', `${ctx.label}: rate limited (HTTP 429): ${detail}`, 'wait a moment and try again');
    if (status >= 500) return new ModelError('server_error', `${ctx.label}: server error (HTTP ${status}): ${detail}`, 'the server failed; look at its log, or try again');
    return new ModelError('bad_request', `${ctx.label}: request refused (HTTP ${status}): ${detail}`);
  }

  if (/did not receive done|terminated|premature close|other side closed|aborted.*stream/i.test(detail) || (ctx.streaming && isNetworkFailure(err))) {
    return new ModelError('stream_cut', `${ctx.label}: the answer stopped before it was complete (${detail})`, 'the server closed the stream early; try again');
  }
  if (/model .*not found/i.test(detail)) {
    return new ModelError('model_not_found', `${ctx.label}: model "${ctx.model}" not found`, 'pick one from the list of models the server offers');
  }
  if (isNetworkFailure(err)) {
    if (inBrowser() && await browserServerReachable(ctx.baseUrl)) {
      const origin = globalThis.location?.origin ?? 'this page\'s origin';
      return new ModelError('cors', `${ctx.label}: the browser blocked the request (CORS)`,
        ctx.provider === 'ollama' ? `start Ollama with OLLAMA_ORIGINS=${origin}` : `allow the origin ${origin} in the server's CORS settings`);
    }
    const code = networkCode(err);
    const why = code ? NET_WORDS[code] ?? code : innermostCauseMessage(err) ?? 'no response';
    return new ModelError('unreachable', `${ctx.label}: cannot reach the server (${why})`, startHint(ctx.provider));
  }
  return new ModelError('server_error', `${ctx.label}: ${detail || 'unknown failure'}`);
}

export function emptyAnswer(label: string, model: string): ModelError {
  return new ModelError('empty', `${label}: model "${model}" returned an empty answer`,
    'thinking models can spend their whole budget reasoning: pick an instruct (non-thinking) model, or try again');
}

export function invalidJson(label: string, model: string, raw: string, why: string): ModelError {
  const snippet = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  return new ModelError('invalid_json', `${label}: model "${model}" did not answer with valid JSON (${why}): ${snippet}`,
    'try again, or pick a model that follows instructions better');
}

function tryParse(text: string): { value: unknown } | undefined {
  try { return { value: JSON.parse(text) as unknown }; } catch { return undefined; }
}

/**
 * The JSON in an answer. Models that ignore the requested format wrap it in a code fence or in a sentence or two; the
 * one JSON object found there is taken (and said so). Text with no parseable object still fails as invalid JSON.
 */
export function readJsonAnswer(label: string, model: string, raw: string): { value: unknown; extracted?: 'fence' | 'prose' } {
  if (raw.trim() === '') throw emptyAnswer(label, model);
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch (err) {
    const fenced = /```[a-zA-Z]*\s*\n([\s\S]*?)```/.exec(raw);
    const inFence = fenced ? tryParse(fenced[1]!) : undefined;
    if (inFence && typeof inFence.value === 'object' && inFence.value !== null) return { value: inFence.value, extracted: 'fence' };
    const start = raw.indexOf('{');
    const end = raw.lastIndexOf('}');
    const inProse = start >= 0 && end > start ? tryParse(raw.slice(start, end + 1)) : undefined;
    if (inProse) return { value: inProse.value, extracted: 'prose' };
    throw invalidJson(label, model, raw, err instanceof Error ? err.message : 'parse error');
  }
}
