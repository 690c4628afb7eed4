import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { E2eCase } from './harness.ts';
import type { ViewStats } from '../../src/ui/live-view-debug.ts';

/** turtlebot_nav without its RViz config: the app starts from its default document (Grid, TF), so the scan is new. */
function turtlebotWithoutConfig(): string {
  const scenario = JSON.parse(readFileSync('sim/scenarios/turtlebot_nav.json', 'utf8')) as Record<string, unknown>;
  delete scenario['rvizConfig'];
  const dir = mkdtempSync(join(tmpdir(), 'view-e2e-'));
  const file = join(dir, 'turtlebot_nav.json');
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

type Page = Parameters<E2eCase['run']>[0]['page'];

const stats = (page: Page) => page.evaluate(() => window.rvizCompanion!.viewStats()) as Promise<ViewStats>;

/**
 * Keeps the view's picture as the screen shows it under `slot` in the page (a screenshot of the canvas, decoded at the
 * canvas's own size), and returns how many pixels differ (any channel by more than 40) from those kept under
 * `against`, when given. Reading the canvas back instead would give the render worker's last committed frame, which
 * can lag the screen by many frames.
 */
export async function capture(page: Page, slot: string, against?: string): Promise<number> {
  // The legend, image panels and buttons float over the canvas: hidden for the shot, so only the 3D picture counts.
  await page.evaluate(() => {
    const root = document.querySelector('companion-app')!.shadowRoot!.querySelector('live-view')!.shadowRoot!;
    const style = document.createElement('style');
    style.id = 'e2e-picture-only';
    style.textContent = '* { visibility: hidden !important; } canvas { visibility: visible !important; }';
    root.append(style);
  });
  let png: string;
  try {
    png = (await page.locator('live-view canvas').first().screenshot({ animations: 'disabled' })).toString('base64');
  } finally {
    await page.evaluate(() => document.querySelector('companion-app')!.shadowRoot!.querySelector('live-view')!.shadowRoot!
      .querySelector('#e2e-picture-only')?.remove());
  }
  return page.evaluate(async ([b64, slotName, againstName]) => {
    const canvas = document.querySelector('companion-app')!.shadowRoot!.querySelector('live-view')!.shadowRoot!.querySelector('canvas')!;
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64!), (ch) => ch.charCodeAt(0))], { type: 'image/png' }));
    const c = new OffscreenCanvas(canvas.width, canvas.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0, c.width, c.height);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const store = ((window as unknown as { __viewPixels?: Record<string, Uint8ClampedArray> }).__viewPixels ??= {});
    store[slotName!] = data;
    const other = againstName ? store[againstName] : undefined;
    if (!other || other.length !== data.length) return -1;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - other[i]!) > 40 || Math.abs(data[i + 1]! - other[i + 1]!) > 40 || Math.abs(data[i + 2]! - other[i + 2]!) > 40) n++;
    }
    return n;
  }, [png, slot, against] as const);
}

/** How many pixels that differ between `changedSlot` and `baseSlot` still differ between `nowSlot` and `baseSlot`. */
export function stillChanged(page: Page, nowSlot: string, changedSlot: string, baseSlot: string): Promise<number> {
  return page.evaluate(([now, changed, base]) => {
    const px = (window as unknown as { __viewPixels: Record<string, Uint8ClampedArray> }).__viewPixels;
    const n = px[now]!, c = px[changed]!, b = px[base]!;
    // (No inner named function: tsx would wrap it in a helper the page does not have.)
    let left = 0;
    for (let i = 0; i < b.length; i += 4) {
      let lit = false, still = false;
      for (let k = 0; k < 3; k++) {
        if (Math.abs(c[i + k]! - b[i + k]!) > 40) lit = true;
        if (Math.abs(n[i + k]! - b[i + k]!) > 40) still = true;
      }
      if (lit && still) left++;
    }
    return left;
  }, [nowSlot, changedSlot, baseSlot] as const);
}

/** Mean brightness (0-255) of the picture kept under `slot` by `capture`. */
export function brightnessOf(page: Page, slot: string): Promise<number> {
  return page.evaluate((slotName) => {
    const d = (window as unknown as { __viewPixels: Record<string, Uint8ClampedArray> }).__viewPixels[slotName]!;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
    return sum / (d.length / 4);
  }, slot);
}

/** Captures the picture until `ok(differing pixels)` holds or `timeoutMs` passes; returns the last count. */
export async function captureUntil(page: Page, slot: string, against: string, ok: (n: number) => boolean, timeoutMs = 5_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let n = await capture(page, slot, against);
  while (!ok(n) && Date.now() < deadline) n = await capture(page, slot, against);
  return n;
}

/** Waits until two pictures in a row agree (the view stopped changing), keeping the last under `slot`. */
export async function steadyPicture(page: Page, slot: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Each shot is compared with the one before it; the two slots take turns (one screenshot per round).
  let [last, next] = [slot, `${slot}-next`];
  await capture(page, last);
  while (await capture(page, next, last) !== 0) {
    if (Date.now() > deadline) throw new Error(`the picture did not settle (${slot})`);
    [last, next] = [next, last];
  }
  // `slot` is one of the two, which agree: it holds the settled picture.
}

/** "show the lidar coloured by height" → Apply → the scan is drawn (viewStats and pixels) → Undo → gone. */
export const viewCase: E2eCase = {
  name: 'view: applying "show the lidar coloured by height" draws the scan; undo takes it away',
  async run({ page, open }) {
    const scenarioFile = turtlebotWithoutConfig();
    // About drawing, not start-up: the robot's publishers are known at once (transitions-link.e2e.ts covers start-up).
    const sim = await open(scenarioFile, '&debug=1', { discoveryDelayMs: 0 });
    rmSync(dirname(scenarioFile), { recursive: true, force: true }); // read once by the simulated robot at start
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => window.rvizCompanion?.viewStats().ready === true, undefined, { timeout: 15_000 });
    await page.waitForFunction(() => window.rvizCompanion?.viewStats().displays['TF']?.drawn === true, undefined, { timeout: 10_000 });
    // Hold the robot still so only the scan changes the picture.
    sim.setPaused('/tf', true);
    await steadyPicture(page, 'before');
    assert.ok(!Object.values((await stats(page)).displays).some((d) => d.type === 'LaserScan'), 'no scan display before the plan');

    await page.locator('planner-panel textarea').fill('show the lidar coloured by height');
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 15_000 });
    await page.locator('planner-panel [data-apply]').click();
    await page.waitForFunction(() => Object.values(window.rvizCompanion!.viewStats().displays).some((d) => d.type === 'LaserScan' && d.drawn),
      undefined, { timeout: 10_000 });
    const applied = await stats(page);
    const scan = Object.entries(applied.displays).find(([, d]) => d.type === 'LaserScan')!;
    assert.equal(scan[1].state, 'drawing');
    assert.ok(scan[1].objects > 0, 'scan objects drawn');
    assert.ok(scan[1].lastMessageAgeMs !== null && scan[1].lastMessageAgeMs < 5000, `a recent scan message (${scan[1].lastMessageAgeMs} ms)`);
    const text = await page.evaluate(() => window.rvizCompanion!.documentText());
    assert.match(text, /Color Transformer: AxisColor/);
    const lit = await captureUntil(page, 'after', 'before', (n) => n > 30);
    assert.ok(lit > 30, `the scan lights pixels in the view (${lit} changed)`);

    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction(() => !Object.values(window.rvizCompanion!.viewStats().displays).some((d) => d.type === 'LaserScan'), undefined, { timeout: 5_000 });
    // Of the pixels the scan lit, how many still differ from the picture before it (elsewhere the paused TF may dim).
    let left = lit;
    for (const deadline = Date.now() + 5_000; left >= lit / 5 && Date.now() < deadline;) {
      await capture(page, 'undone');
      left = await stillChanged(page, 'undone', 'after', 'before');
    }
    assert.ok(left < lit / 5, `undo removes the scan from the picture (${left} of the ${lit} pixels it lit still differ)`);
    sim.setPaused('/tf', false);
  },
};

/** The view with turtlebot_nav's own config: every display it can draw draws; screenshots for the README. */
export const viewScreensCase: E2eCase = {
  name: 'view: turtlebot_nav\'s own config draws every display (screenshots on the desk layout and at 1024×600)',
  async run({ page, open, screenshot }) {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open('turtlebot_nav', '&debug=1');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    // Every display drawing and on screen in one reading of the stats (a shader made ready for a new message can take
    // one off the screen for a frame).
    const s = await page.waitForFunction(() => {
      const v = window.rvizCompanion?.viewStats();
      const ok = v?.ready === true && Object.keys(v.displays).length > 10 && Object.values(v.displays).every((d) => d.state === 'drawing' && d.drawn);
      return ok ? v : undefined;
    }, undefined, { timeout: 20_000 }).then((h) => h.jsonValue() as Promise<ViewStats>);
    for (const [name, d] of Object.entries(s.displays)) assert.ok(d.drawn, `${name} (${d.type}) drawn`);
    // The Camera display's panel shows the simulated camera's gradient (drawn by the view's worker into it).
    await page.waitForFunction(() => {
      const canvas = document.querySelector('companion-app')?.shadowRoot?.querySelector('live-view')?.shadowRoot
        ?.querySelector('image-panel')?.shadowRoot?.querySelector('canvas');
      if (!canvas || canvas.width < 2) return false;
      const c = document.createElement('canvas');
      c.width = canvas.width; c.height = canvas.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const shades = new Set<number>();
      for (let i = 0; i < d.length; i += 4) shades.add(d[i]! * 65536 + d[i + 1]! * 256 + d[i + 2]!);
      return shades.size > 20;
    }, undefined, { timeout: 10_000 });
    await page.waitForTimeout(500);
    await screenshot('live-view-desk');
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.waitForTimeout(800);
    await screenshot('live-view-1024x600');

    // A mouse drag orbits the camera (the page forwards it to the view's worker), Reset view returns to the document's view.
    const canvas = page.locator('live-view canvas').first();
    const box = (await canvas.boundingBox())!;
    await capture(page, 'before-drag');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    const dragged = await captureUntil(page, 'after-drag', 'before-drag', (n) => n > box.width * box.height * 0.1);
    assert.ok(dragged > box.width * box.height * 0.1, `the drag turned the view (${dragged} pixels changed)`);
    await page.locator('live-view [data-reset-view]').click();
    const reset = await captureUntil(page, 'after-reset', 'before-drag', (n) => n < dragged / 3);
    assert.ok(reset < dragged / 3, `Reset view restores the document's view (${reset} pixels differ, ${dragged} after the drag)`);
  },
};
