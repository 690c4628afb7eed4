// The live view's bars from DESIGN.md "Quality bars / View", measured in the built app in headless Chromium through
// the page's debug hook (`?debug=1`, window.rvizCompanion.viewStats()): with a scenario's own config drawn, the
// main-thread tasks over 50 ms in a window, frame time p50/p95 (time spent placing layers and rendering one frame),
// worker decode time per message by kind, and messages the feeds dropped (superseded before they were drawn).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppSession } from './app-browser.ts';
import { REPO_ROOT } from './app-bundle.ts';
import { chromiumArgs } from '../../scripts/chromium-path.ts';
import { loadApp, startScenario } from './app-browser.ts';
import type { ViewStats } from '../../src/ui/live-view-debug.ts';

export const VIEW_LONG_TASK_MS = 50;

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

export interface ViewRow {
  scenario: string;
  seconds: number;
  /** Displays in the config and how many were drawing at the end. */
  displays: number;
  drawing: number;
  notDrawing: string[];
  longTasks: { count: number; longestMs: number };
  frameMs: { p50: number; p95: number };
  frames: number;
  decode: ViewStats['decode'];
  /** Messages superseded before they were drawn, summed over the displays, and per display where any were. */
  dropped: number;
  droppedBy: Record<string, number>;
  pageErrors: string[];
}

/** Loads the app on a fresh robot of `scenario`, waits until the view draws, then watches it for `seconds`. */
export async function measureView(session: AppSession, scenario: string, seconds: number, log: (l: string) => void): Promise<ViewRow> {
  const sim = await startScenario(scenario);
  try {
    const page = await loadApp(session, sim.url, { query: '&debug=1' });
    try {
      // "Its own config": a robot without the bridge topic does not say which config it runs, so open the file.
      const config = scenarioConfig(scenario);
      if (config) await page.page.locator('companion-app #file').setInputFiles(config);
      await page.page.waitForFunction(() => {
        const s = window.rvizCompanion?.viewStats();
        return s?.ready === true && Object.values(s.displays).some((d) => d.drawn);
      }, undefined, { timeout: 20_000 });
      // Let latched topics, the robot model and the first clouds arrive before the window opens.
      await page.page.waitForTimeout(2000);
      const t0 = await page.page.evaluate(() => performance.now());
      const startDropped = (await page.page.evaluate(() => window.rvizCompanion!.viewStats())).dropped;
      log(`  view ${scenario}: watching ${seconds} s with the config drawn`);
      await page.page.waitForTimeout(seconds * 1000);
      const stats = await page.page.evaluate(() => window.rvizCompanion!.viewStats());
      const { longTasks } = await page.collect();
      const inWindow = longTasks.filter((t) => t.start >= t0 && t.duration > VIEW_LONG_TASK_MS);
      const droppedBy: Record<string, number> = {};
      for (const [name, n] of Object.entries(stats.dropped)) {
        const d = n - (startDropped[name] ?? 0);
        if (d > 0) droppedBy[name] = d;
      }
      const displays = Object.entries(stats.displays);
      return {
        scenario, seconds, displays: displays.length, drawing: displays.filter(([, d]) => d.state === 'drawing').length,
        notDrawing: displays.filter(([, d]) => d.state !== 'drawing').map(([n, d]) => `${n}: ${d.state}`),
        longTasks: { count: inWindow.length, longestMs: Math.max(0, ...inWindow.map((t) => t.duration)) },
        frameMs: stats.frameMs, frames: stats.frames, decode: stats.decode,
        dropped: Object.values(droppedBy).reduce((s, n) => s + n, 0), droppedBy, pageErrors: page.pageErrors,
      };
    } finally {
      await page.close();
    }
  } finally {
    await sim.close();
  }
}

const f1 = (v: number) => v.toFixed(1);

export function formatViewRows(rows: readonly ViewRow[]): string {
  const lines = ['', 'Live view (built app, headless Chromium, WebGL and compositing on SwiftShader; ?debug=1 viewStats)', ''];
  const header = ['scenario', 'window', 'drawing', 'tasks > 50 ms', 'frame p50 / p95 ms', 'frames', 'decode p50 / p95 ms per message (worker)', 'dropped'];
  const body = rows.map((r) => [
    r.scenario, `${r.seconds} s`, `${r.drawing}/${r.displays}`, `${r.longTasks.count}${r.longTasks.count ? ` (longest ${r.longTasks.longestMs.toFixed(0)})` : ''}`,
    `${f1(r.frameMs.p50)} / ${f1(r.frameMs.p95)}`, String(r.frames),
    Object.entries(r.decode).map(([k, d]) => `${k} ${f1(d.p50Ms)}/${f1(d.p95Ms)} (n=${d.count})`).join(', ') || '–',
    `${r.dropped}${Object.keys(r.droppedBy).length ? ` (${Object.entries(r.droppedBy).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  lines.push(row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(row));
  for (const r of rows) if (r.notDrawing.length) lines.push(`  ${r.scenario} not drawing: ${r.notDrawing.join('; ')}`);
  for (const r of rows) if (r.pageErrors.length) lines.push(`  ${r.scenario} page errors: ${r.pageErrors.join(' | ')}`);
  return `${lines.join('\n')}\n`;
}
