import assert from 'node:assert/strict';
import type { E2eCase } from './harness.ts';

/** Request → checklist → untick one → apply → document changed → undo → original. */
export const plannerCase: E2eCase = {
  name: 'planner: request, untick one action, apply, then undo restores the document',
  async run({ page, open, screenshot }) {
    await open('turtlebot_nav');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.locator('robot-topics [data-topic="/scan"]').waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Displays' }).click();
    const displaysBefore = await page.locator('displays-panel [data-display]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    const frameBefore = (await page.locator('displays-panel [data-fixed-frame]').textContent())?.trim();

    await page.locator('planner-panel textarea').fill('show the odometry as axes, fixed frame odom');
    await page.locator('planner-panel button[type=submit]').click();
    const checklist = page.locator('planner-panel [data-checklist] li');
    await checklist.first().waitFor({ timeout: 15_000 });
    const kinds = await checklist.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    assert.ok(kinds.includes('add_display'), `plan adds a display: ${kinds.join(', ')}`);
    assert.ok(kinds.includes('set_fixed_frame'), `plan sets the fixed frame: ${kinds.join(', ')}`);
    await screenshot('planner-checklist');

    // Untick the fixed frame change, apply the rest.
    await page.locator('planner-panel li[data-action="set_fixed_frame"] input[type=checkbox]').uncheck();
    await page.locator('planner-panel [data-apply]').click();
    await page.locator('planner-panel [data-applied]').waitFor({ timeout: 5_000 });
    const displaysAfter = await page.locator('displays-panel [data-display]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    assert.equal(displaysAfter.length, displaysBefore.length + 1, `one display added: ${displaysAfter.join(', ')}`);
    assert.equal((await page.locator('displays-panel [data-fixed-frame]').textContent())?.trim(), frameBefore, 'the unticked fixed frame change was not applied');
    await screenshot('planner-applied');

    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction((n) => document.querySelector('companion-app')?.shadowRoot
      ?.querySelector('displays-panel')?.shadowRoot?.querySelectorAll('[data-display]').length === n, displaysBefore.length);
    const displaysUndone = await page.locator('displays-panel [data-display]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    assert.deepEqual(displaysUndone, displaysBefore);
  },
};
