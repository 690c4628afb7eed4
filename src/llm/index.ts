/**
 * The one door to models. createModelClient picks the provider from settings and loads its SDK on
 * demand (so the first page stays small); cloud servers get a redacting wrapper.
 */
import { ModelError, type ModelClient } from '../core/model.ts';
import { createRedactor, type Redactor, type RedactorOptions } from '../core/redact/index.ts';
import { RedactingClient } from './redacting-client.ts';
import { effectiveBaseUrl, isCloudSettings, type ProviderSettings } from './settings.ts';

export type { ProviderSettings } from './settings.ts';
export { isCloudSettings, isPrivateHost, effectiveBaseUrl, DEFAULT_OLLAMA_URL, DEFAULT_OPENAI_URL } from './settings.ts';
export { RedactingClient } from './redacting-client.ts';

export interface CreateClientOptions {
  /** Used when the provider is cloud; otherwise prompts go out as they are. */
  redactor?: Redactor;
  /** Builds a redactor when none is given (this machine's names, robot host, node names). */
  redaction?: RedactorOptions;
  /** Ollama keep_alive (default '10m'). */
  keepAlive?: string;
  /** For tests and special transports. */
  fetch?: typeof fetch;
  /** Default timeouts (ms) when a call gives none: chat/embed, and quick calls such as listing models. */
  timeouts?: { chat?: number; quick?: number };
}

function checkSettings(settings: ProviderSettings): string {
  if (settings.provider !== 'ollama' && settings.provider !== 'openai') {
    throw new ModelError('bad_request', `model: unknown provider "${String(settings.provider)}" (providers: ollama, openai)`);
  }
  const baseUrl = effectiveBaseUrl(settings);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ModelError('bad_request', `${settings.provider}: base URL "${baseUrl}" is not a URL`, settings.provider === 'ollama' ? 'e.g. http://127.0.0.1:11434' : 'e.g. http://127.0.0.1:8000/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelError('bad_request', `${settings.provider}: base URL "${baseUrl}" must start with http:// or https://`);
  }
  return baseUrl;
}

/** A client for the given settings. The model name may be empty only for listing models. */
export async function createModelClient(settings: ProviderSettings, opts: CreateClientOptions = {}): Promise<ModelClient> {
  const baseUrl = checkSettings(settings);
  const isCloud = isCloudSettings(settings);
  const common = { model: settings.model.trim(), baseUrl, apiKey: settings.apiKey?.trim() || undefined, isCloud, fetch: opts.fetch, timeouts: opts.timeouts };
  let client: ModelClient;
  if (settings.provider === 'ollama') {
    const { OllamaClient } = await import('./ollama.ts');
    client = new OllamaClient({ ...common, keepAlive: opts.keepAlive });
  } else {
    const { OpenAIClient } = await import('./openai.ts');
    client = new OpenAIClient(common);
  }
  if (!isCloud) return client;
  const redactor = opts.redactor ?? createRedactor({ ...opts.redaction, extraSecrets: [...(opts.redaction?.extraSecrets ?? []), ...(common.apiKey ? [common.apiKey] : [])] });
  return new RedactingClient(client, redactor);
}
