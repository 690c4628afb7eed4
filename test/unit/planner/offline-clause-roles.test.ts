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

  it('hides the other displays of a group, not the group, when the request keeps one inside it', async () => {
    const r = await planOnScenario('turtlebot_nav', 'hide the camera group but keep the depth points', 'nav-nested.rviz');
    expect(r.actions).toEqual(['Hide "Front Camera"']);
    expect(r.notes.join(' | ')).toMatch(/Camera holds RGBD Points, which the request keeps/);
  });

  it('adds no display for a counted word ("only keep the last 10 poses"): it is what the display before keeps', async () => {
    const r = await planOnScenario('big_graph', 'Wheel Odom back on please, and only keep the last 10 poses.', 'gateway-ops.rviz');
    expect(r.actions).toEqual(['Show "Wheel Odom"', 'Set Keep = 10 on "Wheel Odom"']);
  });

  it('picks the one display drawn in a colour for "the red path" or "the blue one", and leaves "the path red" a value', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the red path thicker')).actions).toContain('Set Line Width = 0.06 on "Global Plan"');
    expect((await planOnScenario('turtlebot_nav', 'hide the blue one')).actions).toEqual(['Hide "Local Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'make the path red')).actions).toEqual([]);
  });

  it('takes a clause that only says where ("in robot2,") as the scope of the next one', async () => {
    expect((await planOnScenario('multi_robot', 'in robot2, turn off Scan')).actions).toEqual(['Hide "Robot2 Scan"']);
  });

  it('switches off a switch a "ditch" names, keeping the display', async () => {
    expect((await planOnScenario('turtlebot_nav', 'ditch the arrows on the tf frames, keep the axes')).actions).toEqual(['Set Show Arrows = false on "TF"']);
  });

  it('adds nothing for a robot that publishes none of what is asked ("add robot1\'s camera feed")', async () => {
    const r = await planOnScenario('multi_robot', "add robot1's camera feed");
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/robot1 publishes no sensor_msgs\/msg\/Image/);
  });
});

describe('offline planner: the fixed frame and a written alpha', () => {
  it('reads "fixed frame to the odom of robot2", a Portuguese "para o odom do robô 2", and "tool0" after a Japanese "to"', async () => {
    expect((await planOnScenario('multi_robot', 'set the fixed frame to the odom of robot2')).actions).toEqual(['Set the fixed frame to robot2/odom']);
    expect((await planOnScenario('multi_robot', 'muda o fixed frame para o odom do robô 2')).actions).toEqual(['Set the fixed frame to robot2/odom']);
    expect((await planOnScenario('manipulator', '固定フレームをtool0にして')).actions).toEqual(['Set the fixed frame to tool0']);
  });

  it('takes a number written beside "see-through" or "more transparent" as the alpha, and a share ("40 %") as a transparency', async () => {
    expect((await planOnScenario('big_graph', 'make Perimeter more transparent, like 0.3', 'gateway-ops.rviz')).actions).toEqual(['Set Alpha = 0.3 on "Perimeter"']);
    expect((await planOnScenario('turtlebot_nav', 'make the map 0.3 see-through')).actions).toEqual(['Set Alpha = 0.3 on "Map"']);
    expect((await planOnScenario('turtlebot_nav', 'make the map 40 % see-through')).actions).toEqual(['Set Alpha = 0.6 on "Map"']);
  });

  it('adds a display into the group the request names as its place ("next to the other cameras", "to the Thermal group")', async () => {
    expect((await planOnScenario('big_graph', 'add cam 40 next to the other cameras', 'gateway-ops.rviz')).actions[0]).toBe('Add Image on /fleet/cam_40/image_raw named "Image" in group "Site/Cameras"');
    expect((await planOnScenario('big_graph', "add sensor 12's temperature to the Thermal group", 'gateway-ops.rviz')).actions[0]).toBe('Add Temperature on /fleet/sensor_12/temperature named "Temperature" in group "Site/Thermal"');
  });

  it('offers a choice for "the scan" when each robot\'s group has a display of that name', async () => {
    const r = await planOnScenario('multi_robot', 'make the scan red', 'fleet-groups.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices.length).toBe(3);
  });

  it('repairs "the map stays blank" (a complaint), and keeps "the map stays" as it is', async () => {
    expect((await planOnScenario('qos_traps', 'map stays blank, fix it')).actions).toContain('Set Topic/Durability Policy = Transient Local on "Map"');
    expect((await planOnScenario('qos_traps', 'the map stays, make the laser red')).actions.some((a) => a.includes('"Map"'))).toBe(false);
  });

  it('sets no fixed frame TF does not have, and says which frames it has', async () => {
    const r = await planOnScenario('turtlebot_nav', 'set fixed frame to base_laser');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/frame 'base_laser' is not in the TF tree; the fixed frame was not changed \(frames: .*base_scan/);
  });

  it('reads a negation ending the clause after its verb ("hide point cloud not", Japanese order) as not to', async () => {
    const r = await planOnScenario('manipulator', '点群は非表示にしないで、点のサイズだけ5ピクセルにして');
    expect(r.actions.some((a) => a.startsWith('Hide'))).toBe(false);
    expect(r.actions).toContain('Set Size (Pixels) = 5 on "Depth Cloud"');
  });

  it('refuses a factor past the setting\'s range with the range ("zoom in to 250000x"), never clamping it', async () => {
    const r = await planOnScenario('turtlebot_nav', 'zoom the Front View in to 250000x', 'nav-desk-camera.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Zoom Factor takes .*–100000; 250000× its 1 is 250000, out of range; nothing was changed/);
  });

  it('adds nothing for a type shown (not asked to be added) that the robot does not publish', async () => {
    expect((await planOnScenario('manipulator', 'show the laser scan')).actions).toEqual([]);
    expect((await planOnScenario('manipulator', 'add a LaserScan display')).actions[0]).toMatch(/^Add LaserScan/);
  });

  it('applies nothing of "…, ne change rien" (change nothing) and reads "dont"', async () => {
    expect((await planOnScenario('manipulator', "les flèches de l'effort, c'est bon, ne change rien")).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'i dont need the particle cloud at the moment')).actions).toEqual(['Hide "Particle Cloud"']);
  });

  it('takes a frame named right after "actually" or "no wait" as the fixed frame instead of the one before it', async () => {
    const r = await planOnScenario('manipulator', 'fixed frame to tool0, actually base_link', 'scenario');
    expect(r.actions).toEqual(['Set the fixed frame to base_link']);
  });

  it('scopes "everything except" to the group named as the place', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Inside the Costmaps group, hide everything except the global costmap.', 'nav-nested.rviz');
    expect(r.actions).toEqual(['Hide "Local Costmap"']);
  });

  it('keeps only the settings a kept word names ("the torque ones") and changes the others asked for', async () => {
    const r = await planOnScenario('manipulator', 'shrink the Wrist Load force arrows to 0.1 but leave the torque ones alone', 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual(['Set Force Arrow Scale = 0.1 on "Wrist Load"']);
  });

  it('reads a display\'s name of several words as the display, even when a word of it is a robot\'s', async () => {
    const r = await planOnScenario('big_graph', 'Loading Bay can stay; switch Dock Door off please', 'gateway-ops.rviz');
    expect(r.actions).toEqual(['Hide "Dock Door"']);
  });

  it('keeps only the names after a semicolon or a full stop, not the list before it ("Hide Lift and Charger; the Sonar stays.")', async () => {
    for (const request of ['Hide Lift and Charger; the Sonar stays.', 'Hide Lift and Charger. Sonar stays on.']) {
      const r = await planOnScenario('qos_traps', request, 'traps-faults.rviz');
      expect(r.actions).toEqual(['Hide "Lift"', 'Hide "Charger"']);
    }
  });
});

describe('offline planner: clause edges', () => {
  it('reads a negated display after a hyphen as a clause of its own ("… - not the local one")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Big Picture to 0.4 alpha - not the local one', 'turtlebot_renamed.rviz');
    expect(r.actions).toEqual(['Set Alpha = 0.4 on "Big Picture"']);
    // (A qualifier after a hyphen still qualifies: "robot2 laser dots - not so big".)
    expect((await planOnScenario('multi_robot', 'robot2 laser dots - not so big')).actions).toEqual(['Set Size (m) = 0.015 on "Robot2 Scan"']);
  });

  it('keeps a display named by "keep" and changes it as the next clause asks ("keep X, but draw them at …")', async () => {
    expect((await planOnScenario('qos_traps', 'keep the gripper axes, but put them at lift_link')).actions).toEqual(['Set Reference Frame = lift_link on "Gripper Axes"']);
    // (A "keep" clause with a word nothing knows is not understood, rather than kept as it is.)
    expect((await planOnScenario('turtlebot_nav', 'lass den Laser tanzen')).notes.join(' | ')).toMatch(/did not understand "tanzen"/);
  });

  it('keeps what "lass … sichtbar" names visible while hiding the rest', async () => {
    const r = await planOnScenario('manipulator', 'Blende die Gelenke aus, aber lass den Arm sichtbar', 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual(['Hide "Joints"']);
  });
});

describe('offline planner: lists, "also" and everyday verbs', () => {
  it('keeps a name before ", but X stays" with the clause before it', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide Eyes and Swarm, but Window stays', 'nav-kiosk.rviz')).actions).toEqual(['Hide "Eyes"', 'Hide "Swarm"']);
  });

  it('reads "add also …" as one clause, with the group it names', async () => {
    const r = await planOnScenario('big_graph', 'add also the temperature of sensor 14 in the group Thermal', 'gateway-ops.rviz');
    expect(r.actions[0]).toBe('Add Temperature on /fleet/sensor_14/temperature named "Temperature" in group "Site/Thermal"');
  });

  it('reads "kill the lidar" as turning it off, and "drop an axes marker on X" as no removal', async () => {
    expect((await planOnScenario('turtlebot_nav', 'kill the grid for a sec')).actions).toEqual(['Hide "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'drop a small axes marker on base_scan')).actions.filter((a) => a.startsWith('Remove'))).toEqual([]);
  });

  it('shows every robot\'s display for "both lidars", adding the one a robot lacks', async () => {
    const r = await planOnScenario('multi_robot', 'show both lidars', 'dev-r3g-fleet-nested.rviz');
    expect(r.actions.slice(0, 2)).toEqual(['Show "Lidar"', 'Add LaserScan on /robot2/scan named "Lidar" in group "Fleet/Robot 2"']);
  });
});

describe('offline planner: what a display draws, said before the change', () => {
  it('changes once when "the dots are too big" comes before "halve them" or "make them bigger"', async () => {
    expect((await planOnScenario('big_graph', 'Rack Seven dots are far too big, halve them', 'gateway-ops.rviz')).actions).toEqual(['Set Size (m) = 0.05 on "Rack Seven"']);
    expect((await planOnScenario('turtlebot_nav', 'the laser dots are too small, make them bigger')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"']);
  });
});

describe('offline planner: "as well", what a display does, and "close to"', () => {
  it('adds a switch "as well" without turning its siblings off, and "only" still does', async () => {
    expect((await planOnScenario('manipulator', "don't hide the arm, just switch on its collision geometry as well")).actions).toEqual(['Set Collision Enabled = true on "RobotModel"']);
    expect((await planOnScenario('manipulator', 'show only the collision geometry')).actions).toEqual(['Set Collision Enabled = true on "RobotModel"', 'Set Visual Enabled = false on "RobotModel"']);
  });

  it('reads "X is drowning out Y, make it …" as a change of X only', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the local costmap is drowning out the map, make it less opaque')).actions).toEqual(['Set Alpha = 0.35 on "Local Costmap"']);
  });

  it('reads what a display keeps doing, and "too close to", as no order', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the robot keeps cutting too close to the shelves', 'nav-desk-camera.rviz')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'close the camera')).actions).toEqual(['Hide "Camera Image"']);
    expect((await planOnScenario('turtlebot_nav', 'stop hiding the grid')).actions.filter((a) => a.startsWith('Hide'))).toEqual([]);
  });
});

describe('offline planner: clauses set off by a parenthesis, a dash or a full stop', () => {
  it('reads "(leave X on)" and "- leave X alone" as clauses of their own: X is left as it is', async () => {
    expect((await planOnScenario('big_graph', 'hide Loading Bay (leave Dock Door on)', 'gateway-ops.rviz')).actions).toEqual(['Hide "Loading Bay"']);
    expect((await planOnScenario('big_graph', 'drop the Depth points to 1 cm - leave Perimeter alone', 'gateway-ops.rviz')).actions).toEqual(['Set Size (m) = 0.01 on "Depth"']);
    // (A parenthesis that qualifies stays in its clause.)
    expect((await planOnScenario('turtlebot_nav', 'make Eyes slightly chunkier (0.05)', 'nav-kiosk.rviz')).actions).toEqual(['Set Size (m) = 0.05 on "Eyes"']);
  });

  it('plans nothing for what is left of a sentence once its fixed frame is taken out ("… on . set fixed frame to map .")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Route stays off , not turn on . set fixed frame to map .', 'nav-desk-camera.rviz')).actions).toEqual(['Set the fixed frame to map']);
  });
});

describe('offline planner: a clause after a hide that says what it wants of its own', () => {
  it('takes no hide into a clause that says "on" or "shown" ("Task Markers off; Target on with its axes shown")', async () => {
    expect((await planOnScenario('manipulator', 'Task Markers off; Target on with its axes shown')).actions).toEqual(['Hide "Task Markers"', 'Set Show Axes = true on "Target"']);
    expect((await planOnScenario('turtlebot_nav', 'hide the laser, the grid too')).actions).toEqual(['Hide "LaserScan"', 'Hide "Grid"']);
  });

  it('takes no remove into a clause that makes a display more see-through ("ditch the markers and dim the grid")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'can u ditch the waypoint markers and dim the grid a bit')).actions).toEqual(['Remove "Waypoints"', 'Set Alpha = 0.25 on "Grid"']);
  });

  it('reads "make TF on" on a shown TF as on already, not as a change not understood', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Desliga o modelo do robô, mas deixa o TF ligado');
    expect(r.actions).toEqual(['Hide "RobotModel"']);
    expect(r.notes.join(' | ')).toMatch(/"TF" is already shown/);
  });

  it('holds what a clause after a clause left out says of the same thing ("mak the globl plan thicker and blue")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'mak the globl plan thicker and blue');
    expect(r.actions).toEqual([]);
    expect(r.choices.length).toBeGreaterThan(0);
  });

  it('reads "the TF axes are huge, make them not so big" as one change of the scale, with no switch turned on', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the TF axes are huge, make them not so big')).actions).toEqual(['Set Marker Scale = 0.5 on "TF"']);
    expect((await planOnScenario('turtlebot_nav', 'the TF axes are huge')).actions).toEqual(['Set Marker Scale = 0.5 on "TF"']);
  });
});

describe('offline planner: "make X disappear" and "on both robots"', () => {
  it.each(['make Bits disappear', 'make Bits hidden', 'set Bits to hidden'])('hides what "%s" names', async (request) => {
    expect((await planOnScenario('manipulator', request, 'arm-sensor-bay.rviz')).actions).toEqual(['Hide "Bits"']);
  });

  it('changes every robot\'s display of a type named in the singular "on both robots"', async () => {
    expect((await planOnScenario('multi_robot', 'swap the laser squares for spheres on both robots')).actions).toEqual(['Set Style = Spheres on "Robot1 Scan"', 'Set Style = Spheres on "Robot2 Scan"']);
    // (Without it, which one is asked.)
    expect((await planOnScenario('multi_robot', 'make the laser red')).actions).toEqual([]);
  });
});

describe('offline planner: contrasts, corrections and pronouns across clauses', () => {
  it('reads "not just X" as adding, never hiding X', async () => {
    const r = await planOnScenario('turtlebot_nav', 'show the depth cloud, not just the camera', 'nav-desk-camera.rviz');
    expect(r.actions.filter((a) => a.startsWith('Hide'))).toEqual([]);
  });

  it('splits at a doubled hyphen ("hide the task markers -- not the interactive target though")', async () => {
    expect((await planOnScenario('manipulator', 'hide the task markers -- not the interactive target though')).actions).toEqual(['Hide "Task Markers"']);
  });

  it('takes the value after "- no wait," as the one meant', async () => {
    expect((await planOnScenario('big_graph', 'Perimeter laser: flat green - no wait, flat magenta - and 3x the size', 'gateway-ops.rviz')).actions)
      .toEqual(['Set Color Transformer = FlatColor on "Perimeter"', 'Set Color = 255; 0; 255 on "Perimeter"', 'Set Size (m) = 0.09 on "Perimeter"']);
  });

  it('lends no noun of the next sentence to a clause that points back ("put it back on. the Stops markers I don\'t want")', async () => {
    expect((await planOnScenario('turtlebot_nav', "Route is switched off, put it back on. the Stops markers I don't want tho", 'nav-desk-camera.rviz')).actions).toEqual(['Show "Route"', 'Hide "Stops"']);
  });

  it('reads "best effort" as the reliability, never an Effort display to add ("… publishes best effort, sort that out")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Front Lidar is asking for reliable but the driver publishes best effort, sort that out', 'nav-nested.rviz');
    expect(r.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "Front Lidar"']);
    expect((await planOnScenario('big_graph', 'Forklift Lanes: q depth 20, best effort', 'gateway-ops.rviz')).actions)
      .toEqual(['Set Topic/Depth = 20 on "Forklift Lanes"', 'Set Topic/Reliability Policy = Best Effort on "Forklift Lanes"']);
  });

  it('holds a fix of what a clause left out named when no display of it is there ("the odometry arrows are wobbly, sort that out")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'the odometry arrows are wobbly, sort that out');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.actions)).toEqual([['Add Odometry on /odom named "Odometry"']]);
  });

  it('reads "(3x) - leave …" as a clause after the parenthesis, and "thicken" as thicker', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Thicken the global plan a lot (3x) - leave the local plan exactly as it is.')).actions)
      .toEqual(['Set Line Width = 0.09 on "Global Plan"', 'Set Line Style = Billboards on "Global Plan"']);
  });

  it('reads "not big enough" as a complaint that asks for bigger, and "the maps in the Costmaps group" as what it holds', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the laser points are not big enough')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', 'in the Costmaps group make both maps half transparent', 'nav-nested.rviz')).actions).toEqual(['Set Alpha = 0.5 on "Global Costmap"', 'Set Alpha = 0.5 on "Local Costmap"']);
  });
});

describe('offline planner: "is set to" before what to do about it', () => {
  it('reads "X is set to Reliable …, so fix the QoS" as how it is, then the fix', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Front Lidar is set to Reliable, so fix the QoS', 'nav-nested.rviz');
    expect(r.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "Front Lidar"']);
    expect(r.notes.join(' | ')).toMatch(/"Front Lidar is set to Reliable" says how it is/);
  });
});

describe('offline planner: sentences ended by "?" or "!", and wishes in the progressive', () => {
  it('ends a clause at a question mark, so "Not the amcl one." after it is a clause of its own', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Could you maybe make the particle arrows half as long? Not the amcl one.')).actions).toEqual(['Set Arrow Length = 0.15 on "Particle Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'could you make the global costmap a little more opaque? the local one stays how it is')).actions).toEqual(['Set Alpha = 0.65 on "Global Costmap"']);
  });

  it('reads "its" after a question that named a robot as that robot\'s ("where is robot2? show its amcl pose")', async () => {
    expect((await planOnScenario('multi_robot', 'where is robot2? show its amcl pose', 'default')).actions).toEqual(['Add PoseWithCovariance on /robot2/amcl_pose named "PoseWithCovariance"']);
  });

  it('reads "I won\'t be needing X" as a wish not to see X', async () => {
    expect((await planOnScenario('turtlebot_nav', "I won't be needing the camera image any more, but the depth cloud stays")).actions).toEqual(['Hide "Camera Image"']);
  });

  it('reads a colour after "… no wait," as the Global Option the clause before set', async () => {
    expect((await planOnScenario('turtlebot_nav', 'background dark blue... no wait, dark grey, like 30 30 30', 'nav-desk-camera.rviz')).actions).toEqual(['Set Background Color = 30; 30; 30 on "Global Options"']);
  });
});

describe('offline planner: groups named with a value or "one"', () => {
  it('reads "the global one" inside a group named as the place, and a group named by a type word with a value as its displays', async () => {
    expect((await planOnScenario('turtlebot_nav', 'In the Costmaps group make the global one 0.5 alpha and the local one 0.4', 'nav-nested.rviz')).actions).toEqual(['Set Alpha = 0.5 on "Global Costmap"', 'Set Alpha = 0.4 on "Local Costmap"']);
    expect((await planOnScenario('turtlebot_nav', 'costmaps at 50% opacity', 'nav-nested.rviz')).actions).toEqual(['Set Alpha = 0.5 on "Global Costmap"', 'Set Alpha = 0.5 on "Local Costmap"']);
    // (Hidden, the group itself.)
    expect((await planOnScenario('turtlebot_nav', 'hide the costmaps', 'nav-nested.rviz')).actions).toEqual(['Hide "Costmaps"']);
  });

  it('reads "make it axes" after a clause that named an Odometry as its shape', async () => {
    expect((await planOnScenario('big_graph', 'turn on the wheel odom and make it axes instead of arrows', 'gateway-ops.rviz')).actions).toEqual(['Show "Wheel Odom"', 'Set Shape = Axes on "Wheel Odom"']);
  });

  it('reads "cameras 50% transparent" as a share, never as camera number 50', async () => {
    expect((await planOnScenario('big_graph', 'make the cameras 50% transparent', 'gateway-ops.rviz')).notes.join(' | ')).not.toMatch(/cam_50/);
  });
});

describe('offline planner: what a semicolon or a full stop ends', () => {
  it('"Bits is fine and so is Joints; only the Arm should be 50% transparent" changes the Arm alone', async () => {
    expect((await planOnScenario('manipulator', 'Bits is fine and so is Joints; only the Arm should be 50% transparent', 'arm-sensor-bay.rviz')).actions).toEqual(['Set Alpha = 0.5 on "Arm"']);
  });

  it('"glob. costmap alpha .5": a short form\'s own full stop does not end the sentence', async () => {
    expect((await planOnScenario('turtlebot_nav', 'depth pc: spheres, 0.02m. glob. costmap alpha .5')).actions)
      .toEqual(['Set Style = Spheres on "Depth Cloud"', 'Set Size (m) = 0.02 on "Depth Cloud"', 'Set Alpha = 0.5 on "Global Costmap"']);
  });
});

describe('offline planner: a correction mid-sentence', () => {
  it('"green — no, yellow" changes the colour the clause before set, not another colour of the display', async () => {
    expect((await planOnScenario('manipulator', 'make the torque arrows green — no, yellow')).actions).toEqual(['Set Torque Color = 255; 255; 0 on "Tool Wrench"']);
  });

  it('"robot1 plan blue — sorry, I mean robot2\'s plan blue" takes robot1\'s change back; "no, the map too" would add', async () => {
    expect((await planOnScenario('multi_robot', "robot1 plan blue — sorry, I mean robot2's plan blue")).actions).toEqual(['Set Color = 0; 0; 255 on "Robot2 Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'hide the grid, no wait, the map')).actions).toEqual(['Hide "Map"']);
  });

  it('"fixed frame odom, er, base_link I mean" is base_link; "fixed frame odom — no wait, keep map" keeps it', async () => {
    expect((await planOnScenario('qos_traps', 'fixed frame odom, er, base_link I mean')).actions).toEqual(['Set the fixed frame to base_link']);
    expect((await planOnScenario('big_graph', 'fixed frame odom — no wait, keep map, just make the floor grid follow base_link', 'gateway-ops.rviz')).actions)
      .toEqual(['Set Reference Frame = base_link on "Floor Grid"']);
  });
});

describe('offline planner: a value for every name listed, and which is which', () => {
  it('"the lift and the charger axes, both 0.2 long" sets both', async () => {
    expect((await planOnScenario('qos_traps', 'the lift and the charger axes, both 0.2 long', 'traps-faults.rviz')).actions).toEqual(['Set Length = 0.2 on "Lift"', 'Set Length = 0.2 on "Charger"']);
  });

  it('"robot2 is the one with the blue path" says which is which and changes nothing', async () => {
    expect((await planOnScenario('multi_robot', 'robot2 is the one with the blue path')).actions).toEqual([]);
  });

  it('"a bit see-through, 0.5": the number written is the alpha', async () => {
    expect((await planOnScenario('multi_robot', "robot1 model a bit see-through, 0.5; robot2's model stays solid")).actions).toEqual(['Set Alpha = 0.5 on "Robot1 Model"']);
  });
});

describe('offline planner: clauses that carry their own value, and a plugin display named first', () => {
  it('"force colour green, torque colour white, arrow width 0.4" sets each colour on its own setting', async () => {
    expect((await planOnScenario('manipulator', 'force colour green, torque colour white, arrow width 0.4')).actions)
      .toEqual(['Set Force Color = 0; 255; 0 on "Tool Wrench"', 'Set Torque Color = 255; 255; 255 on "Tool Wrench"', 'Set Arrow Width = 0.4 on "Tool Wrench"']);
  });

  it('"the TF axes are huge, set marker scale to 0.3": "marker scale" is the TF\'s setting, not a Marker display', async () => {
    expect((await planOnScenario('manipulator', 'the TF axes are huge, set marker scale to 0.3')).actions).toEqual(['Set Marker Scale = 0.3 on "TF"']);
  });

  it('"MotionPlanning: planned path robot alpha 0.3" changes no other display; "MotionPlanning: hide it" still hides it', async () => {
    const r = await planOnScenario('manipulator', 'MotionPlanning: planned path robot alpha 0.3', 'arm-workcell.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/settings the catalog does not know/);
    expect((await planOnScenario('manipulator', 'MotionPlanning: hide it', 'arm-workcell.rviz')).actions).toEqual(['Hide "MotionPlanning"']);
  });

  it('"set Breadcrumbs to axes but keep it switched off": the change does not show it', async () => {
    expect((await planOnScenario('turtlebot_nav', 'set Breadcrumbs to axes but keep it switched off for now', 'nav-kiosk.rviz')).actions).toEqual(['Set Shape = Axes on "Breadcrumbs"', 'Hide "Breadcrumbs"']);
  });
});
