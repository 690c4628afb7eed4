/**
 * Notices a connection that stays open but goes silent: once data has been flowing on this connection (some topic
 * delivered two messages within `flowingWithinMs`: a stream such as /tf, not a latched one-shot nor a topic slower
 * than the silence limit), no message at all for `silenceMs` calls `onSilent` once. The link then drops the socket
 * and reconnects. Pure timing logic over injectable timers.
 *
 * @example
 * const dog = new Watchdog({ silenceMs: 8000, timers, onSilent: (info) => connection.drop(`silent for ${info.silentForMs} ms`) });
 * dog.start();                 // on every new connection
 * dog.feed('/tf');             // on every message
 * dog.stop();                  // when the connection goes down or the link closes
 */
import type { Timers } from './timers.ts';

export interface WatchdogOptions {
  /** No message for this long, while data was flowing, means silent. */
  silenceMs: number;
  /** Two messages of one topic this close together show data flows; default a quarter of silenceMs. */
  flowingWithinMs?: number;
  /** How often silence is checked; default a quarter of silenceMs, at most 1 s. */
  checkEveryMs?: number;
}

export const defaultWatchdogOptions: Readonly<WatchdogOptions> = Object.freeze({ silenceMs: 8000 });

export interface SilenceInfo {
  silentForMs: number;
  /** Wall-clock ms of the last message. */
  lastMessageAt: number;
}

export class Watchdog {
  private readonly opts: WatchdogOptions;
  private readonly timers: Timers;
  private readonly onSilent: (info: SilenceInfo) => void;
  private readonly lastByTopic = new Map<string, number>();
  private flowing = false;
  private running = false;
  private timer: unknown;
  private last: number | undefined;

  public constructor(options: Partial<WatchdogOptions> & { timers: Timers; onSilent: (info: SilenceInfo) => void }) {
    this.opts = { ...defaultWatchdogOptions, ...options };
    this.timers = options.timers;
    this.onSilent = options.onSilent;
  }

  /** Wall-clock ms of the freshest message on any connection so far (survives reconnects: "data is N s old"). */
  public get lastMessageAt(): number | undefined { return this.last; }

  /** Whether data has been flowing on this connection (the watchdog is armed). */
  public get armed(): boolean { return this.flowing; }

  /** A new connection: forget what flowed on the old one and start watching (the timer starts once data flows). */
  public start(): void {
    this.stop();
    this.running = true;
  }

  public stop(): void {
    this.running = false;
    this.flowing = false;
    this.lastByTopic.clear();
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  public feed(topic: string): void {
    const now = this.timers.now();
    this.last = now;
    if (!this.running || this.flowing) return;
    const previous = this.lastByTopic.get(topic);
    this.lastByTopic.set(topic, now);
    if (previous !== undefined && now - previous <= (this.opts.flowingWithinMs ?? this.opts.silenceMs / 4)) {
      this.flowing = true;
      this.lastByTopic.clear();
      this.schedule();
    }
  }

  private schedule(): void {
    const every = this.opts.checkEveryMs ?? Math.min(1000, Math.max(50, this.opts.silenceMs / 4));
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (!this.running) return;
      const last = this.last;
      const silentFor = last === undefined ? 0 : this.timers.now() - last;
      if (this.flowing && last !== undefined && silentFor >= this.opts.silenceMs) {
        this.running = false;
        this.flowing = false;
        this.onSilent({ silentForMs: silentFor, lastMessageAt: last });
        return;
      }
      this.schedule();
    }, every);
  }
}
