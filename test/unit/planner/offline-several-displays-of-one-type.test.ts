// A type named in the singular where the document holds several displays of it ("hide the path" beside a Global Plan
// and a Local Plan): nothing is changed, and each display and all of them are offered as one-tap choices. "both", a
// plural, a display's own name or a robot's name decide it; Chinese and Japanese mark no plural, so all are meant.
import { describe, expect, it } from 'vitest';
import { planOnScenario as onScenario } from './scenario-plans.ts';

describe('offline planner: a singular type with several displays of it', () => {
  it('"hide the path" changes nothing and offers the Global Plan, the Local Plan and both', async () => {
    const r = await onScenario('turtlebot_nav', 'hide the path');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([
      { label: 'hide the path (Global Plan)', actions: ['Hide "Global Plan"'] },
      { label: 'hide the path (Local Plan)', actions: ['Hide "Local Plan"'] },
      { label: 'hide the path (all: Global Plan, Local Plan)', actions: ['Hide "Global Plan"', 'Hide "Local Plan"'] },
    ]);
    expect(r.notes.join(' | ')).toMatch(/could mean Global Plan or Local Plan; nothing was changed for it/);
  });

  it.each([
    ['hide both paths', ['Hide "Global Plan"', 'Hide "Local Plan"']],
    ['hide the costmaps', ['Hide "Global Costmap"', 'Hide "Local Costmap"']],
    ['hide the global plan', ['Hide "Global Plan"']],
    ['隐藏代价地图', ['Hide "Global Costmap"', 'Hide "Local Costmap"']],
  ])('"%s" is sure: %j', async (request, actions) => {
    expect((await onScenario('turtlebot_nav', request)).actions).toEqual(actions);
  });

  it('on two robots, "make the scan red" asks which robot; "robot2\'s scan" and "either robot" decide', async () => {
    const r = await onScenario('multi_robot', 'make the scan red');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['make the scan red (Robot1 Scan)', 'make the scan red (Robot2 Scan)', 'make the scan red (all: Robot1 Scan, Robot2 Scan)']);
    expect((await onScenario('multi_robot', "hide robot2's scan")).actions).toEqual(['Hide "Robot2 Scan"']);
    expect((await onScenario('multi_robot', "don't show the odometry of either robot")).actions).toEqual(['Hide "Robot1 Odometry"', 'Hide "Robot2 Odometry"']);
  });
});

describe('offline planner: a value for one of several displays of a type', () => {
  it('asks which costmap "put the costmap at 0.5" means, but sets each robot\'s one display after "both robots:"', async () => {
    const r = await onScenario('turtlebot_nav', 'put the costmap at 0.4');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/could mean Global Costmap or Local Costmap/);
    expect((await onScenario('multi_robot', 'both robots: only keep the last 7 odometry arrows')).actions).toEqual(['Set Keep = 7 on "Robot1 Odometry"', 'Set Keep = 7 on "Robot2 Odometry"']);
  });
});

describe('offline planner: one name in each robot\'s group', () => {
  it('"Scan decay time 2 s" with a Scan in robot1\'s and robot2\'s groups changes nothing and offers each, told apart by its group', async () => {
    const r = await onScenario('multi_robot', 'Scan decay time 2 s', 'fleet-groups.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['Scan decay time 2 s (robot1 / Scan)', 'Scan decay time 2 s (robot2 / Scan)', 'Scan decay time 2 s (all: robot1 / Scan, robot2 / Scan)']);
  });
});

describe('offline planner: a name that holds only the type\'s own word', () => {
  it('"make the path green" beside "Controller Path" and "Global Plan" asks which, never picks the one named "Path"', async () => {
    const r = await onScenario('turtlebot_nav', 'make the path green', 'nav-nested.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['make the path green (Global Plan)', 'make the path green (Controller Path)', 'make the path green (all: Global Plan, Controller Path)']);
  });

  it('"the costmap" is the displays named costmaps, never the map; "the map" is the Map on /map', async () => {
    expect((await onScenario('turtlebot_nav', 'hide the costmap')).choices.map((c) => c.label)).toEqual(
      ['hide the costmap (Global Costmap)', 'hide the costmap (Local Costmap)', 'hide the costmap (all: Global Costmap, Local Costmap)']);
    expect((await onScenario('turtlebot_nav', 'hide the map')).actions).toEqual(['Hide "Map"']);
  });
});

describe('offline planner: "the robot\'s" with several robots', () => {
  it('"make the robot\'s scan dots bigger" with two robots asks which scan, never changes both', async () => {
    const r = await onScenario('multi_robot', "make the robot's scan dots bigger");
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['make the scan dots bigger (Robot1 Scan)', 'make the scan dots bigger (Robot2 Scan)', 'make the scan dots bigger (all: Robot1 Scan, Robot2 Scan)']);
  });

  it('"the robot\'s footprint" on one robot is its footprint', async () => {
    expect((await onScenario('turtlebot_nav', "make the robot's footprint red")).actions).toEqual(['Set Color = 255; 0; 0 on "Footprint"']);
  });
});

describe('offline planner: a type whose own name is a plural', () => {
  it('"make the axes bigger" beside Gripper Axes, Lift and Charger asks; "all the axes" and "the paths" mean every one', async () => {
    const r = await onScenario('qos_traps', 'make the axes bigger', 'traps-faults.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['make the axes bigger (Gripper Axes)', 'make the axes bigger (Lift)', 'make the axes bigger (all: Gripper Axes, Lift, Charger)']);
    expect((await onScenario('qos_traps', 'make all the axes bigger', 'traps-faults.rviz')).actions).toEqual(['Set Length = 1 on "Gripper Axes"', 'Set Length = 0.6 on "Lift"', 'Set Length = 1 on "Charger"']);
    expect((await onScenario('turtlebot_nav', 'make the paths green', 'nav-nested.rviz')).actions).toEqual(['Set Color = 0; 255; 0 on "Global Plan"', 'Set Color = 0; 255; 0 on "Controller Path"']);
  });
});
