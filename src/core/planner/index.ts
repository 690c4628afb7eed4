/**
 * The planner: request → validated, completed plan. The model (or the offline planner) only proposes; validate() and
 * complete() decide what reaches the user's checklist.
 *
 * @example
 * const result = await planRequest({ request: 'show the lidar coloured by height', document, snapshot,
 *   findings, history, proposer: createOfflineProposer() });
 * result.plan.actions // add_display LaserScan on /scan, set Axis = Z, auto: Color Transformer = AxisColor, …
 */
export { choiceProposer, planChoice, planRequest, MAX_CHOICES } from './pipeline.ts';
export type { PlanRequestInput } from './pipeline.ts';
export { buildContext, robotNamespaces, fixedFrameOf } from './context.ts';
export { selectTypes, topicsNamed, displaysNamed } from './retrieval.ts';
export type { Selection } from './retrieval.ts';
export { buildFullPrompt, buildRetrievedPrompt, describeType, historyLines, MAX_ACTIONS } from './prompt.ts';
export { buildPlanSchema, checkPlanJson, defaultSchemaOptions } from './schema.ts';
export type { SchemaOptions, ModelPlan, SchemaCheck } from './schema.ts';
export { validate } from './validate.ts';
export type { Validated } from './validate.ts';
export { complete } from './complete.ts';
export type { CompleteOptions, Completed } from './complete.ts';
export { qosFixes, requestedQos, qosTopicProperty } from './qos-fix.ts';
export { createModelProposer } from './model-proposer.ts';
export { normaliseReply, topicsInRequest } from './normalise.ts';
export type { NormalisedReply, ShapeCheck } from './normalise.ts';
export type { ModelProposerOptions } from './model-proposer.ts';
export { createOfflineProposer, planOffline } from './offline/offline.ts';
export { clauses } from './offline/phrases.ts';
export { describeAction, shortType } from './describe.ts';
export { PlannerError } from './types.ts';
export type {
  PlanContext, PlannerPrompt, PlannerTurn, PlanResult, PlanTimings, Proposal, ProposalInput, Proposer, ModelInfo, TurnOutcome,
} from './types.ts';
