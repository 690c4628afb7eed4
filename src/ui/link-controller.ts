import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { GraphSnapshot, Presence, Problem, TfEdge, TopicInfo } from '../core/graph/types.ts';
import type { RobotLink } from '../link/types.ts';
import type { StampSample, SubscriptionFact } from '../core/diagnosis/types.ts';
import { sampleTopics, type TopicSampler } from '../link/topic-sampler.ts';

export type LinkFactory = (url: string) => RobotLink;

/** Which topics to sample for rates and header stamps (diagnosis decides: displayed topics first, no heavy types). */
export type TopicChooser = (snapshot: GraphSnapshot) => { name: string; type: string }[];

export interface LinkControllerOptions {
  /** How often the view refreshes (rates, TF ages, snapshot from the link's 15 s cache). */
  tickMs: number;
  /** Header stamps are read at most this often per topic (rosbridge throttle). */
  stampThrottleMs: number;
}

export const defaultLinkControllerOptions: Readonly<LinkControllerOptions> = Object.freeze({ tickMs: 1000, stampThrottleMs: 1000 });

/**
 * Connects a Lit host to a robot: owns the RobotLink for the current URL, follows its state, keeps the topic list,
 * rates and TF edges fresh on a tick, and tears everything down when the host disconnects or the URL changes.
 */
export class LinkController implements ReactiveController {
  public url = '';
  public presence: Presence = 'idle';
  public problems: readonly Problem[] = [];
  public snapshot: GraphSnapshot | undefined;
  public topics: readonly TopicInfo[] = [];
  public tf: readonly TfEdge[] = [];
  public now = Date.now();
  public link: RobotLink | undefined;
  /** The robot is still starting: its graph is still growing (LinkState.starting). */
  public starting = false;
  private sampler: TopicSampler | undefined;

  private readonly host: ReactiveControllerHost;
  private readonly factory: LinkFactory;
  private readonly chooseTopics: TopicChooser;
  private readonly options: LinkControllerOptions;
  private offState: (() => void) | undefined;
  private sampledKey = '';
  private timer: ReturnType<typeof setInterval> | undefined;
  private refreshing = false;
  private updateScheduled = false;
  private readonly watches: { topic: string; type: string; handler: (message: unknown) => void }[] = [];
  private unwatch: (() => void)[] = [];

  public constructor(host: ReactiveControllerHost, factory: LinkFactory, chooseTopics: TopicChooser, options: Partial<LinkControllerOptions> = {}) {
    this.host = host;
    this.factory = factory;
    this.chooseTopics = chooseTopics;
    this.options = { ...defaultLinkControllerOptions, ...options };
    host.addController(this);
  }

  public hostConnected(): void {
    if (this.url && !this.link) this.open(this.url);
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
  }

  public hostDisconnected(): void {
    clearInterval(this.timer);
    this.teardown();
  }

  /** Switches to another robot; the old link is closed first. */
  public open(url: string): void {
    this.teardown();
    this.url = url;
    this.snapshot = undefined;
    this.topics = [];
    this.tf = [];
    this.starting = false;
    const link = this.factory(url);
    this.link = link;
    this.offState = link.onState((s) => {
      this.presence = s.presence;
      this.problems = s.problems;
      this.starting = s.starting === true;
      if (s.snapshot && s.snapshot !== this.snapshot) this.applySoon(s.snapshot);
      this.scheduleUpdate();
    });
    this.unwatch = this.watches.map((w) => link.subscribe(w.topic, w.type, w.handler));
    // Failures are reported through state (problems); the link keeps retrying by itself.
    link.connect().then(() => this.tick(), () => undefined);
  }

  /** Follows a topic on every robot this controller connects to (the link re-subscribes after reconnects). */
  public watch(topic: string, type: string, handler: (message: unknown) => void): void {
    this.watches.push({ topic, type, handler });
    if (this.link) this.unwatch.push(this.link.subscribe(topic, type, handler));
  }

  /**
   * Link state changes arrive inside the socket's message handler; rendering them there would put decoding and
   * rendering in one main-thread task. The render waits for the next frame instead (and coalesces bursts).
   */
  private scheduleUpdate(): void {
    if (this.updateScheduled) return;
    this.updateScheduled = true;
    const run = () => { this.updateScheduled = false; this.host.requestUpdate(); };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 0);
  }

  private teardown(): void {
    for (const stop of this.unwatch) stop();
    this.unwatch = [];
    this.offState?.();
    this.sampler?.stop();
    this.sampler = undefined;
    this.link?.close();
    this.offState = undefined;
    this.sampledKey = '';
    this.link = undefined;
  }

  private async tick(): Promise<void> {
    const link = this.link;
    this.now = Date.now();
    if (!link || this.refreshing) { this.host.requestUpdate(); return; }
    if (link.state().presence === 'connected') {
      this.refreshing = true;
      try {
        const snapshot = await link.snapshot();
        if (link === this.link && snapshot !== this.snapshot) this.applySoon(snapshot);
      } catch {
        // The link records the problem in its state; nothing else to do here.
      } finally {
        this.refreshing = false;
      }
    }
    if (link === this.link) {
      this.tf = link.tf();
      const rates = link.rates();
      this.topics = this.topics.map((t) => {
        const r = rates[t.name];
        return r ? { ...t, rateHz: r.rateHz, lastMessageAt: r.lastMessageAt } : t;
      });
    }
    this.scheduleUpdate();
  }

  private pendingSnapshot: { snapshot: GraphSnapshot; link: RobotLink } | undefined;

  /**
   * A snapshot is built inside the socket's message handler (rosapi's last answer). Choosing and subscribing the
   * sampled topics, then rendering, each get a task of their own (1,000 topics: 70-80 ms in one task otherwise).
   */
  private applySoon(snapshot: GraphSnapshot): void {
    const link = this.link;
    if (!link) return;
    const first = this.pendingSnapshot === undefined;
    this.pendingSnapshot = { snapshot, link };
    if (!first) return;
    setTimeout(() => {
      const next = this.pendingSnapshot;
      this.pendingSnapshot = undefined;
      // Another robot meanwhile: its own snapshots follow.
      if (next && next.link === this.link && next.snapshot !== this.snapshot) this.applySnapshot(next.snapshot);
      this.scheduleUpdate();
    }, 0);
  }

  private applySnapshot(snapshot: GraphSnapshot): void {
    this.snapshot = snapshot;
    this.topics = snapshot.topics;
    this.resample();
  }

  /** Samples rates and header stamps of the chosen topics; call again when the choice may change (document edits). */
  public resample(): void {
    const link = this.link;
    if (!link || !this.snapshot) return;
    const chosen = this.chooseTopics(this.snapshot);
    const key = chosen.map((t) => t.name).join('\n');
    if (key === this.sampledKey) return;
    // The new sampler starts before the old one stops, so a topic both sample keeps its subscription (stopping first
    // unsubscribed /scan and re-sent a latched /map whenever an unrelated display was hidden).
    const previous = this.sampler;
    this.sampler = sampleTopics(link, chosen, { stampThrottleMs: this.options.stampThrottleMs });
    previous?.stop();
    this.sampledKey = key;
  }

  /** When sampling of the current topic set began (NO_DATA needs a long-enough window). */
  public get sampledSince(): number | undefined { return this.sampler?.since; }

  /** The link's subscriptions on this connection (NO_DATA judges them, with the likely cause). */
  public get subscriptions(): readonly SubscriptionFact[] { return this.link?.subscriptionFacts?.() ?? []; }

  /** Latest header stamp per sampled topic (CLOCK_SKEW, frames of displayed messages). */
  public get stamps(): readonly StampSample[] { return [...(this.sampler?.stamps.values() ?? [])]; }
}
