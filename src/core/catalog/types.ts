/**
 * The RViz2 display catalog, as data (catalog/displays.json, checked by catalog/schema.json).
 * Every property name and enum value is spelled exactly as RViz2 writes it in a .rviz file.
 */

export type Distro = 'humble' | 'jazzy' | 'kilted' | 'rolling';

export type PropertyKind = 'bool' | 'int' | 'float' | 'enum' | 'color' | 'frame' | 'topic' | 'vector' | 'string';

export interface QosDefaults {
  depth: number;
  history: 'Keep Last' | 'Keep All' | 'System Default';
  reliability: 'Reliable' | 'Best Effort' | 'System Default';
  durability: 'Volatile' | 'Transient Local' | 'System Default';
}

export interface PropertySpec {
  /** Path below the display, `/`-separated: `Size (m)`, `Topic/Reliability Policy`, `Autocompute Value Bounds/Max Value`. */
  path: string;
  kind: PropertyKind;
  /** Default as RViz2 writes it (strings for enum/color/frame/topic; numbers; booleans). */
  default?: string | number | boolean;
  min?: number;
  max?: number;
  /** Allowed values for `enum`. */
  values?: string[];
  /**
   * RViz2 EditableEnumProperty: a string outside `values` can be typed in (QoS policies, Channel Name). The catalog
   * still refuses unknown strings unless `dynamicValues` says the list is the data's own (a cloud's field names).
   */
  editable?: boolean;
  /**
   * RViz2 fills the option list at run time from the data or the robot: the transformers that fit the message, a cloud's
   * field names, the installed transports. `values` lists the usual ones; the file may hold others (lint only warns).
   */
  dynamicValues?: boolean;
  /** RViz2 writes `""` here until it has chosen a value, and chooses one on load (point cloud transformers). */
  emptyAllowed?: boolean;
  /** Settings that must equal a value for this property to take effect, e.g. Axis needs `Color Transformer: AxisColor`. */
  requires?: { path: string; value: string }[];
  /** Settings that must differ from a value: `Size (m)` is hidden while `Style` is `Points`. See `conditionsOf`. */
  requiresNot?: { path: string; value: string }[];
  /** Settings that must hold one of some values: `Links/Expand Tree` needs a tree `Links/Link Tree Style`. */
  requiresOneOf?: { path: string; values: string[] }[];
  /** RViz2 never shows it in its panel (the display sets it itself, e.g. Temperature's Channel Name); the file still sets it. */
  hidden?: boolean;
  /** A fact its fields cannot say (how RViz2 really uses it), with its source. */
  note?: string;
  /** Why a fact about it could not be checked upstream. */
  unverified?: string;
  /** First distro that has it, when not all do (TF filters: jazzy). */
  since?: Distro;
  /** Last distro that has it, when newer ones dropped it (PointCloud2 `Topic/Filter size`: humble). */
  until?: Distro;
  /** Words people use for this property ("point size", "transparency"). Lowercase. */
  words?: string[];
  /** Words that name one value of this property ("latched" → `Transient Local`, "height" → `Z`). Lowercase. */
  valueWords?: ValueWords[];
}

export interface ValueWords {
  /** The value exactly as RViz2 writes it; for enums, one of `values`. */
  value: string;
  words: string[];
}

export interface DisplayTypeSpec {
  /** `rviz_default_plugins/LaserScan`, `rviz_common/Group`. */
  classId: string;
  /** Short name RViz2 uses as the default display name: `LaserScan`. */
  name: string;
  summary: string;
  /** Accepted ROS 2 message types (`sensor_msgs/msg/LaserScan`); empty when the display has no topic. */
  messageTypes: string[];
  /** Property paths that hold a topic name: `Topic`, `Description Topic`, `Update Topic`, `Interactive Markers Namespace`… */
  topicProperties: string[];
  /** Default QoS per topic property, as RViz2 requests it. */
  defaultQos?: Record<string, QosDefaults>;
  /**
   * Last name parts RViz2 reads through a transport plugin: `/cam/image_raw/compressed` is the base topic
   * `/cam/image_raw` with transport `compressed`, so its own message type is not one of `messageTypes`.
   */
  transports?: TransportSuffix[];
  /** Topics RViz2 also subscribes, named after a topic property's value (Camera's `camera_info`, Marker's `_array`). */
  derivedTopics?: DerivedTopic[];
  /** Topic used when the user names none and no live topic of the type exists (`/scan`, `/map`…). */
  conventionalTopic?: string;
  /** Settings a display added on a topic whose name holds a word takes by convention (Map on a costmap: Color Scheme costmap). */
  topicDefaults?: { topicWord: string; set: Record<string, string>; why: string }[];
  properties: PropertySpec[];
  /** Words people use for this type: "lidar", "laser" → LaserScan. Lowercase. */
  words: string[];
  since?: Distro;
  /** Why a fact about it could not be checked upstream. */
  unverified?: string;
  /** Where the facts come from (file paths in ros2/rviz, docs pages). */
  sources: string[];
}

export interface TransportSuffix {
  suffix: string;
  since?: Distro;
  /** Why its distro bound could not be checked upstream (ffmpeg, cloudini: ros2/rviz#1568). */
  unverified?: string;
}

export interface DerivedTopic {
  /** The topic property whose value it is derived from (`Topic`, `Depth Map Topic`). */
  from: string;
  /** `sibling`: the last name part replaced (`/camera/image_raw` → `/camera/camera_info`); `suffix`: appended (`/m` → `/m_array`). */
  rule: 'sibling' | 'suffix';
  part: string;
  messageType: string;
  /** QoS RViz2 subscribes it with; absent when it is the QoS of `from`. */
  qos?: QosDefaults;
  /** Whether the display shows nothing until a message arrives on it. */
  required: boolean;
  note: string;
}

export interface CatalogFile {
  schemaVersion: 1;
  displays: DisplayTypeSpec[];
  /** Phrases that hold a display type's word but name something else: "fixed frame", "the other robot". Lowercase. */
  otherPhrases?: string[];
}
