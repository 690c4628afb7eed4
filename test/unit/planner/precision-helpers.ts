// Plans on hand-made robots (fixtures.ts) and returns the whole plan: checked actions one line each, notes, the question
// offered to the assistant and the choices, for the precision tests (negation, questions, ranges, choices).
import { catalog } from '../../../src/core/catalog/index.ts';
import { createOfflineProposer, describeAction, planRequest } from '../../../src/core/planner/index.ts';
import type { Plan } from '../../../src/core/rviz/action-types.ts';
import { applyActions, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { doc, snapshot } from './fixtures.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';

/** The default config plus a LaserScan "Front Lidar" on /scan (Size 0.03, Alpha 1) and a Map at Alpha 0.7. */
export function scanAndMap(): RvizDocument {
  const r = applyActions(doc(), [
    { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Front Lidar' },
    { action: 'set_property', display: 'Front Lidar', property: 'Size (m)', value: '0.03' },
    { action: 'set_property', display: 'Front Lidar', property: 'Topic/Reliability Policy', value: 'Best Effort' },
    { action: 'add_display', display_type: 'Map', topic: '/map', display: 'Map' },
    { action: 'set_property', display: 'Map', property: 'Alpha', value: '0.7' },
    { action: 'set_property', display: 'Map', property: 'Topic/Durability Policy', value: 'Transient Local' },
  ], { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

export interface Planned { actions: string[]; notes: string[]; question?: string; choices: { label: string; actions: string[] }[]; plan: Plan; document: RvizDocument }

export async function planWhole(request: string, document: RvizDocument = scanAndMap(), snap: GraphSnapshot | undefined = snapshot()): Promise<Planned> {
  const r = await planRequest({ request, document, snapshot: snap, findings: [], proposer: createOfflineProposer() });
  const line = (a: Plan['actions'][number]): string => describeAction(a);
  return {
    actions: r.plan.actions.filter((a) => a.checked).map(line), notes: r.plan.notes, question: r.plan.question,
    choices: (r.plan.choices ?? []).map((c) => ({ label: c.label, actions: c.actions.map(line) })), plan: r.plan, document,
  };
}
