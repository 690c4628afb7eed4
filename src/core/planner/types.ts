/**
 * The planner's contracts: what a request comes with (document, robot snapshot, findings, earlier turns), the proposer
 * interface every source of actions implements (the offline planner, a model), and what a planning run returns.
 */
import type { Catalog } from '../catalog/index.ts';
import type { Finding } from '../diagnosis/types.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import type { TfTree } from '../graph/tf-tree.ts';
import type { Plan, PlannedAction, RejectedAction } from '../rviz/action-types.ts';
import type { DisplayInfo } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';

/** What really happened to an earlier plan; the prompt and follow-ups ("now the other robot") rely on it. */
export type TurnOutcome = 'applied' | 'skipped' | 'failed' | 'waiting' | 'undone' | 'planned';

export interface PlannerTurn {
  request: string;
  outcome: TurnOutcome;
  /** The actions that were applied (or would have been), in order. */
  actions?: readonly PlannedAction[];
  /** Why it failed, what it waits for ("/points is not publishing yet"), what the user skipped. */
  reason?: string;
}

/** Everything the planner knows at request time, gathered once per request. */
export interface PlanContext {
  document: RvizDocument;
  displays: DisplayInfo[];
  fixedFrame: string;
  /** Empty without a robot. */
  topics: readonly TopicInfo[];
  topicByName: ReadonlyMap<string, TopicInfo>;
  /** TF frame names (sorted); empty without a robot or before TF arrived. */
  frames: string[];
  tf?: TfTree;
  findings: readonly Finding[];
  snapshot?: GraphSnapshot;
  catalog: Catalog;
  /** Top-level namespaces that hold topics of their own (`robot1`, `robot2`), for "the other robot". */
  namespaces: string[];
}

/** The prompt a model sees: a system part (rules, schema words) and the request with its context. */
export interface PlannerPrompt {
  system: string;
  user: string;
  /** Characters / 4: a cheap, tokenizer-free estimate (the bench counts real tokens). */
  tokensEstimate: number;
  /** Display types described in full (all of them for the full-catalog prompt). */
  types: string[];
}

export interface ProposalInput {
  request: string;
  context: PlanContext;
  history: readonly PlannerTurn[];
  /** The context after undoing the last applied plan, when the caller can preview it ("undo that and …"). */
  undoContext?: () => PlanContext;
  /** Built only for proposers that read it (`usesPrompt`). */
  prompt?: PlannerPrompt;
  signal?: AbortSignal;
}

/** Raw proposed actions (checked by validate()), the proposer's own notes, and whether to undo the last plan first. */
export interface Proposal {
  actions: unknown[];
  notes: string[];
  undoFirst?: boolean;
  model?: ModelInfo;
  /** Items of the reply that could not be actions at all, with why (a model reply's normalisation). */
  rejected?: RejectedAction[];
  /** Other readings, not applied: each becomes a plan choice when validate() and complete() leave it an action. */
  choices?: { label: string; actions: unknown[] }[];
  /** The request asked a question: the text to offer to the assistant. */
  question?: string;
  /** Settings the request says to leave as they are (by display handle): complete() adds no change to them. */
  kept?: KeptSettings[];
  /** Nothing of the request is applied (a part of it went unread): complete() adds nothing from its words either. */
  holdsAll?: boolean;
  /** What was repaired in the reply before validation ("\"spheres\" → \"Spheres\""), one line each. */
  repairs?: string[];
}

export interface KeptSettings { display: string; properties: string[] }

export interface ModelInfo {
  provider: string;
  model: string;
  /** Model calls made (1, or 2 after a retry). */
  attempts: number;
  ms: number;
  /** Whether the final answer matched the plan schema exactly, with nothing to repair. */
  schemaValid: boolean;
  /** Repairs made to the final answer before validation (0 when schemaValid). */
  repairs?: number;
}

/** A source of actions: the offline planner or a model. The planner decides what reaches the user. */
export interface Proposer {
  readonly id: string;
  /** Whether the pipeline must build the prompt for it. */
  readonly usesPrompt: boolean;
  /**
   * Its proposals follow the request's words (the offline planner), so a proposed disable is what the user asked for
   * and is never unticked by complete().
   */
  readonly literal?: boolean;
  propose(input: ProposalInput): Promise<Proposal>;
}

/** A clear failure of the proposer (model unreachable, invalid output twice): no plan at all, never a partial one. */
export class PlannerError extends Error {
  public constructor(message: string, public readonly kind: 'model' | 'invalid_output' | 'too_many_actions' | 'aborted') {
    super(message);
    this.name = 'PlannerError';
  }
}

export interface PlanTimings {
  contextMs: number;
  promptMs: number;
  proposeMs: number;
  validateMs: number;
  completeMs: number;
  /** Everything except the model call. */
  pipelineMs: number;
  totalMs: number;
}

export interface PlanResult {
  plan: Plan;
  prompt?: { text: string; tokensEstimate: number };
  timings: PlanTimings;
  model?: ModelInfo;
}
