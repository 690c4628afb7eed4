// The offline planner's structural parse: relative values and ranges, paraphrased switches, qualified
// targets (a robot's namespace, a group as the place), renames in more forms, and fixes on frames. Refusals and
// questions back first: what the planner must not guess. (The dev-r3 bench cases cover the same kinds on the scenarios.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playTurns, startingDocument, findingsFor } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { FINDING_CAUSES } from '../../../src/core/planner/offline/causes.ts';
import { applyActions } from '../../../src/core/rviz/index.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { doc, snapshot, trapDoc, withScan } from './fixtures.ts';

type Planned = { actions: string[]; notes: string[] };

async function plan(request: string, document = withScan(), snap: GraphSnapshot = snapshot()): Promise<Planned> {
  const r = await planRequest({ request, document, snapshot: snap, findings: findingsFor(document, snap), proposer: createOfflineProposer() });
  return { actions: r.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.property}=${a.value}${a.frame ? ` ${a.frame}` : ''}`.replace(/\s+/g, ' ').trim()), notes: r.plan.notes };
}

async function onScenario(scenario: string, config: string, request: string): Promise<Planned> {
  const snap = await snapshotFromScenario(scenario, new AbortController().signal);
  const played = await playTurns({ id: 'unit', request, expect: {} }, await startingDocument(scenario, config), snap);
  return plan(request, played.before, snap);
}

describe('offline planner, relative values and qualified targets: refusals and questions back', () => {
  it('asks which Min/Max pair a range is for when the words name none and none applies', async () => {
    const r = await plan('lidar: 10 to 200');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/Front Lidar: which range is meant \(Min Intensity … Max Intensity or Autocompute Value Bounds\/Min Value … Autocompute Value Bounds\/Max Value\) for 10 to 200\?/);
  });

  it('says a display with no Min/Max pair takes no range, and changes nothing', async () => {
    const r = await plan('grid from 1 to 5');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/no Grid setting takes a range/);
  });

  it('never widens a robot\'s namespace to another robot\'s display: robot2 has no plan, robot1\'s stays', async () => {
    const r = await onScenario('multi_robot', 'fleet-groups.rviz', "hide robot2's plan");
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/no Path display of robot2 \("Plan"\) to hide; only Plan of another robot, left as it is/);
  });

  it('a fix or a verbless change on a robot with no such display never reaches the other robot\'s', async () => {
    const fix = await onScenario('multi_robot', 'fleet-groups.rviz', "fix robot2's plan");
    expect(fix.actions).toEqual([]);
    expect(fix.notes.join('\n')).toMatch(/no Path display of robot2 to fix/);
    const change = await onScenario('multi_robot', 'fleet-groups.rviz', 'robot2 plan thicker');
    expect(change.actions).toEqual([]);
    expect(change.notes.join('\n')).toMatch(/there is no Path display of robot2 to change/);
  });

  it('a word nothing accounts for still stops the setting ("shimmer"), even with a duration the lidar could take', async () => {
    const r = await plan('let the lidar points shimmer for 3 seconds');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/did not understand "shimmer"/);
  });

  it('a multiplier on a count names the count, never the size ("three times as many cells")', async () => {
    const r = await plan('three times as many grid cells');
    expect(r.actions).toEqual(['set_property Grid Plane Cell Count=30']);
  });
});

describe('offline planner, relative values and qualified targets: what it reads', () => {
  it('maps a range onto the pair the words name and leaves the automatic bounds to complete()', async () => {
    const r = await plan('lidar intensity from 10 to 200');
    expect(r.actions).toEqual(expect.arrayContaining(['set_property Front Lidar Min Intensity=10', 'set_property Front Lidar Max Intensity=200',
      'set_property Front Lidar Autocompute Intensity Bounds=false']));
  });

  it('flips an Invert switch from its current value, and "toggle" switches the named one only', async () => {
    expect((await plan('flip the rainbow on the lidar')).actions).toEqual(expect.arrayContaining(['set_property Front Lidar Invert Rainbow=true']));
    const toggled = await plan('toggle the rainbow on the lidar');
    expect(toggled.actions).toContain('set_property Front Lidar Use rainbow=false');
    expect(toggled.actions.some((a) => a.includes('Invert Rainbow'))).toBe(false);
  });

  it('reads "X instead of Y" on two switches and a negated modal', async () => {
    expect((await plan('tf: names instead of axes', doc())).actions).toEqual(['set_property TF Show Names=true', 'set_property TF Show Axes=false']);
    const behind = await plan("the map shouldn't be drawn behind", trapDoc());
    expect(behind.actions).toContain('set_property Map Draw Behind=false');
    expect(behind.actions).not.toContain('set_property Map Draw Behind=true');
  });

  it('renames in the "should be called" form and keeps a non-English new name as written', async () => {
    expect((await plan('the front lidar should be called Main Laser')).actions).toEqual(['rename_display Front Lidar =Main Laser']);
    const r = await plan('call the front lidar Télémètre Avant instead');
    expect(r.actions).toEqual(['rename_display Front Lidar =Télémètre Avant']);
    expect(r.notes.join('\n')).not.toMatch(/read as/);
  });

  it('a group named as the place narrows to the display inside it and leaves the group on', async () => {
    const r = await onScenario('manipulator', 'arm-workcell.rviz', 'hide the cloud in the perception group');
    expect(r.actions).toEqual(['set_enabled Workspace Cloud =false']);
  });

  it('a fix on a frame in a TF tree of its own explains it with the static transform that would link it, and changes nothing', async () => {
    const r = await onScenario('qos_traps', 'traps-faults.rviz', 'fix the frame for the charger');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/dock_map.*`ros2 run tf2_ros static_transform_publisher --frame-id map --child-frame-id dock_map`/);
  });
});

describe('offline planner, relative values and qualified targets: more forms', () => {
  it('renames what the clause before was about ("… and call it X"), and says so when nothing was', async () => {
    expect((await plan('make the front lidar red and call it Red Lidar')).actions).toEqual(expect.arrayContaining(['rename_display Front Lidar =Red Lidar']));
    const r = await plan('call it Eins');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/"it" points at no display named before/);
  });

  it('reads an offset from a direction and a length, and two ends after min and max', async () => {
    expect((await plan('move the grid up by 0.5 m')).actions).toEqual(['set_property Grid Offset=0; 0; 0.5']);
    expect((await plan('lidar intensity min 5 max 500')).actions).toEqual(expect.arrayContaining(['set_property Front Lidar Min Intensity=5', 'set_property Front Lidar Max Intensity=500']));
  });

  it('a hide or remove verb that names a number or a switch of the display sets it instead of removing the display', async () => {
    expect((await plan('drop tf frames not updated in 3 s', doc())).actions).toEqual(['set_property TF Frame Timeout=3']);
    expect((await plan('remove the tf', doc())).actions).toEqual(['remove_display TF =']);
  });

  it('reads degrees as radians for the angle setting and "every 0.5 m" as the spacing', async () => {
    const odom = applyActions(doc(), [{ action: 'add_display', display_type: 'Odometry', topic: '/odom', display: 'Odometry' }], { lookup: catalog });
    if (!odom.ok) throw new Error(odom.reason);
    expect((await plan('odometry: a new arrow every 20 degrees', odom.doc)).actions).toContain('set_property Odometry Angle Tolerance=0.3491');
    expect((await plan('odometry arrows every 0.5 m', odom.doc)).actions).toContain('set_property Odometry Position Tolerance=0.5');
  });

  it('a robot named with a setting word only some of its displays have means those displays', async () => {
    const r = await onScenario('multi_robot', 'scenario', "hide robot1's covariance");
    expect(r.actions).toEqual(['set_property Robot1 Odometry Covariance=false']);
  });

  it('a display named as a place is no target', async () => {
    const r = await plan('show the front lidar on top of the grid');
    expect(r.actions.some((a) => a.includes('Grid'))).toBe(false);
  });
});

describe('catalog/finding-causes.json link commands', () => {
  it('each link command is one its knowledge entry gives', () => {
    for (const c of FINDING_CAUSES.filter((x) => x.link)) {
      const kb = JSON.parse(readFileSync(new URL(`../../../kb/${c.linkKb}.json`, import.meta.url), 'utf8')) as { text: string };
      const stem = c.link!.split(/\s+--/)[0]!;
      expect(kb.text, `${c.code}: ${stem}`).toContain(stem);
    }
  });
});
