/**
 * The robot-side bridge's config loader, seen from the link: follows `/rviz_companion/rviz_config_status` (latched, so
 * the last status arrives on connect), keeps what it says about the bridge's mode, publishes a whole .rviz on
 * `/rviz_companion/rviz_config` and waits for the next status. Every send settles: a status, a timeout, superseded by
 * a newer send, or not sent (with the reason). A status that does not parse is a problem, never a crash.
 */
import type { Problem } from '../core/graph/types.ts';
import type { SendOutcome } from '../core/bridge/messages.ts';
import { modeEvidence } from '../core/bridge/state.ts';
import {
  bridgeConfigStatusTopic, bridgeConfigTopic, bridgeStringType, parseBridgeStatus, sameStatus, type BridgeStatus,
} from '../core/bridge/status.ts';
import { isLinkError } from './errors.ts';
import { realTimers, type Timers } from './timers.ts';
import type { RobotLink } from './types.ts';

export interface RvizBridgeOptions {
  timers: Timers;
  /** How long `send` waits for the bridge's status by default (RViz restarting takes a few seconds). */
  timeoutMs: number;
}

export const defaultRvizBridgeOptions: Readonly<RvizBridgeOptions> = Object.freeze({ timers: realTimers, timeoutMs: 15_000 });

export interface RvizBridgeView {
  /** The latest status received on this link (the latched one included). */
  last: BridgeStatus | undefined;
  /** The latest status that tells the bridge's mode (see core/bridge/state.ts). */
  evidence: BridgeStatus | undefined;
  /** Set while the latest status message could not be read. */
  problem: Problem | undefined;
  /** Statuses received so far on this link. */
  received: number;
}

interface Pending {
  settle(outcome: SendOutcome): void;
}

export class RvizBridge {
  private readonly link: RobotLink;
  private readonly opts: RvizBridgeOptions;
  private readonly listeners = new Set<(view: RvizBridgeView) => void>();
  private view: RvizBridgeView = { last: undefined, evidence: undefined, problem: undefined, received: 0 };
  private unsubscribe: (() => void) | undefined;
  private pending: Pending | undefined;

  public constructor(link: RobotLink, options: Partial<RvizBridgeOptions> = {}) {
    this.link = link;
    this.opts = { ...defaultRvizBridgeOptions, ...options };
  }

  /** Starts following the status topic (kept across reconnects by the link). */
  public start(): void {
    this.unsubscribe ??= this.link.subscribe(bridgeConfigStatusTopic, bridgeStringType, (msg: { data?: unknown }) => this.onStatus(msg));
  }

  public stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.pending?.settle({ kind: 'not-sent', reason: 'the companion stopped waiting (robot link closed)' });
  }

  public state(): RvizBridgeView { return this.view; }

  /** Called at once with the current view, then on every status. Returns an unsubscribe function. */
  public onChange(listener: (view: RvizBridgeView) => void): () => void {
    this.listeners.add(listener);
    listener(this.view);
    return () => { this.listeners.delete(listener); };
  }

  /** Whether this link can publish at all (a fake or read-only link may not). */
  public get canPublish(): boolean {
    return typeof this.link.publish === 'function' && this.link.capabilities.includes('publish');
  }

  /**
   * Publishes the whole config and resolves with the bridge's next status. A newer `send` supersedes this one (the
   * bridge reloads only the last of several configs in quick succession).
   *
   * @example const outcome = await bridge.send(documentText, { timeoutMs: 15_000 });
   */
  public send(text: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<SendOutcome> {
    this.start();
    this.pending?.settle({ kind: 'superseded' });
    const publish = this.link.publish?.bind(this.link);
    if (!publish || !this.canPublish) return Promise.resolve({ kind: 'not-sent', reason: 'this robot link cannot publish' });
    const timeoutMs = options.timeoutMs ?? this.opts.timeoutMs;
    const timers = this.opts.timers;
    return new Promise<SendOutcome>((resolve) => {
      let timer: unknown;
      let offState: (() => void) | undefined;
      const onAbort = () => entry.settle({ kind: 'not-sent', reason: 'cancelled' });
      const entry: Pending = {
        settle: (outcome) => {
          if (this.pending !== entry) return;
          this.pending = undefined;
          timers.clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          offState?.();
          resolve(outcome);
        },
      };
      this.pending = entry;
      if (options.signal?.aborted) { onAbort(); return; }
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        publish(bridgeConfigTopic, bridgeStringType, { data: text });
      } catch (err) {
        entry.settle({ kind: 'not-sent', reason: isLinkError(err) ? err.message : String(err) });
        return;
      }
      timer = timers.setTimeout(() => entry.settle({ kind: 'timeout', waitedMs: timeoutMs }), timeoutMs);
      offState = this.link.onState((s) => {
        if (s.presence !== 'connected') entry.settle({ kind: 'lost', reason: `the connection to the robot was lost before the bridge answered (${s.presence})` });
      });
    });
  }

  private onStatus(msg: { data?: unknown }): void {
    const parsed = parseBridgeStatus(msg?.data);
    const received = this.view.received + 1;
    if (!parsed.ok) {
      this.set({ ...this.view, problem: parsed.problem, received });
      return;
    }
    const status = parsed.value;
    // A latched replay (reconnect, a second subscriber) is the same message again, not an answer to a send.
    const replay = sameStatus(status, this.view.last);
    this.set({ last: status, evidence: modeEvidence(this.view.evidence, status), problem: undefined, received });
    if (!replay) this.pending?.settle({ kind: 'status', status });
  }

  private set(view: RvizBridgeView): void {
    this.view = view;
    for (const l of [...this.listeners]) {
      try {
        l(view);
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}
