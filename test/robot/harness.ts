// The robot layer's harness: one real layer (rosbridge-server-rs + rclpy test robot + bridge node) shared by the cases,
// the built app (vite preview) in Debian's Chromium, and the CLI run as a child process. Prints one line per case and
// ends with "robot: N passed, N failed, N skipped". Where the layer cannot be set up, every case is skipped with the
// reason; under CI=true a skipped case fails the run.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { findChromium, chromiumArgs } from '../../scripts/chromium-path.ts';
import { prepare, startLayer, type Layer, type Prepared } from '../../scripts/robot-layer/layer.ts';

export interface RobotContext {
  layer: Layer;
  /** The built app's URL (vite preview). */
  appUrl: string;
  /** A fresh page (its own browser context) opened at the app with `?url=<layer>&debug=1` unless `open` is false. */
  newPage(opts?: { open?: boolean; query?: string }): Promise<Page>;
  /** Runs the CLI (`src/cli/main.ts`) with these arguments. */
  cli(args: string[], timeoutMs?: number): Promise<{ code: number; stdout: string; stderr: string }>;
  log(line: string): void;
}

export interface RobotCase {
  name: string;
  run(ctx: RobotContext): Promise<void>;
}

export function runCli(args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code: code ?? -1, stdout, stderr }); });
  });
}

export async function runRobotCases(cases: RobotCase[], afterCases: () => void = () => undefined): Promise<number> {
  const only = process.env.ROBOT_ONLY;
  const selected = cases.filter((c) => !only || c.name.includes(only));
  let passed = 0, failed = 0, skipped = 0;
  const ci = process.env.CI === 'true';
  const finish = (): number => {
    console.log(`robot: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    return failed > 0 || (ci && skipped > 0) ? 1 : 0;
  };
  const skipAll = (reason: string): number => {
    for (const c of selected) { skipped++; console.log(`  - ${c.name} (skipped: ${reason})`); }
    if (ci) console.log('robot: CI=true and the robot layer was skipped: that is a failure here');
    return finish();
  };

  const setupStarted = Date.now();
  const prep: Prepared = prepare((line) => console.log(line));
  if (!prep.ok) {
    if (prep.fatal) {
      for (const c of selected) { failed++; console.log(`  ✗ ${c.name}\n    the layer's set-up failed: ${prep.reason}`); }
      return finish();
    }
    return skipAll(prep.reason);
  }
  console.log(`robot: set-up ready in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s (${prep.dir})`);
  const executablePath = findChromium();
  if (!executablePath) return skipAll('no Chromium (set CHROME_PATH or apt-get install chromium)');

  const layerStarted = Date.now();
  let layer: Layer;
  try {
    layer = await startLayer(prep);
  } catch (err) {
    for (const c of selected) { failed++; console.log(`  ✗ ${c.name}\n    the layer did not start: ${err instanceof Error ? err.message : String(err)}`); }
    return finish();
  }
  console.log(`robot: layer up in ${((Date.now() - layerStarted) / 1000).toFixed(1)} s at ${layer.url} (ROS_DOMAIN_ID ${layer.domainId})`);

  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await preview({ configFile: 'vite.config.ts', preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
    const address = server.httpServer.address();
    const appUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : '';
    mkdirSync('test-results', { recursive: true });
    browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
    for (const c of selected) {
      const contexts: BrowserContext[] = [];
      const errors: string[] = [];
      const ctx: RobotContext = {
        layer, appUrl,
        async newPage(opts = {}) {
          const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
          contexts.push(context);
          const page = await context.newPage();
          page.on('pageerror', (err) => errors.push(err.message));
          if (opts.open !== false) await page.goto(`${appUrl}?url=${encodeURIComponent(layer.url)}&debug=1${opts.query ?? ''}`);
          return page;
        },
        cli: runCli,
        log: (line) => console.log(`    ${line}`),
      };
      const started = Date.now();
      try {
        await c.run(ctx);
        if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
        passed++;
        console.log(`  ✓ ${c.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`  ✗ ${c.name}\n    ${(err instanceof Error ? err.message : String(err)).split('\n').join('\n    ')}`);
        const page = contexts.at(-1)?.pages()[0];
        await page?.screenshot({ path: `test-results/ROBOT-FAILED-${c.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
      } finally {
        for (const context of contexts) await context.close().catch(() => undefined);
        // A case that stopped rosbridge leaves it running again for the next one.
        if (!(await layer.ensureRosbridge().catch(() => false))) console.log('    (rosbridge could not be started again)');
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) await new Promise<void>((r) => server!.httpServer.close(() => r()));
    await layer.close();
  }
  afterCases();
  return finish();
}
