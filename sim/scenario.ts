// Loads scenario files: schema check (ajv), template expansion, QoS resolution and cross-checks, each error naming file and JSON path.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { GENERATORS, defaultGenerator } from './generators/index.ts';
import { Params } from './generators/common.ts';
import { QOS_PRESETS, resolveQos } from './qos.ts';
import { defaultBridgeSettings } from './bridge.ts';
import type { BridgeSettings, Endpoint, Frame, LoadResult, Scenario, ScenarioFile, ServerSettings, TopicFile, TopicSpec } from './types.ts';

export const SCENARIOS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'scenarios');
export const BRIDGE_QOS_TOPIC = '/rviz_companion/qos';
/** The companion publishes a whole .rviz here; the bridge makes RViz load it. */
export const BRIDGE_CONFIG_IN = '/rviz_companion/rviz_config';
/** The .rviz RViz has loaded now (latched). */
export const BRIDGE_CONFIG_CURRENT = '/rviz_companion/rviz_config_current';
/** The bridge's answer to each config (JSON, latched). */
export const BRIDGE_CONFIG_STATUS = '/rviz_companion/rviz_config_status';
export const BRIDGE_NODE = '/rviz_companion_bridge';
const BRIDGE_TOPICS: readonly string[] = [BRIDGE_QOS_TOPIC, BRIDGE_CONFIG_IN, BRIDGE_CONFIG_CURRENT, BRIDGE_CONFIG_STATUS];
/** As real robots: publishers discovered about 2 s after rosbridge starts, no status frames (rosbridge_suite 2.1). */
export const defaultServerSettings: Readonly<ServerSettings> = Object.freeze({ discoveryDelayMs: 2000, statusFrames: false });

/** Topics the server itself feeds (not through a message generator). */
export const BRIDGE_GENERATORS: ReadonlySet<string> = new Set(['bridge_qos', 'bridge_config']);

const schema = JSON.parse(readFileSync(join(SCENARIOS_DIR, 'schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: false, strict: false }).compile<ScenarioFile>(schema);

/** Scenario names found in sim/scenarios (every NAME.json but the schema), sorted. */
export function listScenarios(): string[] {
  return readdirSync(SCENARIOS_DIR)
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The file a name or path refers to: a bare name is looked up in sim/scenarios. */
export function scenarioPath(nameOrPath: string): string {
  return /^[a-z][a-z0-9_]*$/.test(nameOrPath) ? join(SCENARIOS_DIR, `${nameOrPath}.json`) : resolve(nameOrPath);
}

/** Loads a scenario by name (sim/scenarios/NAME.json) or file path. */
export function loadScenario(nameOrPath: string): LoadResult {
  const file = scenarioPath(nameOrPath);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const known = listScenarios().join(', ');
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    return { ok: false, reason: `sim: scenario "${nameOrPath}" cannot be read (${file}: ${why}; scenarios: ${known})` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `sim: scenario ${file}: invalid JSON (${(err as Error).message})` };
  }
  return parseScenario(raw, file);
}

function describeError(e: ErrorObject): string {
  const where = e.instancePath === '' ? '/' : e.instancePath;
  const params = e.params as Record<string, unknown>;
  const detail = Array.isArray(params['allowedValues']) ? ` (allowed: ${(params['allowedValues'] as unknown[]).join(', ')})`
    : typeof params['additionalProperty'] === 'string' ? ` ("${params['additionalProperty']}")` : '';
  return `${where} ${e.message ?? 'is invalid'}${detail}`;
}

const PLACEHOLDER = /\{i(?:([/%+])(\d+))?\}/g;

function substitute(value: unknown, i: number): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_m, op: string | undefined, n: string | undefined) => {
      if (!op || !n) return String(i);
      const d = Number(n);
      return String(op === '/' ? Math.floor(i / d) : op === '%' ? i % d : i + d);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, i));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, i)]));
  return value;
}

class ScenarioError extends Error {}

/** Validates and resolves an already-parsed scenario object; `source` names it in errors. */
export function parseScenario(raw: unknown, source = '<object>'): LoadResult {
  if (!validate(raw)) {
    return { ok: false, reason: `sim: scenario ${source}: ${(validate.errors ?? []).map(describeError).join('; ')}` };
  }
  try {
    return { ok: true, scenario: resolveScenario(raw, source) };
  } catch (err) {
    if (err instanceof ScenarioError) return { ok: false, reason: `sim: scenario ${source}: ${err.message}` };
    throw err;
  }
}

function resolveScenario(file: ScenarioFile, source: string): Scenario {
  const frames: Frame[] = (file.tf?.frames ?? []).map((f, i) => {
    if (f.child === f.parent) throw new ScenarioError(`/tf/frames/${i}: frame "${f.child}" is its own parent`);
    return {
      child: f.child, parent: f.parent, xyz: f.xyz ?? [0, 0, 0], rpy: f.rpy ?? [0, 0, 0], dynamic: f.dynamic ?? false,
      motion: f.motion ?? 'none', params: f.params ?? {}, staleAfterSec: f.staleAfterSec,
    };
  });
  const seenFrames = new Map<string, number>();
  frames.forEach((f, i) => {
    const before = seenFrames.get(f.child);
    if (before !== undefined) throw new ScenarioError(`/tf/frames/${i}: frame "${f.child}" already has a parent (/tf/frames/${before})`);
    seenFrames.set(f.child, i);
  });

  const entries: Array<{ topic: TopicFile; where: string }> = (file.topics ?? []).map((topic, i) => ({ topic, where: `/topics/${i}` }));
  (file.templates ?? []).forEach((tpl, t) => {
    for (let i = 0; i < tpl.count; i++) entries.push({ topic: substitute(tpl.topic, i) as TopicFile, where: `/templates/${t}/topic (i=${i})` });
  });

  const scenario: Scenario = {
    name: file.name, description: file.description, distro: file.distro, bridgeQos: file.bridgeQos ?? true, bridge: undefined,
    rvizConfig: file.rvizConfig === undefined ? undefined : readRvizConfig(file.rvizConfig, source),
    server: { ...defaultServerSettings, ...file.server },
    nodes: [], topics: [], tf: { frames }, services: [], source,
  };
  const byName = new Map<string, string>();
  for (const { topic, where } of entries) {
    const previous = byName.get(topic.name);
    if (previous) throw new ScenarioError(`${where}/name: topic "${topic.name}" is declared twice (first at ${previous})`);
    byName.set(topic.name, where);
    scenario.topics.push(resolveTopic(topic, where));
  }
  if (scenario.bridgeQos) {
    for (const reserved of BRIDGE_TOPICS) {
      if (byName.has(reserved)) throw new ScenarioError(`${byName.get(reserved)}/name: ${reserved} belongs to the bridge the sim runs itself; remove it or set bridgeQos false`);
    }
  }
  Object.assign(scenario, withBridge(scenario, scenario.bridgeQos ? (file.bridge ?? {}) : false));
  scenario.services = (file.services ?? []).map((s) => ({ name: s.name, type: s.type, node: s.node, response: s.response ?? {} }));

  // Every generator must exist, produce the topic's type and accept its params: fail at load, not on the first tick.
  scenario.topics.forEach((topic) => {
    if (topic.silent || BRIDGE_GENERATORS.has(topic.generator)) return;
    const where = byName.get(topic.name) ?? '/';
    const gen = GENERATORS[topic.generator];
    if (!gen) throw new ScenarioError(`${where}/generator: unknown generator "${topic.generator}" (generators: ${Object.keys(GENERATORS).join(', ')})`);
    if (!gen.types.includes(topic.type)) throw new ScenarioError(`${where}: generator "${topic.generator}" produces ${gen.types.join(' | ')}, not ${topic.type}`);
    try {
      gen.create(new Params(topic.params, where), scenario, topic);
    } catch (err) {
      const message = (err as Error).message;
      throw new ScenarioError(message.startsWith('/') ? message : `${where}/${message}`);
    }
  });

  const nodes = new Set(file.nodes ?? []);
  for (const t of scenario.topics) for (const e of [...t.publishers, ...t.subscribers]) nodes.add(e.node);
  for (const s of scenario.services) nodes.add(s.node);
  scenario.nodes = [...nodes].sort();
  return scenario;
}

/**
 * The scenario with the bridge node as given: `false` = no bridge at all (no bridge topics); otherwise its settings
 * over the defaults. Used at load time and by `startSim({bridge})` / `sim --read-only --no-bridge`.
 */
export function withBridge(scenario: Scenario, bridge: Partial<BridgeSettings> | false): Scenario {
  const topics = scenario.topics.filter((t) => !BRIDGE_TOPICS.includes(t.name) || !isBridgeTopic(t));
  const otherNodes = scenario.nodes.filter((n) => n !== BRIDGE_NODE);
  if (bridge === false) return { ...scenario, bridgeQos: false, bridge: undefined, topics, nodes: otherNodes };
  const settings: BridgeSettings = { ...defaultBridgeSettings, config: scenario.rvizConfig !== undefined, ...scenario.bridge, ...bridge };
  const bridgeTopic = (name: string, generator: string): TopicSpec => ({
    name, type: 'std_msgs/msg/String', publishers: [{ node: BRIDGE_NODE, qos: { ...QOS_PRESETS.latched } }],
    subscribers: [], rate: undefined, latched: true, silent: false, clock: 'wall', generator, params: {},
  });
  topics.push(bridgeTopic(BRIDGE_QOS_TOPIC, 'bridge_qos'));
  if (settings.config) {
    topics.push(bridgeTopic(BRIDGE_CONFIG_CURRENT, 'bridge_config'));
    topics.push(bridgeTopic(BRIDGE_CONFIG_STATUS, 'bridge_config'));
    topics.push({ ...bridgeTopic(BRIDGE_CONFIG_IN, ''), publishers: [], subscribers: [{ node: BRIDGE_NODE, qos: { ...QOS_PRESETS.default } }], latched: false, silent: true });
  }
  return { ...scenario, bridgeQos: true, bridge: settings, topics, nodes: [...otherNodes, BRIDGE_NODE].sort() };
}

function isBridgeTopic(t: TopicSpec): boolean {
  return [...t.publishers, ...t.subscribers].some((e) => e.node === BRIDGE_NODE);
}

function readRvizConfig(file: string, source: string): string {
  const base = source.startsWith('<') ? SCENARIOS_DIR : dirname(source);
  const path = isAbsolute(file) ? file : join(base, file);
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new ScenarioError(`/rvizConfig: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function resolveTopic(t: TopicFile, where: string): TopicSpec {
  const latched = t.latched ?? false;
  const pubDefault = latched ? QOS_PRESETS.latched : QOS_PRESETS.default;
  const endpoints = (list: TopicFile['publishers'], fallback: typeof pubDefault): Endpoint[] =>
    (list ?? []).map((e) => ({ node: e.node, qos: resolveQos(e.qos, fallback) }));
  const publishers = endpoints(t.publishers, pubDefault);
  if (latched && publishers.some((p) => p.qos.durability !== 'transient_local')) {
    throw new ScenarioError(`${where}/publishers: a latched topic needs transient_local publishers`);
  }
  if (!t.silent && t.rate === undefined && !latched) {
    throw new ScenarioError(`${where}: give a rate, or latched true (published once), or silent true`);
  }
  const generator = t.generator ?? defaultGenerator(t.type, latched);
  if (!generator && !t.silent) throw new ScenarioError(`${where}/generator: no default generator for ${t.type}; name one`);
  return {
    name: t.name, type: t.type, publishers, subscribers: endpoints(t.subscribers, QOS_PRESETS.default), rate: t.rate, latched,
    silent: t.silent ?? false, clock: t.clock ?? 'wall', generator: generator ?? '', params: t.params ?? {},
  };
}
