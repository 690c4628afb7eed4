/**
 * Message-rate estimator over a sliding span of time; pure: the caller passes the clock value,
 * so tests and benchmarks control time.
 */
export interface RateOptions {
  /** Only arrivals within this many ms before `now` count. */
  windowMs: number;
  /** Upper bound on remembered arrivals (memory stays bounded on very fast topics). */
  maxSamples: number;
  /** The rate is never taken over less time than this, so a first pair of close arrivals is not read as a huge rate. */
  minSpanMs: number;
}

export const defaultRateOptions: Readonly<RateOptions> = Object.freeze({ windowMs: 5000, maxSamples: 1000, minSpanMs: 1000 });

export class RateEstimator {
  private readonly opts: RateOptions;
  private readonly times: number[] = [];
  private last: number | undefined;

  public constructor(options: Partial<RateOptions> = {}) {
    this.opts = { ...defaultRateOptions, ...options };
    if (!(this.opts.windowMs > 0)) throw new Error(`rate: windowMs must be > 0 (got ${this.opts.windowMs})`);
    if (!(this.opts.minSpanMs >= 0)) throw new Error(`rate: minSpanMs must be >= 0 (got ${this.opts.minSpanMs})`);
    if (!(this.opts.maxSamples >= 2)) throw new Error(`rate: maxSamples must be >= 2 (got ${this.opts.maxSamples})`);
  }

  /** Records one arrival at `now` (ms). */
  public record(now: number): void {
    this.times.push(now);
    this.last = now;
    if (this.times.length > this.opts.maxSamples) this.times.splice(0, this.times.length - this.opts.maxSamples);
  }

  /** Wall-clock ms of the last arrival, if any. */
  public get lastAt(): number | undefined { return this.last; }

  /**
   * Messages per second over the window ending at `now`: (arrivals − 1) / time from the first arrival in the window
   * to `now` (at least `minSpanMs`); 0 when fewer than two arrivals fall in the window (a topic that stopped decays to
   * 0 once its arrivals leave the window). Dividing by the time up to `now`, not by the span of the arrivals, keeps two
   * arrivals close together (a latched message replayed on subscribe, then the next one) from reading as hundreds of
   * Hz; a new topic reads low for its first second instead.
   */
  public rateHz(now: number): number {
    const from = now - this.opts.windowMs;
    let i = 0;
    while (i < this.times.length && this.times[i]! < from) i++;
    if (i > 0) this.times.splice(0, i);
    const n = this.times.length;
    if (n < 2) return 0;
    const arrivals = this.times[n - 1]! - this.times[0]!;
    // A full buffer means a fast topic whose kept arrivals span less than the window: their own span is the measure.
    const span = n >= this.opts.maxSamples ? arrivals : Math.max(now - this.times[0]!, arrivals, this.opts.minSpanMs);
    return span > 0 ? ((n - 1) * 1000) / span : 0;
  }

  public reset(): void {
    this.times.length = 0;
    this.last = undefined;
  }
}
