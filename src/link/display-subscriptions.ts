/**
 * Feeds of topics for the live view's displays, built on the link's one-subscription-per-topic registry (so the view
 * and the diagnosis sampler share what goes over the wire). What a display asks of rosbridge follows from its type:
 *  - throttle_rate = 1000 / Frame Rate: rosbridge drops what the view could not draw anyway;
 *  - heavy types (clouds, images, maps, scans) ask for queue_length 1 (only the newest waits on the robot) and CBOR
 *    (binary frames, no base64: a third fewer bytes and no string decode);
 *  - a Map's update topic (`keepAll`) gets every message in order: a skipped patch would leave stale cells.
 * While the display's handler is busy (its decode has not settled) newer messages replace the waiting one, so a slow
 * decode never piles up work; the superseded ones are counted as dropped.
 *
 * Subscription economy: the view's feeds of one topic share ONE `link.subscribe` per link (a FeedPool). A feed that
 * joins or leaves without changing the topic's compression keeps that subscription; a change of throttle or queue
 * resubscribes at most once a second (coalesced); a feed joining an open subscription gets its newest message from
 * here, so a latched map is never asked of the robot again because a display was renamed or rebuilt. The pool counts
 * the subscribe and unsubscribe calls it makes (`displayFeedOps`), for links that do not count their wire ops.
 */
import type { DisplayFeed, DisplayFeedRequest, DisplayFeedStatus, FeedHandler, RobotLink, SubscribeOptions } from './types.ts';

/** Types big enough per message to be worth CBOR and a one-message queue on the robot. */
export const heavyFeedTypes: ReadonlySet<string> = new Set([
  'sensor_msgs/msg/PointCloud2',
  'sensor_msgs/msg/Image',
  'sensor_msgs/msg/CompressedImage',
  'nav_msgs/msg/OccupancyGrid',
  'sensor_msgs/msg/LaserScan',
]);

/** RViz's default `Frame Rate`. */
export const defaultFrameRate = 30;

export function isHeavyFeedType(type: string): boolean {
  return heavyFeedTypes.has(type.replace(/^([^/]+)\/(?!msg\/)/, '$1/msg/'));
}

/** The rosbridge options a feed asks for. */
export function feedSubscribeOptions(request: DisplayFeedRequest, cbor: boolean): Required<SubscribeOptions> {
  if (request.keepAll) return { throttleMs: 0, queueLength: 0, compression: 'none' };
  const rate = request.frameRate !== undefined && Number.isFinite(request.frameRate) && request.frameRate > 0 ? request.frameRate : defaultFrameRate;
  const heavy = isHeavyFeedType(request.type);
  return {
    throttleMs: Math.max(0, Math.floor(1000 / rate)),
    queueLength: heavy ? 1 : 0,
    compression: heavy && cbor ? 'cbor' : 'none',
  };
}

/** Whether a message came as CBOR: its binary/array payload is a typed array rather than a base64 string or a list. */
export function wireOf(message: unknown): 'cbor' | 'json' {
  if (message && typeof message === 'object') {
    const m = message as Record<string, unknown>;
    for (const key of ['data', 'ranges', 'points']) {
      const v = m[key];
      if (ArrayBuffer.isView(v)) return 'cbor';
      if (v !== undefined) return 'json';
    }
  }
  return 'json';
}

/** The pool's clock and timers (tests pass their own). */
export interface FeedClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: FeedClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Throttle and queue changes of one topic's subscription are applied at most this often (ms). */
export const RESUBSCRIBE_INTERVAL_MS = 1000;

interface Member {
  type: string;
  asked: Required<SubscribeOptions>;
  receive: (message: unknown, receivedAt: number) => void;
}

interface Wire { options: Required<SubscribeOptions>; type: string; unsubscribe: () => void }

interface Shared {
  topic: string;
  members: Set<Member>;
  wire?: Wire;
  /** The newest message of the topic, for a feed that joins the open subscription (latched topics send it once). */
  last?: { message: unknown; at: number };
  /** When the subscription was last opened (its options last changed on the wire). */
  openedAt: number;
  timer?: unknown;
}

function merged(members: Iterable<Member>): Required<SubscribeOptions> {
  const all = [...members];
  return {
    throttleMs: Math.min(...all.map((m) => m.asked.throttleMs)),
    queueLength: Math.max(...all.map((m) => m.asked.queueLength)),
    compression: all.some((m) => m.asked.compression === 'cbor') ? 'cbor' : 'none',
  };
}

/** One link's view subscriptions, by topic. */
class FeedPool {
  public subscribes = 0;
  public unsubscribes = 0;
  private readonly topics = new Map<string, Shared>();

  public constructor(private readonly link: Pick<RobotLink, 'subscribe'>, private readonly clock: FeedClock) {}

  public join(topic: string, member: Member): () => void {
    let shared = this.topics.get(topic);
    if (!shared) { shared = { topic, members: new Set(), openedAt: -Infinity }; this.topics.set(topic, shared); }
    shared.members.add(member);
    const s = shared;
    const hadWire = s.wire !== undefined;
    this.reconcile(s);
    // Joining an open subscription: its newest message now (the robot sends a latched one once per subscription).
    if (hadWire && s.last) {
      const last = s.last;
      queueMicrotask(() => { if (s.members.has(member)) member.receive(last.message, last.at); });
    }
    return () => {
      if (!s.members.delete(member)) return;
      if (s.members.size === 0) { this.close(s); this.topics.delete(topic); } else this.reconcile(s);
    };
  }

  /** Makes the wire match the members' needs: at once for a new topic or compression, else at most once a second. */
  private reconcile(s: Shared): void {
    const want = merged(s.members);
    const w = s.wire;
    if (w && w.options.throttleMs === want.throttleMs && w.options.queueLength === want.queueLength && w.options.compression === want.compression) {
      if (s.timer !== undefined) { this.clock.clearTimeout(s.timer); delete s.timer; }
      return;
    }
    if (!w || w.options.compression !== want.compression) { this.open(s); return; }
    if (s.timer !== undefined) return; // already coalescing: the timer applies the newest needs
    const wait = Math.max(0, s.openedAt + RESUBSCRIBE_INTERVAL_MS - this.clock.now());
    if (wait === 0) { this.open(s); return; }
    s.timer = this.clock.setTimeout(() => { delete s.timer; if (this.topics.get(s.topic) === s) this.reconcile(s); }, wait);
  }

  /** (Re)subscribes with the members' merged options: the new subscription opens before the old one closes, so the
   * link's shared topic subscription is never dropped in between. */
  private open(s: Shared): void {
    if (s.timer !== undefined) { this.clock.clearTimeout(s.timer); delete s.timer; }
    const options = merged(s.members);
    const type = [...s.members][0]!.type;
    const old = s.wire;
    this.subscribes++;
    const wire: Wire = { options, type, unsubscribe: () => undefined };
    s.wire = wire;
    s.openedAt = this.clock.now();
    wire.unsubscribe = this.link.subscribe<unknown>(s.topic, type, (message, receivedAt) => {
      if (s.wire !== wire) return;
      s.last = { message, at: receivedAt };
      for (const m of [...s.members]) m.receive(message, receivedAt);
    }, options);
    if (old) { this.unsubscribes++; old.unsubscribe(); }
  }

  private close(s: Shared): void {
    if (s.timer !== undefined) { this.clock.clearTimeout(s.timer); delete s.timer; }
    const w = s.wire;
    delete s.wire;
    delete s.last;
    if (w) { this.unsubscribes++; w.unsubscribe(); }
  }
}

const pools = new WeakMap<object, FeedPool>();

function poolOf(link: Pick<RobotLink, 'subscribe'>, clock: FeedClock): FeedPool {
  let pool = pools.get(link);
  if (!pool) { pool = new FeedPool(link, clock); pools.set(link, pool); }
  return pool;
}

/**
 * The subscribe and unsubscribe calls display feeds made on this link since it was created (what the view's feeds
 * cost on the wire, for links without their own `stats()`).
 */
export function displayFeedOps(link: object): { subscribes: number; unsubscribes: number } {
  const pool = pools.get(link);
  return { subscribes: pool?.subscribes ?? 0, unsubscribes: pool?.unsubscribes ?? 0 };
}

/**
 * Opens a feed on `link.subscribe`, through the link's pool of view subscriptions. Links implement `RobotLink.feed`
 * with this; `cbor` says whether the link may ask for CBOR at all (its `cbor` capability).
 */
export function openDisplayFeed<T>(link: Pick<RobotLink, 'subscribe'>, request: DisplayFeedRequest, onMessage: FeedHandler<T>,
  cbor: boolean, clock: FeedClock = realClock): DisplayFeed {
  const asked = feedSubscribeOptions(request, cbor);
  const status: DisplayFeedStatus = { delivered: 0, dropped: 0, asked };
  let stopped = false;
  let busy = false;
  const waiting: { message: T; receivedAt: number }[] = [];

  const deliver = (message: T, receivedAt: number): void => {
    status.delivered++;
    let result: void | Promise<unknown>;
    try {
      result = onMessage(message, receivedAt);
    } catch {
      // A failing handler must not stop the feed; the view reports its own decode problems.
      result = undefined;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      busy = true;
      const next = () => {
        busy = false;
        if (stopped) return;
        const item = waiting.shift();
        if (item) deliver(item.message, item.receivedAt);
      };
      (result as Promise<unknown>).then(next, next);
    }
  };

  const leave = poolOf(link, clock).join(request.topic, { type: request.type, asked, receive: (raw, receivedAt) => {
    if (stopped) return;
    const message = raw as T;
    status.lastMessageAt = receivedAt;
    status.wire = wireOf(message);
    if (!busy) { deliver(message, receivedAt); return; }
    if (!request.keepAll && waiting.length > 0) { waiting.length = 0; status.dropped++; }
    waiting.push({ message, receivedAt });
  } });

  return {
    status: () => ({ ...status }),
    stop: () => {
      if (stopped) return;
      stopped = true;
      waiting.length = 0;
      leave();
    },
  };
}
