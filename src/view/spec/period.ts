/**
 * The period of a display's messages as it receives them (after rosbridge's throttle and the feed's coalescing): the
 * median of the last few intervals, so one late message does not move it much. Stale data is judged against it
 * (src/core/diagnosis/display-state.ts). Pure.
 */
export class PeriodEstimator {
  private readonly intervals: number[] = [];
  private last: number | undefined;

  public constructor(private readonly keep = 8) {}

  /** A message received at wall-clock `at` (ms). */
  public record(at: number): void {
    if (this.last !== undefined && at > this.last) {
      this.intervals.push(at - this.last);
      if (this.intervals.length > this.keep) this.intervals.shift();
    }
    if (this.last === undefined || at > this.last) this.last = at;
  }

  /** Median interval (ms); undefined before two messages. */
  public get periodMs(): number | undefined {
    if (this.intervals.length === 0) return undefined;
    const sorted = [...this.intervals].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
}
