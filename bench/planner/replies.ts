// `rviz-companion bench planner --replies [--scenario NAME] [--json]`: recorded-style model replies
// (bench/planner/replies/*.json, checked by reply.schema.json) served by the loopback Ollama and OpenAI servers and read
// by the real clients (the ollama and openai SDKs), then planned, validated, completed and applied like any reply.
// Counts how many end in the right document (or, where the reply is hopeless, in a clear failure with nothing applied),
// per provider and per kind of mistake.
import Ajv from 'ajv';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { snapshotFromScenario } from '../../src/cli/commands/plan.ts';
import { createModelProposer } from '../../src/core/planner/index.ts';
import type { ProviderId } from '../../src/core/model.ts';
import { createModelClient } from '../../src/llm/index.ts';
import { startFakeOllama, startFakeOpenAI, type ScriptedReply } from '../../test/fakes/llm-servers.ts';
import { BENCH_DIR, playTurns, runCase, startingDocument, type BenchCase } from './evaluate.ts';

export interface ReplyCase {
  id: string;
  request: string;
  config?: string;
  mistakes: string[];
  replies: { json?: unknown; content?: string }[];
  expect?: BenchCase['expect'];
  expectError?: string;
}
export interface ReplyFile { scenario: string; heldOut?: boolean; cases: ReplyCase[] }

export async function loadReplyFiles(dir = join(BENCH_DIR, 'replies')): Promise<ReplyFile[]> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(JSON.parse(await readFile(join(BENCH_DIR, 'case.schema.json'), 'utf8')) as Record<string, unknown>);
  const check = ajv.compile(JSON.parse(await readFile(join(BENCH_DIR, 'reply.schema.json'), 'utf8')) as Record<string, unknown>);
  const out: ReplyFile[] = [];
  const ids = new Set<string>();
  for (const f of (await readdir(dir)).filter((x) => x.endsWith('.json')).sort()) {
    let data: unknown;
    try { data = JSON.parse(await readFile(join(dir, f), 'utf8')); } catch (err) { throw new Error(`bench replies: ${f} is not JSON: ${(err as Error).message}`); }
    if (!check(data)) throw new Error(`bench replies: ${f}: ${(check.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    const file = data as ReplyFile;
    for (const c of file.cases) {
      if (ids.has(c.id)) throw new Error(`bench replies: ${f}: duplicate case id "${c.id}"`);
      ids.add(c.id);
    }
    out.push(file);
  }
  return out;
}

export interface ReplyResult { provider: ProviderId; set: 'first' | 'held-out'; id: string; request: string; mistakes: string[]; ok: boolean; failures: string[]; attempts?: number }
export interface ReplyRow { provider: string; group: string; cases: number; right: number; rate: number }
export interface ReplyBench { results: ReplyResult[]; byProvider: ReplyRow[]; byMistake: ReplyRow[] }

const MODELS: Record<ProviderId, string> = { ollama: 'qwen2.5:7b-instruct', openai: 'gpt-4o-mini' };

function scripted(r: ReplyCase['replies'][number]): ScriptedReply {
  return r.content !== undefined ? { content: r.content } : { json: r.json };
}

/** One case through one provider: a fresh loopback server holding only this case's replies, a fresh real client. */
async function runOne(provider: ProviderId, scenario: string, c: ReplyCase, snapshot: Awaited<ReturnType<typeof snapshotFromScenario>>): Promise<Omit<ReplyResult, 'set'>> {
  const start = provider === 'ollama' ? startFakeOllama : startFakeOpenAI;
  // One scripted reply answers the retry too: a small model asked again mostly repeats its mistakes.
  const replies = c.replies.length === 1 ? [c.replies[0]!, c.replies[0]!] : c.replies;
  const server = await start({ replies: replies.map(scripted) });
  try {
    const client = await createModelClient({ provider, model: MODELS[provider], baseUrl: server.url });
    const bench: BenchCase = { id: c.id, request: c.request, config: c.config, expect: c.expect ?? {} };
    const doc = await startingDocument(scenario, c.config);
    const played = await playTurns(bench, doc, snapshot);
    const r = await runCase(bench, played, snapshot, createModelProposer(client));
    const base = { provider, id: c.id, request: c.request, mistakes: c.mistakes, attempts: r.result?.model?.attempts };
    if (c.expectError !== undefined) {
      if (r.error === undefined) return { ...base, ok: false, failures: ['expected a clear failure, got a plan'] };
      const ok = new RegExp(c.expectError, 'is').test(r.error);
      return { ...base, ok, failures: ok ? [] : [`error does not match /${c.expectError}/: ${r.error}`] };
    }
    return { ...base, ok: r.ok, failures: r.failures };
  } finally {
    await server.close();
  }
}

export async function benchReplies(opts: { scenario?: string; providers?: ProviderId[]; signal?: AbortSignal } = {}): Promise<ReplyBench> {
  const files = (await loadReplyFiles()).filter((f) => !opts.scenario || f.scenario === opts.scenario);
  if (files.length === 0) throw new Error(`bench replies: no replies${opts.scenario ? ` for scenario "${opts.scenario}"` : ''}`);
  const providers = opts.providers ?? ['ollama', 'openai'];
  const results: ReplyResult[] = [];
  for (const file of files) {
    const snapshot = await snapshotFromScenario(file.scenario, opts.signal);
    for (const c of file.cases) for (const p of providers) results.push({ ...(await runOne(p, file.scenario, c, snapshot)), set: file.heldOut ? 'held-out' : 'first' });
  }
  const rows = (key: (r: ReplyResult) => string[]): ReplyRow[] => {
    const map = new Map<string, ReplyRow>();
    for (const r of results) {
      for (const group of key(r)) {
        const k = `${r.provider}\u0000${group}`;
        const row = map.get(k) ?? { provider: r.provider, group, cases: 0, right: 0, rate: 0 };
        row.cases++;
        if (r.ok) row.right++;
        row.rate = row.right / row.cases;
        map.set(k, row);
      }
    }
    return [...map.values()].sort((a, b) => a.provider.localeCompare(b.provider) || a.group.localeCompare(b.group));
  };
  return { results, byProvider: rows((r) => ['all', r.set]), byMistake: rows((r) => r.mistakes) };
}

const pct = (n: number): string => `${(n * 100).toFixed(1)} %`;

export function formatReplies(b: ReplyBench): string {
  const table = (title: string, rows: ReplyRow[]): string[] => {
    const cells = [['provider', title, 'replies', 'right document', 'rate'], ...rows.map((r) => [r.provider, r.group, String(r.cases), String(r.right), pct(r.rate)])];
    const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
    const fmt = (c: string[]): string => c.map((v, i) => (i <= 1 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
    return [fmt(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(fmt)];
  };
  const out = ['Scripted model replies through the real clients (loopback servers)', ...table('set', b.byProvider), '', ...table('mistake', b.byMistake)];
  const wrong = b.results.filter((r) => !r.ok);
  if (wrong.length) {
    out.push('', 'Not the right document:');
    for (const r of wrong) out.push(`  [${r.provider}, ${r.set}] ${r.id} "${r.request}": ${r.failures.join('; ')}`);
  }
  return `${out.join('\n')}\n`;
}
