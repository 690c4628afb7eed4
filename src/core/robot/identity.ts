/**
 * Which robot is at an address: an identity read from the robot's graph (its own node names, namespaces and topics),
 * so that another robot started on the same port gets a document of its own. The rosbridge's and the companion
 * bridge's own nodes and topics are the same on every robot and say nothing; names such as /tf or
 * /robot_state_publisher are on most robots and count only when a robot has nothing more telling.
 *
 * The bridge's current config is deliberately not part of the fingerprint: it changes whenever a client sends one.
 * The app reads it to decide what to open for a robot (config-sync.ts), not who the robot is.
 */
import { contentHash } from '../assistant/search/content-hash.ts';

/** Nodes every rosbridge-reachable robot has, and anonymous CLI/launch nodes whose names change per run. */
const infrastructureNode = /^\/(rosapi(_params)?|rosbridge_websocket|rviz_companion(_bridge)?|rviz2?|_ros2cli_\w+|launch_ros_\w+|transform_listener_impl_\w+)$/;
const infrastructureTopic = /^\/(rosout|parameter_events|client_count|connected_clients|rviz_companion\/.*)$/;
/** Common to most robots: used only when a robot has nothing else. */
const genericNames = new Set([
  'topic:/tf', 'topic:/tf_static', 'topic:/joint_states', 'topic:/robot_description', 'topic:/odom', 'topic:/cmd_vel',
  'topic:/clock', 'topic:/diagnostics', 'node:/robot_state_publisher', 'node:/joint_state_publisher',
]);

/** The robot's own names, tagged (`node:/amcl`, `ns:/robot1`, `topic:/scan`), sorted; infrastructure left out. */
export interface RobotFingerprint { names: string[] }

export interface RobotIdentity {
  /** Stable storage key: the address and the fingerprint first seen there. */
  key: string;
  url: string;
  /** Says which robot in a sentence: `turtlebot at 127.0.0.1:9090 (/amcl, /lidar_driver, …)`. */
  label: string;
  fingerprint: RobotFingerprint;
}

/** Two fingerprints whose telling names overlap at least this much (over the smaller set) are the same robot. */
export const sameRobotOverlap = 0.75;

/** The fingerprint of a graph, or undefined while it holds nothing of the robot's own (still starting). */
export function fingerprintOf(graph: { nodes: readonly string[]; topics: readonly TopicEnds[] }): RobotFingerprint | undefined {
  const names = new Set<string>();
  for (const node of graph.nodes) {
    if (infrastructureNode.test(node)) continue;
    names.add(`node:${node}`);
    const ns = namespaceOf(node);
    if (ns) names.add(`ns:${ns}`);
  }
  for (const t of graph.topics) if (!infrastructureTopic.test(t.name) && !onlyOurOwn(t)) names.add(`topic:${t.name}`);
  if (names.size === 0) return undefined;
  return { names: [...names].sort() };
}

/** A topic as the graph lists it; endpoints when known. */
interface TopicEnds { name: string; publishers?: readonly { node: string }[]; subscribers?: readonly { node: string }[] }

/**
 * A topic only rosbridge uses is our own subscription echoed back by the robot (after a reconnect the link subscribes
 * the previous robot's topics again): it says nothing about who the robot is.
 */
function onlyOurOwn(t: TopicEnds): boolean {
  if (!t.publishers && !t.subscribers) return false;
  const ends = [...(t.publishers ?? []), ...(t.subscribers ?? [])];
  return ends.length > 0 && ends.every((e) => infrastructureNode.test(e.node));
}

function namespaceOf(name: string): string | undefined {
  const cut = name.lastIndexOf('/');
  return cut > 0 ? name.slice(0, cut) : undefined;
}

function telling(fp: RobotFingerprint): string[] {
  return fp.names.filter((n) => !genericNames.has(n));
}

/**
 * How much two fingerprints agree, 0..1: shared telling names over the smaller set (a robot still coming up shows a
 * subset of its graph and still matches itself). Robots with only generic names are compared on all their names.
 * Undefined when `next` says too little to tell (only generic names while `known` has telling ones).
 */
export function overlap(known: RobotFingerprint, next: RobotFingerprint): number | undefined {
  let a = telling(known);
  let b = telling(next);
  if (b.length === 0 && a.length > 0) return undefined;
  if (a.length === 0 || b.length === 0) { a = known.names; b = next.names; }
  const set = new Set(a);
  const shared = b.filter((n) => set.has(n)).length;
  return shared / Math.min(a.length, b.length);
}

export type Identification =
  /** The robot already known here (its fingerprint grown by what it shows now). */
  | { kind: 'same'; identity: RobotIdentity }
  /** Another robot than `current`: one seen before at this address, or a new one. */
  | { kind: 'other'; identity: RobotIdentity; seenBefore: boolean }
  /** Too little of the graph is visible yet to tell. */
  | { kind: 'undecided' };

/**
 * Identifies the robot at `url` from its fingerprint: the current robot when it matches, else a known robot at this
 * address that matches best, else a new identity.
 */
export function identify(url: string, fp: RobotFingerprint | undefined, current: RobotIdentity | undefined,
  known: readonly RobotIdentity[]): Identification {
  if (!fp) return { kind: 'undecided' };
  if (current && current.url === url) {
    const o = overlap(current.fingerprint, fp);
    if (o === undefined) return { kind: 'undecided' };
    if (o >= sameRobotOverlap) return { kind: 'same', identity: grown(current, fp) };
  }
  let best: { identity: RobotIdentity; score: number } | undefined;
  for (const k of known) {
    if (k.url !== url || k.key === current?.key) continue;
    const o = overlap(k.fingerprint, fp);
    if (o !== undefined && o >= sameRobotOverlap && (!best || o > best.score)) best = { identity: k, score: o };
  }
  if (best) return { kind: 'other', identity: grown(best.identity, fp), seenBefore: true };
  if (telling(fp).length === 0 && current && current.url === url && telling(current.fingerprint).length > 0) return { kind: 'undecided' };
  return { kind: 'other', identity: newIdentity(url, fp), seenBefore: false };
}

/** The union of what the robot has shown: a partial graph seen first must not make the full one look foreign. */
function grown(identity: RobotIdentity, fp: RobotFingerprint): RobotIdentity {
  const names = new Set([...identity.fingerprint.names, ...fp.names]);
  if (names.size === identity.fingerprint.names.length) return identity;
  return { ...identity, fingerprint: { names: [...names].sort() } };
}

export function newIdentity(url: string, fp: RobotFingerprint): RobotIdentity {
  return { key: `${url}#${contentHash(fp.names.join('\n')).slice(0, 12)}`, url, label: robotLabel(url, fp), fingerprint: fp };
}

/** `the robot at 127.0.0.1:9090 (/amcl, /lidar_driver, /map_server +5 nodes)`: names that tell robots apart. */
export function robotLabel(url: string, fp: RobotFingerprint): string {
  const where = /^[a-z]+:\/\/([^/?#]+)/i.exec(url)?.[1] ?? url;
  const tellingNodes = telling(fp).filter((n) => n.startsWith('node:')).map((n) => n.slice(5));
  const nodes = tellingNodes.length > 0 ? tellingNodes : fp.names.filter((n) => n.startsWith('node:')).map((n) => n.slice(5));
  const named = nodes.length > 0 ? nodes : fp.names.filter((n) => n.startsWith('topic:')).map((n) => n.slice(6));
  const shown = named.slice(0, 3).join(', ');
  const more = named.length > 3 ? ` +${named.length - 3}` : '';
  return shown ? `the robot at ${where} (${shown}${more})` : `the robot at ${where}`;
}

/** Reads identities back from storage; anything malformed is dropped (a fresh identity is made again). */
export function parseIdentities(json: unknown): RobotIdentity[] {
  if (!Array.isArray(json)) return [];
  return json.filter((v): v is RobotIdentity => {
    const r = v as RobotIdentity;
    return typeof r === 'object' && r !== null && typeof r.key === 'string' && typeof r.url === 'string' && typeof r.label === 'string'
      && Array.isArray(r.fingerprint?.names) && r.fingerprint.names.every((n) => typeof n === 'string');
  });
}

/** The identities worth keeping: the newest first, at most `limit` (one robot's entry replaced by its newer one). */
export function rememberIdentity(known: readonly RobotIdentity[], identity: RobotIdentity, limit = 20): RobotIdentity[] {
  return [identity, ...known.filter((k) => k.key !== identity.key)].slice(0, limit);
}
