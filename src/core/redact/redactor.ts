/**
 * Replaces private text (this machine's and the robot's host names, IP addresses, home paths, node
 * names, extra secrets) with stable tokens such as <HOST_1>, and maps tokens back in replies. One
 * redactor per conversation keeps tokens stable across turns.
 */
import { findHomePaths, findIpv4, findIpv6, hostOf, literalSpans, type SecretKind, type Span } from './patterns.ts';

export interface RedactorOptions {
  /** Names of this machine (e.g. os.hostname(), location.hostname). */
  hostnames?: readonly string[];
  /** The robot's address: a host, host:port or URL such as ws://turtlebot.local:9090. */
  robotHost?: string;
  /** ROS node names, matched exactly as given (e.g. "/amcl", "/robot1/lidar_driver"). */
  nodeNames?: readonly string[];
  /** Any further strings to mask (tokens appear as <SECRET_n>). */
  extraSecrets?: readonly string[];
}

export interface Redactor {
  redact(text: string): string;
  restore(text: string): string;
  /** Token → original text, for every token handed out so far. */
  readonly mapping: ReadonlyMap<string, string>;
  /** Add names learned later (e.g. node names once the graph arrives); tokens handed out so far stay valid. */
  learn(more: RedactorOptions): void;
}

// When spans overlap at the same start, the longer one wins; at equal length, this order decides.
const PRIORITY: Record<SecretKind, number> = { SECRET: 0, HOME: 1, HOST: 2, NODE: 3, IP: 4 };

export const TOKEN_PATTERN = /<(SECRET|HOME|HOST|NODE|IP)_(\d+)>/gi;

function isPrivateSecret(s: string): boolean {
  return s.trim().length > 0;
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  const hostnames = new Set<string>();
  for (const h of options.hostnames ?? []) if (h.trim()) hostnames.add(h.trim());
  if (options.robotHost?.trim()) hostnames.add(hostOf(options.robotHost));
  const hostList = [...hostnames].filter((h) => h !== '');
  const nodeNames = (options.nodeNames ?? []).filter((n) => n.trim() !== '');
  const extra = (options.extraSecrets ?? []).filter(isPrivateSecret);
  const addNew = (list: string[], items: readonly string[] | undefined) => {
    for (const item of items ?? []) if (item.trim() !== '' && !list.includes(item.trim())) list.push(item.trim());
  };
  const learn: Redactor['learn'] = (more) => {
    addNew(hostList, [...(more.hostnames ?? []), ...(more.robotHost?.trim() ? [hostOf(more.robotHost)] : [])]);
    addNew(nodeNames, more.nodeNames);
    addNew(extra, more.extraSecrets);
  };

  const tokenByOriginal = new Map<string, string>();
  const originalByToken = new Map<string, string>();
  const counters: Record<SecretKind, number> = { SECRET: 0, HOME: 0, HOST: 0, NODE: 0, IP: 0 };

  const tokenFor = (kind: SecretKind, original: string): string => {
    // Host names compare case-insensitively (DNS does); everything else exactly.
    const key = `${kind}\u0000${kind === 'HOST' ? original.toLowerCase() : original}`;
    let token = tokenByOriginal.get(key);
    if (!token) {
      counters[kind] += 1;
      token = `<${kind}_${counters[kind]}>`;
      tokenByOriginal.set(key, token);
      originalByToken.set(token, original);
    }
    return token;
  };

  const findSpans = (text: string): Span[] => [
    ...literalSpans(text, extra, 'SECRET'),
    ...findHomePaths(text),
    ...literalSpans(text, hostList, 'HOST'),
    ...literalSpans(text, nodeNames, 'NODE'),
    ...findIpv6(text),
    ...findIpv4(text),
  ];

  const redact = (text: string): string => {
    const spans = findSpans(text).sort((a, b) => a.start - b.start || (b.end - b.start) - (a.end - a.start) || PRIORITY[a.kind] - PRIORITY[b.kind]);
    let out = '';
    let cursor = 0;
    for (const span of spans) {
      if (span.start < cursor) continue; // overlaps a span already replaced
      out += text.slice(cursor, span.start) + tokenFor(span.kind, text.slice(span.start, span.end));
      cursor = span.end;
    }
    return out + text.slice(cursor);
  };

  const restore = (text: string): string =>
    text.replace(TOKEN_PATTERN, (whole, kind: string, n: string) => originalByToken.get(`<${kind.toUpperCase()}_${n}>`) ?? whole);

  return { redact, restore, mapping: originalByToken, learn };
}
