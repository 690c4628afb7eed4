// Benchmark (not a test) of the app's quality bars from DESIGN.md "Quality bars / App":
//   initial JS ≤ 200 kB gzip; usable within 1 s of load in headless Chromium; no main-thread task over 50 ms while
//   big_graph streams. Run: node --import tsx bench/perf/app.ts [--json] [--verbose] [--runs N] [--seconds S] [--stream-runs N] [--scenario NAME]
//   [--profile | --no-profile] [--profile-runs N] [--keep-dist]. Reports PASS/FAIL per bar and always exits 0 once it has measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, percentile } from './measure.ts';
import { measureBundle, REPO_ROOT, type BundleReport } from './app-bundle.ts';
import { loadApp, openSession, startScenario, type AppSession, type LongTask, type PageMarks } from './app-browser.ts';
import { formatViewRows, measureView, VIEW_CHROMIUM_ARGS, type ViewRow } from './app-view.ts';
import { chromiumArgs } from '../../scripts/chromium-path.ts';
import { analyseProfile, SourceMapper, startProfiler, summariseFrames, type FrameScriptSummary, type Hotspot, type PhaseAttribution, type ProfiledRun, type ProfileFindings } from './app-profile.ts';

export const USABLE_BUDGET_MS = 1000;
export const LONG_TASK_MS = 50;

export interface AppBenchOptions {
  /** Fresh page loads per scenario for time to usable (default 5). */
  runs?: number;
  /** How long to watch the main thread after the app is usable (default 10 s). */
  streamSeconds?: number;
  /** Loads watched for long tasks per scenario (default 3). */
  streamRuns?: number;
  /** Default turtlebot_nav and big_graph. */
  scenarios?: readonly string[];
  /** 'auto' (default): profile a scenario only when it had long tasks. */
  profile?: 'auto' | 'always' | 'never';
  /** Profiled loads per profiled scenario (default 3). */
  profileRuns?: number;
  /** Build here instead of a fresh temporary folder (which is removed afterwards unless keepDist). */
  outDir?: string;
  keepDist?: boolean;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** The live view's bars: scenarios drawn with their own config (default turtlebot_nav and cloud_100k; [] skips). */
  viewScenarios?: readonly string[];
  /** How long each view scenario is watched (default 30 s). */
  viewSeconds?: number;
  /** Loads per view scenario (default: streamRuns). */
  viewRuns?: number;
  /**
   * Chromium for the app rows (time to usable, long tasks): 'gpu' (default) composites on SwiftShader like the view
   * rows (VIEW_CHROMIUM_ARGS); 'software' is the test suite's `--disable-gpu` (software compositing, which reads the
   * view's WebGL canvas back on the main thread every frame: see README).
   */
  appCompositing?: 'gpu' | 'software';
}

export interface Stats { median: number; p95: number; min: number; max: number; samples: number[] }

export interface LoadRow {
  scenario: string;
  topics: number;
  runs: number;
  /** ms from navigation start to the connection bar showing connected. */
  connected: Stats;
  /** ms from navigation start to the first topic row: the app is usable. */
  firstTopic: Stats;
  htmlLoadedMedian: number;
  entryScriptLoadedMedian: number;
  domContentLoadedMedian: number;
  socketOpenMedian: number;
  firstContentfulPaintMedian: number | undefined;
  /** The in-page probe's own main-thread time per load (median of totals, and the longest single check). */
  probeTotalMsMedian: number;
  probeLongestMs: number;
  /** Median time to usable (the later of both marks: the first topic row) within the budget. */
  pass: boolean;
}

export interface TaskCount { count: number; longestMs: number; totalMs: number }

/** One load watched for long tasks. */
export interface StreamRun {
  /** ms from navigation start: the first WebSocket open (streaming starts), connected, first topic row. */
  socketOpenAtMs: number;
  connectedAtMs: number;
  firstTopicAtMs: number;
  /** Tasks that started before the socket opened: parsing, evaluating and first render of the app. */
  beforeStreaming: TaskCount;
  /** Tasks that started once the robot streams (graph, QoS, messages, ticks) until the end of the window. */
  whileStreaming: TaskCount;
  /** Every long task the page reported (start and duration in ms from navigation start). */
  tasks: LongTask[];
}

export interface LongTaskRow {
  scenario: string;
  topics: number;
  /** Each load was watched this long after the app was usable. */
  seconds: number;
  runs: StreamRun[];
  /** Over all runs. */
  beforeStreaming: TaskCount;
  whileStreaming: TaskCount;
  /** Long-animation-frame scripts (≥ 5 ms) once streaming, over all runs, mapped to source. */
  frameScripts: FrameScriptSummary[];
  /** Present when the scenario was profiled: separate loads with the CPU profiler on, each with the long tasks it saw. */
  profiles?: ProfiledLoad[];
  /** The profiled loads' long tasks summed by phase: what to fix first. */
  profileSummary?: { before: PhaseAttribution; streaming: PhaseAttribution };
  probeErrors: string[];
  /** No task over 50 ms while streaming in any run. */
  pass: boolean;
}

export interface ProfiledLoad {
  socketOpenAtMs: number;
  findings: ProfileFindings;
}

export interface BarRow { bar: string; measured: string; budget: string; pass: boolean }

export interface AppBenchResult {
  environment: { chromium: string; node: string; cpus: number; cpuModel: string;
    /** How the app rows' Chromium composited (the view rows always on SwiftShader). */
    appCompositing: 'gpu' | 'software';
    /** 1-minute load average when the bench started and ended: other work on the machine skews the browser timings. */
    loadAverage: { start: number; end: number } };
  bundle: BundleReport;
  loads: LoadRow[];
  longTasks: LongTaskRow[];
  bars: BarRow[];
  /** The live view with each scenario's own config drawn. */
  view: ViewRow[];
}

const DEFAULT_SCENARIOS = ['turtlebot_nav', 'big_graph'] as const;
const DEFAULT_VIEW_SCENARIOS = ['turtlebot_nav', 'cloud_100k'] as const;

function stats(samples: number[]): Stats {
  return { median: median(samples), p95: percentile(samples, 95), min: Math.min(...samples), max: Math.max(...samples), samples };
}

function countTasks(tasks: readonly LongTask[]): TaskCount {
  const over = tasks.filter((t) => t.duration > LONG_TASK_MS);
  return { count: over.length, longestMs: Math.max(0, ...over.map((t) => t.duration)), totalMs: over.reduce((s, t) => s + t.duration, 0) };
}

async function measureLoads(session: AppSession, scenario: string, runs: number, log: (l: string) => void): Promise<LoadRow> {
  const marks: PageMarks[] = [];
  let topics = 0;
  for (let i = 0; i < runs; i++) {
    // A fresh robot and a fresh browser context each time: no cache, no stored URL, no warm link.
    const sim = await startScenario(scenario);
    topics = sim.topics;
    try {
      const page = await loadApp(session, sim.url);
      marks.push(page.marks);
      log(`  ${scenario} load ${i + 1}/${runs}: connected ${page.marks.connected.toFixed(0)} ms, first topic ${page.marks.firstTopic.toFixed(0)} ms`);
      await page.close();
    } finally {
      await sim.close();
    }
  }
  const firstTopic = stats(marks.map((m) => m.firstTopic));
  const fcps = marks.map((m) => m.firstContentfulPaint).filter((v): v is number => v !== undefined);
  return {
    scenario, topics, runs,
    connected: stats(marks.map((m) => m.connected)),
    firstTopic,
    htmlLoadedMedian: median(marks.map((m) => m.htmlLoaded)),
    entryScriptLoadedMedian: median(marks.map((m) => m.entryScriptLoaded)),
    domContentLoadedMedian: median(marks.map((m) => m.domContentLoaded)),
    socketOpenMedian: median(marks.map((m) => m.socketOpen)),
    firstContentfulPaintMedian: fcps.length ? median(fcps) : undefined,
    probeTotalMsMedian: median(marks.map((m) => m.probe.totalMs)),
    probeLongestMs: Math.max(...marks.map((m) => m.probe.longestMs)),
    pass: firstTopic.median <= USABLE_BUDGET_MS,
  };
}

async function measureStreaming(session: AppSession, scenario: string, runs: number, seconds: number, mapper: SourceMapper,
  profile: AppBenchOptions['profile'], profileRuns: number, log: (l: string) => void): Promise<LongTaskRow> {
  const watch = async (withProfiler: boolean) => {
    const sim = await startScenario(scenario);
    let stop: (() => Promise<ProfiledRun>) | undefined;
    try {
      const page = await loadApp(session, sim.url, withProfiler ? { beforeNavigate: async (p) => { stop = await startProfiler(p); } } : {});
      try {
        await page.page.waitForTimeout(seconds * 1000);
        const collected = await page.collect();
        const cpu = stop ? await stop() : undefined;
        return { topics: sim.topics, marks: page.marks, ...collected, cpu };
      } finally {
        await page.close();
      }
    } finally {
      await sim.close();
    }
  };
  const streamRuns: StreamRun[] = [];
  const frameScripts: FrameScriptSummary[][] = [];
  const probeErrors = new Set<string>();
  let topics = 0;
  for (let i = 0; i < runs; i++) {
    log(`  ${scenario}: watching long tasks for ${seconds} s after usable (${i + 1}/${runs})`);
    const run = await watch(false);
    topics = run.topics;
    const from = Number.isFinite(run.marks.socketOpen) ? run.marks.socketOpen : run.marks.connected;
    streamRuns.push({
      socketOpenAtMs: run.marks.socketOpen, connectedAtMs: run.marks.connected, firstTopicAtMs: run.marks.firstTopic,
      beforeStreaming: countTasks(run.longTasks.filter((t) => t.start < from)),
      whileStreaming: countTasks(run.longTasks.filter((t) => t.start >= from)),
      tasks: run.longTasks,
    });
    frameScripts.push(summariseFrames(run.frames, mapper, from));
    for (const e of run.errors) probeErrors.add(e);
  }
  const all = (pick: (r: StreamRun) => TaskCount): TaskCount => ({
    count: streamRuns.reduce((s, r) => s + pick(r).count, 0),
    longestMs: Math.max(0, ...streamRuns.map((r) => pick(r).longestMs)),
    totalMs: streamRuns.reduce((s, r) => s + pick(r).totalMs, 0),
  });
  const row: LongTaskRow = {
    scenario, topics, seconds, runs: streamRuns,
    beforeStreaming: all((r) => r.beforeStreaming),
    whileStreaming: all((r) => r.whileStreaming),
    frameScripts: mergeFrameScripts(frameScripts.flat()),
    probeErrors: [...probeErrors],
    pass: all((r) => r.whileStreaming).count === 0,
  };
  if (profile === 'always' || (profile !== 'never' && streamRuns.some((r) => r.tasks.some((t) => t.duration > LONG_TASK_MS)))) {
    row.profiles = [];
    for (let i = 0; i < profileRuns; i++) {
      log(`  ${scenario}: profiling a separate load to name what runs in the long tasks (${i + 1}/${profileRuns})`);
      const profiled = await watch(true);
      if (profiled.cpu) {
        row.profiles.push({ socketOpenAtMs: profiled.marks.socketOpen, findings: analyseProfile(profiled.cpu, mapper, profiled.longTasks, profiled.marks.socketOpen, LONG_TASK_MS) });
      }
    }
    const phases = row.profiles.flatMap((p) => (p.findings.phases ? [p.findings.phases] : []));
    if (phases.length) row.profileSummary = { before: mergePhases(phases.map((p) => p.before)), streaming: mergePhases(phases.map((p) => p.streaming)) };
  }
  return row;
}

function mergeHotspots(lists: readonly Hotspot[][], n: number): Hotspot[] {
  const sum = new Map<string, number>();
  for (const list of lists) for (const h of list) sum.set(h.where, (sum.get(h.where) ?? 0) + h.ms);
  return [...sum].sort((a, b) => b[1] - a[1]).slice(0, n).map(([where, v]) => ({ where, ms: v }));
}

function mergePhases(phases: readonly PhaseAttribution[]): PhaseAttribution {
  return {
    tasks: phases.reduce((s, p) => s + p.tasks, 0), ms: phases.reduce((s, p) => s + p.ms, 0),
    self: mergeHotspots(phases.map((p) => p.self), 12), app: mergeHotspots(phases.map((p) => p.app), 12),
  };
}

function mergeFrameScripts(rows: readonly FrameScriptSummary[]): FrameScriptSummary[] {
  const merged = new Map<string, FrameScriptSummary>();
  for (const r of rows) {
    const m = merged.get(r.where) ?? { where: r.where, count: 0, totalMs: 0, longestMs: 0 };
    m.count += r.count;
    m.totalMs += r.totalMs;
    m.longestMs = Math.max(m.longestMs, r.longestMs);
    merged.set(r.where, m);
  }
  return [...merged.values()].sort((a, b) => b.totalMs - a.totalMs);
}

export async function appBench(opts: AppBenchOptions = {}): Promise<AppBenchResult> {
  const runs = opts.runs ?? 5;
  const seconds = opts.streamSeconds ?? 10;
  const streamRuns = opts.streamRuns ?? 3;
  const scenarios = opts.scenarios ?? DEFAULT_SCENARIOS;
  const log = opts.log ?? (() => undefined);
  const loadAtStart = loadavg()[0]!;
  const outDir = opts.outDir ?? mkdtempSync(join(tmpdir(), 'rviz-companion-app-bench-'));
  try {
    log(`app bench: vite build → ${outDir}`);
    const bundle = await measureBundle(outDir);
    const mapper = new SourceMapper(outDir, REPO_ROOT);
    const appCompositing = opts.appCompositing ?? 'gpu';
    const session = await openSession(outDir, appCompositing === 'gpu' ? VIEW_CHROMIUM_ARGS : chromiumArgs);
    try {
      const chromiumVersion = session.browser.version();
      // One discarded load: the first renderer, fonts and the preview server's first responses are not the app's cost.
      const warm = await startScenario(scenarios[0] ?? 'turtlebot_nav');
      try { await (await loadApp(session, warm.url)).close(); } finally { await warm.close(); }
      const loads: LoadRow[] = [];
      for (const s of scenarios) loads.push(await measureLoads(session, s, runs, log));
      const longTasks: LongTaskRow[] = [];
      for (const s of scenarios) longTasks.push(await measureStreaming(session, s, streamRuns, seconds, mapper, opts.profile ?? 'auto', opts.profileRuns ?? 3, log));
      const view: ViewRow[] = [];
      const viewScenarios = opts.viewScenarios ?? DEFAULT_VIEW_SCENARIOS;
      if (viewScenarios.length) {
        const viewSession = await openSession(outDir, VIEW_CHROMIUM_ARGS);
        try {
          const viewProfile = opts.profile === 'always' ? mapper : undefined;
          for (const s of viewScenarios) view.push(await measureView(viewSession, s, opts.viewSeconds ?? 30, log, { runs: opts.viewRuns ?? streamRuns, ...(viewProfile ? { profile: viewProfile } : {}) }));
        } finally {
          await viewSession.close();
        }
      }
      return {
        environment: { chromium: chromiumVersion, appCompositing, node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?',
          loadAverage: { start: loadAtStart, end: loadavg()[0]! } },
        bundle, loads, longTasks, view, bars: [...bars(bundle, loads, longTasks), ...viewBars(view)],
      };
    } finally {
      await session.close();
    }
  } finally {
    if (!opts.outDir && !opts.keepDist) rmSync(outDir, { recursive: true, force: true });
  }
}

const kB = (bytes: number): string => (bytes / 1000).toFixed(1);
const ms = (v: number): string => v.toFixed(0);
const verdict = (pass: boolean): string => (pass ? 'PASS' : 'FAIL');

/** DESIGN "Quality bars / View": no task over 50 ms with the config drawn; the rest is reported, not judged. */
function viewBars(view: readonly ViewRow[]): BarRow[] {
  return view.flatMap((v) => {
    const loads = v.runs.length > 1 ? `, ${v.runs.length} loads` : '';
    const perLoad = (pick: (r: ViewRow['runs'][number]) => { count: number }) => (v.runs.length > 1 ? ` [${v.runs.map((r) => pick(r).count).join('/')}]` : '');
    return [
      { bar: `tasks > ${LONG_TASK_MS} ms with ${v.scenario}'s config drawn (${v.seconds} s${loads})`,
        measured: `${v.longTasks.count}${perLoad((r) => r.streaming)}${v.longTasks.count ? ` (longest ${ms(v.longTasks.longestMs)} ms)` : ''}; frame p50 ${v.frameMs.p50.toFixed(1)} ms, p95 ${v.frameMs.p95.toFixed(1)} ms`,
        budget: '0', pass: v.longTasks.count === 0 },
      { bar: `tasks > ${LONG_TASK_MS} ms in ${v.scenario}'s view start-up (usable → drawn + 2 s${loads})`,
        measured: `${v.startup.count}${perLoad((r) => r.startup)}${v.startup.count ? ` (longest ${ms(v.startup.longestMs)} ms)` : ''}`,
        budget: '0', pass: v.startup.count === 0 },
    ];
  });
}

function bars(bundle: BundleReport, loads: readonly LoadRow[], longTasks: readonly LongTaskRow[]): BarRow[] {
  const rows: BarRow[] = [{
    bar: 'initial JS (gzip -9)', measured: `${kB(bundle.initialGzipBytes)} kB`, budget: `≤ ${kB(bundle.budgetGzipBytes)} kB`, pass: bundle.pass,
  }];
  for (const l of loads) {
    rows.push({ bar: `usable (first topic row), ${l.scenario}`, measured: `median ${ms(l.firstTopic.median)} ms (p95 ${ms(l.firstTopic.p95)})`,
      budget: `≤ ${USABLE_BUDGET_MS} ms`, pass: l.pass });
  }
  for (const t of longTasks) {
    // The bar names big_graph; other scenarios are shown against the same line for comparison.
    rows.push({ bar: `tasks > ${LONG_TASK_MS} ms while ${t.scenario} streams`,
      measured: `${t.whileStreaming.count}${t.whileStreaming.count ? ` (longest ${ms(t.whileStreaming.longestMs)} ms)` : ''}`,
      budget: '0', pass: t.pass });
  }
  return rows;
}

function table(header: string[], body: string[][], leftColumns = 1): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}

/** The tables; `verbose` adds each profiled load's long tasks one by one. */
export function formatAppBench(r: AppBenchResult, verbose = false): string {
  const out: string[] = [];
  const e = r.environment;
  out.push(`app quality bars (DESIGN.md "Quality bars / App"); Chromium ${e.chromium} headless (app rows: ${e.appCompositing === 'gpu' ? 'WebGL and compositing on SwiftShader' : 'software compositing, --disable-gpu'}), Node ${e.node}, ${e.cpus} × ${e.cpuModel},`
    + ` load average ${e.loadAverage.start.toFixed(1)} → ${e.loadAverage.end.toFixed(1)}`);
  out.push(...table(['bar', 'measured', 'budget', 'result'], r.bars.map((b) => [b.bar, b.measured, b.budget, verdict(b.pass)]), 2));

  const b = r.bundle;
  out.push('', `initial JS: index.html's module script and modulepreloads plus their static imports (kB = 1000 bytes, gzip level 9)`);
  out.push(...table(['chunk', 'raw kB', 'gzip kB', 'initial', 'why'],
    b.chunks.map((c) => [c.file, kB(c.rawBytes), kB(c.gzipBytes), c.initial ? 'yes' : 'no', c.reason]), 1));
  out.push(`initial total: ${kB(b.initialRawBytes)} kB raw, ${kB(b.initialGzipBytes)} kB gzip; lazy chunks: ${kB(b.lazyGzipBytes)} kB gzip`);
  for (const c of b.crossCheck) out.push(`  warning: static imports disagree with the bundler: ${c}`);

  const sumAlone = b.initialModules.reduce((s, g) => s + g.gzipBytes, 0) || 1;
  out.push('', 'what fills the initial JS (module code before minification, grouped by package or source folder;',
    '"≈ gzip kB in chunk" = the group\'s share of the gzip of its code alone, scaled to the measured initial gzip)');
  out.push(...table(['group', 'modules', 'raw kB', '≈ gzip kB in chunk', 'share', 'largest modules'],
    b.initialModules.slice(0, 16).map((g) => [g.group, String(g.modules), kB(g.rawBytes),
      kB((g.gzipBytes / sumAlone) * b.initialGzipBytes), `${((g.gzipBytes / sumAlone) * 100).toFixed(1)} %`,
      g.largest.map((m) => `${m.id.replace(/^.*node_modules\//, '')} ${kB(m.rawBytes)}`).join(', ')]), 1));

  out.push('', 'time to usable: ms from navigation start, fresh browser context and fresh simulated robot per load (after one discarded warm-up load)');
  out.push(...table(['scenario', 'topics', 'runs', 'connected med', 'p95', 'first topic med', 'p95', 'min', 'max', 'DCL med', 'FCP med', 'result'],
    r.loads.map((l) => [l.scenario, String(l.topics), String(l.runs), ms(l.connected.median), ms(l.connected.p95), ms(l.firstTopic.median),
      ms(l.firstTopic.p95), ms(l.firstTopic.min), ms(l.firstTopic.max), ms(l.domContentLoadedMedian),
      l.firstContentfulPaintMedian === undefined ? '-' : ms(l.firstContentfulPaintMedian), verdict(l.pass)]), 1));
  out.push('where the time goes (medians, ms from navigation start):');
  out.push(...table(['scenario', 'HTML loaded', 'entry JS loaded', 'DOMContentLoaded (modules run)', 'first paint', 'socket open', 'connected', 'first topic'],
    r.loads.map((l) => [l.scenario, ms(l.htmlLoadedMedian), ms(l.entryScriptLoadedMedian), ms(l.domContentLoadedMedian),
      l.firstContentfulPaintMedian === undefined ? '-' : ms(l.firstContentfulPaintMedian), ms(l.socketOpenMedian), ms(l.connected.median),
      ms(l.firstTopic.median)]), 1));
  out.push(`probe cost (checking both marks once a frame): ${r.loads.map((l) => `${l.scenario} median ${l.probeTotalMsMedian.toFixed(1)} ms a load, longest check ${l.probeLongestMs.toFixed(1)} ms`).join('; ')}`);

  out.push('', `main-thread long tasks (PerformanceObserver 'longtask', buffered) per load, each watched for the stated seconds after usable;`,
    'streaming = from the first WebSocket open; before = parsing, evaluating and first render of the app');
  out.push(...table(['scenario', 'topics', 'loads', 'window s', 'before streaming', 'longest', 'while streaming', 'per load', 'longest', 'total ms', 'result'],
    r.longTasks.map((t) => [t.scenario, String(t.topics), String(t.runs.length), String(t.seconds), String(t.beforeStreaming.count),
      ms(t.beforeStreaming.longestMs), String(t.whileStreaming.count), t.runs.map((x) => x.whileStreaming.count).join('/'),
      ms(t.whileStreaming.longestMs), ms(t.whileStreaming.totalMs), verdict(t.pass)]), 1));
  for (const t of r.longTasks) {
    if (t.probeErrors.length) out.push(`  ${t.scenario}: probe errors: ${t.probeErrors.join('; ')}`);
    t.runs.forEach((run, i) => {
      const tasks = run.tasks.filter((x) => x.duration > LONG_TASK_MS);
      out.push(`  ${t.scenario} load ${i + 1}: socket open ${ms(run.socketOpenAtMs)}, connected ${ms(run.connectedAtMs)}, first topic ${ms(run.firstTopicAtMs)} ms;`
        + ` tasks (start→duration ms): ${tasks.map((x) => `${ms(x.start)}→${ms(x.duration)}`).join(', ') || 'none'}`);
    });
    if (t.frameScripts.length) {
      out.push(`  ${t.scenario}: scripts ≥ 5 ms in long animation frames while streaming, all loads (count, total ms, longest ms):`);
      for (const f of t.frameScripts.slice(0, 6)) out.push(`    ${String(f.count).padStart(3)} ${ms(f.totalMs).padStart(6)} ${ms(f.longestMs).padStart(5)}  ${f.where}`);
    }
    const sum = t.profileSummary;
    if (sum) {
      for (const [name, ph] of [['before streaming', sum.before], ['while streaming', sum.streaming]] as const) {
        if (!ph.tasks) continue;
        out.push(`  ${t.scenario}: ${name}, ${ph.tasks} long tasks in ${t.profiles?.length ?? 0} profiled loads, ${ms(ph.ms)} ms in all; by innermost project frame:`);
        for (const h of ph.app.slice(0, 8)) out.push(`    ${ms(h.ms).padStart(5)} ms  ${h.where}`);
        out.push(`    by self time: ${ph.self.slice(0, 8).map((h) => `${h.where.replace(/ `.*$/, '')} ${ms(h.ms)}`).join('; ')}`);
      }
    }
    if (verbose) (t.profiles ?? []).forEach((p, i) => {
      const f = p.findings;
      out.push(`  ${t.scenario}: CPU profile, profiled load ${i + 1} (sampling 250 µs, slows the page a little; socket open at ${ms(p.socketOpenAtMs)} ms):`
        + ` ${f.stretches.length} ${f.aligned ? `long tasks > ${LONG_TASK_MS} ms` : `busy stretches > ${LONG_TASK_MS} ms (clock not aligned)`}`);
      for (const s of f.stretches) {
        const phase = f.aligned ? (s.startMs < p.socketOpenAtMs ? 'before streaming' : 'while streaming') : '';
        out.push(`    at ${ms(s.startMs)} ms for ${ms(s.durationMs)} ms ${phase}`);
        out.push(`      under project code: ${s.app.slice(0, 4).map((h) => `${h.where} ${ms(h.ms)} ms`).join('; ')}`);
        out.push(`      self: ${s.self.slice(0, 4).map((h) => `${h.where} ${ms(h.ms)} ms`).join('; ')}`);
      }
    });
  }
  if (r.view.length) out.push(formatViewRows(r.view));
  return `${out.join('\n')}\n`;
}

function parseArgs(argv: readonly string[]): { json: boolean; verbose: boolean; opts: AppBenchOptions } {
  const opts: AppBenchOptions = {};
  let json = false;
  let verbose = false;
  const scenarios: string[] = [];
  const viewScenarios: string[] = [];
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (!v || !Number.isFinite(n) || n <= 0) throw new Error(`app bench: ${flag} needs a positive number (got ${v ?? 'nothing'})`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--verbose') verbose = true;
    else if (a === '--runs') opts.runs = Math.round(num(a, argv[++i]));
    else if (a === '--seconds') opts.streamSeconds = num(a, argv[++i]);
    else if (a === '--stream-runs') opts.streamRuns = Math.round(num(a, argv[++i]));
    else if (a === '--scenario') scenarios.push(argv[++i] ?? '');
    else if (a === '--profile') opts.profile = 'always';
    else if (a === '--profile-runs') opts.profileRuns = Math.round(num(a, argv[++i]));
    else if (a === '--no-profile') opts.profile = 'never';
    else if (a === '--keep-dist') opts.keepDist = true;
    else if (a === '--view-seconds') opts.viewSeconds = num(a, argv[++i]);
    else if (a === '--view-scenario') viewScenarios.push(argv[++i] ?? '');
    else if (a === '--view-runs') opts.viewRuns = Math.round(num(a, argv[++i]));
    else if (a === '--no-view') opts.viewScenarios = [];
    else if (a === '--software-compositing') opts.appCompositing = 'software';
    else throw new Error(`app bench: unknown option "${a}" (options: --json, --verbose, --runs N, --seconds S, --stream-runs N, --scenario NAME, --profile, --profile-runs N, --no-profile, --keep-dist, --view-seconds S, --view-scenario NAME, --view-runs N, --no-view, --software-compositing)`);
  }
  if (scenarios.length) opts.scenarios = scenarios;
  if (viewScenarios.length) opts.viewScenarios = viewScenarios;
  return { json, verbose, opts };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { json, verbose, opts } = parseArgs(process.argv.slice(2));
    const result = await appBench({ ...opts, log: (l) => process.stderr.write(`${l}\n`) });
    process.stdout.write(json ? `${JSON.stringify({ bench: 'app', ...result }, null, 2)}\n` : formatAppBench(result, verbose));
    if (opts.keepDist) process.stderr.write(`app bench: build kept in ${result.bundle.outDir}\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
