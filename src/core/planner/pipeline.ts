/**
 * planRequest: context → (prompt, for proposers that read one) → proposal → validate → complete → plan.
 * The proposer only proposes; what reaches the user is decided here. A proposer failure is a PlannerError: no plan at
 * all, never a partial one.
 */
import type { Catalog } from '../catalog/index.ts';
import type { Finding } from '../diagnosis/types.ts';
import type { GraphSnapshot } from '../graph/types.ts';
import type { Plan, PlanChoice, PlannedAction } from '../rviz/action-types.ts';
import type { RvizDocument } from '../rviz/document.ts';
import { complete, type CompleteOptions } from './complete.ts';
import { buildContext } from './context.ts';
import { buildFullPrompt, buildRetrievedPrompt, MAX_ACTIONS } from './prompt.ts';
import { PlannerError, type PlanContext, type PlannerPrompt, type PlannerTurn, type PlanResult, type Proposer } from './types.ts';
import { validate } from './validate.ts';

export interface PlanRequestInput {
  request: string;
  document: RvizDocument;
  snapshot?: GraphSnapshot;
  findings?: readonly Finding[];
  /** Earlier turns, oldest first, with what really happened. */
  history?: readonly PlannerTurn[];
  proposer: Proposer;
  signal?: AbortSignal;
  catalog?: Catalog;
  /** The document as it would be after undoing the last applied plan; planned against when the proposal undoes first. */
  undoPreview?: RvizDocument;
  /** Prompt for a model: the retrieved one (default) or the full catalog. */
  promptMode?: 'retrieved' | 'full';
  /** More actions than this are refused as a whole. */
  maxActions?: number;
}

const now = (): number => performance.now();

function uniq(items: string[]): string[] {
  return [...new Set(items.filter((s) => s.trim() !== ''))];
}

export async function planRequest(input: PlanRequestInput): Promise<PlanResult> {
  const t0 = now();
  const request = input.request.trim();
  const history = input.history ?? [];
  const context: PlanContext = buildContext({ document: input.document, snapshot: input.snapshot, findings: input.findings, catalog: input.catalog });
  const t1 = now();
  let prompt: PlannerPrompt | undefined;
  if (input.proposer.usesPrompt && request !== '') {
    prompt = input.promptMode === 'full' ? buildFullPrompt(context, request, history) : buildRetrievedPrompt(context, request, history);
  }
  const t2 = now();
  if (request === '') {
    const plan: Plan = { actions: [], rejected: [], notes: ['planner: the request is empty; say what you want to see'] };
    return { plan, timings: { contextMs: t1 - t0, promptMs: 0, proposeMs: 0, validateMs: 0, completeMs: 0, pipelineMs: now() - t0, totalMs: now() - t0 } };
  }
  input.signal?.throwIfAborted();
  let undoContext: PlanContext | undefined;
  const previewContext = input.undoPreview
    ? (): PlanContext => (undoContext ??= buildContext({ document: input.undoPreview!, snapshot: input.snapshot, findings: input.findings, catalog: input.catalog }))
    : undefined;
  const proposal = await input.proposer.propose({ request, context, history, prompt, signal: input.signal, undoContext: previewContext });
  if (input.signal?.aborted) throw new PlannerError('planner: cancelled', 'aborted');
  const t3 = now();
  const max = input.maxActions ?? MAX_ACTIONS;
  if (!Array.isArray(proposal.actions)) throw new PlannerError('planner: the proposal has no list of actions; nothing was planned', 'invalid_output');
  if (proposal.actions.length > max) {
    throw new PlannerError(`planner: ${input.proposer.id} proposed ${proposal.actions.length} actions; at most ${max} are allowed, so nothing was planned`, 'too_many_actions');
  }
  const undoFirst = proposal.undoFirst === true;
  const planContext = undoFirst && previewContext ? previewContext() : context;
  const validated = validate(proposal.actions, planContext);
  const t4 = now();
  const completed = complete(validated.actions, validated.state, request, { literal: input.proposer.literal === true, kept: proposal.kept, holdsAll: proposal.holdsAll });
  const t5 = now();
  const choices = plannedChoices(proposal.choices ?? [], planContext, request, { literal: input.proposer.literal === true, kept: proposal.kept }, completed.actions);
  const actionNotes = completed.actions.filter((a) => a.origin === 'model' && /not publishing yet|not in the TF tree/.test(a.note)).map((a) => a.note);
  const plan: Plan = {
    actions: completed.actions,
    rejected: [...(proposal.rejected ?? []), ...validated.rejected],
    notes: uniq([...proposal.notes, ...(proposal.repairs ?? []), ...validated.notes, ...completed.notes, ...actionNotes]),
    ...(undoFirst ? { undoFirst: true } : {}),
    ...(choices.length > 0 ? { choices } : {}),
    ...(proposal.question ? { question: proposal.question } : {}),
  };
  if (undoFirst && !input.undoPreview) plan.notes.push('undo the last applied plan first; this plan was made against the current document');
  const modelMs = proposal.model?.ms ?? 0;
  return {
    plan,
    ...(prompt ? { prompt: { text: `${prompt.system}\n\n${prompt.user}`, tokensEstimate: prompt.tokensEstimate } } : {}),
    timings: {
      contextMs: t1 - t0, promptMs: t2 - t1, proposeMs: t3 - t2, validateMs: t4 - t3, completeMs: t5 - t4,
      pipelineMs: t5 - t0 - modelMs, totalMs: t5 - t0,
    },
    ...(proposal.model ? { model: proposal.model } : {}),
  };
}

/** At most this many choices reach the user. */
export const MAX_CHOICES = 3;

const actionKey = (a: PlannedAction): string => [a.action, a.display_type, a.topic, a.display, a.property, a.value, a.frame].join('\u0000');

/**
 * The proposal's other readings, each validated and completed like a plan: a reading that leaves no checked action, or
 * the same actions as the plan itself or an earlier choice, is no choice.
 */
function plannedChoices(proposed: readonly { label: string; actions: unknown[] }[], context: PlanContext, request: string, options: CompleteOptions, planned: readonly PlannedAction[]): PlanChoice[] {
  const seen = new Set([planned.filter((a) => a.checked).map(actionKey).join('\n')]);
  const out: PlanChoice[] = [];
  for (const c of proposed) {
    if (out.length >= MAX_CHOICES || !Array.isArray(c.actions) || c.actions.length === 0) continue;
    const validated = validate(c.actions, context);
    const actions = complete(validated.actions, validated.state, request, options).actions.filter((a) => a.checked);
    const key = actions.map(actionKey).join('\n');
    if (actions.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ label: c.label, actions });
  }
  return out;
}

/**
 * Plans a choice the user picked like a request: its actions are proposed again, validated and completed against the
 * document as it is now, so a tap gives one ordinary plan (one undo step when applied).
 */
export function planChoice(input: Omit<PlanRequestInput, 'request' | 'proposer'>, choice: PlanChoice): Promise<PlanResult> {
  return planRequest({ ...input, request: choice.label, proposer: choiceProposer(choice) });
}

/** A proposer that proposes a picked choice's own actions again (complete() adds what they need, as for a plan). */
export function choiceProposer(choice: PlanChoice): Proposer {
  const actions = choice.actions.filter((a) => a.origin !== 'auto').map(({ action, display_type, topic, display, property, value, frame }) => ({ action, display_type, topic, display, property, value, frame }));
  return { id: 'choice', usesPrompt: false, literal: true, propose: async () => ({ actions, notes: [`picked: ${choice.label}`] }) };
}
