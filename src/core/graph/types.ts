/**
 * The robot snapshot: what the companion knows about a live ROS 2 graph at one moment.
 * Produced by src/link, read by diagnosis, planner, assistant and the UI. Immutable once built.
 */

/** Where a QoS fact comes from: the bridge topic `/rviz_companion/qos`, a documented convention, or nothing. */
export type QosSource = 'reported' | 'inferred' | 'unknown';

export type Reliability = 'reliable' | 'best_effort' | 'system_default' | 'unknown';
export type Durability = 'volatile' | 'transient_local' | 'system_default' | 'unknown';
export type History = 'keep_last' | 'keep_all' | 'system_default' | 'unknown';

export interface QosProfile {
  reliability: Reliability;
  durability: Durability;
  history: History;
  /** Queue depth; undefined when not known (DDS often does not report it for remote endpoints). */
  depth?: number;
}

/** One publisher or subscriber of a topic with its QoS and where that QoS comes from. */
export interface Endpoint {
  node: string;
  qos: QosProfile;
  source: QosSource;
  /** Why an inferred QoS was inferred (e.g. "latched by convention: /map"). */
  reason?: string;
}

export interface TopicInfo {
  name: string;
  /** ROS 2 form: `sensor_msgs/msg/LaserScan`. */
  type: string;
  publishers: Endpoint[];
  subscribers: Endpoint[];
  /** Messages per second measured at the client (browser or CLI), when sampled; undefined otherwise. */
  rateHz?: number;
  /** Wall-clock ms of the last message seen at the client, when sampled. */
  lastMessageAt?: number;
}

export interface TfEdge {
  child: string;
  parent: string;
  isStatic: boolean;
  /** Header stamp of the latest transform, seconds (ROS time). */
  stampSec: number;
  /** Wall-clock ms at which the client received it. */
  receivedAt: number;
}

export type Presence = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'error';

export type Severity = 'info' | 'warning' | 'error';

/** A problem with a stable id (`link:connection-failed`, `graph:slow`), cleared by id or prefix on recovery. */
export interface Problem {
  id: string;
  severity: Severity;
  message: string;
  tip?: string;
}

export interface GraphSnapshot {
  /** Wall-clock ms when this snapshot was assembled. */
  takenAt: number;
  url: string;
  presence: Presence;
  /** From /rosapi/get_ros_version when available. */
  ros?: { version: number; distro: string };
  /** Sorted by name. Every topic has a type. */
  topics: TopicInfo[];
  nodes: string[];
  /** Latest edge per child frame from /tf and /tf_static. */
  tf: TfEdge[];
  problems: Problem[];
  /** Whether `/rviz_companion/qos` was present (QoS facts then have source `reported`). */
  qosReported: boolean;
}
