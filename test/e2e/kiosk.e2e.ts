import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startSim } from '../../sim/server.ts';
import { loadScenario } from '../../sim/scenario.ts';
import type { E2eCase } from './harness.ts';

// isMobile: Chromium lays the page out by the viewport meta, as on a touch panel.
const touch800 = { viewport: { width: 800, height: 480 }, hasTouch: true, isMobile: true };

/** turtlebot_nav without its own RViz config: the app keeps its built-in default (no LaserScan), so Lidar starts hidden. */
function navWithoutConfig() {
  const loaded = loadScenario('turtlebot_nav');
  if (!loaded.ok) throw new Error(loaded.reason);
  return { ...loaded.scenario, rvizConfig: undefined };
}

async function documentText(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { rvizCompanion: { documentText(): string } }).rvizCompanion.documentText());
}

/** LaserScan displays in the .rviz text with their Enabled value. */
function laserScans(text: string): boolean[] {
  const out: boolean[] = [];
  const re = /Class: rviz_default_plugins\/LaserScan\n((?: {6,}.*\n)*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(/\n? {6}Enabled: true/.test(m[1] ?? ''));
  return out;
}

/** Layout checks of the kiosk: top bar ≤ 56 px, no horizontal scroll, every visible control ≥ 48 px and on screen. */
async function checkKioskLayout(page: Page, width: number): Promise<void> {
  const m = await page.evaluate(() => {
    const screen = document.querySelector('companion-app')!.shadowRoot!.querySelector('kiosk-screen')!;
    const root = screen.shadowRoot!;
    const header = root.querySelector('header')!.getBoundingClientRect();
    // The kiosk's own controls, and those of the panels in an open drawer (slotted, each in its own shadow root).
    const openDrawer = root.querySelector('#drawer:not([hidden])');
    // (No named helpers in here: the test's TypeScript transform would wrap them in a helper the page lacks.)
    const slotted: HTMLButtonElement[] = [];
    const stack: (Element | ShadowRoot)[] = openDrawer ? [...openDrawer.querySelectorAll('slot')]
      .flatMap((sl) => (sl as HTMLSlotElement).assignedElements()).filter((e) => e.getClientRects().length > 0) : [];
    while (stack.length) {
      const node = stack.pop()!;
      if (node instanceof HTMLButtonElement) slotted.push(node);
      if (node instanceof Element && node.shadowRoot) stack.push(node.shadowRoot);
      stack.push(...node.children);
    }
    const own = new Set(root.querySelectorAll('button'));
    const buttons = [...own, ...slotted].filter((b) => b.getClientRects().length > 0 && !b.closest('[hidden]'))
      .map((b) => { const r = b.getBoundingClientRect();
        // A drawer scrolls vertically: its controls may be below the fold, never beside the screen.
        return { text: (b.textContent ?? '').trim(), w: r.width, h: r.height, right: r.right, bottom: own.has(b) ? r.bottom : 0 }; });
    const el = document.scrollingElement!;
    return { header: header.height, scrollW: el.scrollWidth, innerW: window.innerWidth, innerH: window.innerHeight, buttons };
  });
  assert.ok(m.header <= 56, `top bar ${m.header} px high`);
  assert.ok(m.scrollW <= m.innerW, `no horizontal scroll at ${width}: ${m.scrollW} > ${m.innerW}`);
  for (const b of m.buttons) {
    assert.ok(b.w >= 48 && b.h >= 48, `target "${b.text}" is ${b.w.toFixed(0)}×${b.h.toFixed(0)} px`);
    assert.ok(b.right <= m.innerW + 0.5 && b.bottom <= m.innerH + 0.5, `"${b.text}" off screen (${b.right}, ${b.bottom})`);
  }
}

/**
 * Pinches in the middle of the screen and returns the page's visual zoom afterwards. Headless Chromium zooms only for
 * a trackpad-style pinch (gestureSourceType 'mouse', delivered as ctrl+wheel); a synthesized touch pinch never zooms
 * there, so the touch path (touch-action on the page) is not checked here.
 */
async function pinchScale(page: Page, at?: { x: number; y: number }): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { width, height } = page.viewportSize()!;
  const { x, y } = at ?? { x: width / 2, y: height / 2 };
  await cdp.send('Input.synthesizePinchGesture', { x, y, scaleFactor: 2, gestureSourceType: 'mouse' });
  await cdp.detach();
  // The zoom lands a few frames after the gesture: watch the scale for up to 1.5 s.
  await page.waitForFunction(() => (window.visualViewport?.scale ?? 1) !== 1, undefined, { timeout: 1500 }).catch(() => undefined);
  return page.evaluate(() => window.visualViewport?.scale ?? 1);
}

/** axe-core on the real built page: the serious and critical violations (the browser tests audit more states). */
async function seriousA11y(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: { id: string; impact?: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run(document);
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`);
  });
}

/** Tap Lidar → the plan is applied through the planner (document changed, LaserScan enabled) → tap Undo → gone. */
export const kioskTouchCase: E2eCase = {
  name: 'kiosk: at 800x480 with touch, tap Lidar shows the scan through the planner, Undo takes it away',
  context: touch800,
  async run({ page, appUrl, screenshot }) {
    const sim = await startSim({ scenario: navWithoutConfig(), port: 0 });
    try {
      await page.goto(`${appUrl}?url=${encodeURIComponent(sim.url)}&kiosk=1&debug=1`);
      const lidar = page.locator('kiosk-screen [data-tile="lidar"]');
      await lidar.waitFor({ timeout: 15_000 });
      await page.locator('kiosk-screen [data-robot-state="connected"]').waitFor({ timeout: 10_000 });
      await checkKioskLayout(page, 800);
      assert.equal(await lidar.getAttribute('aria-pressed'), 'false');
      const before = await documentText(page);
      assert.deepEqual(laserScans(before), [], 'the default document has no LaserScan');

      await lidar.tap();
      await page.locator('kiosk-screen [data-tile="lidar"][aria-pressed="true"]').waitFor({ timeout: 10_000 });
      const after = await documentText(page);
      assert.notEqual(after, before, 'the document changed');
      assert.deepEqual(laserScans(after), [true], 'one LaserScan, enabled');
      assert.match(after, /Topic:\n\s+(?:[A-Z].*\n\s+)*Value: \/scan/, 'on /scan');
      assert.match(after, /Reliability Policy: Best Effort/, 'completed by the planner: the QoS /scan publishes with');
      assert.match(await page.locator('kiosk-screen [data-kiosk-message]').innerText(), /Lidar shown \(\d+ changes?\)/);
      // The kiosk's full-screen view draws the scan the tile turned on (the debug hook's viewStats()).
      await page.waitForFunction(() => Object.values(window.rvizCompanion!.viewStats().displays)
        .some((d) => d.type === 'LaserScan' && d.drawn && d.objects > 0), undefined, { timeout: 15_000 });
      assert.deepEqual(await seriousA11y(page), [], 'axe on the kiosk at 800x480');
      await screenshot('kiosk-800x480');

      await page.locator('kiosk-screen [data-kiosk-undo]').tap();
      await page.locator('kiosk-screen [data-tile="lidar"][aria-pressed="false"]').waitFor({ timeout: 5_000 });
      assert.equal(await documentText(page), before, 'Undo restored the document byte for byte');
      assert.deepEqual(laserScans(await documentText(page)), []);
      await page.waitForFunction(() => !Object.values(window.rvizCompanion!.viewStats().displays).some((d) => d.type === 'LaserScan'),
        undefined, { timeout: 5_000 });

      // A pinch does not zoom the page (the view takes pinch); deskPinchCase shows the same pinch zooms the desk.
      assert.equal(await pinchScale(page), 1, 'no page pinch-zoom in the kiosk');

      // The request box is in a drawer for an on-screen keyboard; Escape closes it and focus returns.
      await page.locator('kiosk-screen [data-drawer-button="planner"]').tap();
      await page.locator('kiosk-screen planner-panel textarea').waitFor({ state: 'visible' });
      await checkKioskLayout(page, 800);
      await screenshot('kiosk-800x480-request');
      await page.keyboard.press('Escape');
      await page.locator('kiosk-screen planner-panel textarea').waitFor({ state: 'hidden' });
      // The ⋯ drawer (robot, files, settings, displays) is touch-sized too.
      await page.locator('kiosk-screen [data-drawer-button="menu"]').tap();
      await page.locator('kiosk-screen connection-bar input').waitFor({ state: 'visible' });
      await checkKioskLayout(page, 800);
      await screenshot('kiosk-800x480-menu');
    } finally {
      await sim.close();
    }
  },
};

/** `readonly=1` hides file actions and settings; 1024x600 has no horizontal scroll either. */
export const kioskReadonlyCase: E2eCase = {
  name: 'kiosk: readonly=1 hides file actions and settings; 1024x600 layout',
  context: { viewport: { width: 1024, height: 600 }, hasTouch: true },
  async run({ page, open, screenshot }) {
    await open('turtlebot_nav', '&kiosk=1&readonly=1');
    await page.locator('kiosk-screen [data-tile="lidar"][aria-pressed="true"]').waitFor({ timeout: 15_000 });
    await checkKioskLayout(page, 1024);
    assert.equal(await page.locator('kiosk-screen [data-drawer-button="menu"]').count(), 0, 'no menu');
    for (const name of ['Open…', 'Save', 'Download']) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
    assert.equal(await page.locator('[data-model-button]').count(), 0, 'no settings');
    await page.locator('kiosk-screen [data-age]').filter({ hasText: /data \d+\.\d s old/ }).waitFor({ timeout: 10_000 });
    await screenshot('kiosk-1024x600');
    await page.goto(page.url().replace('&readonly=1', ''));
    await page.locator('kiosk-screen [data-drawer-button="menu"]').waitFor({ timeout: 10_000 });
  },
};

/** Before the robot is up: "waiting for the robot at ws://…", retrying until it appears. */
export const kioskWaitingCase: E2eCase = {
  name: 'kiosk: waits for a robot that is not up yet and connects when it starts',
  context: touch800,
  async run({ page, appUrl, screenshot }) {
    const probe = await startSim({ scenario: 'turtlebot_nav', port: 0 });
    const port = probe.port;
    await probe.close();
    const url = `ws://127.0.0.1:${port}`;
    await page.goto(`${appUrl}?url=${encodeURIComponent(url)}&kiosk=1`);
    await page.locator('kiosk-screen [data-waiting]').filter({ hasText: `Waiting for the robot at ${url}` }).waitFor({ timeout: 10_000 });
    await page.locator('kiosk-screen [data-waiting]').filter({ hasText: /retrying in/ }).waitFor({ timeout: 10_000 });
    await screenshot('kiosk-waiting');
    const sim = await startSim({ scenario: 'turtlebot_nav', port });
    try {
      await page.locator('kiosk-screen [data-robot-state="connected"]').waitFor({ timeout: 15_000 });
      await page.locator('kiosk-screen [data-waiting]').waitFor({ state: 'detached', timeout: 10_000 });
      await page.locator('kiosk-screen [data-tile="lidar"]').waitFor({ timeout: 10_000 });
    } finally {
      await sim.close();
    }
  },
};

/** The desk's first minute: examples from the robot, a plan's .rviz diff, the inspector and the highlight after Apply. */
export const deskFirstMinuteCase: E2eCase = {
  name: 'desk: example requests, the plan as an .rviz diff, the inspector and the changed displays highlighted',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, appUrl, screenshot }) {
    const sim = await startSim({ scenario: navWithoutConfig(), port: 0 });
    try {
      await page.goto(`${appUrl}?url=${encodeURIComponent(sim.url)}&debug=1`);
      const example = page.locator('planner-panel [data-example]');
      // The robot's topics appear one by one while rosbridge discovers them; the examples follow the graph.
      await example.filter({ hasText: 'show /scan coloured by intensity' }).waitFor({ timeout: 20_000 });
      const texts = await example.allInnerTexts();
      assert.ok(texts.length >= 4 && texts.length <= 6, `4–6 examples: ${texts.join(' | ')}`);
      assert.ok(texts.includes('show /scan coloured by intensity'), texts.join(' | '));
      await page.getByRole('tab', { name: 'Displays' }).click();
      await page.locator('displays-panel [data-display="Grid"] button[aria-expanded]').click();
      await page.locator('displays-panel [data-inspector] [data-prop="Cell Size"]').waitFor();
      await screenshot('desk-1400x900');
      assert.deepEqual(await seriousA11y(page), [], 'axe on the desk');

      await example.filter({ hasText: 'show /scan coloured by intensity' }).click();
      await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 10_000 });
      await page.locator('planner-panel [data-show-diff]').click();
      const added = await page.locator('planner-panel [data-line="added"]').allInnerTexts();
      assert.ok(added.some((l) => l.includes('rviz_default_plugins/LaserScan')), `diff adds the display: ${added.slice(0, 5).join(' | ')}`);
      assert.ok(added.some((l) => /Color Transformer: Intensity/.test(l)), 'diff shows the setting');
      const before = await documentText(page);
      assert.ok(!before.includes('LaserScan'), 'nothing applied yet');
      await screenshot('desk-plan-diff');

      await page.locator('planner-panel [data-apply]').click();
      const row = page.locator('displays-panel li[data-change="added"]');
      await row.first().waitFor({ timeout: 5_000 });
      assert.match(await row.first().getAttribute('data-display') ?? '', /LaserScan/);
      const after = await documentText(page);
      assert.ok(after.includes('rviz_default_plugins/LaserScan'), 'applied');
      await screenshot('desk-applied-highlight');
    } finally {
      await sim.close();
    }
  },
};

/** The control for the kiosk's pinch check: on the desk (zoom allowed) the same pinch does zoom the page. */
export const deskPinchCase: E2eCase = {
  name: 'desk: a pinch zooms the desk page (control for the kiosk pinch check)',
  context: touch800,
  async run({ page, open }) {
    await open('empty');
    await page.locator('planner-panel').waitFor();
    // Over the top bar: the desk's live view takes pinch for its own zoom, like the kiosk's, and may sit mid-screen.
    const scale = await pinchScale(page, { x: (page.viewportSize()!.width) / 2, y: 12 });
    assert.ok(scale > 1.2, `the desk zooms: scale ${scale}`);
  },
};
