import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { loadScenario, withBridge } from '../../sim/server.ts';
import { documentText, robotConfigOpen, waitForCurrent, type E2eCase } from './harness.ts';

async function plan(page: Page, request: string): Promise<void> {
  await page.locator('planner-panel textarea').fill(request);
  await page.locator('planner-panel button[type=submit]').click();
  await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 15_000 });
}

const scenario = (bridge: Parameters<typeof withBridge>[1]) => {
  const loaded = loadScenario('turtlebot_nav');
  if (!loaded.ok) throw new Error(loaded.reason);
  return withBridge(loaded.scenario, bridge);
};

/** plan → Apply → "RViz loaded it" → Undo → loaded again, with the robot's rviz_config_current equal to the document each time. */
export const bridgeFollowsCase: E2eCase = {
  name: 'bridge: Apply and Undo reach RViz; the robot runs the document each time',
  async run({ page, open, screenshot }) {
    const sim = await open(scenario({ loadDelayMs: 300 }));
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('rviz-state [data-send-to-rviz]').isChecked(), true, 'Send to RViz is on by default with a bridge');
    // The robot's own config was adopted on connect: the document is what RViz runs.
    await page.waitForFunction(() => (document.querySelector('companion-app') as unknown as { documentText(): string } | null)?.documentText().includes('Class: rviz_default_plugins/LaserScan'));
    assert.equal(await documentText(page), sim.bridge?.current());
    const versionsBefore = sim.bridge?.statuses().length ?? 0;

    await plan(page, 'show the odometry as axes, fixed frame odom');
    await page.locator('planner-panel [data-apply]').click();
    await page.locator('rviz-state [data-rviz-message="ok"]').filter({ hasText: /^RViz loaded it in \d/ }).waitFor({ timeout: 10_000 });
    const applied = await documentText(page);
    assert.ok(applied.includes('Fixed Frame: odom'), 'the plan was applied');
    await waitForCurrent(sim, applied, 'after Apply');
    assert.equal(sim.bridge?.statuses().at(-1)?.action, 'loaded');
    await screenshot('rviz-state-follows');

    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction((t) => (document.querySelector('companion-app') as unknown as { documentText(): string }).documentText() !== t, applied);
    const undone = await documentText(page);
    await waitForCurrent(sim, undone, 'after Undo');
    await page.locator('rviz-state [data-rviz-message="ok"]').filter({ hasText: /^RViz loaded it in \d/ }).waitFor({ timeout: 10_000 });
    assert.ok(!undone.includes('Fixed Frame: odom'), 'Undo restored the fixed frame');
    // Exactly one load per edit: the echo on rviz_config_current caused no further sends, and no new undo step.
    await page.waitForTimeout(800);
    assert.equal((sim.bridge?.statuses().length ?? 0) - versionsBefore, 2, `statuses: ${JSON.stringify(sim.bridge?.statuses().map((s) => s.action))}`);
    assert.equal(await page.locator('planner-panel [data-undo]').isDisabled(), true, 'the echo added no undo step');
    assert.equal(await documentText(page), undone);
  },
};

/** A read-only bridge refuses: the document stays as applied, the message says why and what to do, the state says read-only. */
export const bridgeRefusedCase: E2eCase = {
  name: 'bridge: a read-only robot refuses; the document stays as applied',
  async run({ page, open, screenshot }) {
    const sim = await open(scenario({ readOnly: true, loadDelayMs: 300 }));
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.locator('rviz-state [data-rviz-mode]').waitFor({ timeout: 10_000 });
    await robotConfigOpen(page, sim);
    const robotConfig = sim.bridge?.current();
    await plan(page, 'show the odometry as axes, fixed frame odom');
    await page.locator('planner-panel [data-apply]').click();
    const message = page.locator('rviz-state [data-rviz-message="error"]');
    await message.waitFor({ timeout: 10_000 });
    assert.match((await message.textContent()) ?? '', /^The robot refused it: read-only: .*Your document is as applied; nothing was lost\. The bridge is read-only/);
    const doc = await documentText(page);
    assert.ok(doc.includes('Fixed Frame: odom') && doc !== robotConfig, 'the applied change is still in the document');
    assert.equal(sim.bridge?.current(), robotConfig, 'the robot kept its config');
    await page.locator('rviz-state [data-rviz-mode="read-only"]').waitFor({ timeout: 5_000 });
    assert.equal(await page.locator('rviz-state [data-send-to-rviz]').isChecked(), false, 'Send to RViz goes off once the bridge says it is read-only');
    await screenshot('rviz-state-read-only');
  },
};

/** Without the bridge: the top bar says so, with the launch command; Apply works on the document as before. */
export const noBridgeCase: E2eCase = {
  name: 'bridge: without the bridge the top bar says what it would add, and Apply still works',
  async run({ page, open, screenshot }) {
    const sim = await open(scenario(false));
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    const state = page.locator('rviz-state [data-rviz-mode="no-bridge"]');
    await state.waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('rviz-state [data-send-to-rviz]').count(), 0, 'no Send to RViz switch without a bridge');
    await state.locator('summary').click();
    assert.equal((await page.locator('rviz-state [data-launch-command]').textContent())?.trim(), 'ros2 launch rviz_companion_bridge companion.launch.py');
    await screenshot('rviz-state-no-bridge');
    await state.locator('summary').click();
    await plan(page, 'show the odometry as axes, fixed frame odom');
    await page.locator('planner-panel [data-apply]').click();
    await page.locator('planner-panel [data-applied]').waitFor({ timeout: 5_000 });
    assert.ok((await documentText(page)).includes('Fixed Frame: odom'));
    assert.equal(await page.locator('rviz-state [data-rviz-message]').count(), 0, 'nothing claims to have reached RViz');
    assert.equal(sim.bridge, undefined);
  },
};
