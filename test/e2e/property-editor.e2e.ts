import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { waitForCurrent, type E2eCase, type Sim } from './harness.ts';
import type { ViewStats } from '../../src/ui/live-view-debug.ts';
import { capture, captureUntil, steadyPicture } from './view.e2e.ts';

// Hand edits against the simulated turtlebot_nav robot (its bridge loads each config after 300 ms, like an RViz restart):
// each edit is drawn, reaches the robot's RViz as the whole document, and undoes byte for byte.

const docText = (page: Page) => page.evaluate(() => window.rvizCompanion!.documentText());
const stats = (page: Page) => page.evaluate(() => window.rvizCompanion!.viewStats()) as Promise<ViewStats>;

/** The simulated robot stands still (every scenario topic paused): only an edit changes the picture. */
function freeze(sim: Sim, paused = true): void {
  for (const t of sim.scenario.topics) sim.setPaused(t.name, paused);
}


/**
 * Resolves when the canvas's pixels (read back each frame, the render worker's committed frame) differ from those at
 * the call by more than `min`, with the page's Date.now() then and when the document text had changed (checked on
 * the same frames).
 * (A string: tsx would name the inner callbacks with a helper the page does not have.)
 */
function redrawnAfter(page: Page, min: number): Promise<{ doc: number; view: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const text = window.rvizCompanion.documentText();
    let doc = 0;
    const canvas = document.querySelector('companion-app').shadowRoot.querySelector('live-view').shadowRoot.querySelector('canvas');
    const c = document.createElement('canvas');
    c.width = canvas.width; c.height = canvas.height;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(canvas, 0, 0);
    const base = ctx.getImageData(0, 0, c.width, c.height).data;
    const check = () => {
      if (!doc && window.rvizCompanion.documentText() !== text) doc = Date.now();
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length && n <= ${min}; i += 16) {
        if (Math.abs(data[i] - base[i]) > 40 || Math.abs(data[i + 1] - base[i + 1]) > 40 || Math.abs(data[i + 2] - base[i + 2]) > 40) n++;
      }
      if (n > ${min}) resolve({ doc: doc || Date.now(), view: Date.now() }); else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`) as Promise<{ doc: number; view: number }>;
}

async function openDesk(page: Page, open: (s: string, q?: string) => Promise<Sim>): Promise<Sim> {
  const sim = await open('turtlebot_nav', '&debug=1');
  await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 15_000 });
  await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 15_000 });
  // The robot's own config was adopted on connect: the document is what RViz runs.
  await page.waitForFunction(() => window.rvizCompanion?.documentText().includes('Class: rviz_default_plugins/LaserScan'), undefined, { timeout: 15_000 });
  await page.waitForFunction(() => window.rvizCompanion?.viewStats().displays['LaserScan']?.drawn === true, undefined, { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Displays' }).click();
  return sim;
}

const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });

async function commitField(page: Page, name: string, value: string): Promise<void> {
  const f = field(page, name);
  await f.fill(value);
  await f.press('Enter');
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };

/** Size (m) of the LaserScan: drawn bigger, RViz runs the document, Undo restores the text byte for byte; timings logged. */
export const editorSizeCase: E2eCase = {
  name: 'editor: LaserScan Size (m) is drawn bigger, reaches RViz, and Undo restores byte-exact (timings: median of 10)',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open }) {
    const sim = await openDesk(page, open);
    await page.getByRole('button', { name: 'Show the properties of LaserScan' }).click();
    await field(page, 'LaserScan › Size (m)').waitFor();
    freeze(sim);
    // The picture without the scan, then with it at the robot config's 0.03 m.
    await field(page, 'LaserScan › Enabled').click();
    await page.waitForFunction(() => window.rvizCompanion!.viewStats().displays['LaserScan']?.drawn !== true, undefined, { timeout: 5_000 });
    await steadyPicture(page, 'noscan');
    sim.setPaused('/scan', false);
    await field(page, 'LaserScan › Enabled').click();
    await page.waitForFunction(() => window.rvizCompanion!.viewStats().displays['LaserScan']?.drawn === true, undefined, { timeout: 10_000 });
    sim.setPaused('/scan', true);
    // The last scan stays drawn while /scan is paused: the picture settles on it.
    await steadyPicture(page, 'small-steady');
    const small = await capture(page, 'small', 'noscan');
    assert.ok(small > 20, `the scan lights pixels (${small})`);
    const before = await docText(page);
    await waitForCurrent(sim, before, 'before the edit');

    await commitField(page, 'LaserScan › Size (m)', '0.12');
    await page.waitForFunction(() => window.rvizCompanion!.documentText().includes('Size (m): 0.12'), undefined, { timeout: 5_000 });
    const edited = await docText(page);
    assert.equal(edited, before.replace('      Size (m): 0.03\n', '      Size (m): 0.12\n'), 'only Size (m) changed');
    const big = await captureUntil(page, 'big', 'noscan', (n) => n > small * 1.5);
    assert.ok(big > small * 1.5, `drawn bigger: ${big} pixels lit at 0.12 m, ${small} at 0.03 m`);
    await waitForCurrent(sim, edited, 'after the edit');
    assert.equal(sim.bridge?.statuses().at(-1)?.action, 'loaded');

    await page.locator('[data-undo-global]').click();
    await page.waitForFunction((t) => window.rvizCompanion!.documentText() === t, before, { timeout: 5_000 });
    assert.equal(await docText(page), before, 'Undo restores the text byte for byte');
    await waitForCurrent(sim, before, 'after Undo');

    // Timings: commit (Enter) → the view redrawn (its pixels changed), and → the robot's bridge says "loaded".
    const toView: number[] = [];
    const toDoc: number[] = [];
    const toRviz: number[] = [];
    for (let i = 0; i < 10; i++) {
      const value = i % 2 === 0 ? '0.2' : '0.03';
      const statuses = sim.bridge!.statuses().length;
      const f = field(page, 'LaserScan › Size (m)');
      await f.fill(value);
      const redrawn = redrawnAfter(page, 40);
      redrawn.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
      const t0 = await page.evaluate(() => Date.now());
      await f.press('Enter');
      const seen = await redrawn;
      toDoc.push(seen.doc - t0);
      toView.push(seen.view - t0);
      const deadline = Date.now() + 10_000;
      while (!(sim.bridge!.statuses().length > statuses && sim.bridge!.statuses().at(-1)!.action === 'loaded')) {
        if (Date.now() > deadline) throw new Error('no "loaded" status from the robot');
        await new Promise((r) => setTimeout(r, 2));
      }
      toRviz.push(Date.now() - t0);
      await waitForCurrent(sim, await docText(page), `timing run ${i}`);
    }
    const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[8];
    console.log(`    edit timings (median of 10): commit → document changed ${median(toDoc).toFixed(0)} ms (p90 ${p90(toDoc)}); `
      + `commit → view redrawn ${median(toView).toFixed(0)} ms (p90 ${p90(toView)}); runs view: ${toView.join(', ')}`);
    console.log(`    edit timings (median of 10): commit → view redrawn ${median(toView).toFixed(0)} ms `
      + `(p90 ${[...toView].sort((a, b) => a - b)[8]} ms); commit → RViz loaded it ${median(toRviz).toFixed(0)} ms `
      + `(bridge load delay 300 ms; runs: ${toRviz.join(', ')})`);
    freeze(sim, false);
  },
};

/** Add display → By topic → /scan: a LaserScan with Best Effort completed from the publisher, drawn. */
export const editorAddByTopicCase: E2eCase = {
  name: 'editor: Add display by topic /scan gives a LaserScan with Best Effort (automatic) that is drawn',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open, screenshot }) {
    const sim = await openDesk(page, open);
    await page.locator('[data-add-display]').click();
    const dialog = page.locator('add-display-dialog dialog');
    await dialog.waitFor();
    await page.locator('add-display-dialog [data-add-topic="/scan"]').waitFor();
    await screenshot('editor-add-by-topic-1400x900');
    await page.getByRole('button', { name: 'Add LaserScan on /scan', exact: true }).click();
    // Whichever comes first, the display added or the dialog's refusal; on a failure, which one the user saw.
    const refusedAlert = page.locator('add-display-dialog [data-add-refused]');
    const outcome = await Promise.race([
      page.waitForFunction(() => window.rvizCompanion!.documentText().includes('Name: LaserScan (2)'), undefined, { timeout: 15_000 }).then(() => 'added'),
      refusedAlert.waitFor({ timeout: 15_000 }).then(async () => `refused: ${await refusedAlert.textContent()}`),
    ].map((p) => p.catch(() => 'nothing within 15 s')));
    assert.equal(outcome, 'added', `Add LaserScan on /scan: ${outcome}; the dialog is ${await dialog.isVisible() ? 'still open' : 'closed'}`);
    const text = await docText(page);
    const added = text.slice(text.indexOf('Name: LaserScan (2)') - 200);
    assert.match(added, /Reliability Policy: Best Effort\n\s+Value: \/scan/);
    assert.match(await page.locator('displays-panel [data-edit-status="auto"]').first().textContent() ?? '', /Automatic: Set Topic\/Reliability Policy = Best Effort/);
    await page.waitForFunction(() => window.rvizCompanion!.viewStats().displays['LaserScan (2)']?.drawn === true, undefined, { timeout: 10_000 });
    assert.equal((await stats(page)).displays['LaserScan (2)']!.state, 'drawing');
    await waitForCurrent(sim, text, 'after Add');
  },
};

/** A Map's Color Scheme, an out-of-range value refused with the document unchanged, and the Background Color. */
export const editorMapAndGlobalCase: E2eCase = {
  name: 'editor: Map Color Scheme changes; Alpha 1.5 is refused with the document unchanged; Background Color changes',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open, screenshot }) {
    const sim = await openDesk(page, open);
    await page.getByRole('button', { name: 'Show the properties of Map' }).click();
    await field(page, 'Map › Color Scheme').selectOption('raw');
    await page.waitForFunction(() => /Color Scheme: raw\n/.test(window.rvizCompanion!.documentText()), undefined, { timeout: 5_000 });
    await waitForCurrent(sim, await docText(page), 'after Color Scheme');

    const before = await docText(page);
    await commitField(page, 'Map › Alpha', '1.5');
    const refused = page.locator('displays-panel property-editor[data-inspector] [data-refused]');
    await refused.waitFor({ timeout: 5_000 });
    assert.match(await refused.textContent() ?? '', /1\.5 is above the maximum 1.*range 0\.\.1/);
    assert.equal(await field(page, 'Map › Alpha').getAttribute('aria-invalid'), 'true');
    assert.equal(await docText(page), before, 'the refused value left the document unchanged');
    await refused.scrollIntoViewIfNeeded();
    await screenshot('editor-refused-1400x900');

    await capture(page, 'grey');
    const bg = field(page, 'Global Options › Background Color');
    await bg.evaluate((el: HTMLInputElement) => { el.value = '#203040'; el.dispatchEvent(new Event('change', { bubbles: true })); });
    await page.waitForFunction(() => window.rvizCompanion!.documentText().includes('Background Color: 32; 48; 64'), undefined, { timeout: 5_000 });
    const changed = await captureUntil(page, 'blue', 'grey', (n) => n > 1000);
    assert.ok(changed > 1000, `the view's background follows (${changed} pixels changed)`);
    await waitForCurrent(sim, await docText(page), 'after Background Color');
  },
};

/** Screenshots of the editor: desk 1400×900 and the kiosk's display sheet at 800×480. */
export const editorScreensCase: E2eCase = {
  name: 'editor: screenshots (desk 1400×900 with the LaserScan editor open, kiosk 800×480 display sheet)',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open, screenshot, browser, appUrl }) {
    const sim = await openDesk(page, open);
    await page.getByRole('button', { name: 'Show the properties of LaserScan' }).click();
    const rel = field(page, 'LaserScan › Topic › Reliability Policy');
    await rel.selectOption('Reliable').catch(() => undefined);
    await rel.evaluate((el: HTMLSelectElement) => { el.value = 'Reliable'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    await page.locator('[data-prop="Topic/Reliability Policy"] [data-verdict="mismatch"]').waitFor({ timeout: 5_000 }).catch(() => undefined);
    await screenshot('editor-desk-1400x900');

    const kioskContext = await browser.newContext({ viewport: { width: 800, height: 480 }, hasTouch: true });
    const kiosk = await kioskContext.newPage();
    try {
      await kiosk.goto(`${appUrl}?url=${encodeURIComponent(sim.url)}&kiosk=1&debug=1`);
      await kiosk.locator('kiosk-screen [data-tile]').first().waitFor({ timeout: 15_000 });
      await kiosk.waitForFunction(() => window.rvizCompanion?.documentText().includes('LaserScan'), undefined, { timeout: 15_000 });
      const tile = kiosk.locator('kiosk-screen [data-tile="lidar"]');
      await tile.waitFor({ timeout: 10_000 });
      await tile.dispatchEvent('contextmenu');
      const sheet = kiosk.locator('display-sheet dialog[open]');
      await sheet.waitFor({ timeout: 5_000 });
      const size = kiosk.getByLabel('LaserScan › Size (m)', { exact: true });
      const box = await size.boundingBox();
      assert.ok(box && box.height >= 48, `kiosk target ≥ 48 px (${box?.height})`);
      await size.fill('0.05');
      await size.press('Enter');
      await kiosk.waitForFunction(() => window.rvizCompanion!.documentText().includes('Size (m): 0.05'), undefined, { timeout: 5_000 });
      await kiosk.screenshot({ path: 'test-results/editor-kiosk-sheet-800x480.png' });
    } finally {
      await kioskContext.close();
    }
  },
};
