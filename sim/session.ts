// One WebSocket client speaking rosbridge v2: subscribe/unsubscribe (throttle, queue), advertise/publish, call_service,
// set_level, and status errors for everything it cannot do. Never throws on bad input.
import type { WebSocket } from 'ws';
import type { RosTime } from './generators/common.ts';
import { type SimGraph, type Subscriber, type TopicState } from './graph.ts';
import { rosbridgePublisherQos } from './qos.ts';
import { callRosapi } from './rosapi.ts';
import { sharedCborCache } from './cbor/encode.ts';
import type { Discovery } from './discovery.ts';

/** What a session needs from the server. */
export interface SessionHost {
  graph: SimGraph;
  now(): RosTime;
  /** Deliver a publish envelope to a topic's subscribers (and keep it when latched). */
  route(topic: TopicState, envelope: string, latch: boolean): void;
  /** Which publishers the server has discovered yet (rosapi answers and subscription durability follow it). */
  discovery: Discovery;
  /** Refused operations get a `status` frame (rosbridge-server-rs); false: they are only "logged" (rosbridge_suite 2.1). */
  statusFrames: boolean;
  /** Called for every message sent to a client on a topic (what tests read as "the server delivered it"). */
  onSent?(topic: string): void;
  /** Message packages the robot has: a subscription to a type of another package is refused. */
  installed?: ReadonlySet<string>;
}

/** Packages every ROS 2 robot with rosbridge has (rosbridge and rosapi depend on them or ship with ros_base). */
const COMMON_PACKAGES = ['std_msgs', 'builtin_interfaces', 'geometry_msgs', 'sensor_msgs', 'nav_msgs', 'tf2_msgs',
  'rcl_interfaces', 'diagnostic_msgs', 'visualization_msgs', 'rosgraph_msgs', 'action_msgs', 'unique_identifier_msgs'];

/** What a robot has installed: the common packages, those of its own topics' types, and `extra`. */
export function installedPackages(topicTypes: Iterable<string>, extra: readonly string[] = []): ReadonlySet<string> {
  const out = new Set([...COMMON_PACKAGES, ...extra]);
  for (const t of topicTypes) out.add(t.split('/')[0]!);
  return out;
}

const LEVELS = { none: 0, error: 1, warning: 2, info: 3 } as const;
type Level = keyof typeof LEVELS;
const OPS = ['subscribe', 'unsubscribe', 'advertise', 'unadvertise', 'publish', 'call_service', 'set_level'];
/** Real rosbridge ops this simulation does not offer: said plainly rather than called unknown. */
const UNSUPPORTED_OPS = new Set(['advertise_service', 'unadvertise_service', 'service_response', 'advertise_action', 'unadvertise_action',
  'send_action_goal', 'cancel_action_goal', 'action_feedback', 'action_result', 'fragment', 'png', 'auth']);
/** Beyond this much unsent data a slow client drops volatile messages instead of growing memory without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

class Subscription implements Subscriber {
  /** Subscribe ids on this topic with their options; rosbridge merges them (lowest throttle, highest queue). */
  public readonly ids = new Map<string, { throttle: number; queue: number; cbor?: boolean }>();
  private lastSent = -Infinity;
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param volatile made before the server discovered the publisher: the server chose volatile durability, so the
   *   latched sample never comes (only later publications).
   * @param deaf asked for another type than the publisher's, before the server knew it: never matched, never told.
   */
  public constructor(private readonly session: Session, public readonly topic: TopicState,
    public readonly volatile = false, private readonly deaf = false) {}

  private get throttle(): number {
    let min = Infinity;
    for (const o of this.ids.values()) min = Math.min(min, o.throttle);
    return min === Infinity ? 0 : min;
  }

  private get queueLength(): number {
    let max = 0;
    for (const o of this.ids.values()) max = Math.max(max, o.queue);
    return max;
  }

  /** rosbridge sends a topic as CBOR to a client when any of its subscribe ids asked for it (the strongest wins). */
  private get cbor(): boolean {
    for (const o of this.ids.values()) if (o.cbor) return true;
    return false;
  }

  private sendEnvelope(envelope: string, important: boolean): void {
    this.session.countSent(this.topic.name);
    if (this.cbor) this.session.sendBinary(sharedCborCache.frame(this.topic.name, this.topic.type, envelope), important);
    else this.session.send(envelope, important);
  }

  /** The latched sample on subscribe: always sent, throttle or not (a throttled-away map would never come back). */
  public replay(envelope: string): void {
    this.lastSent = performance.now();
    this.sendEnvelope(envelope, true);
  }

  public deliver(envelope: string, latched: boolean): void {
    if (this.deaf) return;
    const throttle = this.throttle;
    const now = performance.now();
    // While a flush is scheduled the queue goes first: sending now too would put two messages in one period when
    // the timer fires late (a loaded machine).
    if (throttle <= 0 || (this.timer === undefined && now - this.lastSent >= throttle)) {
      this.lastSent = now;
      this.sendEnvelope(envelope, latched);
      return;
    }
    const queue = this.queueLength;
    if (queue <= 0) return; // throttled with no queue: rosbridge drops the message
    this.pending.push(envelope);
    if (this.pending.length > queue) this.pending.splice(0, this.pending.length - queue);
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.lastSent + throttle - now));
  }

  private flush(): void {
    this.timer = undefined;
    const wait = this.lastSent + this.throttle - performance.now();
    if (wait > 0 && this.pending.length > 0) { this.timer = setTimeout(() => this.flush(), wait); return; }
    const next = this.pending.shift();
    if (next === undefined) return;
    this.lastSent = performance.now();
    this.sendEnvelope(next, this.topic.latched);
    if (this.pending.length > 0) this.timer = setTimeout(() => this.flush(), this.throttle);
  }

  public dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.pending = [];
  }
}

export class Session {
  private static nextId = 1;
  public readonly id = Session.nextId++;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly advertised = new Set<string>();
  private level: Level = 'error';

  public constructor(private readonly ws: WebSocket, private readonly host: SessionHost) {}

  public send(text: string, important = true): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (!important && this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return;
    this.ws.send(text);
  }

  /** A binary frame (a CBOR publish). */
  public sendBinary(frame: Uint8Array, important = true): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (!important && this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return;
    this.ws.send(frame, { binary: true });
  }

  public countSent(topic: string): void {
    this.host.onSent?.(topic);
  }

  /** A refused operation's answer, when the server sends one (see SessionHost.statusFrames). */
  public refuse(msg: string, id?: unknown): void {
    this.status('error', msg, id);
  }

  private status(level: Exclude<Level, 'none'>, msg: string, id?: unknown): void {
    if (!this.host.statusFrames) return;
    if (LEVELS[level] > LEVELS[this.level]) return;
    const reply: Record<string, unknown> = { op: 'status', level, msg };
    if (typeof id === 'string' || typeof id === 'number') reply['id'] = id;
    this.send(JSON.stringify(reply));
  }

  /** Handles one incoming frame. */
  public receive(data: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch (err) {
      this.status('error', `Unable to parse message: ${(err as Error).message}`);
      return;
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
      this.status('error', 'Received a message that is not a JSON object');
      return;
    }
    const m = msg as Record<string, unknown>;
    const op = m['op'];
    if (typeof op !== 'string') {
      this.status('error', 'Received a message without an "op" field', m['id']);
      return;
    }
    switch (op) {
      case 'subscribe': return this.subscribe(m);
      case 'unsubscribe': return this.unsubscribe(m);
      case 'advertise': return this.advertise(m);
      case 'unadvertise': return this.unadvertise(m);
      case 'publish': return this.publish(m);
      case 'call_service': return this.callService(m);
      case 'set_level': return this.setLevel(m);
      default:
        this.status('error', UNSUPPORTED_OPS.has(op)
          ? `${op} is not supported by the simulated robot (supported: ${OPS.join(', ')})`
          : `Unknown operation: ${op}. Allowed operations: ${OPS.join(', ')}`, m['id']);
    }
  }

  private topicName(m: Record<string, unknown>, op: string): string | undefined {
    const topic = m['topic'];
    if (typeof topic !== 'string' || topic === '') {
      this.status('error', `${op}: expected a string field "topic"`, m['id']);
      return undefined;
    }
    return topic.startsWith('/') ? topic : `/${topic}`;
  }

  private subscribe(m: Record<string, unknown>): void {
    const name = this.topicName(m, 'subscribe');
    if (!name) return;
    const type = typeof m['type'] === 'string' ? m['type'] : '';
    const graph = this.host.graph;
    let topic = graph.get(name);
    const undiscovered = topic !== undefined && !this.host.discovery.isDiscovered(topic);
    if (!topic || undiscovered) {
      if (!type) {
        this.status('error', `subscribe: Cannot infer topic type for topic ${name} as it is not yet advertised`, m['id']);
        return;
      }
      const pkg = type.split('/')[0]!;
      if (!topic && this.host.installed && !this.host.installed.has(pkg)) {
        this.status('error', `subscribe: load message definition ${type}: package '${pkg}' not found`, m['id']);
        return;
      }
      topic ??= graph.create(name, type);
    } else if (type && type !== topic.type) {
      this.status('error', `subscribe: ${name} already has type ${topic.type}; cannot subscribe with type ${type}`, m['id']);
      return;
    }
    const compression = m['compression'];
    const cbor = compression === 'cbor';
    if (compression !== undefined && compression !== 'none' && compression !== '' && !cbor) {
      this.status('warning', `subscribe: compression "${String(compression)}" is not supported here (none, cbor); sending JSON`, m['id']);
    }
    const id = typeof m['id'] === 'string' || typeof m['id'] === 'number' ? String(m['id']) : `subscribe:${name}`;
    const throttle = typeof m['throttle_rate'] === 'number' && m['throttle_rate'] > 0 ? m['throttle_rate'] : 0;
    const queue = typeof m['queue_length'] === 'number' && m['queue_length'] > 0 ? m['queue_length'] : 0;
    let sub = this.subscriptions.get(name);
    const first = !sub;
    if (!sub) {
      sub = new Subscription(this, topic, undiscovered, undiscovered && type !== topic.type);
      this.subscriptions.set(name, sub);
    }
    sub.ids.set(id, cbor ? { throttle, queue, cbor } : { throttle, queue });
    if (first) {
      const wasWatched = topic.subscribers.size > 0;
      topic.subscribers.add(sub);
      if (!wasWatched) graph.changed(name);
    }
    // `latest` is only kept for latched publishers (scenario or client), as transient local durability would replay it.
    if (topic.latest !== undefined && !sub.volatile) sub.replay(topic.latest);
  }

  private unsubscribe(m: Record<string, unknown>): void {
    const name = this.topicName(m, 'unsubscribe');
    if (!name) return;
    const sub = this.subscriptions.get(name);
    if (!sub) return;
    const id = m['id'];
    if (typeof id === 'string' || typeof id === 'number') sub.ids.delete(String(id));
    else sub.ids.clear();
    if (sub.ids.size === 0) this.dropSubscription(name, sub);
  }

  private dropSubscription(name: string, sub: Subscription): void {
    sub.dispose();
    this.subscriptions.delete(name);
    const topic = sub.topic;
    topic.subscribers.delete(sub);
    if (topic.subscribers.size === 0) this.host.graph.changed(name);
  }

  private ensurePublisher(name: string, m: Record<string, unknown>, op: string): TopicState | undefined {
    const graph = this.host.graph;
    const type = typeof m['type'] === 'string' ? m['type'] : '';
    let topic = graph.get(name);
    if (!topic) {
      if (!type) {
        this.status('error', `${op}: Cannot infer topic type for topic ${name} as it is not yet advertised`, m['id']);
        return undefined;
      }
      topic = graph.create(name, type);
    } else if (type && type !== topic.type) {
      this.status('error', `${op}: ${name} already has type ${topic.type}; cannot advertise it as ${type}`, m['id']);
      return undefined;
    }
    if (!topic.clientPublishers.has(this.id)) {
      const latch = m['latch'] === true;
      const queueSize = typeof m['queue_size'] === 'number' ? m['queue_size'] : 100;
      topic.clientPublishers.set(this.id, { qos: rosbridgePublisherQos(latch, queueSize), latch });
      this.advertised.add(name);
      graph.changed(name);
    }
    return topic;
  }

  private advertise(m: Record<string, unknown>): void {
    const name = this.topicName(m, 'advertise');
    if (!name) return;
    if (typeof m['type'] !== 'string' || m['type'] === '') {
      this.status('error', `advertise: expected a string field "type" for ${name}`, m['id']);
      return;
    }
    this.ensurePublisher(name, m, 'advertise');
  }

  private unadvertise(m: Record<string, unknown>): void {
    const name = this.topicName(m, 'unadvertise');
    if (!name) return;
    this.dropPublisher(name);
  }

  private dropPublisher(name: string): void {
    const topic = this.host.graph.get(name);
    this.advertised.delete(name);
    if (!topic?.clientPublishers.delete(this.id)) return;
    const stillLatching = topic.latched || [...topic.clientPublishers.values()].some((p) => p.latch);
    if (!stillLatching) topic.latest = undefined; // a latched sample goes away with its publisher
    this.host.graph.changed(name);
  }

  private publish(m: Record<string, unknown>): void {
    const name = this.topicName(m, 'publish');
    if (!name) return;
    const msg = m['msg'];
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
      this.status('error', `publish: expected an object field "msg" for ${name}`, m['id']);
      return;
    }
    const topic = this.ensurePublisher(name, m, 'publish');
    if (!topic) return;
    // Latched when this publish says so or the client advertised with latch (rosbridge then publishes depth 1, no lifespan).
    const latch = m['latch'] === true || topic.clientPublishers.get(this.id)?.latch === true;
    this.host.route(topic, JSON.stringify({ op: 'publish', topic: name, msg }), latch);
  }

  private callService(m: Record<string, unknown>): void {
    const raw = m['service'];
    const id = m['id'];
    if (typeof raw !== 'string' || raw === '') {
      this.status('error', 'call_service: expected a string field "service"', id);
      return;
    }
    const service = raw.startsWith('/') ? raw : `/${raw}`;
    const args = m['args'] && typeof m['args'] === 'object' && !Array.isArray(m['args']) ? m['args'] as Record<string, unknown> : {};
    const reply = (result: boolean, values: unknown): void => {
      const response: Record<string, unknown> = { op: 'service_response', service: raw, values, result };
      if (typeof id === 'string' || typeof id === 'number') response['id'] = id;
      this.send(JSON.stringify(response));
    };
    const rosapi = callRosapi(this.host.graph, service, args, this.host.now());
    if (rosapi) {
      if (rosapi.ok) reply(true, this.host.discovery.hide(service, args, rosapi.values, (t) => this.host.graph.get(t)));
      else reply(false, rosapi.message);
      return;
    }
    const known = this.host.graph.service(service);
    if (known) reply(true, known.response);
    else reply(false, `Service ${service} does not exist`);
  }

  private setLevel(m: Record<string, unknown>): void {
    const level = m['level'];
    if (typeof level === 'string' && level in LEVELS) this.level = level as Level;
    else this.status('error', `set_level: level must be one of ${Object.keys(LEVELS).join(', ')}`, m['id']);
  }

  /** The client went away: drop its subscriptions and publishers from the graph. */
  public close(): void {
    for (const [name, sub] of [...this.subscriptions]) this.dropSubscription(name, sub);
    for (const name of [...this.advertised]) this.dropPublisher(name);
  }
}
