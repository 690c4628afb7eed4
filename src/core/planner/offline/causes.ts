// Fixes follow the finding: what an RViz setting repairs (QoS, fixed frame, topic) is fixed; what has its cause on the
// robot (no publisher, no data, clock skew, TF) gets a note with the cause and the command that checks it, taken from
// catalog/finding-causes.json, and no change: the display the user wants to see stays as it is.
import data from '../../../../catalog/finding-causes.json';
import type { Finding } from '../../diagnosis/types.ts';
import type { VirtualDisplay } from '../state.ts';
import { absoluteTopic } from '../topics.ts';
import { displayTopic, type Planner } from './shared.ts';
import { silentRobotNote } from './outside.ts';

export interface FindingCause {
  code: string;
  fix: 'rviz' | 'outside';
  cause: string;
  check?: string;
  kb?: string;
  /** The command that joins what is apart, when that is what is wanted (a static transform). */
  link?: string;
  linkKb?: string;
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
export function outsideNote(f: Finding, topic: string, p?: Planner): string | undefined {
  const cause = causeOf(f.code);
  if (!cause || cause.fix !== 'outside') return undefined;
  const cmd = checkCommand(cause, f.subject.topic ?? topic);
  // A tree of its own (TF_TREE_DISCONNECTED names its root): how to link it into the fixed frame's tree, if it belongs.
  // …into the fixed frame's tree, else (a fixed frame TF lacks) the largest tree the frame is not in.
  const apart = p?.ctx.tf?.components.find((c) => !c.includes(f.subject.name));
  const parent = p ? p.ctx.tf?.rootOf(p.state.fixedFrame) ?? (apart ? p.ctx.tf?.rootOf(apart[0]!) : undefined) : undefined;
  const link = cause.link && parent && parent !== f.subject.name && f.subject.kind === 'frame'
    ? `; if ${f.subject.name} belongs in the ${parent} tree, link it with \`${cause.link.replace(/\{parent\}/g, parent).replace(/\{frame\}/g, f.subject.name)}\` (with its real offset)` : '';
  return `${f.summary.replace(/[.\s]+$/, '')}. No RViz setting fixes this, so nothing was changed: ${cause.cause}${cmd ? `; check with \`${cmd}\`` : ''}${link}`;
}

/** Frame findings (a TF tree of its own, stale transforms) about the frames a display's findings name. */
export function treeNotesFor(p: Planner, d: VirtualDisplay): string[] {
  const tf = p.ctx.tf;
  if (!tf) return [];
  const said = findingsOn(p, d).map((f) => f.summary).join(' ');
  const words = new Set(said.split(/[\s,:;()]+/));
  const out: string[] = [];
  for (const f of p.ctx.findings) {
    if (f.severity === 'info' || f.subject.kind !== 'frame' || f.subject.display) continue;
    const component = tf.components.find((c) => c.includes(f.subject.name)) ?? [f.subject.name];
    if (!component.some((fr) => words.has(fr))) continue;
    const note = outsideNote(f, '', p);
    if (note && !p.notes.includes(note) && !out.includes(note)) out.push(note);
  }
  return out;
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
  // A robot that publishes nothing at all: that, before anything else.
  const silent = silentRobotNote(p);
  if (silent && !p.notes.includes(silent)) out.push(silent);
  for (const f of p.ctx.findings) {
    if (f.severity === 'info' || f.subject.kind !== 'frame' || f.subject.display) continue;
    const note = outsideNote(f, '', p);
    if (note && !p.notes.includes(note)) out.push(note);
  }
  return out;
}
