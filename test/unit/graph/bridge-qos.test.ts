import { describe, expect, it } from 'vitest';
import { parseBridgeQos } from '../../../src/core/graph/bridge-qos.ts';

const good = JSON.stringify({
  stamp: 1700000000.5,
  topics: {
    '/scan': { type: 'sensor_msgs/msg/LaserScan',
      publishers: [{ node: '/lidar', reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 }],
      subscribers: [{ node: '/slam', reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 10 }] },
    '/map': { type: 'nav_msgs/msg/OccupancyGrid',
      publishers: [{ node: '/map_server', reliability: 'RELIABLE', durability: 'transient local', history: 'keep_last', depth: 1 }] },
  },
});

describe('parseBridgeQos', () => {
  it('parses the DESIGN.md format into reported endpoints', () => {
    const r = parseBridgeQos(good);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.problems).toEqual([]);
    expect(r.value.stamp).toBe(1700000000.5);
    expect(r.value.topics['/scan']!.publishers).toEqual([{ node: '/lidar', source: 'reported',
      qos: { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 } }]);
    expect(r.value.topics['/scan']!.subscribers[0]!.node).toBe('/slam');
    expect(r.value.topics['/map']!.publishers[0]!.qos.durability).toBe('transient_local');
    expect(r.value.topics['/map']!.subscribers).toEqual([]);
  });

  it('unparsable JSON is a problem, not a throw', () => {
    const r = parseBridgeQos('{"topics": ');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem.id).toBe('qos-bridge:invalid');
      expect(r.problem.message).toMatch(/^qos bridge: \/rviz_companion\/qos is not valid JSON/);
    }
  });

  it.each([
    ['null', /\(root\)/],
    ['{"stamp":1}', /must have required property 'topics'/],
    ['{"topics":{"/scan":{"publishers":[{"reliability":"reliable"}]}}}', /\/topics\/~1scan\/publishers\/0/],
    ['{"topics":{"scan":{}}}', /propertyName|pattern/],
    ['{"topics":{"/scan":{"publishers":[{"node":"/a","depth":-1}]}}}', /depth/],
  ])('schema violations name the place: %s', (text, where) => {
    const r = parseBridgeQos(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toMatch(where);
  });

  it('non-string data is rejected', () => {
    const r = parseBridgeQos(42);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toContain('number, not a JSON string');
  });

  it('an unrecognised policy value becomes unknown with a warning', () => {
    const r = parseBridgeQos('{"topics":{"/x":{"type":"t","publishers":[{"node":"/a","reliability":"sometimes"}]}}}');
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.value.topics['/x']!.publishers[0]!.qos.reliability).toBe('unknown');
    expect(r.problems.map((p) => p.message)).toEqual(['qos bridge: publisher /a of /x has unrecognised reliability "sometimes"; treated as unknown']);
  });
});
