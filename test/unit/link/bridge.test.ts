// RvizBridge (src/link/bridge.ts) against the simulated robot with real roslib: the latched status arrives on connect,
// a send settles with the next status, a newer send supersedes, a bad status is a problem, and every real corpus
// config makes the round trip unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink, RvizBridge, type RobotLink } from '../../../src/link/index.ts';
import { corpusFiles, corpusPresent } from '../rviz/corpus.ts';
import { FakeLink, smallRobot } from '../../fakes/fake-link.ts';
import { until, waitForState } from './helpers.ts';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function connected(options: Parameters<typeof startSim>[0]): Promise<{ sim: SimHandle; link: RobotLink; bridge: RvizBridge }> {
  const sim = await startSim({ port: 0, ...options });
  open.push(sim);
  const link = createRosbridgeLink(sim.url);
  open.push(link);
  const bridge = new RvizBridge(link, { timeoutMs: 3000 });
  open.push({ close: () => bridge.stop() });
  bridge.start();
  await link.connect();
  await waitForState(link, (s) => s.presence === 'connected');
  return { sim, link, bridge };
}

describe('RvizBridge', () => {
  it('learns the last status on connect, then gets the answer to its own config', async () => {
    const { sim, bridge } = await connected({ scenario: 'turtlebot_nav', bridge: { loadDelayMs: 60 } });
    const startup = await until(() => bridge.state().last, 'the latched status');
    expect(startup).toMatchObject({ action: 'loaded', version: 1 });
    const text = `${sim.bridge?.current() ?? ''}# edited\n`;
    const outcome = await bridge.send(text);
    expect(outcome).toMatchObject({ kind: 'status', status: { action: 'loaded', version: 2 } });
    expect(outcome.kind === 'status' && outcome.status.took_ms).toBeGreaterThanOrEqual(55);
    expect(sim.bridge?.current()).toBe(text);
    expect(bridge.state().evidence?.action).toBe('loaded');
  });

  it('a newer send supersedes one still waiting; a refusal answers at once and keeps the mode evidence', async () => {
    const { sim, bridge } = await connected({ scenario: 'turtlebot_nav', bridge: { loadDelayMs: 150 } });
    await until(() => bridge.state().last, 'the latched status');
    const base = sim.bridge?.current() ?? '';
    const first = bridge.send(`${base}# one\n`);
    const second = bridge.send(`${base}# two\n`);
    expect(await first).toEqual({ kind: 'superseded' });
    expect(await second).toMatchObject({ kind: 'status', status: { action: 'loaded' } });
    const refused = await bridge.send('Panels: []\n');
    expect(refused).toMatchObject({ kind: 'status', status: { action: 'refused', reason: expect.stringMatching(/^not an RViz config/) } });
    expect(bridge.state().evidence?.action).toBe('loaded');
  });

  it('a status the robot garbles is a problem, not a crash, and the next good one clears it', async () => {
    const { sim, bridge } = await connected({ scenario: 'turtlebot_nav', bridge: { loadDelayMs: 10 } });
    await until(() => bridge.state().last, 'the latched status');
    sim.publish('/rviz_companion/rviz_config_status', { data: '{"ok": "maybe"' });
    const problem = await until(() => bridge.state().problem, 'a status problem');
    expect(problem.message).toMatch(/^the bridge sent a status the companion cannot read: not JSON/);
    expect(bridge.state().last?.action).toBe('loaded');
    await bridge.send(`${sim.bridge?.current() ?? ''}# again\n`);
    expect(bridge.state().problem).toBeUndefined();
  });

  it('times out when the bridge does not answer in time, and says it cannot send over a link without publish', async () => {
    const { bridge } = await connected({ scenario: 'turtlebot_nav', bridge: { loadDelayMs: 2000 } });
    expect(await bridge.send('Visualization Manager: {}\n', { timeoutMs: 200 })).toEqual({ kind: 'timeout', waitedMs: 200 });
    const fake = new RvizBridge(new FakeLink('ws://fake:9090', smallRobot('ws://fake:9090')));
    expect(await fake.send('x')).toEqual({ kind: 'not-sent', reason: 'this robot link cannot publish' });
  });

  it('does not send a message over rosbridge\'s frame limit (it would drop the connection)', async () => {
    const { link, bridge } = await connected({ scenario: 'turtlebot_nav' });
    const outcome = await bridge.send('#'.repeat(10_000_100));
    expect(outcome.kind).toBe('not-sent');
    expect(outcome.kind === 'not-sent' && outcome.reason).toMatch(/^publish \/rviz_companion\/rviz_config: the message is \d{8} bytes, over rosbridge's max_message_size of 10000000 bytes$/);
    expect(link.state().presence).toBe('connected');
  });

  it.skipIf(!corpusPresent)('every real corpus config is loaded and comes back unchanged on rviz_config_current', async () => {
    const { sim, bridge } = await connected({ scenario: 'turtlebot_nav', bridge: { loadDelayMs: 0 } });
    await until(() => bridge.state().last, 'the latched status');
    const files = corpusFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const { name, text } of files) {
      const outcome = await bridge.send(text);
      expect(outcome.kind === 'status' && outcome.status.action, name).toBe('loaded');
      expect(sim.bridge?.current(), name).toBe(text);
    }
  });
});
