// What the offline planner's round tests compare: the checked actions, one line each, and the plan's notes.
import { findingsFor, playTurns, startingDocument } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import type { Finding } from '../../../src/core/diagnosis/types.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import type { RvizDocument } from '../../../src/core/rviz/index.ts';
import { snapshot, withScan } from './fixtures.ts';

export type Planned = { actions: string[]; notes: string[] };

/** Plans offline; `withTopic` puts each action's topic in its line (for requests that pick a topic). */
export async function planned(request: string, document: RvizDocument = withScan(), snap: GraphSnapshot | undefined = snapshot(), options: { findings?: Finding[]; withTopic?: boolean } = {}): Promise<Planned> {
  const r = await planRequest({ request, document, snapshot: snap, findings: options.findings ?? findingsFor(document, snap), proposer: createOfflineProposer() });
  const line = (a: (typeof r.plan.actions)[number]) => [a.action, a.display, options.withTopic ? a.topic : '', `${a.property}=${a.value}`].join(' ');
  return { actions: r.plan.actions.filter((a) => a.checked).map((a) => line(a).replace(/\s+/g, ' ').trim()), notes: r.plan.notes };
}

// A scenario's snapshot is the same for every request: read it once per test file.
const snapshots = new Map<string, Promise<GraphSnapshot>>();

/** Plans on a scenario's robot, from its own config or a bench config, after the case's earlier turns. */
export async function plannedOnScenario(scenario: string, config: string | undefined, request: string, options: { withTopic?: boolean } = {}): Promise<Planned> {
  if (!snapshots.has(scenario)) snapshots.set(scenario, snapshotFromScenario(scenario, new AbortController().signal));
  const snap = await snapshots.get(scenario)!;
  const played = await playTurns({ id: 'unit', request, expect: {} }, await startingDocument(scenario, config), snap);
  return planned(request, played.before, snap, options);
}
