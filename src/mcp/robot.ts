/**
 * The one robot an MCP server serves: a rosbridge link kept open for the server's life, the robot-side bridge's config
 * loader (RvizBridge), the config RViz has loaded now (latched on /rviz_companion/rviz_config_current) and a sampler
 * of the robot's streams for the rate- and stamp-based findings. Shared by every MCP client of the server.
 */
import { bridgeInGraph } from '../core/bridge/state.ts';
import { bridgeConfigCurrentTopic, bridgeStringType } from '../core/bridge/status.ts';
import { topicsToSample, type StampSample } from '../core/diagnosis/index.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import { RvizBridge, sampleTopics, type RobotLink, type TopicSampler } from '../link/index.ts';
import { openRobotSession } from '../cli/robot-session.ts';

/** How long to wait at start for the latched config the robot's RViz runs now. */
const CONFIG_WAIT_MS = 1500;
/** TF arrives after the graph; wait this long for it at start. */
const TF_WAIT_MS = 1500;

export interface RobotConnection {
  readonly url: string;
  readonly link: RobotLink;
  readonly bridge: RvizBridge;
  /** The graph now (cached by the link for a few seconds), with TF and measured rates. */
  snapshot(): Promise<GraphSnapshot>;
  /** Header stamps seen so far and since when the robot has been watched (for diagnose). */
  sampling(): { stamps: StampSample[]; since: number };
  /** Whether a bridge node takes configs on /rviz_companion/rviz_config. */
  hasBridge(snapshot: GraphSnapshot): boolean;
  /** The config RViz has loaded now, as the bridge last reported it; undefined when it reports none. */
  currentConfig(): string | undefined;
  /** Called with every config the bridge reports (latched replays included). Returns an unsubscribe function. */
  onConfig(listener: (text: string) => void): () => void;
  close(): Promise<void>;
}

export interface OpenRobotOptions {
  url: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Passed to RvizBridge: how long apply/undo wait for the bridge's status. */
  bridgeTimeoutMs?: number;
}

/** Connects (a CliError naming the robot when it cannot), waits for TF and the latched config, starts watching. */
export async function openRobot(options: OpenRobotOptions): Promise<RobotConnection> {
  const session = await openRobotSession({
    url: options.url, sampleMs: 0, tfGraceMs: TF_WAIT_MS,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}), ...(options.signal ? { signal: options.signal } : {}),
  });
  const link = session.link;
  const bridge = new RvizBridge(link, options.bridgeTimeoutMs ? { timeoutMs: options.bridgeTimeoutMs } : {});
  bridge.start();
  let current: string | undefined;
  const listeners = new Set<(text: string) => void>();
  const stopConfig = link.subscribe(bridgeConfigCurrentTopic, bridgeStringType, (message) => {
    const data = (message as { data?: unknown }).data;
    if (typeof data !== 'string') return;
    current = data;
    for (const l of [...listeners]) {
      try { l(data); } catch { /* a listener's failure is its own */ }
    }
  });
  const sampler: TopicSampler = sampleTopics(link, topicsToSample(session.snapshot));
  const reports = session.snapshot.topics.some((t) => t.name === bridgeConfigCurrentTopic && t.publishers.length > 0);
  for (let waited = 0; reports && current === undefined && waited < CONFIG_WAIT_MS && !options.signal?.aborted; waited += 25) {
    await new Promise((r) => setTimeout(r, 25));
  }
  let closed = false;
  return {
    url: session.url,
    link,
    bridge,
    snapshot: () => link.snapshot(),
    sampling: () => ({ stamps: [...sampler.stamps.values()], since: sampler.since }),
    hasBridge: (snapshot) => bridgeInGraph(snapshot.topics),
    currentConfig: () => current,
    onConfig: (listener) => { listeners.add(listener); return () => { listeners.delete(listener); }; },
    close: async () => {
      if (closed) return;
      closed = true;
      listeners.clear();
      stopConfig();
      sampler.stop();
      bridge.stop();
      await session.close();
    },
  };
}
