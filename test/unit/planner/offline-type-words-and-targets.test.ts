// The offline planner, kinds 8–11 of bench round 5: type words of less common types, numbered devices for show and
// add, targets by topic, by descriptive words and by place words, and verbless changes on missing displays. Refusals
// and questions back first: what the planner must not guess. (The dev-r5t bench cases cover the kinds on the
// scenarios.)
import { describe, expect, it } from 'vitest';
import { findingsFor } from '../../../bench/planner/evaluate.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { planOnScenario } from './scenario-plans.ts';
import { numberedDevices } from '../../../src/core/planner/offline/devices.ts';
import { placeWords } from '../../../src/core/planner/offline/places.ts';
import type { ProposalInput } from '../../../src/core/planner/types.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../../src/core/default-rviz.ts';
import { doc, snapshot } from './fixtures.ts';
import { plannedOnScenario } from './planned.ts';

const onScenario = (scenario: string, config: string | undefined, request: string) => plannedOnScenario(scenario, config, request, { withTopic: true });

/** A context holding only the topics given, for the numbered-device reading. */
function topics(...list: [string, string][]): ProposalInput['context'] {
  return { namespaces: [], catalog, topicByName: new Map(list.map(([name, type]) => [name, { name, type }])) } as unknown as ProposalInput['context'];
}

describe('offline planner, type words and targets: refusals and questions back', () => {
  it('a verbless amount on a type with no display says there is none, in any language, and adds nothing', async () => {
    for (const request of ['Karte halbtransparent', '地図を半透明に', 'map 40 % see-through']) {
      const r = await onScenario('big_graph', undefined, request);
      expect(r.actions, request).toEqual([]);
      expect(r.notes.join('\n'), request).toMatch(/there is no Map display to change; say "show the map"/);
    }
  });

  it('a verbless choice of a value still describes the display to add ("laser scan coloured by intensity")', async () => {
    const r = await onScenario('turtlebot_nav', 'default', 'laser scan coloured by intensity please');
    expect(r.actions.join('\n')).toMatch(/^add_display LaserScan \/scan/m);
  });

  it('a hide verb on a less common type with no display says so and adds nothing', async () => {
    for (const request of ['hide the light sensor', 'Lichtsensor ausblenden']) {
      const r = await onScenario('big_graph', 'gateway-ops.rviz', request);
      expect(r.actions, request).toEqual([]);
      expect(r.notes.join('\n'), request).toMatch(/no Illuminance display to hide/);
    }
  });

  it('a change on a third-party display says the catalog does not know its settings and changes nothing', async () => {
    const r = await onScenario('turtlebot_nav', 'nav-kiosk.rviz', 'make the imu red');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/Compass is a rviz_imu_plugin\/Imu display, whose settings the catalog does not know; nothing was changed/);
  });

  it('a hide verb on a goal word hides the display and sets nothing up', async () => {
    const r = await onScenario('turtlebot_nav', 'nav-kiosk.rviz', 'hide the particle filter');
    expect(r.actions).toEqual(['set_enabled Swarm =false']);
  });

  it('a display on a topic with none there: nothing to hide', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'hide whatever listens to /cmd_vel');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/no \/cmd_vel display to hide/);
  });

  it('a numbered device two live topics carry is left as written', () => {
    const ctx = topics(['/left/cam_2/image_raw', 'sensor_msgs/msg/Image'], ['/right/cam_2/image_raw', 'sensor_msgs/msg/Image']);
    expect(numberedDevices(ctx, 'show cam 2')).toBe('show cam 2');
    expect(numberedDevices(ctx, 'show camera 2')).toBe('show camera 2');
  });

  it('a number that is a value or a range is no device number, and a robot\'s is its namespace', () => {
    const ctx = topics(['/fleet/zone_3/markers', 'visualization_msgs/msg/MarkerArray'], ['/fleet/sensor_30/temperature', 'sensor_msgs/msg/Temperature']);
    expect(numberedDevices(ctx, 'markers 3 times bigger')).toBe('markers 3 times bigger');
    expect(numberedDevices(ctx, 'temperature 30 to 40')).toBe('temperature 30 to 40');
    expect(numberedDevices(ctx, 'temperature 30 degrees')).toBe('temperature 30 degrees');
    const robots = { ...topics(['/robot2/scan', 'sensor_msgs/msg/LaserScan']), namespaces: ['robot2'] } as ProposalInput['context'];
    expect(numberedDevices(robots, 'hide robot 2')).toBe('hide robot2');
    expect(numberedDevices(robots, 'hide robot two')).toBe('hide robot2');
  });

  it('a number before a counted noun is a count, not a robot or device number ("odometry 2 arrows")', async () => {
    const r = await onScenario('multi_robot', undefined, 'robot1 odometry 2 arrows');
    expect(r.actions.every((a) => !a.includes('set_enabled'))).toBe(true);
    expect(r.actions).toContain('set_property Robot1 Odometry Keep=2');
    // (With no robot named, each robot's Odometry is a reading of the count, offered as a choice: not robot2's display.)
    const unnamed = await onScenario('multi_robot', undefined, 'odometry 2 arrows');
    expect(unnamed.actions).toEqual([]);
    expect(unnamed.notes.join(' | ')).toMatch(/could mean Robot1 Odometry or Robot2 Odometry/);
  });

  it('a place in the world is no drawing order', () => {
    expect(placeWords('show the lidar at the back of the robot')).toBe('show the lidar at the back of the robot');
    expect(placeWords('put the map below everything')).toBe('put the map behind everything');
  });
});

describe('offline planner, type words and targets: what it reads', () => {
  it('numbered devices by the word, by its type, several at once, with #N and CJK counters', () => {
    const ctx = topics(['/fleet/cam_3/image_raw', 'sensor_msgs/msg/Image'], ['/fleet/cam_4/image_raw', 'sensor_msgs/msg/Image'],
      ['/fleet/sensor_5/temperature', 'sensor_msgs/msg/Temperature'], ['/fleet/zone_17/markers', 'visualization_msgs/msg/MarkerArray']);
    expect(numberedDevices(ctx, 'open cam #3')).toBe('open cam /fleet/cam_3/image_raw');
    expect(numberedDevices(ctx, 'temperature 5 please')).toBe('temperature /fleet/sensor_5/temperature please');
    expect(numberedDevices(ctx, 'show zone 17')).toBe('show zone /fleet/zone_17/markers');
    expect(numberedDevices(ctx, 'show cameras 3 and 4')).toBe('show cameras /fleet/cam_3/image_raw and cameras /fleet/cam_4/image_raw');
    expect(numberedDevices(ctx, 'show camera number 4')).toBe('show camera /fleet/cam_4/image_raw');
    expect(numberedDevices(ctx, 'turn on #3 camera')).toBe('turn on camera /fleet/cam_3/image_raw');
    expect(numberedDevices(ctx, 'show camera four')).toBe('show camera /fleet/cam_4/image_raw');
  });

  it('a type word and a number name the robot with that number when its namespace carries it ("lidar 2")', async () => {
    expect((await onScenario('multi_robot', undefined, 'hide lidar 2')).actions).toEqual(['set_enabled Robot2 Scan =false']);
  });

  it('adds the display for a numbered device with the settings asked, in other languages too', async () => {
    const probe = await onScenario('big_graph', undefined, 'add a thermometer display for probe 2 with big spheres');
    expect(probe.actions).toContain('add_display Temperature /fleet/sensor_2/temperature =');
    expect(probe.actions).toContain('set_property Temperature Style=Spheres');
    for (const [request, topic] of [['打开3号摄像头', '/fleet/cam_3/image_raw'], ['カメラ3番を表示して', '/fleet/cam_3/image_raw'], ['apri la telecamera 6', '/fleet/cam_6/image_raw'], ['Kamera Nr. 4 anzeigen', '/fleet/cam_4/image_raw']]) {
      const r = await onScenario('big_graph', undefined, request!);
      expect(r.actions.join('\n'), request).toContain(topic);
    }
  });

  it('adds an Image display, and says why, where a Camera display would lack its camera_info', async () => {
    const r = await onScenario('big_graph', 'gateway-ops.rviz', 'add camera 40');
    expect(r.actions.filter((a) => a.startsWith('add_display'))).toEqual(['add_display Image /fleet/cam_40/image_raw =']);
    expect(r.notes.join(' | ')).toMatch(/a Camera display of \/fleet\/cam_40\/image_raw needs \/fleet\/cam_40\/camera_info, which the robot does not publish; added an Image display instead/);
    // With /camera/camera_info beside the image, the camera is a Camera display.
    expect((await onScenario('turtlebot_nav', undefined, 'show the camera')).actions.filter((a) => a.startsWith('add_display'))).toEqual(['add_display Camera /camera/image_raw =']);
  });

  it('type words of less common types by their head word, through a slash and through a third-party class', async () => {
    expect((await onScenario('manipulator', undefined, 'hide the f/t sensor')).actions).toEqual(['set_enabled Tool Wrench =false']);
    expect((await onScenario('qos_traps', 'traps-faults.rviz', 'colour the distance sensor green')).actions).toEqual(['set_property Sonar Color=0; 255; 0']);
    expect((await onScenario('big_graph', 'gateway-ops.rviz', 'hide the thermal sensor')).actions).toEqual(['set_enabled Rack Seven =false']);
    expect((await onScenario('turtlebot_nav', 'nav-nested.rviz', 'hide the depth camera')).actions).toEqual(['set_enabled RGBD Points =false']);
  });

  it('targets by the topic they show, without the verb losing its words', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'delete whatever listens to /waypoints')).actions).toEqual(['remove_display Waypoints =']);
    expect((await onScenario('turtlebot_nav', undefined, 'get rid of the display on /map')).actions).toEqual(['remove_display Map =']);
    expect((await onScenario('qos_traps', undefined, 'remove the display on /odom_pose')).actions).toEqual(['remove_display Odometry =']);
  });

  it('qualified displays of a kind another type shows, and groups that yield to them', async () => {
    expect((await onScenario('big_graph', 'gateway-ops.rviz', 'hide the dock camera')).actions).toEqual(['set_enabled Dock Door =false']);
    expect((await onScenario('big_graph', 'gateway-ops.rviz', 'hide the cameras group')).actions).toEqual(['set_enabled Cameras =false']);
  });

  it('positive place words set Draw Behind', async () => {
    for (const request of ['send the local costmap to the back', 'the local costmap under the other displays', 'push the local costmap to the back']) {
      expect((await onScenario('turtlebot_nav', undefined, request)).actions, request).toEqual(['set_property Local Costmap Draw Behind=true']);
    }
  });
});

describe('offline planner, type words and targets: third-party displays by their class', () => {
  const plugin = `    - Class: nav2_rviz_plugins/ParticleCloud
      Enabled: true
      Name: Localisation
      Topic:
        Value: /amcl/particles
      Value: true
`;
  const document = doc(DEFAULT_RVIZ_CONFIG.replace(/(\n {2}Enabled: true\n {2}Global Options:)/, `\n${plugin.trimEnd()}$1`));

  it('a type word whose type names the class finds the plugin display, wherever its topic is', async () => {
    const snap = snapshot();
    const r = await planRequest({ request: 'hide the particles', document, snapshot: snap, findings: findingsFor(document, snap), proposer: createOfflineProposer() });
    expect(r.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.value}`)).toEqual(['set_enabled Localisation false']);
  });

  it('a type word of another kind does not reach it ("the cloud" is no particle cloud)', async () => {
    const snap = snapshot();
    const r = await planRequest({ request: 'hide the cloud', document, snapshot: snap, findings: findingsFor(document, snap), proposer: createOfflineProposer() });
    expect(r.plan.actions.filter((a) => a.checked).map((a) => a.display)).not.toContain('Localisation');
  });
});

describe('offline planner, type words and targets: the TF display\'s own markers', () => {
  it.each(['make the frame markers twice as big', 'make the tf markers twice as big'])('"%s" scales the TF markers, not a MarkerArray', async (request) => {
    expect((await planOnScenario('manipulator', request)).actions).toEqual(['Set Marker Scale = 2 on "TF"']);
  });
});

describe('offline planner: type words that are values, and device parts', () => {
  it('reads a type word after "to" as a value of the display named before it ("the amcl arrow to axes")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'switch the amcl arrow to axes')).actions).toEqual(['Set Shape = Axes on "AMCL Pose"']);
  });

  it('reads a lidar\'s "hits" as its points (a part no catalog word names)', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the lidar hits bigger', 'nav-kiosk.rviz')).actions).toEqual(['Set Size (m) = 0.06 on "Eyes"']);
  });

  it('reads "half a second" as a time, not as a second display', async () => {
    expect((await planOnScenario('qos_traps', 'depth points decay for half a second')).actions).toEqual(['Set Decay Time = 0.5 on "Depth Cloud"']);
  });
});

describe('offline planner: a group named with the word "group"', () => {
  it('reads "the Robot 2 group" as that group, never every Group', async () => {
    expect((await onScenario('multi_robot', 'dev-r3g-fleet-nested.rviz', "I don't need the Robot 2 group right now")).actions).toEqual(['set_enabled Robot 2 =false']);
  });
});

describe('offline planner: the topic of an interactive marker display', () => {
  it('reads a namespace as its update topic: "Target on" on a shown Target changes nothing', async () => {
    const r = await onScenario('manipulator', undefined, 'Target on');
    expect(r.actions).toEqual([]);
  });
});

describe('offline planner: a setting whose name begins with a value word', () => {
  it('reads "the overlay more see-through" as Overlay Alpha, and "as overlay" as the rendering', async () => {
    expect((await onScenario('turtlebot_nav', 'nav-desk-camera.rviz', 'make the Front View overlay more see-through')).actions).toEqual(['set_property Front View Overlay Alpha=0.25']);
    expect((await onScenario('turtlebot_nav', 'nav-desk-camera.rviz', 'Front View as overlay, 50% transparent')).actions).toEqual(['set_property Front View Image Rendering=overlay', 'set_property Front View Overlay Alpha=0.5']);
  });
});

describe('offline planner: a robot named after "is"', () => {
  it('reads "Bravo is robot2 - switch it on" as switching Bravo on, not as a Bravo inside robot2', async () => {
    expect((await onScenario('multi_robot', 'dev-r3g-fleet-callsigns.rviz', "Bravo is robot2 - switch it on, and make Alpha's laser 5 cm")).actions)
      .toEqual(['set_enabled Bravo =true', 'set_property Visualization Manager/Displays/Alpha/Laser Size (m)=0.05']);
  });
});

describe('offline planner: "its" after a group', () => {
  it('reads "its laser" after a clause that named a group as the laser in that group', async () => {
    expect((await onScenario('multi_robot', 'dev-r3g-fleet-callsigns.rviz', 'Bravo stays disabled, but set its laser to spheres anyway')).actions)
      .toEqual(['set_property Visualization Manager/Displays/Bravo/Laser Style=Spheres']);
  });
});
