// Names what runs in the app's long tasks: a V8 CPU profile (Chromium DevTools Protocol) and the long-animation-frame
// script entries, mapped back through the build's hidden source maps to project files and lines.
import { SourceMap } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { LongFrame, LongTask } from './app-browser.ts';

/** The part of a DevTools Protocol Profiler.Profile this file reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Hotspot {
  /** `src/ui/robot-topics.ts:58 row(t)`, `node_modules/yaml/…:12`, or a V8 pseudo-frame such as `(garbage collector)`. */
  where: string;
  ms: number;
}

export interface BusyStretch {
  /** ms from navigation start (when the profile could be aligned with the page's clock), else from profiling start. */
  startMs: number;
  durationMs: number;
  /** 'task': a long task the page reported, its samples attributed; 'busy': a run of samples with no idle one. */
  kind: 'task' | 'busy';
  /** Functions by self time. */
  self: Hotspot[];
  /** The innermost project frame (src/, sim/) on each sample's stack: which of our functions the time is spent under. */
  app: Hotspot[];
}

export interface ProfileFindings {
  /** True when the profile's clock was mapped to the page's (CDP Performance NavigationStart). */
  aligned: boolean;
  /** The page's long tasks with what ran in them (aligned), or main-thread stretches over 50 ms with no idle sample. */
  stretches: BusyStretch[];
  /** The same attribution summed over all stretches. */
  self: Hotspot[];
  app: Hotspot[];
  /** Summed over the long tasks that started before `splitAtMs` (loading) and from it on (streaming); aligned only. */
  phases?: { before: PhaseAttribution; streaming: PhaseAttribution };
}

export interface PhaseAttribution {
  tasks: number;
  ms: number;
  self: Hotspot[];
  app: Hotspot[];
}

/** Maps positions in the served chunks back to source through `outDir/assets/*.js.map`. */
export class SourceMapper {
  private readonly maps = new Map<string, { map: SourceMap; dir: string; code: string } | null>();
  private readonly lines = new Map<string, string[]>();

  public constructor(private readonly outDir: string, private readonly root: string) {}

  /** `src/…/file.ts:LINE text-of-line` for a 0-based line/column in a served URL, or undefined when unmapped. */
  public where(url: string, line: number, column: number): string | undefined {
    const entry = this.load(url);
    if (!entry) return undefined;
    const hit = entry.map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
    if (!hit.originalSource || hit.originalLine === undefined) return undefined;
    const abs = resolve(entry.dir, hit.originalSource);
    const file = relative(this.root, abs);
    return `${file}:${hit.originalLine + 1}${this.snippet(abs, hit.originalLine)}`;
  }

  /** Same for a character offset into the served file (what long-animation-frame entries give). */
  public whereChar(url: string, offset: number): string | undefined {
    const entry = this.load(url);
    if (!entry || offset < 0) return undefined;
    const before = entry.code.slice(0, offset);
    const line = before.split('\n').length - 1;
    return this.where(url, line, offset - before.lastIndexOf('\n') - 1);
  }

  private load(url: string) {
    let path: string;
    try { path = new URL(url).pathname; } catch { return undefined; }
    if (!this.maps.has(path)) {
      const js = join(this.outDir, path);
      const mapFile = `${js}.map`;
      this.maps.set(path, existsSync(mapFile)
        ? { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), dir: dirname(mapFile), code: readFileSync(js, 'utf8') }
        : null);
    }
    return this.maps.get(path) ?? undefined;
  }

  /** The source line, trimmed, so a reader sees which function without opening the file. */
  private snippet(abs: string, line: number): string {
    if (!this.lines.has(abs)) this.lines.set(abs, existsSync(abs) ? readFileSync(abs, 'utf8').split('\n') : []);
    const text = this.lines.get(abs)![line]?.trim();
    // A minified library line says nothing; the file name is the finding.
    if (!text || text.length > 200) return '';
    return ` \`${text.length > 70 ? `${text.slice(0, 69)}…` : text}\``;
  }
}

export interface ProfiledRun {
  profile: CpuProfile;
  /** Navigation start in the profile's clock (µs), from CDP Performance.getMetrics; undefined if unavailable. */
  navigationStartUs: number | undefined;
}

/**
 * Starts sampling the page's main thread every `intervalUs` µs (call before navigating: the profile follows the page
 * into its renderer). The returned function stops it and reads navigation start in the same clock.
 */
export async function startProfiler(page: Page, intervalUs = 250): Promise<() => Promise<ProfiledRun>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return async () => {
    let navigationStartUs: number | undefined;
    try {
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const nav = metrics.find((m) => m.name === 'NavigationStart')?.value;
      if (nav) navigationStartUs = nav * 1e6;
    } catch {
      // Without it, stretches are reported from the start of profiling instead.
    }
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach().catch(() => undefined);
    return { profile: profile as unknown as CpuProfile, navigationStartUs };
  };
}

const PROJECT = /^(src|sim)\//;

function top(totals: Map<string, number>, n: number): Hotspot[] {
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, n).map(([where, us]) => ({ where, ms: us / 1000 }));
}

/**
 * Attributes the page's long tasks (`tasks`, ms from navigation start) to functions when the profile is aligned;
 * otherwise splits the profile into busy stretches (no `(idle)` sample) longer than `minMs` and attributes those.
 */
export function analyseProfile(run: ProfiledRun, mapper: SourceMapper, tasks: readonly LongTask[], splitAtMs?: number,
  minMs = 50, topN = 6): ProfileFindings {
  const { profile, navigationStartUs } = run;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = new Map<number, string>();
  const nameOf = (id: number): string => {
    let l = label.get(id);
    if (l === undefined) {
      const f = byId.get(id)!.callFrame;
      const mapped = f.url ? mapper.where(f.url, f.lineNumber, f.columnNumber) : undefined;
      const fn = f.functionName || '(anonymous)';
      l = mapped ?? (f.url ? `${fn} ${f.url.replace(/^https?:\/\/[^/]+/, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}` : fn);
      label.set(id, l);
    }
    return l;
  };
  const appFrame = (id: number): string => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = nameOf(cur);
      if (PROJECT.test(l)) return l;
    }
    return `(no project frame) ${nameOf(id)}`;
  };

  // Each sample as [time µs in the profile's clock, duration µs, node id]; a sample stands for the time until the next.
  const samples: { t: number; us: number; id: number }[] = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    samples.push({ t, us: i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1]! : 0, id: profile.samples[i]! });
  }
  const isIdle = (id: number): boolean => byId.get(id)?.callFrame.functionName === '(idle)';

  const windows: { start: number; end: number; kind: BusyStretch['kind'] }[] = [];
  const aligned = navigationStartUs !== undefined && tasks.length > 0;
  if (aligned) {
    for (const task of tasks) {
      if (task.duration <= minMs) continue;
      const start = navigationStartUs + task.start * 1000;
      windows.push({ start, end: start + task.duration * 1000, kind: 'task' });
    }
  } else {
    let start: number | undefined;
    let busyUs = 0;
    for (const s of [...samples, { t: Number.POSITIVE_INFINITY, us: 0, id: -1 }]) {
      if (s.id === -1 || isIdle(s.id)) {
        if (start !== undefined && busyUs / 1000 > minMs) windows.push({ start, end: s.t, kind: 'busy' });
        start = undefined;
        busyUs = 0;
      } else {
        start ??= s.t;
        busyUs += s.us;
      }
    }
  }
  const origin = navigationStartUs ?? profile.startTime;

  const stretches: BusyStretch[] = [];
  const allSelf = new Map<string, number>();
  const allApp = new Map<string, number>();
  const phase = { before: { tasks: 0, us: 0, self: new Map<string, number>(), app: new Map<string, number>() },
    streaming: { tasks: 0, us: 0, self: new Map<string, number>(), app: new Map<string, number>() } };
  const add = (m: Map<string, number>, k: string, us: number): void => { m.set(k, (m.get(k) ?? 0) + us); };
  for (const w of windows) {
    const self = new Map<string, number>();
    const app = new Map<string, number>();
    const ph = aligned && splitAtMs !== undefined ? ((w.start - origin) / 1000 < splitAtMs ? phase.before : phase.streaming) : undefined;
    if (ph) { ph.tasks++; ph.us += w.end - w.start; }
    for (const s of samples) {
      if (s.t < w.start || s.t >= w.end || isIdle(s.id)) continue;
      add(self, nameOf(s.id), s.us);
      add(app, appFrame(s.id), s.us);
      add(allSelf, nameOf(s.id), s.us);
      add(allApp, appFrame(s.id), s.us);
      if (ph) { add(ph.self, nameOf(s.id), s.us); add(ph.app, appFrame(s.id), s.us); }
    }
    stretches.push({ startMs: (w.start - origin) / 1000, durationMs: (w.end - w.start) / 1000, kind: w.kind, self: top(self, topN), app: top(app, topN) });
  }
  const summary = (p: typeof phase.before): PhaseAttribution => ({ tasks: p.tasks, ms: p.us / 1000, self: top(p.self, 40), app: top(p.app, 40) });
  return {
    aligned, stretches, self: top(allSelf, topN * 2), app: top(allApp, topN * 2),
    ...(aligned && splitAtMs !== undefined ? { phases: { before: summary(phase.before), streaming: summary(phase.streaming) } } : {}),
  };
}

export interface FrameScriptSummary {
  /** e.g. `DOMWebSocket.onmessage → src/link/rosbridge/transport.ts:64 …`. */
  where: string;
  count: number;
  totalMs: number;
  longestMs: number;
}

/** Long animation frames' scripts (Chromium's own attribution: invoker and source position), grouped and mapped. */
export function summariseFrames(frames: readonly LongFrame[], mapper: SourceMapper, fromMs = 0): FrameScriptSummary[] {
  const groups = new Map<string, FrameScriptSummary>();
  for (const f of frames) {
    if (f.start < fromMs) continue;
    for (const s of f.scripts) {
      if (s.duration < 5) continue;
      const src = s.sourceURL ? mapper.whereChar(s.sourceURL, s.sourceCharPosition) : undefined;
      const where = `${s.invoker}${src ? ` → ${src}` : ''}`;
      const g = groups.get(where) ?? { where, count: 0, totalMs: 0, longestMs: 0 };
      g.count++;
      g.totalMs += s.duration;
      g.longestMs = Math.max(g.longestMs, s.duration);
      groups.set(where, g);
    }
  }
  return [...groups.values()].sort((a, b) => b.totalMs - a.totalMs);
}
