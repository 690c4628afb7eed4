import { describe, expect, it } from 'vitest';
import { describePublisherQos, formatGraphText } from '../../../src/core/graph/format-text.ts';
import { buildSnapshot } from '../../../src/core/graph/snapshot.ts';
import type { Endpoint } from '../../../src/core/graph/types.ts';

const now = 100_000;
const snap = buildSnapshot({
  url: 'ws://robot:9090', presence: 'connected', takenAt: now,
  graph: {
    topics: [{ name: '/scan', type: 'sensor_msgs/msg/LaserScan' }, { name: '/cmd_vel', type: 'geometry_msgs/msg/Twist' }],
    publishers: { '/scan': ['/lidar'] }, subscribers: { '/cmd_vel': ['/base'] }, nodes: ['/lidar', '/base'],
    ros: { version: 2, distro: 'jazzy' },
  },
  tf: [
    { child: 'odom', parent: 'map', isStatic: false, stampSec: 1, receivedAt: now - 9000 },
    { child: 'base_link', parent: 'odom', isStatic: false, stampSec: 1, receivedAt: now - 100 },
    { child: 'cam', parent: 'camera_mount', isStatic: true, stampSec: 1, receivedAt: now - 60_000 },
  ],
  rates: { '/scan': { rateHz: 9.96 } },
  problems: [{ id: 'x', severity: 'warning', message: 'something odd', tip: 'look' }],
});

describe('formatGraphText', () => {
  const text = formatGraphText(snap, now);
  const lines = text.split('\n');

  it('heads with the robot summary and the QoS origin', () => {
    expect(lines[0]).toBe('robot ws://robot:9090 (connected, ROS 2 jazzy): 2 topics, 2 nodes, 3 TF edges; QoS not reported (inferred from conventions or unknown)');
  });

  it('lists topics with counts, rate and publisher QoS with its source', () => {
    expect(lines[4]).toMatch(/^\/cmd_vel\s+geometry_msgs\/msg\/Twist\s+0\s+1\s+-\s+-$/);
    expect(lines[5]).toMatch(/^\/scan\s+sensor_msgs\/msg\/LaserScan\s+1\s+0\s+10\.0 Hz\s+best_effort\/volatile\/keep_last\(5\) inferred$/);
  });

  it('lists frames with parent, kind, age and stale state, and names disconnected parts', () => {
    expect(text).toMatch(/^odom\s+map\s+dynamic\s+9\.0 s\s+STALE$/m);
    expect(text).toMatch(/^base_link\s+odom\s+dynamic\s+0\.1 s\s+ok$/m);
    expect(text).toMatch(/^cam\s+camera_mount\s+static\s+60 s\s+ok$/m);
    expect(text).toMatch(/^map\s+\(root\)\s+-\s+-\s+root$/m);
    expect(text).toContain('TF is split into 2 disconnected parts: {base_link, map, odom} {cam, camera_mount}');
    expect(text).toContain('  [warning] something odd (look)');
  });

  it('summarises distinct publisher QoS', () => {
    const e = (source: Endpoint['source'], reliability: 'reliable' | 'best_effort'): Endpoint =>
      ({ node: '/n', source, qos: { reliability, durability: 'volatile', history: 'keep_last', depth: 10 } });
    expect(describePublisherQos([])).toBe('-');
    expect(describePublisherQos([e('reported', 'reliable'), e('reported', 'reliable'), e('reported', 'best_effort')]))
      .toBe('reliable/volatile/keep_last(10) reported; best_effort/volatile/keep_last(10) reported');
  });
});
