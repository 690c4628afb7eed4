/**
 * Finders for the kinds of private text that must not leave this machine: addresses, home paths,
 * host and node names. Each returns spans over the original text; the redactor resolves overlaps.
 */

export type SecretKind = 'SECRET' | 'HOME' | 'HOST' | 'NODE' | 'IP';

export interface Span {
  start: number;
  end: number;
  kind: SecretKind;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
// Not glued to other digits or dots on either side, so version strings like 1.2.3.4.5 stay intact.
const IPV4 = new RegExp(`(?<![\\w.])${OCTET}(?:\\.${OCTET}){3}(?!\\.?\\d)(?!\\w)`, 'g');

// Candidates only: validated by isIpv6 so that times (12:30:45) and MACs are left alone.
const IPV6_CANDIDATE = /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|\d{1,3}(?:\.\d{1,3}){3})?(?:%[\w.]+)?(?!\w|:[0-9A-Fa-f:])/g;

// /home/NAME, /Users/NAME, C:\Users\NAME (also C:/Users/NAME and the JSON-escaped C:\\Users\\NAME).
const HOME = /(?:(?<![\w.~-])\/(?:home|Users)\/[^/\\\s"'`<>:;,()[\]{}]+|(?<![A-Za-z])[A-Za-z]:(?:\\\\|\\|\/)Users(?:\\\\|\\|\/)[^/\\\s"'`<>:;,()[\]{}]+)/g;

export function isIpv6(candidate: string): boolean {
  const text = candidate.replace(/%[\w.]+$/, '');
  if (!/[0-9A-Fa-f]/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (part: string): string[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    return groups.every((g) => g !== '') ? groups : undefined;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const g = all[i]!;
    if (/^[0-9A-Fa-f]{1,4}$/.test(g)) count += 1;
    else if (i === all.length - 1 && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(g) && g.split('.').every((o) => Number(o) <= 255)) count += 2;
    else return false;
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

function regexSpans(text: string, re: RegExp, kind: SecretKind, accept: (m: string) => boolean = () => true): Span[] {
  const spans: Span[] = [];
  re.lastIndex = 0;
  for (const m of text.matchAll(re)) {
    if (m[0] !== '' && accept(m[0])) spans.push({ start: m.index, end: m.index + m[0].length, kind });
  }
  return spans;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every occurrence of the given literal strings. Host names must not be glued to other name
 * characters (but may follow "ws://"); node names must not be part of a longer ROS name, so the
 * topic /amcl_pose survives masking the node /amcl; secrets are masked anywhere.
 */
export function literalSpans(text: string, literals: readonly string[], kind: SecretKind): Span[] {
  const [before, after, flags] = kind === 'HOST' ? ['(?<![\\w.-])', '(?![\\w-])', 'gi']
    : kind === 'NODE' ? ['(?<![\\w/-])', '(?![\\w/-])', 'g'] : ['', '', 'g'];
  const spans: Span[] = [];
  for (const literal of literals) {
    if (literal === '') continue;
    spans.push(...regexSpans(text, new RegExp(`${before}${escapeRegex(literal)}${after}`, flags), kind));
  }
  return spans;
}

export const findIpv4 = (text: string): Span[] => regexSpans(text, IPV4, 'IP');
export function findIpv6(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(IPV6_CANDIDATE)) {
    // "fe80::1: next" — a colon that ends a sentence part is punctuation, not a group.
    let value = m[0];
    if (value.endsWith(':') && !value.endsWith('::')) value = value.slice(0, -1);
    if (isIpv6(value)) spans.push({ start: m.index, end: m.index + value.length, kind: 'IP' });
  }
  return spans;
}
export const findHomePaths = (text: string): Span[] => regexSpans(text, HOME, 'HOME');

/** The host part of a robot URL (ws://host:9090/path), a bare host:port, or the text itself. */
export function hostOf(value: string): string {
  let rest = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  rest = rest.replace(/^[^@/]*@/, '').split('/')[0] ?? '';
  if (rest.startsWith('[')) return rest.slice(1, rest.indexOf(']') > 0 ? rest.indexOf(']') : undefined);
  const colons = rest.split(':').length - 1;
  return colons === 1 ? rest.slice(0, rest.indexOf(':')) : rest;
}
