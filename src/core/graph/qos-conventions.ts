/**
 * Documented QoS conventions used to infer a publisher's QoS when nothing reports it.
 * Each rule cites its source; see shared/reference/ros-rosbridge-rviz-facts.md §5.
 * A rule matches on the topic's last name segment (so namespaced `/robot1/map` matches `map`)
 * and, where given, on the message type, so an unrelated topic that happens to be called `map` is not misjudged.
 */
import type { QosProfile } from './types.ts';

export interface NameConvention {
  /** Last segment of the topic name, e.g. `map` for `/map` and `/robot1/map`. */
  lastSegment: string;
  /** Message types the convention applies to (ROS 2 form). */
  types: readonly string[];
  qos: QosProfile;
  /** Shown to the user as the reason of the inference. */
  reason: string;
}

export interface TypeConvention {
  type: string;
  qos: QosProfile;
  reason: string;
}

const latched: QosProfile = { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 };
const sensorData: QosProfile = { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 };

/** Topic-name conventions; checked before the type conventions. */
export const nameConventions: readonly NameConvention[] = [
  { lastSegment: 'map', types: ['nav_msgs/msg/OccupancyGrid'], qos: latched,
    reason: 'latched by convention: nav2 map_server and slam_toolbox publish the map Reliable + Transient Local, depth 1' },
  { lastSegment: 'map_metadata', types: ['nav_msgs/msg/MapMetaData'], qos: latched,
    reason: 'latched by convention: map_server and slam_toolbox publish map_metadata Reliable + Transient Local, depth 1' },
  { lastSegment: 'costmap', types: ['nav_msgs/msg/OccupancyGrid'], qos: latched,
    reason: 'latched by convention: Nav2 costmaps are subscribed Transient Local depth 1 in the nav2 RViz config' },
  { lastSegment: 'robot_description', types: ['std_msgs/msg/String'], qos: latched,
    reason: 'latched by convention: robot_state_publisher publishes robot_description QoS(1).transient_local()' },
  { lastSegment: 'tf_static', types: ['tf2_msgs/msg/TFMessage'], qos: latched,
    reason: 'latched by convention: tf2 StaticBroadcasterQoS = QoS(1).transient_local()' },
  { lastSegment: 'tf', types: ['tf2_msgs/msg/TFMessage'],
    qos: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 100 },
    reason: 'by convention: tf2 DynamicBroadcasterQoS = QoS(100), Reliable + Volatile' },
];

/** Sensor types that drivers typically publish with SensorDataQoS (Best Effort); varies by driver. */
export const typeConventions: readonly TypeConvention[] = [
  'sensor_msgs/msg/LaserScan',
  'sensor_msgs/msg/PointCloud2',
  'sensor_msgs/msg/Image',
  'sensor_msgs/msg/CompressedImage',
  'sensor_msgs/msg/CameraInfo',
  'sensor_msgs/msg/Imu',
  'sensor_msgs/msg/Range',
].map((type) => ({
  type,
  qos: sensorData,
  reason: `sensor data by convention: drivers typically publish ${type.split('/').pop()} with SensorDataQoS (Best Effort, Volatile); depends on the driver`,
}));
