// The model options every model-using command shares (--provider, --model, --base-url, --redact, and
// the env vars OLLAMA_HOST, OPENAI_API_KEY, OPENAI_BASE_URL), turned into a ModelClient.
import { hostname } from 'node:os';
import { ModelError, type ModelClient } from '../core/model.ts';
import type { RedactorOptions } from '../core/redact/index.ts';
import type { CreateClientOptions, ProviderSettings } from '../llm/index.ts';
import { CliError } from './context.ts';

export interface ModelOptionsExtra {
  /** Commands that only list models (models) need no --model. Default true. */
  requireModel?: boolean;
  /** Names to mask for cloud providers, beyond this machine's hostname and the --url host (e.g. node names). */
  redaction?: RedactorOptions;
  /** Passed through to createModelClient (timeouts, keep_alive). */
  client?: Omit<CreateClientOptions, 'redaction' | 'redactor'>;
}

/** OLLAMA_HOST is what `ollama serve` reads too: "0.0.0.0", "host:port" or a URL. Make it a URL a client can dial. */
export function ollamaHostToUrl(value: string): string {
  let v = value.trim();
  const hadScheme = /^[a-z]+:\/\//i.test(v);
  if (!hadScheme) v = `http://${v}`;
  const url = new URL(v);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1'; // a bind address, not one to connect to
  if (url.hostname === '[::]') url.hostname = '[::1]';
  // Like ollama itself: no scheme and no port means the default port; an explicit scheme keeps its own default.
  if (!url.port && !hadScheme && !/^http:\/\/[^/]*:\d+/i.test(v)) url.port = '11434';
  return url.toString().replace(/\/+$/, '');
}

/** The provider settings the options and environment describe; undefined means offline (no model). */
export function providerSettingsFromOptions(options: Record<string, string | boolean>, env: NodeJS.ProcessEnv, requireModel = true): ProviderSettings | undefined {
  const provider = typeof options.provider === 'string' ? options.provider : 'offline';
  if (provider === 'offline') return undefined;
  if (provider !== 'ollama' && provider !== 'openai') throw new CliError(`--provider must be offline, ollama or openai (got "${provider}")`);
  const model = typeof options.model === 'string' ? options.model.trim() : '';
  if (requireModel && !model) {
    throw new CliError(`--model is required with --provider ${provider} (list what the server has: rviz-companion models --provider ${provider})`);
  }
  const explicitUrl = typeof options['base-url'] === 'string' ? options['base-url'].trim() : '';
  let baseUrl: string | undefined;
  try {
    if (provider === 'ollama') baseUrl = explicitUrl || (env.OLLAMA_HOST?.trim() ? ollamaHostToUrl(env.OLLAMA_HOST) : undefined);
    else baseUrl = explicitUrl || env.OPENAI_BASE_URL?.trim() || undefined;
  } catch {
    throw new CliError(`OLLAMA_HOST "${env.OLLAMA_HOST ?? ''}" is not a host or URL`);
  }
  const apiKey = provider === 'openai' ? env.OPENAI_API_KEY?.trim() || undefined : undefined;
  if (provider === 'openai' && !baseUrl && !apiKey) {
    throw new CliError('OpenAI needs an API key: set OPENAI_API_KEY (or give --base-url for an OpenAI-compatible server)');
  }
  return { provider, model, baseUrl, apiKey, markCloud: options.redact === true };
}

/** A ModelClient from the shared options, or undefined for the offline provider. */
export async function modelClientFromOptions(options: Record<string, string | boolean>, env: NodeJS.ProcessEnv, extra: ModelOptionsExtra = {}): Promise<ModelClient | undefined> {
  const settings = providerSettingsFromOptions(options, env, extra.requireModel ?? true);
  if (!settings) return undefined;
  const robotUrl = typeof options.url === 'string' ? options.url : undefined;
  const redaction: RedactorOptions = {
    ...extra.redaction,
    hostnames: [hostname(), ...(extra.redaction?.hostnames ?? [])],
    robotHost: extra.redaction?.robotHost ?? robotUrl,
  };
  const { createModelClient } = await import('../llm/index.ts');
  try {
    return await createModelClient(settings, { ...extra.client, redaction });
  } catch (err) {
    throw err instanceof ModelError ? cliErrorFromModel(err) : err;
  }
}

/** A ModelError as one CLI line: what happened, then what to do. */
export function cliErrorFromModel(err: ModelError): CliError {
  return new CliError(err.hint ? `${err.message} — ${err.hint}` : err.message);
}
