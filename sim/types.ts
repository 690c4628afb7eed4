// Shapes of a simulated-robot scenario: the JSON file as written (ScenarioFile) and the resolved form the server runs (Scenario).

export type Reliability = 'reliable' | 'best_effort';
export type Durability = 'volatile' | 'transient_local';
export type History = 'keep_last' | 'keep_all';

/** One endpoint's QoS, in the field names of the bridge topic `/rviz_companion/qos`. */
export interface QosProfile {
  reliability: Reliability;
  durability: Durability;
  history: History;
  depth: number;
}

/** Named profiles as rmw/tf2/robot_state_publisher define them (see reference §5). */
export type QosPreset = 'default' | 'sensor_data' | 'latched' | 'tf' | 'tf_static' | 'services_default';

export interface EndpointFile {
  node: string;
  qos?: QosPreset | Partial<QosProfile>;
}

export interface TopicFile {
  name: string;
  type: string;
  publishers?: EndpointFile[];
  subscribers?: EndpointFile[];
  /** Publishing rate in Hz; omitted = publish once at start (useful with latched). */
  rate?: number;
  /** The last message is kept and delivered to late subscribers (transient local). */
  latched?: boolean;
  /** Fault NO_DATA: the publisher exists in the graph but never publishes. */
  silent?: boolean;
  /** Fault CLOCK_SKEW: header stamps count from 0 at sim start (sim time), not wall clock. */
  clock?: 'wall' | 'sim_zero';
  /** Generator name (sim/generators); omitted = the default generator for the type. */
  generator?: string;
  params?: Record<string, unknown>;
}

export interface TemplateFile {
  /** How many topics this template expands to; `{i}`, `{i/N}`, `{i%N}` and `{i+N}` in strings are replaced by the index. */
  count: number;
  topic: TopicFile;
}

export interface FrameFile {
  child: string;
  parent: string;
  xyz?: [number, number, number];
  rpy?: [number, number, number];
  /** Dynamic frames go on /tf, static ones on /tf_static (latched). */
  dynamic?: boolean;
  /** Motion of a dynamic frame: none (fixed offset), circle (the robot's drive path), swing (oscillating joint). */
  motion?: 'none' | 'circle' | 'swing';
  params?: Record<string, number | string>;
  /** Fault TF_STALE: after this many seconds the transform keeps its old stamp. */
  staleAfterSec?: number;
}

export interface ServiceFile {
  name: string;
  type: string;
  node: string;
  /** The `values` a call returns (default `{}`). */
  response?: Record<string, unknown>;
}

/** The emulated bridge node's config loader (sim/bridge.ts). */
export interface BridgeSettings {
  /** The config topics exist (rviz_config in, _status and _current out). Default: when the scenario has an rvizConfig. */
  config: boolean;
  /** Refuse every config, as the bridge's read_only parameter does. Default false. */
  readOnly: boolean;
  /** `restart`: a supervised RViz loads each config (status "loaded"); `none`: the bridge only writes ("written"). */
  reload: 'restart' | 'none';
  /** How long "RViz" takes to load a config (ms). Default 300. */
  loadDelayMs: number;
}

/**
 * How the rosbridge server itself behaves, as the real ones do (reference real-rosbridge-wheels.md): the server
 * discovers the robot's publishers only some time after it starts, and rosbridge_suite (<= 2.1) answers refused
 * operations with no `status` frame at all.
 */
export interface ServerSettings {
  /**
   * A scenario topic's publisher is discovered this long after the server started (staggered per topic within
   * [0.5x, 1x]). Before that the topic is missing from rosapi, delivers nothing, and a subscription made then is
   * volatile: it never receives the latched sample. Default 2000.
   */
  discoveryDelayMs: number;
  /** Refused operations are answered with a `status` frame (rosbridge-server-rs) or not at all (rosbridge_suite 2.1, the default). */
  statusFrames: boolean;
  /**
   * Message packages installed on the robot besides the common ones (installedPackages in sim/session.ts) and those of
   * its own topics. A subscription whose type is in none of them is refused, as a real server that cannot load the
   * message definition does (a Map's `map_msgs` Update Topic on a robot without map_msgs). Default none.
   */
  extraPackages?: readonly string[];
}

export interface ScenarioFile {
  $schema?: string;
  name: string;
  description: string;
  distro: string;
  /** The robot-side bridge node runs (default true): it publishes `/rviz_companion/qos`, and the config topics when rvizConfig is set. */
  bridgeQos?: boolean;
  /** How the bridge's config loader behaves (ignored when bridgeQos is false). */
  bridge?: Partial<BridgeSettings>;
  /** How the rosbridge server behaves (discovery delay, status frames). */
  server?: Partial<ServerSettings>;
  /** The .rviz RViz on this robot starts with (a path relative to the scenario file). */
  rvizConfig?: string;
  /** Extra nodes with no topics (nodes are also collected from topics and services). */
  nodes?: string[];
  topics?: TopicFile[];
  templates?: TemplateFile[];
  /** Static frames go on /tf_static, dynamic ones on /tf at that topic's rate. */
  tf?: { frames: FrameFile[] };
  services?: ServiceFile[];
}

export interface Endpoint {
  node: string;
  qos: QosProfile;
}

export interface TopicSpec {
  name: string;
  type: string;
  publishers: Endpoint[];
  subscribers: Endpoint[];
  rate: number | undefined;
  latched: boolean;
  silent: boolean;
  clock: 'wall' | 'sim_zero';
  generator: string;
  params: Record<string, unknown>;
}

export interface Frame {
  child: string;
  parent: string;
  xyz: [number, number, number];
  rpy: [number, number, number];
  dynamic: boolean;
  motion: 'none' | 'circle' | 'swing';
  params: Record<string, number | string>;
  staleAfterSec: number | undefined;
}

export interface ServiceSpec {
  name: string;
  type: string;
  node: string;
  response: Record<string, unknown>;
}

/** A loaded, validated and expanded scenario. */
export interface Scenario {
  name: string;
  description: string;
  distro: string;
  bridgeQos: boolean;
  /** The bridge's config loader; undefined when no bridge runs (bridgeQos false). */
  bridge: BridgeSettings | undefined;
  /** The text of the .rviz RViz on this robot starts with, if the scenario names one. */
  rvizConfig: string | undefined;
  /** The rosbridge server's behaviour, defaults filled in. */
  server: ServerSettings;
  nodes: string[];
  topics: TopicSpec[];
  tf: { frames: Frame[] };
  services: ServiceSpec[];
  /** Where it was loaded from (a file path, or "<object>"). */
  source: string;
}

export type LoadResult = { ok: true; scenario: Scenario } | { ok: false; reason: string };
