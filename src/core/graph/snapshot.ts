/**
 * Assembles one immutable GraphSnapshot from what the link gathered: rosapi answers, the bridge
 * QoS report, convention inference, the TF buffer and measured rates.
 * Rules: rosapi decides which topics exist; a bridge report for a topic wins over inference
 * (`reported`); publishers without a report get convention QoS (`inferred`) or `unknown`.
 */
import type { BridgeQos } from './bridge-qos.ts';
import { inferredPublisher, unknownEndpoint } from './qos-inference.ts';
import type { Endpoint, GraphSnapshot, Presence, Problem, TfEdge, TopicInfo } from './types.ts';
import { compareText } from '../compare-text.ts';

export interface RosapiGraph {
  /** From /rosapi/topics: parallel arrays of names and types. */
  topics: readonly { name: string; type: string }[];
  /** From /rosapi/publishers per topic (node names). A topic missing here has no known publishers. */
  publishers: Readonly<Record<string, readonly string[]>>;
  /** From /rosapi/subscribers per topic. */
  subscribers: Readonly<Record<string, readonly string[]>>;
  nodes: readonly string[];
  ros?: { version: number; distro: string };
}

export interface TopicRate { rateHz: number; lastMessageAt?: number }

export interface SnapshotInput {
  url: string;
  presence: Presence;
  takenAt: number;
  graph: RosapiGraph;
  /** The latest valid bridge report, when the bridge topic is present. */
  bridge?: BridgeQos;
  tf: readonly TfEdge[];
  rates?: Readonly<Record<string, TopicRate>>;
  problems?: readonly Problem[];
}

function mergeEndpoints(nodes: readonly string[], reported: readonly Endpoint[] | undefined,
  fallback: (node: string) => Endpoint): Endpoint[] {
  const byNode = new Map((reported ?? []).map((e) => [e.node, e]));
  const out: Endpoint[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    if (seen.has(node)) continue; // rosapi lists a node once per endpoint; one row per node is enough
    seen.add(node);
    out.push(byNode.get(node) ?? fallback(node));
  }
  // The bridge may know an endpoint rosapi did not list yet (discovery is eventually consistent).
  for (const e of reported ?? []) if (!seen.has(e.node)) { seen.add(e.node); out.push(e); }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/**
 * @example
 * const snap = buildSnapshot({url, presence: 'connected', takenAt: Date.now(), graph, tf: buffer.edges()});
 * snap.topics.find((t) => t.name === '/map')?.publishers[0]?.source // 'inferred'
 */
export function buildSnapshot(input: SnapshotInput): GraphSnapshot {
  const topics: TopicInfo[] = [];
  const seen = new Set<string>();
  for (const { name, type } of input.graph.topics) {
    if (seen.has(name)) continue;
    seen.add(name);
    const report = input.bridge?.topics[name];
    const resolvedType = type || report?.type || '';
    const topic: TopicInfo = {
      name,
      type: resolvedType,
      publishers: mergeEndpoints(input.graph.publishers[name] ?? [], report?.publishers,
        (node) => inferredPublisher(node, name, resolvedType)),
      subscribers: mergeEndpoints(input.graph.subscribers[name] ?? [], report?.subscribers, unknownEndpoint),
    };
    const rate = input.rates?.[name];
    if (rate) {
      topic.rateHz = rate.rateHz;
      if (rate.lastMessageAt !== undefined) topic.lastMessageAt = rate.lastMessageAt;
    }
    topics.push(topic);
  }
  topics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const snapshot: GraphSnapshot = {
    takenAt: input.takenAt,
    url: input.url,
    presence: input.presence,
    topics,
    nodes: [...new Set(input.graph.nodes)].sort(),
    tf: input.tf.map((e) => ({ ...e })).sort((a, b) => compareText(a.child, b.child)),
    problems: (input.problems ?? []).map((p) => ({ ...p })),
    qosReported: input.bridge !== undefined,
  };
  if (input.graph.ros) snapshot.ros = { ...input.graph.ros };
  return deepFreeze(snapshot);
}

/** An empty snapshot for a link that has not connected yet (or lost its robot). */
export function emptySnapshot(url: string, presence: Presence, takenAt: number, problems: readonly Problem[] = []): GraphSnapshot {
  return buildSnapshot({ url, presence, takenAt, graph: { topics: [], publishers: {}, subscribers: {}, nodes: [] }, tf: [], problems });
}
