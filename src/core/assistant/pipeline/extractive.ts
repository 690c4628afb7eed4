/**
 * The answer without a model: the findings first (they are facts), then the best passages of the top pages — the
 * sentences sharing the most terms with the question — each page's passages followed by its `[id]` citation.
 */
import type { Finding } from '../../diagnosis/types.ts';
import { NO_MATCH_MESSAGE } from '../search/messages.ts';
import { analyze } from '../search/tokenizer.ts';
import type { AskSettings } from './defaults.ts';

export interface ExtractivePage {
  id: string;
  text: string;
  /** The text the page was found with (the question, or the findings for the findings slot). */
  query: string;
}

export interface ExtractiveInput {
  /** Decides which findings are worth stating first (all of them when the question is about a problem). */
  question: string;
  pages: readonly ExtractivePage[];
  findings: readonly Finding[];
  noMatch: boolean;
}

interface Passage { page: number; index: number; score: number; text: string }

function endSentence(text: string): string {
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

/** Sentences end at . ! or ? followed by a space and a capital, digit, quote or code (so `?url=` stays whole). */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"'(\[`])/u).map((s) => s.trim()).filter(Boolean);
}

const TROUBLE = /\b(why|not|no|empty|missing|nothing|error|errors|fail|fails|failed|failing|wrong|broken|doesn'?t|don'?t|can'?t|cannot|warning|problem|issue|fix|stale|lost)\b/i;

/**
 * The findings worth stating before the passages: those naming something the question names (a topic, display,
 * frame or the code's words); all of them when the question is about something going wrong; none otherwise.
 */
export function relevantFindings(question: string, findings: readonly Finding[]): readonly Finding[] {
  const asked = new Set(analyze(question));
  const related = findings.filter((f) => analyze([f.subject.name, f.subject.display ?? '', f.subject.topic ?? '', f.code.replace(/_/g, ' ')].join(' '))
    .some((t) => asked.has(t)));
  if (related.length > 0) return related;
  return TROUBLE.test(question) ? findings : [];
}

/** The answer text. Deterministic: the same pages and findings give the same answer. */
export function extractiveAnswer(input: ExtractiveInput, settings: Pick<AskSettings, 'offlinePassages' | 'offlinePassagesPerPage' | 'offlineFindings'>): string {
  const parts: string[] = [];
  const findings = relevantFindings(input.question, input.findings);
  if (findings.length > 0) {
    const shown = findings.slice(0, settings.offlineFindings);
    const lines = shown.map((f) => `- ${endSentence(f.summary)}${f.hint ? ` Fix: ${endSentence(f.hint)}` : ''}`);
    if (findings.length > shown.length) lines.push(`- and ${findings.length - shown.length} more`);
    parts.push(`Found on this robot (computed by rules):\n${lines.join('\n')}`);
  }
  if (input.noMatch || input.pages.length === 0) {
    parts.push(`${NO_MATCH_MESSAGE}: the knowledge base has no page on this question.`);
    return parts.join('\n\n');
  }

  const candidates: Passage[] = [];
  input.pages.forEach((page, p) => {
    const wanted = new Set(analyze(page.query));
    const scored = sentencesOf(page.text).map((text, index) => ({ page: p, index, text, score: new Set(analyze(text).filter((t) => wanted.has(t))).size }));
    const best = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index).slice(0, settings.offlinePassagesPerPage);
    // A page found only through the findings may share no word with the question: its opening sentence stands in.
    candidates.push(...(best.length > 0 ? best : scored.slice(0, 1)));
  });
  const chosen = candidates
    .sort((a, b) => b.score - a.score || a.page - b.page || a.index - b.index)
    .slice(0, settings.offlinePassages)
    .sort((a, b) => a.page - b.page || a.index - b.index);
  const byPage = new Map<number, string[]>();
  for (const c of chosen) byPage.set(c.page, [...(byPage.get(c.page) ?? []), c.text]);
  const passages = [...byPage].map(([p, texts]) => `${texts.join(' ')} [${input.pages[p]!.id}]`);
  parts.push(`From the documentation (best passages, no model):\n${passages.join('\n\n')}`);
  return parts.join('\n\n');
}

/** Split text into word-sized pieces (with their trailing space) to stream as tokens. */
export function tokenPieces(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}
