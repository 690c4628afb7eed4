/**
 * Gets latched samples that a subscription missed. A rosbridge server picks a subscription's durability from the
 * publishers it has discovered when the subscription is made: one made while the server (re)starts is volatile and
 * never receives /tf_static, /map or /robot_description (reference real-rosbridge-wheels.md). So a subscribed topic
 * whose publishers are transient local and which has delivered nothing is re-subscribed when its publisher appears in
 * the graph, then with capped backoff until a sample arrives. Pure timing logic over injectable timers.
 *
 * @example
 * const recovery = new LatchedRecovery(timers, defaultRecoveryOptions, { waiting: () => registry.waiting(),
 *   resubscribe: (t) => registry.resubscribe(t) });
 * recovery.onGraph(new Set(['/tf_static', '/map']));   // after every graph poll of this connection
 * recovery.onMessage('/map');                          // on every message
 * recovery.reset();                                    // when the connection changes
 */
import type { Timers } from '../timers.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';

export interface RecoveryOptions extends BackoffOptions {
  /**
   * A subscription younger than this is left alone when its publisher appears: a latched sample (a big map) may be
   * on its way, and re-subscribing would only send it twice. It is retried once it is this old.
   */
  graceMs: number;
}

/** 1 s grace, then re-subscribe after 1, 2, 4, 8 s and every 10 s while nothing arrives. */
export const defaultRecoveryOptions: Readonly<RecoveryOptions> = Object.freeze({ graceMs: 1000, initialMs: 1000, maxMs: 10_000, factor: 2 });

export interface RecoveryTarget {
  /** Subscribed topics that delivered nothing on the current connection, with the wall-clock ms they were subscribed. */
  waiting(): ReadonlyMap<string, number>;
  /** Unsubscribes and subscribes the topic again (a new subscription, so the server chooses its durability anew). */
  resubscribe(topic: string): void;
}

export class LatchedRecovery {
  private readonly retries = new Map<string, { attempt: number; timer: unknown }>();
  /** Topics whose transient-local publishers were in the last graph of this connection. */
  private latched: ReadonlySet<string> = new Set();
  /** How many re-subscriptions were made since the link was created (for tests and the debug hook). */
  public resubscribes = 0;

  public constructor(private readonly timers: Timers, private readonly options: RecoveryOptions, private readonly target: RecoveryTarget) {}

  /** A fresh graph of this connection: `latched` are the topics whose transient-local publishers it lists. */
  public onGraph(latched: ReadonlySet<string>): void {
    const waiting = this.target.waiting();
    const now = this.timers.now();
    for (const [topic, since] of waiting) {
      if (!latched.has(topic)) { this.stop(topic); continue; }
      const appeared = !this.latched.has(topic);
      const age = now - since;
      if (appeared && age >= this.options.graceMs) this.resubscribe(topic, 0);
      else if (!this.retries.has(topic)) this.schedule(topic, 0, Math.max(0, this.options.graceMs - age));
    }
    for (const topic of [...this.retries.keys()]) if (!waiting.has(topic)) this.stop(topic);
    this.latched = latched;
  }

  /** A message arrived: that topic needs nothing more. */
  public onMessage(topic: string): void {
    this.stop(topic);
  }

  /** A new connection (or none): forget the graph and every pending retry. */
  public reset(): void {
    for (const topic of [...this.retries.keys()]) this.stop(topic);
    this.latched = new Set();
  }

  private resubscribe(topic: string, attempt: number): void {
    this.resubscribes++;
    this.target.resubscribe(topic);
    this.schedule(topic, attempt, backoffDelay(attempt, this.options));
  }

  private schedule(topic: string, attempt: number, ms: number): void {
    this.stop(topic);
    const timer = this.timers.setTimeout(() => {
      if (this.retries.get(topic)?.timer !== timer) return;
      this.retries.delete(topic);
      if (!this.latched.has(topic) || !this.target.waiting().has(topic)) return;
      this.resubscribe(topic, attempt + 1);
    }, ms);
    this.retries.set(topic, { attempt, timer });
  }

  private stop(topic: string): void {
    const r = this.retries.get(topic);
    if (!r) return;
    this.timers.clearTimeout(r.timer);
    this.retries.delete(topic);
  }
}
