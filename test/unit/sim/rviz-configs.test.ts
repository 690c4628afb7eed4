// The scenarios' starting RViz configs: in sync with their builder, and (dis)agreeing with the robots exactly as intended.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { RVIZ_CONFIGS, renderRvizConfig } from '../../../sim/rviz/configs.ts';
import { SCENARIOS_DIR, loadScenario } from '../../../sim/scenario.ts';
import type { Scenario } from '../../../sim/types.ts';

interface Display { Class: string; Name: string; Displays?: Display[]; [k: string]: unknown }
interface TopicProp { Value: string; 'Reliability Policy': string; 'Durability Policy': string }

const TYPE_OF_CLASS: Record<string, string> = {
  LaserScan: 'sensor_msgs/msg/LaserScan', Map: 'nav_msgs/msg/OccupancyGrid', Odometry: 'nav_msgs/msg/Odometry', Path: 'nav_msgs/msg/Path',
  PointCloud2: 'sensor_msgs/msg/PointCloud2', Image: 'sensor_msgs/msg/Image', MarkerArray: 'visualization_msgs/msg/MarkerArray',
  PoseWithCovariance: 'geometry_msgs/msg/PoseWithCovarianceStamped', PoseArray: 'geometry_msgs/msg/PoseArray', Polygon: 'geometry_msgs/msg/PolygonStamped',
  Wrench: 'geometry_msgs/msg/WrenchStamped', RobotModel: 'std_msgs/msg/String',
};

function flatten(displays: Display[]): Display[] {
  return displays.flatMap((d) => (d.Displays ? flatten(d.Displays) : [d]));
}

function read(name: string): { fixedFrame: string; displays: Display[] } {
  const doc = parse(readFileSync(join(SCENARIOS_DIR, `${name}.rviz`), 'utf8')) as { 'Visualization Manager': { Displays: Display[]; 'Global Options': { 'Fixed Frame': string } } };
  const vm = doc['Visualization Manager'];
  return { fixedFrame: vm['Global Options']['Fixed Frame'], displays: flatten(vm.Displays) };
}

/** What is wrong with a topic display against the scenario; empty when it will show data. */
function problems(d: Display, s: Scenario): string[] {
  const cls = d.Class.replace('rviz_default_plugins/', '');
  const prop = (d['Topic'] ?? d['Description Topic']) as TopicProp | undefined;
  if (!prop) return [];
  const topic = s.topics.find((t) => t.name === prop.Value);
  if (!topic) return ['no such topic'];
  const out: string[] = [];
  if (TYPE_OF_CLASS[cls] && TYPE_OF_CLASS[cls] !== topic.type) out.push(`type ${topic.type}`);
  if (topic.publishers.length === 0) out.push('no publisher');
  for (const p of topic.publishers) {
    if (prop['Reliability Policy'] === 'Reliable' && p.qos.reliability === 'best_effort') out.push('reliability');
    if (prop['Durability Policy'] === 'Transient Local' && p.qos.durability === 'volatile') out.push('durability');
  }
  if (topic.latched && topic.rate === undefined && prop['Durability Policy'] !== 'Transient Local') out.push('misses latched message');
  return out;
}

function scenario(name: string): Scenario {
  const r = loadScenario(name);
  if (!r.ok) throw new Error(r.reason);
  return r.scenario;
}

describe('scenario RViz configs', () => {
  it('are the files the builder writes (run sim/rviz/write-configs.ts after changing it)', () => {
    for (const name of Object.keys(RVIZ_CONFIGS)) {
      expect(readFileSync(join(SCENARIOS_DIR, `${name}.rviz`), 'utf8'), name).toBe(renderRvizConfig(name));
    }
  });

  it('turtlebot_nav, manipulator and multi_robot configs work against their robots', () => {
    for (const name of ['turtlebot_nav', 'manipulator', 'multi_robot']) {
      const s = scenario(name);
      const { fixedFrame, displays } = read(name);
      expect(s.tf.frames.some((f) => f.parent === fixedFrame || f.child === fixedFrame), `${name}: fixed frame ${fixedFrame}`).toBe(true);
      for (const d of displays) expect(problems(d, s), `${name}: ${d.Name}`).toEqual([]);
    }
  });

  it('qos_traps.rviz disagrees with its robot in exactly the documented ways', () => {
    const s = scenario('qos_traps');
    const { fixedFrame, displays } = read('qos_traps');
    expect(s.tf.frames.some((f) => f.parent === fixedFrame || f.child === fixedFrame)).toBe(false);
    const found = Object.fromEntries(displays.map((d) => [d.Name, problems(d, s)]));
    expect(found).toEqual({
      Grid: [], TF: [], RobotModel: [],
      LaserScan: ['reliability'],
      Map: ['misses latched message'],
      Odometry: ['type geometry_msgs/msg/PoseStamped'],
      Obstacles: ['no publisher'],
      'Depth Cloud': [],
      'Gripper Axes': [],
    });
    // The Axes display is drawn at a frame this robot does not have.
    const axes = displays.find((d) => d.Name === 'Gripper Axes')!;
    expect(s.tf.frames.some((f) => f.child === axes['Reference Frame'] || f.parent === axes['Reference Frame'])).toBe(false);
  });
});
