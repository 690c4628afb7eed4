/** What the user picks in settings or on the command line, and which servers count as cloud. */
import type { ProviderId } from '../core/model.ts';

export interface ProviderSettings {
  provider: ProviderId;
  model: string;
  /** Ollama: http://HOST:11434 (default http://127.0.0.1:11434). OpenAI-compatible: http://HOST:PORT/v1 (default OpenAI's API). */
  baseUrl?: string;
  apiKey?: string;
  /** Treat the server as cloud even if it looks local: prompts get redacted. */
  markCloud?: boolean;
}

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';
export const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

export function effectiveBaseUrl(settings: Pick<ProviderSettings, 'provider' | 'baseUrl'>): string {
  const url = settings.baseUrl?.trim() || (settings.provider === 'ollama' ? DEFAULT_OLLAMA_URL : DEFAULT_OPENAI_URL);
  return url.replace(/\/+$/, '');
}

function ipv4Octets(host: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const o = m.slice(1).map(Number);
  return o.every((x) => x <= 255) ? o : undefined;
}

/** Loopback, RFC 1918, link-local, unique-local IPv6, localhost and .local names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = ipv4Octets(host.startsWith('::ffff:') ? host.slice(7) : host);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 0);
  }
  if (host.includes(':')) {
    if (host === '::1' || host === '::') return true;
    const first = parseInt(host.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00 /* fc00::/7 */ || (first & 0xffc0) === 0xfe80 /* fe80::/10 */;
  }
  return false;
}

/** Cloud = OpenAI's own API, any host that is not loopback or private, or a server the user marked as cloud. */
export function isCloudSettings(settings: ProviderSettings): boolean {
  if (settings.markCloud) return true;
  let host: string;
  try {
    host = new URL(effectiveBaseUrl(settings)).hostname;
  } catch {
    return true; // an unparseable URL is refused later; until then assume the worst
  }
  if (host === 'api.openai.com') return true;
  return !isPrivateHost(host);
}
