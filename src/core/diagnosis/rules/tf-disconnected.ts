/** TF_TREE_DISCONNECTED: TF holds more than one tree; frames of one cannot be shown relative to another. */
import type { Rule } from '../context.ts';
import { nameList } from '../describe.ts';
import type { Finding } from '../types.ts';

export const tfDisconnectedRule: Rule = (ctx) => {
  const tree = ctx.tree;
  const groups = tree.components.filter((c) => c.length > 0 && tree.rootOf(c[0]!) !== undefined);
  if (groups.length < 2) return [];
  const fixed = ctx.facts?.fixedFrame;
  const main = groups.find((c) => fixed !== undefined && c.includes(fixed)) ?? groups[0]!;
  const mainRoot = tree.rootOf(main[0]!)!;
  const out: Finding[] = [];
  for (const group of groups) {
    if (group === main) continue;
    const root = tree.rootOf(group[0]!)!;
    const members = [root, ...group.filter((f) => f !== root)];
    const relative = fixed !== undefined && main.includes(fixed) ? `with Fixed Frame ${fixed}` : `relative to ${mainRoot}`;
    out.push({
      code: 'TF_TREE_DISCONNECTED', severity: 'warning',
      subject: { kind: 'frame', name: root },
      summary: `TF frames ${nameList(members, ctx.options.maxNamed)} form a tree of their own, not connected to ${mainRoot}: nothing in them can be shown ${relative}`,
      evidence: [
        `tree rooted at ${mainRoot}: ${main.length} frames${fixed !== undefined && main.includes(fixed) ? ` (holds the Fixed Frame ${fixed})` : ''}`,
        `tree rooted at ${root}: ${group.length} frames (${nameList(members, ctx.options.maxNamed)})`,
        `TF roots: ${nameList(tree.roots, ctx.options.maxNamed)}`,
      ],
      hint: `publish a transform that links ${root} into the ${mainRoot} tree (e.g. ${mainRoot} -> ${root}), or check the node that should`,
    });
  }
  return out;
};
