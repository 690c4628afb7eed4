// A small end-to-end harness: the built app (vite preview) and the simulated robot, driven in Debian's Chromium.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { mkdirSync } from 'node:fs';
import { startSim, type ServerSettings } from '../../sim/server.ts';
import { findChromium, chromiumArgs } from '../../scripts/chromium-path.ts';

export type Sim = Awaited<ReturnType<typeof startSim>>;

export interface E2eContext {
  page: Page;
  /**
   * The app's URL with `?url=` pointing at a fresh simulated robot of the given scenario (a name or a loaded one).
   * The robot's server behaves like a real one (publishers discovered ~2 s after it starts) unless `server` says
   * otherwise: cases that are not about start-up may opt out with `{ discoveryDelayMs: 0 }`.
   */
  open(scenario: string | Sim['scenario'], extraQuery?: string, server?: Partial<ServerSettings>): Promise<Sim>;
  /** Saves a screenshot under test-results/ (and docs/ when E2E_DOCS=1). */
  screenshot(name: string): Promise<void>;
  /** The built app's URL (vite preview). */
  appUrl: string;
  /** The shared browser (cases that need a context of their own). */
  browser: Browser;
}

/** The open document's text (the app element's read-only accessor; the debug hook gives the same). */
export function documentText(page: Page): Promise<string> {
  return page.evaluate(() => (document.querySelector('companion-app') as unknown as { documentText(): string }).documentText());
}

/** Waits until the robot's rviz_config_current is `text` (what RViz runs). */
export async function waitForCurrent(sim: Sim, text: string, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (sim.bridge?.current() !== text) {
    if (Date.now() > deadline) throw new Error(`${what}: the robot's rviz_config_current is not the document`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the app has the robot's own config open: it is opened once the robot is identified after connecting,
 * and its topic may be discovered seconds after the others, so a case that depends on it waits for it.
 */
export async function robotConfigOpen(page: Page, sim: Sim, timeout = 20_000): Promise<void> {
  const text = sim.bridge?.current();
  if (text === undefined) throw new Error('this robot has no bridge config to open');
  await page.waitForFunction((t) => (document.querySelector('companion-app') as unknown as { documentText?(): string } | null)?.documentText?.() === t,
    text, { timeout });
}

export interface E2eCase {
  name: string;
  run(ctx: E2eContext): Promise<void>;
  /** Browser context options (viewport, hasTouch…); default a 1440×900 desktop. */
  context?: BrowserContextOptions;
}

export async function runCases(cases: E2eCase[]): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('e2e: no Chromium found (set CHROME_PATH or apt-get install chromium)');
  const server: PreviewServer = await preview({ configFile: 'vite.config.ts', preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const address = server.httpServer.address();
  const appUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : '';
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
  mkdirSync('test-results', { recursive: true });
  let passed = 0;
  let failed = 0;
  // E2E_ONLY=text runs only the cases whose name contains it (while working on one).
  const only = process.env.E2E_ONLY;
  for (const c of cases.filter((k) => !only || k.name.includes(only))) {
    const context = await browser.newContext(c.context ?? { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const sims: Sim[] = [];
    const ctx: E2eContext = {
      page,
      appUrl,
      browser,
      async open(scenario, extraQuery = '', server) {
        const sim = await startSim({ scenario, port: 0, ...(server ? { server } : {}) });
        sims.push(sim);
        await page.goto(`${appUrl}?url=${encodeURIComponent(sim.url)}${extraQuery}`);
        return sim;
      },
      async screenshot(name) {
        await page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
        if (process.env.E2E_DOCS === '1') {
          mkdirSync('docs', { recursive: true });
          await page.screenshot({ path: `docs/${name}.png`, fullPage: false });
        }
      },
    };
    const started = Date.now();
    try {
      await c.run(ctx);
      if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
      passed++;
      console.log(`  ✓ ${c.name} (${Date.now() - started} ms)`);
    } catch (err) {
      failed++;
      console.log(`  ✗ ${c.name}\n    ${err instanceof Error ? err.message : String(err)}`);
      await page.screenshot({ path: `test-results/FAILED-${c.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
    } finally {
      await context.close();
      for (const sim of sims) await sim.close();
    }
  }
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed;
}
