// The live view's bars from DESIGN.md "Quality bars / View", measured in the built app in headless Chromium through
// the page's debug hook (`?debug=1`, window.rvizCompanion.viewStats()): with a scenario's own config drawn, the
// main-thread tasks over 50 ms in a window, frame time p50/p95 (time spent placing layers and rendering one frame),
// worker decode time per message by kind, and messages the feeds dropped (superseded before they were drawn).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppSession, LongTask } from './app-browser.ts';
import { REPO_ROOT } from './app-bundle.ts';
import { chromiumArgs } from '../../scripts/chromium-path.ts';
import { loadApp, startScenario } from './app-browser.ts';
import type { ViewStats } from '../../src/ui/live-view-debug.ts';
import { analyseProfile, startProfiler, type PhaseAttribution, type ProfiledRun, type ProfileFindings, type SourceMapper } from './app-profile.ts';
import { median } from './measure.ts';

export const VIEW_LONG_TASK_MS = 50;
/** How long a load may take from the config opened to ready and a display drawn before it is reported as not drawn. */
const DRAWN_TIMEOUT_MS = 20_000;

/**
 * Chromium for the view: WebGL and the compositor both on SwiftShader. With the suite's `--disable-gpu` the software
 * compositor reads the WebGL canvas back on the main thread every frame ("GPU stall due to ReadPixels"), a cost of the
 * headless setup that a screen with any GPU path does not pay.
 */
export const VIEW_CHROMIUM_ARGS: readonly string[] = [...chromiumArgs.filter((a) => a !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** The scenario's RViz config file (sim/scenarios/NAME.rviz via its `rvizConfig`), if it has one. */
function scenarioConfig(scenario: string): string | undefined {
  const file = join(REPO_ROOT, 'sim', 'scenarios', `${scenario}.json`);
  if (!existsSync(file)) return undefined;
  const rel = (JSON.parse(readFileSync(file, 'utf8')) as { rvizConfig?: string }).rvizConfig;
  return rel ? join(dirname(file), rel) : undefined;
}

export interface ViewTasks { count: number; longestMs: number; totalMs: number }

/** One load of a view scenario. */
export interface ViewRun {
  /** ms from navigation start: the app usable (first topic row), the config opened, a display drawing, the window opened. */
  usableAtMs: number;
  openedAtMs: number;
  drawnAtMs: number;
  windowAtMs: number;
  /** Tasks over 50 ms from usable until the window opens: the view's start-up (three.js, renderer, shaders, first layers). */
  startup: ViewTasks;
  /** Tasks over 50 ms in the window, with the config drawn and streaming. */
  streaming: ViewTasks;
  frameMs: { p50: number; p95: number };
  frames: number;
  dropped: number;
  /** Every task over 50 ms from usable on (ms from navigation start → duration). */
  longTasks: LongTask[];
}

export interface ViewRow {
  scenario: string;
  seconds: number;
  runs: ViewRun[];
  /** Displays in the config and how many were drawing at the end (last load). */
  displays: number;
  drawing: number;
  notDrawing: string[];
  /** Over all loads. */
  startup: ViewTasks;
  longTasks: ViewTasks;
  /** Medians over the loads of each load's p50 / p95. */
  frameMs: { p50: number; p95: number };
  frames: number;
  /** The last load's worker decode statistics, and its shader warm-up. */
  decode: ViewStats['decode'];
  shaders?: ViewStats['shaders'];
  /** Messages superseded before they were drawn in the windows, summed over loads and displays, and per display. */
  dropped: number;
  droppedBy: Record<string, number>;
  pageErrors: string[];
  /** Present with `profile`: one more load with the CPU profiler on, its long tasks by phase (start-up / streaming). */
  profile?: { startup: PhaseAttribution; streaming: PhaseAttribution; stretches: ProfileFindings['stretches']; windowAtMs: number };
}

export interface ViewMeasureOptions {
  /** Loads of the scenario (default 1). */
  runs?: number;
  /** With a mapper: one more, profiled load naming what runs in the long tasks. */
  profile?: SourceMapper;
}

function count(tasks: readonly LongTask[]): ViewTasks {
  const over = tasks.filter((t) => t.duration > VIEW_LONG_TASK_MS);
  return { count: over.length, longestMs: Math.max(0, ...over.map((t) => t.duration)), totalMs: over.reduce((s, t) => s + t.duration, 0) };
}

function sumTasks(list: readonly ViewTasks[]): ViewTasks {
  return { count: list.reduce((s, t) => s + t.count, 0), longestMs: Math.max(0, ...list.map((t) => t.longestMs)), totalMs: list.reduce((s, t) => s + t.totalMs, 0) };
}

interface OneLoad { run: ViewRun; stats: ViewStats; droppedBy: Record<string, number>; pageErrors: string[]; tasks: LongTask[]; cpu?: ProfiledRun }

/** One fresh robot and page: open the config, wait until a display draws, 2 s more, then watch `seconds`. */
async function oneLoad(session: AppSession, scenario: string, seconds: number, withProfiler: boolean, log: (l: string) => void): Promise<OneLoad> {
  const sim = await startScenario(scenario);
  let stop: (() => Promise<ProfiledRun>) | undefined;
  try {
    const page = await loadApp(session, sim.url, { query: '&debug=1', ...(withProfiler ? { beforeNavigate: async (p) => { stop = await startProfiler(p); } } : {}) });
    try {
      // "Its own config": a robot without the bridge topic does not say which config it runs, so open the file.
      const config = scenarioConfig(scenario);
      const openedAtMs = await page.page.evaluate(() => performance.now());
      if (config) await page.page.locator('companion-app #file').setInputFiles(config);
      const notes: string[] = [];
      try {
        await page.page.waitForFunction(() => {
          const s = window.rvizCompanion?.viewStats();
          return s?.ready === true && Object.values(s.displays).some((d) => d.drawn);
        }, undefined, { timeout: DRAWN_TIMEOUT_MS, polling: 100 });
      } catch (err) {
        // Not drawn in time (a busy machine, a stuck start-up): the load is still watched and counted, and says so.
        const s = await page.page.evaluate(() => window.rvizCompanion?.viewStats()).catch(() => undefined);
        notes.push(`not ready and drawn within ${DRAWN_TIMEOUT_MS / 1000} s (${err instanceof Error ? err.message.split('\n')[0] : String(err)}; `
          + `ready ${String(s?.ready)}, ${s ? Object.entries(s.displays).map(([n, d]) => `${n} ${d.state}${d.drawn ? ' drawn' : ''}`).join(', ') : 'no stats'})`);
        log(`  view ${scenario}: ${notes[notes.length - 1]}`);
      }
      const drawnAtMs = await page.page.evaluate(() => performance.now());
      // Let latched topics, the robot model and the first clouds arrive before the window opens.
      await page.page.waitForTimeout(2000);
      const t0 = await page.page.evaluate(() => performance.now());
      const startDropped = (await page.page.evaluate(() => window.rvizCompanion!.viewStats())).dropped;
      log(`  view ${scenario}: watching ${seconds} s with the config drawn${withProfiler ? ' (profiled)' : ''}`);
      await page.page.waitForTimeout(seconds * 1000);
      const stats = await page.page.evaluate(() => window.rvizCompanion!.viewStats());
      const { longTasks } = await page.collect();
      const cpu = stop ? await stop() : undefined;
      const droppedBy: Record<string, number> = {};
      for (const [name, n] of Object.entries(stats.dropped)) {
        const d = n - (startDropped[name] ?? 0);
        if (d > 0) droppedBy[name] = d;
      }
      const usable = page.marks.firstTopic;
      const run: ViewRun = {
        usableAtMs: usable, openedAtMs, drawnAtMs, windowAtMs: t0,
        startup: count(longTasks.filter((t) => t.start >= usable && t.start < t0)),
        streaming: count(longTasks.filter((t) => t.start >= t0)),
        frameMs: stats.frameMs, frames: stats.frames, dropped: Object.values(droppedBy).reduce((s, n) => s + n, 0),
        longTasks: longTasks.filter((t) => t.start >= usable && t.duration > VIEW_LONG_TASK_MS),
      };
      return { run, stats, droppedBy, pageErrors: [...page.pageErrors, ...notes], tasks: longTasks.filter((t) => t.start >= usable), ...(cpu ? { cpu } : {}) };
    } finally {
      await page.close();
    }
  } finally {
    await sim.close();
  }
}

/** Loads the app on a fresh robot of `scenario` `runs` times; each: wait until the view draws, then watch it for `seconds`. */
export async function measureView(session: AppSession, scenario: string, seconds: number, log: (l: string) => void,
  opts: ViewMeasureOptions = {}): Promise<ViewRow> {
  const loads: OneLoad[] = [];
  for (let i = 0; i < Math.max(1, opts.runs ?? 1); i++) loads.push(await oneLoad(session, scenario, seconds, false, log));
  const last = loads[loads.length - 1]!;
  const droppedBy: Record<string, number> = {};
  for (const l of loads) for (const [k, n] of Object.entries(l.droppedBy)) droppedBy[k] = (droppedBy[k] ?? 0) + n;
  const displays = Object.entries(last.stats.displays);
  const runs = loads.map((l) => l.run);
  const row: ViewRow = {
    scenario, seconds, runs, displays: displays.length, drawing: displays.filter(([, d]) => d.state === 'drawing').length,
    notDrawing: displays.filter(([, d]) => d.state !== 'drawing').map(([n, d]) => `${n}: ${d.state}`),
    startup: sumTasks(runs.map((r) => r.startup)), longTasks: sumTasks(runs.map((r) => r.streaming)),
    frameMs: { p50: median(runs.map((r) => r.frameMs.p50)), p95: median(runs.map((r) => r.frameMs.p95)) },
    frames: median(runs.map((r) => r.frames)), decode: last.stats.decode, ...(last.stats.shaders ? { shaders: last.stats.shaders } : {}),
    dropped: runs.reduce((s, r) => s + r.dropped, 0), droppedBy, pageErrors: [...new Set(loads.flatMap((l) => l.pageErrors))],
  };
  if (opts.profile) {
    const p = await oneLoad(session, scenario, seconds, true, log);
    if (p.cpu) {
      const f = analyseProfile(p.cpu, opts.profile, p.tasks, p.run.windowAtMs, VIEW_LONG_TASK_MS);
      if (f.phases) row.profile = { startup: f.phases.before, streaming: f.phases.streaming, stretches: f.stretches, windowAtMs: p.run.windowAtMs };
    }
  }
  return row;
}

const f1 = (v: number) => v.toFixed(1);

const tasksCell = (t: ViewTasks, runs: readonly ViewRun[], pick: (r: ViewRun) => ViewTasks): string =>
  `${t.count}${runs.length > 1 ? ` (${runs.map((r) => pick(r).count).join('/')})` : ''}${t.count ? `, longest ${t.longestMs.toFixed(0)}` : ''}`;

export function formatViewRows(rows: readonly ViewRow[]): string {
  const lines = ['', 'Live view (built app, headless Chromium, WebGL and compositing on SwiftShader; ?debug=1 viewStats)',
    'start-up = from usable (first topic row) through the config opened, the first display drawn and 2 s more; streaming = the window after it;',
    'tasks over all loads (per load); frame = placing every layer and one render (median of the loads\' p50 / p95); decode = the worker, per message', ''];
  const header = ['scenario', 'loads', 'window', 'drawing', 'start-up tasks > 50 ms', 'streaming tasks > 50 ms', 'frame p50 / p95 ms', 'frames', 'decode p50 / p95 ms per message (worker)', 'dropped'];
  const body = rows.map((r) => [
    r.scenario, String(r.runs.length), `${r.seconds} s`, `${r.drawing}/${r.displays}`,
    tasksCell(r.startup, r.runs, (x) => x.startup), tasksCell(r.longTasks, r.runs, (x) => x.streaming),
    `${f1(r.frameMs.p50)} / ${f1(r.frameMs.p95)}`, String(r.frames),
    Object.entries(r.decode).map(([k, d]) => `${k} ${f1(d.p50Ms)}/${f1(d.p95Ms)} (n=${d.count})`).join(', ') || '–',
    `${r.dropped}${Object.keys(r.droppedBy).length ? ` (${Object.entries(r.droppedBy).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  lines.push(row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(row));
  for (const r of rows) if (r.notDrawing.length) lines.push(`  ${r.scenario} not drawing: ${r.notDrawing.join('; ')}`);
  for (const r of rows) {
    r.runs.forEach((x, i) => lines.push(`  ${r.scenario} load ${i + 1}: usable ${x.usableAtMs.toFixed(0)}, config opened ${x.openedAtMs.toFixed(0)}, drawn ${x.drawnAtMs.toFixed(0)}, window ${x.windowAtMs.toFixed(0)} ms;`
      + ` tasks > 50 ms (start→duration ms): ${x.longTasks.map((t) => `${t.start.toFixed(0)}→${t.duration.toFixed(0)}`).join(', ') || 'none'}`));
  }
  for (const r of rows) if (r.shaders) lines.push(`  ${r.scenario} shaders (last load): ${r.shaders.compiled} programs compiled, ${r.shaders.cached} compiles found a cached program, ${r.shaders.firstUses} first uses, longest first use ${r.shaders.longestFirstUseMs.toFixed(1)} ms`);
  for (const r of rows) if (r.pageErrors.length) lines.push(`  ${r.scenario} page errors: ${r.pageErrors.join(' | ')}`);
  for (const r of rows) {
    if (!r.profile) continue;
    for (const [name, ph] of [['start-up', r.profile.startup], ['streaming', r.profile.streaming]] as const) {
      if (!ph.tasks) { lines.push(`  ${r.scenario} (profiled load): ${name}, no long task`); continue; }
      lines.push(`  ${r.scenario} (profiled load): ${name}, ${ph.tasks} long tasks, ${ph.ms.toFixed(0)} ms in all; by innermost project frame:`);
      for (const h of ph.app.slice(0, 8)) lines.push(`    ${h.ms.toFixed(0).padStart(5)} ms  ${h.where}`);
      lines.push(`    by self time: ${ph.self.slice(0, 8).map((h) => `${h.where.replace(/ `.*$/, '')} ${h.ms.toFixed(0)}`).join('; ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
