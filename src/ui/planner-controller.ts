import type { ReactiveControllerHost } from 'lit';
import type { Plan, PlanChoice, PlannedAction } from '../core/rviz/action-types.ts';
import type { PlannerTurn, Proposer } from '../core/planner/types.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import type { ModelClient } from '../core/model.ts';
import { History } from '../core/rviz/history.ts';
import type { DocumentController, Outcome } from './document-controller.ts';
import type { PlannerStatus, PlannerTurnView } from './planner-panel.ts';
import { catalog } from '../core/catalog/index.ts';
import { displayChanges, type DisplayChange } from '../core/review/display-changes.ts';

/** What a planning run needs from the rest of the app, gathered when the request is made. */
export interface PlannerInputs {
  /** While the robot is starting this is at most one start-up poll old (about 1 s), but may still lack topics. */
  snapshot(): Promise<GraphSnapshot | undefined>;
  /** Whether the robot is still starting (its graph still growing, LinkState.starting). */
  robotStarting?(): boolean;
  findings(): readonly Finding[];
  model(): Promise<ModelClient | undefined>;
}

/** Said with a plan made while the robot was still starting: what it may lack, and what to do. */
export const robotStartingNote = 'the robot is still starting (topics are still appearing): this plan may miss some; ask again in a few seconds';

/** How many earlier turns the planner sees. */
const HISTORY_TURNS = 4;

/**
 * Runs requests through the planner (loaded on first use, so the first page stays small), keeps the plan under
 * review, applies the ticked actions as one undo step and records what really happened for follow-up requests.
 */
export class PlannerController {
  public status: PlannerStatus = 'idle';
  public plan: Plan | undefined;
  public message = '';
  public turns: PlannerTurn[] = [];
  /** The displays the last applied plan added or changed (highlighted until the next change). */
  public changes: DisplayChange[] = [];

  private controller: AbortController | undefined;
  private readonly host: ReactiveControllerHost;
  private readonly document: DocumentController;
  private readonly inputs: PlannerInputs;

  public constructor(host: ReactiveControllerHost, document: DocumentController, inputs: PlannerInputs) {
    this.host = host;
    this.document = document;
    this.inputs = inputs;
  }

  public get views(): PlannerTurnView[] {
    // The plan under review is shown as the checklist, not as an earlier request.
    const earlier = this.turns.filter((t, i) => !(i === this.turns.length - 1 && t.outcome === 'planned'));
    return earlier.map((t) => ({ request: t.request, outcome: t.reason ? `${t.outcome}: ${t.reason}` : t.outcome }));
  }

  /**
   * Plans a request. `proposer` replaces the offline/model one (a kiosk tile's precomputed actions, which still go
   * through validate and complete); `apply` applies the checked actions at once as one undo step (kiosk taps).
   */
  public async request(text: string, options: { proposer?: Proposer; apply?: boolean; choice?: PlanChoice } = {}): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.set({ status: 'planning', message: '', plan: undefined });
    try {
      const [planner, snapshot, model] = await Promise.all([
        import('../core/planner/index.ts'), this.inputs.snapshot(), this.inputs.model(),
      ]);
      this.set({ message: model && !options.proposer && !options.choice ? `asking ${model.provider} ${model.model}…` : '' });
      const proposer = options.choice ? planner.choiceProposer(options.choice)
        : options.proposer ?? (model ? planner.createModelProposer(model) : planner.createOfflineProposer());
      const result = await planner.planRequest({
        request: text, document: this.document.doc, snapshot, findings: this.inputs.findings(),
        history: this.turns.slice(-HISTORY_TURNS), proposer, signal: controller.signal, undoPreview: this.undoPreview(),
      });
      if (controller.signal.aborted) return;
      // Planned now rather than after a wait (a kiosk tap must answer at once): the plan says what it may lack.
      const plan = this.inputs.robotStarting?.() ? { ...result.plan, notes: [robotStartingNote, ...result.plan.notes] } : result.plan;
      this.turns = [...this.turns, { request: text, outcome: 'planned', actions: plan.actions }];
      this.set({ status: 'ready', plan, message: '' });
      if (options.apply) {
        const checked = plan.actions.filter((a) => a.checked);
        if (checked.length) this.apply(checked);
        else this.set({ status: 'ready', message: plan.notes[0] ?? 'nothing to change' });
      }
    } catch (err) {
      // Whoever aborted it (cancel, a newer request, another robot) has already set the state.
      if (controller.signal.aborted) return;
      this.set({ status: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  /** A choice the user picked: planned like a request (validated, completed), applied as one step when they apply it. */
  public choose(choice: PlanChoice): Promise<void> {
    return this.request(choice.label, { choice });
  }

  /**
   * Another robot at the address: a plan under review (or being made) was for the previous robot's graph and document,
   * so it is dropped with a message, and earlier turns no longer steer follow-up requests.
   */
  public robotChanged(): void {
    const had = this.plan !== undefined || this.status === 'planning';
    this.controller?.abort();
    this.turns = [];
    this.changes = [];
    this.set({ status: 'idle', plan: undefined, message: had ? 'The plan was for the previous robot: ask again for this one.' : '' });
  }

  public cancel(): void {
    this.controller?.abort();
    this.set({ status: 'idle', message: 'cancelled' });
  }

  /** Applies the ticked actions (after undoing the last plan when the request said so) as one undo step. */
  public apply(actions: readonly PlannedAction[]): void {
    const plan = this.plan;
    const turn = this.turns[this.turns.length - 1];
    if (!plan || !turn) return;
    if (plan.undoFirst && this.document.canUndo) {
      const undone = this.document.undo();
      if (!undone.ok) { this.set({ status: 'error', message: undone.reason }); return; }
      this.markLastApplied('undone');
    }
    const before = this.document.doc;
    const outcome = this.document.apply(actions, turn.request);
    this.changes = outcome.ok ? displayChanges(before, this.document.doc, catalog) : [];
    const skipped = plan.actions.length - actions.length;
    if (!outcome.ok) {
      Object.assign(turn, { outcome: 'failed', reason: outcome.reason });
      this.set({ status: 'error', message: outcome.reason });
      return;
    }
    const waiting = plan.notes.find((n) => /not publishing yet/.test(n));
    Object.assign(turn, {
      outcome: waiting ? 'waiting' : 'applied', actions,
      reason: [skipped ? `${skipped} skipped by the user` : '', waiting ?? ''].filter(Boolean).join('; ') || undefined,
    });
    this.set({ status: 'applied' });
  }

  /** Undoes the last applied plan (every history step is one) and records it, so follow-ups know. */
  public undo(): Outcome {
    const outcome = this.document.undo();
    if (!outcome.ok) return outcome;
    this.changes = [];
    this.markLastApplied('undone');
    this.set({ status: this.plan ? 'ready' : 'idle', message: '' });
    return outcome;
  }

  private markLastApplied(outcome: 'undone'): void {
    const last = [...this.turns].reverse().find((t) => t.outcome === 'applied' || t.outcome === 'waiting');
    if (last) last.outcome = outcome;
  }

  /** The document as it would be after one undo, for requests such as "undo that and use spheres". */
  private undoPreview() {
    if (!this.document.canUndo) return undefined;
    const copy = History.fromJSON(this.document.history.toJSON());
    if (!copy.ok) return undefined;
    const moved = copy.history.undo(this.document.doc);
    return moved.ok ? moved.doc : undefined;
  }

  private set(patch: Partial<Pick<PlannerController, 'status' | 'plan' | 'message'>>): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }
}
