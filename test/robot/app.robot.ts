// The built app in Chromium against the real layer: the view draws, plan → Apply → the bridge → Undo, a second app
// adopts the robot's config, and the transitions of issue 20 (rosbridge restarted under the app; app before server).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ViewStats } from '../../src/ui/live-view-debug.ts';
import { waitFor } from '../../scripts/robot-layer/layer.ts';
import type { RobotCase } from './harness.ts';

/** The layer config's displays that draw robot data (scripts/robot-layer/robot.rviz). */
const DRAWN = ['LaserScan', 'Map', 'Cloud', 'RobotModel'];
/** Displays whose data is latched (transient local): delivered once, so only a new subscription can bring it back. */
const LATCHED = ['Map', 'RobotModel'];

const stats = (page: Page): Promise<ViewStats> => page.evaluate(() => window.rvizCompanion!.viewStats());
const documentText = (page: Page): Promise<string> => page.evaluate(() => window.rvizCompanion!.documentText());

async function connected(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout });
}

/** Waits until every display in `names` is drawing and drawn; the message names those that are not, with their state. */
async function drawing(page: Page, names: string[], timeoutMs: number, newerThanMs?: () => number): Promise<ViewStats> {
  let last: ViewStats | undefined;
  const notYet = (): string[] => names.filter((n) => {
    const d = last?.displays[n];
    if (!d || d.state !== 'drawing' || !d.drawn) return true;
    return newerThanMs !== undefined && LATCHED.includes(n) && (d.lastMessageAgeMs === null || d.lastMessageAgeMs > newerThanMs());
  });
  try {
    await waitFor('displays drawing', async () => { last = await stats(page); return notYet().length === 0; }, timeoutMs, 250);
  } catch {
    const why = notYet().map((n) => `${n}: ${JSON.stringify(last?.displays[n] ?? 'absent')}`).join('; ');
    throw new Error(`not drawing within ${timeoutMs} ms: ${why}`);
  }
  return last!;
}

export const viewCase: RobotCase = {
  name: 'view: the app adopts the bridge\'s config and draws scan, map, cloud and robot model from the real robot',
  async run(ctx) {
    const page = await ctx.newPage();
    await connected(page);
    await page.waitForFunction(() => window.rvizCompanion?.documentText().includes('Value: /points'), undefined, { timeout: 20_000 });
    const s = await drawing(page, DRAWN, 30_000);
    assert.ok(s.displays['Cloud']!.objects > 0, 'the cloud has points');
    await page.screenshot({ path: 'test-results/robot-layer-view.png' });
  },
};

export const applyCase: RobotCase = {
  name: 'plan → Apply → the bridge loads it (fake rviz2 restarted with the document) → Undo → loaded again; a second app adopts it',
  async run(ctx) {
    const page = await ctx.newPage();
    await connected(page);
    // "follows" from the bridge's latched status, also when that status is the refusal of the invalid config an earlier
    // case pushed (every status says the bridge's mode).
    await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('rviz-state [data-send-to-rviz]').isChecked(), true, 'Send to RViz is on with a bridge');
    await page.waitForFunction(() => window.rvizCompanion?.documentText().includes('Value: /points'), undefined, { timeout: 20_000 });
    const before = await documentText(page);
    await page.locator('planner-panel textarea').fill('show the odometry as axes, fixed frame odom');
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 30_000 });
    await page.locator('planner-panel [data-apply]').click();
    await page.locator('rviz-state [data-rviz-message="ok"]').filter({ hasText: /^RViz loaded it in \d/ }).waitFor({ timeout: 30_000 });
    await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 10_000 });
    const applied = await documentText(page);
    assert.ok(applied.includes('Fixed Frame: odom') && applied !== before, 'the plan was applied');
    await waitFor('the fake rviz2 to run the applied document', () => ctx.layer.rvizStarts().at(-1)?.config === applied, 15_000);

    // A second app opened now adopts what the robot runs.
    const second = await ctx.newPage();
    await connected(second);
    await second.waitForFunction((t) => window.rvizCompanion?.documentText() === t, applied, { timeout: 20_000 });

    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction((t) => window.rvizCompanion!.documentText() !== t, applied);
    const undone = await documentText(page);
    assert.equal(undone, before, 'Undo restored the document byte for byte');
    await waitFor('the fake rviz2 to run the undone document', () => ctx.layer.rvizStarts().at(-1)?.config === undone, 15_000);
    assert.equal(readFileSync(join(ctx.layer.configDir, 'current.rviz'), 'utf8'), undone);
  },
};

/** How many times the restart and boot cases go through their transition (ROBOT_TRIALS; 1 in `npm test`). */
const TRIALS = Math.max(1, Number(process.env.ROBOT_TRIALS ?? 1));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** One table row: trials, how many got every display drawing again, median and max ms from the server's start. */
function report(name: string, ms: number[]): void {
  if (TRIALS === 1) return;
  console.log(`    ${name.padEnd(8)} | trials ${TRIALS} | drawing again ${ms.length} | median ${median(ms).toFixed(0)} ms | max ${Math.max(...ms).toFixed(0)} ms`);
}

export const restartCase: RobotCase = {
  name: 'rosbridge restarted under the open app: reconnects and the latched map and robot model come back',
  async run(ctx) {
    const page = await ctx.newPage();
    await connected(page);
    await drawing(page, DRAWN, 30_000);
    const ms: number[] = [];
    for (let trial = 1; trial <= TRIALS; trial++) {
      await ctx.layer.stopRosbridge();
      await page.locator('connection-bar [data-presence="reconnecting"], connection-bar [data-presence="disconnected"]').first().waitFor({ timeout: 15_000 });
      await ctx.layer.startRosbridge();
      const back = Date.now();
      await connected(page, 30_000);
      // Map and RobotModel must have been delivered again after the restart (a fresh latched sample), not kept from before.
      await drawing(page, DRAWN, 20_000, () => Date.now() - back);
      ms.push(Date.now() - back);
    }
    report('restart', ms);
  },
};

export const bootCase: RobotCase = {
  name: 'boot: the app opened before rosbridge starts connects and draws the latched map, robot model and scan',
  async run(ctx) {
    const ms: number[] = [];
    for (let trial = 1; trial <= TRIALS; trial++) {
      await ctx.layer.stopRosbridge();
      const page = await ctx.newPage();
      await page.locator('connection-bar [data-presence]:not([data-presence="connected"])').first().waitFor({ timeout: 15_000 });
      await ctx.layer.startRosbridge();
      const started = Date.now();
      await connected(page, 30_000);
      // The robot's config is latched on /rviz_companion/rviz_config_current: adopting it needs that sample.
      await page.waitForFunction(() => window.rvizCompanion?.documentText().includes('Value: /points'), undefined, { timeout: 20_000 })
        .catch(() => { throw new Error('the robot\'s config (latched /rviz_companion/rviz_config_current) was never adopted: its latched sample did not arrive'); });
      await drawing(page, DRAWN, 20_000);
      ms.push(Date.now() - started);
      if (trial < TRIALS) await page.close();
    }
    report('boot', ms);
  },
};
