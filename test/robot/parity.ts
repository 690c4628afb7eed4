// The parity probe: the same questions put to the simulated robot and to the real server, answered as short strings
// so that a table can say where they agree. Each behaviour says whether the sim is meant to agree (its scenario
// options on by default where real robots do it; the discovery delay and status frames through `server` options).
import { diagnose } from 'cbor2';
import { startSim, type SimHandle, type SimOptions } from '../../sim/server.ts';
import { RawClient, type Frame } from './raw-client.ts';

export interface ParityRow { behaviour: string; sim: string; real: string; agree: boolean; expectAgree: boolean; why?: string }

/** The sim options the probe runs with: rosbridge-server-rs sends status frames; every real server has a discovery delay. */
export const PROBE_SERVER = { discoveryDelayMs: 3000, statusFrames: true };

export async function startProbeSim(): Promise<SimHandle> {
  // `server` is the simulated robot's option for real servers' start-up and status behaviour (issue 20/21).
  const opts: SimOptions & { server?: typeof PROBE_SERVER } = { scenario: 'turtlebot_nav', port: 0, server: PROBE_SERVER };
  return startSim(opts);
}

/** A value's shape: `string[]`, `number`, `{a,b}`… (element shapes of arrays of objects included). */
export function shape(v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? '?[]' : `${shape(v[0])}[]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${k}:${shape((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return typeof v;
}

export type Side = (url: string) => Promise<string>;

/** rosapi calls whose reply shape (`result` and `values`) the probe compares. */
export const ROSAPI_CALLS: { service: string; args: Record<string, unknown> }[] = [
  { service: '/rosapi/topics', args: {} },
  { service: '/rosapi/topic_type', args: { topic: '/scan' } },
  { service: '/rosapi/publishers', args: { topic: '/scan' } },
  { service: '/rosapi/subscribers', args: { topic: '/scan' } },
  { service: '/rosapi/nodes', args: {} },
  { service: '/rosapi/services', args: {} },
  { service: '/rosapi/get_ros_version', args: {} },
  { service: '/rosapi/get_time', args: {} },
  { service: '/rosapi/topics_and_raw_types', args: {} },
  { service: '/rosapi/message_details', args: { type: 'sensor_msgs/msg/LaserScan' } },
];

export async function rosapiShape(url: string, service: string, args: Record<string, unknown>): Promise<string> {
  const c = await RawClient.open(url);
  try {
    const r = await c.call(service, args);
    if (!r) return 'no reply';
    if (r['result'] !== true) return `result ${String(r['result'])}`;
    return shape(r['values']);
  } finally { c.close(); }
}

/** node_details of the node that serves rosapi (the sim: /rosapi; rosbridge-server-rs: /rosbridge_websocket). */
export async function rosapiNodeDetails(url: string): Promise<string> {
  const c = await RawClient.open(url);
  try {
    const owner = await c.call('/rosapi/service_node', { service: '/rosapi/topics' });
    const node = (owner?.['values'] as { node?: string } | undefined)?.node ?? '';
    if (!node) return 'no node serves /rosapi/topics';
    const r = await c.call('/rosapi/node_details', { node });
    return r ? shape(r['values']) : 'no reply';
  } finally { c.close(); }
}

/** node_details of a node that is not in the graph, answered within 5 s or not. */
export async function unknownNodeDetails(url: string): Promise<string> {
  const c = await RawClient.open(url);
  try {
    const r = await c.call('/rosapi/node_details', { node: '/no_such_node' }, 5000);
    return r ? `result ${String(r['result'])}, ${shape(r['values'])}` : 'no reply within 5 s';
  } finally { c.close(); }
}

export async function systemTopics(url: string): Promise<string> {
  const c = await RawClient.open(url);
  try {
    const r = await c.call('/rosapi/topics');
    const topics = ((r?.['values'] as { topics?: string[] } | undefined)?.topics) ?? [];
    return ['/rosout', '/parameter_events'].map((t) => `${t} ${topics.includes(t) ? 'listed' : 'absent'}`).join(', ');
  } finally { c.close(); }
}

/** The history and depth the bridge's QoS report gives /scan's publisher. */
export async function reportedHistoryDepth(url: string): Promise<string> {
  const c = await RawClient.open(url);
  try {
    c.send({ op: 'subscribe', id: c.id('sub'), topic: '/rviz_companion/qos', type: 'std_msgs/msg/String' });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      for (const f of c.frames) {
        if (f.kind !== 'text' || f.data['op'] !== 'publish') continue;
        const report = JSON.parse((f.data['msg'] as { data: string }).data) as { topics: Record<string, { publishers: { history: unknown; depth: unknown }[] }> };
        const pub = report.topics['/scan']?.publishers[0];
        if (pub) return `history ${JSON.stringify(pub.history)}, depth ${JSON.stringify(pub.depth)}`;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return 'no report with /scan';
  } finally { c.close(); }
}

/** How a field arrives in a CBOR publish frame: `tag N`, `byte string`, `array`… (read from its diagnostic notation). */
export function cborFieldEncoding(frame: Uint8Array, field: string): string {
  const text = diagnose(frame);
  const m = new RegExp(`"${field}":\\s*(?:(\\d+)\\(|(h')|(\\[)|(\\[_)|(")|(-?\\d))`).exec(text);
  if (!m) return `no ${field}`;
  if (m[1]) return `tag ${m[1]}`;
  return m[2] ? 'byte string' : m[3] || m[4] ? 'array' : m[5] ? 'text' : 'number';
}

export async function cborField(url: string, topic: string, type: string, field: string): Promise<string> {
  const c = await RawClient.open(url);
  try {
    c.send({ op: 'subscribe', id: c.id('sub'), topic, type, compression: 'cbor' });
    const f = await c.next((x) => x.kind === 'binary' || (x.kind === 'text' && x.data['op'] === 'publish'), 10_000);
    if (!f) return 'nothing in 10 s';
    if (f.kind === 'text') return 'JSON frame (no CBOR)';
    return cborFieldEncoding(f.data, field);
  } finally { c.close(); }
}

/** Subscribes to latched topics and says which delivered within `windowMs`. */
export async function latchedDelivery(url: string, topics: [string, string][], windowMs = 5000): Promise<string> {
  const c = await RawClient.open(url);
  try {
    for (const [topic, type] of topics) c.send({ op: 'subscribe', id: c.id('sub'), topic, type });
    const got = (topic: string) => (f: Frame) => f.kind === 'text' && f.data['op'] === 'publish' && f.data['topic'] === topic;
    await c.next((f) => topics.every(([t]) => got(t)(f) || c.frames.some(got(t))), windowMs);
    return topics.map(([t]) => `${t} ${c.frames.some(got(t)) ? 'delivered' : 'missed'}`).join(', ');
  } finally { c.close(); }
}

export const LATCHED_TOPICS: [string, string][] = [
  ['/tf_static', 'tf2_msgs/msg/TFMessage'], ['/map', 'nav_msgs/msg/OccupancyGrid'], ['/robot_description', 'std_msgs/msg/String'],
];

/** What a server sends back for an op it cannot carry out. */
export async function refusal(url: string, kind: 'wrong type' | 'unknown op' | 'unknown service'): Promise<string> {
  const c = await RawClient.open(url);
  try {
    if (kind === 'unknown service') {
      const r = await c.call('/no_such_service_here');
      if (!r) return 'no reply';
      return `service_response result ${String(r['result'])}, values ${shape(r['values'])}`;
    }
    const id = c.id('op');
    c.send(kind === 'wrong type' ? { op: 'subscribe', id, topic: '/scan', type: 'std_msgs/msg/String' } : { op: 'frobnicate', id });
    const f = await c.next((x) => x.kind === 'text' && x.data['op'] === 'status', 3000);
    if (!f || f.kind !== 'text') return 'no status frame';
    return `status ${String(f.data['level'])}${f.data['id'] === id ? ' with the op id' : ' without the op id'}`;
  } finally { c.close(); }
}

/** Equal, where an empty array (`?[]`, element type unseen) on either side matches any array. */
export function sameShape(a: string, b: string): boolean {
  const pattern = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\?\\\[\\\]/g, '.*?\\[\\]')}$`);
  return a === b || pattern(a).test(b) || pattern(b).test(a);
}

export function row(behaviour: string, sim: string, real: string, expectAgree = true, why?: string): ParityRow {
  return { behaviour, sim, real, agree: sameShape(sim, real), expectAgree, ...(why ? { why } : {}) };
}

export function formatTable(rows: ParityRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return ['| behaviour | sim | real (rosbridge-server-rs 0.1.6) | agree |', '|---|---|---|---|',
    ...rows.map((r) => `| ${esc(r.behaviour)} | ${esc(r.sim)} | ${esc(r.real)} | ${r.agree ? 'yes' : r.expectAgree ? '**NO**' : `no (${r.why ?? 'expected'})`} |`)].join('\n');
}
