// Subscription economy of the view's feeds (src/link/display-subscriptions.ts): one link subscription per topic,
// kept while feeds come and go with the same topic, type and compression; throttle/queue changes coalesced to one
// resubscribe a second; a joining feed gets the newest message from the pool, never by asking the robot again.
import { describe, it, expect } from 'vitest';
import { displayFeedOps, openDisplayFeed, RESUBSCRIBE_INTERVAL_MS, type FeedClock } from '../../../src/link/display-subscriptions.ts';
import type { MessageHandler, SubscribeOptions } from '../../../src/link/types.ts';

/** A link's `subscribe` that records every call, as a real link's subscriptions registry would receive them. */
class CountingLink {
  public readonly calls: { topic: string; options: SubscribeOptions; open: boolean; handler: MessageHandler<unknown> }[] = [];
  public subscribe<T>(topic: string, _type: string, handler: MessageHandler<T>, options: SubscribeOptions = {}): () => void {
    const call = { topic, options, open: true, handler: handler as MessageHandler<unknown> };
    this.calls.push(call);
    return () => { call.open = false; };
  }
  public open(topic: string) { return this.calls.filter((c) => c.open && c.topic === topic); }
  /** The robot publishes: every open subscription of the topic gets it. */
  public publish(topic: string, message: unknown, at: number): void { for (const c of this.open(topic)) c.handler(message, at); }
}

/** A clock the test moves by hand. */
class ManualClock implements FeedClock {
  public t = 1_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  public now(): number { return this.t; }
  public setTimeout(fn: () => void, ms: number): unknown { const id = this.next++; this.timers.push({ at: this.t + ms, fn, id }); return id; }
  public clearTimeout(h: unknown): void { this.timers = this.timers.filter((x) => x.id !== h); }
  public advance(ms: number): void {
    this.t += ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      this.timers = this.timers.filter((x) => x !== due);
      due.fn();
    }
  }
}

const scan = (frameRate = 30) => ({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan', frameRate });
const map = { topic: '/map', type: 'nav_msgs/msg/OccupancyGrid' };
const flush = () => new Promise<void>((r) => { queueMicrotask(r); });

describe('view feeds share one subscription per topic', () => {
  it('a second feed of the topic, and a feed replacing another (a renamed or rebuilt display), subscribe nothing', () => {
    const link = new CountingLink();
    const clock = new ManualClock();
    const a = openDisplayFeed(link, scan(), () => undefined, true, clock);
    const b = openDisplayFeed(link, scan(), () => undefined, true, clock);
    expect(link.calls.length).toBe(1);
    // The new layer subscribes before the old one leaves (ViewRuntime's diff): the subscription stays.
    const c = openDisplayFeed(link, scan(), () => undefined, true, clock);
    a.stop();
    b.stop();
    expect(displayFeedOps(link)).toEqual({ subscribes: 1, unsubscribes: 0 });
    c.stop();
    expect(displayFeedOps(link)).toEqual({ subscribes: 1, unsubscribes: 1 });
    expect(link.open('/scan').length).toBe(0);
  });

  it('a feed joining an open subscription gets the newest (latched) message from the pool: the map is not asked for again', async () => {
    const link = new CountingLink();
    const clock = new ManualClock();
    const first: unknown[] = [];
    const old = openDisplayFeed(link, map, (m) => { first.push(m); }, true, clock);
    link.publish('/map', { data: 'the map' }, 5);
    expect(first).toEqual([{ data: 'the map' }]);
    const got: { m: unknown; at: number }[] = [];
    const renamed = openDisplayFeed(link, map, (m, at) => { got.push({ m, at }); }, true, clock);
    old.stop();
    await flush();
    expect(got).toEqual([{ m: { data: 'the map' }, at: 5 }]);
    expect(link.calls.length).toBe(1);
    renamed.stop();
  });

  it('throttle changes coalesce into at most one resubscribe a second, with the newest needs', () => {
    const link = new CountingLink();
    const clock = new ManualClock();
    let feed = openDisplayFeed(link, scan(30), () => undefined, true, clock);
    expect(link.calls.length).toBe(1);
    clock.advance(RESUBSCRIBE_INTERVAL_MS); // the first change after a quiet second applies at once
    for (const rate of [10, 5, 2, 1]) {
      const next = openDisplayFeed(link, scan(rate), () => undefined, true, clock);
      feed.stop();
      feed = next;
      clock.advance(100);
    }
    // One resubscribe at once (Frame Rate 10), then the three later changes wait for the second to pass.
    expect(link.calls.length).toBe(2);
    expect(link.open('/scan').map((c) => c.options.throttleMs)).toEqual([100]);
    clock.advance(RESUBSCRIBE_INTERVAL_MS);
    expect(link.calls.length).toBe(3);
    expect(link.open('/scan').map((c) => c.options.throttleMs)).toEqual([1000]);
    // Nothing more while nothing changes.
    clock.advance(5 * RESUBSCRIBE_INTERVAL_MS);
    expect(link.calls.length).toBe(3);
    expect(displayFeedOps(link)).toEqual({ subscribes: 3, unsubscribes: 2 });
    feed.stop();
  });

  it('a change that returns to the open options before the second passes costs nothing', () => {
    const link = new CountingLink();
    const clock = new ManualClock();
    const base = openDisplayFeed(link, scan(30), () => undefined, true, clock);
    const slow = openDisplayFeed(link, scan(60), () => undefined, true, clock); // needs more: throttle 16 ms
    slow.stop(); // back to what is open before the timer fired
    clock.advance(2 * RESUBSCRIBE_INTERVAL_MS);
    expect(link.calls.length).toBe(1);
    base.stop();
  });

  it('a change of compression resubscribes at once (what the handlers receive changes)', () => {
    const link = new CountingLink();
    const clock = new ManualClock();
    const json = openDisplayFeed(link, { topic: '/scan', type: 'sensor_msgs/msg/LaserScan' }, () => undefined, false, clock);
    const cbor = openDisplayFeed(link, scan(), () => undefined, true, clock);
    expect(link.calls.length).toBe(2);
    expect(link.open('/scan').map((c) => c.options.compression)).toEqual(['cbor']);
    json.stop();
    cbor.stop();
  });

  it('each link has its own pool and counts', () => {
    const one = new CountingLink(), two = new CountingLink();
    const clock = new ManualClock();
    const a = openDisplayFeed(one, scan(), () => undefined, true, clock);
    const b = openDisplayFeed(two, scan(), () => undefined, true, clock);
    expect(displayFeedOps(one)).toEqual({ subscribes: 1, unsubscribes: 0 });
    expect(displayFeedOps(two)).toEqual({ subscribes: 1, unsubscribes: 0 });
    expect(displayFeedOps({})).toEqual({ subscribes: 0, unsubscribes: 0 });
    a.stop(); b.stop();
  });
});
