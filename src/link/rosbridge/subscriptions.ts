/**
 * The subscriptions the app wants, independent of any one connection. Entries for the same topic
 * share one rosbridge subscription (rosbridge sends each message once per client and topic), with
 * the smallest throttle and the largest queue any entry asked for. Everything is re-subscribed on
 * every new `Ros`; a handler that throws is reported, not fatal.
 */
import { Topic, type Ros } from 'roslib';
import type { Timers } from '../timers.ts';
import type { MessageHandler, SubscribeOptions } from '../types.ts';
import type { SubscriptionFact } from '../../core/diagnosis/types.ts';

interface Entry {
  type: string;
  options: SubscribeOptions;
  handler: MessageHandler<unknown>;
}

interface Group {
  name: string;
  entries: Set<Entry>;
  wire?: { topic: Topic; throttleMs: number; queueLength: number; compression: 'none' | 'cbor'; type: string; statusEvent?: string; onStatus?: (m: unknown) => void;
    /** Wall-clock ms the subscribe frame was sent. */
    since: number };
  /** Whether rosbridge complained about this subscription (cleared by the first message). */
  complained?: boolean;
  /** What rosbridge said when it complained. */
  complaint?: string;
  /** On the current connection: first subscribe (wall-clock ms), messages received, latched-sample re-subscriptions. */
  connection?: { since: number; received: number; resubscribes: number };
  /**
   * The newest message on the current wire. rosbridge sends a latched topic's message once per subscription, so a
   * handler joining a subscription that already exists (the live view after the diagnosis sampler) gets it from here.
   */
  last?: { message: unknown; at: number };
}

/** Called when rosbridge answers a subscribe with a status message (e.g. a type mismatch), or `undefined` once messages flow. */
export type SubscribeStatusListener = (topic: string, status: { level: string; message: string } | undefined) => void;

export class SubscriptionRegistry {
  private readonly timers: Timers;
  private readonly onHandlerError: (topic: string, err: unknown) => void;
  private readonly onStatus: SubscribeStatusListener;
  private readonly onAnyMessage: (topic: string) => void;
  private readonly groups = new Map<string, Group>();
  private ros: Ros | undefined;
  /** subscribe / unsubscribe frames sent since the registry was created (the link's `stats()`). */
  public readonly sent = { subscribes: 0, unsubscribes: 0 };

  public constructor(timers: Timers, onHandlerError: (topic: string, err: unknown) => void,
    onStatus: SubscribeStatusListener = () => undefined, onAnyMessage: (topic: string) => void = () => undefined) {
    this.timers = timers;
    this.onHandlerError = onHandlerError;
    this.onStatus = onStatus;
    this.onAnyMessage = onAnyMessage;
  }

  /** Topics with at least one subscriber. */
  public topics(): string[] { return [...this.groups.keys()]; }

  public add<T>(topic: string, type: string, handler: MessageHandler<T>, options: SubscribeOptions = {}): () => void {
    const entry: Entry = { type, options, handler: handler as MessageHandler<unknown> };
    let group = this.groups.get(topic);
    if (!group) {
      group = { name: topic, entries: new Set() };
      this.groups.set(topic, group);
    }
    group.entries.add(entry);
    const wireBefore = group.wire;
    this.sync(group);
    const g = group;
    if (wireBefore && g.wire === wireBefore && g.last) {
      const last = g.last;
      queueMicrotask(() => {
        if (!g.entries.has(entry)) return;
        try { entry.handler(last.message, last.at); } catch (err) { this.onHandlerError(g.name, err); }
      });
    }
    return () => {
      if (!g.entries.delete(entry)) return;
      if (g.entries.size === 0) {
        this.unwire(g);
        this.groups.delete(g.name);
      } else {
        this.sync(g);
      }
    };
  }

  /** Subscribed topics that delivered nothing on the current connection, with the wall-clock ms they were subscribed. */
  public waiting(): Map<string, number> {
    const out = new Map<string, number>();
    for (const g of this.groups.values()) if (g.wire && !g.last) out.set(g.name, g.wire.since);
    return out;
  }

  /** A new subscription for the topic on the current connection (the server chooses its durability anew). */
  public resubscribe(topic: string): void {
    const group = this.groups.get(topic);
    if (!group?.wire || !this.ros) return;
    this.unwire(group);
    this.sync(group);
    if (group.connection) group.connection.resubscribes++;
  }

  /** Each subscription on the current connection, as the diagnosis reads it (NO_DATA with its likely cause). */
  public facts(): SubscriptionFact[] {
    const out: SubscriptionFact[] = [];
    for (const g of this.groups.values()) {
      if (!g.wire || !g.connection) continue;
      const fact: SubscriptionFact = { topic: g.name, type: g.wire.type, since: g.connection.since, received: g.connection.received,
        throttleMs: g.wire.throttleMs, resubscribes: g.connection.resubscribes };
      if (g.complained && g.complaint) fact.refused = g.complaint;
      out.push(fact);
    }
    return out;
  }

  /** A new connection opened: subscribe everything on it. */
  public attach(ros: Ros): void {
    this.ros = ros;
    for (const g of this.groups.values()) { delete g.wire; delete g.connection; this.sync(g); }
  }

  /** The connection is gone: forget its Topic objects (nothing can be sent on it). */
  public detach(): void {
    this.ros = undefined;
    for (const g of this.groups.values()) {
      g.wire?.topic.removeAllListeners();
      delete g.wire;
      delete g.last;
      delete g.connection;
    }
  }

  /** Unsubscribes everything on the wire and forgets all entries. */
  public clear(): void {
    for (const g of this.groups.values()) this.unwire(g);
    this.groups.clear();
  }

  private sync(group: Group): void {
    if (!this.ros) return;
    const entries = [...group.entries];
    const throttleMs = Math.min(...entries.map((e) => e.options.throttleMs ?? 0));
    const queueLength = Math.max(...entries.map((e) => e.options.queueLength ?? 0));
    // As rosbridge does across clients: one subscriber asking for CBOR makes the topic CBOR for all.
    const compression = entries.some((e) => e.options.compression === 'cbor') ? 'cbor' : 'none';
    const type = entries.find((e) => e.type)?.type ?? '';
    const w = group.wire;
    if (w && w.throttleMs === throttleMs && w.queueLength === queueLength && w.compression === compression) return;
    this.unwire(group);
    const topic = new Topic<unknown>({
      ros: this.ros, name: group.name, messageType: type,
      throttle_rate: throttleMs, queue_length: queueLength, compression, reconnect_on_close: false,
    });
    topic.subscribe((msg) => {
      if (group.complained) { group.complained = false; this.onStatus(group.name, undefined); }
      if (group.connection) group.connection.received++;
      this.onAnyMessage(group.name);
      const now = this.timers.now();
      group.last = { message: msg, at: now };
      for (const e of [...group.entries]) {
        try {
          e.handler(msg, now);
        } catch (err) {
          this.onHandlerError(group.name, err);
        }
      }
    });
    group.wire = { topic, throttleMs, queueLength, compression, type, since: this.timers.now() };
    group.connection ??= { since: group.wire.since, received: 0, resubscribes: 0 };
    this.sent.subscribes++;
    if (topic.subscribeId) {
      // rosbridge answers a refused subscribe with a status message carrying the subscribe id.
      const statusEvent = `status:${topic.subscribeId}`;
      const onStatus = (m: unknown) => {
        const st = m as { level?: unknown; msg?: unknown };
        if (st.level !== 'error' && st.level !== 'warning') return;
        group.complained = true;
        group.complaint = typeof st.msg === 'string' ? st.msg : JSON.stringify(st.msg);
        this.onStatus(group.name, { level: String(st.level), message: typeof st.msg === 'string' ? st.msg : JSON.stringify(st.msg) });
      };
      this.ros.on(statusEvent, onStatus);
      group.wire.statusEvent = statusEvent;
      group.wire.onStatus = onStatus;
    }
  }

  private unwire(group: Group): void {
    const w = group.wire;
    if (!w) return;
    delete group.wire;
    delete group.last;
    if (w.statusEvent && w.onStatus) this.ros?.off(w.statusEvent, w.onStatus);
    if (group.complained) { group.complained = false; this.onStatus(group.name, undefined); }
    try {
      if (this.ros?.isConnected) { w.topic.unsubscribe(); this.sent.unsubscribes++; } else w.topic.removeAllListeners();
    } catch {
      // The socket may be closing; there is nothing left to unsubscribe from then.
    }
  }
}
