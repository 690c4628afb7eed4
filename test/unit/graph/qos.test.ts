import { describe, expect, it } from 'vitest';
import {
  checkCompatibility, durabilityFromRviz, durabilityToRviz, formatQos, historyFromRviz, reliabilityFromRviz,
  reliabilityToRviz, requiredRequest, rvizDefaultProfile,
} from '../../../src/core/graph/qos.ts';
import type { Durability, Endpoint, QosProfile, Reliability } from '../../../src/core/graph/types.ts';

const q = (reliability: Reliability, durability: Durability, depth?: number): QosProfile =>
  depth === undefined ? { reliability, durability, history: 'keep_last' } : { reliability, durability, history: 'keep_last', depth };
const pub = (qos: QosProfile): Endpoint => ({ node: '/n', qos, source: 'reported' });

describe('checkCompatibility: the table of the QoS documentation', () => {
  // [publisher, subscription, compatible]
  const reliability: [Reliability, Reliability, boolean][] = [
    ['best_effort', 'best_effort', true], ['best_effort', 'reliable', false],
    ['reliable', 'best_effort', true], ['reliable', 'reliable', true],
  ];
  it.each(reliability)('reliability offer %s, request %s → %s', (offer, request, ok) => {
    const r = checkCompatibility(q(offer, 'volatile'), q(request, 'volatile'));
    expect(r.compatible).toBe(ok);
    expect(r.reasons.map((x) => x.code)).toEqual(ok ? [] : ['reliability-mismatch']);
  });

  const durability: [Durability, Durability, boolean, boolean][] = [
    ['volatile', 'volatile', true, false], ['volatile', 'transient_local', false, false],
    ['transient_local', 'volatile', true, false], ['transient_local', 'transient_local', true, true],
  ];
  it.each(durability)('durability offer %s, request %s → compatible %s, latched %s', (offer, request, ok, latched) => {
    const r = checkCompatibility(q('reliable', offer), q('reliable', request));
    expect(r.compatible).toBe(ok);
    expect(r.receivesLatched).toBe(latched);
    expect(r.reasons.map((x) => x.code)).toEqual(ok ? [] : ['durability-mismatch']);
  });

  it('reports both mismatches at once', () => {
    const r = checkCompatibility(q('best_effort', 'volatile'), q('reliable', 'transient_local'));
    expect(r.compatible).toBe(false);
    expect(r.reasons.map((x) => x.policy)).toEqual(['reliability', 'durability']);
  });

  it('RViz default QoS gets nothing from a best-effort scan', () => {
    expect(checkCompatibility(q('best_effort', 'volatile', 5), rvizDefaultProfile).compatible).toBe(false);
  });

  it('history and depth never matter', () => {
    const r = checkCompatibility({ reliability: 'reliable', durability: 'volatile', history: 'keep_all' },
      { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 1 });
    expect(r).toEqual({ compatible: true, undetermined: [], reasons: [], receivesLatched: false });
  });

  it('unknown offer: undetermined for a strict request, fine for a lenient one', () => {
    const unknown: QosProfile = { reliability: 'unknown', durability: 'unknown', history: 'unknown' };
    const strict = checkCompatibility(unknown, q('reliable', 'transient_local'));
    expect(strict.compatible).toBe(true);
    expect(strict.undetermined).toEqual(['reliability', 'durability']);
    const lenient = checkCompatibility(unknown, q('best_effort', 'volatile'));
    expect(lenient.undetermined).toEqual([]);
    expect(lenient.reasons).toEqual([]);
  });

  it('system_default is judged as the rmw default (reliable, volatile)', () => {
    expect(checkCompatibility(q('system_default', 'system_default'), q('reliable', 'transient_local')).reasons.map((r) => r.code))
      .toEqual(['durability-mismatch']);
  });
});

describe('requiredRequest', () => {
  it('best-effort publisher → best effort, volatile', () => {
    expect(requiredRequest([pub(q('best_effort', 'volatile', 5))])).toEqual(q('best_effort', 'volatile', 5));
  });
  it('all transient local and reliable → reliable + transient local, depth covers each latched sample', () => {
    expect(requiredRequest([pub(q('reliable', 'transient_local', 1)), pub(q('reliable', 'transient_local'))]))
      .toEqual(q('reliable', 'transient_local', 2));
  });
  it('one volatile publisher among latched ones → volatile (transient local would miss it)', () => {
    expect(requiredRequest([pub(q('reliable', 'transient_local', 1)), pub(q('reliable', 'volatile', 10))]).durability).toBe('volatile');
  });
  it('unknown publisher → the lenient request', () => {
    const r = requiredRequest([pub({ reliability: 'unknown', durability: 'unknown', history: 'unknown' })]);
    expect([r.reliability, r.durability]).toEqual(['best_effort', 'volatile']);
  });
  it('the result is compatible with every publisher and gets latched data when all latch', () => {
    const pubs = [pub(q('reliable', 'transient_local', 1)), pub(q('best_effort', 'transient_local', 1))];
    const req = requiredRequest(pubs);
    for (const p of pubs) {
      const r = checkCompatibility(p.qos, req);
      expect(r.compatible).toBe(true);
      expect(r.receivesLatched).toBe(true);
    }
  });
  it('no publishers → RViz default', () => {
    expect(requiredRequest([])).toEqual(rvizDefaultProfile);
  });
});

describe('RViz strings', () => {
  it('maps both ways', () => {
    expect(reliabilityFromRviz('Best Effort')).toEqual({ value: 'best_effort', recognized: true });
    expect(reliabilityFromRviz('Best effort').value).toBe('best_effort');
    expect(durabilityFromRviz('Transient Local').value).toBe('transient_local');
    expect(historyFromRviz('Keep All').value).toBe('keep_all');
    expect(reliabilityToRviz('best_effort')).toBe('Best Effort');
    expect(durabilityToRviz('transient_local')).toBe('Transient Local');
    expect(reliabilityToRviz('unknown')).toBeUndefined();
  });
  it('unrecognised strings read as the rmw default, flagged', () => {
    expect(reliabilityFromRviz('Sometimes')).toEqual({ value: 'reliable', recognized: false });
    expect(durabilityFromRviz('Latched')).toEqual({ value: 'volatile', recognized: false });
  });
  it('formats a profile', () => {
    expect(formatQos(q('best_effort', 'volatile', 5))).toBe('best_effort/volatile/keep_last(5)');
  });
});
