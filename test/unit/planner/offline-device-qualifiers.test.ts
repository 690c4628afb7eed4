// Device nouns and qualifiers: a device noun that means more than one display of the document (the manipulator's
// camera is its Image and its depth cloud) acts on none and offers a choice per display; a qualifier word that a
// display's name or topic carries ("RGB", "colour", "depth", "front") selects it; a "stays / remains / keep / leave"
// clause protects what it names from every other clause of the request.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: a device noun that means several displays', () => {
  it('"hide the camera" on the manipulator hides nothing and offers the Image and the depth cloud', async () => {
    const r = await planOnScenario('manipulator', 'hide the camera');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.actions)).toEqual(expect.arrayContaining([['Hide "Color Image"'], ['Hide "Depth Cloud"']]));
    expect(r.choices.length).toBeLessThanOrEqual(3);
    expect(r.notes.join(' | ')).toMatch(/could mean .*Depth Cloud.* or .*Color Image|could mean .*Color Image.* or .*Depth Cloud/);
  });

  it('a display named by the noun is meant: "hide the camera" on the turtlebot hides "Camera Image"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the camera')).actions).toEqual(['Hide "Camera Image"']);
  });

  it.each([
    ['RGB camera off', 'Color Image'],
    ['hide the colour camera', 'Color Image'],
    ['hide the depth camera', 'Depth Cloud'],
    ['apaga la cámara RGB', 'Color Image'],
  ])('"%s" selects %s by its qualifier', async (request, name) => {
    expect((await planOnScenario('manipulator', request)).actions).toEqual([`Hide "${name}"`]);
  });

  it('hides a group named as one ("the Camera group"), and "keep X visible" shows X, never the verb before it', async () => {
    const r = await planOnScenario('manipulator', 'Hide the Camera group but keep the wrist load visible.', 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual(['Hide "Camera"']);
    expect((await planOnScenario('turtlebot_nav', 'show the map and keep the grid off')).actions).toEqual(['Hide "Grid"']);
  });

  it('adds nothing on a made-up topic for a device the robot does not publish; an explicit display is still added', async () => {
    const r = await planOnScenario('manipulator', 'show the lidar next to the arm');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/the robot publishes no sensor_msgs\/msg\/LaserScan for "lidar"; nothing was added/);
    expect((await planOnScenario('manipulator', 'add a laser scan display')).actions).toEqual(['Add LaserScan on /scan named "LaserScan"']);
  });

  it('keeps "the Scene display off" off: "display" after a name is no verb', async () => {
    expect((await planOnScenario('manipulator', 'Turn FT Sensor back on, but keep the Scene display off.', 'arm-workcell.rviz')).actions).toEqual(['Show "FT Sensor"']);
  });
});

describe('offline planner: "stays / remains / keep / leave" protects what it names', () => {
  it.each([
    'RGB camera off, the depth one stays',
    'hide the colour camera but keep the depth',
    'apaga la cámara RGB, la de profundidad se queda',
    'éteins la caméra couleur, garde la profondeur',
    'desliga a câmera RGB, a de profundidade fica',
    'spegni la telecamera RGB, quella di profondità resta',
    'RGB-Kamera aus, die Tiefenkamera bleibt',
  ])('"%s" hides the Image and never the depth cloud', async (request) => {
    expect((await planOnScenario('manipulator', request)).actions).toEqual(['Hide "Color Image"']);
  });

  it('takes out what an earlier clause planned on it: "hide both plans but leave the global one"', async () => {
    const r = await planOnScenario('turtlebot_nav', 'hide both plans but leave the global one');
    expect(r.actions).toEqual(['Hide "Local Plan"']);
    expect(r.notes.join(' | ')).toMatch(/Global Plan: kept as it is/);
  });

  it('"the map stays as it is" keeps the map and still colours the laser', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the laser red, the map stays as it is');
    expect(r.actions.some((a) => a.includes('"Map"'))).toBe(false);
    expect(r.actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
  });
});

describe('offline planner: a part\'s own colour and a size by its unit', () => {
  it('gives a colour beside a part named by its words to that part\'s colour setting ("the cone\'s edges")', async () => {
    const r = await planOnScenario('manipulator', 'paint the cone edges red', 'arm-sensor-bay.rviz');
    expect(r.actions).toContain('Set Edge color = 255; 0; 0 on "Cone"');
    expect(r.actions.filter((a) => a.startsWith('Set Color ='))).toEqual([]);
  });

  it('sizes in pixels when the number is in pixels, whatever the style sizes in now', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the laser points bigger, 4 pixels', 'nav-desk-camera.rviz')).actions).toEqual(['Set Size (Pixels) = 4 on "Laser"', 'Set Style = Points on "Laser"']);
  });
});

describe('offline planner: a place on the robot no display carries names none of them', () => {
  it.each([
    ['hide the rear lidar'],
    ['show the rear lidar'],
    ['make the rear lidar red'],
    ['add the rear lidar next to the front one'],
  ])('"%s" changes nothing when the one lidar is the Front Lidar, and says so', async (request) => {
    const r = await planOnScenario('turtlebot_nav', request, 'nav-nested.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/no lidar here is the rear one \(Front Lidar\)/);
  });

  it('still finds the display whose name carries the place', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the front lidar', 'nav-nested.rviz')).actions).toEqual(['Hide "Front Lidar"']);
  });

  it('reads "the gps thing" as a thing of its own, not a qualifier of the next noun', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the gps thing and the bumper sonar too', 'nav-kiosk.rviz')).actions).toEqual(['Hide "GPS Antenna"', 'Hide "Bumper Sonar"']);
  });
});

describe('offline planner: a part of the robot no display carries', () => {
  it('"show the wrist camera" on an arm whose camera is on no wrist changes nothing and says so', async () => {
    const r = await planOnScenario('manipulator', 'show the wrist camera');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/no camera here is the wrist one/);
  });
});

describe('offline planner: a kind of device the robot does not have', () => {
  it('"hide the thermal camera" beside an RGB camera changes no camera, and the clear clause still applies', async () => {
    const r = await planOnScenario('turtlebot_nav', 'laser in plain red, and hide the thermal camera');
    expect(r.actions).toEqual(['Set Color = 255; 0; 0 on "LaserScan"', 'Set Color Transformer = FlatColor on "LaserScan"']);
    expect(r.notes.join(' | ')).toMatch(/no camera here is the thermal one \(Camera Image\)/);
  });
});

describe('offline planner: a kind or place said before a longer device phrase', () => {
  it('"the thermal camera overlay" and "rear lidar:" name none; "right now" is no place', async () => {
    expect((await planOnScenario('turtlebot_nav', 'turn off the thermal camera overlay')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', 'rear lidar: decay time 2 s', 'nav-desk-camera.rviz')).actions).toEqual([]);
    expect((await planOnScenario('turtlebot_nav', "honestly I don't care about the particle cloud right now")).actions).toEqual(['Hide "Particle Cloud"']);
  });
});
