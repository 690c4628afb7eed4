// The live ROS graph of the simulated robot: scenario topics plus what clients advertise and subscribe through rosbridge.
// Answers rosapi queries and builds the /rviz_companion/qos JSON, with caches so that 1,000-topic graphs stay cheap.
import type { Produce } from './generators/common.ts';
import { rosbridgePublisherQos, rosbridgeSubscriptionQos } from './qos.ts';
import { resolveFidelity, type SimFidelity } from './fidelity.ts';
import type { Endpoint, QosProfile, Scenario, TopicSpec } from './types.ts';

/** Node names rosbridge itself shows in the graph. */
export const ROSBRIDGE_NODE = '/rosbridge_websocket';
export const ROSAPI_NODE = '/rosapi';

/** A client subscription as the graph sees it (the session owns delivery). */
export interface Subscriber {
  deliver(envelope: string, latched: boolean): void;
}

export interface TopicState {
  readonly name: string;
  type: string;
  /** Scenario endpoints (empty for topics created by clients). */
  readonly spec: TopicSpec | undefined;
  produce: Produce | undefined;
  seq: number;
  paused: boolean;
  latched: boolean;
  /** The last message as a ready-to-send publish envelope, kept for latched topics. */
  latest: string | undefined;
  /** Client publishers by session id: the QoS rosbridge would publish with, and whether the client asked for latching. */
  readonly clientPublishers: Map<number, { qos: QosProfile; latch: boolean }>;
  readonly subscribers: Set<Subscriber>;
}

export const ROSAPI_SERVICES: readonly string[] = [
  'topics', 'topics_for_type', 'topic_type', 'publishers', 'subscribers', 'nodes', 'node_details', 'services',
  'services_for_type', 'service_type', 'service_node', 'service_providers', 'get_ros_version', 'get_time',
  'action_servers', 'get_param_names',
];
/** rosapi services of rosbridge 2.x that the sim answers with fidelity.rosapiDetails. */
export const ROSAPI_DETAIL_SERVICES: readonly string[] = ['topics_and_raw_types', 'message_details'];

/** What every ROS 2 node publishes (rcl), with rcl's QoS: /rosout keeps 1000 logs transient local. */
const SYSTEM_TOPICS: readonly { name: string; type: string; qos: QosProfile }[] = [
  { name: '/rosout', type: 'rcl_interfaces/msg/Log', qos: { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1000 } },
  { name: '/parameter_events', type: 'rcl_interfaces/msg/ParameterEvent', qos: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 1000 } },
];

function srvType(name: string): string {
  return `rosapi_msgs/srv/${name.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`;
}

export class SimGraph {
  private readonly topics = new Map<string, TopicState>();
  private topicListCache: { topics: string[]; types: string[] } | undefined;
  private readonly qosFragments = new Map<string, string>();
  private readonly services = new Map<string, { type: string; node: string; response: Record<string, unknown> }>();
  private readonly staticNodes: string[];

  public readonly fidelity: SimFidelity;

  public constructor(public readonly scenario: Scenario, private readonly onChange: () => void, fidelity: Partial<SimFidelity> = {}) {
    this.fidelity = resolveFidelity(fidelity);
    for (const spec of [...scenario.topics, ...this.systemTopics(scenario)]) {
      this.topics.set(spec.name, {
        name: spec.name, type: spec.type, spec, produce: undefined, seq: 0, paused: false, latched: spec.latched,
        latest: undefined, clientPublishers: new Map(), subscribers: new Set(),
      });
    }
    for (const name of [...ROSAPI_SERVICES, ...(this.fidelity.rosapiDetails ? ROSAPI_DETAIL_SERVICES : [])]) {
      const type = name === 'get_ros_version' ? 'rosapi_msgs/srv/GetROSVersion' : name === 'action_servers' ? 'rosapi_msgs/srv/GetActionServers' : srvType(name);
      this.services.set(`${ROSAPI_NODE}/${name}`, { type, node: ROSAPI_NODE, response: {} });
    }
    for (const s of scenario.services) this.services.set(s.name, { type: s.type, node: s.node, response: s.response });
    this.staticNodes = [...new Set([...scenario.nodes, ROSAPI_NODE, ROSBRIDGE_NODE])].sort();
  }

  /** /rosout and /parameter_events where the scenario lacks them, published by rosbridge, rosapi and the scenario's
   * nodes (silent: the sim has no log traffic of its own). */
  private systemTopics(scenario: Scenario): TopicSpec[] {
    if (!this.fidelity.systemTopics) return [];
    const nodes = [...new Set([...scenario.nodes, ...scenario.topics.flatMap((t) => t.publishers.map((p) => p.node)), ROSAPI_NODE, ROSBRIDGE_NODE])].sort();
    return SYSTEM_TOPICS.filter((t) => !scenario.topics.some((s) => s.name === t.name)).map((t) => ({
      name: t.name, type: t.type, publishers: nodes.map((node) => ({ node, qos: { ...t.qos } })), subscribers: [],
      rate: undefined, latched: false, silent: true, clock: 'wall', generator: '', params: {},
    }));
  }

  public get(name: string): TopicState | undefined {
    return this.topics.get(name);
  }

  public all(): IterableIterator<TopicState> {
    return this.topics.values();
  }

  /** A topic first seen through a client (advertise, or subscribe with a type). */
  public create(name: string, type: string): TopicState {
    const state: TopicState = {
      name, type, spec: undefined, produce: undefined, seq: 0, paused: false, latched: false, latest: undefined,
      clientPublishers: new Map(), subscribers: new Set(),
    };
    this.topics.set(name, state);
    // No pruning here: the caller adds the endpoint that keeps the topic alive right after.
    this.topicListCache = undefined;
    this.onChange();
    return state;
  }

  /** Call after a topic's endpoints changed; `structural` when the topic list itself changed. */
  public changed(name: string, structural = false): void {
    const state = this.topics.get(name);
    if (state && !state.spec && state.clientPublishers.size === 0 && state.subscribers.size === 0) {
      this.topics.delete(name); // a client-made topic with no endpoints left disappears, as in ROS
      structural = true;
    }
    if (structural) this.topicListCache = undefined;
    this.qosFragments.delete(name);
    this.onChange();
  }

  public topicList(): { topics: string[]; types: string[] } {
    if (!this.topicListCache) {
      const topics: string[] = [], types: string[] = [];
      for (const t of this.topics.values()) { topics.push(t.name); types.push(t.type); }
      this.topicListCache = { topics, types };
    }
    return this.topicListCache;
  }

  public publishers(t: TopicState): Endpoint[] {
    const list = t.spec ? [...t.spec.publishers] : [];
    if (t.clientPublishers.size > 0) {
      // rosbridge shares one publisher per topic; report the first client's QoS.
      list.push({ node: ROSBRIDGE_NODE, qos: t.clientPublishers.values().next().value?.qos ?? rosbridgePublisherQos(false, 100) });
    }
    return list;
  }

  public subscriberEndpoints(t: TopicState): Endpoint[] {
    const list = t.spec ? [...t.spec.subscribers] : [];
    if (t.subscribers.size > 0) list.push({ node: ROSBRIDGE_NODE, qos: rosbridgeSubscriptionQos(this.publishers(t).map((p) => p.qos)) });
    return list;
  }

  public nodes(): string[] {
    return this.staticNodes;
  }

  public nodeDetails(node: string): { subscribing: string[]; publishing: string[]; services: string[] } {
    const subscribing: string[] = [], publishing: string[] = [], services: string[] = [];
    for (const t of this.topics.values()) {
      if (this.publishers(t).some((e) => e.node === node)) publishing.push(t.name);
      if (this.subscriberEndpoints(t).some((e) => e.node === node)) subscribing.push(t.name);
    }
    for (const [name, s] of this.services) if (s.node === node) services.push(name);
    return { subscribing, publishing, services };
  }

  public serviceNames(): string[] {
    return [...this.services.keys()];
  }

  public service(name: string): { type: string; node: string; response: Record<string, unknown> } | undefined {
    return this.services.get(name);
  }

  /** The bridge topic's JSON (DESIGN.md "Bridge topics"): publisher and subscriber QoS of every topic. */
  public qosJson(nowSec: number): string {
    const parts: string[] = [];
    for (const t of this.topics.values()) {
      let fragment = this.qosFragments.get(t.name);
      if (fragment === undefined) {
        // Fast DDS (Jazzy) does not tell history or depth of remote endpoints; the bridge reports them unknown.
        const endpoint = (e: Endpoint): Record<string, unknown> => (this.fidelity.unknownHistoryDepth
          ? { node: e.node, ...e.qos, history: 'unknown', depth: null } : { node: e.node, ...e.qos });
        fragment = `${JSON.stringify(t.name)}:${JSON.stringify({
          type: t.type, publishers: this.publishers(t).map(endpoint), subscribers: this.subscriberEndpoints(t).map(endpoint),
        })}`;
        this.qosFragments.set(t.name, fragment);
      }
      parts.push(fragment);
    }
    return `{"stamp":${nowSec},"topics":{${parts.join(',')}}}`;
  }
}
