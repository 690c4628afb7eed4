/**
 * One rosbridge connection that reopens itself: each attempt gets a fresh roslib `Ros` (so nothing
 * of a dead socket lingers), failures are retried with capped exponential backoff, and listeners
 * learn about every open and every loss. It knows nothing about topics or rosapi.
 */
import { Ros } from 'roslib';
import type { Timers } from '../timers.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import { guardedTransportFactory, type FrameProblem } from './transport.ts';

export interface ConnectionEvents {
  /** A socket opened; `ros` is usable until `onDown` is called for it. */
  onOpen(ros: Ros): void;
  /** The socket failed to open or closed. `wasOpen` tells which; `reason` is plain text. */
  onDown(info: { wasOpen: boolean; reason: string; retryInMs: number | undefined }): void;
  onFrameProblem(problem: FrameProblem): void;
}

export interface ConnectionOptions {
  backoff: BackoffOptions;
  maxFrameBytes: number;
  timers: Timers;
}

function describeError(event: unknown): string {
  if (event instanceof Error) return event.message;
  if (event && typeof event === 'object') {
    const e = event as { message?: unknown; error?: unknown };
    if (e.error instanceof Error) return e.error.message;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return '';
}

export class RosbridgeConnection {
  private readonly url: string;
  private readonly opts: ConnectionOptions;
  private readonly events: ConnectionEvents;
  private ros: Ros | undefined;
  private retryTimer: unknown;
  private failures = 0;
  private stopped = true;
  private generation = 0;
  private healthyGeneration = -1;
  private dropReason: string | undefined;

  public constructor(url: string, options: ConnectionOptions, events: ConnectionEvents) {
    this.url = url;
    this.opts = options;
    this.events = events;
  }

  public get current(): Ros | undefined { return this.ros; }

  /** The current connection works (rosapi answered): the next loss retries quickly again. */
  public markHealthy(): void {
    this.failures = 0;
    this.healthyGeneration = this.generation;
  }

  /** Closes the current socket as if it had failed (a silent connection): the usual retry follows. */
  public drop(reason: string): void {
    const ros = this.ros;
    if (!ros || this.stopped) return;
    this.dropReason = reason;
    ros.close();
  }

  public start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.failures = 0;
    this.attempt();
  }

  public stop(): void {
    this.stopped = true;
    this.generation++;
    if (this.retryTimer !== undefined) this.opts.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ros = this.ros;
    this.ros = undefined;
    ros?.removeAllListeners();
    ros?.close();
  }

  private attempt(): void {
    const gen = ++this.generation;
    const ros = new Ros({ transportFactory: guardedTransportFactory({
      maxFrameBytes: this.opts.maxFrameBytes,
      onFrameProblem: (p) => { if (gen === this.generation) this.events.onFrameProblem(p); },
    }) });
    let opened = false;
    let lastError = '';
    let down = false;
    const goDown = () => {
      if (down || gen !== this.generation) return;
      down = true;
      ros.removeAllListeners();
      if (this.ros === ros) this.ros = undefined;
      // Only a connection the link vouched for (markHealthy) resets the backoff: a server that accepts
      // and drops us, or never answers rosapi, is retried ever more slowly like an unreachable one.
      const healthy = this.healthyGeneration === gen;
      if (!healthy) this.failures++;
      const retryInMs = this.stopped ? undefined : backoffDelay(healthy ? 0 : this.failures - 1, this.opts.backoff);
      const reason = this.dropReason ?? (lastError || (opened ? 'the connection closed' : 'the connection could not be opened'));
      this.dropReason = undefined;
      if (retryInMs !== undefined) {
        this.retryTimer = this.opts.timers.setTimeout(() => {
          this.retryTimer = undefined;
          if (!this.stopped && gen === this.generation) this.attempt();
        }, retryInMs);
      }
      this.events.onDown({ wasOpen: opened, reason, retryInMs });
    };
    ros.on('connection', () => {
      if (gen !== this.generation) return;
      opened = true;
      this.ros = ros;
      this.events.onOpen(ros);
    });
    ros.on('error', (e) => {
      // While open, decode failures of binary frames also land here; they are not connection errors.
      const text = describeError(e);
      if (text) lastError = text;
      if (opened && text && gen === this.generation) {
        this.events.onFrameProblem(/payload/i.test(text)
          ? { kind: 'oversized', message: `the server sent a frame over twice the ${this.opts.maxFrameBytes}-byte limit (${text}); reconnecting` }
          : { kind: 'not-rosbridge-message', message: `undecodable frame: ${text}` });
      }
    });
    ros.on('close', () => goDown());
    ros.connect(this.url).catch((err: unknown) => {
      lastError = describeError(err) || String(err);
      goDown();
    });
  }
}
