// Benchmark (not a test) of DESIGN.md "Quality bars / Bridge: Apply → RViz loaded, median reported", on the simulated
// robot whose emulated bridge takes `--delay` ms to "load" a config (RViz restarting; default 300 ms):
//   link: RvizBridge.send(document) → the bridge's status, over real roslib and a real socket (no browser);
//   app:  in headless Chromium, the Apply click → "RViz loaded it in …" shown in the top bar, then Undo the same way.
// Run: node --import tsx bench/perf/bridge.ts [--runs 10] [--delay 300 | --delay 0,300] [--no-app] [--json]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSim } from '../../sim/server.ts';
import { SCENARIOS_DIR } from '../../sim/scenario.ts';
import { createRosbridgeLink, RvizBridge } from '../../src/link/index.ts';
import { buildApp } from './app-bundle.ts';
import { openSession } from './app-browser.ts';
import { median, percentile } from './measure.ts';

export interface BridgeBenchOptions { runs: number; delayMs: number; app: boolean; log?: (line: string) => void }

export interface Timing { median: number; p95: number; min: number; max: number; samples: number[] }

export interface BridgeBenchResult {
  delayMs: number;
  runs: number;
  /** send → status, ms. */
  link: Timing;
  /** took_ms the bridge reported for those loads. */
  tookMs: Timing;
  app?: { apply: Timing; undo: Timing };
}

function timing(samples: number[]): Timing {
  const r = (v: number) => Math.round(v * 10) / 10;
  return { median: r(median(samples)), p95: r(percentile(samples, 95)), min: r(Math.min(...samples)), max: r(Math.max(...samples)), samples: samples.map(r) };
}

async function linkBench(runs: number, delayMs: number): Promise<{ link: Timing; tookMs: Timing }> {
  const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: delayMs } });
  const link = createRosbridgeLink(sim.url);
  const bridge = new RvizBridge(link, { timeoutMs: delayMs + 10_000 });
  try {
    bridge.start();
    await link.connect();
    const base = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');
    const wall: number[] = [], took: number[] = [];
    for (let i = 0; i < runs; i++) {
      const text = base.replace('Fixed Frame: map', `Fixed Frame: ${i % 2 ? 'odom' : 'base_link'}`);
      const t0 = performance.now();
      const outcome = await bridge.send(text);
      wall.push(performance.now() - t0);
      if (outcome.kind !== 'status' || outcome.status.action !== 'loaded') throw new Error(`bridge bench: run ${i}: ${JSON.stringify(outcome)}`);
      took.push(outcome.status.took_ms);
    }
    return { link: timing(wall), tookMs: timing(took) };
  } finally {
    bridge.stop();
    link.close();
    await sim.close();
  }
}

/** In the page: click a button inside the planner panel, then wait (per animation frame) for the bridge's ok answer. */
const CLICK_AND_WAIT = String.raw`async (selector) => {
  const app = document.querySelector('companion-app').shadowRoot;
  const message = () => app.querySelector('rviz-state')?.shadowRoot?.querySelector('[data-rviz-message]');
  const t0 = performance.now();
  app.querySelector('planner-panel').shadowRoot.querySelector(selector).click();
  return await new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('no answer within 20 s')), 20000);
    let sent = false; // the previous answer may still be on screen: wait for "Sending to RViz…" first
    const tick = () => {
      const m = message();
      const kind = m?.getAttribute('data-rviz-message');
      if (kind === 'sending') sent = true;
      if (sent && kind === 'ok') { clearTimeout(give); resolve(performance.now() - t0); return; }
      if (sent && kind === 'error') { clearTimeout(give); reject(new Error(m.textContent)); return; }
      requestAnimationFrame(tick);
    };
    tick();
  });
}`;

async function appBench(runs: number, delayMs: number, log: (line: string) => void): Promise<{ apply: Timing; undo: Timing }> {
  const outDir = mkdtempSync(join(tmpdir(), 'bridge-bench-dist-'));
  log('bridge bench: building the app…');
  await buildApp(outDir);
  const session = await openSession(outDir);
  const sim = await startSim({ scenario: 'turtlebot_nav', port: 0, bridge: { loadDelayMs: delayMs } });
  try {
    const page = await (await session.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${session.appUrl}?url=${encodeURIComponent(sim.url)}`);
    await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 15_000 });
    const clickAndWait = new Function(`return (${CLICK_AND_WAIT})`)() as (selector: string) => Promise<number>;
    const apply: number[] = [], undo: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.locator('planner-panel textarea').fill(i % 2 ? 'show the odometry as axes, fixed frame odom' : 'show the odometry as arrows, fixed frame base_link');
      await page.locator('planner-panel button[type=submit]').click();
      await page.locator('planner-panel [data-apply]').waitFor({ timeout: 15_000 });
      apply.push(await page.evaluate(clickAndWait, '[data-apply]'));
      undo.push(await page.evaluate(clickAndWait, '[data-undo]'));
      log(`bridge bench: app run ${i + 1}/${runs}: apply ${apply.at(-1)?.toFixed(0)} ms, undo ${undo.at(-1)?.toFixed(0)} ms`);
    }
    return { apply: timing(apply), undo: timing(undo) };
  } finally {
    await sim.close();
    await session.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function bridgeBench(opts: BridgeBenchOptions): Promise<BridgeBenchResult> {
  const log = opts.log ?? (() => undefined);
  const { link, tookMs } = await linkBench(opts.runs, opts.delayMs);
  const result: BridgeBenchResult = { delayMs: opts.delayMs, runs: opts.runs, link, tookMs };
  if (opts.app) result.app = await appBench(opts.runs, opts.delayMs, log);
  return result;
}

export function formatBridgeBench(r: BridgeBenchResult): string {
  const row = (name: string, t: Timing) => `${name.padEnd(44)} ${String(t.median).padStart(8)} ${String(t.p95).padStart(8)} ${String(t.min).padStart(8)} ${String(t.max).padStart(8)}`;
  const lines = [`Bridge: Apply → status on the simulated robot (load delay ${r.delayMs} ms, ${r.runs} runs, ms)`, '',
    `${'path'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'min'.padStart(8)} ${'max'.padStart(8)}`,
    row('link: send → status (roslib, no browser)', r.link), row('  took_ms the bridge reported', r.tookMs)];
  if (r.app) lines.push(row('app: Apply click → "RViz loaded it" shown', r.app.apply), row('app: Undo click → "RViz loaded it" shown', r.app.undo));
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const whole = (name: string, text: string): number => {
    const v = Number(text);
    if (!Number.isInteger(v) || v < 0) { console.error(`bridge bench: ${name} needs whole numbers, got "${text}"`); process.exit(2); }
    return v;
  };
  const runs = Math.max(1, whole('--runs', at('--runs') ?? '10'));
  // `--delay 0,300`: several load delays side by side in one run (0 shows the companion's own part).
  const delays = (at('--delay') ?? '300').split(',').map((d) => whole('--delay', d));
  const results: BridgeBenchResult[] = [];
  for (const delayMs of delays) {
    results.push(await bridgeBench({ runs, delayMs, app: !args.includes('--no-app'), log: (line) => process.stderr.write(`${line}\n`) }));
  }
  process.stdout.write(args.includes('--json') ? `${JSON.stringify({ bench: 'bridge', results }, null, 2)}\n` : results.map(formatBridgeBench).join('\n'));
}
