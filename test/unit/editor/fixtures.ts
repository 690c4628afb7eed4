// The turtlebot_nav robot's own RViz config and a hand-made snapshot of its robot, for the editor tests.
import { readFileSync } from 'node:fs';
import { buildContext } from '../../../src/core/planner/context.ts';
import type { PlanContext } from '../../../src/core/planner/types.ts';
import { listDisplays, type DisplayInfo, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { doc, snapshot } from '../planner/fixtures.ts';

export const turtlebotText = readFileSync(new URL('../../../sim/scenarios/turtlebot_nav.rviz', import.meta.url), 'utf8');

export function turtlebotDoc(): RvizDocument {
  return doc(turtlebotText);
}

export function context(document: RvizDocument = turtlebotDoc(), withRobot = true): PlanContext {
  return buildContext({ document, snapshot: withRobot ? snapshot() : undefined });
}

export function display(ctx: PlanContext, name: string): DisplayInfo {
  const d = listDisplays(ctx.document).find((x) => x.name === name);
  if (!d) throw new Error(`no display ${name}`);
  return d;
}
