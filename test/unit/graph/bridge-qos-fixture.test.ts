// The same report the Python bridge builds (ros/rviz_companion_bridge/test/test_qos_report.py asserts its builder
// still produces these files) must parse here without a problem, so the two sides of /rviz_companion/qos cannot drift.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBridgeQos } from '../../../src/core/graph/bridge-qos.ts';

const dir = join(import.meta.dirname, '../../fixtures/bridge-qos');
const reports = readdirSync(dir).filter((name) => /^report-.*\.json$/.test(name)).sort();

interface RawEndpoint { node: string; reliability: string; durability: string; history: string; depth: number | null }
interface RawReport { stamp: number; topics: Record<string, { type: string; publishers: RawEndpoint[]; subscribers: RawEndpoint[] }> }

describe('bridge QoS fixtures from the Python report builder', () => {
  it('there is at least one', () => {
    expect(reports.length).toBeGreaterThan(0);
  });

  it.each(reports)('%s parses with every endpoint reported, unknowns kept unknown', (name) => {
    const text = readFileSync(join(dir, name), 'utf8').trim();
    const raw = JSON.parse(text) as RawReport;
    const r = parseBridgeQos(text);
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.problems).toEqual([]);
    expect(r.value.stamp).toBe(raw.stamp);
    expect(Object.keys(r.value.topics).sort()).toEqual(Object.keys(raw.topics).sort());
    for (const [topic, want] of Object.entries(raw.topics)) {
      const got = r.value.topics[topic]!;
      expect(got.type).toBe(want.type);
      for (const role of ['publishers', 'subscribers'] as const) {
        expect(got[role]).toEqual(want[role].map((ep) => ({
          node: ep.node, source: 'reported',
          qos: { reliability: ep.reliability, durability: ep.durability, history: ep.history,
            ...(ep.depth === null ? {} : { depth: ep.depth }) },
        })));
      }
    }
  });

  it('a Fast DDS remote publisher: history unknown, no depth, reliability and durability known', () => {
    const r = parseBridgeQos(readFileSync(join(dir, 'report-nav-robot.json'), 'utf8'));
    if (!r.ok) throw new Error(r.problem.message);
    const lidar = r.value.topics['/scan']!.publishers[0]!;
    expect(lidar).toEqual({ node: '/lidar', source: 'reported',
      qos: { reliability: 'best_effort', durability: 'volatile', history: 'unknown' } });
    expect(r.value.topics['/map']!.publishers[0]!.qos.durability).toBe('transient_local');
    expect(r.value.topics['/robot1/odom']!.subscribers[0]!.node).toBe('/robot1/nav/bt_navigator');
  });
});
