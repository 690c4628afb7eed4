// `rviz-companion push` against the simulated robot's emulated bridge: exit codes, statuses, and that a refused
// config leaves rviz_config_current as it was.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { main } from '../../../src/cli/main.ts';
import { freePort } from '../link/helpers.ts';
import { CORPUS_DIR } from '../rviz/corpus.ts';
import { eventually } from '../sim/helpers.ts';

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, env: {} }, new AbortController().signal);
  return { code, out, err };
}

const tmp = mkdtempSync(join(tmpdir(), 'push-cli-'));
const write = (name: string, text: string): string => { const p = join(tmp, name); writeFileSync(p, text); return p; };
const original = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');
const corpusDir = CORPUS_DIR;

describe('rviz-companion push', () => {
  let sim: SimHandle;
  beforeAll(async () => { sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 50 } }); });
  afterAll(async () => { await sim.close(); });

  it('valid config: exit 0, status loaded, and rviz_config_current is the file', async () => {
    const text = original.replace('Fixed Frame: map', 'Fixed Frame: odom');
    const file = write('valid.rviz', text);
    const r = await cli(['push', file, '--url', sim.url, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { ok: boolean; outcome: string; status: { action: string; ok: boolean; version: number; took_ms: number }; message: string };
    expect(out).toMatchObject({ ok: true, outcome: 'status', status: { action: 'loaded', ok: true } });
    expect(out.status.took_ms).toBeGreaterThanOrEqual(40);
    expect(out.message).toMatch(/^RViz loaded it in (\d+ ms|\d\.\d s)$/);
    expect(sim.bridge?.current()).toBe(text);
    const plain = await cli(['push', file, '--url', sim.url]);
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^RViz loaded it in (\d+ ms|\d\.\d s)\n$/);
  });

  const refusals: Array<[string, () => string, RegExp]> = [
    ['YAML that does not parse', () => 'Visualization Manager:\n  Displays: [\n    - Class: rviz_default_plugins/Grid\n', /^YAML does not parse: /],
    ['a 6 MB file', () => `${original}\n${'# padding to make the file large\n'.repeat(Math.ceil(6 * 1024 * 1024 / 33))}`, /^too large: \d+ bytes, the limit is 5000000 bytes \(5 MB\)$/],
    ['YAML that is not an RViz config', () => 'Panels: []\nWindow Geometry:\n  Height: 800\n', /^not an RViz config: no top-level "Visualization Manager" key$/],
  ];
  for (const [what, make, reason] of refusals) {
    it(`${what}: exit 1, refused with the reason, current unchanged`, async () => {
      const before = sim.bridge?.current();
      const versionBefore = sim.bridge?.statuses().at(-1)?.version;
      const file = write(`${what.replace(/\W+/g, '-')}.rviz`, make());
      const r = await cli(['push', file, '--url', sim.url, '--json']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.out) as { ok: boolean; status: { action: string; ok: boolean; reason: string; version: number; file: string } };
      expect(out.ok).toBe(false);
      expect(out.status).toMatchObject({ action: 'refused', ok: false, file: '/home/robot/.rviz2/companion/current.rviz', version: versionBefore });
      expect(out.status.reason).toMatch(reason);
      expect(r.err).toMatch(new RegExp(`^rviz-companion push: refused: ${reason.source.slice(1)}`));
      expect(sim.bridge?.current()).toBe(before);
      await eventually(() => { expect(sim.clientCount()).toBe(0); }); // the CLI closed its connection; nothing crashed
    });
  }

  it('a file over rosbridge\'s 10 MB frame limit is not sent at all', async () => {
    const file = write('huge.rviz', 'x'.repeat(10_000_001));
    const r = await cli(['push', file, '--url', sim.url]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/is 10000001 bytes, over rosbridge's max_message_size \(10000000 bytes\); the bridge takes at most 5 MB\. Nothing was sent$/);
  });

  it('a file that is not UTF-8 is not sent', async () => {
    const file = join(tmp, 'latin1.rviz');
    writeFileSync(file, Buffer.from([0x56, 0x69, 0x73, 0xe9, 0x0a]));
    const r = await cli(['push', file, '--url', sim.url]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/latin1\.rviz is not valid UTF-8 text; nothing was sent$/);
  });

  it('a real config from the public corpus is loaded too', async (t) => {
    const name = existsSync(corpusDir) ? readdirSync(corpusDir).filter((f) => f.endsWith('.rviz')).sort()[0] : undefined;
    if (!name) { console.log(`skipped: no .rviz files in ${corpusDir}`); t.skip(); return; }
    const r = await cli(['push', join(corpusDir, name), '--url', sim.url]);
    expect(r.code, r.err).toBe(0);
    expect(sim.bridge?.current()).toBe(readFileSync(join(corpusDir, name), 'utf8'));
  });
});

describe('rviz-companion push against robots without a working bridge', () => {
  it('a read_only robot refuses: exit 1 with the read_only reason', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { readOnly: true } });
    try {
      const before = sim.bridge?.current();
      const r = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', sim.url]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^rviz-companion push: refused: read-only: /);
      expect(sim.bridge?.current()).toBe(before);
    } finally {
      await sim.close();
    }
  });

  it('a write-only bridge (no supervised RViz) answers written: exit 0', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { reload: 'none' } });
    try {
      const r = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', sim.url]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/^The bridge wrote it to \/home\/robot\/\.rviz2\/companion\/current\.rviz \(version 2\); no supervised RViz loads it\n$/);
    } finally {
      await sim.close();
    }
  });

  it('no bridge: exit 1 saying so and naming the launch command; nothing is published', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: false });
    try {
      const r = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', sim.url, '--timeout', '3000']);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^rviz-companion push: no bridge on ws:\/\/127\.0\.0\.1:\d+: nothing subscribes to \/rviz_companion\/rviz_config, so nothing was sent\. On the machine that runs RViz2: ros2 launch rviz_companion_bridge companion\.launch\.py/);
      expect(sim.bridge).toBeUndefined();
    } finally {
      await sim.close();
    }
  });

  it('a robot whose bridge never answers: exit 1, no status in time', async () => {
    // Not about start-up: in 1.5 s a just-started rosbridge has not even delivered the bridge's last status yet.
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 5000 }, server: { discoveryDelayMs: 0 } });
    try {
      const r = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', sim.url, '--timeout', '1500']);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^rviz-companion push: no status from the bridge within 1500 ms/);
    } finally {
      await sim.close();
    }
  });

  it('an unreachable URL: exit 1; a malformed URL: exit 1 with the reason', async () => {
    const port = await freePort();
    const r = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', `ws://127.0.0.1:${port}`, '--timeout', '3000']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^rviz-companion push: unreachable: cannot connect to ws:\/\/127\.0\.0\.1:\d+/);
    const bad = await cli(['push', join(SCENARIOS_DIR, 'qos_traps.rviz'), '--url', 'http//nope']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/not a WebSocket URL/);
  });
});

describe('rviz-companion sim bridge options', () => {
  it('--read-only, --reload none and --no-bridge change the emulated bridge; conflicting flags are refused', async () => {
    for (const [flags, banner] of [[['--read-only'], ', bridge read-only)'], [['--reload', 'none'], ', bridge write only)'], [['--no-bridge'], ', no bridge)']] as const) {
      let out = '';
      const controller = new AbortController();
      const running = main(['sim', '--scenario', 'turtlebot_nav', '--port', '0', ...flags], { stdout: (t) => { out += t; }, stderr: () => undefined, env: {} }, controller.signal);
      for (let i = 0; i < 100 && out === ''; i++) await new Promise((r) => setTimeout(r, 20));
      expect(out.trim().endsWith(banner), out).toBe(true);
      controller.abort();
      expect(await running).toBe(0);
    }
    const bad = await cli(['sim', '--no-bridge', '--read-only', '--port', '0']);
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('rviz-companion sim: --no-bridge cannot be combined with other bridge options');
    const delay = await cli(['sim', '--load-delay', 'soon', '--port', '0']);
    expect(delay.err).toBe('rviz-companion sim: --load-delay: expected 0-60000 ms, got "soon"');
  });
});
