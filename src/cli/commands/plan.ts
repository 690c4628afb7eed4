// `rviz-companion plan --request TEXT [--scenario NAME | --url URL] [--config FILE.rviz] [--provider …] [--json] [--apply OUT.rviz]`:
// plans a request against a robot (the simulated one in-process, or a live one) and prints the checklist or the Plan JSON;
// --apply writes the document that results from applying every checked action, atomically.
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog } from '../../core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../core/default-rviz.ts';
import { diagnose } from '../../core/diagnosis/index.ts';
import type { GraphSnapshot } from '../../core/graph/types.ts';
import { createModelProposer, createOfflineProposer, describeAction, planRequest, PlannerError, type PlanResult } from '../../core/planner/index.ts';
import type { Plan } from '../../core/rviz/action-types.ts';
import { applyActions, parse, type RvizDocument } from '../../core/rviz/index.ts';
import { checkRobotUrl, createRosbridgeLink, isLinkError } from '../../link/index.ts';
import { startSim } from '../../../sim/server.ts';
import { CliError, type CommandRun } from '../context.ts';
import { modelClientFromOptions } from '../model-options.ts';

const SCENARIO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../sim/scenarios');
const TF_WAIT_MS = 1500;
const SNAPSHOT_TIMEOUT_MS = 10_000;

/** Connect to a rosbridge URL, wait briefly for TF (static and dynamic), take one snapshot, disconnect. */
export async function snapshotFromUrl(url: string, signal?: AbortSignal, timeoutMs = SNAPSHOT_TIMEOUT_MS): Promise<GraphSnapshot> {
  const check = checkRobotUrl(url);
  if (!check.ok) throw new CliError(check.reason);
  const link = createRosbridgeLink(check.url, { probeTimeoutMs: Math.min(5000, timeoutMs) });
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  try {
    await new Promise<void>((resolveConnect, reject) => {
      const onAbort = (): void => reject(new CliError(signal?.aborted ? 'interrupted' : `no answer from ${check.url} within ${timeoutMs} ms`));
      if (deadline.aborted) { onAbort(); return; }
      deadline.addEventListener('abort', onAbort, { once: true });
      link.connect().then(resolveConnect, reject).finally(() => deadline.removeEventListener('abort', onAbort));
    });
    let snap = await link.snapshot({ signal: deadline });
    if (snap.topics.some((t) => t.name === '/tf' || t.name === '/tf_static')) {
      const start = Date.now();
      while (Date.now() - start < TF_WAIT_MS && !deadline.aborted) {
        await new Promise((r) => setTimeout(r, 50));
        const edges = link.tf();
        if (edges.some((e) => e.isStatic) && edges.some((e) => !e.isStatic)) break;
      }
      snap = await link.snapshot({ signal: deadline });
    }
    return snap;
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (isLinkError(err)) throw new CliError(err.message.replace(/; retrying in [\d.]+ s$/, ''));
    throw err;
  } finally {
    link.close();
  }
}

/** Start the simulated robot with a scenario on a free loopback port, take one snapshot, stop it. */
export async function snapshotFromScenario(scenario: string, signal?: AbortSignal): Promise<GraphSnapshot> {
  let sim;
  try {
    sim = await startSim({ scenario, port: 0 });
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
  try {
    return await snapshotFromUrl(sim.url, signal);
  } finally {
    await sim.close();
  }
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
    lines.push(`  [${a.checked ? 'x' : ' '}] ${a.origin === 'auto' ? '(auto) ' : ''}${describeAction(a)}${a.note ? `  — ${a.note}` : ''}`);
  }
  if (plan.rejected.length) {
    lines.push('Rejected:');
    for (const r of plan.rejected) lines.push(`  - ${describeAction(r.action)}: ${r.reason}`);
  }
  if (plan.notes.length) {
    lines.push('Notes:');
    for (const n of plan.notes) lines.push(`  - ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new CliError(`cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export const run: CommandRun = async (ctx) => {
  const request = ctx.options.request;
  if (typeof request !== 'string' || request.trim() === '') {
    ctx.stderr('rviz-companion plan: --request TEXT is required, e.g. --request "show the lidar coloured by height"');
    return 2;
  }
  const scenario = typeof ctx.options.scenario === 'string' ? ctx.options.scenario : undefined;
  const url = typeof ctx.options.url === 'string' ? ctx.options.url : undefined;
  if (scenario && url) {
    ctx.stderr('rviz-companion plan: give --scenario or --url, not both');
    return 2;
  }
  const configPath = typeof ctx.options.config === 'string' ? ctx.options.config : scenario ? scenarioConfigPath(scenario) : undefined;
  const { doc } = await loadDocument(configPath);
  const client = await modelClientFromOptions(ctx.options, ctx.env);
  const proposer = client ? createModelProposer(client) : createOfflineProposer();
  const snapshot = scenario ? await snapshotFromScenario(scenario, ctx.signal) : url ? await snapshotFromUrl(url, ctx.signal) : undefined;

  let result: PlanResult;
  try {
    // Findings are computed by rules (no sampling window here: QoS, types, publishers and frames need none).
    const findings = snapshot ? diagnose({ document: doc, snapshot, now: Date.now() }, { catalog }) : [];
    result = await planRequest({ request, document: doc, snapshot, findings, proposer, signal: ctx.signal });
  } catch (err) {
    if (err instanceof PlannerError) throw new CliError(err.message.replace(/^planner: /, ''));
    throw err;
  }
  const applyTo = typeof ctx.options.apply === 'string' ? ctx.options.apply : undefined;
  if (applyTo) {
    const checked = result.plan.actions.filter((a) => a.checked);
    const applied = applyActions(doc, checked, { lookup: catalog });
    if (!applied.ok) throw new CliError(`the plan could not be applied, nothing was written: ${applied.reason}`);
    await writeAtomically(applyTo, applied.doc.text);
  }
  if (ctx.options.json) ctx.stdout(`${JSON.stringify(result.plan, null, 2)}\n`);
  else {
    ctx.stdout(formatPlan(request, result, proposer.id));
    if (applyTo) ctx.stdout(`Wrote ${applyTo} (${result.plan.actions.filter((a) => a.checked).length} actions applied).\n`);
  }
  return 0;
};
