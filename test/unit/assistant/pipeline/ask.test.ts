import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantEvent } from '../../../../src/core/assistant/events.ts';
import { ask, splitCitations } from '../../../../src/core/assistant/pipeline/index.ts';
import type { KbIndex } from '../../../../src/core/assistant/search/index.ts';
import type { Finding } from '../../../../src/core/diagnosis/types.ts';
import { createModelClient } from '../../../../src/llm/index.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../../fakes/llm-servers.ts';
import { realIndex } from './kb-fixture.ts';

let index: KbIndex;
let ollama: FakeServer;
let openai: FakeServer;

beforeAll(async () => {
  index = await realIndex();
  ollama = await startFakeOllama();
  openai = await startFakeOpenAI();
});
afterAll(async () => { await ollama.close(); await openai.close(); });

async function collect(events: AsyncIterable<AssistantEvent>): Promise<AssistantEvent[]> {
  const out: AssistantEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Event types with runs collapsed: context meta thinking token done. */
function shape(events: readonly AssistantEvent[]): string {
  return events.map((e) => e.type).filter((t, i, a) => t !== a[i - 1]).join(' ');
}

function tokens(events: readonly AssistantEvent[]): string {
  return events.map((e) => (e.type === 'token' ? e.text : '')).join('');
}

function last<T extends AssistantEvent['type']>(events: readonly AssistantEvent[], type: T): Extract<AssistantEvent, { type: T }> {
  const found = events.filter((e) => e.type === type).at(-1);
  if (!found) throw new Error(`no ${type} event in ${shape(events)}`);
  return found as Extract<AssistantEvent, { type: T }>;
}

const MAP_QUESTION = 'why is my map not showing in rviz?';
const mapFinding: Finding = {
  code: 'QOS_DURABILITY_MISMATCH', severity: 'warning', subject: { kind: 'display', name: 'Map', display: 'Map', topic: '/map' },
  summary: 'Map "Map" requests Volatile but /map is published Transient Local (latched) by /map_server',
  evidence: ['config: Durability Policy Volatile', 'reported: /map_server transient_local'], hint: 'set Topic/Durability Policy to Transient Local',
};
const MODEL_ANSWER = 'Your Map display is Volatile while /map is latched [qos-latched-topics]; set it to Transient Local [rviz-display-map]. See also [no-such-page].\n'
  + '```bash\nros2 topic echo --qos-bogus /map\nros2 topic info -v /map\n```';

describe('ask without a model (extractive)', () => {
  it('streams context, meta, tokens, then done; the answer quotes the best passages with their [id]', async () => {
    const events = await collect(ask({ question: MAP_QUESTION, index, findings: [mapFinding] }));
    expect(shape(events)).toBe('context meta token done');
    const context = last(events, 'context');
    expect(context.noMatch).toBe(false);
    expect(context.sources.length).toBe(3);
    expect(context.findings).toEqual([mapFinding]);
    expect(last(events, 'meta')).toMatchObject({ provider: 'offline', model: 'extractive' });
    const done = last(events, 'done');
    expect(done.answer).toBe(tokens(events));
    expect(done.answer).toContain(`- ${mapFinding.summary}. Fix: set Topic/Durability Policy to Transient Local.`);
    const cited = [...done.answer.matchAll(/\[([a-z0-9-]+)\]/g)].map((m) => m[1]);
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect(context.sources.map((s) => s.id)).toContain(id);
    expect(done.sources).toEqual(context.sources.map(({ id, title, url }) => ({ id, title, url })));
  });

  it('says "no documentation matched" when nothing passes the thresholds', async () => {
    const events = await collect(ask({ question: 'what is the capital of France?', index }));
    expect(shape(events)).toBe('context meta token done');
    expect(last(events, 'context')).toMatchObject({ noMatch: true, sources: [] });
    expect(last(events, 'meta').notes).toContain('no documentation matched');
    expect(last(events, 'done').answer).toBe('no documentation matched: the knowledge base has no page on this question.');
  });

  it('caps and cleans the findings it passes on', async () => {
    const many: Finding[] = Array.from({ length: 15 }, (_, i) => ({ ...mapFinding, summary: `finding ${i}\u0000\u001b[31m red ${'x'.repeat(500)}` }));
    const context = last(await collect(ask({ question: MAP_QUESTION, index, findings: many })), 'context');
    expect(context.findings.length).toBe(10);
    expect(context.findings[0]!.summary.startsWith('finding 0[31m red x')).toBe(true);
    expect(context.findings[0]!.summary.length).toBeLessThanOrEqual(300);
  });
});

describe.each([
  ['Ollama', () => ollama, (url: string) => createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: url })],
  ['OpenAI', () => openai, (url: string) => createModelClient({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: url })],
] as const)('ask with a model (%s loopback server)', (_name, server, client) => {
  it('streams context, meta, thinking, tokens, then done with sources and checked commands', async () => {
    server().push({ thinking: 'The map is latched, so durability matters.', content: MODEL_ANSWER });
    const model = await client(server().url);
    const events = await collect(ask({ question: MAP_QUESTION, index, findings: [mapFinding], topics: [{ name: '/map', type: 'nav_msgs/msg/OccupancyGrid' }], model }));
    expect(shape(events)).toBe('context meta thinking token done');
    expect(last(events, 'meta')).toMatchObject({ provider: model.provider, model: model.model });
    const done = last(events, 'done');
    expect(done.answer).toBe(MODEL_ANSWER);
    expect(done.answer).toBe(tokens(events));
    expect(done.commands).toEqual([
      { line: 'ros2 topic echo --qos-bogus /map', valid: false, problem: 'unknown option --qos-bogus for ros2 topic echo: invented or mistyped, do not run' },
      { line: 'ros2 topic info -v /map', valid: true },
    ]);
    // The UI links a citation only when its id is a source: [no-such-page] stays plain text.
    const segments = splitCitations(done.answer, done.sources);
    const citations = segments.filter((s) => s.kind === 'citation');
    expect(citations.find((c) => c.id === 'no-such-page')).toEqual({ kind: 'citation', id: 'no-such-page', text: '[no-such-page]' });
    expect(citations.find((c) => c.id === 'rviz-display-map')?.source?.url).toMatch(/^https:\/\//);
  });

  it('turns a server failure into one error event with its kind, and no done', async () => {
    server().push({ status: 500, errorMessage: 'boom' });
    const events = await collect(ask({ question: MAP_QUESTION, index, model: await client(server().url) }));
    expect(shape(events)).toBe('context meta error');
    expect(last(events, 'error').kind).toBe('server_error');
  });

  it('reports a stream cut short as stream_cut, keeping what arrived out of done', async () => {
    server().push({ content: 'one two three four five six', cutAfterChunks: 2, cutMode: 'destroy' });
    const events = await collect(ask({ question: MAP_QUESTION, index, model: await client(server().url) }));
    expect(shape(events)).toBe('context meta token error');
    expect(last(events, 'error').kind).toBe('stream_cut');
  });

  it('an empty answer is an error of kind empty', async () => {
    server().push({ empty: true });
    const events = await collect(ask({ question: MAP_QUESTION, index, model: await client(server().url) }));
    expect(last(events, 'error').kind).toBe('empty');
  });

  it('stopping mid-stream ends with one error of kind aborted and never a done', async () => {
    server().push({ chunks: Array.from({ length: 200 }, (_, i) => `word${i} `) });
    const model = await client(server().url);
    const controller = new AbortController();
    const events: AssistantEvent[] = [];
    for await (const e of ask({ question: MAP_QUESTION, index, model, signal: controller.signal })) {
      events.push(e);
      if (e.type === 'token') controller.abort();
    }
    expect(shape(events)).toBe('context meta token error');
    expect(events.filter((e) => e.type === 'token').length).toBe(1);
    expect(last(events, 'error')).toEqual({ type: 'error', kind: 'aborted', message: 'assistant: stopped before the answer was complete' });
  });
});

describe('ask with earlier turns', () => {
  it('sends the last turns before the new question and names the robot\'s distribution', async () => {
    const model = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: ollama.url });
    const history = [1, 2, 3, 4].map((i) => ({ question: `earlier question ${i}`, answer: `earlier answer ${i}` }));
    await collect(ask({ question: 'and the costmap?', index, model, history, topics: [{ name: '/map', type: 'nav_msgs/msg/OccupancyGrid' }], distro: 'jazzy' }));
    const body = ollama.requests.filter((r) => r.path === '/api/chat').at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(body.messages.slice(1, -1).map((m) => m.content)).toEqual([
      'earlier question 2', 'earlier answer 2', 'earlier question 3', 'earlier answer 3', 'earlier question 4', 'earlier answer 4',
    ]);
    expect(body.messages.at(-1)!.content).toContain('<<<ROBOT\nROS 2 distribution: jazzy\ntopics (1):\n/map nav_msgs/msg/OccupancyGrid\nROBOT>>>');
  });
});

describe('ask with a cloud model', () => {
  it('the whole prompt leaves redacted and the streamed answer comes back restored', async () => {
    const model = await createModelClient({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: openai.url, markCloud: true }, { redaction: { nodeNames: ['/secret_lidar_driver'] } });
    const finding: Finding = { ...mapFinding, code: 'NO_DATA', summary: '/scan is advertised by /secret_lidar_driver but no message arrived in 5 s' };
    openai.push({ chunks: ['Restart <NO', 'DE_1> and check ', 'its cable [rviz-display-map].'] });
    const events = await collect(ask({ question: 'why does /secret_lidar_driver send nothing to my map?', index, findings: [finding], model }));
    const sent = JSON.stringify(openai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body);
    expect(sent).not.toContain('secret_lidar_driver');
    expect(sent).toContain('<NODE_1>');
    expect(last(events, 'done').answer).toBe('Restart /secret_lidar_driver and check its cable [rviz-display-map].');
    expect(last(events, 'meta').notes?.join(' ')).toContain('cloud provider');
  });
});
