// Negation scope: a negated change is not made, a negated wish to see hides, "leave it / it's fine" changes nothing on
// what it names, and negated or lessened comparatives point the other way — in English and the other languages.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: a negated change is not made', () => {
  it.each([
    "don't make the laser red",
    'never make the laser red',
    'the laser should not be red',
    'make the laser not red',
    'mach den Laser nicht rot',
    'ne mets pas le laser en rouge',
    'no pongas el láser en rojo',
    'não deixe o laser vermelho',
    'non fare il laser rosso',
    'レーザーを赤にしないで',
  ])('"%s" changes nothing and says so', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/not|nothing/i);
  });

  it('keeps the other clause of the request: "never change the laser size, just make it red"', async () => {
    const r = await planWhole('never change the laser size, just make it red');
    expect(r.actions).toEqual(['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
    expect(r.notes.join(' | ')).toMatch(/says not to/);
  });

  it('does not hide on "don\'t hide the grid"', async () => {
    expect((await planWhole("don't hide the grid")).actions).toEqual([]);
  });
});

describe('offline planner: a negated wish to see is a hide', () => {
  it.each(["I don't need the grid anymore", 'I do not want to see the grid', 'no quiero ver la cuadrícula', 'ich brauche das Gitter nicht mehr', 'non voglio vedere la griglia'])(
    '"%s" hides the grid', async (request) => {
      expect((await planWhole(request)).actions).toEqual(['Hide "Grid"']);
    });

  it.each(['honestly I have no use for the grid rn', 'I have no need for the grid', 'hide the grid tho', 'Das Gitter brauche ich gerade wirklich nicht'])(
    '"%s" hides the grid: spoken asides change nothing', async (request) => {
      expect((await planWhole(request)).actions).toEqual(['Hide "Grid"']);
    });

  it('hides only what is not needed when the next sentence says the other stays ("… soll aber bleiben")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Das Gitter brauche ich nicht. Die Karte soll aber bleiben.', 'scenario');
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect(r.notes.join(' | ')).toMatch(/left Map as it is/);
  });

  it('"there is no need to hide the grid" hides nothing', async () => {
    expect((await planWhole('there is no need to hide the grid')).actions).toEqual([]);
  });
});

describe('offline planner: "don\'t show X" leading a request is a hide; "X doesn\'t show" stays a complaint', () => {
  it.each(["don't show the grid", "please don't show the grid", 'do not show the grid'])('"%s" hides the grid', async (request) => {
    expect((await planWhole(request)).actions).toEqual(['Hide "Grid"']);
  });

  it.each(["the grid doesn't show", "the grid won't show", "I don't see the grid"])('"%s" hides nothing', async (request) => {
    expect((await planWhole(request)).actions).not.toContain('Hide "Grid"');
  });
});

describe('offline planner: "fine", "leave it" and "keep as is" change nothing on what they name', () => {
  it('reads "the map looks fine, leave it alone" as English and changes nothing', async () => {
    const r = await planWhole('the map looks fine, leave it alone');
    expect(r.actions).toEqual([]);
    expect(r.notes.some((n) => /read as/.test(n))).toBe(false);
    expect(r.notes.join(' | ')).toMatch(/left Map as it is/);
  });

  it('leaves "it" alone and still makes the next clause\'s change: "the map is fine, leave it; the laser 0.1 m"', async () => {
    const r = await planWhole('the map is fine, leave it; the laser 0.1 m');
    expect(r.actions).toEqual(['Set Size (m) = 0.1 on "Front Lidar"']);
    expect(r.notes.join(' | ')).toMatch(/left Map as it is/);
  });

  it('keeps the laser and still hides the grid: "keep the laser as it is and hide the grid"', async () => {
    expect((await planWhole('keep the laser as it is and hide the grid')).actions).toEqual(['Hide "Grid"']);
  });

  it.each(['the grid is big enough', 'the map looks right', 'the particle cloud is enough'])('"%s" changes nothing on what it names', async (request) => {
    expect((await planOnScenario('turtlebot_nav', request)).actions).toEqual([]);
  });

  it.each(['never mind, leave everything as is', 'el mapa está bien, déjalo así', 'die Karte ist gut so, lass sie so', 'la carte est bien, laisse-la comme ça'])(
    '"%s" changes nothing', async (request) => {
      expect((await planWhole(request)).actions).toEqual([]);
    });

  it.each([
    ['Touche pas au plan global, mais mets le plan local en jaune', 'Set Color = 255; 255; 0 on "Local Plan"'],
    ["La mappa non toccarla, abbassa l'alpha del costmap globale a 0,2", 'Set Alpha = 0.2 on "Global Costmap"'],
    ['O plano local está bom, deixa assim. Já o plano global: amarelo', 'Set Color = 255; 255; 0 on "Global Plan"'],
  ])('"%s" leaves what it says to and changes the other', async (request, action) => {
    expect((await planOnScenario('turtlebot_nav', request, 'scenario')).actions).toEqual([action]);
  });

  it('keeps the names before "stay as they are" and reads "let the map alone"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'In the Controller group, hide Footprint only. Local Plan and Local Costmap stay on.')).actions).toEqual(['Hide "Footprint"']);
    expect((await planOnScenario('turtlebot_nav', 'let the map alone, hide the grid')).actions).toEqual(['Hide "Grid"']);
  });
});

describe('offline planner: a contrast after a wish to see is not wanted', () => {
  it('"I want the camera image but not the depth cloud" hides the depth cloud', async () => {
    const r = await planOnScenario('turtlebot_nav', 'I want the camera image but not the depth cloud');
    expect(r.actions).toEqual(['Hide "Depth Cloud"']);
  });

  it('"I need the map and the laser, not the grid" hides the grid', async () => {
    expect((await planOnScenario('turtlebot_nav', 'I need the map and the laser, not the grid')).actions).toEqual(['Hide "Grid"']);
  });

  it('"the grid isn\'t needed, the map is" hides the grid and leaves the map', async () => {
    const r = await planOnScenario('turtlebot_nav', "the grid isn't needed, the map is");
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'the grid is not needed anymore')).actions).toEqual(['Hide "Grid"']);
  });

  it('after a verb that is no wish ("show the map but not the grid") the contrast leaves the grid as it is', async () => {
    const r = await planOnScenario('turtlebot_nav', 'show the map but not the grid');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/left Grid as it is/);
  });
});

describe('offline planner: direction words compose with negation and comparatives', () => {
  it.each([
    ['make the laser a little less big', 'Set Size (m) = 0.015 on "Front Lidar"'],
    ['make the laser a tad less big', 'Set Size (m) = 0.015 on "Front Lidar"'],
    ['make the laser a smidge bigger', 'Set Size (m) = 0.06 on "Front Lidar"'],
    ['the laser should not be so big', 'Set Size (m) = 0.015 on "Front Lidar"'],
    ['make the laser not as thin', 'Set Size (m) = 0.06 on "Front Lidar"'],
    ['make the map less see-through', 'Set Alpha = 0.85 on "Map"'],
    ['make the map not so transparent', 'Set Alpha = 0.85 on "Map"'],
    ['make the map less opaque', 'Set Alpha = 0.35 on "Map"'],
    ['die Karte weniger durchsichtig machen', 'Set Alpha = 0.85 on "Map"'],
  ])('"%s" → %s', async (request, action) => {
    expect((await planWhole(request)).actions).toEqual([action]);
  });
});

describe('offline planner: a level verb gives opacity and transparency their direction', () => {
  // The Map's Alpha is 0.7: more transparent halves it, more opaque goes half the way to 1.
  it.each([
    ['lower the map opacity', 'Set Alpha = 0.35 on "Map"'],
    ['turn down the map opacity', 'Set Alpha = 0.35 on "Map"'],
    ['reduce the map alpha', 'Set Alpha = 0.35 on "Map"'],
    ['raise the map opacity', 'Set Alpha = 0.85 on "Map"'],
    ['increase the map alpha', 'Set Alpha = 0.85 on "Map"'],
    ['decrease the transparency of the map', 'Set Alpha = 0.85 on "Map"'],
    ['increase the map transparency', 'Set Alpha = 0.35 on "Map"'],
  ])('"%s" → %s', async (request, action) => {
    expect((await planWhole(request)).actions).toEqual([action]);
  });

  it('"make the map opaque" is still fully opaque', async () => {
    expect((await planWhole('make the map opaque')).actions).toEqual(['Set Alpha = 1 on "Map"']);
  });
});

describe('offline planner: a negation\'s scope stops at a contrast', () => {
  it.each([
    ['hide the map, not the laser', ['Hide "Map"']],
    ['hide the grid and the map, not the laser', ['Hide "Grid"', 'Hide "Map"']],
    ['turn off the laser but not the map', ['Hide "Front Lidar"']],
    ['remove the map, not the laser', ['Remove "Map"']],
    ['versteck die Karte, nicht den Laser', ['Hide "Map"']],
    ['oculta el mapa, no el láser', ['Hide "Map"']],
    ['cache la carte, pas le laser', ['Hide "Map"']],
  ])('"%s" leaves what "not" names as it is', async (request, actions) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual(actions);
    expect(r.notes.join(' | ')).toMatch(/left (Front Lidar|Map) as it is/);
  });

  it('keeps a contrast\'s noun to itself: "hide the grid, not the map" never reads "hide the grid map"', async () => {
    expect((await planWhole('hide the grid, not the map')).actions).toEqual(['Hide "Grid"']);
  });

  it('still reads "no shadows"-like switches and "tf names, no axes" as switches, and a negated modal as a setting', async () => {
    expect((await planWhole('show the tf names, no axes')).actions).toEqual(['Set Show Names = true on "TF"', 'Set Show Axes = false on "TF"']);
    expect((await planWhole("the map shouldn't be drawn behind")).actions).toEqual(['Set Draw Behind = false on "Map"']);
  });
});

describe('offline planner: "not updated" and "not refreshing" describe, they do not negate', () => {
  it.each([
    ['forget tf frames that were not updated in 4 s', 'Set Frame Timeout = 4 on "TF"'],
    ['tf frames not refreshed for 5 s should go away', 'Set Frame Timeout = 5 on "TF"'],
    ['drop frames that have not been updated for 2 s', 'Set Frame Timeout = 2 on "TF"'],
    ['the tf frames that are not refreshing should disappear after 3 s', 'Set Frame Timeout = 3 on "TF"'],
  ])('"%s" → %s', async (request, action) => {
    expect((await planWhole(request)).actions).toEqual([action]);
  });

  it('still refuses a plain negated change: "don\'t change the tf frame timeout"', async () => {
    expect((await planWhole("don't change the tf frame timeout")).actions).toEqual([]);
  });
});

describe('offline planner: a clause with a value and no verb is a change of its own target', () => {
  it('"hide the grid, laser red" hides the grid and colours the laser, never hides it', async () => {
    expect((await planWhole('hide the grid, laser red')).actions).toEqual(['Hide "Grid"', 'Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
  });

  it('"remove the tf, map 50 % transparent" removes the tf and sets the map\'s alpha', async () => {
    expect((await planWhole('remove the tf, map 50 % transparent')).actions).toEqual(['Remove "TF"', 'Set Alpha = 0.5 on "Map"']);
  });
});

describe('offline planner: the value a contrast replaces is never set', () => {
  it.each([
    ['change the laser from red to blue'],
    ["replace the laser's red with blue"],
    ['make the laser blue instead of red'],
    ['make the laser blue rather than red'],
    ['swap red for blue on the laser'],
  ])('"%s" sets blue', async (request) => {
    expect((await planWhole(request)).actions).toEqual(['Set Color = 0; 0; 255 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
  });

  it('keeps a range "from 0 to 200" whole', async () => {
    expect((await planWhole('colour the laser by intensity from 0 to 200')).actions).toContain('Set Max Intensity = 200 on "Front Lidar"');
  });
});

describe('offline planner: "no X" and "without X" in a list wish X away', () => {
  it.each([
    ['no grid, laser red', ['Hide "Grid"', 'Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']],
    ['fixed frame odom, no grid, white background', ['Set the fixed frame to odom', 'Hide "Grid"', 'Set Background Color = 255; 255; 255 on "Global Options"']],
    ['sin cuadrícula, fondo negro', ['Hide "Grid"', 'Set Background Color = 0; 0; 0 on "Global Options"']],
  ])('"%s"', async (request, actions) => {
    expect((await planWhole(request)).actions).toEqual(actions);
  });

  it('adds nothing for "no sonar" when there is no sonar display', async () => {
    const r = await planWhole('no sonar');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/no Range display to hide/);
  });
});

describe('offline planner: an exception list keeps every display it names', () => {
  it('"hide everything except the map and the laser" hides neither', async () => {
    const r = await planWhole('hide everything except the map and the laser');
    expect(r.actions).toEqual(['Hide "Grid"', 'Hide "TF"']);
  });
});

describe('offline planner: a negation covers the verbless clauses that continue it', () => {
  it.each([
    ["hide the tf, don't hide the map and the grid", ['Hide "TF"']],
    ["don't make the laser and the grid red", []],
    ["don't make the laser red, hide the grid", ['Hide "Grid"']],
  ])('"%s"', async (request, actions) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual(actions);
  });

  it('says which clause the negation covered', async () => {
    expect((await planWhole("don't hide the map and the grid")).notes.join(' | ')).toMatch(/"the grid" is under the negation before it \(Grid\); nothing was changed/);
  });
});

describe('offline planner: "keep X" after a change leaves X as it is', () => {
  it('"hide the map but keep the laser" hides only the map', async () => {
    const r = await planWhole('hide the map but keep the laser');
    expect(r.actions).toEqual(['Hide "Map"']);
    expect(r.notes.join(' | ')).toMatch(/left Front Lidar as it is/);
  });

  it('reads "keep" at the end of a clause as Chinese and Japanese put it: "把 Loading Bay 摄像头隐藏，Dock Door 保留"', async () => {
    const r = await planOnScenario('big_graph', '把 Loading Bay 摄像头隐藏，Dock Door 保留', 'gateway-ops.rviz');
    expect(r.actions).toEqual(['Hide "Loading Bay"']);
    expect(r.notes.join(' | ')).toMatch(/left Dock Door as it is/);
    // A number after it is a setting ("keep 10"), not a keep.
    expect((await planWhole('hide the map, the laser keep')).actions).toEqual(['Hide "Map"']);
  });

  it('leaves a display the request hid hidden when a later clause changes it: "don\'t enable it, just set it to keep 10 arrows"', async () => {
    const r = await planOnScenario('turtlebot_nav', 'wheel odom: don\'t enable it, just set it to keep 10 arrows', 'nav-kiosk.rviz');
    expect(r.actions).toEqual(['Set Keep = 10 on "Breadcrumbs"']);
    expect((await planWhole('hide the laser and make it red')).actions).toEqual(['Hide "Front Lidar"', 'Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
  });

  it('"that\'s how I like it" leaves what came before as it is', async () => {
    const r = await planWhole('the laser is red, that\'s exactly how I like it');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/read as how things are, so nothing was changed; the change is offered as a choice/);
    expect(r.choices.map((c) => c.label)).toEqual(['the laser is red']);
    // With a verb of its own, the change was asked for.
    expect((await planWhole('make the laser red, that\'s how I like it')).actions).toEqual(['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
  });
});

describe('offline planner: what is put off, or only noted, changes nothing', () => {
  it('changes nothing for "I\'ll deal with the laser later" beside a repair it asks for now', async () => {
    const r = await planOnScenario('qos_traps', 'the map never shows up. fix only the map, I\'ll deal with the laser later');
    expect(r.plan.actions.filter((a) => a.checked && a.display === 'LaserScan')).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"I'll deal with the laser later" is for later; nothing was changed for it/);
  });

  it.each(['hide the grid, we will look at the costmaps tomorrow', 'hide the grid and the costmaps later'])('"%s" hides only the grid', async (request) => {
    expect((await planOnScenario('turtlebot_nav', request)).actions).toEqual(['Hide "Grid"']);
  });

  it('still plans a wish said in the future: "I\'ll need the grid bigger"', async () => {
    expect((await planWhole('I\'ll need the grid bigger')).actions).toEqual(['Set Cell Size = 2 on "Grid"']);
  });

  it('"just noting: global plan red, local plan blue" tells how things are; a verb after "fyi" still acts', async () => {
    const noted = await planOnScenario('turtlebot_nav', 'just noting: global plan red, local plan blue - that\'s exactly how I like it');
    expect(noted.actions).toEqual([]);
    expect(noted.notes.join(' | ')).toMatch(/tells how things are; nothing was changed/);
    expect((await planOnScenario('turtlebot_nav', 'fyi the laser is red, make the grid blue')).actions).toEqual(['Set Color = 0; 0; 255 on "Grid"']);
  });
});

describe('offline planner: a contrast or a "leave" never lends its noun, and a bare "not …" only qualifies', () => {
  it('"the laser is frozen, fix it but leave the map alone" changes nothing on the map', async () => {
    const r = await planWhole('the laser is frozen, fix it but leave the map alone');
    expect(r.plan.actions.filter((a) => a.display === 'Map')).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/left Map as it is/);
  });

  it('"make the laser bigger, but not too much" changes the size and nothing else', async () => {
    const r = await planWhole('make the laser bigger, but not too much');
    expect(r.actions).toEqual(['Set Size (m) = 0.06 on "Front Lidar"']);
    expect(r.notes.join(' | ')).toMatch(/"not too much" qualifies what came before/);
  });
});

describe('offline planner: negated wishes about a setting, and "no need to"', () => {
  it('hides nothing for a negated wish about a setting or a change of a display', async () => {
    const r = await planOnScenario('turtlebot_nav', "I don't need the grid colour changed, make the laser red");
    expect(r.actions).toEqual(['Set Color = 255; 0; 0 on "LaserScan"', 'Set Color Transformer = FlatColor on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', "I don't care about the particle cloud anymore")).actions).toEqual(['Hide "Particle Cloud"']);
  });

  it('makes no change that "no need to" comes before', async () => {
    expect((await planOnScenario('multi_robot', "use robot2's odom frame as the fixed frame, no need to add an odometry display", 'dev-r3g-fleet-nested.rviz')).actions).toEqual(['Set the fixed frame to robot2/odom']);
  });
});

describe('offline planner: what a "leave" or "stays" clause keeps', () => {
  it('keeps only what its own object names, not the names of the list before it', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the camera image and the waypoints, leave the depth cloud alone')).actions)
      .toEqual(['Hide "Camera Image"', 'Hide "Waypoints"']);
    expect((await planOnScenario('qos_traps', 'hide the Lift and Charger axes, leave the Sonar on', 'traps-faults.rviz')).actions).toEqual(['Hide "Lift"', 'Hide "Charger"']);
  });

  it('keeps the subject a comma sets off, and the names "and" or "but" join to it', async () => {
    const r = await planOnScenario('turtlebot_nav', 'hide the gps antenna and the sonar, the compass can stay', 'nav-kiosk.rviz');
    expect(r.actions).toEqual(['Hide "GPS Antenna"', 'Hide "Bumper Sonar"']);
    expect(r.notes.join(' | ')).toMatch(/left Compass as it is/);
    expect((await planOnScenario('turtlebot_nav', 'hide the gps antenna, Eyes, Fog and Window stay', 'nav-kiosk.rviz')).actions).toEqual(['Hide "GPS Antenna"']);
  });

  it('reads "without touching X" as leaving X as it is', async () => {
    const r = await planOnScenario('qos_traps', 'turn the depth cloud off, without touching the laser', 'traps-faults.rviz');
    expect(r.actions).toEqual(['Hide "Depth Cloud"']);
    expect(r.notes.join(' | ')).toMatch(/left LaserScan as it is/);
  });

  it('keeps the fixed frame a clause says not to touch, whatever else the request repairs', async () => {
    for (const request of ["fix the laser QoS, and don't touch the fixed frame", 'fix everything but leave the fixed frame alone']) {
      const r = await planOnScenario('qos_traps', request);
      expect(r.plan.actions.filter((a) => a.checked && a.action === 'set_fixed_frame'), request).toEqual([]);
      expect(r.actions, request).toContain('Set Topic/Reliability Policy = Best Effort on "LaserScan"');
      expect(r.notes.join(' | '), request).toMatch(/left the fixed frame as it is/);
    }
  });

  it('reads "but that\'s expected" after a complaint as how things are: nothing changes', async () => {
    const r = await planOnScenario('manipulator', "the wrist load arrows look tiny but that's expected with this gripper", 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual([]);
  });
});

describe('offline planner: a leave clause about a setting, or a list that "and" split', () => {
  it('"…thicker, 0.1, but keep the line style as is" keeps the Line Style completion would change', async () => {
    const r = await planOnScenario('multi_robot', "make robot2's path thicker, 0.1, but keep the line style as is");
    expect(r.actions).toEqual(['Set Line Width = 0.1 on "Robot2 Plan"']);
  });

  it('…but not a setting a clause before asks for: "make the AMCL arrow magenta, leave the covariance colours alone"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the AMCL arrow magenta, leave the covariance colours alone')).actions).toContain('Set Color = 255; 0; 255 on "AMCL Pose"');
  });

  it('"hide the Robot 2 group, leave Fleet and robot 1 alone" hides the group and turns nothing on', async () => {
    expect((await planOnScenario('multi_robot', 'hide the Robot 2 group, leave Fleet and robot 1 alone', 'dev-r3g-fleet-nested.rviz')).actions).toEqual(['Hide "Robot 2"']);
  });

  it('Spanish "se ve bien, no le cambies nada" changes nothing', async () => {
    expect((await planOnScenario('qos_traps', 'el láser se ve bien, no le cambies nada')).actions).toEqual([]);
  });
});

describe('offline planner: a wish away said of a list', () => {
  it('"no grid, nor the TF" hides both (the French "ni du TF" too)', async () => {
    expect((await planOnScenario('turtlebot_nav', 'no grid, nor the TF')).actions).toEqual(['Hide "Grid"', 'Hide "TF"']);
    expect((await planOnScenario('turtlebot_nav', "pas besoin de la grille, ni du TF d'ailleurs")).actions).toEqual(['Hide "Grid"', 'Hide "TF"']);
  });

  it('"the compass and the sonar are not needed" is said of both (the Italian "non servono" too)', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the compass and the sonar can go', 'nav-kiosk.rviz')).actions).toEqual(['Hide "Compass"', 'Hide "Bumper Sonar"']);
    expect((await planOnScenario('turtlebot_nav', 'la bussola e il sonar non servono, toglili', 'nav-kiosk.rviz')).actions).toContain('Hide "Compass"');
  });

  it('reads the German "den Laser lass in Ruhe" as leaving the laser alone', async () => {
    expect((await planOnScenario('qos_traps', 'Stell die Odometrie-Anzeige auf /odom um, den Laser lass in Ruhe', 'traps-faults.rviz')).actions.filter((a) => /LaserScan/.test(a))).toEqual([]);
  });
});

describe('offline planner: what is excepted from a hide, and kept', () => {
  it('"TF: hide the arrows but not the axes" leaves the axes; "hide robot1\'s odometry but keep its plan" leaves the plan', async () => {
    expect((await planOnScenario('empty', 'TF: hide the arrows but not the axes', 'default')).actions).toEqual(['Set Show Arrows = false on "TF"']);
    expect((await planOnScenario('multi_robot', "hide robot1's odometry but keep its plan", 'fleet-groups.rviz')).actions).toEqual(['Hide "Odom"']);
  });

  it('ends a clause at a hyphen before what stays: "wider, 0.08 - robot1\'s stays thin"', async () => {
    expect((await planOnScenario('multi_robot', "robot2's plan wider, 0.08 - robot1's stays thin")).actions).toEqual(['Set Line Width = 0.08 on "Robot2 Plan"', 'Set Line Style = Billboards on "Robot2 Plan"']);
  });
});

describe('offline planner: "no longer show" in other languages, and elided words in lexicon phrases', () => {
  it.each([
    ["n'affiche plus la grille", 'turtlebot_nav', ['Hide "Grid"']],
    ['Die Costmaps bitte nicht mehr anzeigen', 'turtlebot_nav', ['Hide "Global Costmap"', 'Hide "Local Costmap"']],
    ['não precisa mostrar a nuvem de partículas, mas mantém a pose do amcl', 'turtlebot_nav', ['Hide "Particle Cloud"']],
  ])('"%s" hides what it names', async (request, scenario, actions) => {
    expect((await planOnScenario(scenario, request)).actions).toEqual(actions);
  });

  it('reads the Chinese "别那么透明" (not so see-through) as less transparent', async () => {
    expect((await planOnScenario('multi_robot', '地图别那么透明')).actions).toEqual(['Set Alpha = 0.85 on "Map"']);
  });
});

describe('offline planner: "no longer show" and "no need" in more languages', () => {
  it.each([
    ['ya no muestres la nube de partículas', 'turtlebot_nav', ['Hide "Particle Cloud"']],
    ['Zeig das Grid nicht mehr an', 'turtlebot_nav', ['Hide "Grid"']],
    ['TFはもう表示しなくていい', 'turtlebot_nav', ['Hide "TF"']],
    ['把路径点隐藏掉，不用删', 'turtlebot_nav', ['Hide "Waypoints"']],
    ['não precisa mostrar a imagem da câmera; a nuvem de profundidade pode ficar', 'turtlebot_nav', ['Hide "Camera Image"']],
  ])('"%s"', async (request, scenario, actions) => {
    expect((await planOnScenario(scenario, request)).actions).toEqual(actions);
  });

  it.each([
    ['Rack Seven : des carrés pas si petits, mets 0.2', 'big_graph', 'gateway-ops.rviz', ['Set Size (m) = 0.2 on "Rack Seven"']],
    ["Lens est trop opaque, baisse son alpha à 0.2, mais touche pas à l'overlay de Front View", 'turtlebot_nav', 'nav-desk-camera.rviz', ['Set Alpha = 0.2 on "Lens"']],
    ['accendi Breadcrumbs e usa gli assi al posto delle frecce', 'turtlebot_nav', 'nav-kiosk.rviz', ['Show "Breadcrumbs"', 'Set Shape = Axes on "Breadcrumbs"']],
    ['fundo vermelho... não, pensando bem, deixa preto', 'turtlebot_nav', undefined, ['Set Background Color = 0; 0; 0 on "Global Options"']],
    ['il fixed frame world non esiste, mettilo su map', 'qos_traps', undefined, ['Set the fixed frame to map']],
  ])('reads the words of "%s"', async (request, scenario, config, actions) => {
    expect((await planOnScenario(scenario, request, config)).actions).toEqual(actions);
  });
});

describe('offline planner: a display named between "bring" and "back"', () => {
  it('does not show the Route for "don\'t bring the Route back" or "no need to bring the Route back, …"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'don\'t bring the Route back', 'nav-desk-camera.rviz')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'no need to bring the Route back, I just want the Laser points bigger, 0.06', 'nav-desk-camera.rviz')).actions)
      .toEqual(['Set Size (m) = 0.06 on "Laser"']);
    expect((await planOnScenario('turtlebot_nav', 'bring the Route back', 'nav-desk-camera.rviz')).actions).toEqual(['Show "Route"']);
  });
});

describe('offline planner: what a request says is so already', () => {
  it('changes nothing for "robot1\'s plan is red" when it is red, nor for "…, which is fine"; the request after it is planned', async () => {
    const r = await planOnScenario('multi_robot', 'robot1\'s plan is red and robot2\'s is light blue, which is fine. Could you make robot2\'s scan flat blue?');
    expect(r.actions).toEqual(['Set Color = 0; 0; 255 on "Robot2 Scan"', 'Set Color Transformer = FlatColor on "Robot2 Scan"']);
    expect(r.notes.join(' | ')).toMatch(/"robot1's plan is red" says how it is already/);
    expect(r.notes.join(' | ')).not.toMatch(/reads as a question/);
  });

  it('still sets a value said with "is" that the display does not have ("the laser is red")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the laser is red')).actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
  });
});
