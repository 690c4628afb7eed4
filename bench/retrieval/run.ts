/**
 * `rviz-companion bench retrieval [--json] [--provider P --model M [--base-url URL]]`
 * BM25 always; hybrid (embeddings), rewriting and both when a reachable model is given (RVIZ_COMPANION_EMBED_MODEL
 * names a separate embedding model on the same server); reranking too
 * when RVIZ_COMPANION_RERANK_URL (and RVIZ_COMPANION_RERANK_MODEL) name a `/v1/rerank` server.
 * Every row is reported for all questions and for the calibration and held-out halves separately.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { CliError, type CommandContext, type CommandRun } from '../../src/cli/context.ts';
import { loadKbFiles } from '../../src/cli/kb-files.ts';
import { openFileEmbeddingCache } from '../../src/cli/embedding-cache-file.ts';
import { KbIndex } from '../../src/core/assistant/search/bm25-index.ts';
import { rankBm25, retrieve, type RetrieveRequest } from '../../src/core/assistant/search/retrieve.ts';
import { memoryEmbeddingCache } from '../../src/core/assistant/search/embedding-cache.ts';
import type { ModelClient } from '../../src/core/model.ts';
import { RerankClient } from '../../src/llm/rerank.ts';
import { modelClientFromOptions } from '../../src/cli/model-options.ts';
import { checkQuestions, metrics, percentile, runQuestions, type LabelledQuestion, type Metrics, type QuestionOutcome } from './evaluate.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const QUESTIONS_PATH = join(HERE, 'questions.json');
const CACHE_PATH = fileURLToPath(new URL('../../node_modules/.cache/rviz-companion/embeddings.json', import.meta.url));
/** Timed repetitions of every question for the BM25 latency figures (after one warm-up pass). */
const LATENCY_REPS = 5;

export interface BenchRow {
  mode: string;
  set: 'all' | 'calibration' | 'holdout';
  metrics: Metrics;
  p50Ms: number;
  p95Ms: number;
}

export interface BenchReport {
  entries: number;
  questions: number;
  rows: BenchRow[];
  notes: string[];
  misses: { mode: string; q: string; expected: string[]; got: string[]; set: string }[];
}

export async function loadQuestions(path: string = QUESTIONS_PATH, knownIds?: ReadonlySet<string>): Promise<LabelledQuestion[]> {
  const text = await readFile(path, 'utf8').catch((err: Error) => { throw new CliError(`bench retrieval: cannot read ${path}: ${err.message}`); });
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (err) { throw new CliError(`bench retrieval: ${path} is not JSON: ${(err as Error).message}`); }
  try { return checkQuestions(parsed, path, knownIds).questions; } catch (err) { throw new CliError((err as Error).message); }
}

function rowsFor(mode: string, outcomes: QuestionOutcome[], latencies: number[]): BenchRow[] {
  const p50Ms = percentile(latencies, 50);
  const p95Ms = percentile(latencies, 95);
  return (['all', 'calibration', 'holdout'] as const).map((set) => ({
    mode, set, p50Ms, p95Ms,
    metrics: metrics(set === 'all' ? outcomes : outcomes.filter((o) => o.set === set)),
  }));
}

/** The BM25 row: results plus per-query latency (rankBm25 is synchronous, so timing is exact). */
export async function benchBm25(index: KbIndex, questions: readonly LabelledQuestion[]): Promise<{ rows: BenchRow[]; outcomes: QuestionOutcome[] }> {
  for (const q of questions) rankBm25(index, q.q); // warm-up (JIT)
  const latencies: number[] = [];
  for (let rep = 0; rep < LATENCY_REPS; rep++) {
    for (const q of questions) {
      const t = performance.now();
      rankBm25(index, q.q);
      latencies.push(performance.now() - t);
    }
  }
  const outcomes = await runQuestions(questions, (q) => rankBm25(index, q).map((r) => r.id));
  return { rows: rowsFor('bm25', outcomes, latencies), outcomes };
}

async function benchRetrieve(mode: string, index: KbIndex, questions: readonly LabelledQuestion[], base: Omit<RetrieveRequest, 'question'>, notes: string[]): Promise<{ mode: string; rows: BenchRow[]; outcomes: QuestionOutcome[] }> {
  const latencies: number[] = [];
  const fallbacks = new Set<string>();
  const outcomes = await runQuestions(questions, async (q) => {
    const t = performance.now();
    const res = await retrieve(index, { ...base, question: q, k: 10 });
    latencies.push(performance.now() - t);
    for (const f of [res.meta.embedFallback, res.meta.rewriteFallback, res.meta.rerankFallback]) if (f) fallbacks.add(f);
    return res.results.map((r) => r.id);
  });
  for (const f of fallbacks) notes.push(`${mode}: ${f}`);
  return { mode, rows: rowsFor(mode, outcomes, latencies), outcomes };
}

/** A model client for --provider/--model/--base-url (undefined for offline). */
async function modelFromOptions(ctx: CommandContext): Promise<ModelClient | undefined> {
  return modelClientFromOptions(ctx.options, ctx.env);
}

export async function benchRetrieval(ctx: CommandContext): Promise<BenchReport> {
  const entries = await loadKbFiles();
  const index = new KbIndex(entries);
  const questions = await loadQuestions(QUESTIONS_PATH, new Set(index.entries.keys()));
  const notes: string[] = [];
  const runs: { mode: string; outcomes: QuestionOutcome[]; rows: BenchRow[] }[] = [];
  runs.push({ mode: 'bm25', ...(await benchBm25(index, questions)) });

  let model = await modelFromOptions(ctx);
  if (model) {
    try {
      await model.listModels({ timeoutMs: 10_000 });
    } catch (err) {
      notes.push(`model server not reachable, hybrid and rewriting rows skipped: ${(err as Error).message}`);
      model = undefined;
    }
  }
  // Rewriting wants a chat model, embeddings an embedding model: RVIZ_COMPANION_EMBED_MODEL picks the latter on the same server.
  const embedModelName = ctx.env.RVIZ_COMPANION_EMBED_MODEL?.trim();
  const embedder = model && embedModelName ? await modelClientFromOptions({ ...ctx.options, model: embedModelName }, ctx.env) : model;
  const rerankUrl = ctx.env.RVIZ_COMPANION_RERANK_URL;
  const reranker = rerankUrl ? new RerankClient({ baseUrl: rerankUrl, model: ctx.env.RVIZ_COMPANION_RERANK_MODEL ?? 'rerank' }) : undefined;
  if (model && embedder) {
    const file = await openFileEmbeddingCache(CACHE_PATH);
    if (file.loadProblem) notes.push(file.loadProblem);
    const cache = memoryEmbeddingCache(file);
    notes.push(`models: embeddings ${embedder.provider}/${embedder.model}, rewriting ${model.provider}/${model.model}`);
    runs.push(await benchRetrieve('hybrid', index, questions, { embedder, embeddingCache: cache }, notes));
    runs.push(await benchRetrieve('bm25+rewrite', index, questions, { rewriter: model }, notes));
    runs.push(await benchRetrieve('hybrid+rewrite', index, questions, { embedder, embeddingCache: cache, rewriter: model }, notes));
  } else if (ctx.options.provider === undefined || ctx.options.provider === 'offline') {
    notes.push('hybrid and rewriting rows need --provider ollama|openai and --model (none given)');
  }
  if (reranker) {
    notes.push(`reranker: ${reranker.model} at ${rerankUrl}`);
    runs.push(await benchRetrieve('bm25+rerank', index, questions, { reranker }, notes));
  }
  return {
    entries: entries.length,
    questions: questions.length,
    rows: runs.flatMap((r) => r.rows),
    notes,
    misses: runs.flatMap((r) => r.outcomes.filter((o) => (o.expected.length === 0 ? o.rank !== 1 : o.rank < 1 || o.rank > 3))
      .map((o) => ({ mode: r.mode, q: o.q, expected: o.expected, got: o.got, set: o.set }))),
  };
}

export function formatReport(report: BenchReport): string {
  const f = (x: number): string => x.toFixed(3);
  const lines = [
    `retrieval benchmark: ${report.questions} questions, ${report.entries} knowledge entries`,
    '',
    `${'mode'.padEnd(16)} ${'set'.padEnd(12)} ${'n'.padStart(4)} ${'R@1'.padStart(6)} ${'R@3'.padStart(6)} ${'MRR'.padStart(6)} ${'no-ans'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  ];
  for (const r of report.rows) {
    const m = r.metrics;
    lines.push(`${r.mode.padEnd(16)} ${r.set.padEnd(12)} ${String(m.questions).padStart(4)} ${f(m.recallAt1).padStart(6)} ${f(m.recallAt3).padStart(6)} ${f(m.mrr).padStart(6)} ${f(m.noAnswerAccuracy).padStart(7)} ${r.p50Ms.toFixed(3).padStart(8)} ${r.p95Ms.toFixed(3).padStart(8)}`);
  }
  if (report.notes.length > 0) lines.push('', ...report.notes.map((n) => `note: ${n}`));
  const bm25Misses = report.misses.filter((m) => m.mode === 'bm25');
  if (bm25Misses.length > 0) {
    lines.push('', `bm25 misses (not in the top 3, or a wrong answer to an unanswerable question): ${bm25Misses.length}`);
    for (const m of bm25Misses) lines.push(`  [${m.set}] ${m.q.slice(0, 90)}\n      expected ${m.expected.join('|') || '(no match)'} got ${m.got.join(', ') || '(no match)'}`);
  }
  return lines.join('\n');
}

export const run: CommandRun = async (ctx) => {
  const report = await benchRetrieval(ctx);
  ctx.stdout(ctx.options.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return 0;
};
