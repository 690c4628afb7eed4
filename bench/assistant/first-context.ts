/**
 * First-context latency of the assistant: the time from calling ask() to its first `context` event, with a model on a
 * loopback Ollama server (scripted replies), median of 20 runs after a warm-up. The bar (issue 7): within 50 ms.
 * The knowledge index is built once beforehand, as the app does at load; first-token time is shown for reference.
 *
 *   node --import tsx bench/assistant/first-context.ts [--runs 20] [--json]
 */
import { loadKbFiles } from '../../src/cli/kb-files.ts';
import type { AssistantEvent } from '../../src/core/assistant/events.ts';
import { ask } from '../../src/core/assistant/pipeline/index.ts';
import { KbIndex } from '../../src/core/assistant/search/index.ts';
import type { Finding } from '../../src/core/diagnosis/types.ts';
import { createModelClient } from '../../src/llm/index.ts';
import { startFakeOllama } from '../../test/fakes/llm-servers.ts';

const BAR_MS = 50;

const QUESTIONS = [
  'why is my map not showing in rviz?',
  'what does Fixed Frame [map] does not exist mean?',
  'how do I set the QoS reliability of a LaserScan display?',
  'what are actions in ROS 2?',
  'how do I compare two robots with this tool?',
];

const FINDINGS: Finding[] = [
  { code: 'QOS_RELIABILITY_MISMATCH', severity: 'error', subject: { kind: 'display', name: 'LaserScan', display: 'LaserScan', topic: '/scan' },
    summary: 'LaserScan "LaserScan" requests Reliable but /scan is published Best Effort by /lidar_driver: no data will arrive',
    evidence: ['config: Reliability Policy Reliable', 'reported: /lidar_driver best_effort'], hint: 'set Topic/Reliability Policy to Best Effort' },
  { code: 'FIXED_FRAME_NOT_IN_TF', severity: 'error', subject: { kind: 'frame', name: 'world' },
    summary: 'the Fixed Frame world is not in TF: RViz cannot place any display', evidence: ['config: Fixed Frame world'] },
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const runs = Number(arg('runs') ?? 20);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`bench assistant: --runs must be a positive whole number (got "${arg('runs') ?? ''}")`);
  const json = process.argv.includes('--json');
  const server = await startFakeOllama();
  try {
    const model = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: server.url });
    const buildStart = performance.now();
    const index = new KbIndex(await loadKbFiles());
    const indexMs = performance.now() - buildStart;

    const rows: { label: string; context: number[]; firstToken: number[] }[] = [];
    for (const [label, findings] of [['question only', []], ['question + findings', FINDINGS]] as const) {
      const context: number[] = [];
      const firstToken: number[] = [];
      for (let i = -1; i < runs; i++) { // i = -1 is the warm-up
        const question = QUESTIONS[(i + QUESTIONS.length) % QUESTIONS.length]!;
        const started = performance.now();
        let contextAt: number | undefined;
        let tokenAt: number | undefined;
        let last: AssistantEvent | undefined;
        for await (const event of ask({ question, index, findings, model })) {
          if (event.type === 'context') contextAt ??= performance.now() - started;
          if (event.type === 'token') tokenAt ??= performance.now() - started;
          last = event;
        }
        if (last?.type !== 'done') throw new Error(`bench assistant: run ${i} ended with ${JSON.stringify(last)}`);
        if (i >= 0) { context.push(contextAt!); firstToken.push(tokenAt!); }
      }
      rows.push({ label, context: context.sort((a, b) => a - b), firstToken: firstToken.sort((a, b) => a - b) });
    }

    const summary = rows.map((r) => ({
      case: r.label,
      runs: r.context.length,
      contextMedianMs: round(percentile(r.context, 50)),
      contextP90Ms: round(percentile(r.context, 90)),
      contextMaxMs: round(r.context.at(-1)!),
      firstTokenMedianMs: round(percentile(r.firstToken, 50)),
      withinBar: percentile(r.context, 50) <= BAR_MS,
    }));
    if (json) {
      console.log(JSON.stringify({ barMs: BAR_MS, indexBuildMs: round(indexMs), provider: 'ollama (loopback fake)', rows: summary }, null, 2));
      return;
    }
    console.log(`assistant first context, loopback Ollama, ${runs} runs each (index built once in ${round(indexMs)} ms, not counted)`);
    console.log(`${'case'.padEnd(22)} ${'median'.padStart(9)} ${'p90'.padStart(9)} ${'max'.padStart(9)} ${'1st token'.padStart(10)}  bar ${BAR_MS} ms`);
    for (const s of summary) {
      console.log(`${s.case.padEnd(22)} ${`${s.contextMedianMs} ms`.padStart(9)} ${`${s.contextP90Ms} ms`.padStart(9)} ${`${s.contextMaxMs} ms`.padStart(9)} ${`${s.firstTokenMedianMs} ms`.padStart(10)}  ${s.withinBar ? 'ok' : 'MISSED'}`);
    }
  } finally {
    await server.close();
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

await main();
