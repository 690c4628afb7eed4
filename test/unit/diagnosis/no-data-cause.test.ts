// NO_DATA from the link's subscriptions: publishers exist, nothing arrived for a while, and the finding names the
// likely cause even when the server sent no status frame (rosbridge_suite 2.1 only logs a refusal).
import { describe, expect, it } from 'vitest';
import { diagnose, type Finding } from '../../../src/core/diagnosis/index.ts';
import type { SubscriptionFact } from '../../../src/core/diagnosis/types.ts';
import { BEST_EFFORT, LATCHED, NOW, UNKNOWN, config, display, pub, snapshot, topic } from './fixtures.ts';

const scan = topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', BEST_EFFORT)]);
const map = topic('/map', 'nav_msgs/msg/OccupancyGrid', [pub('/map_server', LATCHED)]);

function fact(over: Partial<SubscriptionFact> & { topic: string; type: string }): SubscriptionFact {
  return { since: NOW - 6000, received: 0, throttleMs: 0, resubscribes: 0, ...over };
}

function noData(subscriptions: SubscriptionFact[], topics = [scan, map], doc = config(display('Map', 'Map', '/map', { durability: 'Transient Local' }))): Finding[] {
  return diagnose({ document: doc, snapshot: snapshot(topics), now: NOW, subscriptions }).filter((f) => f.code === 'NO_DATA');
}

describe('NO_DATA judged from subscriptions', () => {
  it('a latched topic whose sample never came: names the missed latched sample and the re-subscriptions, and the display', () => {
    const [f, ...rest] = noData([fact({ topic: '/map', type: 'nav_msgs/msg/OccupancyGrid', resubscribes: 3 })]);
    expect(rest).toEqual([]);
    expect(f!.subject).toEqual({ kind: 'topic', name: '/map', topic: '/map', display: 'Map' });
    expect(f!.summary).toBe('/map is advertised by /map_server but no message arrived in 6.0 s: Map "Map" will stay empty; likely cause: it is latched'
      + ' (transient local) and its sample was not delivered (re-subscribed 3 times): a subscription made before rosbridge discovered the'
      + ' publisher misses it, or /map_server has not published yet');
    expect(f!.evidence).toContain('subscription: nav_msgs/msg/OccupancyGrid, throttle 0 ms, no refusal received (rosbridge_suite 2.1 sends none)');
  });

  it('a wrong type the server dropped without a word is named as such', () => {
    const [f] = noData([fact({ topic: '/scan', type: 'std_msgs/msg/String' })]);
    expect(f!.summary).toMatch(/likely cause: it was subscribed as std_msgs\/msg\/String but the publishers send sensor_msgs\/msg\/LaserScan, which rosbridge drops without a word$/);
  });

  it('a refusal the server did send comes first', () => {
    const [f] = noData([fact({ topic: '/scan', type: 'std_msgs/msg/String', refused: 'cannot subscribe with type std_msgs/msg/String' })]);
    expect(f!.summary).toMatch(/likely cause: rosbridge refused the subscription \(cannot subscribe with type std_msgs\/msg\/String\)$/);
  });

  it('a throttle longer than the wait, and an unknown QoS, are named', () => {
    expect(noData([fact({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan', throttleMs: 10_000 })])[0]!.summary)
      .toMatch(/likely cause: the subscription is throttled to one message every 10.0 s$/);
    const odd = topic('/odd', 'sensor_msgs/msg/Imu', [pub('/imu', UNKNOWN, 'unknown')]);
    expect(noData([fact({ topic: '/odd', type: 'sensor_msgs/msg/Imu' })], [odd])[0]!.summary)
      .toMatch(/likely cause: \/imu may use a QoS rosbridge cannot match \(its QoS is unknown here\), or does not publish$/);
    expect(noData([fact({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan' })])[0]!.summary)
      .toMatch(/likely cause: \/lidar advertises it but does not seem to publish$/);
  });

  it('is not judged too early, once a message arrived, or without publishers (TOPIC_NO_PUBLISHER covers that)', () => {
    expect(noData([fact({ topic: '/map', type: 'nav_msgs/msg/OccupancyGrid', since: NOW - 4000 })])).toEqual([]);
    expect(noData([fact({ topic: '/map', type: 'nav_msgs/msg/OccupancyGrid', received: 1 })])).toEqual([]);
    const lonely = topic('/lonely', 'std_msgs/msg/String', []);
    expect(noData([fact({ topic: '/lonely', type: 'std_msgs/msg/String' })], [lonely])).toEqual([]);
  });

  it('one finding per topic when rate sampling also saw nothing', () => {
    const sampled = topic('/scan', 'sensor_msgs/msg/LaserScan', [pub('/lidar', BEST_EFFORT)], { rateHz: 0 });
    const f = diagnose({ snapshot: snapshot([sampled]), now: NOW, sampledSince: NOW - 3000,
      subscriptions: [fact({ topic: '/scan', type: 'std_msgs/msg/String' })] }).filter((x) => x.code === 'NO_DATA');
    expect(f).toHaveLength(1);
    expect(f[0]!.summary).toMatch(/^\/scan is advertised by \/lidar but no message arrived in 6.0 s; likely cause: it was subscribed as/);
  });
});
