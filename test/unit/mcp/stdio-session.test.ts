// `rviz-companion mcp` over stdio, reached with the SDK's own Client, against the simulated robot and its emulated
// bridge: tools and schemas, the snapshot's reported QoS, plan → apply → RViz loaded → undo, stale plans, a config
// changed by another client, bad inputs, and the read-only tools.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { eventually } from '../sim/helpers.ts';
import { call, callError, stdioClient } from './helpers.ts';

type Client = Awaited<ReturnType<typeof stdioClient>>['client'];
interface Plan { plan_id: string; items: { index: number; action: string; property: string; value: string; auto: boolean; checked: boolean }[];
  rejected: { reason: string; description: string }[]; notes: string[]; diff: string; notices: string[] }
interface Bridge { status: string; delivered: boolean; message: string; reason?: string }
interface Config { text: string; same_as_robot: boolean | null; can_undo: boolean; undo_label?: string; notices: string[] }

const original = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');

describe('rviz-companion mcp over stdio, against the simulated robot', () => {
  let sim: SimHandle;
  let mcp: Awaited<ReturnType<typeof stdioClient>>;
  let client: Client;
  beforeAll(async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 50 } });
    mcp = await stdioClient(['--url', sim.url]);
    client = mcp.client;
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await sim?.close();
  });

  it('lists the ten tools, each with a JSON Schema for its input and its structured output', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['apply_plan', 'check_command', 'current_config', 'findings', 'lint_config',
      'plan_display_changes', 'redo', 'robot_snapshot', 'search_docs', 'undo']);
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.description?.length, t.name).toBeGreaterThan(40);
    }
    const plan = tools.find((t) => t.name === 'plan_display_changes')!;
    expect(Object.keys(plan.inputSchema.properties ?? {}).sort()).toEqual(['actions', 'request']);
  });

  it('robot_snapshot has /scan with the QoS the robot\'s bridge reported', async () => {
    const snap = await call<{ qos_reported: boolean; bridge: boolean; topics: { name: string; type: string; publishers: { node: string; reliability: string; durability: string; source: string }[] }[]; tf: unknown[] }>(client, 'robot_snapshot');
    expect(snap.qos_reported).toBe(true);
    expect(snap.bridge).toBe(true);
    const scan = snap.topics.find((t) => t.name === '/scan');
    expect(scan?.type).toBe('sensor_msgs/msg/LaserScan');
    expect(scan?.publishers[0]).toMatchObject({ reliability: 'best_effort', durability: 'volatile', source: 'reported' });
    expect(snap.tf.length).toBeGreaterThan(0);
    const only = await call<{ topics: { name: string }[]; topics_total: number }>(client, 'robot_snapshot', { match: 'scan' });
    expect(only.topics.map((t) => t.name)).toEqual(['/scan']);
    expect(only.topics_total).toBeGreaterThan(1);
  });

  it('plans "show the lidar coloured by height", applies it (RViz loaded it, the robot runs current_config), and undo restores the robot\'s config', async () => {
    const start = await call<Config>(client, 'current_config');
    expect(start.text).toBe(original);
    expect(start.same_as_robot).toBe(true);

    const plan = await call<Plan>(client, 'plan_display_changes', { request: 'show the lidar coloured by height' });
    expect(plan.plan_id).toMatch(/^p\d+-[0-9a-f]{6}$/);
    expect(plan.items).toContainEqual(expect.objectContaining({ action: 'set_property', property: 'Color Transformer', value: 'AxisColor', auto: true, checked: true }));
    expect(plan.diff).toMatch(/^\+\s+Color Transformer: AxisColor$/m);
    expect(sim.bridge?.current()).toBe(original); // planning writes nothing

    const applied = await call<{ bridge: Bridge; applied: string[]; can_undo: boolean }>(client, 'apply_plan', { plan_id: plan.plan_id });
    expect(applied.bridge).toMatchObject({ status: 'loaded', delivered: true });
    expect(applied.applied.length).toBe(plan.items.filter((i) => i.checked).length);
    const now = await call<Config>(client, 'current_config');
    expect(now.text).not.toBe(original);
    expect(now.text).toMatch(/Color Transformer: AxisColor/);
    expect(sim.bridge?.current()).toBe(now.text);
    expect(now.notices).toEqual([]); // our own config echoing back is not a change by another client

    const again = await callError(client, 'apply_plan', { plan_id: plan.plan_id });
    expect(again).toMatch(/applied already/);

    const undone = await call<{ undone: string; bridge: Bridge; can_redo: boolean }>(client, 'undo');
    expect(undone.undone).toContain(plan.plan_id);
    expect(undone.bridge.status).toBe('loaded');
    expect(sim.bridge?.current()).toBe(original);
    expect((await call<Config>(client, 'current_config')).text).toBe(original);
  });

  it('refuses a plan made on an older config as stale, and changes nothing', async () => {
    const older = await call<Plan>(client, 'plan_display_changes', { request: 'set the fixed frame to odom' });
    const newer = await call<Plan>(client, 'plan_display_changes', { request: 'hide the grid' });
    await call(client, 'apply_plan', { plan_id: newer.plan_id });
    const robotBefore = sim.bridge?.current();
    const stale = await callError(client, 'apply_plan', { plan_id: older.plan_id });
    expect(stale).toMatch(new RegExp(`plan ${older.plan_id} is stale: it was made on an older config`));
    expect(stale).toMatch(/Nothing was applied; call plan_display_changes again/);
    expect(sim.bridge?.current()).toBe(robotBefore);
    await call(client, 'undo');
    expect(sim.bridge?.current()).toBe(original);
  });

  it('runs two apply_plan calls of one plan one after the other: one applies, the other is refused', async () => {
    const plan = await call<Plan>(client, 'plan_display_changes', { request: 'hide the grid' });
    const results = await Promise.all([1, 2].map(() => client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id } })));
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    const refused = results.find((r) => r.isError);
    expect(JSON.stringify(refused?.content)).toMatch(/applied already/);
    await call(client, 'undo');
    expect(sim.bridge?.current()).toBe(original);
  });

  it('takes the robot\'s config changed by another client as one undo step, says so once, and refuses plans made before it', async () => {
    const before = await call<Plan>(client, 'plan_display_changes', { request: 'hide the grid' });
    const elsewhere = original.replace('Fixed Frame: map', 'Fixed Frame: odom');
    expect(elsewhere).not.toBe(original);
    sim.bridge!.receive({ data: elsewhere }); // another client publishes on /rviz_companion/rviz_config
    let seen: Config | undefined;
    const notices: string[] = [];
    await eventually(async () => {
      seen = await call<Config>(client, 'current_config');
      notices.push(...seen.notices);
      expect(seen.text).toBe(elsewhere);
    }, 10_000);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/changed by another client/);
    expect(seen!.undo_label).toBe('changed by another client');
    expect((await call<Config>(client, 'current_config')).notices).toEqual([]);

    expect(await callError(client, 'apply_plan', { plan_id: before.plan_id })).toMatch(/is stale/);
    expect(sim.bridge?.current()).toBe(elsewhere); // never overwritten by the older document

    const undone = await call<{ undone: string; bridge: Bridge }>(client, 'undo');
    expect(undone.undone).toBe('changed by another client');
    expect(undone.bridge.status).toBe('loaded');
    expect(sim.bridge?.current()).toBe(original);
    await call(client, 'redo');
    expect(sim.bridge?.current()).toBe(elsewhere);
    expect(await callError(client, 'redo')).toMatch(/nothing to redo/);
    await call(client, 'undo');
  });

  it('plans actions given as Plan JSON, rejecting a wrong one with its reason', async () => {
    const plan = await call<Plan>(client, 'plan_display_changes', { actions: [
      { action: 'add_display', display_type: 'LaserScan', topic: '/map' },
      { action: 'set_fixed_frame', frame: 'odom' },
    ] });
    expect(plan.rejected).toHaveLength(1);
    expect(plan.rejected[0]!.reason).toMatch(/\/map/);
    expect(plan.items).toContainEqual(expect.objectContaining({ action: 'set_fixed_frame', checked: true }));
  });

  it('refuses bad inputs with clear messages and keeps serving', async () => {
    expect(await callError(client, 'plan_display_changes', {})).toMatch(/give either \{ request/);
    expect(await callError(client, 'plan_display_changes', { request: 'show the map', actions: [{ action: 'set_fixed_frame', frame: 'map' }] })).toMatch(/not both/);
    expect(await callError(client, 'plan_display_changes', { request: 'x'.repeat(2001) })).toMatch(/request is longer than 2000 characters/);
    expect(await callError(client, 'plan_display_changes', { actions: [{ action: 'format_disk' }] })).toMatch(/Input validation error.*action/s);
    expect(await callError(client, 'plan_display_changes', { actions: [{ action: 'set_fixed_frame', frame: 'map', shell: 'rm -rf /' }] })).toMatch(/Input validation error.*shell/s);
    expect(await callError(client, 'plan_display_changes', { actions: Array.from({ length: 41 }, () => ({ action: 'set_fixed_frame', frame: 'map' })) })).toMatch(/at most 40 actions/);
    expect(await callError(client, 'apply_plan', { plan_id: 'p99-abcdef' })).toMatch(/no plan "p99-abcdef" in this session/);
    expect(await callError(client, 'apply_plan', {})).toMatch(/Input validation error.*plan_id/s);
    const plan = await call<Plan>(client, 'plan_display_changes', { request: 'hide the grid' });
    expect(await callError(client, 'apply_plan', { plan_id: plan.plan_id, uncheck: [plan.items.length + 3] })).toMatch(/uncheck: no item/);
    expect(await callError(client, 'apply_plan', { plan_id: plan.plan_id, uncheck: plan.items.map((i) => i.index) })).toMatch(/no checked item left/);
    expect(await callError(client, 'lint_config', { text: 'Panels: [' })).toMatch(/YAML|parse/i);
    expect(await callError(client, 'check_command', { line: 'please delete everything' })).toMatch(/no `ros2 …` or `rviz-companion …` command/);
    expect(await callError(client, 'search_docs', { query: '' })).toMatch(/query is empty/);
    expect(await callError(client, 'no_such_tool')).toMatch(/Tool no_such_tool not found/);
    expect(sim.bridge?.current()).toBe(original);
    const snap = await call<{ topics: unknown[] }>(client, 'robot_snapshot');
    expect(snap.topics.length).toBeGreaterThan(0);
  });

  it('findings, lint_config, check_command and search_docs answer from rules and the knowledge base', async () => {
    const traps = readFileSync(join(SCENARIOS_DIR, 'qos_traps.rviz'), 'utf8');
    const lint = await call<{ problems: unknown[]; findings: { code: string; check_commands: string[] }[] }>(client, 'lint_config', { text: traps });
    expect(lint.findings.length).toBeGreaterThan(0);
    for (const f of lint.findings) expect(f.check_commands.length, f.code).toBeGreaterThan(0);
    const findings = await call<{ findings: unknown[]; sampled_ms: number }>(client, 'findings');
    expect(Array.isArray(findings.findings)).toBe(true);
    const good = await call<{ commands: { valid: boolean }[] }>(client, 'check_command', { line: 'ros2 topic info --verbose /scan' });
    expect(good.commands).toEqual([expect.objectContaining({ valid: true })]);
    const bad = await call<{ commands: { valid: boolean; problem?: string }[] }>(client, 'check_command', { line: 'ros2 topic echo --qos-bogus /scan' });
    expect(bad.commands[0]).toMatchObject({ valid: false, problem: expect.stringMatching(/do not run/) });
    const docs = await call<{ no_match: boolean; entries: { url: string }[] }>(client, 'search_docs', { query: 'QoS reliability best effort laser scan not showing' });
    expect(docs.no_match).toBe(false);
    for (const e of docs.entries) expect(e.url).toMatch(/^https:\/\//);
  });

  it('offers the current .rviz and each display type\'s catalog entry as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('rviz://config/current');
    expect(resources.map((r) => r.uri)).toContain('rviz://catalog/LaserScan');
    const config = await client.readResource({ uri: 'rviz://config/current' });
    expect((config.contents[0] as { text: string }).text).toBe(original);
    const scan = await client.readResource({ uri: 'rviz://catalog/LaserScan' });
    expect(JSON.parse((scan.contents[0] as { text: string }).text)).toMatchObject({ classId: 'rviz_default_plugins/LaserScan' });
  });
});

describe('rviz-companion mcp --read-only', () => {
  let sim: SimHandle;
  let mcp: Awaited<ReturnType<typeof stdioClient>>;
  beforeAll(async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: 50 } });
    mcp = await stdioClient(['--url', sim.url, '--read-only']);
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await sim?.close();
  });

  it('registers no writing tool: apply_plan, undo and redo are not listed and cannot be called', async () => {
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('apply_plan');
    expect(names).not.toContain('undo');
    expect(names).not.toContain('redo');
    expect(names).toContain('plan_display_changes');
    const plan = await call<Plan>(mcp.client, 'plan_display_changes', { request: 'show the lidar coloured by height' });
    expect(plan.notes.join(' ')).toMatch(/read-only/);
    expect(await callError(mcp.client, 'apply_plan', { plan_id: plan.plan_id })).toMatch(/Tool apply_plan not found/);
    expect(sim.bridge?.current()).toBe(original);
  });
});
