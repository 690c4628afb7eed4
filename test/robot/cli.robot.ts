// The CLI against the real layer: graph (topics, reported QoS, TF), push (valid and refused), lint, ask.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraphSnapshot } from '../../src/core/graph/types.ts';
import { LAYER_RVIZ, waitFor } from '../../scripts/robot-layer/layer.ts';
import type { RobotCase, RobotContext } from './harness.ts';

const TEST_ROBOT_TOPICS = ['/scan', '/map', '/robot_description', '/tf', '/tf_static', '/odom', '/points', '/camera/image_raw'];
const TEST_ROBOT_TF: [string, string][] = [
  ['map', 'odom'], ['odom', 'base_footprint'], ['base_footprint', 'base_link'], ['base_link', 'base_scan'], ['base_link', 'camera_link'],
];

async function graph(ctx: RobotContext): Promise<GraphSnapshot> {
  const r = await ctx.cli(['graph', '--url', ctx.layer.url, '--json', '--timeout', '20000']);
  assert.equal(r.code, 0, `graph exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as GraphSnapshot;
}

/** The graph with the bridge's QoS report in it (the bridge polls the graph every second). */
async function reportedGraph(ctx: RobotContext): Promise<GraphSnapshot> {
  let last: GraphSnapshot | undefined;
  await waitFor('a graph with every test-robot topic reported by the bridge', async () => {
    last = await graph(ctx);
    return last.qosReported && TEST_ROBOT_TOPICS.every((name) => last!.topics.find((t) => t.name === name)?.publishers.some((p) => p.source === 'reported'));
  }, 30_000, 500);
  return last!;
}

export const connectCase: RobotCase = {
  name: 'graph: connects to rosbridge-server-rs and lists the test robot, its nodes and the system topics',
  async run(ctx) {
    // rosapi lists what DDS discovery has found so far; a node started last (the bridge) can take a moment.
    const TEST_ROBOT_NODES = ['/lidar', '/map_server', '/robot_state_publisher', '/rviz_companion_bridge'];
    const topics = [...TEST_ROBOT_TOPICS, '/rosout', '/parameter_events', '/rviz_companion/qos'];
    let snap!: GraphSnapshot;
    await waitFor('every test-robot node and topic discovered', async () => {
      snap = await graph(ctx);
      return TEST_ROBOT_NODES.every((n) => snap.nodes.includes(n)) && topics.every((t) => snap.topics.some((e) => e.name === t));
    }, 30_000, 500).catch(() => undefined); // the asserts below name what is missing
    assert.equal(snap.presence, 'connected');
    assert.deepEqual(snap.ros, { version: 2, distro: 'jazzy' });
    const names = snap.topics.map((t) => t.name);
    for (const t of topics) assert.ok(names.includes(t), `${t} in ${names.join(' ')}`);
    assert.equal(snap.topics.find((t) => t.name === '/points')?.type, 'sensor_msgs/msg/PointCloud2');
    assert.equal(snap.topics.find((t) => t.name === '/tf')?.type, 'tf2_msgs/msg/TFMessage');
    for (const n of TEST_ROBOT_NODES) assert.ok(snap.nodes.includes(n), `${n} in ${snap.nodes.join(' ')}`);
  },
};

export const qosCase: RobotCase = {
  name: 'graph: QoS reported by the bridge node (best-effort /scan, transient-local /map, history and depth unknown)',
  async run(ctx) {
    const snap = await reportedGraph(ctx);
    const pub = (topic: string) => {
      const p = snap.topics.find((t) => t.name === topic)?.publishers.find((e) => e.source === 'reported');
      assert.ok(p, `a reported publisher of ${topic}`);
      return p;
    };
    assert.equal(pub('/scan').qos.reliability, 'best_effort');
    assert.equal(pub('/scan').node, '/lidar');
    assert.equal(pub('/camera/image_raw').qos.reliability, 'best_effort');
    for (const t of ['/map', '/robot_description', '/tf_static']) {
      assert.equal(pub(t).qos.durability, 'transient_local', t);
      assert.equal(pub(t).qos.reliability, 'reliable', t);
    }
    assert.equal(pub('/odom').qos.durability, 'volatile');
    // Fast DDS on Jazzy does not propagate history or depth of remote endpoints.
    assert.equal(pub('/scan').qos.history, 'unknown');
    assert.equal(pub('/scan').qos.depth, undefined);
  },
};

export const tfCase: RobotCase = {
  name: 'graph: TF complete (static and dynamic edges of the test robot)',
  async run(ctx) {
    let snap: GraphSnapshot | undefined;
    const missing = (): string[] => TEST_ROBOT_TF.filter(([p, c]) => !snap?.tf.some((e) => e.parent === p && e.child === c)).map(([p, c]) => `${p}→${c}`);
    // graph waits for TF like the app (issue 20 item 7): one run must see every edge.
    snap = await graph(ctx);
    assert.deepEqual(missing(), [], `edges missing from one graph run: ${missing().join(', ')}`);
    assert.equal(snap.tf.find((e) => e.child === 'base_scan')?.isStatic, true);
    assert.equal(snap.tf.find((e) => e.child === 'base_footprint')?.isStatic, false);
  },
};

function tempFile(name: string, text: string): { path: string; done(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'robot-cli-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

export const pushCase: RobotCase = {
  name: 'push: a valid config is loaded by the bridge (fake rviz2 restarted with it); an invalid one is refused',
  async run(ctx) {
    const text = readFileSync(LAYER_RVIZ, 'utf8').replace('Fixed Frame: map', 'Fixed Frame: odom');
    const good = tempFile('good.rviz', text);
    const bad = tempFile('bad.rviz', 'Panels: []\nnot: an rviz config\n');
    try {
      const startsBefore = ctx.layer.rvizStarts().length;
      const ok = await ctx.cli(['push', good.path, '--url', ctx.layer.url, '--json', '--timeout', '30000']);
      assert.equal(ok.code, 0, `push exited ${ok.code}: ${ok.stdout}${ok.stderr}`);
      await waitFor('the fake rviz2 to start with the pushed config', () => ctx.layer.rvizStarts().slice(startsBefore).some((s) => s.config === text), 15_000);
      assert.equal(readFileSync(join(ctx.layer.configDir, 'current.rviz'), 'utf8'), text);

      const refused = await ctx.cli(['push', bad.path, '--url', ctx.layer.url, '--timeout', '30000']);
      assert.equal(refused.code, 1, `an invalid config exits 1: ${refused.stdout}${refused.stderr}`);
      assert.match(refused.stdout + refused.stderr, /Visualization Manager/);
      assert.equal(readFileSync(join(ctx.layer.configDir, 'current.rviz'), 'utf8'), text, 'a refused config writes nothing');
    } finally {
      good.done();
      bad.done();
    }
  },
};

export const lintCase: RobotCase = {
  name: 'lint --url: a Reliable LaserScan on the best-effort /scan is an error from reported QoS',
  async run(ctx) {
    await reportedGraph(ctx);
    const text = readFileSync(LAYER_RVIZ, 'utf8').replace(/(Reliability Policy: )Best Effort(\n\s+Value: \/scan)/, '$1Reliable$2');
    assert.notEqual(text, readFileSync(LAYER_RVIZ, 'utf8'));
    const file = tempFile('reliable-scan.rviz', text);
    try {
      const r = await ctx.cli(['lint', file.path, '--url', ctx.layer.url, '--json'], 90_000);
      assert.equal(r.code, 0, `lint exited ${r.code}: ${r.stderr}`);
      const out = JSON.parse(r.stdout) as { robot?: { findings: { code: string; severity: string; subject: { topic?: string }; evidence: string[] }[] } };
      const findings = out.robot?.findings ?? [];
      const mismatch = findings.find((f) => f.code === 'QOS_RELIABILITY_MISMATCH' && f.subject.topic === '/scan');
      assert.ok(mismatch, `findings: ${findings.map((f) => `${f.code} ${f.subject.topic ?? ''}`).join(', ')}`);
      assert.equal(mismatch.severity, 'error', 'reported QoS makes it an error');
      assert.ok(!findings.some((f) => f.code === 'FRAME_NOT_IN_TF'), `no frame is missing: ${JSON.stringify(findings.filter((f) => f.code === 'FRAME_NOT_IN_TF'))}`);
    } finally {
      file.done();
    }
  },
};

export const askCase: RobotCase = {
  name: 'ask --url: the assistant is grounded in the real robot (context with its findings, then done)',
  async run(ctx) {
    const r = await ctx.cli(['ask', 'why does my laser scan not show up in rviz', '--url', ctx.layer.url, '--provider', 'offline', '--ndjson'], 90_000);
    assert.equal(r.code, 0, `ask exited ${r.code}: ${r.stderr}`);
    const events = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });
    const types = events.map((e) => e.type);
    assert.equal(types[0], 'context', types.join(' '));
    assert.equal(types.at(-1), 'done', types.join(' '));
    assert.ok(types.includes('token'), 'an answer was streamed');
    assert.match(JSON.stringify(events[0]), /\/scan|LaserScan/i, 'the context names the scan');
  },
};
