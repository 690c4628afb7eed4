// Planner benchmark: cases as data (bench/planner/cases/{tuned,held-out}/*.json, checked by case.schema.json), how one
// case is played (earlier turns applied first, then the request planned, its checked actions applied) and judged on the
// document. `tuned` holds the cases the planner was developed against; `held-out` the ones written without looking at it.
import Ajv from 'ajv';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog } from '../../src/core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../src/core/default-rviz.ts';
import type { GraphSnapshot } from '../../src/core/graph/types.ts';
import { planRequest, PlannerError, type PlannerTurn, type PlanResult, type Proposer } from '../../src/core/planner/index.ts';
import { readPlain } from '../../src/core/planner/state.ts';
import type { PlannedAction } from '../../src/core/rviz/action-types.ts';
import { applyActions, listDisplays, looseDisplayName, parse, type DisplayInfo, type RvizDocument } from '../../src/core/rviz/index.ts';
import { globalOptions } from '../../src/core/rviz/displays.ts';
import { fixedFrameOf } from '../../src/core/planner/context.ts';
import { createOfflineProposer } from '../../src/core/planner/index.ts';
import { diagnose } from '../../src/core/diagnosis/index.ts';
import type { Finding } from '../../src/core/diagnosis/types.ts';

/** The findings the app would hand the planner for this document and robot. */
export function findingsFor(document: RvizDocument, snapshot: GraphSnapshot | undefined): Finding[] {
  return snapshot ? diagnose({ document, snapshot, now: snapshot.takenAt }, { catalog }) : [];
}

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '../..');

export interface DisplayCheck { class?: string; name?: string; topic?: string; group?: string; enabled?: boolean; count?: number; properties?: Record<string, string | number | boolean> }
export interface ActionPattern { action?: string; display?: string; display_type?: string; topic?: string; property?: string; value?: string }
export type CaseKind = 'property' | 'existing-target' | 'not-understood' | 'fix-outside-rviz' | 'goal/recipe' | 'language' | 'other';
export interface BenchCase {
  id: string;
  request: string;
  kind?: CaseKind;
  /** BCP 47; absent means English. */
  language?: string;
  config?: string;
  turns?: { request: string; outcome?: 'applied' | 'undone' | 'skipped' }[];
  expect: { displays?: DisplayCheck[]; absent?: DisplayCheck[]; fixedFrame?: string; globalOptions?: Record<string, string | number>; unchanged?: boolean; note?: string; notes?: string[]; noActions?: boolean };
  mustNot?: ActionPattern[];
}
export const CASE_SETS = ['tuned', 'held-out'] as const;
export type CaseSet = (typeof CASE_SETS)[number];
export interface CaseFile { scenario: string; cases: BenchCase[]; /** Filled in from the folder the file is in. */ set: CaseSet; file: string }

/** Every case file of the given sets (default both), schema-checked; case ids are unique across all of them. */
/**
 * `exclude` (`held-out/NAME.json` paths) leaves files out before they are read: a batch nobody may run yet is never
 * opened, so its ids are not checked either.
 */
export async function loadCaseFiles(sets: readonly CaseSet[] = CASE_SETS, root = join(BENCH_DIR, 'cases'), exclude?: (file: string) => boolean): Promise<CaseFile[]> {
  const schema = JSON.parse(await readFile(join(BENCH_DIR, 'case.schema.json'), 'utf8')) as Record<string, unknown>;
  const check = new Ajv({ allErrors: true, strict: false }).compile(schema);
  const out: CaseFile[] = [];
  const ids = new Set<string>();
  // Ids are checked over both sets even when one is asked for, so a case cannot be copied from one set to the other.
  for (const set of CASE_SETS) {
    const dir = join(root, set);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && !exclude?.(`${set}/${f}`)).sort();
    for (const f of files) {
      const loaded = await loadCaseFile(join(dir, f), `${set}/${f}`, check, ids);
      if (sets.includes(set)) out.push({ ...loaded, set, file: `${set}/${f}` });
    }
  }
  return out;
}

async function loadCaseFile(path: string, f: string, check: ReturnType<Ajv['compile']>, ids: Set<string>): Promise<{ scenario: string; cases: BenchCase[] }> {
  {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, 'utf8'));
    } catch (err) {
      throw new Error(`bench planner: ${f} is not JSON: ${(err as Error).message}`);
    }
    if (!check(data)) throw new Error(`bench planner: ${f}: ${(check.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    const file = data as { scenario: string; cases: BenchCase[] };
    for (const c of file.cases) {
      if (ids.has(c.id)) throw new Error(`bench planner: ${f}: duplicate case id "${c.id}"`);
      ids.add(c.id);
    }
    return file;
  }
}

export async function startingDocument(scenario: string, config: string | undefined): Promise<RvizDocument> {
  let text: string;
  let name: string;
  if (config === 'default') { text = DEFAULT_RVIZ_CONFIG; name = 'default config'; }
  else {
    const path = config && config !== 'scenario' ? join(BENCH_DIR, 'configs', config) : join(ROOT, 'sim/scenarios', `${scenario}.rviz`);
    try { text = await readFile(path, 'utf8'); name = path; }
    catch { if (config && config !== 'scenario') throw new Error(`bench planner: config ${path} not found`); text = DEFAULT_RVIZ_CONFIG; name = 'default config'; }
  }
  const parsed = parse(text, { name });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.doc;
}

const norm = (v: unknown): string => String(v).trim().toLowerCase().replace(/\s*;\s*/g, ';');

function sameValue(actual: string | undefined, wanted: string | number | boolean): boolean {
  if (actual === undefined) return false;
  const a = Number(actual);
  const w = Number(wanted);
  if (typeof wanted !== 'boolean' && Number.isFinite(a) && Number.isFinite(w) && actual.trim() !== '') return Math.abs(a - w) <= 1e-6 * Math.max(1, Math.abs(w));
  return norm(actual) === norm(wanted);
}

function matches(d: DisplayInfo, c: DisplayCheck): boolean {
  if (c.class && catalog.resolveType(c.class)?.classId !== d.classId && c.class !== d.classId) return false;
  if (c.name !== undefined && looseDisplayName(c.name) !== looseDisplayName(d.name)) return false;
  if (c.topic !== undefined && !d.topics.some((t) => t.value === c.topic)) return false;
  if (c.group !== undefined && !d.groupPath.some((g) => looseDisplayName(g) === looseDisplayName(c.group!))) return false;
  return true;
}

function describeCheck(c: DisplayCheck): string {
  return [c.class, c.name && `"${c.name}"`, c.topic, c.group && `in group "${c.group}"`].filter(Boolean).join(' ') || 'display';
}

/** What a plan tells the user besides its actions: notes, why proposed actions were rejected, notes on checked actions. */
export function planMessages(plan: { notes: readonly string[]; rejected: readonly { reason: string }[]; actions: readonly PlannedAction[] }): string[] {
  return [...plan.notes, ...plan.rejected.map((r) => r.reason), ...plan.actions.filter((a) => a.checked && a.note).map((a) => a.note)];
}

/** Why a resulting document fails a case's expectations (empty when it passes). `messages` defaults to `notes`. */
export function judge(c: BenchCase, before: RvizDocument, after: RvizDocument, actions: readonly PlannedAction[], notes: readonly string[], messages: readonly string[] = notes): string[] {
  const failures: string[] = [];
  const displays = listDisplays(after, catalog);
  for (const check of c.expect.displays ?? []) {
    const found = displays.filter((d) => matches(d, check));
    if (check.count !== undefined && found.length !== check.count) { failures.push(`expected ${check.count} × ${describeCheck(check)}, found ${found.length}`); continue; }
    if (found.length === 0) { failures.push(`no ${describeCheck(check)}`); continue; }
    const good = found.filter((d) => (check.enabled === undefined || d.enabled === check.enabled)
      && Object.entries(check.properties ?? {}).every(([path, v]) => sameValue(readPlain(d.properties, path), v)));
    if (good.length === 0) {
      const d = found[0]!;
      const got = Object.keys(check.properties ?? {}).map((p) => `${p}=${readPlain(d.properties, p) ?? '(unset)'}`);
      failures.push(`${describeCheck(check)}: enabled=${d.enabled}${got.length ? `, ${got.join(', ')}` : ''}`);
    }
  }
  for (const check of c.expect.absent ?? []) {
    // An absent check with `enabled` or `properties` forbids only a display in that state ("no enabled Grid").
    const found = displays.filter((d) => matches(d, check) && (check.enabled === undefined || d.enabled === check.enabled)
      && Object.entries(check.properties ?? {}).every(([path, v]) => sameValue(readPlain(d.properties, path), v)));
    if (found.length > 0) failures.push(`unexpected ${describeCheck(check)}${check.enabled !== undefined ? ` (enabled=${check.enabled})` : ''}: ${found.map((d) => d.name).join(', ')}`);
  }
  if (c.expect.fixedFrame !== undefined && fixedFrameOf(after) !== c.expect.fixedFrame) failures.push(`fixed frame ${fixedFrameOf(after)} (wanted ${c.expect.fixedFrame})`);
  const options = globalOptions(after);
  for (const [name, wanted] of Object.entries(c.expect.globalOptions ?? {})) {
    const got = options[name];
    if (got === undefined || got === null || !sameValue(String(got), wanted)) failures.push(`Global Options › ${name} = ${got === undefined ? '(unset)' : String(got)} (wanted ${wanted})`);
  }
  if (c.expect.unchanged && after.text !== before.text) failures.push('the document changed');
  if (c.expect.note && !notes.some((n) => new RegExp(c.expect.note!, 'i').test(n))) failures.push(`no note matching /${c.expect.note}/ (notes: ${notes.join(' | ') || 'none'})`);
  for (const pattern of c.expect.notes ?? []) {
    if (!messages.some((n) => new RegExp(pattern, 'i').test(n))) failures.push(`no message matching /${pattern}/ (messages: ${messages.join(' | ') || 'none'})`);
  }
  if (c.expect.noActions) {
    const checked = actions.filter((a) => a.checked);
    if (checked.length > 0) failures.push(`expected no action, got ${checked.map((a) => `${a.action}(${[a.display, a.display_type, a.property, a.value, a.frame].filter(Boolean).join(', ')})`).join('; ')}`);
  }
  for (const pattern of c.mustNot ?? []) {
    const hit = actions.find((a) => a.checked && Object.entries(pattern).every(([k, v]) => norm((a as unknown as Record<string, string>)[k]) === norm(v)));
    if (hit) failures.push(`must not: ${JSON.stringify(pattern)}`);
  }
  return failures;
}

export interface Played {
  before: RvizDocument;
  /** Document after undo, when the last turn was applied (for "undo that and …"). */
  undoPreview?: RvizDocument;
  history: PlannerTurn[];
}

/** Plays a case's earlier turns with the offline planner, as a user would have applied (or undone) them. */
export async function playTurns(c: BenchCase, start: RvizDocument, snapshot: GraphSnapshot | undefined): Promise<Played> {
  let doc = start;
  let undoPreview: RvizDocument | undefined;
  const history: PlannerTurn[] = [];
  const offline = createOfflineProposer();
  for (const turn of c.turns ?? []) {
    const r = await planRequest({ request: turn.request, document: doc, snapshot, findings: findingsFor(doc, snapshot), history, proposer: offline });
    const checked = r.plan.actions.filter((a) => a.checked);
    const outcome = turn.outcome ?? 'applied';
    if (outcome === 'skipped') { history.push({ request: turn.request, outcome: 'skipped', actions: checked }); continue; }
    const applied = applyActions(doc, checked, { lookup: catalog });
    if (!applied.ok) throw new Error(`bench planner: case ${c.id}: earlier turn "${turn.request}" did not apply: ${applied.reason}`);
    if (outcome === 'undone') { history.push({ request: turn.request, outcome: 'undone', actions: checked }); undoPreview = undefined; continue; }
    undoPreview = doc;
    doc = applied.doc;
    history.push({ request: turn.request, outcome: 'applied', actions: checked });
  }
  return { before: doc, undoPreview, history };
}

/** A case's outcome: fully correct, refused (failed with the document unchanged) or WRONG (failed and changed it). */
export type CaseOutcome = 'correct' | 'refused' | 'wrong';

export interface CaseResult {
  id: string;
  ok: boolean;
  outcome: CaseOutcome;
  /** A failed case one of whose plan choices, applied, passes: the user was one tap away. */
  rightChoice: boolean;
  failures: string[];
  rejected: number;
  auto: number;
  pipelineMs: number;
  modelMs?: number;
  schemaValid?: boolean;
  error?: string;
  result?: PlanResult;
}

/** Plans and judges one case. */
export async function runCase(c: BenchCase, played: Played, snapshot: GraphSnapshot | undefined, proposer: Proposer): Promise<CaseResult> {
  let result: PlanResult;
  try {
    result = await planRequest({ request: c.request, document: played.before, snapshot, findings: findingsFor(played.before, snapshot), history: played.history, proposer, undoPreview: played.undoPreview });
  } catch (err) {
    if (!(err instanceof PlannerError)) throw err;
    return { id: c.id, ok: false, outcome: 'refused', rightChoice: false, failures: [err.message], rejected: 0, auto: 0, pipelineMs: 0, schemaValid: false, error: err.message };
  }
  const plan = result.plan;
  const base = plan.undoFirst && played.undoPreview ? played.undoPreview : played.before;
  const checked = plan.actions.filter((a) => a.checked);
  const applied = applyActions(base, checked, { lookup: catalog });
  const failures = applied.ok ? judge(c, played.before, applied.doc, plan.actions, plan.notes, planMessages(plan)) : [`apply failed: ${applied.reason}`];
  const changed = plan.undoFirst === true || (applied.ok && applied.doc.text !== played.before.text);
  const outcome: CaseOutcome = failures.length === 0 ? 'correct' : changed ? 'wrong' : 'refused';
  // A choice is judged as the user would get it after a tap: its actions alone, on the document before the plan.
  const rightChoice = outcome !== 'correct' && (plan.choices ?? []).some((choice) => {
    const picked = applyActions(played.before, choice.actions, { lookup: catalog });
    return picked.ok && judge(c, played.before, picked.doc, choice.actions, [], []).length === 0;
  });
  return {
    id: c.id, ok: failures.length === 0, outcome, rightChoice, failures, rejected: plan.rejected.length, auto: plan.actions.filter((a) => a.origin === 'auto').length,
    pipelineMs: result.timings.pipelineMs, modelMs: result.model?.ms, schemaValid: result.model ? result.model.schemaValid : undefined, result,
  };
}
