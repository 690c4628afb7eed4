// Snapshot timing against the simulated robot, in-process: connect, then N forced snapshots per scenario.
import { startSim } from '../../sim/server.ts';
import { createRosbridgeLink } from '../../src/link/index.ts';
import type { PollOptions } from '../../src/link/rosbridge/graph-poller.ts';
import { defaultPollOptions } from '../../src/link/rosbridge/graph-poller.ts';

export interface PerfCase {
  scenario: string;
  strategy: PollOptions['strategy'];
}

export interface PerfRow extends PerfCase {
  topics: number;
  nodes: number;
  runs: number;
  connectMs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** Median of snapshots served from the 15 s cache (assembly only: merge, TF, rates, freeze). */
  cachedMedianMs: number;
}

export const defaultCases: readonly PerfCase[] = [
  { scenario: 'turtlebot_nav', strategy: 'auto' },
  { scenario: 'big_graph', strategy: 'auto' },
  { scenario: 'big_graph', strategy: 'per-topic' },
];

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function measureCase(c: PerfCase, runs = 5): Promise<PerfRow> {
  const sim = await startSim({ scenario: c.scenario, port: 0 });
  const link = createRosbridgeLink(sim.url, { poll: { ...defaultPollOptions, strategy: c.strategy } });
  try {
    const t0 = performance.now();
    await link.connect();
    const connectMs = performance.now() - t0;
    const times: number[] = [];
    let topics = 0;
    let nodes = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const snap = await link.snapshot({ force: true });
      times.push(performance.now() - start);
      topics = snap.topics.length;
      nodes = snap.nodes.length;
    }
    const cached: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await link.snapshot();
      cached.push(performance.now() - start);
    }
    return { ...c, topics, nodes, runs, connectMs, medianMs: median(times), p95Ms: percentile(times, 95),
      minMs: Math.min(...times), maxMs: Math.max(...times), cachedMedianMs: median(cached) };
  } finally {
    link.close();
    await sim.close();
  }
}

export async function measureAll(cases: readonly PerfCase[] = defaultCases, runs = 5): Promise<PerfRow[]> {
  const rows: PerfRow[] = [];
  for (const c of cases) rows.push(await measureCase(c, runs)); // one at a time: they would compete for the CPU
  return rows;
}

export function formatPerfTable(rows: readonly PerfRow[]): string {
  const header = ['scenario', 'strategy', 'topics', 'nodes', 'runs', 'connect ms', 'median ms', 'p95 ms', 'min ms', 'max ms', 'cached ms'];
  const body = rows.map((r) => [r.scenario, r.strategy, String(r.topics), String(r.nodes), String(r.runs),
    r.connectMs.toFixed(1), r.medianMs.toFixed(1), r.p95Ms.toFixed(1), r.minMs.toFixed(1), r.maxMs.toFixed(1), r.cachedMedianMs.toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    'graph snapshot, sim in-process on 127.0.0.1: median/p95/min/max of forced refreshes (rosapi topics, nodes, version,',
    'endpoints; 8 calls in flight); cached = median of snapshots served from the 15 s cache (assembly only)',
    line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line),
  ].join('\n') + '\n';
}
