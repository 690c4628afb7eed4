// `rviz-companion ask` through main(): the event stream as NDJSON, text mode, a loopback model, a simulated robot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantEvent } from '../../../../src/core/assistant/events.ts';
import { main } from '../../../../src/cli/main.ts';
import { startFakeOllama, type FakeServer } from '../../../fakes/llm-servers.ts';

interface Run { code: number; out: string; err: string }

async function cli(args: string[], env: NodeJS.ProcessEnv = {}, signal = new AbortController().signal): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (t) => { out.push(t.endsWith('\n') ? t : `${t}\n`); }, stderr: (t) => { err.push(t); }, env }, signal);
  return { code, out: out.join(''), err: err.join('\n') };
}

function events(out: string): AssistantEvent[] {
  return out.trim().split('\n').map((line) => JSON.parse(line) as AssistantEvent);
}

function shape(list: readonly AssistantEvent[]): string {
  return list.map((e) => e.type).filter((t, i, a) => t !== a[i - 1]).join(' ');
}

let ollama: FakeServer;
beforeAll(async () => { ollama = await startFakeOllama(); });
afterAll(async () => { await ollama.close(); });

describe('rviz-companion ask', () => {
  it('--ndjson prints one event a line: context, meta, tokens, done (offline)', async () => {
    const run = await cli(['ask', 'why', 'is', 'my', 'map', 'not', 'showing?', '--ndjson']);
    expect(run.code).toBe(0);
    const list = events(run.out);
    expect(shape(list)).toBe('context meta token done');
    const done = list.at(-1) as Extract<AssistantEvent, { type: 'done' }>;
    expect(done.answer).toContain('[rviz-display-map]');
    expect(done.sources.map((s) => s.id)).toContain('rviz-display-map');
  }, 30_000);

  it('text mode streams the answer, then lists sources and warns about invented commands', async () => {
    ollama.push({ content: 'Set Durability to Transient Local [rviz-display-map].\n\n```\nros2 topc list\nros2 topic info -v /map\n```' });
    const run = await cli(['ask', 'why is my map not showing?', '--provider', 'ollama', '--model', 'qwen2.5:7b-instruct', '--base-url', ollama.url]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('ollama/qwen2.5:7b-instruct');
    expect(run.out).toContain('Answer (advice; findings above are facts):\nSet Durability to Transient Local [rviz-display-map].\n\n```\n');
    expect(run.out).toMatch(/Sources:\n {2}\[rviz-display-map\] /);
    expect(run.out).toContain('Commands (2 checked, 1 to avoid; none was run):');
    expect(run.out).toContain('  WARNING  ros2 topc list\n           unknown command "topc" for ros2 (did you mean "topic"?): invented or mistyped, do not run');
    expect(run.out).toContain('  ok       ros2 topic info -v /map');
  }, 30_000);

  it('with --scenario, the findings come from the simulated robot and its reported config', async () => {
    ollama.push({ content: 'Your LaserScan display asks for Reliable [rviz-display-laserscan]. Try `ros2 topic echo /scna`.' });
    const run = await cli(['ask', 'why is my laser scan empty?', '--scenario', 'qos_traps', '--ndjson', '--provider', 'ollama', '--model', 'qwen2.5:7b-instruct', '--base-url', ollama.url]);
    expect(run.code).toBe(0);
    const list = events(run.out);
    expect(shape(list)).toBe('context meta token done');
    const context = list[0] as Extract<AssistantEvent, { type: 'context' }>;
    expect(context.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['QOS_RELIABILITY_MISMATCH', 'QOS_DURABILITY_MISMATCH', 'FIXED_FRAME_NOT_IN_TF']));
    // The robot's topics reach the prompt and the command check.
    const sent = JSON.stringify(ollama.requests.filter((r) => r.path === '/api/chat').at(-1)?.body);
    expect(sent).toContain('QOS_RELIABILITY_MISMATCH');
    expect(sent).toContain('/scan sensor_msgs/msg/LaserScan');
    const done = list.at(-1) as Extract<AssistantEvent, { type: 'done' }>;
    expect(done.commands).toEqual([{ line: 'ros2 topic echo /scna', valid: false, problem: '/scna is not a topic of this robot (did you mean /scan?): invented or mistyped, do not run' }]);
  }, 30_000);

  it('a failing model is exit 1 with the error event printed and a clear message', async () => {
    ollama.push({ status: 500, errorMessage: 'out of memory' });
    const run = await cli(['ask', 'what is a QoS profile?', '--ndjson', '--provider', 'ollama', '--model', 'qwen2.5:7b-instruct', '--base-url', ollama.url]);
    expect(run.code).toBe(1);
    expect(shape(events(run.out))).toBe('context meta error');
    expect(run.err).toMatch(/^rviz-companion ask: /);
  }, 30_000);

  it('usage errors: no question is exit 2; a model provider without --model is exit 1', async () => {
    expect((await cli(['ask'])).code).toBe(2);
    const run = await cli(['ask', 'hi', '--provider', 'ollama']);
    expect(run.code).toBe(1);
    expect(run.err).toContain('--model is required with --provider ollama');
  });
});
