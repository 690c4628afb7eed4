import assert from 'node:assert/strict';
import type { E2eCase } from './harness.ts';
import { startSim } from '../../sim/server.ts';

/** The robot goes away mid-session: the app says so plainly, keeps the document, and reconnects by itself. */
export const recoveryCase: E2eCase = {
  name: 'robot killed mid-session: plain message, then automatic reconnect when it returns',
  async run({ page, open }) {
    const sim = await open('turtlebot_nav');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
    await page.locator('robot-topics [data-topic="/scan"]').waitFor({ timeout: 10_000 });
    await sim.close();
    await page.locator('connection-bar [data-presence="reconnecting"], connection-bar [data-presence="disconnected"]').first().waitFor({ timeout: 10_000 });
    const problem = await page.locator('connection-bar [data-problem]').first().textContent({ timeout: 10_000 });
    assert.ok(problem && problem.length > 10, `a plain message while the robot is away: ${problem}`);
    assert.ok(await page.locator('robot-topics [data-topic="/scan"]').count() > 0, 'what was seen stays on screen');
    const back = await startSim({ scenario: 'turtlebot_nav', port: sim.port });
    try {
      await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('connection-bar [data-problem^="link:connection"]').count(), 0, 'the connection problem clears');
    } finally {
      await back.close();
    }
  },
};

/** A URL that is not a WebSocket URL is refused with a message, without trying to connect. */
export const badUrlCase: E2eCase = {
  name: 'a malformed robot URL gets a plain message',
  async run({ page, open }) {
    await open('empty');
    await page.locator('connection-bar input').fill('http//not a url');
    await page.locator('connection-bar button[type=submit]').click();
    const problem = await page.locator('connection-bar [data-problem]').first().textContent({ timeout: 5_000 });
    assert.match(problem ?? '', /not a WebSocket URL/i);
  },
};
