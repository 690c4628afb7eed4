import { describe, expect, it } from 'vitest';
import { diagnose, type Finding } from '../../../src/core/diagnosis/index.ts';
import { BEST_EFFORT, config, display, LATCHED, NOW, pub, RELIABLE, snapshot, topic, UNKNOWN } from './fixtures.ts';

const scanTopic = (qos = BEST_EFFORT, source: 'reported' | 'inferred' | 'unknown' = 'reported') =>
  topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', qos, source, source === 'inferred' ? 'sensor driver convention' : undefined)]);

function codes(findings: Finding[]): string[] {
  return findings.map((f) => `${f.severity} ${f.code} ${f.subject.name}`);
}

describe('QOS_RELIABILITY_MISMATCH', () => {
  it('a Reliable display on a reported Best Effort publisher is an error naming display, topic and node', () => {
    const f = diagnose({ document: config(display('LaserScan', 'Scan', '/scan')), snapshot: snapshot([scanTopic()]), now: NOW });
    expect(codes(f)).toEqual(['error QOS_RELIABILITY_MISMATCH Scan']);
    expect(f[0]!.summary).toBe('LaserScan "Scan" requests Reliable but /scan is published Best Effort by /lidar: no data will arrive');
    expect(f[0]!.subject).toEqual({ kind: 'display', name: 'Scan', display: 'Scan', topic: '/scan' });
    expect(f[0]!.evidence).toEqual([
      'LaserScan "Scan" Topic: /scan, Reliability Policy: Reliable (in the config)',
      '/scan publisher /lidar: best_effort/volatile/keep_last(5) (reported by /rviz_companion/qos)',
    ]);
    expect(f[0]!.hint).toMatch(/^set Topic\/Reliability Policy to Best Effort/);
    expect(f[0]!.path).toBe('Visualization Manager/Displays/0');
  });

  it('a Best Effort display is fine with any publisher', () => {
    const doc = config(display('LaserScan', 'Scan', '/scan', { reliability: 'Best Effort' }));
    expect(diagnose({ document: doc, snapshot: snapshot([scanTopic()]), now: NOW })).toEqual([]);
    expect(diagnose({ document: doc, snapshot: snapshot([scanTopic(RELIABLE)]), now: NOW })).toEqual([]);
  });

  it('an inferred Best Effort offer is a warning whose evidence says it was inferred', () => {
    const f = diagnose({ document: config(display('LaserScan', 'Scan', '/scan')), snapshot: snapshot([scanTopic(BEST_EFFORT, 'inferred')]), now: NOW });
    expect(codes(f)).toEqual(['warning QOS_RELIABILITY_MISMATCH Scan']);
    expect(f[0]!.evidence[1]).toContain('(inferred: sensor driver convention)');
  });

  it('an unknown offer never claims a mismatch: at most an info', () => {
    const f = diagnose({ document: config(display('LaserScan', 'Scan', '/scan')), snapshot: snapshot([scanTopic(UNKNOWN, 'unknown')]), now: NOW });
    expect(codes(f)).toEqual(['info QOS_RELIABILITY_MISMATCH Scan']);
    expect(f[0]!.summary).not.toMatch(/no data will arrive/);
    expect(f[0]!.summary).toContain('unknown');
  });

  it('the RViz default (Reliable) applies when the config writes the topic as a plain scalar', () => {
    const doc = config(['    - Class: rviz_default_plugins/LaserScan', '      Enabled: true', '      Name: Scan', '      Topic: /scan', '      Value: true'].join('\n'));
    const f = diagnose({ document: doc, snapshot: snapshot([scanTopic()]), now: NOW });
    expect(codes(f)).toEqual(['error QOS_RELIABILITY_MISMATCH Scan']);
    expect(f[0]!.evidence[0]).toBe('LaserScan "Scan" Topic: /scan, Reliability Policy: Reliable (RViz default, not set in the config)');
  });

  it('mixed publishers: a warning naming the ones that will not deliver', () => {
    const t = topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/front', BEST_EFFORT), pub('/rear', RELIABLE)]);
    const f = diagnose({ document: config(display('LaserScan', 'Scan', '/scan')), snapshot: snapshot([t]), now: NOW });
    expect(codes(f)).toEqual(['warning QOS_RELIABILITY_MISMATCH Scan']);
    expect(f[0]!.summary).toContain('published Best Effort by /front');
    expect(f[0]!.summary).toContain('only /rear may deliver');
  });

  it('disabled displays and displays in a disabled group are not checked', () => {
    const disabled = config(display('LaserScan', 'Scan', '/scan', {}, '', false));
    expect(diagnose({ document: disabled, snapshot: snapshot([scanTopic()]), now: NOW })).toEqual([]);
    const inner = display('LaserScan', 'Scan', '/scan').replace(/^ {4}/gm, '        ');
    const group = ['    - Class: rviz_common/Group', '      Displays:', inner, '      Enabled: false', '      Name: Sensors', '      Value: false'].join('\n');
    expect(diagnose({ document: config(group), snapshot: snapshot([scanTopic()]), now: NOW })).toEqual([]);
    const on = group.replace('Enabled: false', 'Enabled: true');
    expect(codes(diagnose({ document: config(on), snapshot: snapshot([scanTopic()]), now: NOW }))).toEqual(['error QOS_RELIABILITY_MISMATCH Scan']);
  });
});

describe('QOS_DURABILITY_MISMATCH', () => {
  const map = (qos = LATCHED, source: 'reported' | 'unknown' = 'reported') =>
    topic('/map', 'nav_msgs/msg/OccupancyGrid', [pub('/map_server', qos, source)]);

  it('a Volatile display on a latched publisher: a warning that a map published once never shows', () => {
    const f = diagnose({ document: config(display('Map', 'Map', '/map')), snapshot: snapshot([map()]), now: NOW });
    expect(codes(f)).toEqual(['warning QOS_DURABILITY_MISMATCH Map']);
    expect(f[0]!.summary).toBe('Map "Map" requests Volatile but /map is published Transient Local (latched) by /map_server: it works only for new messages, so a map published once never shows');
    expect(f[0]!.hint).toBe('set Topic/Durability Policy to Transient Local (Depth at least 1) to receive the latched message');
  });

  it('a Transient Local display on a Volatile publisher: an error, nothing arrives', () => {
    const doc = config(display('Map', 'Map', '/map', { durability: 'Transient Local' }));
    const f = diagnose({ document: doc, snapshot: snapshot([map(RELIABLE)]), now: NOW });
    expect(codes(f)).toEqual(['error QOS_DURABILITY_MISMATCH Map']);
    expect(f[0]!.summary).toBe('Map "Map" requests Transient Local but /map is published Volatile by /map_server: no data will arrive');
  });

  it('matching durability is clean; unknown durability under a Transient Local request is only an info', () => {
    const tl = config(display('Map', 'Map', '/map', { durability: 'Transient Local' }));
    expect(diagnose({ document: tl, snapshot: snapshot([map()]), now: NOW })).toEqual([]);
    const f = diagnose({ document: tl, snapshot: snapshot([map(UNKNOWN, 'unknown')]), now: NOW });
    expect(codes(f)).toEqual(['info QOS_RELIABILITY_MISMATCH Map', 'info QOS_DURABILITY_MISMATCH Map']);
  });

  it('an unrecognised policy string reads as the rmw default and says so', () => {
    const doc = config(display('Map', 'Map', '/map', { durability: 'Latched' }));
    const f = diagnose({ document: doc, snapshot: snapshot([map()]), now: NOW });
    expect(codes(f)).toEqual(['warning QOS_DURABILITY_MISMATCH Map']);
    expect(f[0]!.evidence[0]).toContain('"Latched" (in the config; RViz does not recognise it and uses the rmw default)');
  });
});

describe('QoS a RobotModel really requests (catalog effectiveRequestedQos)', () => {
  // RViz2 saves 5 / Volatile for every RobotModel but subscribes KeepLast(1) Transient Local until a QoS field changes
  // (robot_model_display.cpp, qos_profile_property.cpp): an unchanged file is fine on a latched description.
  const robotModel = (fields: { depth?: number; reliability?: string; durability?: string } = {}) => [
    '    - Class: rviz_default_plugins/RobotModel', '      Description Source: Topic', '      Description Topic:',
    `        Depth: ${fields.depth ?? 5}`, `        Durability Policy: ${fields.durability ?? 'Volatile'}`, '        History Policy: Keep Last',
    `        Reliability Policy: ${fields.reliability ?? 'Reliable'}`, '        Value: /robot_description',
    '      Enabled: true', '      Name: Robot', '      Value: true'].join('\n');
  const description = topic('/robot_description', 'std_msgs/msg/String', [pub('/robot_state_publisher', LATCHED)]);

  it('an unedited RobotModel on a transient-local /robot_description is fine', () => {
    expect(diagnose({ document: config(robotModel()), snapshot: snapshot([description]), now: NOW })).toEqual([]);
    const plain = ['    - Class: rviz_default_plugins/RobotModel', '      Description Source: Topic', '      Description Topic: /robot_description',
      '      Enabled: true', '      Name: Robot', '      Value: true'].join('\n');
    expect(diagnose({ document: config(plain), snapshot: snapshot([description]), now: NOW })).toEqual([]);
  });

  it('once a QoS field is edited RViz2 subscribes with the fields: a Volatile durability misses the latched description', () => {
    for (const edited of [{ depth: 1 }, { reliability: 'Best Effort' }]) {
      const f = diagnose({ document: config(robotModel(edited)), snapshot: snapshot([description]), now: NOW });
      expect(codes(f), JSON.stringify(edited)).toContain('warning QOS_DURABILITY_MISMATCH Robot');
      const finding = f.find((x) => x.code === 'QOS_DURABILITY_MISMATCH')!;
      expect(finding.summary).toMatch(/requests Volatile but \/robot_description is published Transient Local.*a robot description published once never shows/);
      expect(finding.evidence[0]).toBe('RobotModel "Robot" Description Topic: /robot_description, Durability Policy: Volatile (in the config)');
    }
    // Edited to Transient Local: fine again.
    expect(diagnose({ document: config(robotModel({ depth: 1, durability: 'Transient Local' })), snapshot: snapshot([description]), now: NOW })).toEqual([]);
  });
});

describe('TOPIC_NO_PUBLISHER and TOPIC_TYPE_MISMATCH', () => {
  it('a missing topic and a topic with only subscribers are warnings that suggest published topics of the type', () => {
    const markers = topic('/markers', 'visualization_msgs/msg/MarkerArray', [], { subscribers: [pub('/monitor', UNKNOWN, 'unknown')] });
    const other = topic('/viz', 'visualization_msgs/msg/MarkerArray', [pub('/planner', RELIABLE)]);
    const doc = config([display('MarkerArray', 'Markers', '/markers'), display('MarkerArray', 'Ghost', 'ghost')].join('\n'));
    const f = diagnose({ document: doc, snapshot: snapshot([markers, other]), now: NOW });
    expect(codes(f)).toEqual(['warning TOPIC_NO_PUBLISHER Ghost', 'warning TOPIC_NO_PUBLISHER Markers']);
    expect(f[0]!.summary).toBe('MarkerArray "Ghost" shows /ghost, which does not exist on the robot: the display will stay empty');
    expect(f[0]!.evidence[0]).toBe('MarkerArray "Ghost" Topic: ghost (resolves to /ghost)');
    expect(f[1]!.summary).toBe('MarkerArray "Markers" shows /markers, which nobody publishes: the display will stay empty');
    expect(f[1]!.evidence[1]).toBe('/markers (visualization_msgs/msg/MarkerArray) publishers: none; subscribers: /monitor');
    expect(f[1]!.hint).toBe('set Topic to /viz');
  });

  it('optional topics (a Map\'s Update Topic) need no publisher; a file-sourced RobotModel needs no topic', () => {
    const mapDisplay = display('Map', 'Map', '/map', { durability: 'Transient Local' },
      ['      Update Topic:', '        Depth: 5', '        Durability Policy: Volatile', '        Reliability Policy: Reliable', '        Value: /map_updates'].join('\n'));
    const robot = ['    - Class: rviz_default_plugins/RobotModel', '      Description File: /tmp/robot.urdf', '      Description Source: File',
      '      Description Topic:', '        Value: /robot_description', '      Enabled: true', '      Name: Robot', '      Value: true'].join('\n');
    const t = topic('/map', 'nav_msgs/msg/OccupancyGrid', [pub('/map_server', LATCHED)]);
    expect(diagnose({ document: config([mapDisplay, robot].join('\n')), snapshot: snapshot([t]), now: NOW })).toEqual([]);
    const fromTopic = robot.replace('Description Source: File', 'Description Source: Topic');
    expect(codes(diagnose({ document: config(fromTopic), snapshot: snapshot([t]), now: NOW }))).toEqual(['warning TOPIC_NO_PUBLISHER Robot']);
  });

  it('a wrong type is an error naming both types and the display that fits; no QoS finding is added on top', () => {
    const t = topic('/odom_pose', 'geometry_msgs/msg/PoseStamped', [pub('/tracker', BEST_EFFORT)]);
    const f = diagnose({ document: config(display('Odometry', 'Odom', '/odom_pose')), snapshot: snapshot([t]), now: NOW });
    expect(codes(f)).toEqual(['error TOPIC_TYPE_MISMATCH Odom']);
    expect(f[0]!.summary).toBe('Odometry "Odom" expects nav_msgs/msg/Odometry but /odom_pose is geometry_msgs/msg/PoseStamped: RViz cannot subscribe, nothing will show');
    expect(f[0]!.hint).toBe('show /odom_pose with a Pose display instead');
  });

  it('InteractiveMarkers subscribes to NAMESPACE/update', () => {
    const im = ['    - Class: rviz_default_plugins/InteractiveMarkers', '      Enabled: true', '      Interactive Markers Namespace: /target',
      '      Name: Target', '      Value: true'].join('\n');
    const ok = topic('/target/update', 'visualization_msgs/msg/InteractiveMarkerUpdate', [pub('/target', RELIABLE)]);
    expect(diagnose({ document: config(im), snapshot: snapshot([ok]), now: NOW })).toEqual([]);
    const f = diagnose({ document: config(im), snapshot: snapshot([]), now: NOW });
    expect(f.map((x) => x.summary)).toEqual(['InteractiveMarkers "Target" shows /target/update, which does not exist on the robot: the display will stay empty']);
  });
});
