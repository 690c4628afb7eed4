// Add only on request: add_display comes from a show/add verb (or a recipe) in the clause that names the type, never
// from a noun of a list another verb governs, nor from a clause of politeness alone.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: a list adds nothing not asked for', () => {
  it.each([
    'hide the grid, the odometry and the map',
    'make the laser and the odometry red',
    'the laser red and the odometry, please',
    'oculta la rejilla, la odometría y el mapa',
    'blende das Gitter, die Odometrie und die Karte aus',
  ])('"%s" adds no Odometry display', async (request) => {
    const r = await planWhole(request);
    expect(r.actions.some((a) => a.startsWith('Add'))).toBe(false);
    expect(r.notes.join(' | ')).toMatch(/no Odometry display/);
  });

  it('still adds on a show verb: "hide the grid and show the odometry"', async () => {
    const r = await planWhole('hide the grid and show the odometry');
    expect(r.actions.some((a) => /^Add .*Odometry/.test(a))).toBe(true);
  });

  it('adds nothing for a statement with no verb ("odom_pose is a PoseStamped"), and one display when asked after it', async () => {
    const said = await planOnScenario('qos_traps', 'odom_pose is a PoseStamped');
    expect(said.actions).toEqual([]);
    expect(said.notes.join(' | ')).toMatch(/says what is, and asks for no change/);
    const asked = await planOnScenario('qos_traps', 'odom_pose is a PoseStamped, show it as a PoseStamped');
    expect(asked.plan.actions.filter((a) => a.action === 'add_display').map((a) => `${a.display_type} ${a.topic}`)).toEqual(['rviz_default_plugins/Pose /odom_pose']);
    // A clause naming the topic and its type adds one display, not one for each.
    const both = await planOnScenario('qos_traps', 'show odom_pose as a PoseStamped');
    expect(both.plan.actions.filter((a) => a.action === 'add_display').map((a) => `${a.display_type} ${a.topic}`)).toEqual(['rviz_default_plugins/Pose /odom_pose']);
  });

  it('adds no second display on a topic the plan just moved one onto ("odometry show topic set to /odom")', async () => {
    const r = await planOnScenario('qos_traps', 'odometry show topic set to /odom');
    expect(r.plan.actions.filter((a) => a.action === 'add_display')).toEqual([]);
    expect(r.actions).toEqual(['Set the topic of "Odometry" to /odom']);
  });

  it('reads "X hides Y" as what is drawn, and "it" after it as X', async () => {
    const r = await planOnScenario('manipulator', 'the depth cloud hides the arm, make it a little see-through');
    expect(r.actions).toEqual(['Set Alpha = 0.8 on "Depth Cloud"']);
  });

  it('adds no display for a value of a display named here ("show the amcl arrow as axes")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'show the amcl arrow as axes')).actions).toEqual(['Set Shape = Axes on "AMCL Pose"']);
  });

  it('offers, never adds, a display of a type a clause names while it changes a display it names ("global plan: show each pose as axes")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'global plan: show each pose as axes');
    expect(r.actions).toEqual(['Set Pose Style = Axes on "Global Plan"']);
    expect(r.notes.join(' | ')).toMatch(/names Pose, which has no display; adding one is offered as a choice, not applied/);
    expect(r.plan.choices?.map((c) => c.actions.map((a) => a.action))).toEqual([['set_property', 'add_display', 'set_property']]);
    // Asked for in words ("add"), the display is added; one named beside a display the clause only shows is added too.
    expect((await planOnScenario('turtlebot_nav', 'make the global plan green and add a pose display')).actions.some((a) => a.startsWith('Add Pose'))).toBe(true);
    expect((await planOnScenario('turtlebot_nav', 'show the odometry next to the map')).actions.some((a) => a.startsWith('Add Odometry'))).toBe(true);
  });

  it('reads "robot 2 has no lidar display" as what is, after a clause with a verb too', async () => {
    const r = await planOnScenario('multi_robot', 'Turn on Robot 1\'s Lidar. Robot 2 has no lidar display, don\'t add one there.', 'dev-r3g-fleet-nested.rviz');
    expect(r.actions).toEqual(['Show "Lidar"']);
  });
});

describe('offline planner: a display of a device the robot does not publish', () => {
  it('adds nothing for "add a point cloud for my depth camera" or "add the laser scan" on a robot without them; offers the add', async () => {
    for (const request of ['add a point cloud for my depth camera', 'add the laser scan', 'add the camera image']) {
      const r = await planOnScenario('empty', request, 'default');
      expect(r.actions, request).toEqual([]);
      expect(r.choices.map((c) => c.label).join(' | '), request).toMatch(/display anyway/);
    }
  });

  it('still adds a display asked for as a new one ("add a camera", de "füge eine Kamera hinzu", "add a laser scan")', async () => {
    for (const request of ['add a camera', 'füge eine Kamera hinzu', 'add a laser scan']) {
      expect((await planOnScenario('empty', request, 'default')).actions.filter((a) => a.startsWith('Add')), request).toHaveLength(1);
    }
  });
});

describe('offline planner: a numbered device the robot does not have', () => {
  it('adds nothing for "add camera 250\'s image" beside cam_0 … cam_99, and says so', async () => {
    const r = await planOnScenario('big_graph', 'add camera 250\'s image');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/there is no camera 250/);
    expect((await planOnScenario('big_graph', 'show camera 5')).actions.filter((a) => a.startsWith('Add'))).toHaveLength(1);
  });
});
