// The app at the robot's transitions (issue 20 items 3, 5, 8; issue 24 "several clients, one robot"): another robot at
// the same address, Open over edits, a bad ?url=, a ROS 1 file, and the robot's config changed by another client.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startSim } from '../../sim/server.ts';
import { createRosbridgeLink, RvizBridge } from '../../src/link/index.ts';
import { documentText, type E2eCase, type E2eContext, type Sim } from './harness.ts';

const app = 'companion-app';

export async function waitForDocument(page: Page, expected: string, what: string): Promise<void> {
  try {
    await page.waitForFunction((t) => (window as unknown as { rvizCompanion?: { documentText(): string } }).rvizCompanion?.documentText() === t,
      expected, { timeout: 15_000 });
  } catch {
    const now = await documentText(page);
    throw new Error(`${what}: the document is not the expected one (${now.length} vs ${expected.length} chars)`);
  }
}

async function connected(page: Page): Promise<void> {
  await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 15_000 });
}

/**
 * Plans and applies a request; resolves once applied. A robot that has just started is still being discovered by its
 * rosbridge (~2 s, as a real one): a plan made then says so and may miss its topics ("show the wrench" finds no
 * wrench), so the request is asked again while the plan says the robot is still starting, as that note tells a user to.
 */
async function applyPlan(page: Page, request: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.locator('planner-panel textarea').fill(request);
    await page.locator('planner-panel button[type=submit]').click();
    await page.locator('planner-panel [data-apply]').waitFor({ timeout: 15_000 });
    const notes = await page.locator('planner-panel [data-note]').allTextContents();
    if (!notes.some((n) => n.includes('the robot is still starting'))) break;
    if (Date.now() > deadline) throw new Error(`"${request}": the robot was still starting after 20 s`);
    await page.waitForTimeout(250); // pacing between asks; the condition is the note above
  }
  await page.locator('planner-panel [data-apply]').click();
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Screenshots of one state at desk size and at the kiosk's 800×480, then back to desk size. */
async function shots(ctx: E2eContext, name: string): Promise<void> {
  await ctx.page.setViewportSize({ width: 1400, height: 900 });
  await ctx.screenshot(`${name}-1400x900`);
  await ctx.page.setViewportSize({ width: 800, height: 480 });
  await ctx.screenshot(`${name}-800x480`);
  await assertOneLineTopBar(ctx.page);
  await ctx.page.setViewportSize({ width: 1400, height: 900 });
}

/** The top bar is one line at this width, nothing in it overflows, and no message covers one of its controls. */
async function assertOneLineTopBar(page: Page): Promise<void> {
  const m = await page.evaluate((tag) => {
    const root = document.querySelector(tag)!.shadowRoot!;
    const header = root.querySelector('header')!;
    const controls = [...header.querySelectorAll('button, input, summary, connection-bar, rviz-state')] as HTMLElement[];
    const h = header.getBoundingClientRect();
    const visible = controls.filter((c) => c.getBoundingClientRect().width > 0);
    const tops = new Set(visible.map((c) => Math.round(c.getBoundingClientRect().top / 8)));
    const clipped = visible.filter((c) => c.getBoundingClientRect().right > h.right + 1).map((c) => c.textContent?.trim() || c.tagName);
    return { height: h.height, rows: tops.size, clipped };
  }, app);
  assert.ok(m.height <= 56, `top bar ${m.height} px high`);
  assert.deepEqual(m.clipped, [], 'controls cut off at the right');
}

/**
 * Another scenario on the same port: the view is replaced at once (nothing of the previous robot drawn), the previous
 * document is kept for its robot, the new robot's config opens with a notice, and sending the previous robot's
 * document to the new one asks first, naming both: 0 configs reach the new robot without confirmation.
 */
export const anotherRobotCase: E2eCase = {
  name: 'transitions: another robot on the same port gets its own document; sending the old one asks first',
  async run(ctx) {
    const { page, appUrl } = ctx;
    const first = await startSim({ scenario: 'turtlebot_nav', port: 0 });
    let second: Sim | undefined;
    try {
      await page.goto(`${appUrl}?url=${encodeURIComponent(first.url)}&debug=1`);
      await connected(page);
      await waitForDocument(page, first.bridge!.current()!, "the first robot's config opens");
      await applyPlan(page, 'show the odometry as axes, fixed frame odom');
      await until(() => first.bridge!.current()?.includes('Fixed Frame: odom') === true, 'the edit reached the first robot');
      const firstDocument = await documentText(page);
      await page.evaluate((tag) => { (window as unknown as { oldView: Element }).oldView = document.querySelector(tag)!.shadowRoot!.querySelector('live-view')!; }, app);
      await shots(ctx, 'transitions-first-robot');
      // A plan under review for the first robot, not applied: it must not stay offered for the next one.
      await page.locator('planner-panel textarea').fill('hide the map');
      await page.locator('planner-panel button[type=submit]').click();
      await page.locator('planner-panel [data-checklist] li').first().waitFor({ timeout: 15_000 });

      const port = first.port;
      await first.close();
      second = await startSim({ scenario: 'manipulator', port });
      const started = Date.now();
      const sentBefore = second.bridge!.statuses().length;
      await page.locator('[data-robot-notice="other-robot"]').waitFor({ timeout: 20_000 });
      const noticeMs = Date.now() - started;
      assert.equal(await page.evaluate(() => (window as unknown as { oldView: Element }).oldView.isConnected), false, "the previous robot's view is gone");
      await waitForDocument(page, second.bridge!.current()!, "the new robot's config opens");
      assert.equal(await page.locator('planner-panel [data-checklist]').count(), 0, "the previous robot's plan is no longer offered");
      assert.match((await page.locator('planner-panel [data-plan-message]').textContent()) ?? '', /was for the previous robot/);
      // Figures for the report (E2E_MEASURE=1), never asserted: from the new robot's start to the notice and its config.
      if (process.env.E2E_MEASURE === '1') console.log(`    measure: notice ${noticeMs} ms, config open ${Date.now() - started} ms after the new robot started`);
      const notice = (await page.locator('[data-robot-notice]').textContent()) ?? '';
      assert.match(notice, /Another robot is at this address: the robot at 127\.0\.0\.1:\d+ \(.+\)\. The config its RViz runs is open; the document of the robot at .+ is kept for it\./);
      await shots(ctx, 'transitions-another-robot');

      // The previous robot's document is kept: brought here byte for byte (one undo step, nothing sent).
      await page.locator('[data-use-previous]').click();
      await waitForDocument(page, firstDocument, "the first robot's document, kept");
      await applyPlan(page, 'show the wrench');
      const ask = page.locator('dialog[data-confirm-send]');
      await ask.waitFor({ state: 'visible', timeout: 10_000 });
      const question = (await page.locator('[data-confirm-question]').textContent()) ?? '';
      assert.match(question, /was opened for the robot at 127\.0\.0\.1:\d+ \(.*\/amcl.*\)\. Send it to the robot at 127\.0\.0\.1:\d+ \(.*\)/, question);
      await shots(ctx, 'transitions-confirm-send');
      await page.locator('[data-confirm-no]').click();
      await page.waitForTimeout(500); // a send would take ~300 ms to be answered; nothing may arrive
      assert.equal(second.bridge!.statuses().length - sentBefore, 0, 'configs sent to the new robot without confirmation');
      assert.notEqual(second.bridge!.current(), await documentText(page));

      // Asked again at the next edit; confirmed, it is sent once.
      await page.locator('planner-panel [data-undo]').click();
      await ask.waitFor({ state: 'visible', timeout: 10_000 });
      await page.locator('[data-confirm-yes]').click();
      const sent = await documentText(page);
      await until(() => second!.bridge!.current() === sent, 'the confirmed document reached the new robot');
      assert.equal(second.bridge!.statuses().length - sentBefore, 1);

      // After a reload the document is still the connected robot's.
      await page.reload();
      await connected(page);
      await waitForDocument(page, sent, 'after a reload');
    } finally {
      await first.close();
      await second?.close();
    }
  },
};

/** Open… over an edited document is an undo step: Undo brings the edited text back byte for byte, also after a reload. */
export const openOverEditsCase: E2eCase = {
  name: 'transitions: Open over edits, then Undo brings the edited document back byte for byte',
  async run(ctx) {
    const { page, open } = ctx;
    const sim = await open('turtlebot_nav', '&debug=1');
    await connected(page);
    await page.waitForFunction(() => (window as unknown as { rvizCompanion?: { documentText(): string } }).rvizCompanion?.documentText().includes('Class: rviz_default_plugins/LaserScan'));
    await applyPlan(page, 'show the odometry as axes, fixed frame odom');
    await page.waitForFunction(() => (window as unknown as { rvizCompanion: { documentText(): string } }).rvizCompanion.documentText().includes('Fixed Frame: odom'));
    const edited = await documentText(page);
    const opened = readFileSync('sim/scenarios/qos_traps.rviz', 'utf8');
    await page.locator(`${app} #file`).setInputFiles({ name: 'qos_traps.rviz', mimeType: 'text/yaml', buffer: Buffer.from(opened) });
    await waitForDocument(page, opened, 'the opened file');
    // A reload, then Undo at once, while the robot is identified again and its config arrives.
    await page.reload();
    await page.locator('[data-undo-global]').click();
    await waitForDocument(page, edited, 'Undo after Open and a reload');
    await page.locator('rviz-state [data-rviz-mode="follows"]').waitFor({ timeout: 15_000 });
    await until(() => sim.bridge?.current() === edited, 'the robot runs the edited document');
    await waitForDocument(page, edited, 'the edited document, once the robot was identified and its config seen');
    await shots(ctx, 'transitions-open-undone');
  },
};

/** A ROS 1 config opens converted, with a note saying what changed; never as ROS 2 with `rviz/…` classes. */
export const ros1FileCase: E2eCase = {
  name: 'transitions: a ROS 1 file is converted on opening, with a note',
  async run(ctx) {
    const { page, open } = ctx;
    const file = '/work/shared/rviz-corpus/husky__husky__husky_viz_rviz_robot.rviz';
    const text = existsSync(file) ? readFileSync(file, 'utf8')
      : 'Panels:\n  - Class: rviz/Displays\n    Name: Displays\nVisualization Manager:\n  Class: ""\n  Displays:\n    - Class: rviz/Grid\n      Name: Grid\n      Enabled: true\n  Global Options:\n    Fixed Frame: odom\n';
    await open('turtlebot_nav', '&debug=1');
    await connected(page);
    await page.locator(`${app} #file`).setInputFiles({ name: 'robot.rviz', mimeType: 'text/yaml', buffer: Buffer.from(text) });
    const note = page.locator('[data-status-message]');
    await note.filter({ hasText: 'is a ROS 1 config: converted for RViz2' }).waitFor({ timeout: 10_000 });
    assert.match((await note.textContent()) ?? '', /robot\.rviz is a ROS 1 config: converted for RViz2 \(\d+ changes?: rviz\/\w+ → rviz_/);
    const doc = await documentText(page);
    assert.ok(!/Class: rviz\//.test(doc), 'no ROS 1 class left in the opened document');
    await shots(ctx, 'transitions-ros1-converted');
  },
};

/** A ?url= that never connects does not replace the robot that worked. */
export const badQueryUrlCase: E2eCase = {
  name: 'transitions: a bad ?url= keeps the remembered robot',
  async run(ctx) {
    const { page, open, appUrl } = ctx;
    const sim = await open('turtlebot_nav');
    await connected(page);
    await until(async () => (await page.evaluate(() => localStorage.getItem('rviz-companion.robot-url'))) === sim.url, 'the working URL is remembered');
    await page.goto(`${appUrl}?url=${encodeURIComponent('ws://127.0.0.1:1')}`);
    await page.locator('connection-bar [data-problem]').first().waitFor({ timeout: 15_000 });
    await shots(ctx, 'transitions-bad-url');
    assert.equal(await page.evaluate(() => localStorage.getItem('rviz-companion.robot-url')), sim.url);
    await page.goto(appUrl);
    await connected(page);
    assert.equal(await page.locator('connection-bar input').inputValue(), sim.url);
  },
};

/**
 * Several clients, one robot: a config sent by another client (roslib in Node, as `rviz-companion push` does) is an
 * external change: a notice, one undo step, and Undo brings the app's document back.
 */
export const externalChangeCase: E2eCase = {
  name: "transitions: another client changes the robot's config; one undo step brings ours back",
  async run(ctx) {
    const { page, open } = ctx;
    const sim = await open('turtlebot_nav', '&debug=1');
    await connected(page);
    await waitForDocument(page, sim.bridge!.current()!, "the robot's config opens");
    await applyPlan(page, 'show the odometry as axes, fixed frame odom');
    await until(() => sim.bridge!.current()?.includes('Fixed Frame: odom') === true, 'our edit reached the robot');
    const ours = await documentText(page);

    const theirs = readFileSync('sim/scenarios/qos_traps.rviz', 'utf8');
    const other = createRosbridgeLink(sim.url);
    try {
      await other.connect();
      const bridge = new RvizBridge(other);
      bridge.start();
      const outcome = await bridge.send(theirs);
      assert.equal(outcome.kind === 'status' && outcome.status.action, 'loaded');
      bridge.stop();
    } finally {
      other.close();
    }
    await page.locator('[data-robot-notice="external-change"]').waitFor({ timeout: 15_000 });
    await waitForDocument(page, theirs, "the other client's config");
    assert.match((await page.locator('[data-robot-notice]').textContent()) ?? '', /was changed by another client; it is open now\. Undo brings your previous document back\./);
    await shots(ctx, 'transitions-external-change');
    const statuses = sim.bridge!.statuses().length;
    await page.locator('[data-undo-global]').click();
    await waitForDocument(page, ours, 'Undo after the external change');
    await until(() => sim.bridge!.current() === ours, 'Undo sent our document back to the robot');
    assert.equal(sim.bridge!.statuses().length - statuses, 1, 'one config sent by Undo');
  },
};

/** The kiosk at 800×480: another robot at the address is said under the top bar, with "Use its document here" (≥ 48 px). */
export const anotherRobotKioskCase: E2eCase = {
  name: 'transitions: the kiosk says another robot is here, and "Use its document here" brings the previous one back',
  context: { viewport: { width: 800, height: 480 }, hasTouch: true },
  async run(ctx) {
    const { page, appUrl } = ctx;
    const first = await startSim({ scenario: 'turtlebot_nav', port: 0 });
    let second: Sim | undefined;
    try {
      await page.goto(`${appUrl}?url=${encodeURIComponent(first.url)}&kiosk=1&debug=1`);
      await page.locator('kiosk-screen [data-robot-state="connected"]').waitFor({ timeout: 15_000 });
      const firstDocument = first.bridge!.current()!;
      await waitForDocument(page, firstDocument, "the first robot's config opens");
      const port = first.port;
      await first.close();
      second = await startSim({ scenario: 'manipulator', port });
      const notice = page.locator('kiosk-screen [data-robot-notice="other-robot"]');
      await notice.waitFor({ timeout: 20_000 });
      await waitForDocument(page, second.bridge!.current()!, "the new robot's config opens");
      const use = notice.locator('[data-use-previous]');
      const box = (await use.boundingBox())!;
      assert.ok(box.height >= 48 && box.width >= 48, `the button is a touch target (${box.width}×${box.height} px)`);
      await ctx.screenshot('transitions-another-robot-kiosk-800x480');
      await use.tap();
      await waitForDocument(page, firstDocument, "the first robot's document, kept");
      assert.equal(await notice.count(), 0, 'the notice is gone once answered');
    } finally {
      await first.close();
      await second?.close();
    }
  },
};

export const transitionsAppCases = [anotherRobotCase, anotherRobotKioskCase, openOverEditsCase, ros1FileCase, badQueryUrlCase, externalChangeCase];
