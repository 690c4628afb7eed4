// Global Options are targets: a clause naming the background or the frame rate sets it, and its value never jumps to
// another clause's display ("fixed frame base_link; laser decay 3 s; black background").
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { applyActions, globalOptions } from '../../../src/core/rviz/index.ts';
import { planWhole } from './precision-helpers.ts';
import { planOnScenario } from './scenario-plans.ts';
import { plannedOnScenario } from './planned.ts';

describe('offline planner: Global Options', () => {
  it('sets the background colour and applies it under Global Options', async () => {
    const r = await planWhole('black background please');
    expect(r.actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
    const applied = applyActions(r.document, r.plan.actions.filter((a) => a.checked), { lookup: catalog });
    expect(applied.ok && globalOptions(applied.doc)['Background Color']).toBe('0; 0; 0');
  });

  it('keeps each clause\'s value on its own target', async () => {
    const r = await planWhole('fixed frame base_link; laser decay 3 s; black background');
    expect(r.actions).toEqual(['Set the fixed frame to base_link', 'Set Decay Time = 3 on "Front Lidar"', 'Set Background Color = 0; 0; 0 on "Global Options"']);
  });

  it('sets the frame rate', async () => {
    expect((await planWhole('set the frame rate to 15')).actions).toEqual(['Set Frame Rate = 15 on "Global Options"']);
  });

  it.each([['Hintergrund schwarz', '0; 0; 0'], ['mets le fond en blanc', '255; 255; 255']])('"%s" sets the background', async (request, colour) => {
    expect((await planWhole(request)).actions).toEqual([`Set Background Color = ${colour} on "Global Options"`]);
  });
});

describe('offline planner: "background" as a value of the display named', () => {
  it('reads "Front View: background only, zoom 2x" as the camera\'s rendering and zoom, not the Background Color', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Front View: background only, zoom 2x. Leave Lens alone.', 'nav-desk-camera.rviz')).actions).toEqual(['Set Image Rendering = background on "Front View"', 'Set Zoom Factor = 2 on "Front View"']);
    expect((await planOnScenario('turtlebot_nav', 'black background')).actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
  });
});

describe('offline planner: a background given as three numbers', () => {
  it('reads "background 40 40 40" as that colour, also after other clauses', async () => {
    expect((await planWhole('background 40 40 40')).actions).toEqual(['Set Background Color = 40; 40; 40 on "Global Options"']);
    expect((await planWhole('grid off; background 40 40 40')).actions).toEqual(['Hide "Grid"', 'Set Background Color = 40; 40; 40 on "Global Options"']);
  });
});

describe('offline planner: a Global Option clause in a list is its own target', () => {
  it.each([
    ['grid off, black background, laser red', ['Hide "Grid"', 'Set Background Color = 0; 0; 0 on "Global Options"', 'Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']],
    ['fixed frame odom, grid off, background white', ['Set the fixed frame to odom', 'Hide "Grid"', 'Set Background Color = 255; 255; 255 on "Global Options"']],
    ['hide the tf, white background, grid in blue', ['Hide "TF"', 'Set Background Color = 255; 255; 255 on "Global Options"', 'Set Color = 0; 0; 255 on "Grid"']],
    ['sfondo nero, griglia spenta', ['Set Background Color = 0; 0; 0 on "Global Options"', 'Hide "Grid"']],
  ])('"%s"', async (request, actions) => {
    expect((await planWhole(request)).actions).toEqual(actions);
  });
});

describe('offline planner: the fixed frame named, then the one to use', () => {
  it('sets the frame TF has that the request goes on to name after a fixed frame TF lacks', async () => {
    expect((await planOnScenario('qos_traps', "the fixed frame 'world' is missing here, use odom instead")).actions[0]).toBe('Set the fixed frame to odom');
    expect((await planOnScenario('qos_traps', 'the fixed frame is broken, set it to odom')).actions[0]).toBe('Set the fixed frame to odom');
    expect((await planOnScenario('turtlebot_nav', 'the fixed frame is wrong, switch to map')).actions).toEqual(['Set the fixed frame to map']);
    // (…also when the request says a frame is missing without naming the fixed frame.)
    expect((await planOnScenario('qos_traps', "everything says no transform to world — world isn't a frame on this robot, switch to map")).actions).toEqual(['Set the fixed frame to map']);
  });

  it('repairs the fixed frame when the request names it and asks for a fix (with the robot\'s findings, as the app plans)', async () => {
    const r = await plannedOnScenario('qos_traps', undefined, "my fixed frame isn't even in the tf tree, fix it");
    expect(r.actions.filter((a) => a.startsWith('set_fixed_frame'))).toHaveLength(1);
  });

  it('reads "refresh 20 times a second" as the frame rate, and nothing else that happens a number of times a second', async () => {
    expect((await planOnScenario('turtlebot_nav', 'I want the view to refresh 25 times a second')).actions).toEqual(['Set Frame Rate = 25 on "Global Options"']);
    expect((await planOnScenario('turtlebot_nav', 'blink the laser 3 times a second')).actions).toEqual([]);
  });

  it('reads "robot 2\'s odometry frame" as that robot\'s odom frame, and what it is instead of as no display', async () => {
    expect((await planOnScenario('multi_robot', "I want to watch everything from robot 2's odometry frame rather than robot 1's", 'dev-r3g-fleet-nested.rviz')).actions).toEqual(['Set the fixed frame to robot2/odom']);
  });
});

describe('offline planner: the fixed frame named later in the request, or corrected', () => {
  it('finds "set the fixed frame to …" after an earlier "… isn\'t a frame"', async () => {
    const r = await planOnScenario('manipulator', "nothing shows up, map isn't a frame on this robot. set the fixed frame to base_link", 'default');
    expect(r.actions).toEqual(['Set the fixed frame to base_link']);
  });

  it('reads the robot\'s or the arm\'s base as base_link, when TF has it', async () => {
    expect((await planOnScenario('manipulator', "set the fixed frame to the arm's base", 'default')).actions).toEqual(['Set the fixed frame to base_link']);
    expect((await planOnScenario('manipulator', 'use the robot base as the fixed frame', 'default')).actions).toEqual(['Set the fixed frame to base_link']);
  });

  it('takes a correction that says its verb again: "fixed frame tool0 — no, make it world"', async () => {
    expect((await planOnScenario('manipulator', 'fixed frame tool0 — no, make it world', 'default')).actions).toEqual(['Set the fixed frame to world']);
  });

  it('picks no other frame for a repair when the frame the request names is not in TF', async () => {
    const r = await planOnScenario('manipulator', 'nothing shows up, set the fixed frame to gantry_link', 'default');
    expect(r.plan.actions.filter((a) => a.checked && a.action === 'set_fixed_frame')).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/frame 'gantry_link' is not in the TF tree/);
  });
});

describe('offline planner: short forms typed fast', () => {
  it('"set FF to odom" is the fixed frame; "map isnt showing up" is a complaint like "isn\'t"', async () => {
    expect((await planOnScenario('qos_traps', 'set FF to odom', 'traps-faults.rviz')).actions).toEqual(['Set the fixed frame to odom']);
    expect((await planOnScenario('qos_traps', 'map isnt showing up, dont touch the laser tho')).actions).toContain('Set Topic/Durability Policy = Transient Local on "Map"');
  });
});

describe('offline planner: a fixed frame asked for by words TF has no single frame for', () => {
  it('asks which frame "the robot\'s odom" is on two robots, and sets no display\'s covariance frame "Fixed"', async () => {
    const r = await planOnScenario('multi_robot', "put the fixed frame on the robot's odom");
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/which frame is "the robot's odom"\?/);
    expect((await planOnScenario('multi_robot', "put the fixed frame on the robot's odom and hide the grid")).actions).toEqual(['Hide "Grid"']);
  });

  it('uses the frame named after "frame world does not exist", in French and in Spanish', async () => {
    expect((await planOnScenario('qos_traps', "le fixed frame world n'existe pas, mets map")).actions).toEqual(['Set the fixed frame to map']);
    expect((await planOnScenario('qos_traps', 'el frame world no existe, pon map')).actions).toEqual(['Set the fixed frame to map']);
  });

  it('keeps the frame there is after a German correction: "Fixed Frame auf odom… ach nein, lass es auf map"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Fixed Frame auf odom… ach nein, lass es auf map und blende nur TF aus')).actions).toEqual(['Hide "TF"']);
  });
});

describe('offline planner: the robot "its" points at, and a repair of the QoS only', () => {
  it('"follow robot 2: fixed frame on its odom" is robot2/odom, with robot1 named later', async () => {
    expect((await planOnScenario('multi_robot', "follow robot 2: fixed frame on its odom, and hide robot1's plan")).actions).toEqual(
      ['Set the fixed frame to robot2/odom', 'Hide "Robot1 Plan"']);
  });

  it('"fix the qos only" repairs no fixed frame, and says it is missing', async () => {
    const r = await planOnScenario('qos_traps', 'laser shows nothing, fix the qos only');
    expect(r.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"']);
    expect(r.notes.join(' | ')).toMatch(/fixed frame world is not in TF either/);
  });
});

describe('offline planner: a share of the frame rate', () => {
  it('takes "to a third" and "by 10 %" up or down as the words say, and asks when they say neither', async () => {
    expect((await planOnScenario('big_graph', 'drop the frame rate to a third', 'gateway-ops.rviz')).actions).toEqual(['Set Frame Rate = 10 on "Global Options"']);
    expect((await planOnScenario('turtlebot_nav', 'raise the frame rate by 10%, and hide the grid')).actions).toEqual(['Set Frame Rate = 33 on "Global Options"', 'Hide "Grid"']);
    const r = await planOnScenario('turtlebot_nav', 'bump the frame rate ten percent');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/does not say whether up or down/);
  });
});

describe('offline planner: everything relative to a frame', () => {
  it('sets the fixed frame for "I want everything relative to odom, not map", and hides nothing', async () => {
    expect((await planOnScenario('turtlebot_nav', 'I want everything relative to odom, not map')).actions).toEqual(['Set the fixed frame to odom']);
  });
});
