// A "fix" clause's repairs: what RViz settings repair on the displays it names (else on every display in trouble), and
// what no RViz setting can repair, said with its cause and the command that checks it.
import type { VirtualDisplay } from '../state.ts';
import { outsideNotes, robotNotes, treeNotesFor } from './causes.ts';
import { checkedNote, fixDisplay, fixFrame, fixQos, stillEmptyNote, troubled } from './fix.ts';
import { belongsTo, displayTopic, type Planner, type Target } from './shared.ts';
import { insideAny } from './targets.ts';

/** Words that make a repair about the subscription's QoS only. */
const QOS_WORDS: ReadonlySet<string> = new Set(['qos', 'reliability', 'durability', 'publisher', 'publishers']);

/** Repairs what a "fix" clause names (else every display in trouble) and says what no RViz setting can repair. */
export function repair(p: Planner, targets: readonly Target[], tokens: readonly string[]): void {
  // A group named ("fix the diagnostics group") stands for the displays inside it.
  const members = (d: VirtualDisplay): VirtualDisplay[] => d.classId === 'rviz_common/Group' ? p.state.live().filter((x) => x.classId !== 'rviz_common/Group' && insideAny(x, [d])) : [d];
  // A type named with no display of it in the clause's robot or group: only displays of that robot or group.
  const ofType = (t: Target): VirtualDisplay[] => p.state.live().filter((d) => d.classId === t.spec?.classId && (t.ns === undefined || belongsTo(d, t.ns)) && (t.within === undefined || insideAny(d, t.within)));
  const pool = targets.length ? targets.flatMap((t) => t.displays.length ? t.displays.flatMap(members) : ofType(t)) : troubled(p);
  const notesBefore = p.notes.length;
  // "why can't I see the sonar" with no sonar display: nothing to repair; say how to get one.
  for (const t of targets) {
    if (t.displays.length === 0 && t.spec && ofType(t).length === 0) p.notes.push(`no ${t.spec.name} display${t.ns ? ` of ${t.ns}` : ''} to fix; say "show the ${t.phrase}${t.ns ? ` of ${t.ns}` : ''}" to add one`);
  }
  let count = 0;
  // "match the laser's QoS to its publisher": a repair that names the QoS repairs that and nothing else.
  // ("laser shows nothing, fix the qos only": the whole request's repairs.)
  const qosOnly = p.qosOnly === true || (targets.length > 0 && tokens.some((t) => QOS_WORDS.has(t)));
  // Displays named whose problem no RViz setting repairs (a note, no change), and those with nothing found at all.
  const outsideOnly: VirtualDisplay[] = [];
  const quiet: VirtualDisplay[] = [];
  for (const d of new Set(pool)) {
    const topicBefore = displayTopic(d);
    const notesAt = p.notes.length;
    const fixed = qosOnly ? fixQos(p, d) : fixDisplay(p, d);
    count += fixed;
    // What the rules found but no setting can repair (no data, clock skew, a frame not in TF): the cause and the
    // command that checks it, and no change. A finding about the old topic is gone once the topic was switched.
    const moved = displayTopic(d) !== topicBefore;
    p.notes.push(...outsideNotes(p, d).filter((n) => !moved || !n.includes(topicBefore)));
    // Its frame in a TF tree of its own: that tree's note too (with how to link it), never a new fixed frame.
    p.notes.push(...treeNotesFor(p, d));
    // "Fix the tf": the TF display's trouble is the robot's TF itself (a tree apart, stale transforms).
    if (d.classId === 'rviz_default_plugins/TF') p.notes.push(...robotNotes(p).filter((n) => !p.notes.includes(n)));
    if (fixed === 0) (p.notes.length > notesAt ? outsideOnly : quiet).push(d);
  }
  if (targets.length === 0) p.notes.push(...robotNotes(p));
  // A fixed frame missing from TF hides every display, whatever was named — but a display named for a fault outside
  // RViz is not helped by it, so then it is only said.
  const named = targets.length > 0 && pool.length > 0;
  const frameMissing = p.ctx.frames.length > 0 && p.state.fixedFrame !== undefined && p.state.fixedFrame !== '' && !p.ctx.tf?.hasFrame(p.state.fixedFrame);
  if ((named || qosOnly) && !p.fixedFrameNamed && (qosOnly || p.nothingElse || outsideOnly.length === new Set(pool).size)) {
    if (frameMissing) {
      const pick = ['map', 'odom', 'world'].find((f) => p.ctx.tf?.hasFrame(f)) ?? p.ctx.tf?.roots[0];
      p.notes.push(`the fixed frame ${p.state.fixedFrame} is not in TF either${pick ? `; say "use ${pick} as the fixed frame" to change it` : ''}`);
    }
  } else count += fixFrame(p);
  // "Fix it" on a named display with nothing found: what was checked, and how to check the data outside RViz.
  // (Not when the fixed frame is missing from TF and was only said: the note would say it is there.)
  if (named && count === 0 && !frameMissing) for (const d of quiet) p.notes.push(checkedNote(p, d));
  // …and after a repair elsewhere (the fixed frame), what to check if the named display still shows nothing.
  else if (named) for (const d of quiet) p.notes.push(stillEmptyNote(p, d));
  if (count === 0 && p.notes.length === notesBefore) {
    p.notes.push(targets.length ? `found nothing to fix on ${[...new Set(pool)].map((d) => d.name).join(', ') || targets.map((t) => t.phrase).join(', ')}` : 'found nothing to fix: every display receives with matching QoS');
  }
}
