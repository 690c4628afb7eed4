/** Decode times per kind, kept as the last 256 samples (enough for a p95 over ~25 s at 10 Hz). */
import type { DecodeKindStats, DecodeStats } from './types.ts';

const KEEP = 256;

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export class DecodeTimes {
  private readonly samples = new Map<string, { count: number; recent: number[]; last: number }>();

  public record(kind: string, ms: number): void {
    let s = this.samples.get(kind);
    if (!s) { s = { count: 0, recent: [], last: 0 }; this.samples.set(kind, s); }
    s.count++;
    s.last = ms;
    s.recent.push(ms);
    if (s.recent.length > KEEP) s.recent.shift();
  }

  public stats(): DecodeStats {
    const out: DecodeStats = {};
    for (const [kind, s] of this.samples) {
      const sorted = [...s.recent].sort((a, b) => a - b);
      const k: DecodeKindStats = { count: s.count, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), lastMs: s.last };
      out[kind] = k;
    }
    return out;
  }
}

export const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
