/** Checks a robot URL before any connection attempt: only `ws://` and `wss://` with a host are accepted. */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export function checkRobotUrl(input: string): UrlCheck {
  const text = input.trim();
  const bad = (why: string): UrlCheck => ({ ok: false, reason: `not a WebSocket URL: "${input}" (${why})` });
  if (text === '') return bad('empty; expected ws://HOST:PORT, e.g. ws://localhost:9090');
  if (/^https?:\/\//i.test(text)) return bad(`use ws:// or wss:// instead of ${text.split(':')[0]}://`);
  if (!/^wss?:\/\//i.test(text)) return bad('it must start with ws:// or wss://, e.g. ws://localhost:9090');
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return bad('it cannot be parsed');
  }
  if (!parsed.hostname) return bad('no host');
  if (parsed.username || parsed.password) return bad('credentials in the URL are not supported');
  return { ok: true, url: text };
}
