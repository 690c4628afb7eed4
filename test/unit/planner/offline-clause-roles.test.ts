// What a clause does in its request, beyond its own words: "just" as "simply", a clause that only says how a display is
// before one that changes it, what a change is for ("so I can see…"), "the display called X", "a second X display",
// "only" after a negated switch, and the fixed frame said as a wish ("should probably be map").
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: the role of a clause in its request', () => {
  it('reads "just" before a verb as "simply" unless only displays follow it: nothing else is hidden', async () => {
    expect((await planOnScenario('turtlebot_nav', 'I just want the view to stop jumping every time AMCL corrects.')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'I just want the map and the laser please')).actions).toContain('Hide "Grid"');
  });

  it('adds a new display for "a second" or "another" one, never re-pointing the one there is', async () => {
    expect((await planOnScenario('qos_traps', 'Just give me a second odometry display on /odom.')).actions).toEqual(['Add Odometry on /odom named "Odometry (2)"']);
    expect((await planOnScenario('qos_traps', 'add another odometry display on /odom')).actions).toEqual(['Add Odometry on /odom named "Odometry (2)"']);
  });

  it('reads "the display called X is on /topic — leave it" as a statement: nothing changes', async () => {
    expect((await planOnScenario('qos_traps', 'The display called Odometry is actually on /odom_pose — leave it for now.')).actions).toEqual([]);
  });

  it('takes a clause that says how a display is, before one that changes "it", as a description', async () => {
    const r = await planOnScenario('turtlebot_nav', 'the laser is red, make it blue');
    expect(r.actions.filter((a) => a.startsWith('Set Color ='))).toEqual(['Set Color = 0; 0; 255 on "LaserScan"']);
    expect(r.notes.join(' | ')).toMatch(/"the laser is red" says how it is/);
  });

  it('never takes what a change is for ("so I can see the map through it") as its target', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the robot model half see-through so I can see the depth cloud behind it');
    expect(r.actions).toEqual(['Set Alpha = 0.5 on "RobotModel"']);
    expect((await planOnScenario('turtlebot_nav', 'Can you give the camera image a bit of transparency so I can see the map through it?')).actions).toEqual([]);
  });

  it('sets the fixed frame said as "over to odom" or "should probably be map", adding no display', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Switch the fixed frame over to odom please.')).actions).toEqual(['Set the fixed frame to odom']);
    expect((await planOnScenario('turtlebot_nav', 'I think the fixed frame should probably be odom')).actions).toEqual(['Set the fixed frame to odom']);
  });

  it('shows what "only" names after a negated switch, instead of hiding it too', async () => {
    const r = await planOnScenario('manipulator', 'Die Szene bitte nicht einschalten, nur die Frame-Namen anzeigen', 'arm-workcell.rviz');
    expect(r.actions).toContain('Set Show Names = true on "Arm Frames"');
  });

  it('takes numbers written after a colour word, up to a full stop, as the colour', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Mach nur den Hintergrund dunkelblau, 0, 0, 60.')).actions).toEqual(['Set Background Color = 0; 0; 60 on "Global Options"']);
  });
});
