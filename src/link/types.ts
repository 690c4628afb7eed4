/**
 * The one interface through which the app reaches a robot (our "Player", after Lichtblick).
 * Implemented over rosbridge in src/link/rosbridge; fakes implement it for UI tests.
 */
import type { TopicRate } from '../core/graph/snapshot.ts';
import type { GraphSnapshot, Presence, Problem, TfEdge } from '../core/graph/types.ts';
import type { TfTransform } from '../core/graph/tf-tree.ts';
import type { SubscriptionFact } from '../core/diagnosis/types.ts';

/** What a link can do; the UI shows features only when their capability is listed. */
export type LinkCapability = 'subscribe' | 'call-service' | 'tf' | 'rates' | 'qos-bridge' | 'publish' | 'cbor';

export interface LinkState {
  url: string;
  presence: Presence;
  /** Same array object until a problem is added or cleared. */
  problems: readonly Problem[];
  /** The latest snapshot taken, if any (may be older than 15 s). */
  snapshot?: GraphSnapshot;
  /**
   * True while the robot (or its rosbridge) is still starting: after each (re)connect the graph is polled every
   * second until it stops growing (at most 20 s); a snapshot taken meanwhile may lack topics that appear later.
   */
  starting?: boolean;
}

export interface SnapshotRequest {
  /** Ignore the cache (fresh rosapi round-trips). */
  force?: boolean;
  /** Stops waiting for the snapshot (the shared poll itself continues for other callers). */
  signal?: AbortSignal;
  /** While the robot is still starting (`LinkState.starting`), wait at most this long (ms) for its graph to stop growing. */
  settleMs?: number;
}

export interface SubscribeOptions {
  /** Minimum ms between messages, applied by rosbridge (`throttle_rate`). */
  throttleMs?: number;
  /** rosbridge-side queue length (`queue_length`). */
  queueLength?: number;
  /**
   * `cbor`: ask rosbridge to send this topic as CBOR in binary frames (`uint8[]` fields arrive as Uint8Array, numeric
   * arrays as typed arrays) instead of JSON (base64 strings). Subscribers of one topic share one subscription, and
   * any one asking for CBOR makes it CBOR for all (as rosbridge does across clients), so handlers of binary-carrying
   * types must accept both forms. Ignored by links without the `cbor` capability.
   */
  compression?: 'none' | 'cbor';
}

/** What one display needs from one topic (see src/link/display-subscriptions.ts). */
export interface DisplayFeedRequest {
  topic: string;
  /** The message type the display expects (`sensor_msgs/msg/PointCloud2`). */
  type: string;
  /** The document's `Global Options/Frame Rate` (default 30): no more messages a second than the view draws. */
  frameRate?: number;
  /**
   * Every message, in order, unthrottled (a Map's `Update Topic`: a skipped patch would leave stale cells).
   * Default false: the newest message only, the ones superseded while the handler was busy are counted as dropped.
   */
  keepAll?: boolean;
}

/**
 * Receives a feed's messages. Returning a promise (e.g. a decode) marks the handler busy until it settles; messages
 * arriving meanwhile are coalesced to the newest (unless `keepAll`, where they queue in order).
 */
export type FeedHandler<T> = (message: T, receivedAt: number) => void | Promise<unknown>;

export interface DisplayFeedStatus {
  /** Messages handed to the handler. */
  delivered: number;
  /** Messages superseded by a newer one before the handler was free. */
  dropped: number;
  /** Wall-clock ms of the newest message received. */
  lastMessageAt?: number;
  /** How the newest message came over the wire. */
  wire?: 'cbor' | 'json';
  /** The rosbridge options this feed asked for (the topic's shared subscription may be stricter). */
  asked: Required<SubscribeOptions>;
}

export interface DisplayFeed {
  status(): DisplayFeedStatus;
  /** Unsubscribes (the topic's rosbridge subscription ends when its last user leaves). Idempotent. */
  stop(): void;
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
  /**
   * subscribe / unsubscribe operations this link sent to the server since it was created (across reconnects): what
   * display changes, reconnects and latched-sample recovery cost on the wire.
   */
  stats(): { subscribes: number; unsubscribes: number };
  /**
   * Each subscription on the current connection: since when, how many messages, refusals, re-subscriptions. The
   * diagnosis judges NO_DATA from it with the likely cause, also when the server sends no status. Optional.
   */
  subscriptionFacts?(): SubscriptionFact[];
  /** Wall-clock ms of the freshest message on any subscription (across reconnects), when the link tracks it. */
  lastMessageAt?(): number | undefined;
  /**
   * The latest transform per child frame from /tf and /tf_static (the TF buffer behind `tf()`), with a version that
   * changes whenever one arrives. Optional: links without it give the live view no transforms.
   */
  tfTransforms?(): { version: number; transforms: readonly TfTransform[] };
  /**
   * A display's feed of one topic: shares the topic's one subscription, throttled to the Frame Rate, queue_length 1
   * and CBOR for heavy types (clouds, images, maps, scans), newest message only while the handler is busy.
   */
  feed<T = unknown>(request: DisplayFeedRequest, onMessage: FeedHandler<T>): DisplayFeed;
}
