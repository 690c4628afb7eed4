// What the link reports about its subscriptions for NO_DATA: messages received, a refusal only when the server sends
// one (rosbridge-server-rs) and none from rosbridge_suite 2.1, so the diagnosis finds the cause itself.
import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { diagnose } from '../../../src/core/diagnosis/index.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { closeAfterEach, until } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

describe('subscription facts', () => {
  it('a wrong type with no status frame: the facts carry no refusal, and NO_DATA still names the cause', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0, statusFrames: false } });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    let odom = 0;
    link.subscribe('/scan', 'std_msgs/msg/String', () => undefined);
    link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => { odom++; });
    const l = link;
    await until(() => (odom > 0 ? true : undefined), 'odom');
    const facts = l.subscriptionFacts!();
    const scan = facts.find((f) => f.topic === '/scan')!;
    expect(scan).toMatchObject({ type: 'std_msgs/msg/String', received: 0, resubscribes: 0 });
    expect(scan.refused).toBeUndefined();
    expect(facts.find((f) => f.topic === '/odom')!.received).toBeGreaterThan(0);
    const snapshot = await l.snapshot();
    const findings = diagnose({ snapshot, now: scan.since + 6000, subscriptions: facts }).filter((f) => f.code === 'NO_DATA');
    expect(findings.map((f) => f.subject.topic)).toEqual(['/scan']);
    expect(findings[0]!.summary).toMatch(/likely cause: it was subscribed as std_msgs\/msg\/String but the publishers send sensor_msgs\/msg\/LaserScan/);
  });

  it('a server that sends status frames: the refusal is in the facts', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0, statusFrames: true } });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    link.subscribe('/scan', 'std_msgs/msg/String', () => undefined);
    const l = link;
    const refused = await until(() => l.subscriptionFacts!().find((f) => f.topic === '/scan')?.refused, 'the refusal');
    expect(refused).toMatch(/sensor_msgs\/msg\/LaserScan/);
  });

  it('stats() counts the subscribe and unsubscribe frames sent: users of one topic share one subscription', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0 } });
    link = createRosbridgeLink(sim.url);
    expect(link.stats()).toEqual({ subscribes: 0, unsubscribes: 0 }); // nothing is sent before a connection
    await link.connect();
    const base = link.stats(); // the link's own /tf, /tf_static and QoS report
    expect(base).toEqual({ subscribes: 3, unsubscribes: 0 });
    const a = link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => undefined);
    const b = link.subscribe('/odom', 'nav_msgs/msg/Odometry', () => undefined);
    expect(link.stats()).toEqual({ subscribes: 4, unsubscribes: 0 });
    a();
    expect(link.stats()).toEqual({ subscribes: 4, unsubscribes: 0 });
    b();
    b();
    expect(link.stats()).toEqual({ subscribes: 4, unsubscribes: 1 });
  });
});
