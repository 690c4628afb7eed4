/**
 * Text from outside (the question, findings, history, page text, topic names) before it reaches a prompt or an
 * event: control characters and bidirectional overrides removed, line ends normalised, length capped.
 */
import type { Finding } from '../../diagnosis/types.ts';
import type { AskSettings } from './defaults.ts';

// C0 controls except tab and newline, DEL, C1 controls, and the bidi embeddings/overrides/isolates that can make
// displayed text differ from what the model reads.
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** Clean text and cut it to `max` characters (an ellipsis marks the cut). */
export function sanitizeText(text: string, max: number): string {
  const clean = text.replace(/\r\n?/g, '\n').replace(UNSAFE, '').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** A single line: newlines become spaces too (topic names, titles, evidence). */
export function sanitizeLine(text: string, max: number): string {
  return sanitizeText(text.replace(/\s*\n\s*/g, ' '), max);
}

/** Findings as the assistant passes them on: at most `maxFindings`, every text field cleaned and capped. */
export function sanitizeFindings(findings: readonly Finding[], settings: Pick<AskSettings, 'maxFindings' | 'maxFindingChars' | 'maxEvidenceLines'>): Finding[] {
  const cap = settings.maxFindingChars;
  return findings.slice(0, settings.maxFindings).map((f) => {
    const subject: Finding['subject'] = { kind: f.subject.kind, name: sanitizeLine(f.subject.name, cap) };
    if (f.subject.display !== undefined) subject.display = sanitizeLine(f.subject.display, cap);
    if (f.subject.topic !== undefined) subject.topic = sanitizeLine(f.subject.topic, cap);
    const out: Finding = {
      code: f.code,
      severity: f.severity,
      subject,
      summary: sanitizeLine(f.summary, cap),
      evidence: f.evidence.slice(0, settings.maxEvidenceLines).map((e) => sanitizeLine(e, cap)),
    };
    if (f.hint !== undefined) out.hint = sanitizeLine(f.hint, cap);
    if (f.path !== undefined) out.path = sanitizeLine(f.path, cap);
    return out;
  });
}
