/**
 * RobotLink over rosbridge v2 (roslib). Composes the parts, each in its own file: connection with
 * reconnect (connection.ts), guarded transport (transport.ts), service calls that always settle
 * (service-call.ts), typed rosapi (rosapi.ts), the graph poll (graph-poller.ts) and the subscription
 * registry (subscriptions.ts). TF, the QoS bridge topic and rate sampling are plain subscriptions.
 */
import { Topic, type Ros } from 'roslib';
import { bridgeQosTopic, bridgeQosType, parseBridgeQos, type BridgeQos } from '../../core/graph/bridge-qos.ts';
import { bridgeConfigCurrentTopic, bridgeConfigStatusTopic } from '../../core/bridge/status.ts';
import { ProblemStore } from '../../core/graph/problem-store.ts';
import { RateEstimator } from '../../core/graph/rate.ts';
import { buildSnapshot, type RosapiGraph, type TopicRate } from '../../core/graph/snapshot.ts';
import { inferPublisherQos } from '../../core/graph/qos-inference.ts';
import { TfBuffer, type TfTransform } from '../../core/graph/tf-tree.ts';
import type { GraphSnapshot, Presence, Problem, TfEdge } from '../../core/graph/types.ts';
import { LinkError, isLinkError } from '../errors.ts';
import type { SubscriptionFact } from '../../core/diagnosis/types.ts';
import { realTimers, type Timers } from '../timers.ts';
import type { CallOptions, DisplayFeed, DisplayFeedRequest, FeedHandler, LinkCapability, LinkState, MessageHandler, RobotLink, SnapshotRequest,
  SubscribeOptions } from '../types.ts';
import { openDisplayFeed } from '../display-subscriptions.ts';
import { checkRobotUrl } from '../url.ts';
import { defaultBackoff, type BackoffOptions } from './backoff.ts';
import { RosbridgeConnection } from './connection.ts';
import { defaultPollOptions, pollGraph, type PollOptions, type PollResult } from './graph-poller.ts';
import { RosapiClient } from './rosapi.ts';
import { defaultCallTimeoutMs, ServiceCaller } from './service-call.ts';
import { SubscriptionRegistry } from './subscriptions.ts';
import { defaultRecoveryOptions, LatchedRecovery, type RecoveryOptions } from './latched-recovery.ts';
import { StartupPolls, defaultStartupOptions, type StartupOptions } from './startup-polls.ts';
import { defaultMaxFrameBytes, type FrameProblem } from './transport.ts';
import { defaultWatchdogOptions, Watchdog, type WatchdogOptions } from '../watchdog.ts';

export interface RosbridgeLinkOptions {
  backoff: BackoffOptions;
  /** Frames over this size are dropped with a problem. */
  maxFrameBytes: number;
  timers: Timers;
  /** After the socket opens, /rosapi/topics must answer within this; otherwise "not a rosbridge server". */
  probeTimeoutMs: number;
  /** Default timeout of `callService`. */
  callTimeoutMs: number;
  /** How long a graph poll is reused by `snapshot()` without `force`. */
  snapshotTtlMs: number;
  poll: Omit<PollOptions, 'signal'>;
  /** When the bridge topic exists but has not delivered yet, wait this long for it before a snapshot. */
  bridgeWaitMs: number;
  /** A snapshot taking longer than this raises the `graph:slow` problem until it completes. */
  slowAfterMs: number;
  /** Sliding window of the rate sampler. */
  rateWindowMs: number;
  /** A publish frame larger than this (UTF-8 bytes) is refused here: rosbridge's max_message_size would drop the socket. */
  maxPublishBytes: number;
  /** Reconnects a socket that stays open but goes silent while topics were flowing; `false` turns it off. */
  watchdog: Partial<WatchdogOptions> | false;
  /**
   * Ask for CBOR on heavy display feeds. rosbridge_suite has answered `compression: "cbor"` in every ROS 2 release
   * (a server that does not know it sends JSON, which the decoders also take), so it is on unless turned off.
   */
  cbor: boolean;
  /** Re-subscribing latched topics that missed their sample (see latched-recovery.ts). */
  recovery: RecoveryOptions;
  /** The graph polled on its own while the robot starts (see startup-polls.ts). */
  startup: StartupOptions;
}

export const defaultRosbridgeLinkOptions: Readonly<RosbridgeLinkOptions> = Object.freeze({
  backoff: defaultBackoff,
  maxFrameBytes: defaultMaxFrameBytes,
  timers: realTimers,
  probeTimeoutMs: 5000,
  callTimeoutMs: defaultCallTimeoutMs,
  snapshotTtlMs: 15_000,
  poll: defaultPollOptions,
  bridgeWaitMs: 2000,
  slowAfterMs: 5000,
  rateWindowMs: 5000,
  maxPublishBytes: 10_000_000,
  watchdog: defaultWatchdogOptions,
  cbor: true,
  recovery: defaultRecoveryOptions,
  startup: defaultStartupOptions,
});

const tfType = 'tf2_msgs/msg/TFMessage';
/** The companion's bridge node publishes these transient local (DESIGN.md "Bridge topics"), reported or not. */
const bridgeLatchedTopics: ReadonlySet<string> = new Set([bridgeQosTopic, bridgeConfigCurrentTopic, bridgeConfigStatusTopic]);

interface Deferred { promise: Promise<void>; resolve(): void; reject(err: LinkError): void; settled: boolean }

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: LinkError) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  const d: Deferred = {
    promise, settled: false,
    resolve: () => { if (!d.settled) { d.settled = true; resolve(); } },
    reject: (err) => { if (!d.settled) { d.settled = true; reject(err); } },
  };
  promise.catch(() => undefined); // a rejection nobody awaits is still reported through state
  return d;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}

export class RosbridgeLink implements RobotLink {
  public readonly url: string;
  public readonly capabilities: readonly LinkCapability[];
  private readonly opts: RosbridgeLinkOptions;
  private readonly problems = new ProblemStore();
  /** Refused subscriptions noted quietly (nobody published the topic then), with rosbridge's reason: topic → reason. */
  private readonly quietRefusals = new Map<string, string>();
  private readonly listeners = new Set<(s: LinkState) => void>();
  private readonly caller: ServiceCaller;
  private readonly rosapi: RosapiClient;
  private readonly subs: SubscriptionRegistry;
  private readonly tfBuffer = new TfBuffer();
  private readonly rateSamplers = new Map<string, { estimator: RateEstimator; refs: number; stop: () => void }>();
  private connection: RosbridgeConnection | undefined;
  private presence: Presence = 'idle';
  private ros: Ros | undefined;
  private everConnected = false;
  private waiter: Deferred | undefined;
  private bridge: BridgeQos | undefined;
  private bridgeWaiters = new Set<() => void>();
  private bridgeWaited = false;
  private poll: { takenAt: number; result: PollResult } | undefined;
  private inflight: Promise<PollResult> | undefined;
  private epoch = 0;
  private lastSnapshot: GraphSnapshot | undefined;
  private lastState: LinkState | undefined;
  private lastEmitted: LinkState | undefined;
  /** roslib publishers of the current connection, by topic (advertised once per connection). */
  private publishers = new Map<string, Topic<Record<string, unknown>>>();
  private readonly watchdog: Watchdog | undefined;
  private readonly recovery: LatchedRecovery;
  private readonly startup: StartupPolls;
  /** Topics that delivered while the graph did not list them: how many refreshes each caused on this connection. */
  private readonly unlisted = new Map<string, number>();

  public constructor(url: string, options: Partial<RosbridgeLinkOptions> = {}) {
    this.url = url.trim();
    this.opts = { ...defaultRosbridgeLinkOptions, ...options };
    this.capabilities = ['subscribe', 'call-service', 'tf', 'rates', 'qos-bridge', 'publish', ...(this.opts.cbor ? ['cbor' as const] : [])];
    this.caller = new ServiceCaller(this.opts.timers);
    this.rosapi = new RosapiClient((name, args, o) => this.callService(name, args, o ?? {}));
    this.subs = new SubscriptionRegistry(this.opts.timers, (topic, err) => this.setProblem({
      id: `link:handler:${topic}`, severity: 'warning',
      message: `a message handler for ${topic} failed: ${err instanceof Error ? err.message : String(err)}` }),
    (topic, status) => {
      const id = `link:subscribe:${topic}`;
      this.quietRefusals.delete(topic);
      if (!status) { if (this.problems.delete(id)) this.emit(); return; }
      // Refused for a topic nobody publishes (a Map's Update Topic whose message package the robot lacks): nothing is
      // missing, so it is a note, not a red problem; a warning once a publisher appears (escalateRefusals).
      const unpublished = this.unpublished(topic);
      if (unpublished) this.quietRefusals.set(topic, status.message);
      this.setProblem({ id, severity: unpublished ? 'info' : status.level === 'error' ? 'error' : 'warning',
        message: `rosbridge refused the subscription to ${topic}${unpublished ? ' (nobody publishes it)' : ''}: ${status.message}` });
    }, (topic) => this.onAnyMessage(topic));
    this.recovery = new LatchedRecovery(this.opts.timers, this.opts.recovery,
      { waiting: () => this.subs.waiting(), resubscribe: (topic) => this.subs.resubscribe(topic) });
    this.startup = new StartupPolls(this.opts.timers, this.opts.startup, {
      poll: () => this.refreshGraph(),
      // Start-up begins with the connection (whose own state change carries it); its end is a change of its own.
      onChange: (starting) => { if (!starting) { this.wakeSettleWaiters(); this.emit(); } },
    });
    if (this.opts.watchdog !== false) {
      const silenceMs = this.opts.watchdog.silenceMs ?? defaultWatchdogOptions.silenceMs;
      this.watchdog = new Watchdog({ ...this.opts.watchdog, timers: this.opts.timers, onSilent: (info) => {
        this.setProblem({ id: 'link:silent', severity: 'warning',
          message: `no data from ${this.url} for ${seconds(info.silentForMs)} although topics were flowing; reconnecting`,
          tip: 'the network or rosbridge stalled; if this repeats, check the robot\'s Wi-Fi and rosbridge' });
        this.connection?.drop(`silent for ${seconds(info.silentForMs)} (more than ${seconds(silenceMs)})`);
      } });
    }
    this.subs.add('/tf', tfType, (msg: { transforms?: unknown }, at) => { this.tfBuffer.addMessage(msg, false, at); });
    this.subs.add('/tf_static', tfType, (msg: { transforms?: unknown }, at) => { this.tfBuffer.addMessage(msg, true, at); });
    this.subs.add(bridgeQosTopic, bridgeQosType, (msg: { data?: unknown }) => this.queueBridgeMessage(msg));
  }

  // ---- connection ------------------------------------------------------------------------------

  public connect(): Promise<void> {
    const check = checkRobotUrl(this.url);
    if (!check.ok) {
      this.setProblem({ id: 'link:invalid-url', severity: 'error', message: check.reason,
        tip: 'a rosbridge URL looks like ws://ROBOT:9090' });
      this.setPresence('error');
      return Promise.reject(new LinkError('invalid-url', check.reason));
    }
    if (this.connection) {
      // Already running: connected now, or wait for the outcome of the next attempt.
      if (this.presence === 'connected') return Promise.resolve();
      this.waiter ??= deferred();
      return this.waiter.promise;
    }
    const waiter = deferred();
    this.waiter = waiter;
    this.setPresence('connecting');
    this.connection = new RosbridgeConnection(this.url,
      { backoff: this.opts.backoff, maxFrameBytes: this.opts.maxFrameBytes, timers: this.opts.timers },
      {
        onOpen: (ros) => this.onOpen(ros),
        onDown: (info) => this.onDown(info),
        onFrameProblem: (p) => this.onFrameProblem(p),
      });
    this.connection.start();
    return waiter.promise;
  }

  /** Settles whoever waits in `connect()` with the outcome of the latest attempt. */
  private settleWaiter(error?: LinkError): void {
    const w = this.waiter;
    this.waiter = undefined;
    if (!w) return;
    if (error) w.reject(error);
    else w.resolve();
  }

  public close(): void {
    this.watchdog?.stop();
    this.connection?.stop();
    this.connection = undefined;
    this.ros = undefined;
    this.epoch++;
    this.caller.rejectAll(new LinkError('closed', `rosbridge ${this.url}: the link was closed`));
    this.subs.detach();
    for (const s of this.rateSamplers.values()) s.stop();
    this.rateSamplers.clear();
    this.settleWaiter(new LinkError('closed', `rosbridge ${this.url}: the link was closed before it connected`));
    this.poll = undefined;
    this.recovery.reset();
    this.startup.stop();
    this.problems.deletePrefix('link:');
    this.quietRefusals.clear();
    this.setPresence('disconnected');
  }

  private onOpen(ros: Ros): void {
    const epoch = ++this.epoch;
    this.ros = ros;
    this.publishers.clear();
    this.poll = undefined; // the graph may have changed while we were away
    this.bridge = undefined;
    this.bridgeWaited = false;
    this.tfBuffer.clear();
    this.recovery.reset();
    this.unlisted.clear();
    this.subs.attach(ros);
    this.watchdog?.start();
    this.rosapi.topics({ timeoutMs: this.opts.probeTimeoutMs }).then(
      () => {
        if (epoch !== this.epoch) return;
        this.everConnected = true;
        this.connection?.markHealthy();
        this.problems.delete('link:connection-failed');
        this.problems.delete('link:connection-lost');
        this.problems.delete('link:not-rosbridge');
        this.problems.delete('link:no-rosapi');
        this.problems.delete('link:silent');
        // A fresh graph at once, then often while the robot (or its rosbridge) is still discovering its publishers.
        this.startup.start();
        this.setPresence('connected');
        this.settleWaiter();
      },
      (err: unknown) => {
        if (epoch !== this.epoch) return;
        if (isLinkError(err, 'timeout')) {
          const message = `${this.url} is not a rosbridge server (no answer to /rosapi/topics within ${seconds(this.opts.probeTimeoutMs)})`;
          this.setProblem({ id: 'link:not-rosbridge', severity: 'error', message,
            tip: 'start it on the robot: ros2 launch rosbridge_server rosbridge_websocket_launch.xml' });
          this.settleWaiter(new LinkError('not-rosbridge', message));
          this.setPresence('error');
          ros.close(); // retried with backoff: the robot's rosbridge may still be starting
        } else if (isLinkError(err, 'service-failed')) {
          const message = `${this.url} speaks rosbridge but /rosapi/topics failed (${err.message}); is rosapi running?`;
          this.setProblem({ id: 'link:no-rosapi', severity: 'error', message });
          this.setPresence('connected');
          this.settleWaiter(new LinkError('not-rosbridge', message));
        }
        // connection-lost/closed: onDown reports it.
      });
  }

  private onDown(info: { wasOpen: boolean; reason: string; retryInMs: number | undefined }): void {
    this.watchdog?.stop();
    this.epoch++;
    this.ros = undefined;
    this.publishers.clear();
    this.poll = undefined;
    this.caller.rejectAll(new LinkError('connection-lost', `rosbridge ${this.url}: connection lost (${info.reason})`));
    this.subs.detach();
    this.recovery.reset();
    this.startup.stop();
    this.wakeBridgeWaiters();
    const retry = info.retryInMs === undefined ? '' : `; retrying in ${seconds(info.retryInMs)}`;
    if (info.wasOpen) {
      if (!this.problems.has('link:not-rosbridge')) {
        this.setProblem({ id: 'link:connection-lost', severity: 'warning', message: `lost the connection to ${this.url} (${info.reason})${retry}` });
      }
    } else {
      const http = /unexpected server response/i.test(info.reason);
      const message = http
        ? `${this.url} is not a rosbridge server (it answered HTTP instead of a WebSocket: ${info.reason})`
        : `cannot connect to ${this.url} (${info.reason})${retry}`;
      this.setProblem({ id: http ? 'link:not-rosbridge' : 'link:connection-failed', severity: 'error', message,
        tip: 'check that rosbridge runs on the robot and the host and port are right' });
      this.settleWaiter(new LinkError(http ? 'not-rosbridge' : 'connection-failed', message));
    }
    if (this.problems.has('link:not-rosbridge') && !this.everConnected) this.setPresence('error');
    else this.setPresence(this.connection ? 'reconnecting' : 'disconnected');
  }

  private onFrameProblem(p: FrameProblem): void {
    this.setProblem({ id: `link:frame:${p.kind}`, severity: 'warning', message: `rosbridge ${this.url}: ${p.message}` });
  }

  // ---- state -----------------------------------------------------------------------------------

  public state(): LinkState {
    const problems = this.problems.list();
    const last = this.lastState;
    const starting = this.startup.running;
    if (last && last.presence === this.presence && last.problems === problems && last.snapshot === this.lastSnapshot
      && (last.starting === true) === starting) return last;
    const s: LinkState = { url: this.url, presence: this.presence, problems };
    if (starting) s.starting = true;
    if (this.lastSnapshot) s.snapshot = this.lastSnapshot;
    this.lastState = Object.freeze(s);
    return this.lastState;
  }

  public onState(listener: (state: LinkState) => void): () => void {
    this.listeners.add(listener);
    this.safeCall(listener, this.state());
    return () => { this.listeners.delete(listener); };
  }

  private emit(): void {
    const s = this.state();
    if (s === this.lastEmitted) return; // nothing a listener could see has changed
    this.lastEmitted = s;
    for (const l of [...this.listeners]) this.safeCall(l, s);
  }

  private safeCall(listener: (s: LinkState) => void, s: LinkState): void {
    try {
      listener(s);
    } catch {
      // A listener's failure is its own; the link keeps going for the others.
    }
  }

  private setPresence(p: Presence): void {
    if (this.presence === p) return;
    this.presence = p;
    this.emit();
  }

  private setProblem(p: Problem): void {
    if (this.problems.set(p)) this.emit();
  }

  // ---- calls and subscriptions -------------------------------------------------------------

  public callService<Res = unknown>(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<Res> {
    const ros = this.ros;
    if (!ros) return Promise.reject(new LinkError('not-connected', `service ${name}: not connected to ${this.url} (${this.presence})`));
    return this.caller.call<Res>(ros, name, args, { timeoutMs: options.timeoutMs ?? this.opts.callTimeoutMs,
      ...(options.signal ? { signal: options.signal } : {}) });
  }

  public subscribe<T = unknown>(topic: string, type: string, onMessage: MessageHandler<T>, options: SubscribeOptions = {}): () => void {
    return this.subs.add(topic, type, onMessage, options);
  }

  public feed<T = unknown>(request: DisplayFeedRequest, onMessage: FeedHandler<T>): DisplayFeed {
    return openDisplayFeed(this, request, onMessage, this.opts.cbor);
  }

  public tf(): TfEdge[] { return this.tfBuffer.edges(); }
  public tfTransforms(): { version: number; transforms: readonly TfTransform[] } {
    return { version: this.tfBuffer.version, transforms: this.tfBuffer.transforms() };
  }

  public publish(topic: string, type: string, message: Record<string, unknown>): void {
    const ros = this.ros;
    if (!ros || this.presence !== 'connected') throw new LinkError('not-connected', `publish ${topic}: not connected to ${this.url} (${this.presence})`);
    // The frame as the transport will send it, give or take the id: measured in UTF-8 bytes, as rosbridge counts.
    const bytes = new TextEncoder().encode(JSON.stringify({ op: 'publish', id: `publish:${topic}:0000000000`, topic, msg: message })).length;
    if (bytes > this.opts.maxPublishBytes) {
      throw new LinkError('too-large', `publish ${topic}: the message is ${bytes} bytes, over rosbridge's max_message_size of ${this.opts.maxPublishBytes} bytes`);
    }
    let publisher = this.publishers.get(topic);
    if (!publisher) {
      publisher = new Topic<Record<string, unknown>>({ ros, name: topic, messageType: type, reconnect_on_close: false });
      this.publishers.set(topic, publisher);
    }
    publisher.publish(message);
  }
  public lastMessageAt(): number | undefined { return this.watchdog?.lastMessageAt; }

  public stats(): { subscribes: number; unsubscribes: number } { return { ...this.subs.sent }; }
  public subscriptionFacts(): SubscriptionFact[] { return this.subs.facts(); }

  private onAnyMessage(topic: string): void {
    this.watchdog?.feed(topic);
    this.recovery.onMessage(topic);
    // Data on a topic the graph does not list (or lists without publishers): the graph is out of date.
    const graph = this.poll?.result.graph;
    if (!graph || (graph.publishers[topic] ?? []).length > 0) return;
    const refreshes = this.unlisted.get(topic) ?? 0;
    if (refreshes >= this.opts.startup.unlistedRefreshes) return;
    this.unlisted.set(topic, refreshes + 1);
    this.refreshGraph();
  }

  /** Starts a fresh graph poll (or joins the one under way); its result becomes the cached one and a new snapshot. */
  private refreshGraph(): Promise<void> {
    if (!this.ros) return Promise.resolve();
    const run = this.inflight ?? this.startPoll();
    return run.then((result) => { if (this.poll?.result === result) this.assemble(result); }, () => undefined);
  }

  public sampleRates(topics: readonly { name: string; type: string }[]): () => void {
    const names: string[] = [];
    for (const { name, type } of topics) {
      names.push(name);
      const existing = this.rateSamplers.get(name);
      if (existing) { existing.refs++; continue; }
      const estimator = new RateEstimator({ windowMs: this.opts.rateWindowMs });
      const stop = this.subs.add(name, type, (_msg, at) => estimator.record(at));
      this.rateSamplers.set(name, { estimator, refs: 1, stop });
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      for (const name of names) {
        const s = this.rateSamplers.get(name);
        if (!s) continue;
        if (--s.refs === 0) { s.stop(); this.rateSamplers.delete(name); }
      }
    };
  }

  public rates(): Record<string, TopicRate> {
    const now = this.opts.timers.now();
    const out: Record<string, TopicRate> = {};
    for (const [name, s] of this.rateSamplers) {
      const r: TopicRate = { rateHz: s.estimator.rateHz(now) };
      if (s.estimator.lastAt !== undefined) r.lastMessageAt = s.estimator.lastAt;
      out[name] = r;
    }
    return out;
  }

  // ---- QoS bridge --------------------------------------------------------------------------

  private pendingBridge: { data?: unknown } | undefined;

  /**
   * The QoS report (hundreds of KB for a big graph) is parsed in a task of its own, not inside the socket's message
   * handler, and reports that arrive before it runs are coalesced to the newest.
   */
  private queueBridgeMessage(msg: { data?: unknown }): void {
    const first = this.pendingBridge === undefined;
    this.pendingBridge = msg;
    if (!first) return;
    this.opts.timers.setTimeout(() => {
      const latest = this.pendingBridge;
      this.pendingBridge = undefined;
      if (latest && this.connection) this.onBridgeMessage(latest);
    }, 0);
  }

  private onBridgeMessage(msg: { data?: unknown }): void {
    const parsed = parseBridgeQos(msg?.data);
    this.problems.deletePrefix('qos-bridge:');
    if (parsed.ok) {
      this.bridge = parsed.value;
      for (const p of parsed.problems) this.problems.set(p);
      // Reported QoS may name more transient-local publishers than conventions did.
      if (this.poll && this.ros) this.recovery.onGraph(this.latchedTopics(this.poll.result));
    } else {
      this.problems.set(parsed.problem);
    }
    this.wakeBridgeWaiters();
    this.emit();
  }

  private readonly settleWaiters = new Set<() => void>();

  private wakeSettleWaiters(): void {
    for (const w of [...this.settleWaiters]) w();
  }

  /** Until the robot's graph stopped growing (start-up polls ended), the connection changed, or `ms` passed. */
  private waitSettled(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.opts.timers.clearTimeout(timer);
        this.settleWaiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = this.opts.timers.setTimeout(done, ms);
      this.settleWaiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  private wakeBridgeWaiters(): void {
    for (const w of [...this.bridgeWaiters]) w();
    this.bridgeWaiters.clear();
  }

  private waitForBridge(ms: number): Promise<void> {
    if (this.bridge || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { this.opts.timers.clearTimeout(timer); this.bridgeWaiters.delete(done); resolve(); };
      const timer = this.opts.timers.setTimeout(done, ms);
      this.bridgeWaiters.add(done);
    });
  }

  // ---- snapshot ----------------------------------------------------------------------------

  public async snapshot(request: SnapshotRequest = {}): Promise<GraphSnapshot> {
    const { signal } = request;
    signal?.throwIfAborted();
    if (!this.ros || this.presence !== 'connected') {
      throw new LinkError('not-connected', `snapshot: not connected to ${this.url} (${this.presence})`);
    }
    if (request.settleMs && this.startup.running) await this.waitSettled(request.settleMs, signal);
    // While the robot starts, a snapshot is never older than one startup poll.
    const ttl = this.startup.running ? this.opts.startup.everyMs : this.opts.snapshotTtlMs;
    const fresh = this.poll && this.opts.timers.now() - this.poll.takenAt < ttl;
    let result: PollResult;
    if (fresh && !request.force) {
      result = this.poll!.result;
    } else {
      const run = this.inflight ?? this.startPoll();
      result = await (signal ? raceAbort(run, signal) : run);
    }
    return this.assemble(result);
  }

  private startPoll(): Promise<PollResult> {
    const epoch = this.epoch;
    const timers = this.opts.timers;
    const slow = timers.setTimeout(() => this.setProblem({ id: 'graph:slow', severity: 'warning',
      message: `graph: the snapshot of ${this.url} is taking more than ${seconds(this.opts.slowAfterMs)}`,
      tip: 'a large graph or a busy rosbridge; it continues in the background' }), this.opts.slowAfterMs);
    const run = (async () => {
      const result = await pollGraph(this.rosapi, this.opts.poll);
      // Before waiting for the bridge: its own latched report may be what a too-early subscription missed.
      if (epoch === this.epoch) this.recovery.onGraph(this.latchedTopics(result));
      // Wait once per connection, and only when a bridge node publishes (our own subscription also lists the topic).
      const bridgePublished = (result.graph.publishers[bridgeQosTopic] ?? []).length > 0;
      if (bridgePublished && !this.bridgeWaited) {
        this.bridgeWaited = true;
        await this.waitForBridge(this.opts.bridgeWaitMs);
      }
      return result;
    })();
    const tracked = run.then((result) => {
      if (epoch === this.epoch) {
        this.poll = { takenAt: timers.now(), result };
        for (const id of ['graph:nodes', 'graph:endpoints']) this.problems.delete(id);
        for (const p of result.problems) this.problems.set(p);
        this.startup.observe(graphSize(result));
      }
      return result;
    }).finally(() => {
      timers.clearTimeout(slow);
      this.problems.delete('graph:slow');
      if (this.inflight === tracked) this.inflight = undefined;
    });
    tracked.catch(() => undefined); // callers that stopped waiting must not leave an unhandled rejection
    this.inflight = tracked;
    return tracked;
  }

  /**
   * Of the subscribed topics still waiting for a first message, those whose publishers in this graph are transient
   * local: reported by the bridge, inferred from conventions, or the bridge's own topics. Only waiting topics are
   * looked at, so a 1,000-topic graph costs nothing here.
   */
  private latchedTopics(result: PollResult): Set<string> {
    const out = new Set<string>();
    const types = new Map(result.graph.topics.map((t) => [t.name, t.type]));
    for (const topic of this.subs.waiting().keys()) {
      const publishers = result.graph.publishers[topic] ?? [];
      if (publishers.length === 0) continue;
      const reported = this.bridge?.topics[topic]?.publishers;
      const latched = bridgeLatchedTopics.has(topic)
        || (reported && reported.length > 0 ? reported.some((p) => p.qos.durability === 'transient_local')
          : inferPublisherQos(topic, types.get(topic) ?? '').qos.durability === 'transient_local');
      if (latched) out.add(topic);
    }
    return out;
  }

  /** Whether the graph (default: the latest polled) shows no publisher for `topic`; no graph yet: not assumed. */
  private unpublished(topic: string, graph: RosapiGraph | undefined = this.poll?.result.graph): boolean {
    if (!graph) return false;
    return (graph.publishers[topic] ?? []).length === 0;
  }

  /** A refused subscription noted quietly while nobody published its topic becomes a warning once someone does. */
  private escalateRefusals(graph: RosapiGraph): void {
    for (const [topic, reason] of this.quietRefusals) {
      if (this.unpublished(topic, graph)) continue;
      this.quietRefusals.delete(topic);
      this.problems.set({ id: `link:subscribe:${topic}`, severity: 'warning',
        message: `rosbridge refused the subscription to ${topic} (${topic} is published now): ${reason}` });
    }
  }

  private assemble(result: PollResult): GraphSnapshot {
    this.escalateRefusals(result.graph);
    const snap = buildSnapshot({
      url: this.url, presence: this.presence, takenAt: this.opts.timers.now(), graph: result.graph,
      ...(this.bridge ? { bridge: this.bridge } : {}),
      tf: this.tfBuffer.edges(), rates: this.rates(), problems: this.problems.list(),
    });
    this.lastSnapshot = snap;
    this.emit();
    return snap;
  }
}

/** How big a graph is (topics with publishers, and publishers): it grows while the robot starts. */
function graphSize(result: PollResult): number {
  let n = 0;
  for (const list of Object.values(result.graph.publishers)) n += list.length > 0 ? 1 + list.length : 0;
  return n;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LinkError('aborted', 'snapshot: aborted'));
    if (signal.aborted) { onAbort(); return; }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * @example
 * const link = createRosbridgeLink('ws://localhost:9090');
 * await link.connect();
 * const snap = await link.snapshot();
 */
export function createRosbridgeLink(url: string, options: Partial<RosbridgeLinkOptions> = {}): RobotLink {
  return new RosbridgeLink(url, options);
}
