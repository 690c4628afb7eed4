// `rviz-companion bench planner [--provider offline|ollama|openai --model M] [--scenario NAME] [--json]`:
// accuracy per scenario and overall, rejected and auto counts, prompt tokens (full catalog vs retrieved, cl100k_base),
// pipeline time without the model (p50/p95); with a model also schema-valid rate, valid-but-wrong rate and model time.
import { getEncoding } from 'js-tiktoken';
import { CliError, type CommandRun } from '../../src/cli/context.ts';
import { snapshotFromScenario } from '../../src/cli/commands/plan.ts';
import { modelClientFromOptions } from '../../src/cli/model-options.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { buildContext, buildFullPrompt, buildRetrievedPrompt, createModelProposer, createOfflineProposer, planRequest, selectTypes, type Proposer } from '../../src/core/planner/index.ts';
import { looseDisplayName } from '../../src/core/rviz/index.ts';
import type { BenchCase } from './evaluate.ts';
import { findingsFor, loadCaseFiles, playTurns, runCase, startingDocument, type CaseResult } from './evaluate.ts';

/** Timing repeats per case (after one warm-up), offline only: the model call is not repeated. */
const TIMING_REPEATS = 15;

export interface ScenarioRow {
  scenario: string;
  cases: number;
  correct: number;
  accuracy: number;
  rejected: number;
  auto: number;
  tokensFull: number;
  tokensRetrieved: number;
  /** Cases whose expected display types the retrieved prompt describes in full (the rest would need the full catalog). */
  retrievalHits: number;
  p50Ms: number;
  p95Ms: number;
  schemaValidRate?: number;
  validButWrongRate?: number;
  modelP50Ms?: number;
  failures: { id: string; request: string; failures: string[] }[];
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const pct = (n: number): string => `${(n * 100).toFixed(1)} %`;

/** Display types a case's checks are about: by class, or by the class of the display they name. */
function expectedTypes(c: BenchCase, ctx: ReturnType<typeof buildContext>): Set<string> {
  const out = new Set<string>();
  // Checks that only make sure a display survives (a name, nothing else) need no type described.
  const relevant = [...(c.expect.displays ?? []).filter((x) => x.class || x.properties || x.topic || x.enabled !== undefined), ...(c.expect.absent ?? [])];
  for (const check of relevant) {
    const byClass = check.class ? catalog.resolveType(check.class)?.classId : undefined;
    const byName = check.name ? ctx.displays.find((d) => looseDisplayName(d.name) === looseDisplayName(check.name!))?.classId : undefined;
    const id = byClass ?? byName;
    if (id && catalog.byClass(id)) out.add(id);
  }
  return out;
}

export interface BenchOptions {
  proposer: Proposer;
  /** Measure a model: schema-valid and valid-but-wrong rates and model time; no timing repeats. */
  model: boolean;
  scenario?: string;
  /** Only the cases whose id passes (tests). */
  only?: (id: string) => boolean;
  /** Timing repeats per case, offline. */
  repeats?: number;
  signal?: AbortSignal;
}

export async function benchPlanner(opts: BenchOptions): Promise<{ rows: ScenarioRow[]; overall: ScenarioRow }> {
  const files = (await loadCaseFiles()).filter((f) => !opts.scenario || f.scenario === opts.scenario);
  if (files.length === 0) throw new CliError(`no benchmark cases${opts.scenario ? ` for scenario "${opts.scenario}"` : ''}`);
  const enc = getEncoding('cl100k_base');
  const count = (p: { system: string; user: string }): number => enc.encode(`${p.system}\n\n${p.user}`).length;
  const rows: ScenarioRow[] = [];
  const allTimes: number[] = [];
  const allModel: number[] = [];
  for (const file of files) {
    const snapshot = await snapshotFromScenario(file.scenario, opts.signal);
    const row: ScenarioRow = { scenario: file.scenario, cases: 0, correct: 0, accuracy: 0, rejected: 0, auto: 0, tokensFull: 0, tokensRetrieved: 0, retrievalHits: 0, p50Ms: 0, p95Ms: 0, failures: [] };
    const times: number[] = [];
    const modelTimes: number[] = [];
    let schemaValid = 0;
    let validWrong = 0;
    for (const c of file.cases.filter((x) => !opts.only || opts.only(x.id))) {
      const start = await startingDocument(file.scenario, c.config);
      const played = await playTurns(c, start, snapshot);
      const r: CaseResult = await runCase(c, played, snapshot, opts.proposer);
      row.cases++;
      if (r.ok) row.correct++;
      else row.failures.push({ id: c.id, request: c.request, failures: r.failures });
      row.rejected += r.rejected;
      row.auto += r.auto;
      const ctx = buildContext({ document: played.before, snapshot, findings: findingsFor(played.before, snapshot) });
      row.tokensFull += count(buildFullPrompt(ctx, c.request, played.history));
      row.tokensRetrieved += count(buildRetrievedPrompt(ctx, c.request, played.history));
      const selected = selectTypes(ctx, c.request, played.history).types.map((t) => t.classId);
      if (selected.length === 0 || [...expectedTypes(c, ctx)].every((id) => selected.includes(id))) row.retrievalHits++;
      if (opts.model) {
        if (r.schemaValid) { schemaValid++; if (!r.ok) validWrong++; }
        if (r.modelMs !== undefined) modelTimes.push(r.modelMs);
        if (!r.error) times.push(r.pipelineMs); // a failed model call has no pipeline to time
      } else {
        const offline = createOfflineProposer();
        const findings = findingsFor(played.before, snapshot);
        await planRequest({ findings, request: c.request, document: played.before, snapshot, history: played.history, proposer: offline });
        for (let i = 0; i < (opts.repeats ?? TIMING_REPEATS); i++) {
          const t = await planRequest({ findings, request: c.request, document: played.before, snapshot, history: played.history, proposer: offline, undoPreview: played.undoPreview });
          times.push(t.timings.pipelineMs);
        }
      }
    }
    if (row.cases === 0) continue;
    row.accuracy = row.correct / row.cases;
    row.p50Ms = percentile(times, 50);
    row.p95Ms = percentile(times, 95);
    if (opts.model) {
      row.schemaValidRate = schemaValid / row.cases;
      row.validButWrongRate = validWrong / row.cases;
      row.modelP50Ms = percentile(modelTimes, 50);
      allModel.push(...modelTimes);
    }
    allTimes.push(...times);
    rows.push(row);
  }
  const sum = (k: 'cases' | 'correct' | 'rejected' | 'auto' | 'tokensFull' | 'tokensRetrieved' | 'retrievalHits'): number => rows.reduce((s, r) => s + r[k], 0);
  const overall: ScenarioRow = {
    scenario: 'overall', cases: sum('cases'), correct: sum('correct'), accuracy: sum('correct') / sum('cases'), rejected: sum('rejected'), auto: sum('auto'),
    tokensFull: sum('tokensFull'), tokensRetrieved: sum('tokensRetrieved'), retrievalHits: sum('retrievalHits'), p50Ms: percentile(allTimes, 50), p95Ms: percentile(allTimes, 95),
    failures: rows.flatMap((r) => r.failures),
  };
  if (opts.model) {
    overall.schemaValidRate = rows.reduce((s, r) => s + (r.schemaValidRate ?? 0) * r.cases, 0) / overall.cases;
    overall.validButWrongRate = rows.reduce((s, r) => s + (r.validButWrongRate ?? 0) * r.cases, 0) / overall.cases;
    overall.modelP50Ms = percentile(allModel, 50);
  }
  return { rows, overall };
}

export function formatTable(rows: ScenarioRow[], overall: ScenarioRow, model: boolean): string {
  const head = ['scenario', 'cases', 'correct', 'accuracy', 'rejected', 'auto', 'tokens full', 'tokens retrieved', 'fewer', 'retrieval recall', 'p50 ms', 'p95 ms',
    ...(model ? ['schema-valid', 'valid-but-wrong', 'model p50 ms'] : [])];
  const line = (r: ScenarioRow): string[] => [r.scenario, String(r.cases), String(r.correct), pct(r.accuracy), String(r.rejected), String(r.auto),
    String(r.tokensFull), String(r.tokensRetrieved), pct(1 - r.tokensRetrieved / Math.max(1, r.tokensFull)), pct(r.retrievalHits / Math.max(1, r.cases)), r.p50Ms.toFixed(2), r.p95Ms.toFixed(2),
    ...(model ? [pct(r.schemaValidRate ?? 0), pct(r.validButWrongRate ?? 0), (r.modelP50Ms ?? 0).toFixed(0)] : [])];
  const table = [head, ...rows.map(line), line(overall)];
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => fmt(line(r))), fmt(line(overall))];
  if (overall.failures.length) {
    out.push('', 'Not fully correct:');
    for (const f of overall.failures) out.push(`  ${f.id} "${f.request}": ${f.failures.join('; ')}`);
  }
  return `${out.join('\n')}\n`;
}

export const run: CommandRun = async (ctx) => {
  if (ctx.positionals.length > 0) throw new CliError(`bench planner takes no arguments (got "${ctx.positionals.join(' ')}")`);
  const client = await modelClientFromOptions(ctx.options, ctx.env);
  const proposer = client ? createModelProposer(client) : createOfflineProposer();
  const scenario = typeof ctx.options.scenario === 'string' ? ctx.options.scenario : undefined;
  const { rows, overall } = await benchPlanner({ proposer, model: client !== undefined, scenario, signal: ctx.signal });
  if (ctx.options.json) ctx.stdout(`${JSON.stringify({ provider: proposer.id, rows, overall }, null, 2)}\n`);
  else ctx.stdout(`Planner benchmark (${proposer.id}; tokens: cl100k_base)\n${formatTable(rows, overall, client !== undefined)}`);
  return 0;
};
