import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { main } from '../../../src/cli/main.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { freePort } from './helpers.ts';

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, env: {} }, new AbortController().signal);
  return { code, out, err };
}

describe('rviz-companion graph', () => {
  let big: SimHandle;
  beforeAll(async () => { big = await startSim({ scenario: 'big_graph', port: 0 }); });
  afterAll(async () => { await big.close(); });

  it('--json lists all 1,000 topics of big_graph with types and QoS', async () => {
    const r = await cli(['graph', '--url', big.url, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const snap = JSON.parse(r.out) as GraphSnapshot;
    expect(snap.topics).toHaveLength(big.scenario.topics.length);
    expect(snap.topics.length).toBeGreaterThanOrEqual(1000);
    expect(snap.topics.every((t) => t.type.includes('/msg/'))).toBe(true);
    const published = snap.topics.filter((t) => t.publishers.length > 0);
    expect(published.length).toBeGreaterThanOrEqual(990);
    expect(published.every((t) => t.publishers.every((p) => p.source === 'reported' && p.qos.reliability !== 'unknown'))).toBe(true);
  });

  it('prints a readable table with the TF frames', async () => {
    const r = await cli(['graph', '--url', big.url]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^robot ws:\/\/127\.0\.0\.1:\d+ \(connected, ROS 2 \w+\): 1000 topics/);
    expect(lines[2]).toMatch(/^TOPIC\s+TYPE\s+PUBS\s+SUBS\s+RATE\s+PUBLISHER QOS \(SOURCE\)$/);
    expect(lines.filter((l) => / (reported|inferred|unknown)$|  -$/.test(l)).length).toBeGreaterThanOrEqual(1000);
    expect(r.out).toMatch(/^FRAME\s+PARENT\s+KIND\s+AGE\s+STATE$/m);
  });

  it('a malformed URL is a clear error with exit 1', async () => {
    const r = await cli(['graph', '--url', 'http://robot:9090']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('rviz-companion graph: not a WebSocket URL: "http://robot:9090" (use ws:// or wss:// instead of http://)');
  });

  it('a closed port is a clear error with exit 1', async () => {
    const port = await freePort();
    const r = await cli(['graph', '--url', `ws://127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^rviz-companion graph: cannot connect to ws://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)$`));
  });

  it('a WebSocket server that never answers is named within --timeout', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
    try {
      const r = await cli(['graph', '--url', url, '--timeout', '1000']);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`rviz-companion graph: ${url} is not a rosbridge server (no answer to /rosapi/topics within 0.5 s)`);
    } finally {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    }
  });

  it('waits like the app on a robot whose rosbridge just started: the whole graph, static and dynamic TF', async () => {
    const fresh = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 1500 } });
    try {
      const r = await cli(['graph', '--url', fresh.url, '--json']);
      expect(r.err).toBe('');
      const snap = JSON.parse(r.out) as GraphSnapshot;
      expect(snap.topics.map((t) => t.name).sort()).toEqual(fresh.scenario.topics.map((t) => t.name).sort());
      const children = (isStatic: boolean) => snap.tf.filter((e) => e.isStatic === isStatic).map((e) => e.child).sort();
      expect(children(true)).toEqual(fresh.scenario.tf.frames.filter((f) => !f.dynamic).map((f) => f.child).sort());
      expect(children(false)).toEqual(fresh.scenario.tf.frames.filter((f) => f.dynamic).map((f) => f.child).sort());
    } finally {
      await fresh.close();
    }
  });

  it('says on stderr which TF is missing, and still prints the graph', async () => {
    const still = await startSim({ scenario: 'turtlebot_nav', port: 0, server: { discoveryDelayMs: 0 } });
    still.setPaused('/tf', true);
    try {
      const r = await cli(['graph', '--url', still.url, '--timeout', '8000']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^robot ws:/);
      expect(r.err).toBe('graph: TF incomplete: no dynamic transforms from /tf (published by /amcl, /turtlebot3_node)\n');
    } finally {
      await still.close();
    }
  });

  it('a missing --url or a bad --timeout is exit 1', async () => {
    expect((await cli(['graph'])).err).toBe('rviz-companion graph: --url is required, e.g. --url ws://localhost:9090');
    const r = await cli(['graph', '--url', big.url, '--timeout', 'soon']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--timeout: expected a positive number of milliseconds, got "soon"');
  });
});
