// What a number in a request counts: displays ("hide 2 costmaps"), never a setting of theirs; and a number written as a
// word before what it counts ("forty cells", "keep forty arrows", "a trail of forty").
import { describe, expect, it } from 'vitest';
import { planAfter, planOnScenario } from './scenario-plans.ts';

const actionsOf = async (scenario: string, request: string, config?: string): Promise<string[]> => (await planOnScenario(scenario, request, config)).actions;

describe('a number that counts displays', () => {
  it('reads "hide 2 costmaps" as both costmaps hidden, never as a threshold of 2', async () => {
    expect(await actionsOf('turtlebot_nav', 'hide 2 costmaps')).toEqual(['Hide "Global Costmap"', 'Hide "Local Costmap"']);
  });

  it('reads "the 2 cameras" by the device noun, never as an image setting of 2', async () => {
    expect(await actionsOf('manipulator', 'hide the 2 cameras', 'arm-sensor-bay.rviz')).toEqual(['Hide "Top Cam"']);
  });

  it('counts no displays when the document holds fewer ("the last 20 poses" of one particle cloud is asked about)', async () => {
    const r = await planOnScenario('turtlebot_nav', 'show the last 20 poses of the particle cloud');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/no PoseArray setting takes "20 poses"/);
  });

  it('still reads a count of a setting\'s own noun as that setting ("grid with 40 cells")', async () => {
    expect(await actionsOf('empty', 'grid with 40 cells', 'default')).toEqual(['Set Plane Cell Count = 40 on "Grid"']);
  });
});

describe('a number written as a word before what it counts', () => {
  it('reads "forty cells" and "forty of them" as the cell count', async () => {
    expect(await actionsOf('empty', 'grid: forty cells, and thinner lines, 0.01', 'default')).toEqual(
      ['Set Plane Cell Count = 40 on "Grid"', 'Set Line Style/Line Width = 0.01 on "Grid"', 'Set Line Style = Billboards on "Grid"']);
    expect(await actionsOf('empty', 'make the grid finer: quarter-metre cells, forty of them', 'default')).toEqual(['Set Cell Size = 0.25 on "Grid"', 'Set Plane Cell Count = 40 on "Grid"']);
  });

  it('reads "keep forty arrows" and "a trail of forty" as how many an odometry keeps', async () => {
    expect(await actionsOf('multi_robot', "robot1's odometry: keep forty arrows and turn the covariance on", 'fleet-groups.rviz')).toEqual(['Set Keep = 40 on "Odom"', 'Set Covariance = true on "Odom"']);
    expect(await actionsOf('big_graph', 'Wheel Odom on, with a trail of forty', 'gateway-ops.rviz')).toEqual(['Show "Wheel Odom"', 'Set Keep = 40 on "Wheel Odom"']);
  });

  it('reads no number in "two things:" ahead of a list', async () => {
    expect(await actionsOf('turtlebot_nav', 'ok two things: hide the camera image for now, and make the depth points red')).toEqual(
      ['Hide "Camera Image"', 'Set Color = 255; 0; 0 on "Depth Cloud"', 'Set Color Transformer = FlatColor on "Depth Cloud"']);
  });
});

describe('a count and a multiple said in words', () => {
  it('reads "a dozen arrows" as 12, and "the 2 cameras" of two camera images as those two', async () => {
    expect(await actionsOf('turtlebot_nav', 'add odometry and keep a dozen arrows')).toEqual(['Add Odometry on /odom named "Odometry"', 'Set Keep = 12 on "Odometry"']);
    expect(await actionsOf('big_graph', 'remove the 2 cameras, keep the thermal one', 'gateway-ops.rviz')).toEqual(['Remove "Dock Door"', 'Remove "Loading Bay"']);
  });

  it('reads "twice that" as twice the number the request set before, on the same setting', async () => {
    expect(await actionsOf('turtlebot_nav', 'both costmaps at 0.4 opacity and the map at twice that')).toEqual(
      ['Set Alpha = 0.4 on "Global Costmap"', 'Set Alpha = 0.4 on "Local Costmap"', 'Set Alpha = 0.8 on "Map"']);
  });

  it('reads "actually, half of that" as half the number the turn before set', async () => {
    expect(await planAfter('turtlebot_nav', ['set the laser decay time to 8 seconds'], 'actually, half of that')).toEqual(['Set Decay Time = 4 on "LaserScan"']);
  });
});

describe('offline planner: counts said as a change, and multiples of nothing', () => {
  it('reads "5 more cells", "one more cell", "a couple of seconds", "keep a dozen" as what they count', async () => {
    expect(await actionsOf('turtlebot_nav', 'give the grid 5 more cells')).toEqual(['Set Plane Cell Count = 15 on "Grid"']);
    expect(await actionsOf('turtlebot_nav', 'give the grid one more cell and thinner lines, 1 cm')).toEqual(['Set Plane Cell Count = 11 on "Grid"', 'Set Line Style/Line Width = 0.01 on "Grid"', 'Set Line Style = Billboards on "Grid"']);
    expect(await actionsOf('turtlebot_nav', 'let the scan linger a couple of seconds')).toEqual(['Set Decay Time = 2 on "LaserScan"']);
    expect(await actionsOf('multi_robot', 'Robot1 Odometry: keep a dozen and switch the arrows to axes')).toEqual(['Set Keep = 12 on "Robot1 Odometry"', 'Set Shape = Axes on "Robot1 Odometry"']);
  });

  it('keeps "the last 50 poses" on the odometry just added, not on a PoseArray display', async () => {
    expect(await actionsOf('turtlebot_nav', 'add the odometry, keep the last 50 poses, without the covariance'))
      .toEqual(['Add Odometry on /odom named "Odometry"', 'Set Keep = 50 on "Odometry"', 'Set Covariance = false on "Odometry"']);
  });

  it('never writes "twice" as a 2 into a setting no word names', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the global costmap twice as thick');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"twice" of which setting\?/);
  });
});

describe('offline planner: a number said as a difference', () => {
  it('reads "0.01 smaller", "up by 0.2", "two fewer poses", "50 % more cells" as changes of the value now', async () => {
    expect(await actionsOf('turtlebot_nav', 'Fog points 0.01 smaller, Eyes stays the same', 'nav-kiosk.rviz')).toEqual(['Set Size (m) = 0.01 on "Fog"']);
    expect(await actionsOf('turtlebot_nav', 'map alpha up by 0.2')).toEqual(['Set Alpha = 0.9 on "Map"']);
    expect(await actionsOf('multi_robot', "in robot1's group, keep two fewer poses on the odom", 'fleet-groups.rviz')).toEqual(['Set Keep = 18 on "Odom"']);
    expect(await actionsOf('turtlebot_nav', 'grid 50% more cells, frame rate up 20%')).toEqual(['Set Plane Cell Count = 15 on "Grid"', 'Set Frame Rate = 36 on "Global Options"']);
  });

  it('refuses a difference that goes out of range with the value now and what it would be', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the lidar dots 0.05 m smaller');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Size \(m\) is 0\.03; 0\.05 m less would be -0\.02, out of its range/);
    expect(await actionsOf('empty', 'grid alpha down by 0.6', 'default')).toEqual([]);
  });

  it('keeps a Chinese or Japanese value before its comparative the value to make it ("線だけ0.06に太くして")', async () => {
    expect(await actionsOf('multi_robot', 'robot2のプランの色はそのままでいい、線だけ0.06に太くして')).toEqual(['Set Line Width = 0.06 on "Robot2 Plan"', 'Set Line Style = Billboards on "Robot2 Plan"']);
  });
});

describe('offline planner: a number nothing used holds the whole request', () => {
  it('applies none of "fixed frame odom and background grey 80" when the 80 reaches no setting, and offers the rest', async () => {
    const r = await planOnScenario('turtlebot_nav', 'fixed frame odom and background grey 80');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"80" of "background grey 80" was not used: nothing was applied/);
    expect(r.choices.map((c) => c.label)).toEqual(['fixed frame odom and background grey']);
    expect(r.choices[0]!.actions).toContain('Set the fixed frame to odom');
  });

  it('holds "grid: 0.25 cells, 40 of them" when the 0.25 is only asked about (a count takes no fraction)', async () => {
    const r = await planOnScenario('empty', 'grid: 0.25 cells, 40 of them', 'default');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"0\.25" of "[^"]*" was not used/);
  });

  it('still applies the rest beside a value refused with its range, a display the robot lacks, or a number of a name', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the grid and set the laser alpha to 7')).actions).toEqual(['Hide "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'make the laser red and keep 50 of the odometry arrows')).actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
    expect((await planOnScenario('multi_robot', 'muéstrame la pose de amcl del robot 2, la del 1 no hace falta')).actions.length).toBeGreaterThan(0);
  });

  it('reads no number a translation wrote ("緑一色" is "green 1 colour")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'レーザーを緑一色にして')).actions).toContain('Set Color = 0; 255; 0 on "LaserScan"');
  });
});
