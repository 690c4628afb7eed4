// The generator registry: names usable in scenario files, and the default generator for each message type.
import type { Generator } from './common.ts';
import { footprint, occupancyGrid, odometry, path, poseArray, poseStamped, poseWithCovariance, twist } from './nav.ts';
import { cameraInfo, image, jointState, laserScan, pointCloud2, wrench } from './sensors.ts';
import { interactiveMarkers, markerArray, urdf } from './viz.ts';
import { tfDynamic, tfStatic } from './tf.ts';
import { clock, float64, log, temperature, text } from './misc.ts';
import { lidarCloud } from './lidar-cloud.ts';

export const GENERATORS: Readonly<Record<string, Generator>> = {
  laser_scan: laserScan,
  image,
  camera_info: cameraInfo,
  point_cloud2: pointCloud2,
  lidar_cloud: lidarCloud,
  joint_state: jointState,
  wrench,
  occupancy_grid: occupancyGrid,
  odometry,
  path,
  pose_with_covariance: poseWithCovariance,
  pose_stamped: poseStamped,
  pose_array: poseArray,
  twist,
  footprint,
  marker_array: markerArray,
  interactive_markers: interactiveMarkers,
  urdf,
  tf: tfDynamic,
  tf_static: tfStatic,
  float64,
  temperature,
  text,
  clock,
  log,
};

const DEFAULT_BY_TYPE: Readonly<Record<string, string>> = {
  'sensor_msgs/msg/LaserScan': 'laser_scan',
  'sensor_msgs/msg/Image': 'image',
  'sensor_msgs/msg/CameraInfo': 'camera_info',
  'sensor_msgs/msg/PointCloud2': 'point_cloud2',
  'sensor_msgs/msg/JointState': 'joint_state',
  'sensor_msgs/msg/Temperature': 'temperature',
  'geometry_msgs/msg/WrenchStamped': 'wrench',
  'geometry_msgs/msg/PoseWithCovarianceStamped': 'pose_with_covariance',
  'geometry_msgs/msg/PoseStamped': 'pose_stamped',
  'geometry_msgs/msg/PoseArray': 'pose_array',
  'geometry_msgs/msg/Twist': 'twist',
  'geometry_msgs/msg/PolygonStamped': 'footprint',
  'nav_msgs/msg/OccupancyGrid': 'occupancy_grid',
  'nav_msgs/msg/Odometry': 'odometry',
  'nav_msgs/msg/Path': 'path',
  'visualization_msgs/msg/MarkerArray': 'marker_array',
  'visualization_msgs/msg/InteractiveMarkerUpdate': 'interactive_markers',
  'std_msgs/msg/String': 'text',
  'std_msgs/msg/Float64': 'float64',
  'std_msgs/msg/Float32': 'float64',
  'rosgraph_msgs/msg/Clock': 'clock',
  'rcl_interfaces/msg/Log': 'log',
};

/** The generator name a topic uses when its scenario entry names none (TFMessage depends on latching). */
export function defaultGenerator(type: string, latched: boolean): string | undefined {
  if (type === 'tf2_msgs/msg/TFMessage') return latched ? 'tf_static' : 'tf';
  return DEFAULT_BY_TYPE[type];
}
