/**
 * DISPLAY_FRAME_NOT_IN_TF: a frame a display needs is not in TF, or not connected to the Fixed Frame. Two sources:
 * frames named by properties (Grid and Axes `Reference Frame`), and the header frame_id of messages sampled on the
 * topics displays show. With no TF at all, FIXED_FRAME_NOT_IN_TF already says everything.
 */
import type { Rule, RuleContext } from '../context.ts';
import { displayLabel } from '../describe.ts';
import type { Finding } from '../types.ts';
import { tfOverview } from './fixed-frame.ts';
import { typeMismatch } from './qos-common.ts';

interface FrameUse {
  display: string;
  typeName: string;
  path: string;
  frame: string;
  /** How the display comes to need it, e.g. `Reference Frame: gripper (in the config)`. */
  via: string;
  topic?: string;
}

function uses(ctx: RuleContext): FrameUse[] {
  const facts = ctx.facts!;
  const out: FrameUse[] = facts.frames.map((f) => ({ display: f.display, typeName: f.typeName, path: f.path, frame: f.frame,
    via: `${f.property}: ${f.frame} (in the config)` }));
  for (const sub of facts.subscriptions) {
    const sample = ctx.stamps.get(sub.topic);
    const topic = ctx.topics.get(sub.topic);
    const frame = sample?.frameId?.replace(/^\/+/, '').trim();
    if (!frame || !topic || typeMismatch(sub, topic)) continue;
    out.push({ display: sub.display, typeName: sub.typeName, path: sub.path, frame, topic: sub.topic,
      via: `messages on ${sub.topic} have header.frame_id ${frame} (sampled)` });
  }
  return out;
}

export const displayFrameRule: Rule = (ctx) => {
  const facts = ctx.facts;
  if (!facts || ctx.tree.frames.length === 0) return [];
  const fixed = ctx.tree.hasFrame(facts.fixedFrame) ? facts.fixedFrame : undefined;
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const use of uses(ctx)) {
    const key = `${use.display}\u0000${use.frame}`;
    if (seen.has(key)) continue;
    const label = displayLabel(use);
    const where = use.topic ? `its messages on ${use.topic} are in frame ${use.frame}` : `it uses frame ${use.frame}`;
    let summary: string | undefined;
    const evidence = [use.via];
    if (!ctx.tree.hasFrame(use.frame)) {
      summary = `${label}: ${where}, which is not in TF: RViz cannot place it`;
      evidence.push(tfOverview(ctx.tree, ctx.options.maxNamed));
    } else if (fixed !== undefined && !ctx.tree.connected(use.frame, fixed)) {
      summary = `${label}: ${where}, which is not connected to the Fixed Frame ${fixed}: RViz cannot transform it`;
      evidence.push(`${use.frame} is under root ${ctx.tree.rootOf(use.frame) ?? '(a cycle)'}; ${fixed} is under root ${ctx.tree.rootOf(fixed) ?? '(a cycle)'}`);
    }
    if (summary === undefined) continue;
    seen.add(key);
    const subject: Finding['subject'] = { kind: 'display', name: use.display, display: use.display };
    if (use.topic) subject.topic = use.topic;
    out.push({ code: 'DISPLAY_FRAME_NOT_IN_TF', severity: 'error', path: use.path, subject, summary, evidence,
      hint: use.topic
        ? `publish a transform for ${use.frame} (e.g. a static transform from its sensor mount), or fix the frame_id its publisher uses`
        : `set the display's frame to one in TF, or <Fixed Frame>` });
  }
  return out;
};
