// The simulated server behaves like a real rosbridge at start-up: publishers are discovered only after a delay, a
// subscription made before that misses the latched sample for good, and rosbridge_suite 2.1 sends no status frames.
import { afterEach, describe, expect, it } from 'vitest';
import { Discovery } from '../../../sim/discovery.ts';
import { loadScenario } from '../../../sim/scenario.ts';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import type { TopicState } from '../../../sim/graph.ts';
import { RawClient } from './helpers.ts';

let sim: SimHandle | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await sim?.close();
  sim = undefined;
});

async function client(url: string): Promise<RawClient> {
  const c = await RawClient.open(url);
  clients.push(c);
  return c;
}

let callId = 0;
async function rosapi(c: RawClient, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const id = `call-${++callId}`;
  c.send({ op: 'call_service', id, service: `/rosapi/${name}`, args });
  return (await c.waitFor((f) => f['id'] === id))['values'] as Record<string, unknown>;
}

/** Polls /rosapi/topics until the topic is listed: the server has discovered its publisher. */
async function untilListed(c: RawClient, topic: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!((await rosapi(c, 'topics'))['topics'] as string[]).includes(topic)) {
    if (Date.now() > deadline) throw new Error(`${topic} never listed`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const isPublish = (topic: string) => (f: Record<string, unknown>) => f['op'] === 'publish' && f['topic'] === topic;

describe('server settings', () => {
  it('defaults to a real robot: 2 s discovery delay, no status frames; the scenario file and startSim can change them', async () => {
    const loaded = loadScenario('turtlebot_nav');
    if (!loaded.ok) throw new Error(loaded.reason);
    expect(loaded.scenario.server).toEqual({ discoveryDelayMs: 2000, statusFrames: false });
    sim = await startSim({ scenario: loaded.scenario, port: 0, server: { statusFrames: true } });
    expect(sim.scenario.server).toEqual({ discoveryDelayMs: 2000, statusFrames: true });
  });
});

describe('discovery timing', () => {
  it('staggers topics deterministically within half to all of the delay; client-made topics are known at once', () => {
    let now = 1000;
    const d = new Discovery(2000, () => now);
    const loaded = loadScenario('turtlebot_nav');
    if (!loaded.ok) throw new Error(loaded.reason);
    const delays = loaded.scenario.topics.map((t) => d.discoveredAfterMs(t.name));
    for (const ms of delays) { expect(ms).toBeGreaterThanOrEqual(1000); expect(ms).toBeLessThanOrEqual(2000); }
    expect(new Set(delays).size).toBeGreaterThan(5);
    expect(new Discovery(2000, () => 0).discoveredAfterMs('/map')).toBe(d.discoveredAfterMs('/map'));
    const spec = loaded.scenario.topics.find((t) => t.name === '/map')!;
    const map = { name: '/map', spec } as unknown as TopicState;
    const clientMade = { name: '/chatter', spec: undefined } as unknown as TopicState;
    expect(d.isDiscovered(map)).toBe(false);
    expect(d.isDiscovered(clientMade)).toBe(true);
    now += d.discoveredAfterMs('/map');
    expect(d.isDiscovered(map)).toBe(true);
    expect(new Discovery(0, () => 0).isDiscovered(map)).toBe(true);
  });
});

describe('before discovery', () => {
  it('rosapi does not list the robot\'s topics, their publishers or their type yet, then does', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1500 } });
    const c = await client(sim.url);
    const early = await rosapi(c, 'topics');
    expect(early['topics']).not.toContain('/tf_static');
    expect((early['topics'] as string[]).length).toBe((early['types'] as string[]).length);
    expect((await rosapi(c, 'publishers', { topic: '/tf_static' }))['publishers']).toEqual([]);
    expect((await rosapi(c, 'topic_type', { topic: '/tf_static' }))['type']).toBe('');
    expect((await rosapi(c, 'node_details', { node: '/map_server' }))['publishing']).not.toContain('/map');
    await untilListed(c, '/tf_static');
    expect((await rosapi(c, 'publishers', { topic: '/tf_static' }))['publishers']).toEqual(['/robot_state_publisher']);
    expect((await rosapi(c, 'topic_type', { topic: '/tf_static' }))['type']).toBe('tf2_msgs/msg/TFMessage');
  });

  it('a subscription made before discovery never gets the latched sample, one made after does, and later publications reach both', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1000 } });
    const early = await client(sim.url);
    early.send({ op: 'subscribe', id: 'early', topic: '/tf_static', type: 'tf2_msgs/msg/TFMessage' });
    const late = await client(sim.url);
    await untilListed(late, '/tf_static');
    late.send({ op: 'subscribe', id: 'late', topic: '/tf_static', type: 'tf2_msgs/msg/TFMessage' });
    await late.waitFor(isPublish('/tf_static'));
    // Frames arrive in order: the early client's answer to a call made now comes after anything already sent to it.
    await rosapi(early, 'get_time');
    expect(early.frames.filter((f) => isPublish('/tf_static')(f as Record<string, unknown>))).toEqual([]);
    sim.publish('/tf_static', { transforms: [] });
    expect(await early.waitFor(isPublish('/tf_static'))).toMatchObject({ msg: { transforms: [] } });
  });

  it('unsubscribing and subscribing again after discovery brings the latched sample', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 800 } });
    const c = await client(sim.url);
    c.send({ op: 'subscribe', id: 'a', topic: '/map', type: 'nav_msgs/msg/OccupancyGrid' });
    await untilListed(c, '/map');
    c.send({ op: 'unsubscribe', id: 'a', topic: '/map' });
    c.send({ op: 'subscribe', id: 'b', topic: '/map', type: 'nav_msgs/msg/OccupancyGrid' });
    expect(await c.waitFor(isPublish('/map'))).toMatchObject({ msg: { info: { width: expect.any(Number) } } });
  });

  it('a streaming topic delivers nothing until it is discovered', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1500 } });
    const c = await client(sim.url);
    c.send({ op: 'subscribe', id: 's', topic: '/odom', type: 'nav_msgs/msg/Odometry' });
    const first = await c.waitFor(isPublish('/odom'), 6000);
    const listed = ((await rosapi(c, 'topics'))['topics'] as string[]).includes('/odom');
    expect({ first: first['topic'], listed }).toEqual({ first: '/odom', listed: true });
  });
});

describe('status frames', () => {
  it('off (rosbridge_suite 2.1): a refused op gets no answer at all', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0 } });
    const c = await client(sim.url);
    c.send({ op: 'subscribe', id: 'bad', topic: '/scan', type: 'std_msgs/msg/String' });
    c.send({ op: 'no_such_op', id: 'bad2' });
    await rosapi(c, 'get_time');
    expect(c.frames.filter((f) => (f as Record<string, unknown>)['op'] === 'status')).toEqual([]);
  });

  it('on (rosbridge-server-rs): a refused op is answered with a status frame carrying its id', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0, statusFrames: true } });
    const c = await client(sim.url);
    c.send({ op: 'subscribe', id: 'bad', topic: '/scan', type: 'std_msgs/msg/String' });
    expect(await c.waitFor((f) => f['op'] === 'status')).toMatchObject({ id: 'bad', level: 'error' });
  });
});
