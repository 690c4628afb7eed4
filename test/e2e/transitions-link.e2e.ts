// The robot's transitions, as the link lives them (issue 20 item 1): the app open before the robot's rosbridge starts
// (a kiosk's boot) and rosbridge restarted under the open app, against the simulated robot WITH a real server's
// discovery delay (subscriptions made in its first seconds miss the latched samples). Each time, static TF must come
// back and the LaserScan be drawn again; repeated in a loop, with the time until the latched data was back.
import assert from 'node:assert/strict';
import { startSim } from '../../sim/server.ts';
import type { E2eCase } from './harness.ts';
import { freePort } from '../../scripts/robot-layer/layer.ts';

type Page = Parameters<E2eCase['run']>[0]['page'];
type Sim = Awaited<ReturnType<typeof startSim>>;

const TRIALS = Number(process.env.TRANSITION_TRIALS ?? 5);
/** Each recovery must finish within this: backoff (≤ 2 s here), discovery (2 s), a graph poll and a re-subscribe. */
const RECOVERY_TIMEOUT_MS = 20_000;


/** The static frames of turtlebot_nav that only /tf_static carries, down to the lidar's. */
const STATIC_CHILDREN = ['base_link', 'base_scan', 'camera_link', 'imu_link'];

/** TF complete (the static frames listed in the TF tree under their parents) and the LaserScan drawn. */
async function latchedDataBack(page: Page, sim: Sim): Promise<void> {
  // The new server itself sent /tf_static to the app: nothing of an earlier connection can pass for it.
  const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
  while (sim.sent('/tf_static') === 0) {
    if (Date.now() > deadline) throw new Error('the server never delivered /tf_static to the app');
    await page.waitForTimeout(50);
  }
  await page.waitForFunction((children) => {
    const app = document.querySelector('companion-app')?.shadowRoot;
    const tree = app?.querySelector('tf-tree-view')?.shadowRoot;
    if (!tree) return false;
    const frames = children.every((c) => tree.querySelector(`li[data-frame="${c}"]`) !== null);
    const scan = window.rvizCompanion?.viewStats().displays['LaserScan'];
    return frames && scan?.state === 'drawing' && scan.drawn && scan.lastMessageAgeMs !== null && scan.lastMessageAgeMs < 2000;
  }, STATIC_CHILDREN, { timeout: Math.max(1000, deadline - Date.now()), polling: 100 });
}

async function presence(page: Page, states: string[]): Promise<void> {
  await page.locator(states.map((s) => `connection-bar [data-presence="${s}"]`).join(', ')).first().waitFor({ timeout: 15_000 });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
}

/** Boot and restart, TRIALS times each, against one port; prints a table of the times until latched data was back. */
export const transitionsLinkCase: E2eCase = {
  name: 'transitions (link): app open before the robot boots, and rosbridge restarted under it — TF complete and the scan drawn every time',
  async run({ page, appUrl }) {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}`;
    const results: Record<'boot' | 'restart', { ok: number; ms: number[] }> = { boot: { ok: 0, ms: [] }, restart: { ok: 0, ms: [] } };
    let sim: Sim | undefined;
    try {
      for (let trial = 1; trial <= TRIALS; trial++) {
        // Boot: the page first, nobody listening; then the robot comes up with its discovery delay.
        await page.goto(`${appUrl}?url=${encodeURIComponent(url)}&debug=1`);
        await presence(page, ['reconnecting', 'error', 'connecting']);
        let started = Date.now();
        sim = await startSim({ scenario: 'turtlebot_nav', port });
        await latchedDataBack(page, sim);
        results.boot.ms.push(Date.now() - started);
        results.boot.ok++;

        // Restart: rosbridge goes away under the open app and comes back on the same port.
        await sim.close();
        sim = undefined;
        await presence(page, ['reconnecting', 'disconnected']);
        started = Date.now();
        sim = await startSim({ scenario: 'turtlebot_nav', port });
        await latchedDataBack(page, sim);
        results.restart.ms.push(Date.now() - started);
        results.restart.ok++;
        await sim.close();
        sim = undefined;
      }
    } finally {
      await sim?.close();
      console.log('    transition | trials | latched data back | median ms | max ms');
      for (const [name, r] of Object.entries(results)) {
        console.log(`    ${name.padEnd(10)} | ${String(TRIALS).padStart(6)} | ${String(r.ok).padStart(17)} | ${String(r.ms.length ? median(r.ms) : '-').padStart(9)} | ${r.ms.length ? Math.max(...r.ms) : '-'}`);
      }
    }
    assert.equal(results.boot.ok, TRIALS);
    assert.equal(results.restart.ok, TRIALS);
  },
};
