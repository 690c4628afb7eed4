// Data that arrives late still arrives: the link against a simulated server with a real server's discovery delay.
// Subscriptions made while the server starts miss their latched samples; the link gets them back by itself, after boot
// and after a restart, and never serves a snapshot from before the robot's publishers were discovered.
import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { closeAfterEach, fastBackoff, freePort, until, waitForState } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

const staticFrames = (l: RobotLink) => l.tf().filter((e) => e.isStatic).length;

describe('latched data after boot and restart', () => {
  it('a link connected while the server starts gets /tf_static and /map once their publishers are discovered', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1500 } });
    link = createRosbridgeLink(sim.url);
    let maps = 0;
    link.subscribe('/map', 'nav_msgs/msg/OccupancyGrid', () => { maps++; });
    await link.connect();
    expect(link.state().starting).toBe(true);
    const l = link;
    const expectedStatic = sim.scenario.tf.frames.filter((f) => !f.dynamic).length;
    await until(() => (staticFrames(l) === expectedStatic && maps > 0 ? true : undefined), 'static TF and the map', 10_000);
    expect(maps).toBe(1);
    // At most one re-subscription per latched topic (/tf_static, /map, the bridge's QoS report); nothing else churned.
    const stats = l.stats();
    expect(stats.unsubscribes).toBeGreaterThanOrEqual(2);
    expect(stats.unsubscribes).toBeLessThanOrEqual(3);
    expect(stats.subscribes - stats.unsubscribes).toBe(4); // /tf, /tf_static, /rviz_companion/qos, /map
  });

  it('after rosbridge restarts under the link, everything is re-subscribed and the latched samples come back', async () => {
    const port = await freePort();
    sim = await startSim({ scenario: 'turtlebot_nav', port, server: { discoveryDelayMs: 1000 } });
    link = createRosbridgeLink(sim.url, { backoff: fastBackoff });
    let maps = 0;
    let odoms = 0;
    link.subscribe('/map', 'nav_msgs/msg/OccupancyGrid', () => { maps++; });
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { odoms++; });
    await link.connect();
    const l = link;
    await until(() => (maps > 0 && staticFrames(l) > 0 ? true : undefined), 'the map before the restart', 10_000);
    const before = l.stats();
    const down = waitForState(l, (s) => s.presence === 'reconnecting');
    await sim.close();
    await down;
    sim = await startSim({ scenario: 'turtlebot_nav', port, server: { discoveryDelayMs: 1000 } });
    await waitForState(l, (s) => s.presence === 'connected');
    const mapsBefore = maps;
    const odomsBefore = odoms;
    expect(staticFrames(l)).toBe(0); // the TF buffer starts anew with the connection
    await until(() => (maps > mapsBefore && odoms > odomsBefore && staticFrames(l) > 0 ? true : undefined), 'the map, odom and static TF after the restart', 10_000);
    // All five subscriptions were made again on the new connection (no unsubscribe can be sent on a dead one).
    expect(l.stats().subscribes - before.subscribes).toBeGreaterThanOrEqual(5);
  });

  it('a snapshot taken while the robot starts is never older than one poll, and settleMs waits for the graph to stop growing', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1500 } });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const early = await link.snapshot();
    expect(early.topics.some((t) => t.name === '/tf_static')).toBe(false); // not discovered yet
    const l = link;
    // Without force, the cache (15 s otherwise) still gives the discovered topics within a poll or two.
    let listed = false;
    const deadline = Date.now() + 8000;
    while (!listed && Date.now() < deadline) {
      listed = (await l.snapshot()).topics.some((t) => t.name === '/tf_static' && t.publishers.length > 0);
      if (!listed) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed).toBe(true);
    const settled = await l.snapshot({ settleMs: 15_000 });
    expect(l.state().starting).toBeUndefined();
    expect(settled.topics.length).toBe(sim.scenario.topics.length);
  });
});

describe('a fresh graph when data shows it is out of date', () => {
  it('a subscription delivering a topic the snapshot lists without publishers refreshes the graph at once', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0 } });
    // One start-up poll only, so nothing but the delivery can refresh the graph within the test.
    link = createRosbridgeLink(sim.url, { startup: { everyMs: 60_000, maxMs: 60_000, stableFor: 3, unlistedRefreshes: 3 } });
    let got = 0;
    link.subscribe('/chatter', 'std_msgs/msg/String', () => { got++; });
    await link.connect();
    const l = link;
    const first = await waitForState(l, (s) => s.snapshot !== undefined);
    expect(first.snapshot!.topics.find((t) => t.name === '/chatter')?.publishers ?? []).toEqual([]);
    const { WebSocket } = await import('ws');
    const talker = new WebSocket(sim.url);
    await new Promise((r) => talker.once('open', r));
    try {
      talker.send(JSON.stringify({ op: 'advertise', topic: '/chatter', type: 'std_msgs/msg/String' }));
      talker.send(JSON.stringify({ op: 'publish', topic: '/chatter', msg: { data: 'hello' } }));
      const s = await waitForState(l, (st) => (st.snapshot?.topics.find((t) => t.name === '/chatter')?.publishers.length ?? 0) > 0);
      expect(got).toBe(1);
      expect(s.snapshot!.topics.find((t) => t.name === '/chatter')!.publishers.map((p) => p.node)).toEqual(['/rosbridge_websocket']);
    } finally {
      talker.close();
    }
  });
});
