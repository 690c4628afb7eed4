// Small hand-built snapshots and configs for the rule tests.
import type { Endpoint, GraphSnapshot, QosProfile, QosSource, TfEdge, TopicInfo } from '../../../src/core/graph/types.ts';
import { parse, type RvizDocument } from '../../../src/core/rviz/index.ts';

export const NOW = 1_800_000_000_000;

export const BEST_EFFORT: QosProfile = { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 };
export const RELIABLE: QosProfile = { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 };
export const LATCHED: QosProfile = { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 };
export const UNKNOWN: QosProfile = { reliability: 'unknown', durability: 'unknown', history: 'unknown' };

export function pub(node: string, qos: QosProfile, source: QosSource = 'reported', reason?: string): Endpoint {
  return reason === undefined ? { node, qos, source } : { node, qos, source, reason };
}

export function topic(name: string, type: string, publishers: Endpoint[], extra: Partial<TopicInfo> = {}): TopicInfo {
  return { name, type, publishers, subscribers: [], ...extra };
}

/** Wall-clock robot: stamps equal receive times. */
export function edge(parent: string, child: string, opts: { isStatic?: boolean; ageMs?: number; lagSec?: number } = {}): TfEdge {
  const receivedAt = NOW - (opts.ageMs ?? 20);
  return { parent, child, isStatic: opts.isStatic ?? false, receivedAt, stampSec: receivedAt / 1000 - (opts.lagSec ?? 0) };
}

export const ROBOT_TF: TfEdge[] = [
  edge('map', 'odom'), edge('odom', 'base_link'), edge('base_link', 'laser', { isStatic: true }),
  edge('base_link', 'camera', { isStatic: true }),
];

export function snapshot(topics: TopicInfo[], tf: TfEdge[] = ROBOT_TF): GraphSnapshot {
  return { takenAt: NOW, url: 'ws://127.0.0.1:9090', presence: 'connected', topics: [...topics].sort((a, b) => a.name.localeCompare(b.name)),
    nodes: [], tf, problems: [], qosReported: true };
}

/** A config with these display entries (YAML list items, indented as under `Displays:`). */
export function config(displays: string, fixedFrame = 'map'): RvizDocument {
  const text = `Panels: []
Visualization Manager:
  Class: ""
  Displays:
${displays}
  Enabled: true
  Global Options:
    Background Color: 48; 48; 48
    Fixed Frame: ${fixedFrame}
    Frame Rate: 30
  Name: root
  Tools: []
  Value: true
`;
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(`fixture config does not parse: ${parsed.reason}\n${text}`);
  return parsed.doc;
}

/** A display with a map-form topic and QoS. */
export function display(cls: string, name: string, topicName: string, qos: { reliability?: string; durability?: string } = {}, extra = '', enabled = true): string {
  const lines = [
    `    - Class: rviz_default_plugins/${cls}`,
    `      Enabled: ${enabled}`,
    `      Name: ${name}`,
    `      Topic:`,
    `        Depth: 5`,
    `        Durability Policy: ${qos.durability ?? 'Volatile'}`,
    `        History Policy: Keep Last`,
    `        Reliability Policy: ${qos.reliability ?? 'Reliable'}`,
    `        Value: ${topicName}`,
    `      Value: ${enabled}`,
  ];
  return lines.join('\n') + (extra ? `\n${extra}` : '');
}
