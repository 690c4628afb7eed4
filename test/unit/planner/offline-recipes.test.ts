// Goal-level requests through catalog/recipes.json: the fixed frame follows REP 105 on the robot's TF, displays come
// from the live topics, and what the robot does not publish is skipped with a note.
import { describe, expect, it } from 'vitest';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { fixedFrameOf } from '../../../src/core/planner/context.ts';
import { doc, snapshot, topic, SENSOR, LATCHED } from './fixtures.ts';
import { planOnScenario } from './scenario-plans.ts';

async function plan(request: string, frames: [string, string][]) {
  const robot = snapshot([topic('/scan', 'sensor_msgs/msg/LaserScan', [SENSOR('/lidar')]), topic('/map', 'nav_msgs/msg/OccupancyGrid', [LATCHED('/slam')])], frames);
  const r = await planRequest({ request, document: doc(), snapshot: robot, proposer: createOfflineProposer() });
  return { actions: r.plan.actions.filter((a) => a.checked && a.origin === 'model'), notes: r.plan.notes };
}

describe('offline planner recipes', () => {
  it('picks map when map -> odom is in TF, else odom, else base_link (REP 105)', async () => {
    const frame = async (frames: [string, string][]) => (await plan('set up mapping', frames)).actions.find((a) => a.action === 'set_fixed_frame')?.frame ?? fixedFrameOf(doc());
    expect(await frame([['map', 'odom'], ['odom', 'base_link']])).toBe('map');
    expect(await frame([['odom', 'base_link'], ['map', 'map_overlay']])).toBe('odom');
    expect(await frame([['base_link', 'laser']])).toBe('base_link');
  });

  it('adds what the robot publishes and says what it skipped', async () => {
    const r = await plan('set RViz up for mapping', [['map', 'odom'], ['odom', 'base_link']]);
    expect(r.actions.filter((a) => a.action === 'add_display').map((a) => `${a.display_type} ${a.topic}`)).toEqual(['rviz_default_plugins/Map /map', 'rviz_default_plugins/LaserScan /scan']);
    expect(r.notes[0]).toMatch(/^set up for mapping \(SLAM\); added Map \(\/map\), laser scan \(\/scan\); kept TF; fixed frame map \(map -> odom is in TF\)$/);
    expect(r.notes[1]).toBe('skipped what the robot does not publish: robot model (no /robot_description on the robot); point cloud (no /points on the robot); Odometry (no /odom on the robot)');
  });

  it('is not a recipe when a display is named that the recipe does not hold', async () => {
    const r = await plan('show the navigation path', [['map', 'odom']]);
    expect(r.notes.join(' ')).not.toMatch(/set up for/);
  });

  it('reads a goal word inside a display\'s own name ("Loading Bay") as that display, not as the manipulation goal', async () => {
    const r = await planOnScenario('big_graph', 'I want to watch the parcels at Loading Bay', 'gateway-ops.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"Loading Bay" is already shown/);
  });
});

describe('offline planner recipes: a set-up asked for in other words', () => {
  it('"set the view up so I can see what localisation is doing" after "amcl keeps losing the robot" is localization', async () => {
    const r = await planOnScenario('turtlebot_nav', 'amcl keeps losing the robot, set the view up so I can see what localisation is doing');
    expect(r.notes[0]).toMatch(/^set up for localization \(AMCL\)/);
  });
});

describe('offline planner recipes: displays listed beside a goal', () => {
  it('"set up for teleop driving: I just need the laser and the robot model, nothing else" adds no navigation set-up', async () => {
    const r = await planOnScenario('turtlebot_nav', 'set up for teleop driving: I just need the laser and the robot model, nothing else', 'default');
    expect(r.notes.join(' ')).not.toMatch(/set up for navigation/);
    expect(r.actions.filter((a) => /Global Costmap|Local Costmap|Global Plan/.test(a))).toEqual([]);
  });
});
