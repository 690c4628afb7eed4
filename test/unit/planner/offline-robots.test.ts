// The offline planner with two robots (namespaces) and follow-ups, on a hand-made graph.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { createOfflineProposer, planRequest, type PlannerTurn } from '../../../src/core/planner/index.ts';
import { applyActions, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { doc, snapshot, topic, SENSOR, DEFAULT } from './fixtures.ts';
import { ordinalRobots } from '../../../src/core/planner/offline/ordinal-robots.ts';
import { planOnScenario } from './scenario-plans.ts';

const robots = snapshot(['robot1', 'robot2'].flatMap((ns) => [
  topic(`/${ns}/scan`, 'sensor_msgs/msg/LaserScan', [SENSOR(`/${ns}/lidar`)]),
  topic(`/${ns}/odom`, 'nav_msgs/msg/Odometry', [DEFAULT(`/${ns}/base`)]),
  topic(`/${ns}/plan`, 'nav_msgs/msg/Path', [DEFAULT(`/${ns}/planner`)]),
]));

function withDisplays(): RvizDocument {
  const r = applyActions(doc(), ['robot1', 'robot2'].flatMap((ns) => [
    { action: 'add_display', display_type: 'LaserScan', topic: `/${ns}/scan`, display: `${ns} Scan` },
    { action: 'add_display', display_type: 'Odometry', topic: `/${ns}/odom`, display: `${ns} Odometry` },
  ]), { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

async function plan(request: string, document = withDisplays(), history: PlannerTurn[] = []) {
  const r = await planRequest({ request, document, snapshot: robots, history, proposer: createOfflineProposer() });
  return r.plan.actions.map((a) => `${a.action} ${a.display} ${a.property}=${a.value}${a.topic}`.replace(/\s+/g, ' ').trim());
}

describe('offline planner with two robots', () => {
  it('adds a display in the named namespace', async () => {
    expect(await plan('show the path of robot2', doc())).toEqual(['add_display Path =/robot2/plan']);
  });

  it('hides every display of a robot named alone, and reads "robot 1" as robot1', async () => {
    expect(await plan('hide robot2')).toEqual(['set_enabled robot2 Scan =false', 'set_enabled robot2 Odometry =false']);
    expect(await plan('hide robot 1 odometry')).toEqual(['set_enabled robot1 Odometry =false']);
  });

  it('reads "the first robot" and "the 2nd robot" as robot1 and robot2, and a third robot of two as none', async () => {
    expect(await plan("hide the first robot's scan")).toEqual(['set_enabled robot1 Scan =false']);
    expect(await plan("the 2nd robot's odometry off")).toEqual(['set_enabled robot2 Odometry =false']);
    expect(await plan("hide the third robot's scan")).toEqual([]);
  });

  it('numbers places among namespaces counted from 0 too ("the first husky" is husky_0)', () => {
    expect(ordinalRobots("hide the first husky's scan and the 2nd robot", ['husky_0', 'husky_1'])).toBe("hide husky_0's scan and husky_1");
    expect(ordinalRobots('hide the first robot', ['robot1'])).toBe('hide the first robot');
  });

  it('reads "the other one" after a clause naming one robot\'s display as that kind of display on the other robot', async () => {
    expect(await plan('keep robot1 odometry, hide the other one')).toEqual(['set_enabled robot2 Odometry =false']);
    expect(await plan("make robot2's scan red, hide the other one")).toEqual(expect.arrayContaining(['set_enabled robot1 Scan =false']));
    expect(await plan("make robot2's scan red, hide the other one")).not.toContain('set_enabled robot1 Odometry =false');
  });

  it('replays the last request on the other robot', async () => {
    const first = await planRequest({ request: 'make robot1 scan red', document: withDisplays(), snapshot: robots, proposer: createOfflineProposer() });
    const history: PlannerTurn[] = [{ request: 'make robot1 scan red', outcome: 'applied', actions: first.plan.actions }];
    expect(await plan('now the other robot', withDisplays(), history)).toEqual([
      'set_property robot2 Scan Color=255; 0; 0', 'set_property robot2 Scan Color Transformer=FlatColor',
      // the display asks Reliable from a best-effort lidar: complete() fixes it while the plan touches the display
      'set_property robot2 Scan Topic/Reliability Policy=Best Effort',
    ]);
  });

  it('hides everything except what is named', async () => {
    expect(await plan('hide everything but the robot1 scan')).toEqual([
      'set_enabled Grid =false', 'set_enabled TF =false', 'set_enabled robot1 Odometry =false', 'set_enabled robot2 Scan =false', 'set_enabled robot2 Odometry =false',
    ]);
  });

  it('shares the verb and the noun across "and"', async () => {
    expect(await plan('hide the robot1 and robot2 scans')).toEqual(['set_enabled robot1 Scan =false', 'set_enabled robot2 Scan =false']);
  });

  it('turns off the group named after a robot, not each display in it', async () => {
    expect((await planOnScenario('multi_robot', 'turn off the robot1 group', 'fleet-groups.rviz')).actions).toEqual(['Hide "robot1"']);
    expect((await planOnScenario('multi_robot', 'hide the model in the robot2 group', 'fleet-groups.rviz')).actions).toEqual(['Hide "robot2/Model"']);
  });

  it('reads "its odom frame" and "robot1\'s base_link" as the robot\'s own frame for the fixed frame', async () => {
    expect((await planOnScenario('multi_robot', 'I want to follow robot2 - put the fixed frame on its odom frame.')).actions).toEqual(['Set the fixed frame to robot2/odom']);
    expect((await planOnScenario('multi_robot', 'set the fixed frame to robot1\'s base_link')).actions).toEqual(['Set the fixed frame to robot1/base_link']);
  });

  it('hides the group of a robot for "everything of robot2", and leaves what a verbless clause ending on "not" names', async () => {
    expect((await planOnScenario('multi_robot', 'hide everything of robot2', 'fleet-groups.rviz')).actions).toEqual(['Hide "robot2"']);
    expect((await planOnScenario('multi_robot', 'oculta el láser del robot 2, el del robot 1 no')).actions).toEqual(['Hide "Robot2 Scan"']);
    expect((await planOnScenario('multi_robot', 'follow robot2 — fixed frame on its odom')).actions).toEqual(['Set the fixed frame to robot2/odom']);
  });

  it.each([
    ['on both robots, keep only the last 3 odometry arrows', ['Set Keep = 3 on "Robot1 Odometry"', 'Set Keep = 3 on "Robot2 Odometry"']],
    ["draw both robots' scans as boxes", ['Set Style = Boxes on "Robot1 Scan"', 'Set Style = Boxes on "Robot2 Scan"']],
  ])('reads "both robots" beside a setting as whose displays, not as a set-up per robot: "%s"', async (request, actions) => {
    expect((await planOnScenario('multi_robot', request)).actions).toEqual(actions);
  });
});

describe('offline planner: everything of one robot', () => {
  it('reads "turn off everything of robot2" as its displays, and "turn off robot2" as a command for the robot', async () => {
    expect((await planOnScenario('multi_robot', 'switch off everything of robot2')).actions).toEqual(['Hide "Robot2 Model"', 'Hide "Robot2 Scan"', 'Hide "Robot2 Odometry"', 'Hide "Robot2 Plan"']);
    const command = await planOnScenario('multi_robot', 'turn off robot2');
    expect(command.actions).toEqual([]);
    expect(command.notes.join(' | ')).toMatch(/command for the robot/);
  });

  it('says which displays a robot-wide change could mean instead of claiming the catalog does not know them', async () => {
    const r = await planOnScenario('multi_robot', "robot2's arrows blue");
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/could mean Robot2 Scan or Robot2 Odometry or Robot2 Plan; which one is not clear/);
    expect(r.notes.join(' | ')).not.toMatch(/catalog does not know/);
  });
});

describe('offline planner: a group named like a setting', () => {
  it('reads "alpha" with a value beside another display as the setting, not the group called Alpha; "Alpha\'s laser" stays the group\'s', async () => {
    expect((await planOnScenario('multi_robot', "set the alpha on Bravo's laser to 0.3", 'dev-r3g-fleet-callsigns.rviz')).actions).toEqual(['Set Alpha = 0.3 on "Bravo/Laser"']);
    expect((await planOnScenario('multi_robot', "Alpha's laser blue", 'dev-r3g-fleet-callsigns.rviz')).actions).toEqual(['Set Color = 0; 0; 255 on "Alpha/Laser"', 'Set Color Transformer = FlatColor on "Alpha/Laser"']);
  });
});

describe('offline planner: "the other robot"', () => {
  it('is the robot the request or the last turn did not name, and "robot" in it is no robot model', async () => {
    expect((await planOnScenario('multi_robot', "hide the other robot's scan", 'fleet-groups.rviz')).actions).toEqual(['Hide "robot2/Scan"']);
    expect((await planOnScenario('multi_robot', "don't touch robot1 — just make the other robot's odometry keep 5 arrows")).actions).toEqual(['Set Keep = 5 on "Robot2 Odometry"']);
  });
});

describe('offline planner: a clause that narrows the one before to a robot', () => {
  it('reads "…, but only for robot 2" and "…, only on robot1" as the change on that robot, never as hiding the rest', async () => {
    expect((await planOnScenario('multi_robot', 'enable the odometry covariance, but only for robot 2')).actions).toEqual(['Set Covariance = true on "Robot2 Odometry"']);
    expect((await planOnScenario('multi_robot', 'active la covariance de l\'odométrie, mais seulement pour le robot 2')).actions).toEqual(['Set Covariance = true on "Robot2 Odometry"']);
    expect((await planOnScenario('multi_robot', 'make the scan red, only on robot1')).actions).toEqual(['Set Color = 255; 0; 0 on "Robot1 Scan"', 'Set Color Transformer = FlatColor on "Robot1 Scan"']);
  });
});

describe('offline planner: "show only" a robot and a display', () => {
  it('keeps robot1\'s displays and the map for "show only the map and robot1", hiding robot2\'s and the rest', async () => {
    for (const request of ['show only the map and robot1', 'show only robot1 and the map']) {
      const r = (await planOnScenario('multi_robot', request)).actions;
      expect(r.some((a) => /Robot1/.test(a)), request).toBe(false);
      expect(r, request).toEqual(expect.arrayContaining(['Hide "Robot2 Scan"', 'Hide "Grid"']));
      expect(r, request).not.toContain('Hide "Map"');
    }
  });
});
