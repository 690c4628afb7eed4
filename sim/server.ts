// startSim: the simulated robot as a rosbridge v2 WebSocket server. Topics publish on shared timers grouped by rate,
// and only build messages someone will receive (or that must be kept because the topic is latched).
import { createServer, type Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { GENERATORS } from './generators/index.ts';
import { Params, rosTimeFromMs, type RosTime, type Tick } from './generators/common.ts';
import { SimGraph, type TopicState } from './graph.ts';
import { SimBridge } from './bridge.ts';
import { BRIDGE_CONFIG_CURRENT, BRIDGE_CONFIG_IN, BRIDGE_CONFIG_STATUS, BRIDGE_GENERATORS, BRIDGE_QOS_TOPIC, loadScenario, withBridge } from './scenario.ts';
import { Discovery } from './discovery.ts';
import { installedPackages, Session } from './session.ts';
import type { SimFidelity } from './fidelity.ts';
import type { BridgeSettings, Scenario, ServerSettings } from './types.ts';

export { listScenarios, loadScenario, parseScenario, withBridge } from './scenario.ts';
export type { BridgeSettings, Scenario, ServerSettings } from './types.ts';
export type { SimBridge, SimBridgeStatus } from './bridge.ts';

export interface SimOptions {
  /** Scenario name (sim/scenarios/NAME.json), a file path, or a loaded scenario. Default turtlebot_nav. */
  scenario?: string | Scenario;
  /** 0 = a free port. Default 9090. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Overrides the scenario's bridge: `false` = no bridge node at all; otherwise settings such as `{readOnly: true}`. */
  bridge?: Partial<BridgeSettings> | false;
  /**
   * Overrides the scenario's server behaviour. The defaults are a real robot's (publishers discovered ~2 s after
   * start, no status frames); tests that are not about those opt out explicitly, e.g. `{ discoveryDelayMs: 0 }`.
   */
  server?: Partial<ServerSettings>;
  /** What real ROS 2 graphs have that a simple sim would not (sim/fidelity.ts); every behaviour is on by default. */
  fidelity?: Partial<SimFidelity>;
}

export interface SimHandle {
  url: string;
  port: number;
  scenario: Scenario;
  close(): Promise<void>;
  /** Sends raw data to every client (tests of malformed or oversized frames). */
  sendRaw(data: string | Buffer): void;
  clientCount(): number;
  /** Publishes `msg` on a topic of the graph as the robot would (kept for late subscribers when the topic is latched). */
  publish(topic: string, msg: Record<string, unknown>): void;
  /** Stops (or resumes) a scenario topic's own publishing. */
  setPaused(topic: string, paused: boolean): void;
  /** The emulated bridge's config loader (current config, statuses, RViz exiting), when the scenario has one. */
  bridge: SimBridge | undefined;
  /** Messages this server sent to clients on a topic (latched replays included), e.g. "did /tf_static reach the app". */
  sent(topic: string): number;
}

/** rosbridge's default max_message_size. */
const MAX_PAYLOAD = 10_000_000;
const QOS_DEBOUNCE_MS = 100;

export async function startSim(opts: SimOptions = {}): Promise<SimHandle> {
  let scenario: Scenario;
  if (typeof opts.scenario === 'object') scenario = opts.scenario;
  else {
    const loaded = loadScenario(opts.scenario ?? 'turtlebot_nav');
    if (!loaded.ok) throw new Error(loaded.reason);
    scenario = loaded.scenario;
  }
  if (opts.bridge !== undefined) scenario = withBridge(scenario, opts.bridge);
  if (opts.server !== undefined) scenario = { ...scenario, server: { ...scenario.server, ...opts.server } };
  const host = opts.host ?? '127.0.0.1';
  const startWall = Date.now();
  const startMono = performance.now();
  const elapsed = (): number => (performance.now() - startMono) / 1000;
  const nowTime = (): RosTime => rosTimeFromMs(startWall + (performance.now() - startMono));

  const discovery = new Discovery(scenario.server.discoveryDelayMs);
  let qosTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const graph = new SimGraph(scenario, () => {
    if (scenario.bridgeQos && !qosTimer && !closed) qosTimer = setTimeout(publishQos, QOS_DEBOUNCE_MS);
  }, opts.fidelity);

  const deliver = (topic: TopicState, envelope: string, latch: boolean): void => {
    if (latch || topic.latched) topic.latest = envelope;
    // Not matched yet: the server has not discovered the publisher, so nothing reaches its subscribers.
    if (!discovery.isDiscovered(topic)) return;
    for (const sub of topic.subscribers) sub.deliver(envelope, topic.latched);
  };

  // The bridge node's config loader (sim/bridge.ts): what a client publishes on rviz_config is checked and "loaded".
  let bridge: SimBridge | undefined;
  const route = (topic: TopicState, envelope: string, latch: boolean): void => {
    deliver(topic, envelope, latch);
    if (bridge && topic.name === BRIDGE_CONFIG_IN) bridge.receive((JSON.parse(envelope) as { msg: unknown }).msg);
  };

  const produce = (topic: TopicState): void => {
    if (!topic.produce) return;
    const now = nowTime();
    const t = elapsed();
    const spec = topic.spec;
    const stamp = spec?.clock === 'sim_zero' ? rosTimeFromMs(t * 1000) : now;
    const tick: Tick = { stamp, now, t, seq: topic.seq++ };
    let msg: Record<string, unknown>;
    try {
      msg = topic.produce(tick);
    } catch (err) {
      // A generator bug must not take the whole robot down: that topic goes quiet and says why, once.
      topic.paused = true;
      console.error(`sim: topic ${topic.name}: generator "${spec?.generator ?? '?'}" failed, topic paused: ${(err as Error).message}`);
      return;
    }
    route(topic, JSON.stringify({ op: 'publish', topic: topic.name, msg }), topic.latched);
  };

  function publishQos(): void {
    qosTimer = undefined;
    const topic = graph.get(BRIDGE_QOS_TOPIC);
    if (!topic || closed) return;
    const data = graph.qosJson(Math.round(Date.now()) / 1000);
    route(topic, JSON.stringify({ op: 'publish', topic: BRIDGE_QOS_TOPIC, msg: { data } }), true);
  }

  // Generators, and the shared timers: one per distinct rate.
  const groups = new Map<number, TopicState[]>();
  for (const topic of graph.all()) {
    const spec = topic.spec;
    if (!spec || spec.silent || BRIDGE_GENERATORS.has(spec.generator)) continue;
    const gen = GENERATORS[spec.generator];
    if (!gen) throw new Error(`sim: topic ${spec.name}: unknown generator "${spec.generator}"`);
    topic.produce = gen.create(new Params(spec.params, spec.name), scenario, spec);
    if (spec.rate !== undefined) groups.set(spec.rate, [...(groups.get(spec.rate) ?? []), topic]);
    if (spec.latched) produce(topic);
  }
  if (scenario.bridgeQos) publishQos();
  if (scenario.bridge?.config) {
    const latchOn = (name: string, data: string): void => {
      const topic = graph.get(name);
      if (topic) deliver(topic, JSON.stringify({ op: 'publish', topic: name, msg: { data } }), true);
    };
    bridge = new SimBridge(scenario.bridge, {
      publish: (which, data) => latchOn(which === 'status' ? BRIDGE_CONFIG_STATUS : BRIDGE_CONFIG_CURRENT, data),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    }, scenario.rvizConfig);
  }

  const timers = [...groups].map(([rate, topics]) => setInterval(() => {
    for (const topic of topics) {
      if (topic.paused) continue;
      if (topic.subscribers.size === 0 && !topic.latched) { topic.seq++; continue; }
      produce(topic);
    }
  }, 1000 / rate));

  const http: Server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('rosbridge v2 (simulated robot): connect with a WebSocket\n');
  });
  const wss = new WebSocketServer({ server: http, maxPayload: MAX_PAYLOAD });
  // ws re-emits the HTTP server's errors (e.g. EADDRINUSE); the listen promise below reports them.
  wss.on('error', () => undefined);
  const installed = installedPackages(scenario.topics.map((t) => t.type), scenario.server.extraPackages);
  const sessions = new Map<WebSocket, Session>();
  const sentCounts = new Map<string, number>();
  wss.on('connection', (ws) => {
    const session = new Session(ws, { graph, now: nowTime, route, discovery, statusFrames: scenario.server.statusFrames, installed,
      onSent: (topic) => sentCounts.set(topic, (sentCounts.get(topic) ?? 0) + 1) });
    sessions.set(ws, session);
    ws.on('message', (data, isBinary) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8')
        : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
      if (isBinary && !text.trimStart().startsWith('{')) {
        session.refuse('Binary (BSON/CBOR) messages are not supported by the simulated robot; send JSON text');
        return;
      }
      session.receive(text);
    });
    ws.on('close', () => { session.close(); sessions.delete(ws); });
    ws.on('error', () => { /* a broken client (e.g. an oversized frame) is closed by ws; the server carries on */ });
  });

  const stopTimers = (): void => {
    closed = true;
    for (const t of timers) clearInterval(t);
    if (qosTimer) clearTimeout(qosTimer);
    bridge?.close();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException): void => {
        reject(err.code === 'EADDRINUSE'
          ? Object.assign(new Error(`sim: port ${opts.port ?? 9090} on ${host} is already in use (choose another with --port, or 0 for a free one)`), { code: 'EADDRINUSE' })
          : err);
      };
      http.once('error', onError);
      http.listen(opts.port ?? 9090, host, () => { http.off('error', onError); resolve(); });
    });
  } catch (err) {
    stopTimers();
    wss.close();
    throw err;
  }
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    scenario,
    bridge,
    clientCount: () => sessions.size,
    sent: (topic) => sentCounts.get(topic) ?? 0,
    sendRaw(data) {
      for (const ws of sessions.keys()) if (ws.readyState === ws.OPEN) ws.send(data);
    },
    publish(name, msg) {
      const topic = graph.get(name);
      if (!topic) throw new Error(`sim: publish: topic "${name}" is not in the graph (scenario ${scenario.name})`);
      route(topic, JSON.stringify({ op: 'publish', topic: name, msg }), topic.latched);
    },
    setPaused(name, paused) {
      const topic = graph.get(name);
      if (!topic) throw new Error(`sim: setPaused: topic "${name}" is not in the graph (scenario ${scenario.name})`);
      topic.paused = paused;
    },
    async close() {
      stopTimers();
      for (const ws of sessions.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
