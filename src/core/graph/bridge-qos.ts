/**
 * Parses the bridge topic `/rviz_companion/qos` (std_msgs/String holding JSON, format in DESIGN.md)
 * into per-topic endpoints with source `reported`. Garbage becomes a Problem, never a throw.
 */
import type { Durability, Endpoint, History, Problem, QosProfile, Reliability } from './types.ts';

export const bridgeQosTopic = '/rviz_companion/qos';
export const bridgeQosType = 'std_msgs/msg/String';

export interface BridgeTopicQos {
  type: string;
  publishers: Endpoint[];
  subscribers: Endpoint[];
}

export interface BridgeQos {
  /** Unix seconds at which the bridge assembled the report. */
  stamp: number;
  topics: Record<string, BridgeTopicQos>;
}

export type BridgeQosResult =
  | { ok: true; value: BridgeQos; /** Non-fatal oddities (unrecognised policy values). */ problems: Problem[] }
  | { ok: false; problem: Problem };

const endpointSchema = {
  type: 'object',
  required: ['node'],
  properties: {
    node: { type: 'string', minLength: 1 },
    reliability: { type: 'string' },
    durability: { type: 'string' },
    history: { type: 'string' },
    // null: a depth DDS does not propagate (DESIGN.md: "unknown" / null, never invented).
    depth: { type: ['integer', 'null'], minimum: 0 },
  },
};

/** JSON Schema of the bridge message; extra fields are allowed so newer bridges stay readable. */
export const bridgeQosSchema = {
  type: 'object',
  required: ['topics'],
  properties: {
    stamp: { type: 'number' },
    topics: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          publishers: { type: 'array', items: endpointSchema },
          subscribers: { type: 'array', items: endpointSchema },
        },
      },
    },
  },
} as const;

interface RawEndpoint { node: string; reliability?: string; durability?: string; history?: string; depth?: number | null }
interface RawTopic { type?: string; publishers?: RawEndpoint[]; subscribers?: RawEndpoint[] }
interface RawBridge { stamp?: number; topics: Record<string, RawTopic> }

/**
 * Checks the shape `bridgeQosSchema` describes, by hand: this runs in the first page, and ajv (35 KB gzip) would
 * be loaded for one small message. Returns the first problem as `path: message`, or undefined when it fits.
 */
function shapeProblem(json: unknown): string | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json)) return '(root): must be object';
  if (json.stamp !== undefined && typeof json.stamp !== 'number') return '/stamp: must be number';
  if (!isObject(json.topics)) return json.topics === undefined ? "(root): must have required property 'topics'" : '/topics: must be object';
  // Paths are built only for the error returned: a 1,000-topic report is checked in one pass without allocating them.
  const topicAt = (name: string) => `/topics/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  for (const name in json.topics) {
    const topic = json.topics[name];
    if (name.charCodeAt(0) !== 47 /* / */) return `${topicAt(name)}: property name must match pattern "^/" (topic names start with "/")`;
    if (!isObject(topic)) return `${topicAt(name)}: must be object`;
    if (topic.type !== undefined && typeof topic.type !== 'string') return `${topicAt(name)}/type: must be string`;
    for (const role of ['publishers', 'subscribers'] as const) {
      const list = topic[role];
      if (list === undefined) continue;
      if (!Array.isArray(list)) return `${topicAt(name)}/${role}: must be array`;
      for (let i = 0; i < list.length; i++) {
        const ep: unknown = list[i];
        const epAt = () => `${topicAt(name)}/${role}/${i}`;
        if (!isObject(ep)) return `${epAt()}: must be object`;
        if (typeof ep.node !== 'string' || ep.node === '') return `${epAt()}/node: must be a non-empty string`;
        if (ep.reliability !== undefined && typeof ep.reliability !== 'string') return `${epAt()}/reliability: must be string`;
        if (ep.durability !== undefined && typeof ep.durability !== 'string') return `${epAt()}/durability: must be string`;
        if (ep.history !== undefined && typeof ep.history !== 'string') return `${epAt()}/history: must be string`;
        if (ep.depth !== undefined && ep.depth !== null && !(Number.isInteger(ep.depth) && (ep.depth as number) >= 0)) return `${epAt()}/depth: must be a whole number ≥ 0 or null`;
      }
    }
  }
  return undefined;
}

const reliabilities: readonly Reliability[] = ['reliable', 'best_effort', 'system_default'];
const durabilities: readonly Durability[] = ['volatile', 'transient_local', 'system_default'];
const histories: readonly History[] = ['keep_last', 'keep_all', 'system_default'];

function pick<T extends string>(allowed: readonly T[], value: string | undefined): T | 'unknown' | 'bad' {
  if (value === undefined) return 'unknown';
  // The bridge writes the canonical spelling; normalising is for hand-written reports.
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const v = value.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (v === 'unknown') return 'unknown'; // the bridge's word for a policy DDS did not propagate: not an oddity
  return (allowed as readonly string[]).includes(v) ? (v as T) : 'bad';
}

const problemId = 'qos-bridge:invalid';

function invalid(message: string): BridgeQosResult {
  return { ok: false, problem: { id: problemId, severity: 'warning', message: `qos bridge: ${message}`,
    tip: `QoS falls back to conventions; check the node publishing ${bridgeQosTopic}` } };
}

/**
 * @param data the `data` field of the std_msgs/String message (or any value; non-strings are rejected).
 * @example
 * const r = parseBridgeQos('{"stamp":1,"topics":{"/scan":{"type":"sensor_msgs/msg/LaserScan","publishers":[{"node":"/lidar","reliability":"best_effort"}]}}}');
 * if (r.ok) r.value.topics['/scan'].publishers[0].source // 'reported'
 */
export function parseBridgeQos(data: unknown): BridgeQosResult {
  if (typeof data !== 'string') return invalid(`${bridgeQosTopic} data is ${data === null ? 'null' : typeof data}, not a JSON string`);
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (err) {
    const preview = data.length > 40 ? `${data.slice(0, 40)}…` : data;
    return invalid(`${bridgeQosTopic} is not valid JSON (${err instanceof Error ? err.message : String(err)}): "${preview}"`);
  }
  const problem = shapeProblem(json);
  if (problem !== undefined) {
    const [path, message] = problem.split(/: (.*)/s);
    return invalid(`${bridgeQosTopic} does not match the schema at ${path}: ${message}`);
  }
  const bridge = json as RawBridge;
  const problems: Problem[] = [];
  const topics: Record<string, BridgeTopicQos> = {};
  for (const [name, raw] of Object.entries(bridge.topics)) {
    const toEndpoint = (ep: RawEndpoint, role: string): Endpoint => {
      const reliability = pick(reliabilities, ep.reliability);
      const durability = pick(durabilities, ep.durability);
      const history = pick(histories, ep.history);
      const bad = [['reliability', reliability, ep.reliability], ['durability', durability, ep.durability], ['history', history, ep.history]]
        .filter(([, v]) => v === 'bad');
      for (const [policy, , given] of bad) {
        problems.push({ id: `qos-bridge:value:${name}:${ep.node}:${policy}`, severity: 'warning',
          message: `qos bridge: ${role} ${ep.node} of ${name} has unrecognised ${policy} "${given}"; treated as unknown` });
      }
      const qos: QosProfile = {
        reliability: reliability === 'bad' ? 'unknown' : reliability,
        durability: durability === 'bad' ? 'unknown' : durability,
        history: history === 'bad' ? 'unknown' : history,
      };
      if (ep.depth !== undefined && ep.depth !== null) qos.depth = ep.depth;
      return { node: ep.node, qos, source: 'reported' };
    };
    topics[name] = {
      type: raw.type ?? '',
      publishers: (raw.publishers ?? []).map((ep) => toEndpoint(ep, 'publisher')),
      subscribers: (raw.subscribers ?? []).map((ep) => toEndpoint(ep, 'subscriber')),
    };
  }
  return { ok: true, value: { stamp: bridge.stamp ?? 0, topics }, problems };
}
