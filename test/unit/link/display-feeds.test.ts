// RobotLink.feed against the simulated robot: one shared subscription per topic, CBOR for heavy types (decodable by
// the view's decoders), Frame Rate throttling, newest-only while the handler is busy, unsubscribed when the last leaves.
import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import { feedSubscribeOptions, isHeavyFeedType, openDisplayFeed } from '../../../src/link/display-subscriptions.ts';
import type { MessageHandler, RobotLink, SubscribeOptions } from '../../../src/link/types.ts';
import { decodePoints } from '../../../src/view/decode/points.ts';
import { GridStore } from '../../../src/view/decode/occupancy-grid.ts';
import { defaultPointColorOptions } from '../../../src/view/decode/color-options.ts';
import { until, closeAfterEach, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

describe('feed options', () => {
  it('throttle from Frame Rate, queue 1 and CBOR for heavy types, every message for keepAll', () => {
    expect(feedSubscribeOptions({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan', frameRate: 10 }, true)).toEqual({ throttleMs: 100, queueLength: 1, compression: 'cbor' });
    expect(feedSubscribeOptions({ topic: '/scan', type: 'sensor_msgs/LaserScan' }, false)).toEqual({ throttleMs: 33, queueLength: 1, compression: 'none' });
    expect(feedSubscribeOptions({ topic: '/odom', type: 'nav_msgs/msg/Odometry', frameRate: 0 }, true)).toEqual({ throttleMs: 33, queueLength: 0, compression: 'none' });
    expect(feedSubscribeOptions({ topic: '/map_updates', type: 'map_msgs/msg/OccupancyGridUpdate', keepAll: true }, true)).toEqual({ throttleMs: 0, queueLength: 0, compression: 'none' });
    expect(isHeavyFeedType('sensor_msgs/msg/CameraInfo')).toBe(false); // fixed arrays: rosbridge's CBOR failed on them (#965)
  });

  it('coalesces to the newest message while the handler is busy and counts the dropped ones', async () => {
    let handler: MessageHandler<unknown> | undefined;
    let unsubscribed = 0;
    let asked: SubscribeOptions | undefined;
    const fake = { subscribe: <T>(_t: string, _y: string, h: MessageHandler<T>, o?: SubscribeOptions) => {
      handler = h as MessageHandler<unknown>; asked = o; return () => { unsubscribed++; };
    } };
    const got: number[] = [];
    let release!: () => void;
    const feed = openDisplayFeed<number>(fake, { topic: '/t', type: 'sensor_msgs/msg/Image' }, (m) => {
      got.push(m);
      return new Promise<void>((r) => { release = r; });
    }, true);
    expect(asked).toEqual({ throttleMs: 33, queueLength: 1, compression: 'cbor' });
    handler!(1, 0); handler!(2, 0); handler!(3, 0); handler!(4, 0);
    expect(got).toEqual([1]);
    release();
    await until(() => (got.length === 2 ? true : undefined), 'second delivery');
    expect(got).toEqual([1, 4]);
    expect(feed.status()).toMatchObject({ delivered: 2, dropped: 2 });
    feed.stop(); feed.stop();
    expect(unsubscribed).toBe(1);
  });
});

describe('feeds over the wire', () => {
  it('a heavy feed comes as CBOR typed arrays and decodes; the sampler shares its one subscription', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    expect(link.capabilities).toContain('cbor');
    const scans: unknown[] = [];
    const feed = link.feed({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan', frameRate: 30 }, (m) => { scans.push(m); });
    const sampled: unknown[] = [];
    const stopSampler = link.subscribe('/scan', 'sensor_msgs/msg/LaserScan', (m) => sampled.push(m));
    await until(() => (scans.length >= 2 && sampled.length >= 2 ? true : undefined), 'scans', 5000);
    expect(feed.status().wire).toBe('cbor');
    const first = scans[0] as { ranges: unknown };
    expect(first.ranges).toBeInstanceOf(Float32Array);
    // Both users got the very same message objects: one subscription on the wire.
    expect(sampled).toContain(scans[1]);
    const points = decodePoints('sensor_msgs/msg/LaserScan', scans[0], { colors: { ...defaultPointColorOptions } });
    expect(points.count).toBeGreaterThan(100);
    expect(points.frameId).toBe('base_scan');

    const maps: unknown[] = [];
    const mapFeed = link.feed({ topic: '/map', type: 'nav_msgs/msg/OccupancyGrid' }, (m) => { maps.push(m); });
    await until(() => (maps.length >= 1 ? true : undefined), 'the latched map', 5000);
    const grid = new GridStore().grid('/map', maps[0], { colorScheme: 'map' });
    expect(grid.width * grid.height).toBeGreaterThan(0);
    expect((maps[0] as { data: unknown }).data).toBeInstanceOf(Int8Array);
    feed.stop();
    mapFeed.stop();
    stopSampler();
  });

  it('with cbor off the same feed comes as JSON (base64) and still decodes', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url, { cbor: false });
    await link.connect();
    expect(link.capabilities).not.toContain('cbor');
    const clouds: unknown[] = [];
    const feed = link.feed({ topic: '/camera/depth/points', type: 'sensor_msgs/msg/PointCloud2' }, (m) => { clouds.push(m); });
    await until(() => (clouds.length >= 1 ? true : undefined), 'a cloud', 5000);
    expect(feed.status().wire).toBe('json');
    expect(typeof (clouds[0] as { data: unknown }).data).toBe('string');
    const p = decodePoints('sensor_msgs/msg/PointCloud2', clouds[0], { colors: { ...defaultPointColorOptions } });
    expect(p.count).toBe(16 * 12);
    expect(p.transformer).toBe('RGB8');
    feed.stop();
  });

  it('Frame Rate throttles on the robot side', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const at: number[] = [];
    // /camera/image_raw runs at 10 Hz; Frame Rate 2 lets at most one through per 500 ms.
    const feed = link.feed({ topic: '/camera/image_raw', type: 'sensor_msgs/msg/Image', frameRate: 2 }, (_m, t) => { at.push(t); });
    await until(() => (at.length >= 3 ? true : undefined), 'three images', 6000);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(350);
    feed.stop();
  });
});
