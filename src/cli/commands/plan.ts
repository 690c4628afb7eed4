// `rviz-companion plan --request TEXT [--scenario NAME | --url URL] [--config FILE.rviz] [--provider …] [--json] [--apply OUT.rviz]`:
// plans a request against a robot (the simulated one in-process, or a live one) and prints the checklist or the Plan JSON;
// --apply writes the document that results from applying every checked action, atomically. `--choose N` plans the plan's
// N-th choice (1-based) like a request instead, and --apply then writes that one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog } from '../../core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../core/default-rviz.ts';
import { diagnose } from '../../core/diagnosis/index.ts';
import type { GraphSnapshot } from '../../core/graph/types.ts';
import { createModelProposer, createOfflineProposer, describeAction, planChoice, planRequest, PlannerError, type PlanResult } from '../../core/planner/index.ts';
import type { Plan } from '../../core/rviz/action-types.ts';
import { applyActions, parse, type RvizDocument } from '../../core/rviz/index.ts';
import { CliError, type CommandRun } from '../context.ts';
import { modelClientFromOptions } from '../model-options.ts';
import { openRobotSession, robotTarget, type RobotTarget } from '../robot-session.ts';
import { writeTextFile } from '../rviz-file.ts';

const SCENARIO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../sim/scenarios');
/** Planning needs the graph and the TF tree, not rates: no watch window, only the wait for transforms. */
const TF_WAIT_MS = 1500;

/** One snapshot of a robot (the simulated one in-process, or a live one), taken once its TF has arrived. */
export async function robotSnapshot(target: RobotTarget, signal?: AbortSignal): Promise<GraphSnapshot> {
  const session = await openRobotSession({ ...target, sampleMs: 0, tfGraceMs: TF_WAIT_MS, ...(signal ? { signal } : {}) });
  try {
    return session.snapshot;
  } finally {
    await session.close();
  }
}

/** Start the simulated robot with a scenario on a free loopback port, take one snapshot, stop it. */
export function snapshotFromScenario(scenario: string, signal?: AbortSignal): Promise<GraphSnapshot> {
  return robotSnapshot({ scenario }, signal);
}

/** The .rviz a scenario's robot starts with (sim/scenarios/NAME.rviz), if it has one. */
export function scenarioConfigPath(scenario: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(scenario)) return undefined;
  const path = join(SCENARIO_DIR, `${scenario}.rviz`);
  return existsSync(path) ? path : undefined;
}

export async function loadDocument(path: string | undefined): Promise<{ doc: RvizDocument; source: string }> {
  if (path === undefined) {
    const parsed = parse(DEFAULT_RVIZ_CONFIG, { name: 'default config' });
    if (!parsed.ok) throw new CliError(parsed.reason);
    return { doc: parsed.doc, source: 'the default config' };
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const parsed = parse(text, { name: basename(path) });
  if (!parsed.ok) throw new CliError(parsed.reason);
  return { doc: parsed.doc, source: path };
}

/** The checklist people read: one line per action, automatic ones marked, then rejected actions and notes. */
export function formatPlan(request: string, result: PlanResult, proposer: string): string {
  const plan: Plan = result.plan;
  const lines = [`Plan for "${request}" (${proposer}, ${result.timings.pipelineMs.toFixed(1)} ms without the model)`];
  if (plan.undoFirst) lines.push('  first: undo the last applied plan');
  if (plan.actions.length === 0) lines.push('  (no actions)');
  for (const a of plan.actions) {
    lines.push(`  [${a.checked ? 'x' : ' '}] ${a.origin === 'auto' ? '(auto) ' : ''}${describeAction(a)}${a.from ? `  (from "${a.from}")` : ''}${a.note ? `  — ${a.note}` : ''}`);
  }
  if (plan.rejected.length) {
    lines.push('Rejected:');
    for (const r of plan.rejected) lines.push(`  - ${describeAction(r.action)}: ${r.reason}`);
  }
  if (plan.notes.length) {
    lines.push('Notes:');
    for (const n of plan.notes) lines.push(`  - ${n}`);
  }
  if (plan.question) lines.push(`Ask the assistant: "${plan.question}" (rviz-companion ask "${plan.question}")`);
  if (plan.choices?.length) {
    lines.push('Choices (not applied; plan one with --choose N):');
    plan.choices.forEach((c, i) => lines.push(`  ${i + 1}. ${c.label}: ${c.actions.map((a) => describeAction(a)).join('; ')}`));
  }
  return `${lines.join('\n')}\n`;
}


export const run: CommandRun = async (ctx) => {
  const request = ctx.options.request;
  if (typeof request !== 'string' || request.trim() === '') {
    ctx.stderr('rviz-companion plan: --request TEXT is required, e.g. --request "show the lidar coloured by height"');
    return 2;
  }
  if (typeof ctx.options.scenario === 'string' && typeof ctx.options.url === 'string') {
    ctx.stderr('rviz-companion plan: give --scenario or --url, not both');
    return 2;
  }
  const target = robotTarget(ctx.options);
  const configPath = typeof ctx.options.config === 'string' ? ctx.options.config : target?.scenario ? scenarioConfigPath(target.scenario) : undefined;
  const { doc } = await loadDocument(configPath);
  const client = await modelClientFromOptions(ctx.options, ctx.env);
  const proposer = client ? createModelProposer(client) : createOfflineProposer();
  const snapshot = target ? await robotSnapshot(target, ctx.signal) : undefined;

  const choose = chosenIndex(ctx.options.choose);
  let pickedLabel: string | undefined;
  let result: PlanResult;
  try {
    // Findings are computed by rules (no sampling window here: QoS, types, publishers and frames need none).
    const findings = snapshot ? diagnose({ document: doc, snapshot, now: Date.now() }, { catalog }) : [];
    result = await planRequest({ request, document: doc, snapshot, findings, proposer, signal: ctx.signal });
    if (choose !== undefined) {
      const choices = result.plan.choices ?? [];
      const picked = choices[choose - 1];
      if (!picked) throw new CliError(choices.length === 0 ? `--choose ${choose}: the plan for "${request}" offers no choices` : `--choose ${choose}: the plan offers ${choices.length} choice${choices.length === 1 ? '' : 's'} (1–${choices.length})`);
      pickedLabel = picked.label;
      // The pick is planned like a request on the same document: validated, completed, applied as one step.
      result = await planChoice({ document: doc, snapshot, findings, signal: ctx.signal }, picked);
    }
  } catch (err) {
    if (err instanceof PlannerError) throw new CliError(err.message.replace(/^planner: /, ''));
    throw err;
  }
  const applyTo = typeof ctx.options.apply === 'string' ? ctx.options.apply : undefined;
  if (applyTo) {
    const checked = result.plan.actions.filter((a) => a.checked);
    const applied = applyActions(doc, checked, { lookup: catalog });
    if (!applied.ok) throw new CliError(`the plan could not be applied, nothing was written: ${applied.reason}`);
    await writeTextFile(applyTo, applied.doc.text);
  }
  if (ctx.options.json) ctx.stdout(`${JSON.stringify(result.plan, null, 2)}\n`);
  else {
    ctx.stdout(formatPlan(pickedLabel === undefined ? request : `${request}", choice ${choose}: "${pickedLabel}`, result, pickedLabel === undefined ? proposer.id : 'choice'));
    if (applyTo) ctx.stdout(`Wrote ${applyTo} (${result.plan.actions.filter((a) => a.checked).length} actions applied).\n`);
  }
  return 0;
};

/** `--choose N`: a whole number from 1. */
function chosenIndex(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--choose takes a choice number from 1 (got "${String(value)}")`);
  return n;
}
