// The offline planner's structural parse, basics: "fix" on a display with nothing RViz can fix says what was
// checked and how to check outside RViz, a change verb never adds a display, several values each find their setting,
// and composed CJK numerals. (The dev-r2 bench cases cover the same kinds on the scenarios' own configs.)
import { describe, expect, it } from 'vitest';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { cjkNumber } from '../../../src/core/planner/offline/languages.ts';
import { snapshot, withScan } from './fixtures.ts';
import { planOnScenario } from './scenario-plans.ts';

async function plan(request: string, document = withScan()) {
  const r = await planRequest({ request, document, snapshot: snapshot(), findings: [], proposer: createOfflineProposer() });
  return { actions: r.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.property}=${a.value}`.replace(/\s+/g, ' ').trim()), notes: r.plan.notes };
}

describe('offline planner: fixes, change verbs and values by kind', () => {
  it('"fix" on a display with nothing to fix changes nothing and says how to check the data outside RViz', async () => {
    const r = await plan('the front lidar looks frozen, fix it');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/found nothing RViz can fix on Front Lidar.*`ros2 topic hz \/scan`.*`ros2 topic echo \/scan --once`/);
  });

  it('a change verb on a type with no display says so and adds nothing; show still adds', async () => {
    const r = await plan('make the sonar red');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/no Range display to change/);
    expect((await plan('add a sonar display')).actions.some((a) => a.startsWith('add_display'))).toBe(true);
  });

  it('gives each value its own setting by kind', async () => {
    const r = await plan('a grid of 30 cells with 25 cm squares');
    expect(r.actions).toEqual(expect.arrayContaining(['set_property Grid Plane Cell Count=30', 'set_property Grid Cell Size=0.25']));
  });

  it('reads composed Chinese and Japanese numerals', () => {
    expect([cjkNumber('三十五'), cjkNumber('十二'), cjkNumber('二百零五'), cjkNumber('百'), cjkNumber('两千')]).toEqual([35, 12, 205, 100, 2000]);
  });
});

describe('offline planner: a repair that names the QoS repairs only the QoS', () => {
  it('"match the laser\'s QoS to its publisher" sets the publisher\'s reliability and leaves the fixed frame, saying it is not in TF', async () => {
    const r = await planOnScenario('qos_traps', "match the laser's QoS to its publisher");
    expect(r.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"']);
    expect(r.notes.join(' | ')).toMatch(/fixed frame world is not in TF either; say "use map as the fixed frame"/);
  });

  it('"fix the laser" on the same robot still repairs the fixed frame too', async () => {
    const r = await planOnScenario('qos_traps', 'fix the laser');
    expect(r.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"', 'Set the fixed frame to map']);
  });

  it('"latch the map subscription" sets its durability to Transient Local', async () => {
    expect((await planOnScenario('qos_traps', 'latch the map subscription')).actions).toEqual(['Set Topic/Durability Policy = Transient Local on "Map"']);
  });
});

describe('offline planner: a display that never shows is a complaint, and "point it at" a topic', () => {
  it('"the obstacle markers never show anything" hides nothing; "Front Lidar isn\'t drawing anything" repairs without hiding', async () => {
    expect((await planOnScenario('qos_traps', 'the obstacle markers never show anything, fix it')).plan.actions.filter((a) => a.checked && a.action === 'set_enabled')).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', "Front Lidar isn't drawing anything, sort it out", 'nav-nested.rviz')).actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "Front Lidar"']);
  });

  it('"…listening to /odom_pose, point it at /odom" re-points the display "it" is; "don\'t change its type" keeps only the type', async () => {
    expect((await planOnScenario('qos_traps', 'the Odometry display is listening to /odom_pose, point it at /odom')).actions).toEqual(['Set the topic of "Odometry" to /odom']);
    expect((await planOnScenario('qos_traps', "don't change the Odometry display's type, just point it at /odom")).actions).toEqual(['Set the topic of "Odometry" to /odom']);
  });
});
