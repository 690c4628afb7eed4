// What a clause means when its words could name another display: a part of the display the clause before named (TF's
// axes, Breadcrumbs' arrows), a display by its place among several ("the second camera under Site"), the one display
// of a robot that has the setting named; follow-ups that move the last change ("only the first one", "back to
// base_link"); and words of other languages inside or around a request.
import { describe, expect, it } from 'vitest';
import { planAfter, planOnScenario, planTurnAfter } from './scenario-plans.ts';

const actionsOf = async (scenario: string, request: string, config?: string): Promise<string[]> => (await planOnScenario(scenario, request, config)).actions;

describe('a part of the display the clause before named', () => {
  it('reads "the axes" after a TF clause as the TF\'s axes when no Axes display is here, never as one to miss or add', async () => {
    expect(await actionsOf('turtlebot_nav', 'TF: show the frame names and shrink the axes to half')).toEqual(['Set Show Names = true on "TF"', 'Set Marker Scale = 0.5 on "TF"']);
    expect(await actionsOf('manipulator', 'show TF frame names and make the axes half size')).toEqual(['Set Show Names = true on "TF"', 'Set Marker Scale = 0.5 on "TF"']);
  });

  it('reads "axes instead of arrows" after "Breadcrumbs:" as its shape, beside an Axes display', async () => {
    expect(await actionsOf('turtlebot_nav', 'Breadcrumbs: switch them on and draw axes instead of arrows', 'nav-kiosk.rviz')).toEqual(['Show "Breadcrumbs"', 'Set Shape = Axes on "Breadcrumbs"']);
  });

  it('copies a colour to what the clause before named with a verbless "same green as X", never onto X', async () => {
    expect(await actionsOf('turtlebot_nav', 'Eyes: flat colour, same green as Route Ahead', 'nav-kiosk.rviz')).toEqual(['Set Color Transformer = FlatColor on "Eyes"', 'Set Color = 25; 255; 0 on "Eyes"']);
    expect((await actionsOf('turtlebot_nav', 'Eyes same green as Route Ahead', 'nav-kiosk.rviz'))).not.toContain('Set Color = 0; 255; 0 on "Route Ahead"');
  });

  it('sizes an Axes display by its Length, the setting the catalog calls its size', async () => {
    expect(await actionsOf('qos_traps', 'shrink the Lift axes by half', 'traps-faults.rviz')).toEqual(['Set Length = 0.15 on "Lift"']);
  });

  it('reads a number beside a value word of a choice as the number setting named by that word ("overlay 30%")', async () => {
    expect(await actionsOf('turtlebot_nav', 'front view overlay 30%', 'nav-desk-camera.rviz')).toEqual(['Set Overlay Alpha = 0.3 on "Front View"']);
    expect(await actionsOf('turtlebot_nav', 'front view overlay', 'nav-desk-camera.rviz')).toEqual(['Set Image Rendering = overlay on "Front View"']);
  });

  it('reads "X\'s points are huge, make them a fifth of the size" as a statement, then a fifth of the size there is', async () => {
    expect(await actionsOf('big_graph', "Rack Seven's points are huge, make them a fifth of the size", 'gateway-ops.rviz')).toEqual(['Set Size (m) = 0.02 on "Rack Seven"']);
  });
});

describe('a display by its place, or by the setting a robot has', () => {
  it('takes "the second image under Site" as the second of those displays, in the document\'s order', async () => {
    expect(await actionsOf('big_graph', 'hide the second image under Site', 'gateway-ops.rviz')).toEqual(['Hide "Loading Bay"']);
  });

  it('changes nothing for a place no display holds, and never adds a display for it', async () => {
    const second = await planOnScenario('turtlebot_nav', 'the second camera, hide it');
    expect(second.actions).toEqual([]);
    expect(second.notes.join(' ')).toMatch(/no second camera/);
    expect(await actionsOf('big_graph', 'the second camera under Site, hide it', 'gateway-ops.rviz')).toEqual([]);
  });

  it('reads "robot2\'s decay" as the one display of robot2 that has a decay', async () => {
    expect(await actionsOf('multi_robot', "both robots' scan points 5 cm, and robot2's decay 1 s")).toContain('Set Decay Time = 1 on "Robot2 Scan"');
  });
});

describe('follow-ups that move the last change', () => {
  it('undoes the last hide and hides again only what "only the first one" or "only the grid" names', async () => {
    expect(await planTurnAfter('turtlebot_nav', ['hide the grid and the TF'], 'no wait, only the first one')).toEqual({ actions: ['Hide "Grid"'], undoFirst: true });
    expect(await planTurnAfter('turtlebot_nav', ['hide the grid and the TF'], 'actually only the TF')).toEqual({ actions: ['Hide "TF"'], undoFirst: true });
  });

  it('undoes the last plan and makes again the settings of it that "but keep the colour" names', async () => {
    expect(await planTurnAfter('turtlebot_nav', ['laser as green spheres, 0.05 m'], 'undo that, but keep the colour'))
      .toEqual({ actions: ['Set Color = 0; 255; 0 on "LaserScan"', 'Set Color Transformer = FlatColor on "LaserScan"'], undoFirst: true });
  });

  it('sets the fixed frame for "back to base_link" after a turn that set it, and never reads its frame as a display', async () => {
    expect(await planAfter('turtlebot_nav', ['set the fixed frame to odom'], 'actually, back to base_link')).toEqual(['Set the fixed frame to base_link']);
    expect(await planAfter('turtlebot_nav', ['set the fixed frame to odom'], 'make it red')).toEqual([]);
    expect(await actionsOf('turtlebot_nav', 'reset the fixed frame to map')).toEqual(['Set the fixed frame to map']);
  });
});

describe('words of other languages and of the frame rate', () => {
  it('reads politeness of other languages inside an English request ("bitte", "s\'il te plaît") as please', async () => {
    expect(await actionsOf('turtlebot_nav', "local plan yellow bitte, and the global plan's line width 0.1")).toContain('Set Color = 255; 255; 0 on "Local Plan"');
    expect(await actionsOf('manipulator', 'Joints marker scale 0.3, and the grid cell size 0.1 bitte')).toContain('Set Cell Size = 0.1 on "Grid"');
  });

  it('reads verb-last forms: "X need not, hide both", "but X no", "X but leave on", and the subjunctive "no lo enciendas"', async () => {
    expect(await actionsOf('qos_traps', 'Lift und Charger brauch ich nicht, blende die beiden aus, das Sonar bleibt aber', 'traps-faults.rviz')).toContain('Hide "Lift"');
    expect(await actionsOf('big_graph', 'nascondi Dock Door e Loading Bay, ma Forklift Lanes no', 'gateway-ops.rviz')).toEqual(['Hide "Dock Door"', 'Hide "Loading Bay"']);
    expect(await actionsOf('turtlebot_nav', 'Kannst du das Gitter ausblenden? Die TF-Achsen aber bitte anlassen.')).not.toContain('Set Show Axes = false on "TF"');
    expect(await actionsOf('turtlebot_nav', 'Breadcrumbs no lo enciendas, solo bájale el Keep a 20', 'nav-kiosk.rviz')).toEqual(['Set Keep = 20 on "Breadcrumbs"']);
  });

  it('replaces the display a topic names with "show /odom_pose with a Pose display instead"', async () => {
    expect(await actionsOf('qos_traps', 'show /odom_pose with a Pose display instead')).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
  });

  it('reads "quarter-metre cells" as a length of 0.25 m', async () => {
    expect(await actionsOf('empty', 'make the grid finer: quarter-metre cells', 'default')).toEqual(['Set Cell Size = 0.25 on "Grid"']);
  });

  it('makes a display opaque for "remove the transparency", never removes it', async () => {
    expect(await actionsOf('turtlebot_nav', 'togli la trasparenza alla local costmap')).toEqual(['Set Alpha = 1 on "Local Costmap"']);
  });

  it('reads "frame rate in 10 fps" as the rate, never a frame "10", and "half" of a rate as half of it', async () => {
    const rate = await planOnScenario('turtlebot_nav', 'frame rate in 10 fps');
    expect(rate.actions).toEqual(['Set Frame Rate = 10 on "Global Options"']);
    expect(rate.notes.join(' ')).not.toMatch(/which frame rate|not in the TF tree/);
    expect(await actionsOf('turtlebot_nav', 'set the frame rate to half')).toEqual(['Set Frame Rate = 15 on "Global Options"']);
  });
});

describe('what a second round of blind dev batches showed', () => {
  it('changes nothing for "perfect" or "great" after a change, and never shows what was just hidden', async () => {
    expect(await planAfter('turtlebot_nav', ['hide the particle cloud'], 'perfect')).toEqual([]);
    expect(await planAfter('turtlebot_nav', ['hide the particle cloud'], 'great')).toEqual([]);
  });

  it('reads a frame named alone after a turn that set the fixed frame ("actually odom") as the fixed frame', async () => {
    expect(await planAfter('turtlebot_nav', ['set the fixed frame to map'], 'actually odom')).toEqual(['Set the fixed frame to odom']);
  });

  it('narrows the last change to the one display of it that "just the camera" names ("nur die globale")', async () => {
    expect(await planTurnAfter('turtlebot_nav', ['hide the front camera and the RGBD points'], 'actually just the camera', 'nav-nested.rviz'))
      .toEqual({ actions: ['Hide "Front Camera"'], undoFirst: true });
    expect(await planTurnAfter('turtlebot_nav', ['blende beide Costmaps aus'], 'nein, nur die globale')).toEqual({ actions: ['Hide "Global Costmap"'], undoFirst: true });
  });

  it('counts a kind of two words ("the second point cloud") and changes nothing when there is one', async () => {
    expect(await actionsOf('manipulator', 'hide the second point cloud', 'arm-workcell.rviz')).toEqual([]);
  });

  it('keeps off what "leave it off" or "don\'t switch it on yet" names, while its setting changes', async () => {
    expect(await actionsOf('manipulator', 'FT Sensor: put history to 10, but leave it off for now', 'arm-workcell.rviz')).toEqual(['Set History Length = 10 on "FT Sensor"']);
    expect(await actionsOf('manipulator', 'FT Sensor: põe o histórico em 10, mas deixa ele desligado por enquanto', 'arm-workcell.rviz')).toEqual(['Set History Length = 10 on "FT Sensor"']);
    expect(await actionsOf('turtlebot_nav', "Breadcrumbs: draw axes instead of arrows, but don't switch it on yet", 'nav-kiosk.rviz')).toEqual(['Set Shape = Axes on "Breadcrumbs"']);
  });

  it('reads negations and corrections in the order other languages put them', async () => {
    expect(await actionsOf('turtlebot_nav', 'ne cache pas la carte, rends-la juste un peu plus opaque, genre 0,9')).toEqual(['Set Alpha = 0.9 on "Map"']);
    expect(await actionsOf('empty', 'fundo azul... não, branco mesmo', 'default')).toEqual(['Set Background Color = 255; 255; 255 on "Global Options"']);
    expect(await actionsOf('turtlebot_nav', 'mets le fixed frame sur odom… non, laisse-le sur map finalement')).toEqual([]);
  });

  it('reads "the grid can go" as a hide, "plain green" as green, "la forme en axes" as the shape, "el local" as the local one', async () => {
    expect(await actionsOf('manipulator', 'fixed frame tool0, and the grid can go')).toContain('Hide "Grid"');
    expect(await actionsOf('multi_robot', "robot1's scan in plain green, robot2's scan as spheres")).toContain('Set Color = 0; 255; 0 on "Robot1 Scan"');
    expect(await actionsOf('turtlebot_nav', 'Réaffiche Breadcrumbs et passe la forme en axes', 'nav-kiosk.rviz')).toEqual(['Show "Breadcrumbs"', 'Set Shape = Axes on "Breadcrumbs"']);
    expect(await actionsOf('turtlebot_nav', 'oculta el costmap global y pon el local un poco más transparente')).toContain('Hide "Global Costmap"');
    expect(await actionsOf('turtlebot_nav', 'oculta el costmap global y pon el local un poco más transparente')).not.toContain('Set Alpha = 0.15 on "Global Costmap"');
  });

  it('reads "the axes" after a clause about one Axes display as that display, not another whose name ends in Axes', async () => {
    expect(await actionsOf('qos_traps', "Lift, don't remove it; just set the axes length to 0.6", 'traps-faults.rviz')).toEqual(['Set Length = 0.6 on "Lift"']);
  });

  it('sets the fixed frame to "the shared map instead of robot1\'s odom" and adds no display for the frame it replaces', async () => {
    expect(await actionsOf('multi_robot', "set the fixed frame to the shared map instead of robot1's odom", 'dev-r3g-fleet-nested.rviz')).toEqual(['Set the fixed frame to map']);
  });

  it('reads "costmaps: drop the global one" as the group\'s global costmap, never the group', async () => {
    expect(await actionsOf('turtlebot_nav', 'costmaps: drop the global one, keep the local', 'nav-nested.rviz')).toEqual(['Remove "Global Costmap"']);
  });

  it('reads "a third smaller" as two thirds of the size, "halve the marker size" of a TF as its marker scale', async () => {
    expect(await actionsOf('turtlebot_nav', 'laser dots a third smaller')).toEqual(['Set Size (m) = 0.02 on "LaserScan"']);
    expect(await actionsOf('manipulator', 'Arm Frames: show the names and halve the marker size', 'arm-workcell.rviz')).toEqual(['Set Show Names = true on "Arm Frames"', 'Set Marker Scale = 0.5 on "Arm Frames"']);
  });

  it('takes the amount "say 0.5" after "a bit see-through" as the value', async () => {
    expect(await actionsOf('turtlebot_nav', 'footprint outline in white, and a bit see-through, say 0.5')).toContain('Set Alpha = 0.5 on "Footprint"');
  });
});

describe('what a third round of blind dev batches showed', () => {
  it('reads a bare size below a pixel size\'s range as the metric size ("depth cloud size 0.05" on Points)', async () => {
    expect(await actionsOf('turtlebot_nav', 'set the depth cloud size to 0.05')).toEqual(['Set Size (m) = 0.05 on "Depth Cloud"', 'Set Style = Flat Squares on "Depth Cloud"']);
    expect(await actionsOf('turtlebot_nav', 'depth cloud size 3')).toEqual(['Set Size (Pixels) = 3 on "Depth Cloud"']);
  });

  it('makes only the change a complaint names when the request says "nothing else"; the fixed frame is only said', async () => {
    const plan = await planOnScenario('qos_traps', 'map is empty: make it transient local, nothing else');
    expect(plan.actions).toEqual(['Set Topic/Durability Policy = Transient Local on "Map"']);
    expect(plan.notes.join(' ')).toMatch(/fixed frame world is not in TF/);
  });

  it('reads a background of three numbers, and refuses a part past 255 with the range', async () => {
    expect(await actionsOf('turtlebot_nav', 'background 30 30 30')).toEqual(['Set Background Color = 30; 30; 30 on "Global Options"']);
    const over = await planOnScenario('empty', 'background 20 20 400 and frame rate 24', 'default');
    expect(over.actions).toEqual(['Set Frame Rate = 24 on "Global Options"']);
    expect(over.notes.join(' ')).toMatch(/0 to 255/);
  });

  it('reads "max 45" after "min intensity 20" as the Max Intensity, and "Cone 0.2" after "Bin View alpha 0.6" as its alpha', async () => {
    expect(await actionsOf('big_graph', 'Rack Seven: min intensity 20, max 45', 'gateway-ops.rviz')).toEqual(['Set Min Intensity = 20 on "Rack Seven"', 'Set Max Intensity = 45 on "Rack Seven"']);
    expect(await actionsOf('manipulator', 'Bin View alpha 0.6, Cone 0.2', 'arm-sensor-bay.rviz')).toEqual(['Set Alpha = 0.6 on "Bin View"', 'Set Alpha = 0.2 on "Cone"']);
    expect(await actionsOf('big_graph', 'Rack Seven points bigger: 0.2, Depth stays at 0.02', 'gateway-ops.rviz')).toEqual(['Set Size (m) = 0.2 on "Rack Seven"']);
  });

  it('reads "only the last 10" and the Spanish "que guarde" as how many it keeps, "20 of them" as the cell count', async () => {
    expect(await actionsOf('big_graph', 'Wheel Odom anmachen, nur die letzten 10', 'gateway-ops.rviz')).toEqual(['Show "Wheel Odom"', 'Set Keep = 10 on "Wheel Odom"']);
    expect(await planAfter('turtlebot_nav', ['enciende Breadcrumbs'], 'que guarde solo los últimos 10, y con ejes en vez de flechas', 'nav-kiosk.rviz'))
      .toEqual(['Set Keep = 10 on "Breadcrumbs"', 'Set Shape = Axes on "Breadcrumbs"']);
    expect(await actionsOf('empty', 'grid: half-metre cells, 20 of them', 'default')).toEqual(['Set Cell Size = 0.5 on "Grid"', 'Set Plane Cell Count = 20 on "Grid"']);
    expect(await actionsOf('turtlebot_nav', 'RGBD Points: Stil Boxen, Größe 0,05', 'nav-nested.rviz')).toEqual(['Set Style = Boxes on "RGBD Points"', 'Set Size (m) = 0.05 on "RGBD Points"']);
  });

  it('never sets the fixed frame a question asking why names', async () => {
    expect(await actionsOf('turtlebot_nav', 'why does the map vanish when I set the fixed frame to odom?')).toEqual([]);
  });
});

describe('a part of a display and a choice setting in a list', () => {
  it('gives "torque in blue" after "FT sensor on" to the torque alone, never to both arrows', async () => {
    expect(await actionsOf('manipulator', 'turn the FT sensor on, torque in blue', 'arm-workcell.rviz')).toEqual(['Show "FT Sensor"', 'Set Torque Color = 0; 0; 255 on "FT Sensor"']);
  });

  it('takes no hide of the clause before for a clause naming a choice setting with its value ("laser style spheres")', async () => {
    expect(await actionsOf('turtlebot_nav', 'hide the camera image, laser style spheres, and fixed frame odom')).toEqual(
      ['Set the fixed frame to odom', 'Hide "Camera Image"', 'Set Style = Spheres on "LaserScan"']);
    expect(await actionsOf('turtlebot_nav', 'hide the camera image, the laser points')).toEqual(['Hide "Camera Image"', 'Hide "LaserScan"']);
  });

  it('switches a display off with "make X off" (the Portuguese "deixa o X desligado"); a change never turns it on', async () => {
    expect(await actionsOf('turtlebot_nav', 'deixa o Breadcrumbs desligado e põe o Eyes em vermelho', 'nav-kiosk.rviz')).toEqual(['Set Color = 255; 0; 0 on "Eyes"', 'Set Color Transformer = FlatColor on "Eyes"']);
  });

  it('reads the German "aber TF lassen" as keeping TF, and "dafür" as nothing', async () => {
    expect(await actionsOf('empty', 'Gitter ausblenden, aber TF lassen', 'default')).toEqual(['Hide "Grid"']);
    expect(await actionsOf('manipulator', 'TF-Achsen ausblenden, dafür die Namen anzeigen')).toEqual(['Set Show Axes = false on "TF"', 'Set Show Names = true on "TF"']);
  });
});

describe('what a clause goes on about after the clause before', () => {
  it('reads "on Where Am I" as where the covariance is, so "too" turns it off like the clause before', async () => {
    expect(await actionsOf('turtlebot_nav', 'turn off the Amcl Particle Swarm, and the covariance on Where Am I too', 'nav-nested.rviz')).toEqual(
      ['Hide "Amcl Particle Swarm"', 'Set Covariance = false on "Where Am I"']);
  });

  it('goes on about the display named, not a type word beside it with no display ("the Lens cone … a bit more opaque")', async () => {
    expect(await actionsOf('turtlebot_nav', 'make the Lens cone red and a bit more opaque, 0.8', 'nav-desk-camera.rviz')).toEqual(
      ['Set Color = 255; 0; 0 on "Lens"', 'Set Alpha = 0.8 on "Lens"']);
  });

  it('reads "less thick" as thinner and "half of what they are now" as how much', async () => {
    expect(await actionsOf('manipulator', 'make the wrist load arrows less thick, half of what they are now', 'arm-sensor-bay.rviz')).toEqual(['Set Arrow Width = 0.15 on "Wrist Load"']);
  });

  it('sizes and colours the covariance ellipse, the position covariance, never the arrow', async () => {
    expect(await actionsOf('turtlebot_nav', 'make the AMCL covariance ellipse red')).toEqual(['Set Covariance/Position/Color = 255; 0; 0 on "AMCL Pose"']);
    expect(await actionsOf('turtlebot_nav', 'AMCL covariance ellipse is huge, make it a bit smaller')).toEqual(['Set Covariance/Position/Scale = 0.5 on "AMCL Pose"']);
    expect(await actionsOf('turtlebot_nav', 'amcl cov ellipse is way too fat, halve it')).toEqual(['Set Covariance/Position/Scale = 0.5 on "AMCL Pose"']);
    expect(await actionsOf('turtlebot_nav', 'the covariance ellipse around the amcl pose is huge, shrink it to half')).toEqual(['Set Covariance/Position/Scale = 0.5 on "AMCL Pose"']);
  });

  it('halves the length the clause before said is too long ("particle arrows are way too long, halve them")', async () => {
    expect(await actionsOf('turtlebot_nav', 'particle arrows are way too long, halve them')).toEqual(['Set Arrow Length = 0.15 on "Particle Cloud"']);
  });
});

describe('which topic a device noun adds', () => {
  it('asks which camera when forty fit and none is named, never the first by name', async () => {
    const r = await planOnScenario('big_graph', 'show the camera');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Camera topics fit .*name the one to show/);
  });

  it('adds one per robot for the French "les lasers des deux robots"', async () => {
    expect((await actionsOf('multi_robot', 'ajoute les lasers des deux robots', 'default')).filter((a) => a.startsWith('Add'))).toHaveLength(4);
  });

  it('reads the Chinese "就行" (that will do) as nothing', async () => {
    expect(await actionsOf('manipulator', '把深度点云调成半透明，0.5 就行')).toEqual(['Set Alpha = 0.5 on "Depth Cloud"']);
  });
});

describe('a complaint about a dimension', () => {
  it('reads "too fat" and "less thick" as thinner, the width or radius, never the length', async () => {
    expect(await actionsOf('qos_traps', 'the Lift axes are too fat', 'traps-faults.rviz')).toEqual(['Set Radius = 0.015 on "Lift"']);
    expect(await actionsOf('manipulator', 'make the wrist load arrows less thick', 'arm-sensor-bay.rviz')).toEqual(['Set Arrow Width = 0.15 on "Wrist Load"']);
  });

  it('keeps a part\'s own fix said in the statement when the next clause does not resize it', async () => {
    expect(await actionsOf('turtlebot_nav', 'the AMCL position ellipse is too faint, make it a little more opaque')).toContain('Set Covariance/Position/Alpha = 0.65 on "AMCL Pose"');
  });
});

describe('what is left out, and what a statement named', () => {
  it('shows what "show … without …" shows, and leaves out only what follows "without"', async () => {
    expect(await actionsOf('turtlebot_nav', "show the robot's collision geometry without the visual meshes")).toEqual(
      ['Set Collision Enabled = true on "RobotModel"', 'Set Visual Enabled = false on "RobotModel"']);
  });

  it('reads "more see-through: 40% transparent" as a transparency of 40 %', async () => {
    expect(await actionsOf('turtlebot_nav', 'make the local costmap more see-through: 40% transparent')).toEqual(['Set Alpha = 0.6 on "Local Costmap"']);
  });

  it('halves the setting the statement before named by its words ("the torque arrows are too long, halve them")', async () => {
    expect(await actionsOf('manipulator', 'the torque arrows are too long, halve them')).toEqual(['Set Torque Arrow Scale = 0.25 on "Tool Wrench"']);
  });
});

describe('an undo after a word of hesitation', () => {
  it('"hmm, undo that and make the grid black instead" undoes first', async () => {
    const r = await planTurnAfter('manipulator', ['make the background white'], 'hmm, undo that and make the grid black instead');
    expect(r.undoFirst).toBe(true);
    expect(r.actions).toEqual(['Set Color = 0; 0; 0 on "Grid"']);
  });
});

describe('offline planner: a statement about a part, then how much', () => {
  it('takes "double it", "a quarter of the size", "la metà" of the value the user sees, not of the statement\'s own change', async () => {
    expect(await actionsOf('turtlebot_nav', 'global plan line is too thin, double it')).toEqual(['Set Line Width = 0.06 on "Global Plan"', 'Set Line Style = Billboards on "Global Plan"']);
    expect(await actionsOf('turtlebot_nav', 'Where Am I: the covariance ellipse is way too big, a quarter of the size please', 'nav-nested.rviz')).toContain('Set Covariance/Position/Scale = 0.25 on "Where Am I"');
    expect(await actionsOf('turtlebot_nav', 'Eyes: punti più piccoli, la metà', 'nav-kiosk.rviz')).toEqual(['Set Size (m) = 0.015 on "Eyes"']);
    // ("riesig", "runter auf", "ein Zehntel": German words for huge, down to, a tenth.)
    expect(await actionsOf('manipulator', 'Die Kraftpfeile von Wrist Load sind riesig, runter auf ein Zehntel', 'arm-sensor-bay.rviz')).toEqual(['Set Force Arrow Scale = 0.005 on "Wrist Load"']);
  });

  it('sizes a part with a length and a radius of its own as a whole: the arrow heads, the axes', async () => {
    expect(await planAfter('big_graph', ['turn on Wheel Odom'], 'the arrow heads are huge, halve them', 'gateway-ops.rviz'))
      .toEqual(['Set Shape/Head Length = 0.15 on "Wheel Odom"', 'Set Shape/Head Radius = 0.05 on "Wheel Odom"']);
    expect(await actionsOf('turtlebot_nav', 'amcl pose: the arrow head is huge. shrink the head to half, the shaft is fine')).toEqual(['Set Head Length = 0.15 on "AMCL Pose"', 'Set Head Radius = 0.05 on "AMCL Pose"']);
    expect(await planAfter('multi_robot', ["show robot1's odom as axes"], 'the axes are tiny, double them', 'fleet-groups.rviz'))
      .toEqual(['Set Shape/Axes Length = 2 on "Odom"', 'Set Shape/Axes Radius = 0.2 on "Odom"']);
    expect(await actionsOf('turtlebot_nav', 'amcl pose as axes plz, w/ 0.5 m axes')).toEqual(['Set Shape = Axes on "AMCL Pose"', 'Set Axes Length = 0.5 on "AMCL Pose"']);
  });

  it('sizes the ellipse an earlier clause switched on, and the TF\'s markers beside a MarkerArray display', async () => {
    expect(await actionsOf('multi_robot', "turn on the covariance for robot1's odometry but make the ellipse half size"))
      .toEqual(['Set Covariance = true on "Robot1 Odometry"', 'Set Covariance/Position/Scale = 0.5 on "Robot1 Odometry"']);
    expect(await actionsOf('manipulator', "TF clutters everything. don't remove it, just shrink the markers to 0.3")).toEqual(['Set Marker Scale = 0.3 on "TF"']);
  });

  it('changes what a statement is said of, never what it is seen against', async () => {
    expect(await actionsOf('turtlebot_nav', 'The Global Plan line is really hard to pick out against the costmap, make it twice as thick'))
      .toEqual(['Set Line Width = 0.06 on "Global Plan"', 'Set Line Style = Billboards on "Global Plan"']);
  });
});

describe('offline planner: a statement, then its fix, second round', () => {
  it('sizes the arrow head named in the statement, and takes "a tenth of that" of the size the user sees', async () => {
    expect(await actionsOf('turtlebot_nav', 'the AMCL pose arrow head is enormous, halve it')).toEqual(['Set Head Length = 0.15 on "AMCL Pose"', 'Set Head Radius = 0.05 on "AMCL Pose"']);
    expect(await actionsOf('manipulator', 'the force arrows are huge, a tenth of that')).toEqual(['Set Force Arrow Scale = 0.005 on "Tool Wrench"']);
  });

  it('changes nothing when the statement names one of several displays without saying which', async () => {
    const r = await planOnScenario('multi_robot', 'the scan is too big, halve it');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/could mean Robot1 Scan or Robot2 Scan; which one is not clear/);
    expect(await actionsOf('turtlebot_nav', 'the costmap is too strong, set it to 0.2')).toEqual([]);
    expect(await actionsOf('turtlebot_nav', 'the costmaps are too strong, set them to 0.2')).toEqual(['Set Alpha = 0.2 on "Global Costmap"', 'Set Alpha = 0.2 on "Local Costmap"']);
  });
});

describe('offline planner: where a new display goes, and groups that are not there', () => {
  it('adds into a group named after "to" with no word "group", and beside a display into its group', async () => {
    expect((await actionsOf('big_graph', 'add camera 40 to Cameras', 'gateway-ops.rviz'))[0]).toBe('Add Image on /fleet/cam_40/image_raw named "Image" in group "Site/Cameras"');
    expect((await actionsOf('big_graph', 'add sensor 250 temperature next to rack seven', 'gateway-ops.rviz'))[0]).toBe('Add Temperature on /fleet/sensor_250/temperature named "Temperature" in group "Site/Thermal"');
  });

  it('"hide the camera group" with no group of that name hides no group', async () => {
    expect(await actionsOf('turtlebot_nav', 'hide the camera group')).toEqual([]);
  });
});

describe('offline planner: a word several names carry, after a clause about one kind', () => {
  it('reads "local" after a clause about a costmap as the Local Costmap, not the Local Plan nor the costmap before', async () => {
    expect(await actionsOf('turtlebot_nav', 'nascondi la costmap globale e metti quella locale al 50%')).toEqual(['Hide "Global Costmap"', 'Set Alpha = 0.5 on "Local Costmap"']);
    expect(await actionsOf('turtlebot_nav', 'hide the global plan and make local red')).toEqual(['Hide "Global Plan"', 'Set Color = 255; 0; 0 on "Local Plan"']);
  });

  it('gives each costmap its own value in "costmaps too loud. global alpha .2, local .4"', async () => {
    expect(await actionsOf('turtlebot_nav', 'costmaps too loud. global alpha .2, local .4')).toEqual(['Set Alpha = 0.2 on "Global Costmap"', 'Set Alpha = 0.4 on "Local Costmap"']);
  });
});

describe('offline planner: a type word in the plural adds a display per topic it fits', () => {
  it('adds both costmaps for "show me the costmaps" (es "muéstrame los costmaps, el global y el local") when none is shown', async () => {
    const both = ['Add Map on /global_costmap/costmap named "Map"', 'Add Map on /local_costmap/costmap named "Map (2)"'];
    for (const request of ['show me the costmaps', 'muéstrame los costmaps, el global y el local']) {
      const r = await actionsOf('turtlebot_nav', request, 'nav-desk-camera.rviz');
      expect(r.filter((x) => x.startsWith('Add')), request).toEqual(both);
    }
  });
});

describe('offline planner: how far off, then how much', () => {
  it('halves the value the user sees for "hmm too big, halve it", not the value "too big" alone would make', async () => {
    expect(await planAfter('turtlebot_nav', ['set the laser size to 0.1'], 'hmm too big, halve it')).toEqual(['Set Size (m) = 0.05 on "LaserScan"']);
    expect(await actionsOf('turtlebot_nav', 'laser too big, halve it')).toEqual(['Set Size (m) = 0.015 on "LaserScan"']);
  });

  it('still makes "laser smaller and red" both changes', async () => {
    expect(await actionsOf('turtlebot_nav', 'laser smaller and red')).toContain('Set Size (m) = 0.015 on "LaserScan"');
  });
});

describe('offline planner: a list after "just" whose first item is a shared word', () => {
  it('hides both plans for "leave the costmaps alone, just hide the global and the local plan"', async () => {
    expect(await actionsOf('turtlebot_nav', 'leave the costmaps alone, just hide the global and the local plan')).toEqual(['Hide "Global Plan"', 'Hide "Local Plan"']);
  });
});
