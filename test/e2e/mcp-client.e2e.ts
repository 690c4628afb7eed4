// Several clients, one robot (issue 24): the browser app is open while a coding agent applies a plan through
// `rviz-companion mcp` (the SDK's own Client over stdio, the real CLI in a child process). The app takes the robot's
// new config as another client's change, and Undo in the app brings its previous document back to the robot.
import assert from 'node:assert/strict';
import { call, stdioClient } from '../unit/mcp/helpers.ts';
import type { E2eCase } from './harness.ts';
import { waitForDocument } from './transitions-app.e2e.ts';

export const mcpClientChangeCase: E2eCase = {
  name: 'mcp: an agent applies a plan while the app is open; the app shows the change and its Undo restores the previous document',
  async run(ctx) {
    const { page, open } = ctx;
    const sim = await open('turtlebot_nav', '&debug=1');
    await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 20_000 });
    const before = sim.bridge!.current()!;
    await waitForDocument(page, before, "the robot's config opens in the app");

    const mcp = await stdioClient(['--url', sim.url]);
    try {
      const plan = await call<{ plan_id: string; items: unknown[] }>(mcp.client, 'plan_display_changes', { request: 'show the lidar coloured by height' });
      assert.ok(plan.items.length > 0, 'the agent got a plan with items');
      const applied = await call<{ bridge: { status: string } }>(mcp.client, 'apply_plan', { plan_id: plan.plan_id });
      assert.equal(applied.bridge.status, 'loaded');
      const agents = sim.bridge!.current()!;
      assert.notEqual(agents, before);

      await page.locator('[data-robot-notice="external-change"]').waitFor({ timeout: 20_000 });
      await waitForDocument(page, agents, "the agent's config in the app");
      assert.match((await page.locator('[data-robot-notice]').textContent()) ?? '', /changed by another client/);
      await ctx.screenshot('mcp-external-change');

      await page.locator('[data-undo-global]').click();
      await waitForDocument(page, before, 'Undo in the app');
      const deadline = Date.now() + 20_000;
      while (sim.bridge!.current() !== before) {
        if (Date.now() > deadline) throw new Error("Undo in the app did not send the previous document to the robot");
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await mcp.close();
    }
  },
};
