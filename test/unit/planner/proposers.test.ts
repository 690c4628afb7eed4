// The model path against loopback Ollama/OpenAI servers, a scripted proposer, the offline planner beyond the bench,
// and the plan CLI through main().
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { createModelClient } from '../../../src/llm/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { createModelProposer, createOfflineProposer, planRequest, PlannerError, type Proposer } from '../../../src/core/planner/index.ts';
import { applyActions } from '../../../src/core/rviz/index.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../fakes/llm-servers.ts';
import { startSim } from '../../../sim/server.ts';
import { doc, snapshot, trapDoc, topic, defaultTopics, DEFAULT } from './fixtures.ts';

const row = (o: Record<string, string>) => ({ action: '', display_type: '', topic: '', display: '', property: '', value: '', frame: '', ...o });
const scripted = (actions: unknown[]): Proposer => ({ id: 'scripted', usesPrompt: false, propose: async () => ({ actions, notes: [] }) });

describe('model proposer over loopback servers', () => {
  let ollama: FakeServer;
  let openai: FakeServer;
  beforeAll(async () => { ollama = await startFakeOllama(); openai = await startFakeOpenAI(); });
  afterAll(async () => { await ollama.close(); await openai.close(); });

  const proposerFor = async (server: FakeServer, provider: 'ollama' | 'openai') =>
    createModelProposer(await createModelClient({ provider, model: provider === 'ollama' ? 'qwen2.5:7b-instruct' : 'gpt-4o-mini', baseUrl: server.url }));

  it('plans from a valid reply and sends the schema with enums of live topics', async () => {
    ollama.push({ json: { actions: [row({ action: 'add_display', display_type: 'LaserScan', topic: '/scan' })], notes: [], undo_first: false } });
    const r = await planRequest({ request: 'show the lidar', document: doc(), snapshot: snapshot(), proposer: await proposerFor(ollama, 'ollama') });
    expect(r.plan.actions.map((a) => `${a.origin} ${a.action} ${a.property}`)).toEqual(['model add_display ', 'auto set_property Topic/Reliability Policy']);
    expect(r.model).toMatchObject({ attempts: 1, schemaValid: true });
    const body = ollama.requests.filter((q) => q.path === '/api/chat').at(-1)!.body as { format: { properties: { actions: { items: { properties: { topic: { enum: string[] } } } } } } };
    expect(body.format.properties.actions.items.properties.topic.enum).toContain('/scan');
    expect(r.prompt!.text).toMatch(/LaserScan \(rviz_default_plugins\/LaserScan\)/);
  });

  it('retries once with the validator message, then plans', async () => {
    openai.push({ content: 'not json at all' }, { json: { actions: [], notes: ['nothing to do'], undo_first: false } });
    const r = await planRequest({ request: 'show the lidar', document: doc(), snapshot: snapshot(), proposer: await proposerFor(openai, 'openai') });
    expect(r.model!.attempts).toBe(2);
    expect(r.plan.notes).toEqual(['nothing to do']);
    const retry = openai.requests.filter((q) => q.path.endsWith('/chat/completions')).at(-1)!.body as { messages: { content: string }[] };
    expect(retry.messages.at(-1)!.content).toMatch(/Your reply was refused/);
  });

  it('fails clearly after garbage twice, an empty reply twice, or 500 actions; nothing is planned', async () => {
    ollama.push({ invalidJson: true }, { content: 'garbage' });
    await expect(planRequest({ request: 'x', document: doc(), proposer: await proposerFor(ollama, 'ollama') })).rejects.toThrow(/not valid JSON[\s\S]*after one retry\); nothing was planned/);
    ollama.push({ empty: true }, { empty: true });
    await expect(planRequest({ request: 'x', document: doc(), proposer: await proposerFor(ollama, 'ollama') })).rejects.toThrow(PlannerError);
    const many = { actions: Array.from({ length: 500 }, () => row({ action: 'set_fixed_frame', frame: 'map' })), notes: [], undo_first: false };
    ollama.push({ json: many }, { json: many });
    const err = await planRequest({ request: 'x', document: doc(), proposer: await proposerFor(ollama, 'ollama') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlannerError);
    expect((err as PlannerError).kind).toBe('too_many_actions');
    expect((err as Error).message).toMatch(/500 actions; at most 40/);
  });

  it('refuses a reply none of whose actions is known, twice', async () => {
    const bad = { actions: [row({ action: 'launch_rocket' })], notes: [], undo_first: false };
    openai.push({ json: bad }, { json: bad });
    await expect(planRequest({ request: 'x', document: doc(), proposer: await proposerFor(openai, 'openai') })).rejects.toThrow(/none of the 1 actions is an object with a known "action".*after one retry\); nothing was planned/);
  });
});

describe('scripted proposer: nothing applied that was not validated', () => {
  it('unknown actions and missing displays are rejected; the rest applies', async () => {
    const r = await planRequest({ request: 'x', document: doc(), snapshot: snapshot(), proposer: scripted([
      { action: 'teleport' }, 'garbage', row({ action: 'remove_display', display: 'Ghost' }), row({ action: 'set_enabled', display: 'Grid', value: 'false' }),
    ]) });
    expect(r.plan.rejected.map((x) => x.reason)).toEqual([
      'unknown action "teleport" (actions: add_display, remove_display, set_topic, set_property, set_enabled, rename_display, set_fixed_frame)',
      'an action must be a JSON object',
      'display "Ghost" not found (displays: Grid, TF)',
    ]);
    const applied = applyActions(doc(), r.plan.actions, { lookup: catalog });
    expect(applied.ok).toBe(true);
  });

  it('refuses 500 actions from any proposer as a whole', async () => {
    await expect(planRequest({ request: 'x', document: doc(), proposer: scripted(Array.from({ length: 500 }, () => row({ action: 'set_fixed_frame', frame: 'map' }))) }))
      .rejects.toThrow(/scripted proposed 500 actions; at most 40/);
  });

  it('an empty request is a plan with a note', async () => {
    const r = await planRequest({ request: '  ', document: doc(), proposer: createOfflineProposer() });
    expect(r.plan).toEqual({ actions: [], rejected: [], notes: ['planner: the request is empty; say what you want to see'] });
  });
});

describe('offline planner beyond the bench', () => {
  const plan = async (request: string, document = doc()) => (await planRequest({ request, document, snapshot: snapshot(), proposer: createOfflineProposer() })).plan;
  const lines = (p: Awaited<ReturnType<typeof plan>>) => p.actions.map((a) => `${a.action} ${a.display} ${a.property}=${a.value}${a.topic}${a.frame}`.replace(/\s+/g, " ").trim());

  it('reads several clauses, colours and a frame in one request', async () => {
    const p = await plan('please visualise the point cloud in yellow; global frame: odom');
    expect(lines(p)).toEqual(expect.arrayContaining(['add_display PointCloud2 =/points', 'set_property PointCloud2 Color=255; 255; 0', 'set_property PointCloud2 Color Transformer=FlatColor', 'set_fixed_frame =odom']));
  });

  it('fixes a display from the publishers when told it shows nothing; asked why, offers that repair as a choice', async () => {
    expect(lines(await plan("the front scan shows nothing, fix it", trapDoc()))).toEqual(['set_property Front Scan Topic/Reliability Policy=Best Effort']);
    const asked = await plan("why can't I see the front scan", trapDoc());
    expect(asked.actions.filter((a) => a.checked)).toEqual([]);
    expect(asked.choices?.[0]?.actions.map((a) => `${a.action} ${a.display} ${a.property}=${a.value}`)).toEqual(['set_property Front Scan Topic/Reliability Policy=Best Effort']);
  });

  it('says plainly what it did not understand', async () => {
    const p = await plan('make me a sandwich');
    expect(p.actions).toHaveLength(0);
    expect(p.notes).toEqual(['did not understand "make me a sandwich"']);
  });

  it('renames with quotes and hides by display name', async () => {
    expect(lines(await plan('call the grid "Floor"'))).toEqual(['rename_display Grid =Floor']);
    expect(lines(await plan('switch off TF'))).toEqual(['set_enabled TF =false']);
  });

  it('leaves questions to the assistant and reads "everything"', async () => {
    const q = await plan('what is a costmap?');
    expect(q.actions).toHaveLength(0);
    expect(q.notes[0]).toMatch(/question/);
    expect(lines(await plan('hide everything'))).toEqual(['set_enabled Grid =false', 'set_enabled TF =false']);
  });

  it('reads "from the …" as the source of the thing named before it, not a second display', async () => {
    expect(lines(await plan('display the point cloud from the depth camera')).filter((l) => l.startsWith('add_display'))).toEqual(['add_display PointCloud2 =/points']);
  });

  it('lets a longer type phrase win over a display named after its type', async () => {
    expect(lines(await plan('add grid cells'))[0]).toBe('add_display GridCells =/grid_cells');
  });

  it('adds a display for a kind of topic no display shows yet', async () => {
    const snap = snapshot([...defaultTopics(), topic('/plan', 'nav_msgs/msg/Path', [DEFAULT('/planner')]), topic('/local_plan', 'nav_msgs/msg/Path', [DEFAULT('/controller')])]);
    const r = await planRequest({ request: 'show the plan in blue and the local plan in green', document: doc(), snapshot: snap, proposer: createOfflineProposer() });
    expect(lines(r.plan)).toEqual(['add_display Path =/plan', 'set_property Path Color=0; 0; 255', 'add_display Path (2) =/local_plan', 'set_property Path (2) Color=0; 255; 0']);
  });

  it('keeps its own hides ticked, and repairs what "only show" keeps', async () => {
    const r = await planRequest({ request: 'only show the front scan', document: trapDoc(), snapshot: snapshot(), proposer: createOfflineProposer() });
    expect(r.plan.actions.every((a) => a.checked)).toBe(true);
    expect(lines(r.plan)).toEqual(['set_property Front Scan Topic/Reliability Policy=Best Effort', 'set_enabled Grid =false', 'set_enabled TF =false', 'set_enabled Map =false']);
  });

  it('does not read "best effort" as an Effort display, nor "shows only" as "only show"', async () => {
    expect(lines(await plan('set the front scan qos to best effort', trapDoc()))).toEqual(['set_property Front Scan Topic/Reliability Policy=Best Effort']);
    expect(lines(await plan('the map shows only new updates, make it latched', trapDoc()))).toEqual(['set_property Map Topic/Durability Policy=Transient Local']);
  });

  it('puts a named TF frame into a display\'s frame setting, not the fixed frame', async () => {
    expect(lines(await plan('add axes at base_link'))).toEqual(['add_display Axes =', 'set_property Axes Reference Frame=base_link']);
  });

  it('a fix request also repairs a fixed frame missing from TF', async () => {
    const lost = doc().text.replace('Fixed Frame: map', 'Fixed Frame: world');
    expect(lines(await plan('the grid is not showing', doc(lost)))).toEqual(['set_fixed_frame =map']);
  });

  it('reads a negated show as hide', async () => {
    expect(lines(await plan("I don't want to see the grid anymore"))).toEqual(['set_enabled Grid =false']);
    expect(lines(await plan('stop showing tf'))).toEqual(['set_enabled TF =false']);
  });

  it('reads switch words, "away" and topic names without a slash', async () => {
    expect(lines(await plan('grid off'))).toEqual(['set_enabled Grid =false']);
    expect(lines(await plan('put the tf away'))).toEqual(['set_enabled TF =false']);
    expect(lines(await plan('bring up chatter')).slice(0, 1)).toEqual([]);
    const snap = snapshot([...defaultTopics(), topic('/waypoints', 'visualization_msgs/msg/MarkerArray', [DEFAULT('/follower')])]);
    const r = await planRequest({ request: 'bring up the waypoints', document: doc(), snapshot: snap, proposer: createOfflineProposer() });
    expect(lines(r.plan)).toEqual(['add_display MarkerArray =/waypoints']);
  });

  it('marks undo requests', async () => {
    const p = await plan('undo that');
    expect(p.undoFirst).toBe(true);
  });
});

describe('plan CLI', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (t: string) => { out.push(t); }, stderr: (t: string) => { err.push(t); }, env: {} } };
  };

  it('prints the checklist, the JSON, and writes --apply atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plan-cli-'));
    const target = join(dir, 'out.rviz');
    const a = io();
    const code = await main(['plan', '--scenario', 'qos_traps', '--request', 'fix the lidar', '--apply', target], a.io, new AbortController().signal);
    expect(a.err.join('')).toBe('');
    expect(code).toBe(0);
    expect(a.out.join('')).toMatch(/\[x\] Set Topic\/Reliability Policy = Best Effort on "LaserScan"/);
    expect(await readFile(target, 'utf8')).toMatch(/Reliability Policy: Best Effort\n\s+Value: \/scan/);
    const b = io();
    expect(await main(['plan', '--request', 'show the lidar', '--json'], b.io, new AbortController().signal)).toBe(0);
    const planJson = JSON.parse(b.out.join('')) as { actions: { action: string; topic: string }[] };
    expect(planJson.actions[0]).toMatchObject({ action: 'add_display', topic: '/scan' });
  }, 20_000);

  it('plans against a robot by --url with a model by --provider, and says clearly when the model fails', async () => {
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0 });
    const fake = await startFakeOllama();
    try {
      fake.push({ json: { actions: [row({ action: 'add_display', display_type: 'Odometry', topic: '/odom' })], notes: [], undo_first: false } });
      const args = ['plan', '--url', sim.url, '--request', 'show the odometry', '--provider', 'ollama', '--model', 'qwen2.5:7b-instruct', '--base-url', fake.url];
      const a = io();
      expect(await main(args, a.io, new AbortController().signal)).toBe(0);
      expect(a.out.join('')).toMatch(/Plan for "show the odometry" \(ollama:qwen2.5:7b-instruct, [\d.]+ ms without the model\)\n {2}\[x\] Add Odometry on \/odom/);
      fake.push({ content: 'no' }, { content: 'still no' });
      const b = io();
      expect(await main(args, b.io, new AbortController().signal)).toBe(1);
      expect(b.err.join('')).toMatch(/^rviz-companion plan: ollama qwen2.5:7b-instruct: the reply was not valid JSON/);
    } finally {
      await fake.close();
      await sim.close();
    }
  }, 20_000);

  it('usage errors exit 2; a bad config exits 1 naming it', async () => {
    const a = io();
    expect(await main(['plan'], a.io, new AbortController().signal)).toBe(2);
    expect(a.err.join('')).toMatch(/--request TEXT is required/);
    const b = io();
    expect(await main(['plan', '--request', 'x', '--config', '/nonexistent/x.rviz'], b.io, new AbortController().signal)).toBe(1);
    expect(b.err.join('')).toMatch(/cannot read \/nonexistent\/x.rviz: ENOENT/);
  });
});
