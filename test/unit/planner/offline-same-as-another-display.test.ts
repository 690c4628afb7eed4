// One display's setting made like another's ("as see-through as the global one", "the same size as Perimeter's"),
// also two settings of one display ("the torque arrows the same colour as the force arrows"): the value is read from
// the other display as the plan leaves it, and nothing changes when the setting meant is not clear.
import { describe, expect, it } from 'vitest';
import { planAfter, planOnScenario } from './scenario-plans.ts';

describe('offline planner: a setting made the same as another display\'s', () => {
  it('copies the global costmap\'s alpha for "as see-through as the global one", and changes nothing on the global one', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the local costmap as see-through as the global one');
    expect(r.actions).toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
  });

  it('copies a size and a colour by the setting named between "same" and "as", also from a plugin display\'s own key', async () => {
    expect((await planOnScenario('big_graph', 'make the Depth cloud\'s points the same size as Perimeter\'s', 'gateway-ops.rviz')).actions).toEqual(['Set Size (m) = 0.03 on "Depth"']);
    expect((await planOnScenario('turtlebot_nav', 'make the route ahead the same green as the swarm', 'nav-kiosk.rviz')).actions).toEqual(['Set Color = 0; 180; 0 on "Route Ahead"']);
  });

  it('copies one setting of a display into another of it', async () => {
    expect((await planOnScenario('manipulator', 'make the torque arrows the same colour as the force arrows')).actions).toEqual(['Set Torque Color = 204; 51; 51 on "Tool Wrench"']);
  });

  it('changes nothing, and says so, when no setting of the kind named is clear', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the global plan as big as the map');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/which setting of Global Plan should be like Map's is not clear; nothing was changed/);
  });
});

describe('offline planner: "do the same for" another display', () => {
  it('repeats the settings the clause before changed on the display named, also after a lone "Actually"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Set the Global Plan colour to white, and then do the same for the Local Plan.')).actions)
      .toEqual(['Set Color = 255; 255; 255 on "Global Plan"', 'Set Color = 255; 255; 255 on "Local Plan"']);
    expect((await planOnScenario('turtlebot_nav', "Set the laser's decay time to 1 second. Actually, do the same on the depth cloud too.")).actions)
      .toEqual(['Set Decay Time = 1 on "LaserScan"', 'Set Decay Time = 1 on "Depth Cloud"']);
  });

  it('says which setting the other display lacks instead of guessing one', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the laser red. same for the map');
    expect(r.actions.filter((a) => a.includes('"Map"'))).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Map has no Color; that was not repeated on it/);
  });

  it('copies "the same alpha the local one has" onto what "it" is, after a clause that only says how it looks', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Big Picture is way too faint next to the Local Costmap. Give it the same alpha the local one has.', 'turtlebot_renamed.rviz');
    expect(r.actions).toEqual(['Set Alpha = 0.7 on "Big Picture"']);
  });

  it('makes "double what it is now" twice the value the document has, on the number the clause before changed', async () => {
    const r = await planOnScenario('turtlebot_nav', 'The global costmap is barely visible. Make it less transparent — say double what it is now.');
    expect(r.actions).toEqual(['Set Alpha = 0.6 on "Global Costmap"']);
  });

  it('gives "torque the same" the value the clause before gave the force arrows', async () => {
    const r = await planOnScenario('manipulator', 'scale the Wrist Load force arrows to 0.3, torque the same', 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual(['Set Force Arrow Scale = 0.3 on "Wrist Load"', 'Set Torque Arrow Scale = 0.3 on "Wrist Load"']);
  });

  it('makes "<display> the same" repeat the clause before\'s change on that display', async () => {
    const r = await planOnScenario('multi_robot', 'Robot1 Plan: 0.08 wide. Robot2 Plan the same.', 'scenario');
    expect(r.actions.filter((a) => a.includes('Line Width'))).toEqual(['Set Line Width = 0.08 on "Robot1 Plan"', 'Set Line Width = 0.08 on "Robot2 Plan"']);
  });
});

describe('offline planner: "the same" after the last turn', () => {
  it('repeats what the last turn changed or hid, on the display named, "the local one" among displays of its type', async () => {
    expect(await planAfter('turtlebot_nav', ['set the global costmap alpha to 0.5'], 'same for the local one')).toEqual(['Set Alpha = 0.5 on "Local Costmap"']);
    expect(await planAfter('turtlebot_nav', ['hide the Global Costmap'], 'same for the local one')).toEqual(['Hide "Local Costmap"']);
    expect(await planAfter('turtlebot_nav', ['make the local plan thicker, 0.05'], 'pareil pour le plan global')).toEqual(['Set Line Width = 0.05 on "Global Plan"', 'Set Line Style = Billboards on "Global Plan"']);
  });

  it('"same colour for the depth cloud" repeats only the colour', async () => {
    expect(await planAfter('qos_traps', ['make the laser red and its points 0.05'], 'same colour for the depth cloud', 'traps-faults.rviz'))
      .toEqual(['Set Color = 255; 0; 0 on "Depth Cloud"', 'Set Color Transformer = FlatColor on "Depth Cloud"']);
  });

  it('"and the cone too" after "hide Top Cam" hides the cone', async () => {
    expect(await planAfter('manipulator', ['hide Top Cam'], 'and the cone too', 'arm-sensor-bay.rviz')).toEqual(['Hide "Cone"']);
  });
});

describe('offline planner: "bring it back" after a hide', () => {
  it('shows again what the last turn hid, with the change the clause adds; it is no command for the robot', async () => {
    expect(await planAfter('turtlebot_nav', ['hide the grid'], 'actually, bring it back')).toEqual(['Show "Grid"']);
    expect(await planAfter('manipulator', ['hide the depth cloud'], 'bring it back, flat squares this time')).toEqual(['Show "Depth Cloud"', 'Set Style = Flat Squares on "Depth Cloud"']);
  });
});

describe('offline planner: "the same … as robot 1\'s"', () => {
  it('reads a possessive with nothing after it as the same kind of display of that robot', async () => {
    expect((await planOnScenario('multi_robot', "make robot 2's plan the same colour as robot 1's")).actions).toEqual(['Set Color = 255; 0; 0 on "Robot2 Plan"']);
  });
});
