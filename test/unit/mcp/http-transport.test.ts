// `rviz-companion mcp --http`: Streamable HTTP on loopback only, a bearer token on every request, and the same tools as
// over stdio; two HTTP clients are two sessions on one robot, each seeing the other's apply as an external change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { main } from '../../../src/cli/main.ts';
import { eventually } from '../sim/helpers.ts';
import { call, callError, httpClient, httpServer } from './helpers.ts';

const original = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');
const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('rviz-companion mcp --http', () => {
  let sim: SimHandle;
  let server: Awaited<ReturnType<typeof httpServer>>;
  beforeAll(async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 50 } });
    server = await httpServer(['--url', sim.url, '--http', '127.0.0.1:0']);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await sim?.close();
  });

  it('serves on a loopback URL and prints a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('refuses requests without the token or with a wrong one (401), and a foreign Host header (403)', async () => {
    const none = await fetch(server.url, { method: 'POST', headers, body: initialize });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).toMatch(/missing or wrong bearer token/);
    const wrong = await fetch(server.url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${server.token.slice(0, -1)}x` }, body: initialize });
    expect(wrong.status).toBe(401);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${server.token}`, host: 'attacker.example:80' } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      req.on('error', reject);
      req.end(initialize);
    });
    expect(status).toBe(403);
    await expect(httpClient(server.url, 'not-the-token')).rejects.toThrow();
  });

  it('with the token: plan → apply → loaded; a second client sees it as a change by another client and its Undo restores the config', async () => {
    const a = await httpClient(server.url, server.token);
    const b = await httpClient(server.url, server.token);
    try {
      expect((await a.listTools()).tools.map((t) => t.name)).toContain('apply_plan');
      const fromB = await call<{ plan_id: string }>(b, 'plan_display_changes', { request: 'hide the grid' });
      const plan = await call<{ plan_id: string }>(a, 'plan_display_changes', { request: 'show the lidar coloured by height' });
      const applied = await call<{ bridge: { status: string } }>(a, 'apply_plan', { plan_id: plan.plan_id });
      expect(applied.bridge.status).toBe('loaded');
      const text = (await call<{ text: string }>(a, 'current_config')).text;
      expect(sim.bridge?.current()).toBe(text);

      // Plans are the session's own: B cannot apply A's plan, and B's own plan is stale after A's change.
      expect(await callError(b, 'apply_plan', { plan_id: plan.plan_id })).toMatch(/no plan .* in this session/);
      let notices: string[] = [];
      await eventually(async () => {
        const seen = await call<{ text: string; notices: string[] }>(b, 'current_config');
        notices = [...notices, ...seen.notices];
        expect(seen.text).toBe(text);
      }, 10_000);
      expect(notices.join(' ')).toMatch(/changed by another client/);
      expect(await callError(b, 'apply_plan', { plan_id: fromB.plan_id })).toMatch(/is stale/);
      const undone = await call<{ undone: string; bridge: { status: string } }>(b, 'undo');
      expect(undone).toMatchObject({ undone: 'changed by another client', bridge: { status: 'loaded' } });
      expect(sim.bridge?.current()).toBe(original);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('rviz-companion mcp --http on a non-loopback address', () => {
  for (const address of ['0.0.0.0:8765', '192.168.1.5:8765', 'example.com:8765']) {
    it(`refuses ${address} with a clear error and exit code 2`, async () => {
      let err = '';
      const code = await main(['mcp', '--url', 'ws://127.0.0.1:1', '--http', address], { stdout: () => {}, stderr: (t) => { err += t; }, env: {} }, new AbortController().signal);
      expect(code).toBe(2);
      expect(err).toMatch(/is not a loopback address; the MCP server listens only on 127\.0\.0\.1, localhost or \[::1\]/);
    }, 60_000); // the first one loads the command's modules
  }
});
