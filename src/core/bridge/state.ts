/**
 * The RViz state the top bar shows, derived from two facts the companion can see: the bridge's topics in the graph
 * (is a bridge node there at all?) and the latest status that tells its mode (loaded / rviz_exited: a supervised RViz
 * follows; written: the bridge only writes files; a read_only refusal: it takes nothing). Other refusals (bad YAML,
 * too large) leave it as it was; bridges that say their `mode` in every status are understood after a refusal too.
 */
import { bridgeQosTopic } from '../graph/bridge-qos.ts';
import type { Presence, TopicInfo } from '../graph/types.ts';
import { bridgeConfigStatusTopic, bridgeConfigTopic, isReadOnlyRefusal, type BridgeStatus } from './status.ts';

/** rosbridge itself shows up as publisher/subscriber of whatever its clients use: it is not the bridge node. */
const rosbridgeNode = '/rosbridge_websocket';

export type RvizMode = 'offline' | 'checking' | 'no-bridge' | 'bridge' | 'follows' | 'rviz-exited' | 'write-only' | 'read-only';

export interface RvizState {
  mode: RvizMode;
  /** Short text for the top bar. */
  label: string;
  /** One or two sentences: what this means and what to do. */
  detail: string;
  /** A bridge node takes configs on /rviz_companion/rviz_config. */
  bridgePresent: boolean;
  /** Whether "Send to RViz" starts switched on in this state. */
  sendByDefault: boolean;
}

/** The one command that adds the bridge on the machine that runs RViz2, and where its README lives. */
export const bridgeLaunchCommand = 'ros2 launch rviz_companion_bridge companion.launch.py';
export const bridgeReadmePath = 'ros/rviz_companion_bridge/README.md';

/** Whether the graph has a bridge node serving the config topics (not merely rosbridge, which our own use creates). */
export function bridgeInGraph(topics: readonly TopicInfo[]): boolean {
  const find = (name: string) => topics.find((t) => t.name === name);
  const other = (list: TopicInfo['publishers'] | undefined) => (list ?? []).some((e) => e.node !== rosbridgeNode);
  return other(find(bridgeConfigTopic)?.subscribers) || other(find(bridgeConfigStatusTopic)?.publishers);
}

/**
 * Keeps the latest status that tells the bridge's mode. Refusals for other reasons (bad YAML, too large) do not change
 * it, except that one carrying the bridge's `mode` tells it when nothing has yet (a client connecting after a refusal:
 * the status topic keeps only the last message).
 */
export function modeEvidence(previous: BridgeStatus | undefined, status: BridgeStatus): BridgeStatus | undefined {
  if (status.action !== 'refused' || isReadOnlyRefusal(status)) return status;
  return previous ?? (status.mode ? status : undefined);
}

export interface RvizStateInput {
  presence: Presence;
  /** Topics of the latest snapshot; undefined before the first one. */
  topics: readonly TopicInfo[] | undefined;
  /** `modeEvidence` folded over the statuses seen on this connection (the latched one included). */
  evidence: BridgeStatus | undefined;
}

const state = (mode: RvizMode, label: string, detail: string, bridgePresent: boolean, sendByDefault = bridgePresent): RvizState =>
  ({ mode, label, detail, bridgePresent, sendByDefault });

/**
 * @example deriveRvizState({ presence: 'connected', topics: snapshot.topics, evidence }).label  // "RViz follows"
 */
export function deriveRvizState(input: RvizStateInput): RvizState {
  if (input.presence !== 'connected') {
    return state('offline', 'RViz: not connected', 'Connect to a robot to see whether RViz follows the companion.', false);
  }
  if (!input.topics) return state('checking', 'RViz: checking…', 'Looking for the rviz_companion_bridge node in the robot\'s graph.', false);
  if (!bridgeInGraph(input.topics)) {
    const qos = input.topics.find((t) => t.name === bridgeQosTopic)?.publishers.some((e) => e.node !== rosbridgeNode);
    if (qos) {
      return state('no-bridge', 'no bridge',
        'This robot reports QoS on /rviz_companion/qos but nothing takes configs on /rviz_companion/rviz_config, so Apply '
        + 'changes only this document. Run the companion\'s bridge where RViz2 runs to make Apply and Undo reach it.', false);
    }
    return state('no-bridge', 'no bridge',
      'Apply changes only this document: save it and open it in RViz2 by hand. With the companion\'s bridge on the machine '
      + 'that runs RViz2, Apply and Undo reach the running RViz, and every publisher\'s QoS is reported instead of inferred.', false);
  }
  const e = input.evidence;
  if (!e) {
    return state('bridge', 'RViz bridge found',
      'The bridge has not reported a config yet; the first Apply sends the document and its answer says whether RViz follows.', true);
  }
  if (isReadOnlyRefusal(e)) {
    return state('read-only', 'RViz: read-only',
      'The bridge refuses every config (read_only is set). Apply changes only this document; Save it, or restart the bridge with read_only:=false.', true, false);
  }
  // A refusal is evidence only through its `mode` field (modeEvidence): write-only, or else a supervised RViz.
  if (e.action === 'written' || (e.action === 'refused' && e.mode === 'write-only')) {
    return state('write-only', 'RViz: write only',
      `The bridge writes each config${e.file ? ` to ${e.file}` : ''} but supervises no RViz: reopen the file in RViz2, or launch with rviz:=true.`, true);
  }
  if (e.action === 'rviz_exited') {
    return state('rviz-exited', 'RViz exited', `RViz exited on its own${e.reason ? ` (${e.reason})` : ''}; the next Apply starts it again.`, true);
  }
  return state('follows', 'RViz follows', 'Apply and Undo send the whole document; the bridge restarts RViz with it and says when it loaded.', true);
}
