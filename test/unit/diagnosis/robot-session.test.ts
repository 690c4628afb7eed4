import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/context.ts';
import { openRobotSession, robotTarget } from '../../../src/cli/robot-session.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';

describe('robot session', () => {
  it('starts the scenario in-process, waits for TF, watches what it is told, and stops everything on close', async () => {
    let firstTopics = 0;
    const s = await openRobotSession({ scenario: 'turtlebot_nav', sampleMs: 600,
      watch: (first) => { firstTopics = first.topics.length; return [{ name: '/odom', type: 'nav_msgs/msg/Odometry' }]; } });
    expect(s.scenario).toBe('turtlebot_nav');
    expect(s.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(firstTopics).toBeGreaterThan(10);
    expect(s.snapshot.tf.some((e) => e.child === 'base_footprint')).toBe(true);
    expect(s.snapshot.topics.find((t) => t.name === '/odom')?.lastMessageAt).toBeGreaterThanOrEqual(s.sampledSince);
    expect(s.snapshot.topics.find((t) => t.name === '/scan')?.rateHz).toBeUndefined();
    expect(s.stamps.map((x) => [x.topic, x.frameId])).toEqual([['/odom', 'odom']]);
    await s.close();
    await s.close();
    const probe = createRosbridgeLink(s.url, { probeTimeoutMs: 500 });
    await expect(probe.connect()).rejects.toThrow(/cannot connect/);
    probe.close();
  });

  it('an abort during the watch window ends the session as "interrupted"', async () => {
    const controller = new AbortController();
    const opening = openRobotSession({ scenario: 'empty', sampleMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(opening).rejects.toThrow(new CliError('interrupted'));
  });

  it('needs exactly one target, and checks it', () => {
    expect(robotTarget({})).toBeUndefined();
    expect(robotTarget({ scenario: 'qos_traps' })).toEqual({ scenario: 'qos_traps' });
    expect(robotTarget({ url: ' ws://127.0.0.1:9090 ' })).toEqual({ url: 'ws://127.0.0.1:9090' });
    expect(() => robotTarget({ scenario: 'a', url: 'ws://x:1' })).toThrow('give either --scenario or --url, not both');
    expect(() => robotTarget({ url: 'robot' })).toThrow(CliError);
    return expect(openRobotSession({})).rejects.toThrow('a robot needs either --scenario NAME or --url URL');
  });
});
