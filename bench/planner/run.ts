// `rviz-companion bench planner [--provider offline|ollama|openai --model M] [--scenario NAME] [--set tuned|held-out|all] [--exclude GLOB] [--json]`:
// accuracy per set (tuned, held-out) and scenario and overall, rejected and auto counts, prompt tokens (full catalog vs
// retrieved, cl100k_base), pipeline time without the model (p50/p95); with a model also schema-valid (exact) and repaired rates,
// valid-but-wrong rate and model time. Then accuracy per set and kind, and per set and language.
import { getEncoding } from 'js-tiktoken';
import { CliError, type CommandRun } from '../../src/cli/context.ts';
import { snapshotFromScenario } from '../../src/cli/commands/plan.ts';
import { modelClientFromOptions } from '../../src/cli/model-options.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { buildContext, buildFullPrompt, buildRetrievedPrompt, createModelProposer, createOfflineProposer, planRequest, selectTypes, type Proposer } from '../../src/core/planner/index.ts';
import { looseDisplayName } from '../../src/core/rviz/index.ts';
import type { BenchCase, CaseSet } from './evaluate.ts';
import { CASE_SETS, findingsFor, loadCaseFiles, playTurns, runCase, startingDocument, type CaseResult } from './evaluate.ts';

/** Timing repeats per case (after one warm-up), offline only: the model call is not repeated. */
const TIMING_REPEATS = 15;

export interface ScenarioRow {
  /** tuned | held-out | all */
  set: string;
  scenario: string;
  cases: number;
  correct: number;
  accuracy: number;
  /** Failed with the document unchanged (a refusal, a question back, a note). */
  refused: number;
  /** Failed and changed the document: the outcome that costs trust. */
  wrong: number;
  /** Failed, but one of the plan's choices gives the expected result. */
  rightChoice: number;
  rejected: number;
  auto: number;
  tokensFull: number;
  tokensRetrieved: number;
  /** Cases whose expected display types the retrieved prompt describes in full (the rest would need the full catalog). */
  retrievalHits: number;
  p50Ms: number;
  p95Ms: number;
  schemaValidRate?: number;
  /** Replies planned only after repairs (fields left out, case, loose paths, …): usable, but not the exact schema. */
  repairedRate?: number;
  validButWrongRate?: number;
  modelP50Ms?: number;
  failures: { set: string; id: string; request: string; failures: string[] }[];
}

/** Accuracy of one group of cases (a kind or a language within a set). */
export interface GroupRow { set: string; group: string; cases: number; correct: number; accuracy: number }

export interface BenchResult {
  rows: ScenarioRow[];
  /** One row per set that has cases, then `all` when both ran. */
  sets: ScenarioRow[];
  overall: ScenarioRow;
  byKind: GroupRow[];
  byLanguage: GroupRow[];
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
  /** Which case sets to run (default both). */
  sets?: readonly CaseSet[];
  /** Case files (`held-out/NAME.json`) to leave out, e.g. a batch that must not be run yet. */
  exclude?: (file: string) => boolean;
  /** Only the cases whose id passes (tests). */
  only?: (id: string) => boolean;
  /** Timing repeats per case, offline. */
  repeats?: number;
  signal?: AbortSignal;
}

export async function benchPlanner(opts: BenchOptions): Promise<BenchResult> {
  const loaded = (await loadCaseFiles(opts.sets ?? CASE_SETS, undefined, opts.exclude)).filter((f) => !opts.scenario || f.scenario === opts.scenario);
  if (loaded.length === 0) throw new CliError(`no benchmark cases${opts.scenario ? ` for scenario "${opts.scenario}"` : ''}`);
  // One row per set and scenario, however many files hold its cases.
  const files: { set: CaseSet; scenario: string; cases: BenchCase[] }[] = [];
  for (const f of loaded) {
    const row = files.find((x) => x.set === f.set && x.scenario === f.scenario);
    if (row) row.cases.push(...f.cases);
    else files.push({ set: f.set, scenario: f.scenario, cases: [...f.cases] });
  }
  const groups = new Map<string, GroupRow>();
  const tally = (set: string, axis: 'kind' | 'language', group: string, ok: boolean): void => {
    const key = `${axis}\u0000${set}\u0000${group}`;
    const g = groups.get(key) ?? { set, group, cases: 0, correct: 0, accuracy: 0 };
    g.cases++;
    if (ok) g.correct++;
    g.accuracy = g.correct / g.cases;
    groups.set(key, g);
  };
  const enc = getEncoding('cl100k_base');
  const count = (p: { system: string; user: string }): number => enc.encode(`${p.system}\n\n${p.user}`).length;
  const rows: ScenarioRow[] = [];
  const allTimes: number[] = [];
  const allModel: number[] = [];
  const timesBySet = new Map<string, number[]>();
  const modelBySet = new Map<string, number[]>();
  for (const file of files) {
    const snapshot = await snapshotFromScenario(file.scenario, opts.signal);
    const row: ScenarioRow = { set: file.set, scenario: file.scenario, cases: 0, correct: 0, accuracy: 0, refused: 0, wrong: 0, rightChoice: 0, rejected: 0, auto: 0, tokensFull: 0, tokensRetrieved: 0, retrievalHits: 0, p50Ms: 0, p95Ms: 0, failures: [] };
    const times: number[] = [];
    const modelTimes: number[] = [];
    let schemaValid = 0;
    let repaired = 0;
    let validWrong = 0;
    for (const c of file.cases.filter((x) => !opts.only || opts.only(x.id))) {
      const start = await startingDocument(file.scenario, c.config);
      const played = await playTurns(c, start, snapshot);
      const r: CaseResult = await runCase(c, played, snapshot, opts.proposer);
      row.cases++;
      if (r.ok) row.correct++;
      else row.failures.push({ set: file.set, id: c.id, request: c.request, failures: [`${r.outcome.toUpperCase()}${r.rightChoice ? ', right choice' : ''}`, ...r.failures] });
      if (r.outcome === 'refused') row.refused++;
      if (r.outcome === 'wrong') row.wrong++;
      if (r.rightChoice) row.rightChoice++;
      tally(file.set, 'kind', c.kind ?? 'unlabelled', r.ok);
      tally(file.set, 'language', c.language ?? 'en', r.ok);
      row.rejected += r.rejected;
      row.auto += r.auto;
      const ctx = buildContext({ document: played.before, snapshot, findings: findingsFor(played.before, snapshot) });
      row.tokensFull += count(buildFullPrompt(ctx, c.request, played.history));
      row.tokensRetrieved += count(buildRetrievedPrompt(ctx, c.request, played.history));
      const selected = selectTypes(ctx, c.request, played.history).types.map((t) => t.classId);
      if (selected.length === 0 || [...expectedTypes(c, ctx)].every((id) => selected.includes(id))) row.retrievalHits++;
      if (opts.model) {
        if (r.schemaValid) { schemaValid++; if (!r.ok) validWrong++; }
        if ((r.result?.model?.repairs ?? 0) > 0) repaired++;
        if (r.modelMs !== undefined) modelTimes.push(r.modelMs);
        if (!r.error) times.push(r.pipelineMs); // a failed model call has no pipeline to time
      } else {
        const offline = createOfflineProposer();
        const findings = findingsFor(played.before, snapshot);
        // A case the planner refuses with an error ("too many actions") was judged above; it has no pipeline to time.
        if (r.error) continue;
        await planRequest({ findings, request: c.request, document: played.before, snapshot, history: played.history, proposer: offline, undoPreview: played.undoPreview });
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
      row.repairedRate = repaired / row.cases;
      row.validButWrongRate = validWrong / row.cases;
      row.modelP50Ms = percentile(modelTimes, 50);
      allModel.push(...modelTimes);
    }
    allTimes.push(...times);
    timesBySet.set(file.set, [...(timesBySet.get(file.set) ?? []), ...times]);
    modelBySet.set(file.set, [...(modelBySet.get(file.set) ?? []), ...modelTimes]);
    rows.push(row);
  }
  if (rows.length === 0) throw new CliError('no benchmark cases matched');
  const sets = CASE_SETS.filter((s) => rows.some((r) => r.set === s))
    .map((s) => summarise(rows.filter((r) => r.set === s), s, 'overall', timesBySet.get(s) ?? [], modelBySet.get(s) ?? [], opts.model));
  const overall = summarise(rows, 'all', 'overall', allTimes, allModel, opts.model);
  const pick = (axis: 'kind' | 'language'): GroupRow[] => [...groups.entries()].filter(([k]) => k.startsWith(`${axis}\u0000`)).map(([, g]) => g)
    .sort((a, b) => CASE_SETS.indexOf(a.set as CaseSet) - CASE_SETS.indexOf(b.set as CaseSet) || a.group.localeCompare(b.group));
  return { rows, sets: sets.length > 1 ? [...sets, overall] : sets, overall, byKind: pick('kind'), byLanguage: pick('language') };
}

function summarise(rows: ScenarioRow[], set: string, scenario: string, times: number[], modelTimes: number[], model: boolean): ScenarioRow {
  const sum = (k: 'cases' | 'correct' | 'refused' | 'wrong' | 'rightChoice' | 'rejected' | 'auto' | 'tokensFull' | 'tokensRetrieved' | 'retrievalHits'): number => rows.reduce((s, r) => s + r[k], 0);
  const out: ScenarioRow = {
    set, scenario, cases: sum('cases'), correct: sum('correct'), accuracy: sum('correct') / Math.max(1, sum('cases')),
    refused: sum('refused'), wrong: sum('wrong'), rightChoice: sum('rightChoice'), rejected: sum('rejected'), auto: sum('auto'),
    tokensFull: sum('tokensFull'), tokensRetrieved: sum('tokensRetrieved'), retrievalHits: sum('retrievalHits'), p50Ms: percentile(times, 50), p95Ms: percentile(times, 95),
    failures: rows.flatMap((r) => r.failures),
  };
  if (model) {
    out.schemaValidRate = rows.reduce((s, r) => s + (r.schemaValidRate ?? 0) * r.cases, 0) / Math.max(1, out.cases);
    out.repairedRate = rows.reduce((s, r) => s + (r.repairedRate ?? 0) * r.cases, 0) / Math.max(1, out.cases);
    out.validButWrongRate = rows.reduce((s, r) => s + (r.validButWrongRate ?? 0) * r.cases, 0) / Math.max(1, out.cases);
    out.modelP50Ms = percentile(modelTimes, 50);
  }
  return out;
}

function aligned(table: string[][]): string[] {
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string => r.map((c, i) => (i <= 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(fmt)];
}

/** Accuracy per kind or language, one line per set and group. */
export function formatGroups(title: string, groups: GroupRow[]): string {
  if (groups.length === 0) return '';
  const table = [['set', title, 'cases', 'correct', 'accuracy'], ...groups.map((g) => [g.set, g.group, String(g.cases), String(g.correct), pct(g.accuracy)])];
  return `${aligned(table).join('\n')}\n`;
}

export function formatTable(rows: ScenarioRow[], overall: ScenarioRow, model: boolean, sets: ScenarioRow[] = [overall]): string {
  const head = ['set', 'scenario', 'cases', 'correct', 'accuracy', 'refused', 'WRONG', 'wrong %', 'right-choice', 'rejected', 'auto', 'tokens full', 'tokens retrieved', 'fewer', 'retrieval recall', 'p50 ms', 'p95 ms',
    ...(model ? ['schema-valid', 'repaired', 'valid-but-wrong', 'model p50 ms'] : [])];
  const line = (r: ScenarioRow): string[] => [r.set, r.scenario, String(r.cases), String(r.correct), pct(r.accuracy),
    String(r.refused), String(r.wrong), pct(r.wrong / Math.max(1, r.cases)), String(r.rightChoice), String(r.rejected), String(r.auto),
    String(r.tokensFull), String(r.tokensRetrieved), pct(1 - r.tokensRetrieved / Math.max(1, r.tokensFull)), pct(r.retrievalHits / Math.max(1, r.cases)), r.p50Ms.toFixed(2), r.p95Ms.toFixed(2),
    ...(model ? [pct(r.schemaValidRate ?? 0), pct(r.repairedRate ?? 0), pct(r.validButWrongRate ?? 0), (r.modelP50Ms ?? 0).toFixed(0)] : [])];
  const out = aligned([head, ...rows.map(line), ...sets.map(line)]);
  if (overall.failures.length) {
    out.push('', 'Not fully correct:');
    for (const f of overall.failures) out.push(`  [${f.set}] ${f.id} "${f.request}": ${f.failures.join('; ')}`);
  }
  return `${out.join('\n')}\n`;
}

export const run: CommandRun = async (ctx) => {
  if (ctx.positionals.length > 0) throw new CliError(`bench planner takes no arguments (got "${ctx.positionals.join(' ')}")`);
  if (ctx.options.replies) {
    // Scripted replies bring their own loopback servers: a provider given on the command line would be ignored.
    if (typeof ctx.options.provider === 'string' || typeof ctx.options.set === 'string') throw new CliError('bench planner --replies takes no --provider or --set (it runs both clients against loopback servers)');
    const { benchReplies, formatReplies } = await import('./replies.ts');
    const r = await benchReplies({ scenario: typeof ctx.options.scenario === 'string' ? ctx.options.scenario : undefined, signal: ctx.signal });
    ctx.stdout(ctx.options.json ? `${JSON.stringify(r, null, 2)}\n` : formatReplies(r));
    return 0;
  }
  const client = await modelClientFromOptions(ctx.options, ctx.env);
  const proposer = client ? createModelProposer(client) : createOfflineProposer();
  const scenario = typeof ctx.options.scenario === 'string' ? ctx.options.scenario : undefined;
  const sets = parseSet(ctx.options.set);
  const exclude = excludeFilter(ctx.options.exclude);
  const result = await benchPlanner({ proposer, model: client !== undefined, scenario, sets, exclude, signal: ctx.signal });
  if (ctx.options.json) ctx.stdout(`${JSON.stringify({ provider: proposer.id, ...result }, null, 2)}\n`);
  else {
    ctx.stdout(`Planner benchmark (${proposer.id}; tokens: cl100k_base)\n${formatTable(result.rows, result.overall, client !== undefined, result.sets)}`);
    ctx.stdout(`\nPer kind\n${formatGroups('kind', result.byKind)}\nPer language\n${formatGroups('language', result.byLanguage)}`);
  }
  return 0;
};

function parseSet(value: string | boolean | undefined): readonly CaseSet[] {
  if (value === undefined || value === 'all') return CASE_SETS;
  if (value === 'tuned' || value === 'held-out') return [value];
  throw new CliError(`--set takes tuned, held-out or all (got "${String(value)}")`);
}

/** `--exclude 'held-out/*precision*'`: case files whose `set/file.json` path matches the pattern (`*` any text) are left out. */
export function excludeFilter(value: string | boolean | undefined): ((file: string) => boolean) | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new CliError('--exclude takes a pattern such as \'held-out/*precision*\'');
  const re = new RegExp(`^${value.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (file) => re.test(file);
}
