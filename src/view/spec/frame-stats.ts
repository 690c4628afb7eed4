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

/**
 * The least time (ms) between two rendered frames at `frameRate` (the document's Frame Rate; RViz's default 30 when
 * missing or not positive), less 3 ms so a 60 Hz display's jittery frames still give every other one at 30.
 */
export function minFrameInterval(frameRate: number | undefined): number {
  const rate = frameRate !== undefined && Number.isFinite(frameRate) && frameRate > 0 ? frameRate : 30;
  return Math.max(0, 1000 / rate - 3);
}
