// Re-subscribing latched topics that missed their sample, and the graph polled while the robot starts: pure timing
// with fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchedRecovery, defaultRecoveryOptions } from '../../../src/link/rosbridge/latched-recovery.ts';
import { StartupPolls, defaultStartupOptions } from '../../../src/link/rosbridge/startup-polls.ts';
import type { Timers } from '../../../src/link/timers.ts';

const timers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

afterEach(() => { vi.useRealTimers(); });

/** A registry stand-in: subscribed topics with the time each was (re)subscribed, and which delivered. */
function registry(topics: string[]) {
  const since = new Map(topics.map((t) => [t, Date.now()]));
  const delivered = new Set<string>();
  const resubscribed: { topic: string; at: number }[] = [];
  return {
    resubscribed, delivered,
    target: {
      waiting: () => new Map([...since].filter(([t]) => !delivered.has(t))),
      resubscribe: (topic: string) => { resubscribed.push({ topic, at: Date.now() }); since.set(topic, Date.now()); },
    },
  };
}

describe('LatchedRecovery', () => {
  it('re-subscribes a waiting latched topic when its publisher appears in the graph, not before', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const r = registry(['/tf_static', '/scan']);
    const rec = new LatchedRecovery(timers, defaultRecoveryOptions, r.target);
    vi.advanceTimersByTime(1500); // the subscriptions are older than the grace
    rec.onGraph(new Set()); // the server has discovered nothing yet
    vi.advanceTimersByTime(5000);
    expect(r.resubscribed).toEqual([]);
    rec.onGraph(new Set(['/tf_static'])); // /scan is not latched: never re-subscribed
    expect(r.resubscribed.map((x) => x.topic)).toEqual(['/tf_static']);
    expect(rec.resubscribes).toBe(1);
  });

  it('leaves a subscription younger than the grace alone (its latched sample may be on the way), then retries', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const r = registry(['/map']);
    const rec = new LatchedRecovery(timers, defaultRecoveryOptions, r.target);
    vi.advanceTimersByTime(300);
    rec.onGraph(new Set(['/map']));
    expect(r.resubscribed).toEqual([]);
    vi.advanceTimersByTime(699);
    expect(r.resubscribed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(r.resubscribed.map((x) => x.topic)).toEqual(['/map']);
  });

  it('keeps re-subscribing with backoff capped at 10 s until a message arrives, then stops', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const r = registry(['/map']);
    const rec = new LatchedRecovery(timers, defaultRecoveryOptions, r.target);
    vi.advanceTimersByTime(1000);
    const t0 = Date.now();
    rec.onGraph(new Set(['/map']));
    vi.advanceTimersByTime(60_000);
    const gaps = r.resubscribed.map((x, i) => x.at - (i === 0 ? t0 : r.resubscribed[i - 1]!.at));
    expect(gaps.slice(0, 7)).toEqual([0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(Math.max(...gaps)).toBe(10_000);
    const count = r.resubscribed.length;
    r.delivered.add('/map');
    rec.onMessage('/map');
    vi.advanceTimersByTime(60_000);
    expect(r.resubscribed.length).toBe(count);
  });

  it('stops retrying a topic whose publisher left the graph, and forgets everything on reset', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const r = registry(['/map', '/robot_description']);
    const rec = new LatchedRecovery(timers, defaultRecoveryOptions, r.target);
    vi.advanceTimersByTime(1000);
    rec.onGraph(new Set(['/map', '/robot_description']));
    expect(r.resubscribed).toHaveLength(2);
    rec.onGraph(new Set(['/robot_description']));
    rec.reset();
    vi.advanceTimersByTime(60_000);
    expect(r.resubscribed).toHaveLength(2);
    // After a reset (a new connection) every latched topic counts as appearing again.
    rec.onGraph(new Set(['/map']));
    expect(r.resubscribed.map((x) => x.topic)).toEqual(['/map', '/robot_description', '/map']);
  });
});

describe('StartupPolls', () => {
  function polls(sizes: number[], options = defaultStartupOptions) {
    vi.useFakeTimers({ now: 1_000_000 });
    const at: number[] = [];
    const changes: boolean[] = [];
    let i = 0;
    const p: StartupPolls = new StartupPolls(timers, options, {
      poll: () => { at.push(Date.now()); p.observe(sizes[Math.min(i++, sizes.length - 1)]!); return Promise.resolve(); },
      onChange: (s) => changes.push(s),
    });
    return { p, at, changes };
  }

  it('polls at once, then every second while the graph grows, and ends when it stopped growing', async () => {
    const { p, at, changes } = polls([0, 3, 12, 27, 27, 27, 27, 27]);
    p.start();
    expect(p.running).toBe(true);
    for (let k = 0; k < 10; k++) await vi.advanceTimersByTimeAsync(1000);
    expect(at.map((t) => t - at[0]!)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(p.running).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('gives up after 20 s when the graph keeps changing (or stays empty)', async () => {
    const { p, at } = polls([0]);
    p.start();
    for (let k = 0; k < 30; k++) await vi.advanceTimersByTimeAsync(1000);
    expect(p.running).toBe(false);
    expect(at.length).toBe(21);
  });

  it('stop() ends it at once (connection lost)', async () => {
    const { p, at, changes } = polls([1, 2, 3, 4]);
    p.start();
    p.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(at).toHaveLength(1);
    expect(changes).toEqual([true, false]);
  });
});
