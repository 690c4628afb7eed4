// Protocol edge cases: oversized and binary frames, queued throttling, latched client publishes, several ids per topic, status levels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { RawClient, eventually, protocolServer } from './helpers.ts';

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: protocolServer });
});

afterAll(async () => {
  await sim.close();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('bad frames', () => {
  it('closes a client that sends more than max_message_size and keeps serving others', async () => {
    const big = await RawClient.open(sim.url);
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.send(JSON.stringify({ op: 'publish', topic: '/x', msg: { data: 'x'.repeat(11_000_000) } }));
    expect(await closed).toBe(1009);
    const ok = await RawClient.open(sim.url);
    ok.send({ op: 'call_service', id: 'after', service: '/rosapi/get_time' });
    expect(await ok.waitFor((f) => f['id'] === 'after')).toMatchObject({ result: true });
    ok.close();
  });

  it('answers a binary frame that is not JSON with a status error', async () => {
    const c = await RawClient.open(sim.url);
    c.ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    expect(String((await c.waitFor((f) => f['op'] === 'status'))['msg'])).toContain('Binary');
    c.close();
  });

  it('says plainly which real rosbridge ops it does not offer', async () => {
    const c = await RawClient.open(sim.url);
    c.send({ op: 'advertise_service', id: 'as', service: '/x', type: 'std_srvs/srv/Empty' });
    expect(String((await c.waitFor((f) => f['id'] === 'as'))['msg'])).toMatch(/^advertise_service is not supported by the simulated robot/);
    c.close();
  });

  it('stays quiet about errors after set_level none', async () => {
    const c = await RawClient.open(sim.url);
    c.send({ op: 'set_level', level: 'none' });
    c.send({ op: 'bogus', id: 'q' });
    c.send({ op: 'call_service', id: 'probe', service: '/rosapi/get_time' });
    await c.waitFor((f) => f['id'] === 'probe');
    expect(c.frames.some((f) => (f as Record<string, unknown>)['id'] === 'q')).toBe(false);
    c.close();
  });
});

describe('subscriptions', () => {
  it('with throttle_rate and queue_length sends at most one message per throttle period', async () => {
    const c = await RawClient.open(sim.url);
    const start = Date.now();
    c.send({ op: 'subscribe', id: 'q1', topic: '/odom', throttle_rate: 300, queue_length: 2 });
    await sleep(1000);
    c.send({ op: 'unsubscribe', id: 'q1', topic: '/odom' });
    const elapsed = Date.now() - start;
    const n = c.frames.filter((f) => (f as Record<string, unknown>)['topic'] === '/odom').length;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 2);
    c.close();
  });

  it('replays a latched message on every subscribe, even inside the throttle period', async () => {
    const c = await RawClient.open(sim.url);
    c.send({ op: 'subscribe', id: 'm1', topic: '/map', throttle_rate: 60_000 });
    c.send({ op: 'subscribe', id: 'm2', topic: '/map', throttle_rate: 60_000 });
    c.send({ op: 'call_service', id: 'probe', service: '/rosapi/get_time' });
    await c.waitFor((f) => f['id'] === 'probe');
    expect(c.frames.filter((f) => (f as Record<string, unknown>)['topic'] === '/map')).toHaveLength(2);
    c.close();
  });

  it('keeps delivering while another subscribe id on the same topic remains', async () => {
    const c = await RawClient.open(sim.url);
    c.send({ op: 'subscribe', id: 'a', topic: '/tf' });
    c.send({ op: 'subscribe', id: 'b', topic: '/tf' });
    c.send({ op: 'unsubscribe', id: 'a', topic: '/tf' });
    await sleep(100);
    const before = c.frames.length;
    await sleep(300);
    expect(c.frames.length).toBeGreaterThan(before);
    c.close();
  });

  it('gives a late subscriber the last message of a latched client publish', async () => {
    const pub = await RawClient.open(sim.url);
    pub.send({ op: 'advertise', id: 'adv', topic: '/initial_config', type: 'std_msgs/msg/String', latch: true });
    pub.send({ op: 'publish', id: 'p', topic: '/initial_config', msg: { data: 'v1' } });
    pub.send({ op: 'publish', id: 'p', topic: '/initial_config', msg: { data: 'v2' } });
    pub.send({ op: 'call_service', id: 'probe', service: '/rosapi/get_time' });
    await pub.waitFor((f) => f['id'] === 'probe'); // the publishes before it are handled
    const late = await RawClient.open(sim.url);
    late.send({ op: 'subscribe', id: 'l', topic: '/initial_config' });
    expect(await late.waitFor((f) => f['topic'] === '/initial_config')).toMatchObject({ msg: { data: 'v2' } });
    pub.close();
    late.close();
  });

  it('drops a client\'s endpoints from the graph when it disconnects', async () => {
    const c = await RawClient.open(sim.url);
    c.send({ op: 'advertise', id: 'adv', topic: '/temp_topic', type: 'std_msgs/msg/String' });
    c.send({ op: 'call_service', id: 't1', service: '/rosapi/topics' });
    const r1 = await c.waitFor((f) => f['id'] === 't1');
    expect((r1['values'] as { topics: string[] }).topics).toContain('/temp_topic');
    c.close();
    const d = await RawClient.open(sim.url);
    let n = 0;
    await eventually(async () => {
      const id = `t2-${n++}`;
      d.send({ op: 'call_service', id, service: '/rosapi/topics' });
      const r2 = await d.waitFor((f) => f['id'] === id);
      expect((r2['values'] as { topics: string[] }).topics).not.toContain('/temp_topic');
    });
    d.close();
  });
});
