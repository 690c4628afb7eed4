/**
 * One MCP client's session with the robot: its document and undo history, the plans it made, and what happened since
 * its last call (notices). It plans with the companion's planner, applies only its own still-valid plans, sends the
 * whole document to RViz through the robot's bridge, and takes the robot's config changed elsewhere as an external
 * change. Every method returns a tool result or throws a ToolRefusal whose message says what to do.
 */
import { isOwnConfigEcho } from '../core/bridge/messages.ts';
import { catalog } from '../core/catalog/index.ts';
import { checkCommands } from '../core/assistant/commands/index.ts';
import type { KbIndex } from '../core/assistant/search/bm25-index.ts';
import { searchKb } from '../core/assistant/search/retrieve.ts';
import { diagnose, type Finding } from '../core/diagnosis/index.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import {
  buildContext, describeAction, planRequest, PlannerError, validate, type PlannerTurn, type PlanResult, type Proposer,
} from '../core/planner/index.ts';
import type { Plan, PlannedAction, RvizAction } from '../core/rviz/action-types.ts';
import { applyActions, lintDocument, parse, type RvizDocument } from '../core/rviz/index.ts';
import { DocumentState } from './document-state.ts';
import { PlanStore, type StoredPlan } from './plan-store.ts';
import {
  bridgeResult, findingResult, itemResult, noBridgeResult, rawActionResult, snapshotResult, unifiedDiff, type BridgeResult,
} from './results.ts';
import type { RobotConnection } from './robot.ts';

/** A refusal the agent can act on: becomes an MCP tool error with this message. */
export class ToolRefusal extends Error {
  public constructor(message: string) {
    super(message);
    this.name = 'ToolRefusal';
  }
}

/** The label of the undo step an external change makes; also what the notices call it. */
export const EXTERNAL_CHANGE = 'changed by another client';
/** Sent configs remembered to recognise them echoing back on rviz_config_current. */
const REMEMBER_SENT = 8;
/** Planner turns kept for follow-up requests ("now the other robot"). */
const TURNS_KEPT = 10;

export interface AgentSessionOptions {
  robot: RobotConnection;
  proposer: Proposer;
  kb: KbIndex;
  /** The document to start from and where it came from ("the robot's current config", a file, "the default config"). */
  start: { doc: RvizDocument; source: string };
  /** True when the start document is the robot's own current config (not a file given to the server). */
  startIsRobotConfig: boolean;
  /** Whether the server registers writing tools; plans say so when it does not. */
  readOnly: boolean;
}

export class AgentSession {
  private readonly robot: RobotConnection;
  private readonly proposer: Proposer;
  private readonly kb: KbIndex;
  private readonly readOnly: boolean;
  private readonly document: DocumentState;
  private readonly plans = new PlanStore();
  private readonly source: string;
  private notices: string[] = [];
  private sent: string[] = [];
  private turns: PlannerTurn[] = [];
  private lastRobotText: string | undefined;
  private readonly offConfig: () => void;

  public constructor(options: AgentSessionOptions) {
    this.robot = options.robot;
    this.proposer = options.proposer;
    this.kb = options.kb;
    this.readOnly = options.readOnly;
    this.document = new DocumentState(options.start.doc);
    this.source = options.start.source;
    this.lastRobotText = options.robot.currentConfig();
    if (!options.startIsRobotConfig && this.lastRobotText !== undefined && this.lastRobotText !== this.document.text) {
      this.notices.push(`The robot's RViz runs another config than this session's document (${this.source}); the first apply_plan `
        + 'or undo sends this document and replaces it. current_config shows both sides.');
    }
    this.offConfig = options.robot.onConfig((text) => this.onRobotConfig(text));
  }

  public close(): void { this.offConfig(); }

  /** The document's text now (the resource; reading it says nothing and drains no notice). */
  public get documentText(): string { return this.document.text; }

  /** Notices since the last result: external changes, mostly. Each is said once. */
  private take(): string[] {
    const out = this.notices;
    this.notices = [];
    return out;
  }

  private onRobotConfig(text: string): void {
    if (text === this.lastRobotText) return; // a latched replay (reconnect, another subscriber)
    this.lastRobotText = text;
    if (isOwnConfigEcho(text, { documentText: this.document.text, sentTexts: this.sent })) return;
    const at = new Date().toISOString().slice(11, 19);
    const adopted = this.document.adopt(text, EXTERNAL_CHANGE);
    this.notices.push(adopted.ok
      ? `At ${at} UTC the robot's RViz config was ${EXTERNAL_CHANGE} (another browser or agent, push, or RViz restarted with another file). `
        + 'The session took it as its document, as one undo step: undo goes back to the document before it and sends that to RViz. '
        + 'Plans made before it are stale.'
      : `At ${at} UTC the robot's RViz config was ${EXTERNAL_CHANGE}, but it could not be read (${adopted.reason}); the session kept its `
        + 'document, and the next apply_plan or undo would replace the robot\'s config with it.');
  }

  private async snapshot(): Promise<GraphSnapshot> {
    try {
      return await this.robot.snapshot();
    } catch (err) {
      throw new ToolRefusal(`the robot at ${this.robot.url} did not answer: ${(err as Error).message}`);
    }
  }

  private findingsFor(doc: RvizDocument, snapshot: GraphSnapshot): Finding[] {
    const { stamps, since } = this.robot.sampling();
    return diagnose({ document: doc, snapshot, now: Date.now(), stamps, sampledSince: since });
  }

  // ---- reading tools ----

  public async robotSnapshot(match?: string) {
    const snap = await this.snapshot();
    return { ...snapshotResult(snap, this.robot.hasBridge(snap), match), notices: this.take() };
  }

  public async findings() {
    const snap = await this.snapshot();
    const since = this.robot.sampling().since;
    return {
      config: `the session's document (started from ${this.source})`,
      sampled_ms: Date.now() - since,
      findings: this.findingsFor(this.document.doc, snap).map(findingResult),
      notices: this.take(),
    };
  }

  public currentConfig() {
    const robotText = this.robot.currentConfig();
    const h = this.document.history;
    return {
      text: this.document.text,
      started_from: this.source,
      robot_reports_config: robotText !== undefined,
      same_as_robot: robotText === undefined ? null : robotText === this.document.text,
      can_undo: h.canUndo, can_redo: h.canRedo,
      ...(h.undoLabel ? { undo_label: h.undoLabel } : {}), ...(h.redoLabel ? { redo_label: h.redoLabel } : {}),
      notices: this.take(),
    };
  }

  public async lintConfig(text: string) {
    const parsed = parse(text, { name: 'the given config' });
    if (!parsed.ok) throw new ToolRefusal(parsed.reason);
    const snap = await this.snapshot();
    return {
      problems: lintDocument(parsed.doc, catalog).map((f) => ({ severity: f.severity, code: f.code, message: f.message, ...(f.path ? { path: f.path } : {}) })),
      findings: this.findingsFor(parsed.doc, snap).map(findingResult),
      notices: this.take(),
    };
  }

  public searchDocs(query: string) {
    const { results, noMatch } = searchKb(this.kb, query, 5);
    return { query, no_match: noMatch, entries: results.map((r) => ({ id: r.id, title: r.title, url: r.url, score: Math.round(r.score * 100) / 100 })), notices: this.take() };
  }

  public async checkCommand(line: string) {
    const snap = await this.snapshot();
    const checked = checkCommands(line, {
      topics: snap.topics.map((t) => ({ name: t.name, type: t.type })), nodes: snap.nodes, ...(snap.ros?.distro ? { distro: snap.ros.distro } : {}),
    });
    if (checked.length === 0) throw new ToolRefusal('no `ros2 …` or `rviz-companion …` command in the line; give one command line, e.g. "ros2 topic info -v /scan"');
    return { commands: checked.map((c) => ({ line: c.line, valid: c.valid, ...(c.problem ? { problem: c.problem } : {}) })), notices: this.take() };
  }

  // ---- planning ----

  /** Plans a request, or the agent's own actions, against the session's document and the live robot. Writes nothing. */
  public async planDisplayChanges(input: { request?: string; actions?: readonly Partial<RvizAction>[] }) {
    const hasRequest = typeof input.request === 'string' && input.request.trim() !== '';
    const hasActions = Array.isArray(input.actions);
    if (hasRequest === hasActions) throw new ToolRefusal('give either { request: "what to show" } or { actions: [...] } (the Plan JSON action objects), not both and not neither');
    const snap = await this.snapshot();
    const base = this.document.doc;
    const findings = this.findingsFor(base, snap);
    let request: string;
    let proposer = this.proposer;
    if (hasActions) {
      const actions = input.actions!;
      if (actions.length === 0) throw new ToolRefusal('actions is empty: give at least one action, or a request');
      request = `actions from the agent: ${actions.map((a) => describeAction(a)).join('; ')}`;
      // The agent's own actions, as they are: validated and completed like any proposal, never trusted as given.
      proposer = { id: 'agent', usesPrompt: false, literal: true, propose: async () => ({ actions: [...actions], notes: [] }) };
    } else {
      request = input.request!.trim();
    }
    let result: PlanResult;
    try {
      const preview = this.document.undoPreview();
      result = await planRequest({
        request, document: base, snapshot: snap, findings, proposer, history: this.turns, catalog, ...(preview ? { undoPreview: preview } : {}),
      });
    } catch (err) {
      if (err instanceof PlannerError) throw new ToolRefusal(err.message.replace(/^planner: /, ''));
      throw err;
    }
    const plan = result.plan;
    const stored = this.plans.add({ request, plan, baseText: base.text, baseLabel: this.document.history.undoLabel });
    this.turns = [...this.turns, { request, outcome: 'planned', actions: plan.actions } satisfies PlannerTurn].slice(-TURNS_KEPT);
    const after = this.planOutcome(stored, []);
    const diff = after.ok ? unifiedDiff(base.text, after.doc.text) : { text: '', added: 0, removed: 0 };
    const choices = (plan as Plan & { choices?: { label: string; actions: RvizAction[] }[] }).choices;
    const notes = [...plan.notes];
    if (!after.ok) notes.push(`the checked items cannot be applied as they are: ${after.reason}`);
    if (choices?.length) notes.push('choices are other readings of the request; to use one, call plan_display_changes with { actions: choice.actions }');
    if (this.readOnly) notes.push('this server is read-only: it plans but applies nothing (no apply_plan)');
    return {
      plan_id: stored.id,
      request,
      proposer: proposer.id,
      undo_first: plan.undoFirst === true,
      items: plan.actions.map(itemResult),
      rejected: plan.rejected.map((r) => ({ action: rawActionResult(r.action), description: describeAction(r.action), reason: r.reason })),
      notes,
      ...(choices?.length ? { choices: choices.map((c) => ({ label: c.label, actions: c.actions.map((a) => rawActionResult({ ...a })) })) } : {}),
      diff: diff.text,
      diff_stats: { added: diff.added, removed: diff.removed },
      pipeline_ms: Math.round(result.timings.pipelineMs * 10) / 10,
      notices: this.take(),
    };
  }

  /**
   * The document a stored plan leaves (after undoing first when the plan says so), with the items in `uncheck` left
   * out. Called only while the document is the one the plan was made on.
   */
  private planOutcome(stored: StoredPlan, uncheck: readonly number[]): { ok: true; doc: RvizDocument; actions: PlannedAction[]; start: RvizDocument } | { ok: false; reason: string } {
    const start = stored.plan.undoFirst ? this.document.undoPreview() : this.document.doc;
    if (!start) return { ok: false, reason: 'the plan undoes the last step first, and there is none to undo' };
    const actions = stored.plan.actions.filter((a, i) => a.checked && !uncheck.includes(i));
    const applied = applyActions(start, actions, { lookup: catalog });
    return applied.ok ? { ok: true, doc: applied.doc, actions, start } : { ok: false, reason: applied.reason };
  }

  // ---- writing tools ----

  /** Writing calls run one at a time: a second apply waits, then finds its plan stale instead of racing the first. */
  private writing: Promise<unknown> = Promise.resolve();
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writing.then(work, work);
    this.writing = run.catch(() => {});
    return run;
  }

  public applyPlan(planId: string, uncheck: readonly number[] = []) {
    return this.exclusive(() => this.applyNow(planId, uncheck));
  }

  private async applyNow(planId: string, uncheck: readonly number[]) {
    const stored = this.plans.get(planId);
    if (!stored) {
      throw new ToolRefusal(`no plan "${planId}" in this session: apply_plan takes only a plan_id that plan_display_changes returned in this `
        + 'session (plans are not shared between sessions and the oldest are forgotten); nothing was applied');
    }
    if (stored.applied) throw new ToolRefusal(`plan ${planId} was applied already; make a new plan for further changes (undo reverts it)`);
    const bad = uncheck.filter((i) => i >= stored.plan.actions.length);
    if (bad.length) throw new ToolRefusal(`uncheck: no item ${bad.join(', ')} in plan ${planId} (items are 0..${stored.plan.actions.length - 1}); nothing was applied`);
    if (stored.baseText !== this.document.text) {
      const since = this.document.history.undoLabel;
      throw new ToolRefusal(`plan ${planId} is stale: it was made on an older config (the document changed since${since && since !== stored.baseLabel ? `: "${since}"` : ''}). `
        + 'Nothing was applied; call plan_display_changes again to plan against the current config.');
    }
    const outcome = this.planOutcome(stored, uncheck);
    if (!outcome.ok) throw new ToolRefusal(`plan ${planId} cannot be applied, nothing was changed: ${outcome.reason}`);
    if (outcome.actions.length === 0) throw new ToolRefusal(`plan ${planId} has no checked item${uncheck.length ? ' left after uncheck' : ''}; nothing was applied`);
    // Re-validated against the robot as it is now: a topic that went away or changed type refuses the whole plan.
    const snap = await this.snapshot();
    // The robot's config may have changed from elsewhere while the snapshot was on its way.
    if (stored.baseText !== this.document.text) {
      throw new ToolRefusal(`plan ${planId} is stale: the config was ${EXTERNAL_CHANGE} just now. Nothing was applied; call plan_display_changes again.`);
    }
    const context = buildContext({ document: outcome.start, snapshot: snap, findings: this.findingsFor(outcome.start, snap), catalog });
    const recheck = validate(outcome.actions.map((a) => ({ ...a })), context);
    if (recheck.rejected.length > 0) {
      throw new ToolRefusal(`plan ${planId} is no longer valid against the robot: ${recheck.rejected.map((r) => `${describeAction(r.action)}: ${r.reason}`).join('; ')}. `
        + 'Nothing was applied; plan again.');
    }
    const label = `plan ${planId}: ${stored.request}`.slice(0, 200);
    if (stored.plan.undoFirst) {
      const undone = this.document.undo();
      if (!undone.ok) throw new ToolRefusal(`plan ${planId} undoes the last step first, which failed: ${undone.reason}; nothing was applied`);
    }
    const applied = this.document.apply(outcome.actions, label);
    if (!applied.ok) {
      if (stored.plan.undoFirst) this.document.redo();
      throw new ToolRefusal(`plan ${planId} could not be applied, nothing was changed: ${applied.reason}`);
    }
    stored.applied = true;
    this.turns = this.turns.map((t) => (t.request === stored.request && t.outcome === 'planned' ? { ...t, outcome: 'applied', actions: outcome.actions } : t));
    const bridge = await this.send(snap);
    return {
      plan_id: planId,
      applied: outcome.actions.map((a) => describeAction(a)),
      skipped: uncheck.map((i) => describeAction(stored.plan.actions[i]!)),
      undo_first: stored.plan.undoFirst === true,
      bridge,
      can_undo: this.document.history.canUndo,
      notices: this.take(),
    };
  }

  public undo() { return this.exclusive(() => this.move('undo')); }
  public redo() { return this.exclusive(() => this.move('redo')); }

  private async move(which: 'undo' | 'redo') {
    const moved = which === 'undo' ? this.document.undo() : this.document.redo();
    if (!moved.ok) throw new ToolRefusal(`${moved.reason.replace(/^rviz: /, '')}`);
    const snap = await this.snapshot();
    const bridge = await this.send(snap);
    const h = this.document.history;
    return {
      [which === 'undo' ? 'undone' : 'redone']: moved.step.label,
      bridge,
      can_undo: h.canUndo, can_redo: h.canRedo,
      notices: this.take(),
    } as { undone?: string; redone?: string; bridge: BridgeResult; can_undo: boolean; can_redo: boolean; notices: string[] };
  }

  /** Sends the whole document to RViz through the robot's bridge, and waits for its status. */
  private async send(snap: GraphSnapshot): Promise<BridgeResult> {
    if (!this.robot.hasBridge(snap)) return noBridgeResult(this.robot.url);
    const text = this.document.text;
    this.sent = [...this.sent.filter((t) => t !== text), text].slice(-REMEMBER_SENT);
    const outcome = await this.robot.bridge.send(text);
    return bridgeResult(outcome);
  }
}
