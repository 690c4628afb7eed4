// Adding into groups through the planner: validate() follows a plan's own groups in order, refuses a missing group with
// a reason, keeps names unique per group; recipes set each robot up inside its group, or a new one per namespace;
// manipulation and perception take the root of the robot's TF tree.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { buildContext, complete, createOfflineProposer, describeAction, normaliseReply, planRequest, validate } from '../../../src/core/planner/index.ts';
import { applyActions, listDisplays, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { doc, snapshot, topic, DEFAULT, LATCHED, SENSOR } from './fixtures.ts';

const a = (o: Record<string, string>) => ({ display_type: '', topic: '', display: '', property: '', value: '', frame: '', ...o });
const VM = 'Visualization Manager/Displays';

const robots = snapshot(['robot1', 'robot2'].flatMap((ns) => [
  topic(`/${ns}/scan`, 'sensor_msgs/msg/LaserScan', [SENSOR(`/${ns}/lidar`)]),
  topic(`/${ns}/odom`, 'nav_msgs/msg/Odometry', [DEFAULT(`/${ns}/base`)]),
  topic(`/${ns}/robot_description`, 'std_msgs/msg/String', [LATCHED(`/${ns}/rsp`)]),
  topic(`/${ns}/amcl_pose`, 'geometry_msgs/msg/PoseWithCovarianceStamped', [LATCHED(`/${ns}/amcl`)]),
]).concat([topic('/map', 'nav_msgs/msg/OccupancyGrid', [LATCHED('/map_server')])]),
['robot1', 'robot2'].flatMap((ns): [string, string][] => [['map', `${ns}/odom`], [`${ns}/odom`, `${ns}/base_link`]]));

function applied(document: RvizDocument, actions: readonly unknown[]): RvizDocument {
  const r = applyActions(document, actions, { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

/** robot1 in a group holding a "Scan"; robot2 has nothing yet. */
function fleet(): RvizDocument {
  return applied(doc(), [a({ action: 'add_display', display_type: 'Group', display: 'robot1' }),
    a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot1/scan', display: `${VM}/robot1/Scan` })]);
}

const placed = (d: RvizDocument) => listDisplays(d, catalog).filter((x) => !x.isGroup && x.depth > 0).map((x) => `${x.groupPath.join('/')}/${x.name}`);

describe('validate() with display paths into groups', () => {
  it('accepts a group added earlier in the plan as the place of later displays, and their settings by path', () => {
    const ctx = buildContext({ document: doc(), snapshot: robots });
    const v = validate([
      a({ action: 'add_display', display_type: 'Group', display: 'robot2' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/robot2/Scan` }),
      a({ action: 'set_property', display: `${VM}/robot2/Scan`, property: 'Size (m)', value: '0.05' }),
    ], ctx);
    expect(v.rejected).toEqual([]);
    expect(v.actions.map((x) => x.display)).toEqual(['robot2', `${VM}/robot2/Scan`, `${VM}/robot2/Scan`]);
    expect(placed(applied(doc(), v.actions))).toEqual(['robot2/Scan']);
  });

  it('refuses an add into a group that does not exist (or was removed earlier in the plan), naming the groups there', () => {
    const ctx = buildContext({ document: fleet(), snapshot: robots });
    const v = validate([
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/robot2/Scan` }),
      a({ action: 'remove_display', display: 'robot1' }),
      a({ action: 'add_display', display_type: 'Odometry', topic: '/robot1/odom', display: `${VM}/robot1/Odometry` }),
    ], ctx);
    expect(v.actions.map((x) => x.action)).toEqual(['remove_display']);
    expect(v.rejected.map((r) => r.reason)).toEqual([
      'add_display LaserScan: no group "robot2" in the top level (groups there: robot1)',
      'add_display LaserScan: no group "robot1" in the top level (groups there: none)'.replace('LaserScan', 'Odometry'),
    ]);
  });

  it('keeps names unique within a group, as the document model does: a clash inside gets "(2)", outside it is fine', () => {
    const ctx = buildContext({ document: fleet(), snapshot: robots });
    const v = validate([
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot1/scan', display: `${VM}/robot1/Scan` }),
      a({ action: 'add_display', display_type: 'Group', display: 'robot2' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/robot2/Scan` }),
      a({ action: 'rename_display', display: `${VM}/robot1/Scan (2)`, value: 'Scan' }),
    ], ctx);
    expect(v.actions.map((x) => x.display)).toEqual([`${VM}/robot1/Scan (2)`, 'robot2', `${VM}/robot2/Scan`]);
    expect(v.rejected.map((r) => r.reason)).toEqual(['another display is already named "Scan"']);
    expect(placed(applied(fleet(), v.actions))).toEqual(['robot1/Scan', 'robot1/Scan (2)', 'robot2/Scan']);
  });

  it('completes the QoS of a display added into a group by its path, not by a name another group shares', () => {
    const ctx = buildContext({ document: fleet(), snapshot: robots });
    const v = validate([
      a({ action: 'add_display', display_type: 'Group', display: 'robot2' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/robot2/Scan` }),
    ], ctx);
    const c = complete(v.actions, v.state, 'show robot2 scan');
    expect(c.actions.filter((x) => x.origin === 'auto').map((x) => `${x.display} ${x.property}=${x.value}`)).toEqual([`${VM}/robot2/Scan Topic/Reliability Policy=Best Effort`]);
    const out = listDisplays(applied(fleet(), c.actions), catalog).filter((x) => x.name === 'Scan');
    expect(out.map((x) => `${x.groupPath.join('/')} ${JSON.stringify((x.properties.Topic as Record<string, unknown>)?.['Reliability Policy'] ?? x.properties.Topic)}`))
      .toEqual(['robot1 "Reliable"', 'robot2 "Best Effort"']);
  });

  it('reads a model\'s short group path for a new display as the full path, only when its first part is a group', () => {
    const ctx = buildContext({ document: fleet(), snapshot: robots });
    const r = normaliseReply({ actions: [
      { action: 'add_display', display_type: 'Odometry', topic: '/robot1/odom', display: 'robot1/Odom' },
      { action: 'add_display', display_type: 'Odometry', topic: '/robot2/odom', display: 'robot2/Odom' },
    ], notes: [], undo_first: false }, ctx, 'show the odometry in robot1', 40);
    if (!r.ok) throw new Error(r.reason);
    expect(r.value.actions.map((x) => x.display)).toEqual([`${VM}/robot1/Odom`, 'robot2/Odom']);
    expect(r.value.repairs.join('\n')).toMatch(/display "robot1\/Odom" → "Visualization Manager\/Displays\/robot1\/Odom" \(inside that group\)/);
  });

  it('describes adds into groups and actions on paths for people', () => {
    expect(describeAction(a({ action: 'add_display', display_type: 'rviz_default_plugins/LaserScan', topic: '/robot2/scan', display: `${VM}/Fleet/robot2/Scan` })))
      .toBe('Add LaserScan on /robot2/scan named "Scan" in group "Fleet/robot2"');
    expect(describeAction(a({ action: 'set_enabled', display: `${VM}/robot2/Scan`, value: 'false' }))).toBe('Hide "robot2/Scan"');
    expect(describeAction(a({ action: 'remove_display', display: `${VM}/3/Displays/0` }))).toBe(`Remove "${VM}/3/Displays/0"`);
  });
});

describe('recipes on several robots', () => {
  async function plan(request: string, document: RvizDocument, snap = robots) {
    const r = await planRequest({ request, document, snapshot: snap, proposer: createOfflineProposer() });
    const checked = r.plan.actions.filter((x) => x.checked);
    return { doc: applied(document, checked), notes: r.plan.notes, actions: checked };
  }

  it('adds a Group per namespace when the config has none, each robot\'s displays inside with its TF Prefix', async () => {
    const r = await plan('set up localization for both robots', doc());
    const out = listDisplays(r.doc, catalog);
    expect(out.filter((x) => x.isGroup).map((x) => x.name)).toEqual(['robot1', 'robot2']);
    expect(placed(r.doc)).toEqual(['robot1/RobotModel', 'robot1/LaserScan', 'robot1/AMCL Pose', 'robot2/RobotModel', 'robot2/LaserScan', 'robot2/AMCL Pose']);
    expect(out.filter((x) => x.classId.endsWith('/RobotModel')).map((x) => x.properties['TF Prefix'])).toEqual(['robot1', 'robot2']);
    expect(out.find((x) => x.classId.endsWith('/Map'))?.depth).toBe(0);
    expect(r.notes[0]).toMatch(/grouped by robot in robot1 \(new\), robot2 \(new\); fixed frame map/);
  });

  it('uses the robot\'s existing group, reuses its display on a topic instead of a twin, and names the other robot\'s like it', async () => {
    const r = await plan('check both robots are localised', fleet());
    expect(listDisplays(r.doc, catalog).filter((x) => x.isGroup).map((x) => x.name)).toEqual(['robot1', 'robot2']);
    expect(placed(r.doc)).toEqual(['robot1/Scan', 'robot1/RobotModel', 'robot1/AMCL Pose', 'robot2/RobotModel', 'robot2/Scan', 'robot2/AMCL Pose']);
    expect(r.notes[0]).toMatch(/kept .*robot1\/Scan/);
  });

  it('turns a disabled robot group on before adding into it', async () => {
    const off = applied(fleet(), [a({ action: 'set_enabled', display: 'robot1', value: 'false' })]);
    const r = await plan('set up localization for robot1', off);
    expect(r.actions.map((x) => `${x.action} ${x.display}`)).toContain('set_enabled robot1');
    expect(listDisplays(r.doc, catalog).find((x) => x.name === 'robot1')?.enabled).toBe(true);
  });

  it('takes the root of the robot\'s TF tree for manipulation and perception, whatever it is called', async () => {
    const arm = snapshot([topic('/robot_description', 'std_msgs/msg/String', [LATCHED('/rsp')])], [['table', 'base_link'], ['base_link', 'tool0'], ['camera_mount', 'camera_link']]);
    const frame = async (request: string) => (await plan(request, doc(), arm)).actions.find((x) => x.action === 'set_fixed_frame')?.frame;
    expect(await frame('set up for manipulation')).toBe('table');
    expect(await frame('set up perception')).toBe('table');
  });
});

describe('the group of a robot', () => {
  it('is found by the namespace as a name, as words in the name, or by the topics inside', async () => {
    const { robotGroup } = await import('../../../src/core/planner/offline/robot-groups.ts');
    const { PlanState } = await import('../../../src/core/planner/state.ts');
    const d = applied(doc(), [
      a({ action: 'add_display', display_type: 'Group', display: 'Sensors (tb3_0)' }),
      a({ action: 'add_display', display_type: 'Group', display: 'Robot 1' }),
      a({ action: 'add_display', display_type: 'Group', display: 'Bravo' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/Bravo/Laser` }),
      a({ action: 'add_display', display_type: 'Group', display: 'Both' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot2/scan', display: `${VM}/Both/Laser` }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/robot10/scan', display: `${VM}/Both/Laser 10` }),
    ]);
    const ctx = buildContext({ document: d, snapshot: robots });
    const p = { ctx, state: new PlanState(ctx), actions: [], notes: [], history: [], last: [] };
    expect(['tb3_0', 'robot1', 'robot2', 'robot10', 'robot3'].map((ns) => robotGroup(p, ns)?.name)).toEqual(['Sensors (tb3_0)', 'Robot 1', 'Bravo', undefined, undefined]);
  });
});
