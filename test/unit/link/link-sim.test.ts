import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { analyzeTf } from '../../../src/core/graph/tf-tree.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import { defaultStartupOptions } from '../../../src/link/rosbridge/startup-polls.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { fastBackoff, until, waitForState, closeAfterEach, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

describe('RosbridgeLink against the simulated robot', () => {
  it('connects and snapshots turtlebot_nav with reported QoS', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    expect(link.state().presence).toBe('connected');
    const snap = await link.snapshot();
    expect(snap.qosReported).toBe(true);
    expect(snap.ros).toEqual({ version: 2, distro: 'humble' });
    const scan = snap.topics.find((t) => t.name === '/scan')!;
    expect(scan.type).toBe('sensor_msgs/msg/LaserScan');
    // The sim reports like a Jazzy/Fast DDS bridge: history and depth not propagated (unknown, no depth).
    expect(scan.publishers).toEqual([{ node: '/lidar_driver', source: 'reported',
      qos: { reliability: 'best_effort', durability: 'volatile', history: 'unknown' } }]);
    expect(scan.subscribers.map((s) => s.node)).toContain('/amcl');
    const map = snap.topics.find((t) => t.name === '/map')!;
    expect(map.publishers[0]).toMatchObject({ source: 'reported', qos: { durability: 'transient_local' } });
    expect(snap.topics.every((t) => t.publishers.every((p) => p.source === 'reported'))).toBe(true);
    expect(snap.nodes).toContain('/map_server');
    // Cached: the same rosapi poll answers again within 15 s; force makes a new one.
    const again = await link.snapshot();
    expect(again.topics).toEqual(snap.topics);
    const forced = await link.snapshot({ force: true });
    expect(forced.topics.map((t) => t.name)).toEqual(snap.topics.map((t) => t.name));
    expect(link.state().snapshot).toBe(forced);
  });

  it('state is one object until something changes, and listeners hear only changes', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    // Start-up polls (a new snapshot each second) would be changes too: here only the first one is taken.
    link = createRosbridgeLink(sim.url, { startup: { ...defaultStartupOptions, everyMs: 60_000, maxMs: 60_000 } });
    const seen: string[] = [];
    const off = link.onState((s) => seen.push(s.presence));
    expect(seen).toEqual(['idle']);
    await link.connect();
    await waitForState(link, (s) => s.snapshot !== undefined);
    expect(link.state()).toBe(link.state());
    const count = seen.length;
    sim.publish('/rviz_companion/qos', { data: JSON.stringify({ stamp: 1, topics: {} }) }); // a valid report changes nothing visible
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.length).toBe(count);
    expect(seen).toEqual(['idle', 'connecting', 'connected', 'connected']); // connected, then its first snapshot
    off();
  });

  it('builds the TF tree map → odom → base_link from /tf and /tf_static', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const l = link;
    const chain = await until(() => {
      const c = analyzeTf(l.tf(), Date.now()).chain('base_link');
      return c.includes('map') ? c : undefined;
    }, 'base_link to reach map');
    expect(chain[0]).toBe('base_link');
    expect(chain.indexOf('odom')).toBeGreaterThan(0);
    expect(chain.at(-1)).toBe('map');
    const edges = l.tf();
    expect(edges.find((e) => e.child === 'odom')).toMatchObject({ parent: 'map', isStatic: false });
    expect(edges.some((e) => e.isStatic)).toBe(true);
  });

  it('delivers the latched /map to a subscriber that joins late', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    await new Promise((r) => setTimeout(r, 200));
    const got: { info?: { width?: number } }[] = [];
    link.subscribe<{ info?: { width?: number } }>('/map', 'nav_msgs/msg/OccupancyGrid', (m) => got.push(m));
    const msg = await until(() => got[0], 'the latched map');
    expect(msg.info?.width).toBeGreaterThan(0);
  });

  it('measures message rates for sampled topics', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const stop = link.sampleRates([{ name: '/scan', type: 'sensor_msgs/msg/LaserScan' }]);
    const l = link;
    await until(() => (l.rates()['/scan']!.rateHz > 0 ? true : undefined), 'a /scan rate');
    const snap = await link.snapshot();
    const scan = snap.topics.find((t) => t.name === '/scan')!;
    expect(scan.rateHz).toBeGreaterThan(0);
    expect(scan.lastMessageAt).toBeTypeOf('number');
    stop();
    expect(link.rates()['/scan']).toBeUndefined();
  });

  it('calls a service and times out on one that never answers', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const time = await link.callService<{ time?: { sec?: number } }>('/rosapi/get_time', {});
    expect(time.time?.sec).toBeGreaterThan(0);
    await expect(link.callService('/rosapi/topics', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reconnects after the robot restarts on the same port and resumes subscriptions', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    const port = sim.port;
    link = createRosbridgeLink(sim.url, { backoff: fastBackoff });
    await link.connect();
    const first = await link.snapshot();
    let odomCount = 0;
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { odomCount++; });
    await until(() => (odomCount > 0 ? true : undefined), 'odom before the restart');

    const presences: string[] = [];
    const off = link.onState((s) => { if (presences.at(-1) !== s.presence) presences.push(s.presence); });
    const reconnecting = waitForState(link, (s) => s.presence === 'reconnecting');
    await sim.close();
    const down = await reconnecting;
    expect(down.problems.find((p) => p.id === 'link:connection-lost')?.message).toMatch(/^lost the connection to ws:\/\/127\.0\.0\.1:\d+/);
    await expect(link.snapshot()).rejects.toMatchObject({ code: 'not-connected' });

    await new Promise((r) => setTimeout(r, 300)); // a few failed attempts while the robot is away
    sim = await startSim({ scenario: 'turtlebot_nav', port, server: discoveredAtOnce });
    const up = await waitForState(link, (s) => s.presence === 'connected');
    expect(up.problems.filter((p) => p.id.startsWith('link:'))).toEqual([]);
    off();
    expect(presences[0]).toBe('connected');
    expect(presences).toContain('reconnecting');
    expect(presences.at(-1)).toBe('connected');

    const before = odomCount;
    await until(() => (odomCount > before ? true : undefined), 'odom after the restart');
    const second = await link.snapshot();
    expect(second.takenAt).toBeGreaterThan(first.takenAt);
    expect(second.topics.length).toBe(first.topics.length);
  });
});
