import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { robotConfigOpen, type E2eCase } from './harness.ts';

/** The Fixed Frame the Displays panel's Global Options editor shows. */
function shownFixedFrame(page: Page): Promise<string> {
  return page.getByLabel('Global Options › Fixed Frame', { exact: true }).inputValue();
}

/** Request → checklist → untick one → apply → document changed → undo → original. */
export const plannerCase: E2eCase = {
  name: 'planner: request, untick one action, apply, then undo restores the document',
  async run({ page, open, screenshot }) {
    const sim = await open('turtlebot_nav', '&debug=1');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.locator('robot-topics [data-topic="/scan"]').waitFor({ timeout: 10_000 });
    await robotConfigOpen(page, sim);
    await page.getByRole('tab', { name: 'Displays' }).click();
    const displaysBefore = await page.locator('displays-panel [data-display]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    const frameBefore = await shownFixedFrame(page);

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
    assert.equal(await shownFixedFrame(page), frameBefore, 'the unticked fixed frame change was not applied');
    await screenshot('planner-applied');

    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction((n) => document.querySelector('companion-app')?.shadowRoot
      ?.querySelector('displays-panel')?.shadowRoot?.querySelectorAll('[data-display]').length === n, displaysBefore.length);
    const displaysUndone = await page.locator('displays-panel [data-display]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    assert.deepEqual(displaysUndone, displaysBefore);
  },
};

/**
 * A word the planner is not sure of ("darker") gives choices, never a change: the plan has no action, a tap on a
 * choice plans that reading like a request, Apply makes it one undo step.
 */
export const plannerChoicesCase: E2eCase = {
  name: 'planner: an unsure word offers choices; a tap plans the reading, applied as one undo step',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open, screenshot }) {
    const sim = await open('turtlebot_nav', '&debug=1');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await robotConfigOpen(page, sim);
    await page.locator('planner-panel textarea').fill('make the map darker');
    await page.locator('planner-panel button[type=submit]').click();
    const choice = page.locator('planner-panel [data-choices] [data-choice]');
    await choice.first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('planner-panel [data-checklist] li').count(), 0, 'an unsure reading is never an action');
    assert.match((await choice.first().textContent()) ?? '', /more transparent/);
    await screenshot('planner-choices-desk');

    const text = (): Promise<string> => page.evaluate(() => (window as unknown as { rvizCompanion: { documentText(): string } }).rvizCompanion.documentText());
    const before = await text();
    await choice.first().click();
    await page.locator('planner-panel [data-checklist] li[data-action="set_property"]').first().waitFor({ timeout: 15_000 });
    await page.locator('planner-panel [data-apply]').click();
    await page.locator('planner-panel [data-applied]').waitFor({ timeout: 5_000 });
    assert.notEqual(await text(), before, 'the picked choice changed the document');
    await page.locator('planner-panel [data-undo]').click();
    await page.waitForFunction((b) => (window as unknown as { rvizCompanion: { documentText(): string } }).rvizCompanion.documentText() === b, before, { timeout: 5_000 });
  },
};

/** The kiosk's Ask drawer shows the same choices as one-tap buttons, and a question hands over to the Help drawer. */
export const kioskChoicesCase: E2eCase = {
  name: 'planner: kiosk Ask drawer shows choices; a question goes to the Help drawer',
  context: { viewport: { width: 800, height: 480 }, hasTouch: true, isMobile: true },
  async run({ page, open, screenshot }) {
    const sim = await open('turtlebot_nav', '&kiosk=1&debug=1');
    await robotConfigOpen(page, sim);
    await page.locator('kiosk-screen [data-drawer-button="planner"]').click();
    await page.locator('planner-panel textarea').fill('set the map alpha to 7');
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-choices] [data-choice]').first().waitFor({ timeout: 15_000 });
    assert.match((await page.locator('planner-panel [data-note]').allTextContents()).join(' '), /0–1 or 0–100 %/);
    await screenshot('planner-choices-kiosk');

    await page.locator('planner-panel textarea').fill('what does the decay time do?');
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-ask]').tap();
    await page.locator('kiosk-screen [data-drawer="assistant"]').waitFor({ timeout: 5_000 });
    await page.locator('assistant-panel .q').first().waitFor({ timeout: 10_000 });
    await screenshot('planner-question-kiosk');
  },
};

/**
 * A request with a part the planner could not use ("background grey 80": the 80) applies nothing: the checklist is
 * empty, the note says what was not used, and the rest of the request is one tap.
 */
export const heldWholeCase: E2eCase = {
  name: 'planner: a request with a number nothing used applies nothing; the rest is one tap',
  context: { viewport: { width: 1400, height: 900 } },
  async run({ page, open, screenshot }) {
    const sim = await open('turtlebot_nav', '&debug=1');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await robotConfigOpen(page, sim);
    await page.locator('planner-panel textarea').fill('fixed frame odom and background grey 80');
    await page.locator('planner-panel button[type=submit]').click();
    const choice = page.locator('planner-panel [data-choices] [data-choice]');
    await choice.first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('planner-panel [data-checklist] li').count(), 0, 'a request with a part not done is never applied in part');
    assert.match((await page.locator('planner-panel [data-note]').allTextContents()).join(' '), /"80" of "background grey 80" was not used: nothing was applied/);
    await screenshot('planner-held-whole-desk');
    await choice.first().click();
    await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 15_000 });
  },
};

/** The same request in the kiosk's Ask drawer at 800×480: nothing applied, the note, the rest as one tap. */
export const heldWholeKioskCase: E2eCase = {
  name: 'planner: kiosk Ask drawer, a request with a number nothing used applies nothing',
  context: { viewport: { width: 800, height: 480 }, hasTouch: true, isMobile: true },
  async run({ page, open, screenshot }) {
    const sim = await open('turtlebot_nav', '&kiosk=1&debug=1');
    await robotConfigOpen(page, sim);
    await page.locator('kiosk-screen [data-drawer-button="planner"]').click();
    await page.locator('planner-panel textarea').fill('fixed frame odom and background grey 80');
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-choices] [data-choice]').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('planner-panel [data-checklist] li').count(), 0, 'nothing applied in part on the kiosk either');
    await screenshot('planner-held-whole-kiosk');
  },
};
