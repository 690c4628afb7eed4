// Whole plans (checked actions, notes, choices) on a scenario's robot and config, for the tests that need a real
// robot's displays: a camera that is both an Image and a depth cloud, the turtlebot's TF beside its robot model.
import { findingsFor, playTurns, startingDocument, type BenchCase } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { createOfflineProposer, describeAction, planRequest } from '../../../src/core/planner/index.ts';
import { planWhole, type Planned } from './precision-helpers.ts';

const snapshots = new Map<string, Promise<GraphSnapshot>>();

function snapshotOf(scenario: string): Promise<GraphSnapshot> {
  if (!snapshots.has(scenario)) snapshots.set(scenario, snapshotFromScenario(scenario, new AbortController().signal));
  return snapshots.get(scenario)!;
}

export async function planOnScenario(scenario: string, request: string, config?: string): Promise<Planned> {
  return planWhole(request, await startingDocument(scenario, config), await snapshotOf(scenario));
}

/** The checked actions of a request planned after earlier requests, each planned offline and applied, as turns. */
export async function planAfter(scenario: string, earlier: readonly string[], request: string, config?: string): Promise<string[]> {
  return (await planTurnAfter(scenario, earlier, request, config)).actions;
}

/** planAfter with whether the plan undoes the last applied one first. */
export async function planTurnAfter(scenario: string, earlier: readonly string[], request: string, config?: string): Promise<{ actions: string[]; undoFirst: boolean }> {
  const snapshot = await snapshotOf(scenario);
  const turns = { id: 'turns', request, expect: {}, turns: earlier.map((r) => ({ request: r })) } as BenchCase;
  const played = await playTurns(turns, await startingDocument(scenario, config), snapshot);
  const r = await planRequest({ request, document: played.before, snapshot, findings: findingsFor(played.before, snapshot), history: played.history, proposer: createOfflineProposer(), undoPreview: played.undoPreview });
  return { actions: r.plan.actions.filter((a) => a.checked).map((a) => describeAction(a)), undoFirst: r.plan.undoFirst === true };
}
