import { buildContext } from '../core/planner/context.ts';
import type { PlanContext } from '../core/planner/types.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import type { Edit } from '../core/editor/edit-actions.ts';
import { describeAction } from '../core/planner/describe.ts';
import type { DocumentController } from './document-controller.ts';
import type { EditOutcome } from './property-editor.ts';

/** What the editor components need: the facts to build controls from, and a way to commit an edit. */
export interface EditorPort {
  context(): PlanContext;
  commit(edit: Edit): Promise<EditOutcome>;
}

export interface EditInputs {
  /** The robot as the link has it now (topics, TF), or undefined without one. */
  snapshot(): GraphSnapshot | undefined;
  findings(): readonly Finding[];
}

/**
 * Hand edits: each goes through src/core/editor (one action, validate(), complete()) and is applied to the document
 * as one undo step, which sends it on to RViz like any other edit. A refusal leaves the document as it was.
 */
export class EditController implements EditorPort {
  /** performance.now() of the last applied edit (the e2e log measures from it to the view and to RViz). */
  public lastCommitAt: number | undefined;
  private memo: { doc: unknown; snapshot: unknown; ctx: PlanContext } | undefined;

  public constructor(private readonly document: DocumentController, private readonly inputs: EditInputs) {}

  /** Built once per document and snapshot (controls for several displays share it). */
  public context(): PlanContext {
    const doc = this.document.doc;
    const snapshot = this.inputs.snapshot();
    if (this.memo && this.memo.doc === doc && this.memo.snapshot === snapshot) return this.memo.ctx;
    const ctx = buildContext({ document: doc, snapshot, findings: this.inputs.findings() });
    this.memo = { doc, snapshot, ctx };
    return ctx;
  }

  public async commit(edit: Edit): Promise<EditOutcome> {
    // validate() and complete() come with the planner, loaded on first use (the first page stays small).
    const { planEdit } = await import('../core/editor/edit-actions.ts');
    const planned = planEdit(edit, this.context());
    if (!planned.ok) return { ok: false, reason: planned.reason };
    const applied = this.document.apply(planned.actions, planned.label);
    if (!applied.ok) return { ok: false, reason: applied.reason };
    this.lastCommitAt = performance.now();
    return { ok: true, auto: planned.auto.map((a) => `${describeAction(a)} (${a.note})`), notes: planned.notes };
  }
}
