/**
 * Feeds of topics for the live view's displays, built on the link's one-subscription-per-topic registry (so the view
 * and the diagnosis sampler share what goes over the wire). What a display asks of rosbridge follows from its type:
 *  - throttle_rate = 1000 / Frame Rate: rosbridge drops what the view could not draw anyway;
 *  - heavy types (clouds, images, maps, scans) ask for queue_length 1 (only the newest waits on the robot) and CBOR
 *    (binary frames, no base64: a third fewer bytes and no string decode);
 *  - a Map's update topic (`keepAll`) gets every message in order: a skipped patch would leave stale cells.
 * While the display's handler is busy (its decode has not settled) newer messages replace the waiting one, so a slow
 * decode never piles up work; the superseded ones are counted as dropped.
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

/**
 * Opens a feed on `link.subscribe`. Links implement `RobotLink.feed` with this; `cbor` says whether the link may
 * ask for CBOR at all (its `cbor` capability).
 */
export function openDisplayFeed<T>(link: Pick<RobotLink, 'subscribe'>, request: DisplayFeedRequest, onMessage: FeedHandler<T>,
  cbor: boolean): DisplayFeed {
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

  const unsubscribe = link.subscribe<T>(request.topic, request.type, (message, receivedAt) => {
    if (stopped) return;
    status.lastMessageAt = receivedAt;
    status.wire = wireOf(message);
    if (!busy) { deliver(message, receivedAt); return; }
    if (!request.keepAll && waiting.length > 0) { waiting.length = 0; status.dropped++; }
    waiting.push({ message, receivedAt });
  }, asked);

  return {
    status: () => ({ ...status }),
    stop: () => {
      if (stopped) return;
      stopped = true;
      waiting.length = 0;
      unsubscribe();
    },
  };
}
