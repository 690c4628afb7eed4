// Follow-ups that point at what was just changed ("the other one", "X too", "now the same for robot 2"), and what a
// request keeps out of its change: "the rest", a group's own displays, a robot that is not here, a value said of
// something the robot lacks, what stays off or stays as it is.
import { describe, expect, it } from 'vitest';
import { planAfter, planOnScenario, planTurnAfter } from './scenario-plans.ts';

describe('follow-ups to the last change', () => {
  it('makes the same change on the other robot from the last turn\'s values, never by reading its words again', async () => {
    // (Read again on robot2, "bigger" would start from robot2's size and the 0.08 would be dropped as a repeat.)
    expect(await planAfter('multi_robot', ["make robot1's scan points bigger, size 0.08 m"], 'now the other one too', 'fleet-groups.rviz'))
      .toEqual(['Set Size (m) = 0.08 on "robot2/Scan"']);
    expect(await planAfter('multi_robot', ['set the fixed frame to robot1/odom'], 'now the same for robot 2')).toEqual(['Set the fixed frame to robot2/odom']);
  });

  it('reads "the other camera" as the one other display of the type the last turn changed, not a group named by the word', async () => {
    expect(await planAfter('big_graph', ['turn off the dock door camera'], 'and the other camera too', 'gateway-ops.rviz')).toEqual(['Hide "Loading Bay"']);
  });

  it('repeats the last turn\'s settings on what "X too" names', async () => {
    expect(await planAfter('turtlebot_nav', ['make the global plan red'], 'the local plan too')).toEqual(['Set Color = 255; 0; 0 on "Local Plan"']);
  });

  it('never turns "the other one" into the display just changed; with two others it changes nothing', async () => {
    expect(await planAfter('turtlebot_nav', ['hide the global costmap'], 'and the other one')).toEqual([]);
  });

  it('reads "the global one" after a turn about the local costmap as the global costmap, whatever its name', async () => {
    expect(await planAfter('turtlebot_nav', ['make the local costmap 50% transparent'], 'hide the global one, keep the local', 'turtlebot_renamed.rviz'))
      .toEqual(['Hide "Big Picture"']);
  });

  it('copies a setting with "make A match B\'s …", and "the local one as … as the global one" within a group', async () => {
    expect((await planOnScenario('turtlebot_nav', "in the Costmaps group, make the local one match the global one's transparency", 'nav-nested.rviz')).actions)
      .toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
    expect((await planOnScenario('turtlebot_nav', 'make the local one as transparent as the global one', 'nav-nested.rviz')).actions)
      .toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
  });
});

describe('what a request keeps out of its change', () => {
  it('hides "the rest" around everything the request named before, never those', async () => {
    const grasp = await planOnScenario('manipulator', 'debugging a grasp: I only need the arm and the bin cloud, hide the rest', 'arm-sensor-bay.rviz');
    expect(grasp.actions).not.toContain('Hide "Arm"');
    expect(grasp.actions).not.toContain('Hide "Bin View"');
    expect(grasp.actions).toContain('Hide "Top Cam"');
    const shown = await planOnScenario('manipulator', 'show the arm and the bin cloud, hide the rest', 'arm-sensor-bay.rviz');
    expect(shown.actions).not.toContain('Hide "Bin View"');
    expect(shown.actions).not.toContain('Hide "Robot"');
  });

  it('takes "in Costmaps, hide everything except …" as the group\'s displays, as "in the Costmaps group" is', async () => {
    expect((await planOnScenario('turtlebot_nav', 'in Costmaps, hide everything except the local one', 'nav-nested.rviz')).actions).toEqual(['Hide "Global Costmap"']);
  });

  it('reads "Alpha\'s Wheels" as the display Wheels in the group Alpha, never the group itself', async () => {
    expect((await planOnScenario('multi_robot', "get rid of alpha's wheels but not the laser", 'dev-r3g-fleet-callsigns.rviz')).actions).toEqual(['Remove "Wheels"']);
  });

  it('changes nothing for a robot that is not here ("robot 3" of two), and reads "robot 2 m" as a length', async () => {
    const third = await planOnScenario('multi_robot', "turn off robot 3's scan", 'fleet-groups.rviz');
    expect(third.actions).toEqual([]);
    expect(third.notes.join(' ')).toContain('there is no robot3 here');
    expect((await planOnScenario('multi_robot', 'make the robot 2 m wide')).actions).toEqual([]);
  });

  it('gives a value said of a type the robot has no display of to no other display', async () => {
    const range = await planOnScenario('turtlebot_nav', 'increase the lidar range to 20 m');
    expect(range.actions).toEqual([]);
    expect(range.notes.join(' ')).toContain('there is no Range display here');
  });

  it('keeps off what "stays off", while the change asked of it is made', async () => {
    expect((await planOnScenario('turtlebot_nav', 'route stays off, just make it yellow', 'nav-desk-camera.rviz')).actions).toEqual(['Set Color = 255; 255; 0 on "Route"']);
  });

  it('reads "the fixed frame is fine as it is" as keeping the frame, never as a frame called "fine"', async () => {
    const kept = await planOnScenario('qos_traps', 'fix the laser and the map, the fixed frame is fine as it is', 'traps-faults.rviz');
    expect(kept.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"', 'Set Topic/Durability Policy = Transient Local on "Map"']);
    expect(kept.notes.join(' ')).not.toContain("frame 'fine'");
  });

  it('switches on what "only turn on X" names and hides nothing else (Portuguese "só liga")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'não precisa mexer no Fog, só liga o Breadcrumbs', 'nav-kiosk.rviz')).actions).toEqual(['Show "Breadcrumbs"']);
  });

  it('reads a display named like a robot command ("Lift") as that display', async () => {
    expect((await planOnScenario('qos_traps', 'masque le sonar et le lift, laisse le chargeur', 'traps-faults.rviz')).actions).toEqual(['Hide "Sonar"', 'Hide "Lift"']);
    expect((await planOnScenario('qos_traps', 'Lift and Charger axes: make them smaller, length 0.2', 'traps-faults.rviz')).actions).toContain('Set Length = 0.2 on "Charger"');
    expect((await planOnScenario('manipulator', 'lift the arm 10 cm')).actions).toEqual([]);
  });
});

describe('words of chat and of other languages', () => {
  it('reads "cov" as covariance, "n" and "&" as "and"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'amcl pose: axes instead of arrow, cov off')).actions).toEqual(['Set Shape = Axes on "AMCL Pose"', 'Set Covariance = false on "AMCL Pose"']);
    expect((await planOnScenario('turtlebot_nav', 'turn off the cam feed n the depth stuff, keep the laser')).actions).toEqual(['Hide "Camera Image"', 'Hide "Depth Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'pc2 decay 2 s & tf frame names on')).actions).toEqual(['Set Decay Time = 2 on "Depth Cloud"', 'Set Show Names = true on "TF"']);
  });

  it('reads corrections in German and Spanish ("nee, doch lieber", "no, mejor") and a shade after its colour', async () => {
    expect((await planOnScenario('empty', 'Hintergrund weiß – nee, doch lieber schwarz', 'default')).actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
    expect((await planOnScenario('empty', 'pon el fondo gris oscuro… no, mejor negro', 'default')).actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
    expect((await planOnScenario('empty', 'pon el fondo gris oscuro', 'default')).actions).toEqual(['Set Background Color = 64; 64; 64 on "Global Options"']);
  });

  it('keeps what German "nicht anfassen" names while fixing the rest', async () => {
    expect((await planOnScenario('qos_traps', 'Laserscan zeigt nix an, bitte reparieren – die Karte aber nicht anfassen', 'traps-faults.rviz')).actions)
      .toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"']);
  });
});

describe('values, corrections and statements of a second wave of blind dev batches', () => {
  it('moves a corrected value to the setting the correction names ("…, sorry I meant the force color")', async () => {
    expect((await planOnScenario('manipulator', 'set the torque color to white, sorry I meant the force color', 'arm-sensor-bay.rviz')).actions)
      .toEqual(['Set Force Color = 255; 255; 255 on "Wrist Load"']);
    expect((await planOnScenario('manipulator', 'make the torque arrows red, sorry, I meant the force arrows')).actions).toEqual(['Set Force Color = 255; 0; 0 on "Tool Wrench"']);
  });

  it('reads a robot named alone after a clause about one robot\'s display as that display of the other robot', async () => {
    expect((await planOnScenario('multi_robot', 'robot1 odometry keep 5, robot 2 keep 50')).actions).toEqual(['Set Keep = 5 on "Robot1 Odometry"', 'Set Keep = 50 on "Robot2 Odometry"']);
    expect((await planOnScenario('multi_robot', 'make robot1 scan red, hide robot2')).actions).toContain('Hide "Robot2 Model"');
  });

  it('gives a value after a list to every display of the list ("the laser and the depth cloud red, alpha 0.5")', async () => {
    const both = await planOnScenario('turtlebot_nav', 'make the laser and the depth cloud red, alpha 0.5');
    expect(both.actions).toContain('Set Alpha = 0.5 on "LaserScan"');
    expect(both.actions).toContain('Set Alpha = 0.5 on "Depth Cloud"');
  });

  it('reads "X shows Y" as what a display is for, never a change nor a goal; "X shows nothing" stays a complaint', async () => {
    expect((await planOnScenario('manipulator', "the Cone shows the color camera's field of view", 'arm-sensor-bay.rviz')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'the map shows the floor plan of the office')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'the grid shows the floor, make it red')).actions).toEqual(['Set Color = 255; 0; 0 on "Grid"']);
  });

  it('binds "the lidar points" to no camera\'s cloud on a robot with no lidar', async () => {
    const lidar = await planOnScenario('manipulator', 'make the lidar points bigger');
    expect(lidar.actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'make the lidar points bigger')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"']);
  });

  it('reads a share against a 0–1 setting ("map 50 %", "drop it to 40%"), and never removes for "drop X to a value"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'map 50 %')).actions).toEqual(['Set Alpha = 0.5 on "Map"']);
    expect((await planOnScenario('turtlebot_nav', "local costmap's way too solid, drop it to 40%")).actions).toEqual(['Set Alpha = 0.4 on "Local Costmap"']);
    expect((await planOnScenario('turtlebot_nav', 'drop the laser to 0.5')).actions).toEqual([]);
  });

  it('keeps a display whose colour "stays", and halves the frame rate', async () => {
    expect((await planOnScenario('multi_robot', "robot2's scan red, robot1's stays white")).actions).not.toContain('Set Color = 255; 255; 255 on "Robot1 Scan"');
    expect((await planOnScenario('turtlebot_nav', 'Hintergrund weiß und die Frame Rate halbieren')).actions)
      .toEqual(['Set Background Color = 255; 255; 255 on "Global Options"', 'Set Frame Rate = 15 on "Global Options"']);
  });

  it('reads "put it on map" after the fixed frame as the fixed frame, and "0.02 is plenty" as the value', async () => {
    expect((await planOnScenario('qos_traps', "fixed frame's wrong i think, put it on map")).actions).toEqual(['Set the fixed frame to map']);
    expect((await planOnScenario('turtlebot_nav', 'laser points not so big, 0.02 is plenty')).actions).toEqual(['Set Size (m) = 0.02 on "LaserScan"']);
    expect((await planOnScenario('multi_robot', 'robot2 is the one with the blue path')).actions).toEqual([]);
  });

  it('acts on the part a statement named ("the tf arrows are cluttering everything, turn them off") and never turns it on', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the tf arrows are cluttering everything, turn them off')).actions).toEqual(['Set Show Arrows = false on "TF"']);
    expect((await planOnScenario('turtlebot_nav', 'the tf arrows are cluttering everything')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'the laser points are too small, make them 0.06')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"']);
  });

  it('shows another topic on a display that "should show camera 15 instead"', async () => {
    expect((await planOnScenario('big_graph', 'Loading Bay should show camera 15 instead', 'gateway-ops.rviz')).actions).toEqual(['Set the topic of "Loading Bay" to /fleet/cam_15/image_raw']);
  });

  it('never hides a group for its name in the singular ("hide the camera" beside a group Cameras of two)', async () => {
    expect((await planOnScenario('big_graph', 'hide the camera', 'gateway-ops.rviz')).actions).toEqual([]);
    expect((await planOnScenario('big_graph', 'hide the camera group', 'gateway-ops.rviz')).actions).toEqual(['Hide "Cameras"']);
  });

  it('reads "em." as "them" ending a sentence', async () => {
    expect((await planOnScenario('big_graph', 'voxels r fine leave em. hide the charger axes', 'gateway-ops.rviz')).actions).toEqual(['Hide "Charger"']);
  });
});

describe('offline planner: undoing part of the last change', () => {
  it('"undo just the colour", "undo the spheres, keep the decay", "deshaz solo el color": the rest of it is made again', async () => {
    expect(await planAfter('turtlebot_nav', ['make the local plan 0.06 wide and yellow'], 'undo just the colour'))
      .toEqual(['Set Line Width = 0.06 on "Local Plan"', 'Set Line Style = Billboards on "Local Plan"']);
    expect(await planAfter('turtlebot_nav', ['Eyes: decay 2 s and spheres'], 'hmm, undo the spheres, keep the decay', 'nav-kiosk.rviz')).toEqual(['Set Decay Time = 2 on "Eyes"']);
    expect(await planAfter('turtlebot_nav', ['pon el footprint en rojo y con alpha 0.4'], 'deshaz solo el color')).toEqual(['Set Alpha = 0.4 on "Footprint"']);
  });

  it('reads "keep the scale, undo the blue" as the undo of the blue alone', async () => {
    expect(await planAfter('manipulator', ['Wrist Load: force arrows blue, force scale 0.1'], 'keep the scale, undo the blue', 'arm-sensor-bay.rviz'))
      .toEqual(['Set Force Arrow Scale = 0.1 on "Wrist Load"']);
  });
});

describe('offline planner: a correction that ends the clause before it', () => {
  it('reads "fai il footprint rosso... anzi no, blu" (red… actually no, blue) as blue', async () => {
    expect((await planOnScenario('turtlebot_nav', 'fai il footprint rosso... anzi no, blu')).actions).toEqual(['Set Color = 0; 0; 255 on "Footprint"']);
  });
});

describe('offline planner: corrections and narrowing, second round', () => {
  it('"remove it... no, just hide it" hides and removes nothing; a value said again is still settled as a correction', async () => {
    expect((await planOnScenario('turtlebot_nav', 'remove the particle cloud... no, just hide it')).actions).toEqual(['Hide "Particle Cloud"']);
    expect((await planOnScenario('manipulator', 'Wrist Load alpha 0.5 — no, make that 0.6', 'arm-sensor-bay.rviz')).actions).toEqual(['Set Alpha = 0.6 on "Wrist Load"']);
  });

  it('"only the lidar" after settings on two displays makes them again on the lidar alone', async () => {
    expect(await planAfter('turtlebot_nav', ['make Front Lidar and RGBD Points bigger, 0.05'], 'only the lidar, put the points back', 'nav-nested.rviz'))
      .toEqual(['Set Size (m) = 0.05 on "Front Lidar"', 'Set Topic/Reliability Policy = Best Effort on "Front Lidar"']);
    expect(await planAfter('multi_robot', ['mets la taille des points du scan à 0.06 pour les deux robots'], 'non, seulement pour robot1')).toEqual(['Set Size (m) = 0.06 on "Robot1 Scan"']);
  });

  it('leaves the style the undo brings back when only the size is kept ("undo the spheres but keep the size")', async () => {
    expect(await planAfter('turtlebot_nav', ['depth cloud as spheres, size 0.03'], 'undo the spheres but keep the size')).toEqual(['Set Size (m) = 0.03 on "Depth Cloud"']);
  });
});

describe('offline planner: a correction that names the display meant', () => {
  it('moves the last change to the display named in "no, the local one", "I meant the local one", "oops, the local plan"', async () => {
    for (const request of ['no, the local one', 'I meant the local one', 'undo that, and do the local one instead']) {
      const r = await planTurnAfter('turtlebot_nav', ['set the Global Costmap alpha to 0.9'], request, 'nav-nested.rviz');
      expect(r, request).toEqual({ actions: ['Set Alpha = 0.9 on "Local Costmap"'], undoFirst: true });
    }
    expect(await planTurnAfter('turtlebot_nav', ['make the global plan red'], 'oops, the local plan')).toEqual({ actions: ['Set Color = 255; 0; 0 on "Local Plan"'], undoFirst: true });
  });

  it('still reads "no, blue" as a new value for the same display', async () => {
    expect(await planAfter('turtlebot_nav', ['make the global plan red'], 'no, blue')).toEqual(['Set Color = 0; 0; 255 on "Global Plan"']);
  });
});

describe('offline planner: a correction of whether a display is shown', () => {
  it('keeps Gripper Axes on for "turn off Gripper Axes? no wait, keep it on, just make the radius 0.02"', async () => {
    const r = await planOnScenario('qos_traps', 'turn off Gripper Axes? no wait, keep it on, just make the radius 0.02', 'traps-faults.rviz');
    expect(r.actions).not.toContain('Hide "Gripper Axes"');
    expect(r.actions).toContain('Set Radius = 0.02 on "Gripper Axes"');
  });
});
