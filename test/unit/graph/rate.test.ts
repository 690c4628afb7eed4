import { describe, expect, it } from 'vitest';
import { RateEstimator } from '../../../src/core/graph/rate.ts';

describe('RateEstimator', () => {
  it('measures a steady 10 Hz stream', () => {
    const r = new RateEstimator();
    for (let t = 0; t <= 2000; t += 100) r.record(t);
    expect(r.rateHz(2000)).toBeCloseTo(10, 5);
    expect(r.lastAt).toBe(2000);
  });

  it('forgets arrivals outside the window and decays to 0', () => {
    const r = new RateEstimator({ windowMs: 1000 });
    for (let t = 0; t <= 3000; t += 500) r.record(t);
    expect(r.rateHz(3000)).toBeCloseTo(2, 5);
    expect(r.rateHz(3600)).toBe(0);
    expect(r.rateHz(10_000)).toBe(0);
  });

  it('fewer than two arrivals is 0', () => {
    const r = new RateEstimator();
    expect(r.rateHz(0)).toBe(0);
    r.record(5);
    expect(r.rateHz(5)).toBe(0);
  });

  it('bounds memory on a fast stream', () => {
    const r = new RateEstimator({ maxSamples: 10, windowMs: 100_000 });
    for (let t = 0; t < 1000; t++) r.record(t);
    expect(r.rateHz(999)).toBeCloseTo(1000, 5);
  });

  it('a latched message replayed on subscribe, then the next one, is not read as hundreds of Hz', () => {
    const r = new RateEstimator({ windowMs: 5000 });
    r.record(1000); // the replayed latched message
    r.record(1002); // the publisher's next message, 2 ms later
    expect(r.rateHz(1002)).toBe(1); // one interval, taken over at least a second, not 500 Hz
    expect(r.rateHz(1502)).toBe(1);
    r.record(1502);
    r.record(2002);
    r.record(2502);
    expect(r.rateHz(2502)).toBeCloseTo(4000 / 1502, 5); // settling towards the true 2 Hz as the window fills
  });

  it('rejects nonsense options with the culprit', () => {
    expect(() => new RateEstimator({ windowMs: 0 })).toThrow('rate: windowMs must be > 0 (got 0)');
  });
});
