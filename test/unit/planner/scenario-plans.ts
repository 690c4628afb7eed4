// Whole plans (checked actions, notes, choices) on a scenario's robot and config, for the tests that need a real
// robot's displays: a camera that is both an Image and a depth cloud, the turtlebot's TF beside its robot model.
import { startingDocument } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { planWhole, type Planned } from './precision-helpers.ts';

const snapshots = new Map<string, Promise<GraphSnapshot>>();

export async function planOnScenario(scenario: string, request: string, config?: string): Promise<Planned> {
  if (!snapshots.has(scenario)) snapshots.set(scenario, snapshotFromScenario(scenario, new AbortController().signal));
  return planWhole(request, await startingDocument(scenario, config), await snapshots.get(scenario)!);
}
