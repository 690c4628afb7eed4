/**
 * `[id]` citations in an answer. The UI links a citation only when its id is one of the answer's sources; this
 * splits the text so that rule lives in one place and can be tested without a browser.
 */
import type { SourceRef } from '../events.ts';

export type AnswerSegment =
  | { kind: 'text'; text: string }
  /** `source` is undefined when the id is not among the sources: show the text, link nothing. */
  | { kind: 'citation'; id: string; text: string; source?: SourceRef };

// Knowledge ids are lower-case words joined by dashes (kb/schema.json); `[1]` or `[see above]` are not citations.
const CITATION = /\[([a-z0-9]+(?:[-_.][a-z0-9]+)*)\]/g;

/**
 * @example
 * splitCitations('See [ros-qos] and [made-up].', [{ id: 'ros-qos', title: 'QoS', url: 'https://…' }])
 * // → text "See ", citation ros-qos (with its source), text " and ", citation made-up (no source), text "."
 */
export function splitCitations(answer: string, sources: readonly Pick<SourceRef, 'id' | 'title' | 'url'>[]): AnswerSegment[] {
  const byId = new Map(sources.map((s) => [s.id, s]));
  const out: AnswerSegment[] = [];
  let last = 0;
  for (const m of answer.matchAll(CITATION)) {
    if (m.index > last) out.push({ kind: 'text', text: answer.slice(last, m.index) });
    const source = byId.get(m[1]!);
    out.push(source ? { kind: 'citation', id: m[1]!, text: m[0], source: { id: source.id, title: source.title, url: source.url } } : { kind: 'citation', id: m[1]!, text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < answer.length) out.push({ kind: 'text', text: answer.slice(last) });
  return out;
}

/** The ids an answer cites, in order, each once. */
export function citedIds(answer: string): string[] {
  return [...new Set([...answer.matchAll(CITATION)].map((m) => m[1]!))];
}
