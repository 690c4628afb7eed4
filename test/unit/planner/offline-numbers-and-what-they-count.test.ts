// What a number in a request counts: displays ("hide 2 costmaps"), never a setting of theirs; and a number written as a
// word before what it counts ("forty cells", "keep forty arrows", "a trail of forty").
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

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
