/**
 * Defaults the page gets from `rviz-companion serve` (`GET serve-config.json`: `{url?, kiosk?}`), read once before the
 * app starts. Under the Vite dev server or any other host there is none and nothing changes. Query parameters
 * (`?url=`, `?kiosk=`) always win; see robot-url.ts for the order.
 */
export interface AppDefaults {
  url?: string;
  kiosk?: boolean;
}

export function parseAppDefaults(value: unknown): AppDefaults {
  const out: AppDefaults = {};
  if (!value || typeof value !== 'object') return out;
  const v = value as Record<string, unknown>;
  if (typeof v['url'] === 'string' && /^wss?:\/\//i.test(v['url'])) out.url = v['url'];
  if (v['kiosk'] === true) out.kiosk = true;
  return out;
}

/** Fetches the defaults with a short timeout (the service worker answers from its cache when serve is not up yet). */
export async function loadAppDefaults(base: string, timeoutMs = 1500): Promise<AppDefaults> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(new URL('serve-config.json', base), { signal: controller.signal, cache: 'no-cache' });
    if (!res.ok || !/json/.test(res.headers.get('content-type') ?? '')) return {};
    return parseAppDefaults(await res.json());
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** The layout: `?kiosk=1` / `?kiosk=0` decide; without it, serve's `--kiosk`. */
export function kioskFrom(search: string, defaults: AppDefaults): boolean {
  const q = new URLSearchParams(search).get('kiosk');
  if (q !== null) return q === '1' || q === 'true';
  return defaults.kiosk === true;
}
