// Fixes follow the finding: what an RViz setting repairs (QoS, fixed frame, topic) is fixed; what has its cause on the
// robot (no publisher, no data, clock skew, TF) gets a note with the cause and the command that checks it, taken from
// catalog/finding-causes.json, and no change: the display the user wants to see stays as it is.
import data from '../../../../catalog/finding-causes.json';
import type { Finding } from '../../diagnosis/types.ts';
import type { VirtualDisplay } from '../state.ts';
import { absoluteTopic } from '../topics.ts';
import { displayTopic, type Planner } from './shared.ts';

export interface FindingCause {
  code: string;
  fix: 'rviz' | 'outside';
  cause: string;
  check?: string;
  kb?: string;
}

export const FINDING_CAUSES: readonly FindingCause[] = (data as { causes: FindingCause[] }).causes;
const byCode = new Map(FINDING_CAUSES.map((c) => [c.code, c]));

export function causeOf(code: string): FindingCause | undefined {
  return byCode.get(code);
}

/** Findings about a display: named for it, or about the topic it shows. */
export function findingsOn(p: Planner, d: VirtualDisplay): Finding[] {
  const topic = displayTopic(d);
  const abs = topic ? absoluteTopic(topic) : '';
  return p.ctx.findings.filter((f) => f.severity !== 'info'
    && ((f.subject.display ?? (f.subject.kind === 'display' ? f.subject.name : undefined)) === d.name || (abs !== '' && (f.subject.topic ?? (f.subject.kind === 'topic' ? f.subject.name : '')) === abs)));
}

/** The check command with the finding's topic filled in. */
export function checkCommand(cause: FindingCause, topic: string): string | undefined {
  return cause.check?.replace(/\{topic\}/g, topic || '<topic>');
}

/** The note for a finding RViz cannot fix: what was found, the likely cause, and how to check it. */
export function outsideNote(f: Finding, topic: string): string | undefined {
  const cause = causeOf(f.code);
  if (!cause || cause.fix !== 'outside') return undefined;
  const cmd = checkCommand(cause, f.subject.topic ?? topic);
  return `${f.summary.replace(/[.\s]+$/, '')}. No RViz setting fixes this, so nothing was changed: ${cause.cause}${cmd ? `; check with \`${cmd}\`` : ''}`;
}

/** Notes for a display's findings whose cause is outside RViz (each once per plan). */
export function outsideNotes(p: Planner, d: VirtualDisplay): string[] {
  const out: string[] = [];
  for (const f of findingsOn(p, d)) {
    // The live graph's own check (fix.ts) says more about a silent topic than the finding: it also looks for another.
    if (f.code === 'TOPIC_NO_PUBLISHER') continue;
    const note = outsideNote(f, displayTopic(d));
    if (note && !p.notes.includes(note) && !out.includes(note)) out.push(note);
  }
  return out;
}

/** Findings with no display to attach to (a disconnected or stale TF tree): their notes, for "fix everything". */
export function robotNotes(p: Planner): string[] {
  const out: string[] = [];
  for (const f of p.ctx.findings) {
    if (f.severity === 'info' || f.subject.kind !== 'frame' || f.subject.display) continue;
    const note = outsideNote(f, '');
    if (note && !p.notes.includes(note)) out.push(note);
  }
  return out;
}
