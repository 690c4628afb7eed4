// The model path judged per action (issue 13): replies of the kind JSON-mode servers and small models send, through the
// real ollama and openai clients against the loopback servers, end in the right document; only a reply with no usable
// shape fails, after one retry, with nothing planned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { buildContext, createModelProposer, planRequest, PlannerError } from '../../../src/core/planner/index.ts';
import { normaliseReply, topicsInRequest } from '../../../src/core/planner/normalise.ts';
import { fixedFrameOf } from '../../../src/core/planner/context.ts';
import { readPlain } from '../../../src/core/planner/state.ts';
import type { Plan } from '../../../src/core/rviz/action-types.ts';
import { applyActions, listDisplays, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { createModelClient } from '../../../src/llm/index.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer, type ScriptedReply } from '../../fakes/llm-servers.ts';
import { doc, snapshot, trapDoc } from './fixtures.ts';

/** The reply issue 13 describes: unused fields left out, no undo_first, a new "Front Lidar", `spheres`, 0.05, Reliable. */
const ISSUE_REPLY = {
  actions: [
    { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Front Lidar' },
    { action: 'set_property', display: 'Front Lidar', property: 'Style', value: 'spheres' },
    { action: 'set_property', display: 'Front Lidar', property: 'Size (m)', value: 0.05 },
    { action: 'set_property', display: 'Front Lidar', property: 'Topic/Reliability Policy', value: 'Reliable' },
    { action: 'set_fixed_frame', frame: 'odom' },
  ],
  notes: [],
};

type Flavour = { provider: 'ollama' | 'openai'; model: string; start: (o?: Parameters<typeof startFakeOllama>[0]) => Promise<FakeServer> };
const flavours: Flavour[] = [
  { provider: 'ollama', model: 'qwen2.5:7b-instruct', start: startFakeOllama },
  { provider: 'openai', model: 'gpt-4o-mini', start: startFakeOpenAI },
];

function applied(start: RvizDocument, plan: Plan): RvizDocument {
  const r = applyActions(start, plan.actions.filter((a) => a.checked), { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

for (const f of flavours) {
  describe(`model path through the real ${f.provider} client`, () => {
    let server: FakeServer;
    beforeAll(async () => { server = await f.start(); });
    afterAll(async () => { await server.close(); });
    const proposer = async (url = server.url) => createModelProposer(await createModelClient({ provider: f.provider, model: f.model, baseUrl: url }));
    const plan = async (request: string, replies: ScriptedReply[], document = doc()) => {
      server.push(...replies);
      return planRequest({ request, document, snapshot: snapshot(), proposer: await proposer() });
    };

    it('turns the issue\'s reply into the lidar as 0.05 m spheres, Best Effort, fixed frame odom, noting each repair', async () => {
      const r = await plan('add the front lidar as 5 cm spheres, fixed frame odom', [{ json: ISSUE_REPLY }]);
      expect(r.model).toMatchObject({ attempts: 1, schemaValid: false });
      expect(r.model!.repairs).toBeGreaterThan(0);
      expect(r.plan.rejected).toEqual([]);
      const out = applied(doc(), r.plan);
      const lidar = listDisplays(out, catalog).filter((d) => d.name === 'Front Lidar');
      expect(lidar).toHaveLength(1);
      expect(lidar[0]!.classId).toBe('rviz_default_plugins/LaserScan');
      expect(readPlain(lidar[0]!.properties, 'Style')).toBe('Spheres');
      expect(Number(readPlain(lidar[0]!.properties, 'Size (m)'))).toBe(0.05);
      expect(readPlain(lidar[0]!.properties, 'Topic/Reliability Policy')).toBe('Best Effort');
      expect(fixedFrameOf(out)).toBe('odom');
      const notes = r.plan.notes.join('\n');
      expect(notes).toMatch(/fields left out were taken as empty/);
      expect(notes).toMatch(/undo_first was left out; taken as false/);
      expect(notes).toMatch(/Style "spheres" → "Spheres"/);
      expect(notes).toMatch(/value 0\.05 → "0\.05"/);
      // The Reliable request is corrected in place from the publisher, as complete() does for any proposer.
      const qos = r.plan.actions.find((a) => a.property === 'Topic/Reliability Policy')!;
      expect(qos).toMatchObject({ value: 'Best Effort', checked: true });
    });

    it('judges each action: a good one applies, the impossible ones are rejected with reasons', async () => {
      const r = await plan('hide the grid, rename the lidar and point the map at /maps', [{ json: { actions: [
        { action: 'set_enabled', display: 'grid', value: false, confidence: 0.8 },
        { action: 'teleport', display: 'Grid' },
        'hide everything',
        { action: 'rename_display', display: 'Lidar', value: 'Front' },
        { action: 'set_topic', display: 'TF', topic: '/made_up/topic' },
        { action: 'set_property', display: 'Grid', property: { path: 'Alpha' }, value: '0.5' },
      ] } }]);
      expect(r.plan.actions.map((a) => `${a.action} ${a.display} ${a.value}`)).toEqual(['set_enabled Grid false']);
      expect(r.plan.rejected.map((x) => x.reason)).toEqual([
        expect.stringMatching(/^unknown action "teleport"/),
        'action 3 is not a JSON object',
        expect.stringMatching(/^"\/made_up\/topic" is not a live topic and the request does not name it/),
        expect.stringMatching(/^field "property" must be text/),
        expect.stringMatching(/display "Lidar" not found/),
      ]);
      expect(r.plan.notes.join('\n')).toMatch(/ignored field "confidence"/);
      expect(applied(doc(), r.plan).text).toMatch(/Name: Grid[\s\S]*Value: false|Value: false[\s\S]*Name: Grid/);
    });

    it('takes the JSON out of prose or a code fence, and says so', async () => {
      const body = JSON.stringify({ actions: [{ action: 'set_fixed_frame', frame: 'odom' }] });
      for (const content of [`Sure, here you go:\n${body}\nAnything else?`, `\`\`\`json\n${body}\n\`\`\``]) {
        const r = await plan('fixed frame odom', [{ content }]);
        expect(r.plan.actions.map((a) => a.frame)).toEqual(['odom']);
        expect(r.plan.notes.join('\n')).toMatch(/the JSON was taken out of (a code fence|the text around it)/);
      }
    });

    it('allows a topic the request names that is not publishing yet, with a note; an invented one on a new display becomes the live topic', async () => {
      const named = await plan('show the cloud on /front/points', [{ json: { actions: [{ action: 'add_display', display_type: 'pointcloud2', topic: '/front/points' }] } }]);
      expect(named.plan.actions[0]).toMatchObject({ action: 'add_display', topic: '/front/points', checked: true });
      expect(named.plan.actions[0]!.note).toMatch(/not publishing yet/);
      const invented = await plan('show the lidar', [{ json: { actions: [{ action: 'add_display', display_type: 'LaserScan', topic: '/lidar/scan' }] } }]);
      expect(invented.plan.actions[0]).toMatchObject({ action: 'add_display', topic: '/scan' });
      expect(invented.plan.notes.join('\n')).toMatch(/"\/lidar\/scan" is neither live nor in the request/);
    });

    it('sends display types, frames and topics (live plus named in the request) as enums, and any display name', async () => {
      await plan('show /front/points', [{ json: { actions: [] } }]);
      const last = server.requests.filter((q) => q.method === 'POST' && /chat/.test(q.path)).at(-1)!.body as Record<string, unknown>;
      const schema = (f.provider === 'ollama' ? last.format : (last.response_format as { json_schema: { schema: unknown } }).json_schema.schema) as
        { properties: { actions: { items: { properties: Record<string, { enum?: string[]; type: string }> } } } };
      const props = schema.properties.actions.items.properties;
      expect(props.topic!.enum).toEqual(expect.arrayContaining(['/scan', '/front/points']));
      expect(props.display_type!.enum).toContain('LaserScan');
      expect(props.frame!.enum).toContain('odom');
      expect(props.display).toEqual({ type: 'string', description: expect.stringContaining('Visualization Manager/Displays/<group>') });
    });

    it('fails clearly after one retry when the reply is not JSON or has no action array; nothing is planned', async () => {
      server.push({ content: 'I would hide the grid.' }, { content: 'Hiding the grid now.' });
      const notJson = await planRequest({ request: 'hide the grid', document: doc(), proposer: await proposer() }).catch((e: unknown) => e);
      expect(notJson).toBeInstanceOf(PlannerError);
      expect((notJson as PlannerError).kind).toBe('invalid_output');
      expect((notJson as Error).message).toMatch(/not valid JSON.*\(after one retry\); nothing was planned/);
      server.push({ json: { plan: 'hide the Grid' } }, { json: [{ action: 'set_enabled', display: 'Grid', value: 'false' }] });
      const noArray = await planRequest({ request: 'hide the grid', document: doc(), proposer: await proposer() }).catch((e: unknown) => e);
      expect((noArray as PlannerError).kind).toBe('invalid_output');
      expect((noArray as Error).message).toMatch(/is an array, not a JSON object with "actions" \(after one retry\); nothing was planned/);
      const retry = server.requests.filter((q) => q.method === 'POST' && /chat/.test(q.path)).at(-1)!.body as { messages: { content: string }[] };
      expect(retry.messages.at(-1)!.content).toMatch(/Your reply was refused: the reply has no array of actions \("actions" is missing\)/);
    });
  });
}

describe('an OpenAI-compatible server without structured outputs (JSON mode)', () => {
  it('lets the planner judge the reply instead of the client refusing it for the schema', async () => {
    const server = await startFakeOpenAI({ jsonSchema: false, replies: [{ json: ISSUE_REPLY }] });
    try {
      const client = await createModelClient({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: server.url });
      const r = await planRequest({ request: 'add the front lidar as 5 cm spheres, fixed frame odom', document: doc(), snapshot: snapshot(), proposer: createModelProposer(client) });
      const out = applied(doc(), r.plan);
      const lidar = listDisplays(out, catalog).find((d) => d.name === 'Front Lidar')!;
      expect([readPlain(lidar.properties, 'Style'), readPlain(lidar.properties, 'Topic/Reliability Policy'), fixedFrameOf(out)]).toEqual(['Spheres', 'Best Effort', 'odom']);
      server.push({ json: { other: 1 } });
      await expect(client.completeJson([{ role: 'user', content: 'x' }], { type: 'object', required: ['steps'] })).rejects.toThrow(/does not match the schema/);
    } finally {
      await server.close();
    }
  });
});

describe('normaliseReply', () => {
  const ctx = () => buildContext({ document: trapDoc(), snapshot: snapshot() });
  const norm = (value: unknown, request = 'x') => {
    const r = normaliseReply(value, ctx(), request, 40);
    if (!r.ok) throw new Error(r.reason);
    return r.value;
  };

  it('matches property paths loosely only when one property of that display type fits', () => {
    const r = norm({ actions: [
      { action: 'set_property', display: 'front scan', property: 'Size(m)', value: 0.05 },
      { action: 'set_property', display: 'Map', property: 'Topic/Durability', value: 'transient local' },
      { action: 'set_property', display: 'Front Scan', property: 'Colour Transformer', value: 'axis color' },
      { action: 'set_property', display: 'Front Scan', property: 'Sparkle', value: 'lots' },
    ] });
    expect(r.actions.map((a) => `${a.property}=${a.value}`)).toEqual([
      'Size (m)=0.05', 'Topic/Durability Policy=Transient Local', 'Color Transformer=AxisColor',
      // Nothing close enough: left as written, for validate() to refuse with its reason.
      'Sparkle=lots',
    ]);
  });

  it('drops an exact duplicate, repairs action names, frames and undo_first, and keeps the model\'s notes', () => {
    const r = norm({ actions: [
      { action: 'Set-Fixed-Frame', frame: '/Map' },
      { action: 'add_display', display_type: 'MarkerArray', topic: 'markers' },
      { action: 'add_display', display_type: 'MarkerArray', topic: 'markers' },
    ], notes: 'done', undo_first: 'FALSE' }, 'show /markers');
    expect(r.actions.map((a) => `${a.action} ${a.frame}${a.topic}`)).toEqual(['set_fixed_frame map', 'add_display /markers']);
    expect(r.notes).toEqual(['done']);
    expect(r.undoFirst).toBe(false);
    expect(r.repairs.join('\n')).toMatch(/action "Set-Fixed-Frame" → "set_fixed_frame"[\s\S]*frame "\/Map" → "map"/);
    expect(r.repairs.join('\n')).toMatch(/action 3: dropped, the same as action 2/);
    expect(r.repairs.join('\n')).toMatch(/undo_first "FALSE" → false/);
  });

  it('fails only the reply\'s shape', () => {
    const ctxNow = ctx();
    expect(normaliseReply('hi', ctxNow, 'x', 40)).toMatchObject({ ok: false, reason: expect.stringMatching(/is string, not a JSON object/) });
    expect(normaliseReply({ actions: {} }, ctxNow, 'x', 40)).toMatchObject({ ok: false, reason: expect.stringMatching(/no array of actions \("actions" is object\)/) });
    expect(normaliseReply({ actions: [1, { action: 'fly' }] }, ctxNow, 'x', 40)).toMatchObject({ ok: false, reason: expect.stringMatching(/none of the 2 actions/) });
    expect(normaliseReply({ actions: Array.from({ length: 41 }, () => ({ action: 'set_fixed_frame', frame: 'map' })) }, ctxNow, 'x', 40))
      .toMatchObject({ ok: false, reason: 'the reply has 41 actions; at most 40 are allowed' });
    expect(normaliseReply({ actions: [] }, ctxNow, 'x', 40)).toMatchObject({ ok: true });
  });

  it('finds topic names written in a request', () => {
    expect(topicsInRequest('show /front/points and robot2/odom, not 1/2 or and/or')).toEqual(['/front/points', '/robot2/odom', '/and/or']);
  });
});
