// `rviz-companion sim`: the one-line banner, running until aborted, and a clear error when the port is taken.
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { startSim } from '../../../sim/server.ts';
import { RawClient } from './helpers.ts';

function io(): { out: string[]; err: string[]; stdout: (t: string) => void; stderr: (t: string) => void; env: NodeJS.ProcessEnv } {
  const out: string[] = [], err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {} };
}

describe('sim command', () => {
  it('prints where it listens, serves until aborted, then exits 0', async () => {
    const cap = io();
    const controller = new AbortController();
    const running = main(['sim', '--scenario', 'qos_traps', '--port', '0'], cap, controller.signal);
    for (let i = 0; i < 100 && cap.out.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const line = cap.out.join('');
    expect(line).toMatch(/^sim: scenario qos_traps on ws:\/\/127\.0\.0\.1:\d+ \(14 topics\)\n$/);
    const url = /ws:\/\/\S+/.exec(line)?.[0] ?? '';
    const c = await RawClient.open(url);
    c.send({ op: 'call_service', id: 'v', service: 'rosapi/get_ros_version' });
    expect(await c.waitFor((f) => f['id'] === 'v')).toMatchObject({ values: { version: 2, distro: 'humble' } });
    c.close();
    controller.abort();
    expect(await running).toBe(0);
  });

  it('fails with exit 1 and a clear message when the port is in use, or the scenario or port is bad', async () => {
    const holder = await startSim({ scenario: 'empty', port: 0 });
    try {
      const cap = io();
      expect(await main(['sim', '--port', String(holder.port)], cap, new AbortController().signal)).toBe(1);
      expect(cap.err.join('')).toMatch(new RegExp(`rviz-companion sim: port ${holder.port} on 127\\.0\\.0\\.1 is already in use`));
    } finally {
      await holder.close();
    }
    const bad = io();
    expect(await main(['sim', '--scenario', 'nope', '--port', '0'], bad, new AbortController().signal)).toBe(1);
    expect(bad.err.join('')).toContain('scenario "nope" cannot be read');
    const port = io();
    expect(await main(['sim', '--port', 'abc'], port, new AbortController().signal)).toBe(1);
    expect(port.err.join('')).toContain('--port: expected a port number');
  });
});
