import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { analyzeTf } from '../../../src/core/graph/tf-tree.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import { backoffDelay } from '../../../src/link/rosbridge/backoff.ts';
import { mapLimit } from '../../../src/link/rosbridge/concurrency.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { freePort, until, waitForState, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
let wss: WebSocketServer | undefined;
afterEach(async () => {
  link?.close();
  link = undefined;
  await sim?.close();
  sim = undefined;
  if (wss) {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((r) => wss!.close(() => r()));
    wss = undefined;
  }
});

/** A WebSocket server that accepts and never answers; resolves with its URL and its client sockets. */
async function silentServer(): Promise<{ url: string; clients: Set<WebSocket> }> {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss!.once('listening', () => r()));
  return { url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}`, clients: wss.clients };
}

describe('backoff and concurrency helpers', () => {
  it('backoff doubles from 0.5 s and caps at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(backoffDelay(3, { initialMs: 100, maxMs: 250, factor: 3 })).toBe(250);
  });

  it('mapLimit keeps order and never exceeds the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapLimit([...Array(40).keys()], 8, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, n % 3));
      inFlight--;
      return n * 2;
    });
    expect(out).toEqual([...Array(40).keys()].map((n) => n * 2));
    expect(peak).toBe(8);
  });
});

describe('reconnect schedule', () => {
  it('uses the injected timers with capped exponential delays while the robot is away', async () => {
    const port = await freePort();
    const delays: number[] = [];
    const timers = {
      now: () => Date.now(),
      setTimeout: (fn: () => void, ms: number) => { delays.push(ms); return setTimeout(fn, 0); },
      clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    link = createRosbridgeLink(`ws://127.0.0.1:${port}`, { timers });
    void link.connect().catch(() => undefined);
    await until(() => (delays.length >= 7 ? true : undefined), 'seven retries');
    expect(delays.slice(0, 7)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(link.state().presence).toBe('reconnecting');
  });
});

describe('reconnect schedule for a server that is not rosbridge', () => {
  it('backs off like an unreachable host instead of retrying every 0.5 s', async () => {
    const server = await silentServer();
    const delays: number[] = [];
    const timers = {
      now: () => Date.now(),
      setTimeout: (fn: () => void, ms: number) => { delays.push(ms); return setTimeout(fn, 0); },
      clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    link = createRosbridgeLink(server.url, { timers, probeTimeoutMs: 77 });
    void link.connect().catch(() => undefined);
    await until(() => (delays.filter((d) => d !== 77).length >= 4 ? true : undefined), 'four retries');
    expect(delays.filter((d) => d !== 77).slice(0, 4)).toEqual([500, 1000, 2000, 4000]);
    expect(link.state().problems.map((p) => p.id)).toContain('link:not-rosbridge');
  });
});

describe('service calls always settle', () => {
  it('times out with the service name when nothing answers', async () => {
    const server = await silentServer();
    link = createRosbridgeLink(server.url, { probeTimeoutMs: 60_000 });
    void link.connect().catch(() => undefined);
    await until(() => (server.clients.size > 0 ? true : undefined), 'the client to connect');
    await new Promise((r) => setTimeout(r, 50));
    await expect(link.callService('/slow/service', {}, { timeoutMs: 100 }))
      .rejects.toMatchObject({ code: 'timeout', message: 'service /slow/service: no answer within 100 ms' });
  });

  it('rejects pending calls at once when the connection drops', async () => {
    const server = await silentServer();
    link = createRosbridgeLink(server.url, { probeTimeoutMs: 60_000, backoff: { initialMs: 60_000, maxMs: 60_000, factor: 1 } });
    void link.connect().catch(() => undefined);
    await until(() => (server.clients.size > 0 ? true : undefined), 'the client to connect');
    await new Promise((r) => setTimeout(r, 50));
    const pending = link.callService('/any', {}, { timeoutMs: 60_000 });
    for (const c of server.clients) c.terminate();
    await expect(pending).rejects.toMatchObject({ code: 'connection-lost' });
  });

  it('a call to a service the robot does not have fails with its reason', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    await expect(link.callService('/no/such/service', {})).rejects.toMatchObject({
      code: 'service-failed', message: 'service /no/such/service failed: Service /no/such/service does not exist' });
  });

  it('a call before connecting is refused plainly', async () => {
    link = createRosbridgeLink('ws://127.0.0.1:9');
    await expect(link.callService('/rosapi/topics', {})).rejects.toMatchObject({
      code: 'not-connected', message: 'service /rosapi/topics: not connected to ws://127.0.0.1:9 (idle)' });
  });
});

describe('subscriptions through the link', () => {
  it('two subscribers of one topic share it; unsubscribing one leaves the other', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    let a = 0;
    let b = 0;
    const offA = link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { a++; });
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { b++; });
    await until(() => (a > 2 && b > 2 ? true : undefined), 'odom on both');
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1); // one delivery each per message, no duplicates
    offA();
    const [a0, b0] = [a, b];
    await until(() => (b > b0 + 2 ? true : undefined), 'odom on the remaining subscriber');
    expect(a).toBe(a0);
  });

  it('a subscription rosbridge refuses (wrong type) becomes a problem, cleared when it goes away', async () => {
    // rosbridge-server-rs answers a refusal with a status frame (rosbridge_suite 2.1 says nothing: see the NO_DATA_FROM_PUBLISHERS rule).
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { ...discoveredAtOnce, statusFrames: true } });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const off = link.subscribe('/scan', 'std_msgs/msg/String', () => undefined);
    const s = await waitForState(link, (st) => st.problems.some((p) => p.id === 'link:subscribe:/scan'));
    const p = s.problems.find((x) => x.id === 'link:subscribe:/scan')!;
    expect(p.severity).toBe('error');
    expect(p.message).toMatch(/^rosbridge refused the subscription to \/scan: .*sensor_msgs\/msg\/LaserScan/);
    off();
    expect(link.state().problems.some((x) => x.id === 'link:subscribe:/scan')).toBe(false);
  });

  it('a refused subscription to a topic nobody publishes (its message package missing on the robot) is a note, not a problem', async () => {
    // rosbridge-server-rs on a robot without map_msgs refuses a Map display's Update Topic: nothing is missing.
    sim = await startSim({ scenario: 'qos_traps', port: 0, server: { ...discoveredAtOnce, statusFrames: true } });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    await link.snapshot();
    link.subscribe('/map_updates', 'map_msgs/msg/OccupancyGridUpdate', () => undefined);
    const s = await waitForState(link, (st) => st.problems.some((p) => p.id === 'link:subscribe:/map_updates'));
    const p = s.problems.find((x) => x.id === 'link:subscribe:/map_updates')!;
    expect(p.severity).toBe('info');
    expect(p.message).toMatch(/^rosbridge refused the subscription to \/map_updates \(nobody publishes it\): .*map_msgs/);
  });

  it('a throwing handler becomes a problem; other handlers keep receiving', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    let good = 0;
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { throw new Error('boom'); });
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { good++; });
    const s = await waitForState(link, (st) => st.problems.some((p) => p.id === 'link:handler:/odom'));
    expect(s.problems.find((p) => p.id === 'link:handler:/odom')!.message).toBe('a message handler for /odom failed: boom');
    const g0 = good;
    await until(() => (good > g0 + 1 ? true : undefined), 'odom after the failure');
  });

  it('garbage on the QoS bridge topic is a problem; the snapshot falls back to the last valid report', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    expect((await link.snapshot()).qosReported).toBe(true);
    // The sim republishes its report shortly after our subscriptions change its graph; let that settle first,
    // or a valid report may land after the garbage (the latest message wins, as it should).
    let lastReportAt = Date.now();
    link.subscribe('/rviz_companion/qos', 'std_msgs/msg/String', () => { lastReportAt = Date.now(); });
    await until(() => (Date.now() - lastReportAt > 400 ? true : undefined), 'the bridge report to settle');
    sim.publish('/rviz_companion/qos', { data: '{"topics": [' });
    const s = await waitForState(link, (st) => st.problems.some((p) => p.id === 'qos-bridge:invalid'));
    expect(s.problems.find((p) => p.id === 'qos-bridge:invalid')!.message).toMatch(/^qos bridge: \/rviz_companion\/qos is not valid JSON/);
    const snap = await link.snapshot();
    expect(snap.qosReported).toBe(true);
    expect(snap.problems.map((p) => p.id)).toContain('qos-bridge:invalid');
  });

  it('TF from a paused /tf goes stale while static frames do not', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const l = link;
    await until(() => (l.tf().some((e) => e.child === 'odom') ? true : undefined), 'odom in TF');
    sim.setPaused('/tf', true);
    const tree = analyzeTf(l.tf(), Date.now() + 6000);
    expect(tree.frame('odom')!.stale).toBe(true);
    expect(tree.frame('base_scan')!.stale).toBe(false);
    expect(analyzeTf(l.tf(), Date.now()).frame('odom')!.stale).toBe(false);
  });
});
