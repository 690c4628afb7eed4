// The silence watchdog: pure timing with fake timers, then the real link against a simulated robot that goes silent
// (every topic paused, the socket left open): the link notices, reconnects, and data flows again once unpaused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { Watchdog, type SilenceInfo } from '../../../src/link/watchdog.ts';
import type { Timers } from '../../../src/link/timers.ts';
import { fastBackoff, until, waitForState, closeAfterEach, discoveredAtOnce } from './helpers.ts';

const fakeTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

describe('Watchdog (fake timers)', () => {
  afterEach(() => { vi.useRealTimers(); });

  function dog(silenceMs = 1000) {
    vi.useFakeTimers({ now: 1_000_000 });
    const silent: SilenceInfo[] = [];
    const w = new Watchdog({ silenceMs, timers: fakeTimers, onSilent: (i) => silent.push(i) });
    return { w, silent };
  }

  it('stays quiet before data flows: a latched one-shot message does not arm it', () => {
    const { w, silent } = dog();
    w.start();
    w.feed('/map');
    vi.advanceTimersByTime(10_000);
    expect(w.armed).toBe(false);
    expect(silent).toEqual([]);
  });

  it('is not armed by a topic slower than a quarter of the silence limit (no false alarm between its messages)', () => {
    const { w, silent } = dog(1000);
    w.start();
    for (let i = 0; i < 10; i++) { w.feed('/battery'); vi.advanceTimersByTime(600); }
    vi.advanceTimersByTime(5000);
    expect(w.armed).toBe(false);
    expect(silent).toEqual([]);
  });

  it('fires once, after silenceMs without any message, when a topic was flowing', () => {
    const { w, silent } = dog(1000);
    w.start();
    w.feed('/tf');
    vi.advanceTimersByTime(100);
    w.feed('/tf');
    expect(w.armed).toBe(true);
    for (let i = 0; i < 10; i++) { vi.advanceTimersByTime(500); w.feed('/scan'); }
    expect(silent).toEqual([]);
    const last = Date.now();
    vi.advanceTimersByTime(999);
    expect(silent).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(silent).toHaveLength(1);
    expect(silent[0]!.lastMessageAt).toBe(last);
    expect(silent[0]!.silentForMs).toBeGreaterThanOrEqual(1000);
    vi.advanceTimersByTime(10_000);
    expect(silent).toHaveLength(1); // once per connection; start() re-arms for the next one
    expect(w.lastMessageAt).toBe(last);
  });

  it('forgets the old connection on start() and stops watching on stop()', () => {
    const { w, silent } = dog(1000);
    w.start();
    w.feed('/tf'); w.feed('/tf');
    expect(w.armed).toBe(true);
    w.start(); // reconnected: nothing has flowed on the new socket yet
    expect(w.armed).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(silent).toEqual([]);
    w.feed('/tf'); w.feed('/tf');
    w.stop();
    vi.advanceTimersByTime(5000);
    expect(silent).toEqual([]);
  });
});

describe('the link with a robot that goes silent', () => {
  let sim: SimHandle | undefined;
  let link: RobotLink | undefined;
  closeAfterEach(() => ({ link, sim }));

  // Deadlines are for a loaded 2-core machine (CI runs every layer at once); the test measures no time.
  it('reconnects a socket that stays open but delivers nothing, then carries data again', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url, { backoff: fastBackoff, watchdog: { silenceMs: 700 } });
    await link.connect();
    const firstData = await until(() => link!.lastMessageAt?.(), 'a first message (/tf)');
    expect(sim.clientCount()).toBe(1);
    const topics = sim.scenario.topics.map((t) => t.name);
    for (const t of topics) sim.setPaused(t, true);
    const silent = await waitForState(link, (s) => s.problems.some((p) => p.id === 'link:silent'), 8000);
    expect(silent.problems.find((p) => p.id === 'link:silent')?.message).toMatch(/^no data from ws:\/\/127\.0\.0\.1:\d+ for [\d.]+ s although topics were flowing; reconnecting$/);
    // The socket was dropped by the client (the server kept it open) and a new one connects.
    await waitForState(link, (s) => s.presence === 'connected' && !s.problems.some((p) => p.id === 'link:silent'), 8000);
    const stalled = link.lastMessageAt!()!;
    expect(stalled).toBeGreaterThanOrEqual(firstData);
    for (const t of topics) sim.setPaused(t, false);
    await until(() => (link!.lastMessageAt!()! > stalled ? true : undefined), 'data after the robot resumed', 8000);
    expect(sim.clientCount()).toBe(1);
  }, 40_000);
});
