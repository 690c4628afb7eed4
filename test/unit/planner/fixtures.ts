// Hand-made robots and documents for the planner tests: small, explicit, no network.
import { DEFAULT_RVIZ_CONFIG } from '../../../src/core/default-rviz.ts';
import type { Endpoint, GraphSnapshot, TopicInfo } from '../../../src/core/graph/types.ts';
import { applyActions, parse, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';

const ep = (node: string, reliability: 'reliable' | 'best_effort', durability: 'volatile' | 'transient_local'): Endpoint =>
  ({ node, qos: { reliability, durability, history: 'keep_last', depth: 1 }, source: 'reported' });

export const topic = (name: string, type: string, pubs: Endpoint[]): TopicInfo => ({ name, type, publishers: pubs, subscribers: [] });

export const SENSOR = (node: string): Endpoint => ep(node, 'best_effort', 'volatile');
export const LATCHED = (node: string): Endpoint => ep(node, 'reliable', 'transient_local');
export const DEFAULT = (node: string): Endpoint => ep(node, 'reliable', 'volatile');

export function snapshot(topics: TopicInfo[] = defaultTopics(), frames: [string, string][] = [['map', 'odom'], ['odom', 'base_link'], ['base_link', 'laser']]): GraphSnapshot {
  const now = Date.now();
  return {
    takenAt: now, url: 'ws://127.0.0.1:9', presence: 'connected', topics: [...topics].sort((a, b) => a.name.localeCompare(b.name)), nodes: [],
    tf: frames.map(([parent, child]) => ({ parent, child, isStatic: true, stampSec: 0, receivedAt: now })), problems: [], qosReported: true,
  };
}

export function defaultTopics(): TopicInfo[] {
  return [
    topic('/scan', 'sensor_msgs/msg/LaserScan', [SENSOR('/lidar')]),
    topic('/map', 'nav_msgs/msg/OccupancyGrid', [LATCHED('/map_server')]),
    topic('/odom', 'nav_msgs/msg/Odometry', [DEFAULT('/base')]),
    topic('/points', 'sensor_msgs/msg/PointCloud2', [SENSOR('/camera')]),
    topic('/robot_description', 'std_msgs/msg/String', [LATCHED('/rsp')]),
    topic('/chatter', 'std_msgs/msg/String', [DEFAULT('/talker')]),
  ];
}

export function doc(text = DEFAULT_RVIZ_CONFIG): RvizDocument {
  const r = parse(text);
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

/** The default config plus a LaserScan asking Reliable on /scan and a Map asking Volatile on /map (both traps). */
export function trapDoc(): RvizDocument {
  const extra = `    - Class: rviz_default_plugins/LaserScan
      Enabled: true
      Name: Front Scan
      Topic:
        Depth: 5
        Durability Policy: Volatile
        History Policy: Keep Last
        Reliability Policy: Reliable
        Value: /scan
      Value: true
    - Class: rviz_default_plugins/Map
      Enabled: true
      Name: Map
      Topic:
        Depth: 5
        Durability Policy: Volatile
        History Policy: Keep Last
        Reliability Policy: Reliable
        Value: /map
      Value: true
`;
  const text = DEFAULT_RVIZ_CONFIG.replace(/(\n {2}Enabled: true\n {2}Global Options:)/, `\n${extra.trimEnd()}$1`);
  const d = doc(text);
  return d;
}

/** The default config with a best-effort LaserScan "Front Lidar" on /scan (the later rounds' starting point). */
export function withScan(): RvizDocument {
  const r = applyActions(doc(), [
    { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Front Lidar' },
    { action: 'set_property', display: 'Front Lidar', property: 'Topic/Reliability Policy', value: 'Best Effort' },
  ], { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}
