/** Frame times of the render loop: a ring of the last samples, read as p50/p95 by the debug hook and the bench. */
export class FrameStats {
  private readonly samples: Float64Array;
  private count = 0;
  private next = 0;

  public constructor(capacity = 600) {
    this.samples = new Float64Array(capacity);
  }

  public add(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.samples.length;
    this.count = Math.min(this.count + 1, this.samples.length);
  }

  /** Nearest-rank percentiles over the kept samples; zeros before the first frame. */
  public summary(): { p50: number; p95: number; frames: number } {
    if (this.count === 0) return { p50: 0, p95: 0, frames: 0 };
    const sorted = Array.from(this.samples.subarray(0, this.count)).sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
    return { p50: at(50), p95: at(95), frames: this.count };
  }

  public reset(): void { this.count = 0; this.next = 0; }
}
