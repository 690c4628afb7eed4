import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { checkRobotUrl, createRosbridgeLink, LinkError } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { fastBackoff, freePort, until, waitForState, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
const servers: { close(cb: () => void): void }[] = [];
afterEach(async () => {
  link?.close();
  link = undefined;
  await sim?.close();
  sim = undefined;
  for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()));
});

describe('URL check', () => {
  it.each([
    ['ws//x', 'it must start with ws:// or wss://'],
    ['http://robot:9090', 'use ws:// or wss:// instead of http://'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['ws://', 'cannot be parsed'],
  ])('rejects %j', (url, why) => {
    const r = checkRobotUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toContain(`not a WebSocket URL: "${url}"`);
      expect(r.reason).toContain(why);
    }
  });
  it.each(['ws://localhost:9090', 'wss://robot.local/rosbridge', 'ws://[::1]:9090'])('accepts %s', (url) => {
    expect(checkRobotUrl(url).ok).toBe(true);
  });
});

describe('RosbridgeLink failures', () => {
  it('a malformed URL fails at once, without connecting', async () => {
    link = createRosbridgeLink('ws//x');
    const err = await link.connect().then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(LinkError);
    expect(err).toMatchObject({ code: 'invalid-url', message: 'not a WebSocket URL: "ws//x" (it must start with ws:// or wss://, e.g. ws://localhost:9090)' });
    const s = link.state();
    expect(s.presence).toBe('error');
    expect(s.problems.map((p) => p.id)).toEqual(['link:invalid-url']);
  });

  it('a closed port is a connection failure that keeps retrying until closed', async () => {
    const port = await freePort();
    link = createRosbridgeLink(`ws://127.0.0.1:${port}`, { backoff: fastBackoff });
    const err = await link.connect().then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'connection-failed' });
    expect((err as Error).message).toMatch(new RegExp(`^cannot connect to ws://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\); retrying in 0\\.05 s$`));
    const s = link.state();
    expect(s.presence).toBe('reconnecting');
    expect(s.problems.find((p) => p.id === 'link:connection-failed')?.severity).toBe('error');
    await expect(link.snapshot()).rejects.toMatchObject({ code: 'not-connected' });
    // It comes up by itself when the robot appears on that port.
    sim = await startSim({ scenario: 'turtlebot_nav', port, server: discoveredAtOnce });
    await waitForState(link, (st) => st.presence === 'connected');
    expect(link.state().problems).toEqual([]);
    link.close();
    expect(link.state().presence).toBe('disconnected');
  });

  it('an HTTP server is not a rosbridge server', async () => {
    const http: Server = createServer((_req, res) => { res.writeHead(200); res.end('hello'); });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    servers.push(http);
    const port = (http.address() as { port: number }).port;
    link = createRosbridgeLink(`ws://127.0.0.1:${port}`, { backoff: fastBackoff });
    const err = await link.connect().then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'not-rosbridge' });
    expect((err as Error).message).toBe(`ws://127.0.0.1:${port} is not a rosbridge server (it answered HTTP instead of a WebSocket: Unexpected server response: 200)`);
    expect(link.state().presence).toBe('error');
  });

  it('a WebSocket server that never answers rosapi is not a rosbridge server', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    servers.push(wss);
    const port = (wss.address() as { port: number }).port;
    link = createRosbridgeLink(`ws://127.0.0.1:${port}`, { backoff: { initialMs: 10_000, maxMs: 10_000, factor: 1 }, probeTimeoutMs: 200 });
    const err = await link.connect().then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'not-rosbridge',
      message: `ws://127.0.0.1:${port} is not a rosbridge server (no answer to /rosapi/topics within 0.2 s)` });
    const s = await waitForState(link, (st) => st.presence === 'error');
    expect(s.problems.map((p) => p.id)).toEqual(['link:not-rosbridge']);
  });

  it('garbage frames from the server become problems; the link keeps working', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    sim.sendRaw('this is {not json');
    sim.sendRaw('[1,2,3]');
    sim.sendRaw(Buffer.from([0xff, 0x00, 0x13]));
    const l = link;
    const state = await waitForState(l, (s) => ['link:frame:not-json', 'link:frame:not-rosbridge-message']
      .every((id) => s.problems.some((p) => p.id === id)));
    expect(state.problems.find((p) => p.id === 'link:frame:not-json')!.message)
      .toMatch(/^rosbridge ws:\/\/127\.0\.0\.1:\d+: dropped a frame that is not JSON \(.*\): "this is \{not json"$/);
    expect(state.presence).toBe('connected');
    const snap = await link.snapshot({ force: true });
    expect(snap.topics.length).toBeGreaterThan(10);
  });

  it('an oversized frame is dropped with a problem; the link keeps working', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url, { maxFrameBytes: 100_000 });
    await link.connect();
    sim.sendRaw(JSON.stringify({ op: 'publish', topic: '/scan', msg: { data: 'x'.repeat(150_000) } }));
    const state = await waitForState(link, (s) => s.problems.some((p) => p.id === 'link:frame:oversized'));
    expect(state.problems.find((p) => p.id === 'link:frame:oversized')!.message)
      .toMatch(/dropped a 150\d{3}-byte frame from the server \(limit 100000 bytes\)$/);
    expect(state.presence).toBe('connected');
    expect((await link.snapshot()).topics.length).toBeGreaterThan(10);
  });

  it('a frame far over the limit closes the socket (ws maxPayload); the link reports it and reconnects', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url, { maxFrameBytes: 50_000, backoff: fastBackoff });
    await link.connect();
    const l = link;
    const lost = waitForState(l, (s) => s.presence === 'reconnecting');
    sim.sendRaw('y'.repeat(500_000));
    const s = await lost;
    expect(s.problems.find((p) => p.id === 'link:frame:oversized')?.message).toMatch(/over twice the 50000-byte limit/);
    await waitForState(l, (st) => st.presence === 'connected');
    await until(() => (l.state().presence === 'connected' ? true : undefined), 'connected again');
  });

  it('close() before the connection opens rejects connect() and stops retrying', async () => {
    const port = await freePort();
    link = createRosbridgeLink(`ws://127.0.0.1:${port}`, { backoff: { initialMs: 10_000, maxMs: 10_000, factor: 1 } });
    const pending = link.connect();
    link.close();
    await expect(pending).rejects.toMatchObject({ code: 'closed' });
    expect(link.state().presence).toBe('disconnected');
  });
});
