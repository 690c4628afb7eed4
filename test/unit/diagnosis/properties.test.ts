// Properties over random robots: diagnose never throws, unknown QoS never claims a mismatch, and a display set to
// the QoS the publishers require never gets a QoS error or warning.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../src/core/diagnosis/index.ts';
import { durabilityToRviz, reliabilityToRviz, requiredRequest } from '../../../src/core/graph/qos.ts';
import type { Endpoint, QosProfile, TfEdge } from '../../../src/core/graph/types.ts';
import { config, display, NOW, snapshot, topic } from './fixtures.ts';

const qosArb: fc.Arbitrary<QosProfile> = fc.record({
  reliability: fc.constantFrom('reliable', 'best_effort', 'system_default', 'unknown'),
  durability: fc.constantFrom('volatile', 'transient_local', 'system_default', 'unknown'),
  history: fc.constantFrom('keep_last', 'keep_all', 'unknown'),
  depth: fc.integer({ min: 0, max: 50 }),
}) as fc.Arbitrary<QosProfile>;

const endpointArb = (source?: Endpoint['source']): fc.Arbitrary<Endpoint> => fc.record({
  node: fc.constantFrom('/a', '/b', '/c', '/d'),
  qos: qosArb,
  source: source ? fc.constant(source) : fc.constantFrom('reported', 'inferred', 'unknown'),
}) as fc.Arbitrary<Endpoint>;

const frames = ['map', 'odom', 'base_link', 'laser', 'dock', 'arm'];
const edgeArb: fc.Arbitrary<TfEdge> = fc.record({
  parent: fc.constantFrom(...frames), child: fc.constantFrom(...frames), isStatic: fc.boolean(),
  stampSec: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 2e9, noNaN: true })),
  receivedAt: fc.integer({ min: NOW - 20_000, max: NOW }),
}).filter((e) => e.parent !== e.child);

const reliabilityText = fc.constantFrom('Reliable', 'Best Effort', 'System Default', 'bogus');
const durabilityText = fc.constantFrom('Volatile', 'Transient Local', 'System Default', 'bogus');

describe('diagnosis properties', () => {
  it('never throws, and every finding names a display, topic or frame and has evidence', () => {
    fc.assert(fc.property(fc.array(endpointArb(), { maxLength: 4 }), fc.array(edgeArb, { maxLength: 8 }), reliabilityText, durabilityText,
      fc.constantFrom('map', 'world', '', '/odom'), fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
      (pubs, tf, rel, dur, fixed, since) => {
        const t = topic('/scan', 'sensor_msgs/msg/LaserScan', pubs, { rateHz: 0 });
        const doc = config(display('LaserScan', 'Scan', '/scan', { reliability: rel, durability: dur }), fixed === '' ? '""' : fixed);
        const input = { document: doc, snapshot: snapshot([t], tf), now: NOW, stamps: [{ topic: '/scan', stampSec: 1, frameId: 'laser', receivedAt: NOW }] };
        const findings = diagnose(since === undefined ? input : { ...input, sampledSince: NOW - since });
        for (const f of findings) {
          expect(f.subject.name).not.toBe('');
          expect(f.summary).not.toBe('');
          expect(f.evidence.length).toBeGreaterThan(0);
        }
      }), { numRuns: 150 });
  });

  it('publishers with unknown QoS never produce a QoS error or warning', () => {
    fc.assert(fc.property(fc.array(endpointArb('unknown'), { minLength: 1, maxLength: 4 }), reliabilityText, durabilityText, (pubs, rel, dur) => {
      const t = topic('/scan', 'sensor_msgs/msg/LaserScan', pubs);
      const findings = diagnose({ document: config(display('LaserScan', 'Scan', '/scan', { reliability: rel, durability: dur })), snapshot: snapshot([t]), now: NOW });
      const claims = findings.filter((f) => f.code.startsWith('QOS_') && f.severity !== 'info');
      expect(claims).toEqual([]);
    }), { numRuns: 150 });
  });

  it('a display set to the request the publishers require gets no QoS error or warning', () => {
    fc.assert(fc.property(fc.array(endpointArb('reported'), { minLength: 1, maxLength: 4 }), (pubs) => {
      const known = pubs.map((p) => ({ ...p, qos: { ...p.qos,
        reliability: p.qos.reliability === 'unknown' ? 'reliable' as const : p.qos.reliability,
        durability: p.qos.durability === 'unknown' ? 'volatile' as const : p.qos.durability } }));
      const req = requiredRequest(known);
      const doc = config(display('LaserScan', 'Scan', '/scan', { reliability: reliabilityToRviz(req.reliability)!, durability: durabilityToRviz(req.durability)! }));
      const findings = diagnose({ document: doc, snapshot: snapshot([topic('/scan', 'sensor_msgs/msg/LaserScan', known)]), now: NOW });
      expect(findings.filter((f) => f.code.startsWith('QOS_') && f.severity !== 'info')).toEqual([]);
    }), { numRuns: 150 });
  });
});
