/**
 * The one interface through which the app reaches a robot (our "Player", after Lichtblick).
 * Implemented over rosbridge in src/link/rosbridge; fakes implement it for UI tests.
 */
import type { TopicRate } from '../core/graph/snapshot.ts';
import type { GraphSnapshot, Presence, Problem, TfEdge } from '../core/graph/types.ts';

/** What a link can do; the UI shows features only when their capability is listed. */
export type LinkCapability = 'subscribe' | 'call-service' | 'tf' | 'rates' | 'qos-bridge' | 'publish';

export interface LinkState {
  url: string;
  presence: Presence;
  /** Same array object until a problem is added or cleared. */
  problems: readonly Problem[];
  /** The latest snapshot taken, if any (may be older than 15 s). */
  snapshot?: GraphSnapshot;
}

export interface SnapshotRequest {
  /** Ignore the cache (fresh rosapi round-trips). */
  force?: boolean;
  /** Stops waiting for the snapshot (the shared poll itself continues for other callers). */
  signal?: AbortSignal;
}

export interface SubscribeOptions {
  /** Minimum ms between messages, applied by rosbridge (`throttle_rate`). */
  throttleMs?: number;
  /** rosbridge-side queue length (`queue_length`). */
  queueLength?: number;
}

export interface CallOptions {
  /** Default 10 000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type MessageHandler<T> = (message: T, receivedAt: number) => void;

export interface RobotLink {
  readonly url: string;
  readonly capabilities: readonly LinkCapability[];
  /**
   * Opens the connection. Resolves once connected and rosapi answered; rejects with a LinkError
   * (`invalid-url`, `connection-failed`, `not-rosbridge`, `closed`) when that attempt fails.
   * After a failure (except `invalid-url`) the link keeps retrying with backoff until `close()`;
   * calling `connect()` again then waits for the outcome of the next attempt.
   */
  connect(): Promise<void>;
  /** Stops reconnecting, drops all subscriptions on the wire, rejects pending calls. */
  close(): void;
  state(): LinkState;
  /** Called at once with the current state, then on every change. Returns an unsubscribe function. */
  onState(listener: (state: LinkState) => void): () => void;
  /** The graph snapshot; cached 15 s, cache dropped on reconnect. */
  snapshot(request?: SnapshotRequest): Promise<GraphSnapshot>;
  /** Survives reconnects (re-subscribed automatically). Returns an unsubscribe function. */
  subscribe<T = unknown>(topic: string, type: string, onMessage: MessageHandler<T>, options?: SubscribeOptions): () => void;
  callService<Res = unknown>(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<Res>;
  /** Current TF edges (latest per child frame) from /tf and /tf_static. */
  tf(): TfEdge[];
  /** Starts measuring message rates of these topics; the rates appear in snapshots. Returns a stop function. */
  sampleRates(topics: readonly { name: string; type: string }[]): () => void;
  /** Rates measured so far, by topic. */
  rates(): Record<string, TopicRate>;
  /**
   * Publishes one message (capability `publish`). Throws a LinkError: `not-connected`, or `too-large` when the frame
   * would exceed rosbridge's max_message_size (it would close the connection instead).
   */
  publish?(topic: string, type: string, message: Record<string, unknown>): void;
  /** Wall-clock ms of the freshest message on any subscription (across reconnects), when the link tracks it. */
  lastMessageAt?(): number | undefined;
}
