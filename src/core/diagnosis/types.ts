/**
 * Diagnosis contracts: the findings rules compute from a robot snapshot and an RViz document, and what
 * `diagnose` takes. Findings are the truth; model answers are advice.
 */
import type { GraphSnapshot, Severity } from '../graph/types.ts';
import type { RvizDocument } from '../rviz/document.ts';

export const FINDING_CODES = [
  'QOS_RELIABILITY_MISMATCH', 'QOS_DURABILITY_MISMATCH', 'TOPIC_NO_PUBLISHER', 'TOPIC_TYPE_MISMATCH',
  'FIXED_FRAME_NOT_IN_TF', 'DISPLAY_FRAME_NOT_IN_TF', 'TF_TREE_DISCONNECTED', 'TF_STALE', 'NO_DATA', 'CLOCK_SKEW',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

/** A rule-computed fact about the robot and the document. Findings are the truth; model answers are advice. */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  /**
   * What the finding is about. `display` and `topic` are filled whenever the finding involves them, whatever the kind,
   * so a UI can mark the display and the topic alike.
   */
  subject: { kind: 'display' | 'topic' | 'frame'; name: string; display?: string; topic?: string };
  /** One sentence naming the display and the topic, e.g. `LaserScan "Scan" requests Reliable but /scan is ...`. */
  summary: string;
  /** The facts behind it, one a line, each with its source (the config, RViz default, reported, inferred, measured). */
  evidence: string[];
  /** What to change, when the rule knows (e.g. `set Topic/Reliability Policy to Best Effort`). */
  hint?: string;
  /** Key path in the document the finding is about (`Visualization Manager/Displays/3`), when it concerns the config. */
  path?: string;
}

/** The header stamp (and frame) of the latest message seen on a topic, sampled at the client. */
export interface StampSample {
  topic: string;
  /** header.stamp in seconds (ROS time of the robot). */
  stampSec: number;
  /** header.frame_id, when the message has one. */
  frameId?: string;
  /** Wall-clock ms at which the client received the message. */
  receivedAt: number;
}

/**
 * What the link knows about one of its subscriptions on the current connection (RobotLink.subscriptionFacts): lets
 * NO_DATA judge every subscribed topic, not only sampled ones, and name the likely cause even when the server sent no
 * status (rosbridge_suite 2.1 only logs a refusal).
 */
export interface SubscriptionFact {
  topic: string;
  /** The message type the subscription asked for. */
  type: string;
  /** Wall-clock ms of the first subscribe on the current connection. */
  since: number;
  /** Messages received on the current connection. */
  received: number;
  /** rosbridge `throttle_rate` of the subscription (ms). */
  throttleMs: number;
  /** The server's refusal, when it sent a status (rosbridge-server-rs does; rosbridge_suite 2.1 does not). */
  refused?: string;
  /** Re-subscriptions made on this connection to get a missed latched sample. */
  resubscribes: number;
}

/** Named thresholds of the rules; every rule reads its own from here. */
export interface DiagnoseOptions {
  /** A dynamic TF edge not received for this long (ms) is stale. */
  tfStaleAfterMs: number;
  /** A dynamic TF edge whose stamp lags the rest of the tree by more than this (s) is stale (frozen stamps). */
  tfStampLagSec: number;
  /** Header stamps further than this (s) from the client's clock are skewed. */
  clockSkewSec: number;
  /** Stamps below this (s since 1970) look like simulation time started near zero. */
  simTimeBelowSec: number;
  /** NO_DATA needs rate sampling of at least this long (ms): shorter windows prove nothing. */
  noDataMinWindowMs: number;
  /** NO_DATA judges a subscription (SubscriptionFact) that received nothing for this long (ms). */
  noDataSubscribedMs: number;
  /** At most this many frames are named in one summary. */
  maxNamed: number;
}

export interface DiagnoseInput {
  /** The RViz config; without it only robot findings (TF, NO_DATA, CLOCK_SKEW) are computed. */
  document?: RvizDocument;
  snapshot: GraphSnapshot;
  /** Wall-clock ms "now" (the rules never read a clock themselves). */
  now: number;
  /** Latest header stamps per topic (CLOCK_SKEW, frames of displayed messages). */
  stamps?: readonly StampSample[];
  /**
   * Wall-clock ms at which rate sampling of the snapshot's sampled topics began. Without it NO_DATA is not reported,
   * because an empty rate could come from a window too short to see anything.
   */
  sampledSince?: number;
  /** The link's subscriptions (RobotLink.subscriptionFacts): NO_DATA then judges them too, with their likely cause. */
  subscriptions?: readonly SubscriptionFact[];
  options?: Partial<DiagnoseOptions>;
}
