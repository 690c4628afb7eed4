import { describe, expect, it } from 'vitest';
import { parseBridgeQos } from '../../../src/core/graph/bridge-qos.ts';
import { ProblemStore } from '../../../src/core/graph/problem-store.ts';
import { buildSnapshot, type RosapiGraph } from '../../../src/core/graph/snapshot.ts';

const graph: RosapiGraph = {
  topics: [
    { name: '/scan', type: 'sensor_msgs/msg/LaserScan' },
    { name: '/map', type: 'nav_msgs/msg/OccupancyGrid' },
    { name: '/cmd_vel', type: 'geometry_msgs/msg/Twist' },
  ],
  publishers: { '/scan': ['/lidar'], '/map': ['/map_server', '/map_server'], '/cmd_vel': ['/teleop'] },
  subscribers: { '/scan': ['/slam'] },
  nodes: ['/slam', '/lidar', '/map_server', '/teleop', '/lidar'],
  ros: { version: 2, distro: 'humble' },
};

describe('buildSnapshot', () => {
  it('without a bridge: inferred or unknown, sorted, deduplicated, frozen', () => {
    const s = buildSnapshot({ url: 'ws://x', presence: 'connected', takenAt: 5, graph, tf: [] });
    expect(s.topics.map((t) => t.name)).toEqual(['/cmd_vel', '/map', '/scan']);
    expect(s.nodes).toEqual(['/lidar', '/map_server', '/slam', '/teleop']);
    expect(s.qosReported).toBe(false);
    const map = s.topics[1]!;
    expect(map.publishers).toHaveLength(1);
    expect(map.publishers[0]!.source).toBe('inferred');
    expect(s.topics[0]!.publishers[0]!.source).toBe('unknown');
    expect(s.topics[2]!.subscribers[0]).toMatchObject({ node: '/slam', source: 'unknown' });
    expect(Object.isFrozen(s.topics[0]!.publishers[0]!.qos)).toBe(true);
    expect(s.ros).toEqual({ version: 2, distro: 'humble' });
  });

  it('a bridge report wins over inference and adds endpoints rosapi has not listed yet', () => {
    const bridge = parseBridgeQos(JSON.stringify({ stamp: 1, topics: {
      '/scan': { type: 'sensor_msgs/msg/LaserScan', publishers: [
        { node: '/lidar', reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 },
        { node: '/lidar2', reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 }] },
      '/ghost': { type: 'std_msgs/msg/String', publishers: [{ node: '/g' }] },
    } }));
    if (!bridge.ok) throw new Error(bridge.problem.message);
    const s = buildSnapshot({ url: 'ws://x', presence: 'connected', takenAt: 5, graph, tf: [], bridge: bridge.value,
      rates: { '/scan': { rateHz: 10, lastMessageAt: 4 } } });
    const scan = s.topics.find((t) => t.name === '/scan')!;
    expect(scan.publishers.map((p) => [p.node, p.source, p.qos.reliability])).toEqual([
      ['/lidar', 'reported', 'reliable'], ['/lidar2', 'reported', 'best_effort']]);
    expect(scan.rateHz).toBe(10);
    expect(scan.lastMessageAt).toBe(4);
    expect(s.topics.some((t) => t.name === '/ghost')).toBe(false);
    expect(s.qosReported).toBe(true);
  });
});

describe('ProblemStore', () => {
  it('keeps the same list until something changes, clears by prefix', () => {
    const store = new ProblemStore();
    store.set({ id: 'link:connection-failed', severity: 'error', message: 'a' });
    const first = store.list();
    expect(store.set({ id: 'link:connection-failed', severity: 'error', message: 'a' })).toBe(false);
    expect(store.list()).toBe(first);
    store.set({ id: 'link:slow', severity: 'warning', message: 'b' });
    store.set({ id: 'qos-bridge:invalid', severity: 'warning', message: 'c' });
    expect(store.list()).not.toBe(first);
    store.deletePrefix('link:');
    expect(store.list().map((p) => p.id)).toEqual(['qos-bridge:invalid']);
  });
});
