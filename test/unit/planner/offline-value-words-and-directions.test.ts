// A value written beside a direction word ("a bit chunkier (0.05)", "take its alpha from 0.3 to 0.5", "fully opaque",
// "arrow -> axes"): the value written is the one set, when it goes the way the words say and the setting can take it.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: values written with a direction', () => {
  it.each([
    ['make Eyes slightly chunkier (0.05)', 'nav-kiosk.rviz', 'Set Size (m) = 0.05 on "Eyes"'],
    ['enlarge the laser points to 0.04', undefined, 'Set Size (m) = 0.04 on "LaserScan"'],
    ['push the laser point size to 0.05', undefined, 'Set Size (m) = 0.05 on "LaserScan"'],
  ])('sets the size written beside a comparative or a verb: "%s"', async (request, config, action) => {
    expect((await planOnScenario('turtlebot_nav', request, config)).actions).toEqual([action]);
  });

  it('asks, and changes nothing, when the value goes the other way than the comparative', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make Eyes a bit slimmer, 0.08', 'nav-kiosk.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"smaller" but 0\.08 is above its Size \(m\) 0\.03; nothing was changed/);
  });

  it.each([
    ['make the map fully opaque', 'Set Alpha = 1 on "Map"'],
    ['make the map completely transparent', 'Set Alpha = 0 on "Map"'],
  ])('reads "%s" as the end of the range', async (request, action) => {
    expect((await planOnScenario('turtlebot_nav', request, 'scenario')).actions).toEqual([action]);
  });

  it('moves the one setting named from the first number to the second', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Global Costmap is too faint, take its alpha from 0.3 up to 0.5', 'nav-nested.rviz');
    expect(r.actions).toEqual(['Set Alpha = 0.5 on "Global Costmap"']);
  });

  it('refuses a second number the setting cannot take, with its range and no share offered', async () => {
    const r = await planOnScenario('turtlebot_nav', 'the global costmap: take its alpha from 0.3 to 3', 'nav-nested.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Alpha takes 0–1 or 0–100 %; 3 is out of range/);
    expect(r.choices ?? []).toEqual([]);
  });

  it.each([
    'change the amcl pose shape from arrow to axes',
    'amcl pose arrow => axes',
    'amcl pose arrow -> axes',
  ])('takes the value written after "to" or an arrow: "%s"', async (request) => {
    expect((await planOnScenario('turtlebot_nav', request, 'scenario')).actions).toEqual(['Set Shape = Axes on "AMCL Pose"']);
  });

  it('reads "3d" of a pose array\'s arrows as its 3D arrow shape', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the particle cloud arrows 3d', 'scenario')).actions).toEqual(['Set Shape = Arrow (3D) on "Particle Cloud"']);
  });

  it('refuses a number beside a shape word that the setting cannot take, never clamping it ("line -0.5 thick")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'the global plan line -0.5 thick', 'scenario');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Line Width takes 0\.001 or more; -0\.5 is out of range/);
  });

  it('reads "shorter" as a length, the arrow\'s shaft when the arrow is named, even in the clause before', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the amcl arrow shorter', 'scenario')).actions).toContain('Set Shaft Length = 0.5 on "AMCL Pose"');
    expect((await planOnScenario('turtlebot_nav', 'the AMCL arrow is too long, make it shorter', 'scenario')).actions).toEqual(['Set Shaft Length = 0.5 on "AMCL Pose"']);
  });
});

describe('offline planner: everyday value words', () => {
  it('reads "a proper thick ribbon" as billboard lines', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the controller path is a hairline, make it a proper thick ribbon', 'nav-nested.rviz')).actions).toEqual(['Set Line Style = Billboards on "Controller Path"']);
  });
});

describe('offline planner: an extreme said of how a display is', () => {
  it('reads "the dots are tiny" as a complaint (bigger) and "make the dots tiny" as the change asked', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the laser dots are really tiny')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', 'the laser dots look huge')).actions).toEqual(['Set Size (m) = 0.015 on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', 'make the laser dots tiny')).actions).toEqual(['Set Size (m) = 0.015 on "LaserScan"']);
  });
});

describe('offline planner: a style value said as the noun of a size change', () => {
  it.each([
    ['make the laser squares bigger', 'Set Size (m) = 0.06 on "LaserScan"'],
    ['make the laser spheres smaller', 'Set Size (m) = 0.015 on "LaserScan"'],
    ['make the amcl arrows shorter', 'Set Shaft Length = 0.5 on "AMCL Pose"'],
  ])('changes the size and leaves the style as it is: "%s"', async (request, action) => {
    expect((await planOnScenario('turtlebot_nav', request)).actions).toEqual([action]);
  });

  it('still sets the style a cue asks for beside a size change ("with bigger spheres", "as flat squares")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'laser with bigger spheres')).actions).toEqual(['Set Size (m) = 0.06 on "LaserScan"', 'Set Style = Spheres on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', 'laser as flat squares, size 0.05')).actions).toEqual(['Set Style = Flat Squares on "LaserScan"', 'Set Size (m) = 0.05 on "LaserScan"']);
  });
});

describe('offline planner: the value a swap or "to" asks for', () => {
  it('reads "swap the squares for spheres" and "points set to spheres style" as Spheres', async () => {
    expect((await planOnScenario('turtlebot_nav', 'swap the laser squares for spheres')).actions).toEqual(['Set Style = Spheres on "LaserScan"']);
    expect((await planOnScenario('turtlebot_nav', 'Front Lidar points set to spheres style', 'turtlebot_renamed.rviz')).actions).toEqual(['Set Style = Spheres on "Front Lidar"']);
    expect((await planOnScenario('turtlebot_nav', 'set the laser points to 4 px')).actions).toEqual(['Set Size (Pixels) = 4 on "LaserScan"', 'Set Style = Points on "LaserScan"']);
  });

  it('reads a swap of two switches as one off and the other on ("swap the visual meshes for the collision geometry")', async () => {
    expect((await planOnScenario('manipulator', "swap the arm's visual meshes for the collision geometry", 'arm-sensor-bay.rviz')).actions).toEqual(['Set Visual Enabled = false on "Arm"', 'Set Collision Enabled = true on "Arm"']);
    expect((await planOnScenario('turtlebot_nav', 'swap the tf names for the axes')).actions).toEqual(['Set Show Names = false on "TF"', 'Set Show Axes = true on "TF"']);
  });
});

describe('offline planner: counts and sizes said in other words', () => {
  it('reads "twice as many of them" as the display\'s count, and "20x20" as cells', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Checkerboard: 0.5 m cells and twice as many of them', 'nav-kiosk.rviz')).actions).toEqual(['Set Cell Size = 0.5 on "Checkerboard"', 'Set Plane Cell Count = 20 on "Checkerboard"']);
    expect((await planOnScenario('qos_traps', 'fixed frame to odom and make the grid 20x20')).actions).toEqual(['Set the fixed frame to odom', 'Set Plane Cell Count = 20 on "Grid"']);
  });

  it('reads "blobs" as the points drawn', async () => {
    expect((await planOnScenario('big_graph', 'Rack Seven: bigger blobs, 0.2, and 50% alpha', 'gateway-ops.rviz')).actions).toEqual(['Set Size (m) = 0.2 on "Rack Seven"', 'Set Alpha = 0.5 on "Rack Seven"']);
  });

  it('reads "its queue depth" as the queue of the display spoken of, not a display named "Depth …"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'switch the global plan subscription to best effort and bump its queue depth to 10')).actions)
      .toEqual(['Set Topic/Reliability Policy = Best Effort on "Global Plan"', 'Set Topic/Depth = 10 on "Global Plan"']);
  });
});

describe('offline planner: "half as", "solid colour"', () => {
  it('reads "half as long" and "half as opaque" as half of what it is, and asks about "half as transparent"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'the particle arrows half as long')).actions).toEqual(['Set Arrow Length = 0.15 on "Particle Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'Front View overlay half as opaque, zoom stays', 'nav-desk-camera.rviz')).actions).toEqual(['Set Overlay Alpha = 0.25 on "Front View"']);
    expect((await planOnScenario('turtlebot_nav', 'make the map half as transparent')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'make the map twice as opaque')).notes.join(' | ')).toMatch(/out of range/);
  });

  it('reads "one solid colour" as a flat colour, not as opaque', async () => {
    expect((await planOnScenario('manipulator', 'make the depth cloud one solid colour, orange-ish (255,140,0)')).actions).toEqual(['Set Color Transformer = FlatColor on "Depth Cloud"', 'Set Color = 255; 140; 0 on "Depth Cloud"']);
  });
});

describe('offline planner: "not so long" and "too long"', () => {
  it('reads them as shorter, and "too short" as longer', async () => {
    expect((await planOnScenario('turtlebot_nav', 'particle arrows not so long, 0.15')).actions).toEqual(['Set Arrow Length = 0.15 on "Particle Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'make the particle arrows not so long')).actions).toEqual(['Set Arrow Length = 0.15 on "Particle Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'the particle arrows are too short, double them')).actions).toEqual(['Set Arrow Length = 0.6 on "Particle Cloud"']);
  });
});
