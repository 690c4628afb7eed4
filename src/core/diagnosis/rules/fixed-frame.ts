/** FIXED_FRAME_NOT_IN_TF: the config's Fixed Frame is not a TF frame, so RViz can place nothing. */
import type { TfTree } from '../../graph/tf-tree.ts';
import type { Rule } from '../context.ts';
import { nameList } from '../describe.ts';
import type { Finding } from '../types.ts';

export const FIXED_FRAME_PATH = 'Visualization Manager/Global Options/Fixed Frame';

/** A short account of the TF tree for evidence lines. */
export function tfOverview(tree: TfTree, max: number): string {
  if (tree.frames.length === 0) return 'TF: no frames received (nothing on /tf or /tf_static)';
  return `TF: ${tree.frames.length} frames, ${tree.roots.length === 1 ? 'root' : 'roots'} ${nameList(tree.roots, max)}`;
}

/** The frame to suggest as Fixed Frame: the root of the largest tree. */
export function mainRoot(tree: TfTree): string | undefined {
  const first = tree.components[0]?.[0];
  return first === undefined ? undefined : tree.rootOf(first);
}

export const fixedFrameRule: Rule = (ctx) => {
  const facts = ctx.facts;
  if (!facts || facts.fixedFrame === '' || ctx.tree.hasFrame(facts.fixedFrame)) return [];
  const frame = facts.fixedFrame;
  const root = mainRoot(ctx.tree);
  const finding: Finding = {
    code: 'FIXED_FRAME_NOT_IN_TF', severity: 'error', path: FIXED_FRAME_PATH,
    subject: { kind: 'frame', name: frame },
    summary: `the Fixed Frame ${frame} is not in TF: RViz cannot place any display ("Frame [${frame}] does not exist")`,
    evidence: [`Global Options/Fixed Frame: ${frame} (in the config)`, tfOverview(ctx.tree, ctx.options.maxNamed)],
  };
  if (root !== undefined) finding.hint = `set the Fixed Frame to ${root} (root of the largest TF tree)`;
  return [finding];
};
