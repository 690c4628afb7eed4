// One snapshot of a simulated robot: start the sim in-process on a free port, connect the real link, wait for TF,
// take the snapshot, shut both down. Shared by the plan command and the planner benchmark.
import type { GraphSnapshot } from '../../src/core/graph/types.ts';
import { createRosbridgeLink } from '../../src/link/index.ts';
import { startSim } from '../../sim/server.ts';

const TF_WAIT_MS = 1500;

export async function snapshotFromUrl(url: string, signal?: AbortSignal, timeoutMs = 10_000): Promise<GraphSnapshot> {
  const link = createRosbridgeLink(url, { probeTimeoutMs: Math.min(5000, timeoutMs) });
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  try {
    await Promise.race([
      link.connect(),
      new Promise((_, reject) => deadline.addEventListener('abort', () => reject(new Error(`no answer from ${url} within ${timeoutMs} ms`)), { once: true })),
    ]);
    let snap = await link.snapshot({ signal: deadline });
    if (snap.topics.some((t) => t.name === '/tf' || t.name === '/tf_static')) {
      const start = Date.now();
      while (Date.now() - start < TF_WAIT_MS && !deadline.aborted) {
        await new Promise((r) => setTimeout(r, 50));
        // Wait until static and dynamic TF both arrived (the tree then has its root).
        const edges = link.tf();
        if (edges.some((e) => e.isStatic) && edges.some((e) => !e.isStatic)) break;
      }
      snap = await link.snapshot({ signal: deadline });
    }
    return snap;
  } finally {
    link.close();
  }
}

/** Start the sim with a scenario, take one snapshot, stop it. */
export async function snapshotFromScenario(scenario: string, signal?: AbortSignal): Promise<GraphSnapshot> {
  const sim = await startSim({ scenario, port: 0 });
  try {
    return await snapshotFromUrl(sim.url, signal);
  } finally {
    await sim.close();
  }
}
