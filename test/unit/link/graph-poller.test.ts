// The graph poll against a scripted rosbridge: slow answers, failing and malformed endpoint answers.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { waitForState } from './helpers.ts';

type Answer = { delayMs?: number; result: boolean; values: unknown } | 'silent';

let wss: WebSocketServer | undefined;
let link: RobotLink | undefined;
afterEach(async () => {
  link?.close();
  link = undefined;
  if (wss) {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((r) => wss!.close(() => r()));
    wss = undefined;
  }
});

/** A minimal rosbridge that answers call_service from a script keyed by service name (and topic). */
async function scripted(answer: (service: string, args: Record<string, unknown>) => Answer): Promise<string> {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { op: string; id?: string; service?: string; args?: Record<string, unknown> };
      if (msg.op !== 'call_service') return;
      const a = answer(msg.service ?? '', msg.args ?? {});
      if (a === 'silent') return;
      const reply = () => ws.send(JSON.stringify({ op: 'service_response', id: msg.id, service: msg.service, result: a.result, values: a.values }));
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => wss!.once('listening', () => r()));
  return `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
}

const base = (service: string): Answer | undefined => {
  if (service === '/rosapi/topics') return { result: true, values: { topics: ['/a', '/b', '/c'], types: ['std_msgs/msg/String', 'std_msgs/msg/String', 'std_msgs/msg/String'] } };
  if (service === '/rosapi/nodes') return { result: true, values: { nodes: [] } };
  if (service === '/rosapi/get_ros_version') return { result: true, values: { version: 2, distro: 'jazzy' } };
  return undefined;
};

describe('graph poll', () => {
  it('raises graph:slow while a snapshot takes long, and clears it after', async () => {
    const url = await scripted((service, args) => base(service)
      ?? { delayMs: 300, result: true, values: service.endsWith('publishers') ? { publishers: [`/pub${String(args['topic'])}`] } : { subscribers: [] } });
    link = createRosbridgeLink(url, { slowAfterMs: 50 });
    await link.connect();
    const pending = link.snapshot();
    const slow = await waitForState(link, (s) => s.problems.some((p) => p.id === 'graph:slow'));
    expect(slow.problems.find((p) => p.id === 'graph:slow')!.message).toBe(`graph: the snapshot of ${url} is taking more than 0.05 s`);
    const snap = await pending;
    expect(snap.topics.map((t) => t.publishers[0]!.node)).toEqual(['/pub/a', '/pub/b', '/pub/c']);
    expect(snap.ros).toEqual({ version: 2, distro: 'jazzy' });
    expect(link.state().problems.map((p) => p.id)).not.toContain('graph:slow');
  });

  it('failing, malformed and unanswered endpoint queries become one graph:endpoints problem', async () => {
    const url = await scripted((service, args) => {
      const b = base(service);
      if (b) return b;
      if (args['topic'] === '/a' && service.endsWith('publishers')) return { result: false, values: 'no such topic' };
      if (args['topic'] === '/b' && service.endsWith('publishers')) return { result: true, values: { publishers: 'not a list' } };
      if (args['topic'] === '/c' && service.endsWith('subscribers')) return 'silent';
      return { result: true, values: service.endsWith('publishers') ? { publishers: ['/ok'] } : { subscribers: ['/s'] } };
    });
    link = createRosbridgeLink(url, { poll: { concurrency: 8, callTimeoutMs: 200, strategy: 'per-topic' } });
    await link.connect();
    const snap = await link.snapshot();
    const p = snap.problems.find((x) => x.id === 'graph:endpoints')!;
    expect(p.message).toMatch(/^graph: 3 endpoint queries failed: /);
    expect(p.message).toContain('publishers of /a (service /rosapi/publishers failed: no such topic)');
    expect(p.message).toContain('publishers of /b (service /rosapi/publishers: answer has no string array "publishers")');
    expect(p.message).toContain('subscribers of /c (service /rosapi/subscribers: no answer within 200 ms)');
    expect(snap.topics.find((t) => t.name === '/c')!.publishers.map((e) => e.node)).toEqual(['/ok']);
    expect(snap.topics.find((t) => t.name === '/a')!.publishers).toEqual([]);
  });

  it('asks per node when that is fewer calls, and falls back to per topic when a node cannot be asked', async () => {
    const asked: string[] = [];
    const url = await scripted((service, args) => {
      asked.push(service);
      if (service === '/rosapi/nodes') return { result: true, values: { nodes: ['/talker'] } };
      if (service === '/rosapi/node_details') return { result: false, values: 'node is gone' };
      return base(service) ?? { result: true, values: service.endsWith('publishers') ? { publishers: [`/p${String(args['topic'])}`] } : { subscribers: [] } };
    });
    link = createRosbridgeLink(url);
    await link.connect();
    const snap = await link.snapshot();
    expect(asked.filter((s) => s === '/rosapi/node_details')).toHaveLength(1);
    expect(asked.filter((s) => s === '/rosapi/publishers')).toHaveLength(3);
    expect(snap.topics.map((t) => t.publishers.map((p) => p.node))).toEqual([['/p/a'], ['/p/b'], ['/p/c']]);
    expect(snap.problems.map((p) => p.id)).not.toContain('graph:endpoints');
  });

  it('a malformed /rosapi/topics answer fails the snapshot with the culprit', async () => {
    let calls = 0;
    const url = await scripted((service) => {
      if (service === '/rosapi/topics' && ++calls > 1) return { result: true, values: { topics: ['/a'], types: [] } };
      return base(service) ?? { result: true, values: {} };
    });
    link = createRosbridgeLink(url);
    await link.connect();
    await expect(link.snapshot()).rejects.toMatchObject({ code: 'service-failed', message: 'service /rosapi/topics: 1 topics but 0 types' });
  });

  it('rosbridge without rosapi is named as such', async () => {
    const url = await scripted(() => ({ result: false, values: 'Service /rosapi/topics does not exist' }));
    link = createRosbridgeLink(url);
    const err = await link.connect().then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'not-rosbridge',
      message: `${url} speaks rosbridge but /rosapi/topics failed (service /rosapi/topics failed: Service /rosapi/topics does not exist); is rosapi running?` });
  });
});
