import assert from 'node:assert/strict';
import type { E2eCase } from './harness.ts';

/** The foundation's promise: live topics with their QoS sources and the TF tree of turtlebot_nav. */
export const robotCase: E2eCase = {
  name: 'robot view shows /scan with its QoS and the map → odom → base_link chain',
  async run({ page, open, screenshot }) {
    await open('turtlebot_nav');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    const scanRow = page.locator('robot-topics [data-topic="/scan"]');
    await scanRow.waitFor({ timeout: 10_000 });
    // Until rosbridge has discovered the bridge's QoS topic (staggered like every topic), /scan's QoS is inferred.
    const chip = scanRow.locator('[data-qos-source="reported"]').first();
    await chip.waitFor({ timeout: 15_000 });
    assert.equal(await chip.getAttribute('data-qos-source'), 'reported');
    assert.match((await chip.textContent()) ?? '', /Best Effort/);
    await page.locator('tf-tree-view [data-frame="odom"][data-parent="map"]').waitFor({ timeout: 10_000 });
    // TurtleBot's chain is map → odom → base_footprint → base_link: base_link must sit under odom.
    await page.locator('tf-tree-view [data-frame="odom"][data-parent="map"] [data-frame="base_link"]').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1500); // let rates settle for the screenshot
    await screenshot('robot-view');
  },
};
