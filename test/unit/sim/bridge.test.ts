// The simulated robot's bridge emulation: its refusal rules on their own, then over the wire with real roslib
// (status latched for late subscribers, version counter, load delay, debounce, RViz exiting, scenario options).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Topic } from 'roslib';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, refusalReason, type SimBridgeStatus } from '../../../sim/bridge.ts';
import { loadScenario, parseScenario, SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { startSim } from '../../../sim/server.ts';
import { callService, collect, connectRos, eventually, protocolServer } from './helpers.ts';

const nav = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');

describe('refusalReason', () => {
  it('takes a real RViz config, and refuses each kind of bad input with its reason', () => {
    expect(refusalReason(nav, false)).toBeUndefined();
    expect(refusalReason(nav, true)).toBe('read-only: this bridge runs with read_only:=true and accepts no config');
    expect(refusalReason('x'.repeat(MAX_CONFIG_BYTES + 1), false)).toBe('too large: 5000001 bytes, the limit is 5000000 bytes (5 MB)');
    expect(refusalReason(`Visualization Manager: {}\n#${'x'.repeat(MAX_CONFIG_BYTES - 27)}`, false)).toBeUndefined();
    // Exactly at the limit counts UTF-8 bytes, not characters: "é" is two.
    expect(refusalReason(`Visualization Manager: {}\n#${'é'.repeat(MAX_CONFIG_BYTES / 2)}`, false)).toMatch(/^too large: /);
    expect(refusalReason(`Visualization Manager: {}\nName: "bad \ud800 here"\n`, false)).toBe('invalid UTF-8: unpaired surrogate at character 37');
    expect(refusalReason('Visualization Manager: {}\nName: "caf\uFFFD"\n', false)).toBe('invalid UTF-8: replacement character U+FFFD at character 36 (the message had bytes that are not UTF-8)');
    expect(refusalReason('Visualization Manager:\n  Displays: [\n', false)).toMatch(/^YAML does not parse: /);
    expect(refusalReason('Panels: []\n', false)).toBe('not an RViz config: no top-level "Visualization Manager" key');
    expect(refusalReason('- Visualization Manager\n', false)).toMatch(/^not an RViz config/);
    expect(refusalReason('', false)).toMatch(/^not an RViz config/);
    expect(refusalReason(42, false)).toMatch(/^not a string/);
  });

  it('reads duplicate keys as PyYAML does (the later wins) instead of refusing', () => {
    expect(refusalReason('Visualization Manager: {}\nPanels: []\nPanels: []\n', false)).toBeUndefined();
  });
});

describe('scenario options', () => {
  it('turtlebot_nav runs the config loader with the defaults; bridge settings and "no bridge" come from the scenario', () => {
    const s = loadScenario('turtlebot_nav');
    if (!s.ok) throw new Error(s.reason);
    expect(s.scenario.bridge).toEqual({ config: true, readOnly: false, reload: 'restart', loadDelayMs: 300 });
    expect(s.scenario.topics.map((t) => t.name)).toEqual(expect.arrayContaining(['/rviz_companion/rviz_config_status', '/rviz_companion/rviz_config']));
    const ro = parseScenario({ name: 'ro', description: 'd', distro: 'jazzy', bridge: { readOnly: true, loadDelayMs: 10 } });
    expect(ro.ok && ro.scenario.bridge).toEqual({ config: false, readOnly: true, reload: 'restart', loadDelayMs: 10 });
    const none = parseScenario({ name: 'n', description: 'd', distro: 'jazzy', bridgeQos: false, bridge: { readOnly: true } });
    expect(none.ok && none.scenario.bridge).toBeUndefined();
    expect(none.ok && none.scenario.topics).toEqual([]);
    const bad = parseScenario({ name: 'b', description: 'd', distro: 'jazzy', bridge: { reload: 'sometimes' } });
    expect(bad.ok ? '' : bad.reason).toMatch(/\/bridge\/reload must be equal to one of the allowed values \(allowed: restart, none\)/);
  });
});

async function statusesOf(url: string, count: number, timeoutMs = 3000): Promise<SimBridgeStatus[]> {
  const ros = await connectRos(url);
  try {
    const got = await collect<{ data: string }>(ros, '/rviz_companion/rviz_config_status', count, { timeoutMs });
    return got.map((m) => JSON.parse(m.data) as SimBridgeStatus);
  } finally {
    ros.close();
  }
}

describe('the emulated bridge over rosbridge', () => {
  it('answers a config after its load delay, latches status and current for late subscribers, and counts versions', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 150 }, server: protocolServer });
    const ros = await connectRos(sim.url);
    try {
      const [startup] = await statusesOf(sim.url, 1);
      expect(startup).toMatchObject({ ok: true, action: 'loaded', version: 1, reason: '', file: '/home/robot/.rviz2/companion/current.rviz' });
      const next = nav.replace('Fixed Frame: map', 'Fixed Frame: odom');
      const sentAt = Date.now();
      new Topic({ ros, name: '/rviz_companion/rviz_config', messageType: 'std_msgs/msg/String' }).publish({ data: next });
      await eventually(() => { expect(sim.bridge?.statuses()).toHaveLength(2); });
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(140);
      const [late] = await statusesOf(sim.url, 1);
      expect(late).toMatchObject({ ok: true, action: 'loaded', version: 2 });
      expect(late?.took_ms).toBeGreaterThanOrEqual(140);
      expect(Object.keys(late ?? {}).sort()).toEqual(['action', 'file', 'mode', 'ok', 'reason', 'stamp', 'took_ms', 'version']);
      const [current] = await collect<{ data: string }>(ros, '/rviz_companion/rviz_config_current', 1);
      expect(current?.data).toBe(next);
      const pubs = await callService<{ publishers: string[] }>(ros, 'rosapi/publishers', { topic: '/rviz_companion/rviz_config_status' });
      expect(pubs.publishers).toEqual(['/rviz_companion_bridge']);
    } finally {
      ros.close();
      await sim.close();
    }
  });

  it('a 6 MB config through roslib reaches the size check and is refused at once; the robot carries on', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 20 }, server: protocolServer });
    const ros = await connectRos(sim.url);
    try {
      const big = `${nav}\n${'#'.repeat(6 * 1024 * 1024)}\n`;
      new Topic({ ros, name: '/rviz_companion/rviz_config', messageType: 'std_msgs/msg/String' }).publish({ data: big });
      await eventually(() => { expect(sim.bridge?.statuses().at(-1)?.action).toBe('refused'); });
      expect(sim.bridge?.statuses().at(-1)).toMatchObject({ ok: false, version: 1, file: '/home/robot/.rviz2/companion/current.rviz', reason: expect.stringMatching(/^too large: \d{7} bytes, the limit is 5000000 bytes \(5 MB\)$/) });
      expect(sim.bridge?.current()).toBe(nav);
      expect(await callService<{ topics: string[] }>(ros, 'rosapi/topics')).toHaveProperty('topics');
    } finally {
      ros.close();
      await sim.close();
    }
  });

  it('configs arriving while RViz loads are one reload of the last; RViz exiting is reported', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 200 }, server: protocolServer });
    const ros = await connectRos(sim.url);
    try {
      const topic = new Topic({ ros, name: '/rviz_companion/rviz_config', messageType: 'std_msgs/msg/String' });
      const texts = ['odom', 'base_link', 'base_footprint', 'base_scan'].map((f) => nav.replace('Fixed Frame: map', `Fixed Frame: ${f}`));
      for (const data of texts) topic.publish({ data });
      await eventually(() => { expect(sim.bridge?.current()).toBe(texts[3]); });
      await new Promise((r) => setTimeout(r, 250));
      // The first loads at once; the three behind it collapse into one reload of the last.
      expect(sim.bridge?.statuses().map((s) => `${s.action}:${s.version}`)).toEqual(['loaded:1', 'loaded:2', 'loaded:3']);
      sim.bridge?.exitRviz();
      const [exited] = await statusesOf(sim.url, 1);
      expect(exited).toMatchObject({ ok: false, action: 'rviz_exited', version: 3 });
    } finally {
      ros.close();
      await sim.close();
    }
  });

  it('write only (reload none) answers written; read_only refuses everything; no bridge has no /rviz_companion topics', async () => {
    const writeOnly = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { reload: 'none' }, server: protocolServer });
    const readOnly = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { readOnly: true }, server: protocolServer });
    const none = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: false, server: protocolServer });
    const clients = await Promise.all([writeOnly, readOnly, none].map((s) => connectRos(s.url)));
    try {
      for (const ros of clients.slice(0, 2)) new Topic({ ros, name: '/rviz_companion/rviz_config', messageType: 'std_msgs/msg/String' }).publish({ data: nav });
      await eventually(() => { expect(writeOnly.bridge?.statuses().at(-1)).toMatchObject({ action: 'written', ok: true, version: 2 }); });
      await eventually(() => { expect(readOnly.bridge?.statuses().at(-1)).toMatchObject({ action: 'refused', ok: false, version: 1, reason: expect.stringMatching(/^read-only: /) }); });
      const topics = await callService<{ topics: string[] }>(clients[2]!, 'rosapi/topics');
      expect(topics.topics.filter((t) => t.startsWith('/rviz_companion/'))).toEqual([]);
      expect(none.bridge).toBeUndefined();
      const nodes = await callService<{ nodes: string[] }>(clients[2]!, 'rosapi/nodes');
      expect(nodes.nodes).not.toContain('/rviz_companion_bridge');
    } finally {
      for (const c of clients) c.close();
      await Promise.all([writeOnly.close(), readOnly.close(), none.close()]);
    }
  });
});
