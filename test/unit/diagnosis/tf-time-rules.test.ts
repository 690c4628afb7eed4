import { describe, expect, it } from 'vitest';
import { diagnose, headerOf, topicsToSample, documentFacts, type Finding } from '../../../src/core/diagnosis/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { BEST_EFFORT, config, display, edge, NOW, pub, RELIABLE, ROBOT_TF, snapshot, topic } from './fixtures.ts';

function codes(findings: Finding[]): string[] {
  return findings.map((f) => `${f.severity} ${f.code} ${f.subject.name}`);
}

const axes = (name: string, frame: string) => ['    - Class: rviz_default_plugins/Axes', '      Enabled: true', '      Length: 1',
  `      Name: ${name}`, `      Reference Frame: ${frame}`, '      Value: true'].join('\n');

describe('FIXED_FRAME_NOT_IN_TF', () => {
  it('a fixed frame TF does not have is an error suggesting the root of the largest tree', () => {
    const f = diagnose({ document: config(axes('Origin', '<Fixed Frame>'), 'world'), snapshot: snapshot([]), now: NOW });
    expect(codes(f)).toEqual(['error FIXED_FRAME_NOT_IN_TF world']);
    expect(f[0]!.summary).toBe('the Fixed Frame world is not in TF: RViz cannot place any display ("Frame [world] does not exist")');
    expect(f[0]!.evidence).toEqual(['Global Options/Fixed Frame: world (in the config)', 'TF: 5 frames, root map']);
    expect(f[0]!.hint).toBe('set the Fixed Frame to map (root of the largest TF tree)');
  });

  it('a leading slash is tolerated; no TF at all is said plainly', () => {
    expect(diagnose({ document: config('    []', '/map'), snapshot: snapshot([]), now: NOW })).toEqual([]);
    const f = diagnose({ document: config('    []', 'map'), snapshot: snapshot([], []), now: NOW });
    expect(codes(f)).toEqual(['error FIXED_FRAME_NOT_IN_TF map']);
    expect(f[0]!.evidence[1]).toBe('TF: no frames received (nothing on /tf or /tf_static)');
  });
});

describe('DISPLAY_FRAME_NOT_IN_TF', () => {
  it('an Axes frame missing from TF, and one in another tree, are errors', () => {
    const tf = [...ROBOT_TF, edge('dock_map', 'dock', { isStatic: true })];
    const doc = config([axes('Gripper', 'gripper_tip'), axes('Dock', 'dock'), axes('Base', 'base_link')].join('\n'));
    const f = diagnose({ document: doc, snapshot: snapshot([], tf), now: NOW }).filter((x) => x.code === 'DISPLAY_FRAME_NOT_IN_TF');
    expect(f.map((x) => x.summary)).toEqual([
      'Axes "Dock": it uses frame dock, which is not connected to the Fixed Frame map: RViz cannot transform it',
      'Axes "Gripper": it uses frame gripper_tip, which is not in TF: RViz cannot place it',
    ]);
  });

  it('the frame_id of sampled messages on a displayed topic is checked too', () => {
    const t = topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', BEST_EFFORT)]);
    const doc = config(display('LaserScan', 'Scan', '/scan', { reliability: 'Best Effort' }));
    const stamps = [{ topic: '/scan', stampSec: NOW / 1000, frameId: 'base_scan', receivedAt: NOW }];
    const f = diagnose({ document: doc, snapshot: snapshot([t]), now: NOW, stamps });
    expect(codes(f)).toEqual(['error DISPLAY_FRAME_NOT_IN_TF Scan']);
    expect(f[0]!.summary).toBe('LaserScan "Scan": its messages on /scan are in frame base_scan, which is not in TF: RViz cannot place it');
    expect(f[0]!.subject.topic).toBe('/scan');
    const fine = diagnose({ document: doc, snapshot: snapshot([t]), now: NOW, stamps: [{ ...stamps[0]!, frameId: 'laser' }] });
    expect(fine).toEqual([]);
  });
});

describe('TF_TREE_DISCONNECTED', () => {
  it('a second tree is a warning naming its frames and the main root', () => {
    const tf = [...ROBOT_TF, edge('dock_map', 'charger', { isStatic: true }), edge('charger', 'marker', { isStatic: true })];
    const f = diagnose({ snapshot: snapshot([], tf), now: NOW });
    expect(codes(f)).toEqual(['warning TF_TREE_DISCONNECTED dock_map']);
    expect(f[0]!.summary).toBe('TF frames dock_map, charger and marker form a tree of their own, not connected to map: nothing in them can be shown relative to map');
  });

  it('one tree is clean', () => {
    expect(diagnose({ snapshot: snapshot([]), now: NOW })).toEqual([]);
  });
});

describe('TF_STALE', () => {
  it('a dynamic frame that keeps arriving with a frozen stamp is stale; static and fresh frames are not', () => {
    const tf = [...ROBOT_TF, edge('base_link', 'lift', { lagSec: 2 })];
    const f = diagnose({ snapshot: snapshot([], tf), now: NOW });
    expect(codes(f)).toEqual(['warning TF_STALE lift']);
    expect(f[0]!.summary).toBe('TF frame lift (parent base_link) is stale: its transforms arrive but their stamp is 2.0 s behind the rest of the tree, so data stamped now cannot be transformed through it');
  });

  it('a dynamic frame not received for longer than the threshold is stale', () => {
    const tf = [...ROBOT_TF, edge('base_link', 'arm', { ageMs: 8000 })];
    const f = diagnose({ snapshot: snapshot([], tf), now: NOW });
    expect(codes(f)).toEqual(['warning TF_STALE arm']);
    expect(f[0]!.summary).toContain('no transform received for 8.0 s');
    expect(diagnose({ snapshot: snapshot([], tf), now: NOW, options: { tfStaleAfterMs: 10_000 } })).toEqual([]);
  });

  it('a whole tree on simulation time is not stale (CLOCK_SKEW says it), and a future-dated frame does not make others stale', () => {
    const sim = ROBOT_TF.map((e) => ({ ...e, stampSec: 42 }));
    expect(codes(diagnose({ snapshot: snapshot([], sim), now: NOW }))).toEqual(['warning CLOCK_SKEW /tf']);
    const future = [edge('map', 'odom', { lagSec: -1 }), edge('odom', 'base_link'), edge('base_link', 'wheel')];
    expect(diagnose({ snapshot: snapshot([], future), now: NOW })).toEqual([]);
  });
});

describe('NO_DATA', () => {
  const silent = topic('/sonar', 'sensor_msgs/msg/Range', [pub('/sonar_driver', BEST_EFFORT)], { rateHz: 0 });
  const busy = topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', BEST_EFFORT)], { rateHz: 5, lastMessageAt: NOW - 100 });

  it('a sampled topic with publishers and no message is a warning; measured topics are clean', () => {
    const f = diagnose({ snapshot: snapshot([silent, busy]), now: NOW, sampledSince: NOW - 5000 });
    expect(codes(f)).toEqual(['warning NO_DATA /sonar']);
    expect(f[0]!.summary).toBe('/sonar is advertised by /sonar_driver but no message arrived in 5.0 s');
  });

  it('is not judged without the sampling start or with too short a window', () => {
    expect(diagnose({ snapshot: snapshot([silent]), now: NOW })).toEqual([]);
    expect(diagnose({ snapshot: snapshot([silent]), now: NOW, sampledSince: NOW - 500 })).toEqual([]);
  });

  it('names the display that will stay empty', () => {
    const doc = config(display('Range', 'Sonar', '/sonar', { reliability: 'Best Effort' }));
    const f = diagnose({ document: doc, snapshot: snapshot([silent]), now: NOW, sampledSince: NOW - 5000 });
    expect(f[0]!.summary).toBe('/sonar is advertised by /sonar_driver but no message arrived in 5.0 s: Range "Sonar" will stay empty');
    expect(f[0]!.subject).toEqual({ kind: 'topic', name: '/sonar', topic: '/sonar', display: 'Sonar' });
  });
});

describe('CLOCK_SKEW', () => {
  const cloud = topic('/points', 'sensor_msgs/msg/PointCloud2', [pub('/cam', BEST_EFFORT)]);

  it('stamps near zero are reported as simulation time with the use_sim_time hint', () => {
    const f = diagnose({ snapshot: snapshot([cloud]), now: NOW, stamps: [{ topic: '/points', stampSec: 12.5, receivedAt: NOW }] });
    expect(codes(f)).toEqual(['warning CLOCK_SKEW /points']);
    expect(f[0]!.summary).toMatch(/^\/points is stamped \d+ days behind this computer's clock \(its stamps, 12\.5 s, look like simulation time\)$/);
    expect(f[0]!.hint).toContain('use_sim_time');
  });

  it('a clock ahead is reported with the synchronisation hint; small offsets and zero stamps are not', () => {
    const ahead = diagnose({ snapshot: snapshot([cloud]), now: NOW, stamps: [{ topic: '/points', stampSec: NOW / 1000 + 30, receivedAt: NOW }] });
    expect(ahead[0]!.summary).toBe('/points is stamped 30.0 s ahead of this computer\'s clock');
    expect(ahead[0]!.hint).toContain('chrony');
    expect(diagnose({ snapshot: snapshot([cloud]), now: NOW, stamps: [{ topic: '/points', stampSec: NOW / 1000 - 1, receivedAt: NOW }] })).toEqual([]);
    expect(diagnose({ snapshot: snapshot([cloud]), now: NOW, stamps: [{ topic: '/points', stampSec: 0, receivedAt: NOW }] })).toEqual([]);
  });
});

describe('sampling', () => {
  it('watches display topics and streaming topics, not event topics, TF or undisplayed images', () => {
    const snap = snapshot([
      topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', BEST_EFFORT)]),
      topic('/cmd_vel', 'geometry_msgs/msg/Twist', [pub('/ctl', RELIABLE)]),
      topic('/plan', 'nav_msgs/msg/Path', [pub('/planner', RELIABLE)]),
      topic('/tf', 'tf2_msgs/msg/TFMessage', [pub('/rsp', RELIABLE)]),
      topic('/goal', 'geometry_msgs/msg/PoseStamped', []),
      topic('/particles', 'geometry_msgs/msg/PoseArray', [pub('/amcl', BEST_EFFORT)]),
      topic('/front/image_raw', 'sensor_msgs/msg/Image', [pub('/front_cam', BEST_EFFORT)]),
    ]);
    const facts = documentFacts(config(display('Path', 'Plan', '/plan')), catalog);
    expect(topicsToSample(snap, facts).map((t) => t.name)).toEqual(['/plan', '/particles', '/scan']);
    expect(topicsToSample(snap, facts, { maxTopics: 1 }).map((t) => t.name)).toEqual(['/plan']);
    // An image is watched only when a display shows it.
    const shown = documentFacts(config(display('Image', 'Front', '/front/image_raw')), catalog);
    expect(topicsToSample(snap, shown).map((t) => t.name)).toEqual(['/front/image_raw', '/particles', '/scan']);
  });

  it('reads ROS 2 and ROS 1 headers and ignores messages without one', () => {
    expect(headerOf({ header: { stamp: { sec: 5, nanosec: 500_000_000 }, frame_id: 'laser' } })).toEqual({ stampSec: 5.5, frameId: 'laser' });
    expect(headerOf({ header: { stamp: { secs: 1, nsecs: 0 } } })).toEqual({ stampSec: 1 });
    expect(headerOf({ data: 'x' })).toBeUndefined();
    expect(headerOf(null)).toBeUndefined();
  });
});

describe('latched replays and ROS 1 displays', () => {
  it('an old stamp on a latched topic is a replay, not skew; a future one still is', () => {
    const map = topic('/map', 'nav_msgs/msg/OccupancyGrid', [pub('/map_server', { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 })]);
    const old = [{ topic: '/map', stampSec: NOW / 1000 - 7200, frameId: 'map', receivedAt: NOW }];
    expect(diagnose({ snapshot: snapshot([map]), now: NOW, stamps: old })).toEqual([]);
    const future = [{ topic: '/map', stampSec: NOW / 1000 + 7200, frameId: 'map', receivedAt: NOW }];
    expect(codes(diagnose({ snapshot: snapshot([map]), now: NOW, stamps: future }))).toEqual(['warning CLOCK_SKEW /map']);
  });

  it('a ROS 1 display is not checked against the robot (RViz2 cannot load it)', () => {
    const ros1 = ['    - Class: rviz/LaserScan', '      Enabled: true', '      Name: Scan', '      Topic: /nothing', '      Value: true'].join('\n');
    expect(diagnose({ document: config(ros1), snapshot: snapshot([]), now: NOW })).toEqual([]);
  });
});
