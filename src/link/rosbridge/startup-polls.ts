/**
 * A fresh graph when it matters: at once on every (re)connect, then every `everyMs` while the robot is starting —
 * until the graph has stopped growing for `stableFor` polls in a row, or `maxMs` have passed. A real rosbridge server
 * discovers the robot's publishers over its first seconds, so a snapshot taken then misses topics. Pure timing
 * logic over injectable timers; `running` is true meanwhile (the link then never serves an older snapshot).
 */
import type { Timers } from '../timers.ts';

export interface StartupOptions {
  everyMs: number;
  /** Polling ends after this long even when the graph keeps changing. */
  maxMs: number;
  /** Polls in a row with the same graph size that end the start-up. */
  stableFor: number;
  /** A topic that delivers while the graph does not list it refreshes the graph at most this often per connection. */
  unlistedRefreshes: number;
}

export const defaultStartupOptions: Readonly<StartupOptions> = Object.freeze({ everyMs: 1000, maxMs: 20_000, stableFor: 3, unlistedRefreshes: 3 });

export interface StartupTarget {
  /** Starts a graph poll; settles when it has been taken (its size reaches `observe`). */
  poll(): Promise<void>;
  /** Start-up began (true) or ended (false). */
  onChange(starting: boolean): void;
}

export class StartupPolls {
  private timer: unknown;
  private startedAt = 0;
  private lastSize: number | undefined;
  private same = 0;
  private generation = 0;
  private active = false;

  public constructor(private readonly timers: Timers, private readonly options: StartupOptions, private readonly target: StartupTarget) {}

  public get running(): boolean { return this.active; }

  /** A connection opened: poll now and keep polling. */
  public start(): void {
    this.stop();
    this.active = true;
    this.startedAt = this.timers.now();
    this.lastSize = undefined;
    this.same = 0;
    const gen = ++this.generation;
    this.target.onChange(true);
    const round = (): void => {
      if (gen !== this.generation) return;
      void this.target.poll().finally(() => {
        if (gen !== this.generation || !this.active) return;
        if (this.timers.now() - this.startedAt >= this.options.maxMs) { this.finish(); return; }
        this.timer = this.timers.setTimeout(round, this.options.everyMs);
      });
    };
    round();
  }

  /** The size of every graph taken on this connection (by these polls or anyone else's). */
  public observe(size: number): void {
    if (!this.active) return;
    this.same = size === this.lastSize ? this.same + 1 : 0;
    this.lastSize = size;
    if (this.same + 1 >= this.options.stableFor && size > 0) this.finish();
  }

  public stop(): void {
    this.generation++;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.active) { this.active = false; this.target.onChange(false); }
  }

  private finish(): void {
    this.stop();
  }
}
