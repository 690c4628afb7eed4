/**
 * The ROS-aware analyzer used for both pages and queries, so both sides always agree.
 *
 * - lowercase, accents folded (`tópico` → `topico`), English stop words (and a few es/de/fr ones) dropped;
 * - Porter stemming, so plurals and inflections meet (`frames` → `frame`, `transforms` → `transform`);
 * - ROS names are split AND kept joined: `use_sim_time` → use, sim, time, usesimtim;
 *   `sensor_msgs/msg/PointCloud2` → sensor, msg, sensormsg, msg, point, cloud, 2, pointcloud2, pointcloud;
 *   `DOMAIN_MISMATCH` → domain, mismatch, domainmismatch; `ros2` stays `ros2` (plus ros, 2); (all stemmed)
 * - CJK runs become overlapping bigrams (a single character alone), so Chinese text never crashes and can match.
 *
 * Nothing here is query syntax: every character of user text is plain text.
 */
import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.ts';

/** Letters/digits plus the characters that hold a ROS name together (`_`, `-`, `/`, `.`, `:`, `~`). */
const CHUNK = /[\p{L}\p{N}_\-/.:~]+/gu;
/** Separators that divide a name into segments (paths, namespaces, file names). */
const SEGMENT_SPLIT = /[/.:~]+/;
/** Separators inside one segment (snake_case, kebab-case). */
const WORD_SPLIT = /[_-]+/;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const DIGITS = /^\p{N}+$/u;

/** Split camelCase and letter/digit boundaries: `PointCloud2` → Point, Cloud, 2; `HTTPServer` → HTTP, Server. */
const ASCII_LOWER = /^[a-z]*$/;
const ASCII = /^[\x00-\x7f]*$/;

/** Unicode-property regexes cost microseconds per word; a word is split and folded once per vocabulary entry. */
const MEMO_LIMIT = 50_000;
const splitMemo = new Map<string, string[]>();
const foldMemo = new Map<string, string>();

function memo<T>(map: Map<string, T>, key: string, compute: (k: string) => T): T {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  if (map.size >= MEMO_LIMIT) map.clear();
  const value = compute(key);
  map.set(key, value);
  return value;
}

function splitCase(word: string): string[] {
  if (ASCII_LOWER.test(word)) return [word];
  return memo(splitMemo, word, (w) => w
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(' ')
    .filter((p) => p.length > 0));
}

function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return memo(foldMemo, text, (t) => t.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase());
}

const stemMemo = new Map<string, string>();

function stem(term: string): string {
  return DIGITS.test(term) || term.length < 3 ? term : memo(stemMemo, term, stemmer);
}

/** Terms of one segment of a name (no `/` `.` `:` inside): words split on `_`/`-`, each word on case and digits. */
function segmentTerms(segment: string, out: string[]): void {
  const words = segment.split(WORD_SPLIT).filter((w) => w.length > 0).map((w) => ({ raw: fold(w), parts: splitCase(w).map(fold) }));
  if (words.length === 0) return;
  const compound = words.length > 1 || words[0]!.parts.length > 1;
  if (!compound) {
    const only = words[0]!.raw;
    if (!STOP_WORDS.has(only)) push(out, only);
    return;
  }
  // A compound: every part counts (stop words too: `use_sim_time` → use), plus the joined forms people type.
  for (const w of words) {
    for (const p of w.parts) push(out, p);
    if (w.parts.length > 1) {
      push(out, w.raw); // `tf2`, `ros2`, `pointcloud2`, `rviz`
      const last = w.parts[w.parts.length - 1]!;
      if (DIGITS.test(last) && w.parts.length > 2) push(out, w.parts.slice(0, -1).join('')); // `pointcloud`
    }
  }
  if (words.length > 1) push(out, words.map((w) => w.raw).join('')); // `usesimtime`, `domainmismatch`
}

/** Single Latin letters (`-v`, the R of RViz) say nothing; digits and everything else are kept. */
function push(out: string[], term: string): void {
  if (term.length === 1 && !DIGITS.test(term) && !CJK.test(term)) return;
  out.push(stem(term));
}

function cjkTerms(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) { out.push(chars[0]!); return; }
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

/** Analyze text into index/query terms. Pure, total: any string (including empty) gives an array. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(CHUNK)) {
    const chunk = match[0];
    if (CJK.test(chunk)) {
      // Mixed runs such as `RViz里` keep their non-CJK part as a normal chunk.
      let rest = chunk;
      for (const run of chunk.match(CJK_RUN) ?? []) { cjkTerms(run, out); rest = rest.replace(run, ' '); }
      for (const piece of rest.split(' ')) if (piece) analyzeChunk(piece, out);
      continue;
    }
    analyzeChunk(chunk, out);
  }
  return out;
}

function analyzeChunk(chunk: string, out: string[]): void {
  for (const segment of chunk.split(SEGMENT_SPLIT)) if (segment) segmentTerms(segment, out);
}

/** Distinct terms, in first-seen order. */
export function analyzeUnique(text: string): string[] {
  return [...new Set(analyze(text))];
}
