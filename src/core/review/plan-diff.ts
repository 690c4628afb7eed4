/**
 * What a plan will do to the .rviz text, before it is applied: the checked actions applied to a copy of the document
 * with the document model's own action code (all or nothing), then a line diff of the two texts.
 */
import { applyActions } from '../rviz/actions.ts';
import type { RvizAction } from '../rviz/action-types.ts';
import { serialize, type RvizDocument } from '../rviz/document.ts';
import type { DisplayTypeLookup } from '../rviz/lookup.ts';
import { lineDiff, type DiffHunk, type LineDiffOptions } from './line-diff.ts';

export type PlanDiff =
  | { ok: true; hunks: DiffHunk[]; added: number; removed: number; after: RvizDocument }
  | { ok: false; reason: string };

export function planDiff(document: RvizDocument, actions: readonly RvizAction[], lookup: DisplayTypeLookup,
  options: Partial<LineDiffOptions> = {}): PlanDiff {
  // applyActions never mutates its input: the open document stays as it is whatever happens here.
  const applied = applyActions(document, actions, { lookup });
  if (!applied.ok) return { ok: false, reason: applied.reason };
  const hunks = lineDiff(serialize(document), serialize(applied.doc), options);
  let added = 0;
  let removed = 0;
  for (const h of hunks) for (const l of h.lines) { if (l.kind === 'added') added++; else if (l.kind === 'removed') removed++; }
  return { ok: true, hunks, added, removed, after: applied.doc };
}
