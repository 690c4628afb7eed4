import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { startSim } from '../../sim/server.ts';
import type { E2eCase } from './harness.ts';

interface Serving { url: string; stop(): Promise<number> }

/** `rviz-companion serve` in this process, serving `dir` (port 0: a free one). */
async function serve(dir: string, args: string[], port = 0): Promise<Serving> {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const running = main(['serve', '--dir', dir, '--port', String(port), ...args],
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {} }, controller.signal);
  for (let i = 0; i < 250 && out.length === 0; i++) {
    const early = await Promise.race([running, new Promise((r) => setTimeout(() => r(undefined), 20))]);
    if (early !== undefined) throw new Error(`serve exited ${String(early)}: ${err.join('')}`);
  }
  const url = /http:\/\/[^/\s]+\//.exec(out.join(''))?.[0];
  if (!url) throw new Error(`serve printed no URL: ${out.join('')} ${err.join('')}`);
  return { url, stop: async () => { controller.abort(); return running; } };
}

/**
 * serve → load the app (its --url and --kiosk defaults apply) → the service worker precaches it → block every request
 * that is not to the page's own origin and reload: the shell comes from the service worker; then stop serve itself
 * and reload: the app still starts. A new version waits for "Reload to update".
 */
export const serveOfflineCase: E2eCase = {
  name: 'serve: defaults from --url/--kiosk, app shell from the service worker offline, update only on the button',
  async run({ page }) {
    const dir = mkdtempSync(join(tmpdir(), 'companion-serve-'));
    cpSync('dist', dir, { recursive: true });
    const sim = await startSim({ scenario: 'turtlebot_nav', port: 0 });
    let serving: Serving | undefined = await serve(dir, ['--url', sim.url, '--kiosk']);
    try {
      const origin = new URL(serving.url).origin;
      await page.goto(serving.url);
      // No query: kiosk and robot come from serve's defaults.
      await page.locator('kiosk-screen [data-robot-state="connected"]').waitFor({ timeout: 15_000 });
      await page.locator('kiosk-screen [data-tile="lidar"]').waitFor({ timeout: 10_000 });
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
        return urls;
      });
      assert.ok(cached.every((u) => u.startsWith(origin)), `only the page's own origin is cached: ${cached.filter((u) => !u.startsWith(origin)).join(', ')}`);
      assert.ok(!cached.some((u) => /11434|\/v1\/|^ws/.test(u)), 'no model or rosbridge traffic cached');
      for (const part of [/\/index\.html/, /\/assets\/index-[^/]+\.js/, /\/assets\/kb-data-[^/]+\.js/, /manifest\.webmanifest/, /icon-192\.png/]) {
        assert.ok(cached.some((u) => part.test(u)), `precached: ${String(part)}`);
      }

      // Everything but the page's own origin is refused from here on (ws:// to the robot is not an HTTP request).
      const blocked: string[] = [];
      await page.context().route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin)) return route.continue();
        blocked.push(url);
        return route.abort();
      });
      const reloaded = await page.reload();
      assert.ok(reloaded?.fromServiceWorker(), 'the navigation was answered by the service worker');
      await page.locator('kiosk-screen [data-tile="lidar"]').waitFor({ timeout: 15_000 });
      assert.deepEqual(blocked, [], 'the app asked nothing of another origin');

      // serve itself gone: the app still starts (shell and serve's defaults from the caches).
      assert.equal(await serving.stop(), 0);
      serving = undefined;
      const offline = await page.reload();
      assert.ok(offline?.fromServiceWorker(), 'offline navigation from the service worker');
      await page.locator('kiosk-screen [data-robot-state="connected"]').waitFor({ timeout: 15_000 });

      // A new version: announced, not applied until the button.
      serving = await serve(dir, ['--url', sim.url, '--kiosk'], Number(new URL(origin).port));
      appendFileSync(join(dir, 'sw.js'), '\n// a new version\n');
      await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
      await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
      await page.locator('update-banner [data-update-reload]').waitFor({ timeout: 15_000 });
      const waiting = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(reg?.waiting), marker: (window as unknown as { marker?: number }).marker };
      });
      assert.deepEqual(waiting, { waiting: true, marker: 42 }, 'the new version waits; the page was not reloaded under the user');
      await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), page.locator('update-banner [data-update-reload]').click()]);
      const after = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(reg?.waiting), marker: (window as unknown as { marker?: number }).marker ?? null };
      });
      assert.deepEqual(after, { waiting: false, marker: null }, 'reloaded into the new version');
    } finally {
      await serving?.stop();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
