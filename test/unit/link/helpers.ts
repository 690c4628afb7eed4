// Shared helpers of the link tests: wait for a link state, get a free port, poll a condition, close what a test opened.
import { afterEach } from 'vitest';
import type { SimHandle } from '../../../sim/server.ts';
import type { LinkState, RobotLink } from '../../../src/link/types.ts';

/**
 * After each test (of the file, or of the describe it is called in), closes the link and then the simulated robot
 * that `opened()` names, each once: a test that opens none does not close the previous test's again.
 */
export function closeAfterEach(opened: () => { link?: RobotLink | undefined; sim?: SimHandle | undefined }): void {
  const closed = new WeakSet<object>();
  afterEach(async () => {
    const { link, sim } = opened();
    if (link && !closed.has(link)) { closed.add(link); link.close(); }
    if (sim && !closed.has(sim)) { closed.add(sim); await sim.close(); }
  });
}

export function waitForState(link: RobotLink, predicate: (s: LinkState) => boolean, timeoutMs = 5000): Promise<LinkState> {
  return new Promise((resolve, reject) => {
    let unsubscribe: () => void = () => undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`state not reached within ${timeoutMs} ms; last: ${JSON.stringify(link.state())}`));
    }, timeoutMs);
    let done = false;
    unsubscribe = link.onState((s) => {
      if (done || !predicate(s)) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve(s);
    });
  });
}

export async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const v = probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export { freePort } from '../../../scripts/robot-layer/layer.ts';

export const fastBackoff = { initialMs: 50, maxMs: 200, factor: 2 };

/**
 * The simulated server for tests that are not about start-up: every publisher discovered at once. The default is a
 * real robot's 2 s discovery delay (tests of start-up and recovery use it on purpose).
 */
export const discoveredAtOnce = Object.freeze({ discoveryDelayMs: 0 });
