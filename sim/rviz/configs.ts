// The RViz configs the scenarios' robots start with. qos_traps.rviz deliberately disagrees with its publishers
// (see the qos_traps scenario description); the others are sensible starting points.
import { stringify } from 'yaml';
import {
  axes, document, grid, image, interactiveMarkers, laserScan, map, markerArray, odometry, path, pointCloud2, polygon, poseArray,
  poseWithCovariance, robotModel, tf, wrench, type Yaml,
} from './displays.ts';

const LATCHED = { durability: 'Transient Local', depth: 1 } as const;
const BEST_EFFORT = { reliability: 'Best Effort' } as const;

export const RVIZ_CONFIGS: Readonly<Record<string, () => Yaml>> = {
  turtlebot_nav: () => document([
    grid(),
    robotModel('RobotModel', '/robot_description', LATCHED),
    tf(),
    laserScan('LaserScan', '/scan', BEST_EFFORT),
    map('Map', '/map', LATCHED),
    { Class: 'rviz_common/Group', Name: 'Global Planner', Enabled: true, Displays: [
      map('Global Costmap', '/global_costmap/costmap', LATCHED, 'costmap', 0.3),
      path('Global Plan', '/plan', '255; 0; 0'),
    ] },
    { Class: 'rviz_common/Group', Name: 'Controller', Enabled: true, Displays: [
      map('Local Costmap', '/local_costmap/costmap', LATCHED, 'costmap', 0.7),
      path('Local Plan', '/local_plan', '0; 12; 255'),
      polygon('Footprint', '/local_costmap/published_footprint'),
    ] },
    poseWithCovariance('AMCL Pose', '/amcl_pose', LATCHED),
    poseArray('Particle Cloud', '/particle_cloud', BEST_EFFORT),
    pointCloud2('Depth Cloud', '/camera/depth/points', BEST_EFFORT, 'RGB8'),
    image('Camera Image', '/camera/image_raw', BEST_EFFORT),
    markerArray('Waypoints', '/waypoints'),
  ], 'map', { distance: 12 }),

  // Each trap is a display that looks right but cannot work against the qos_traps robot.
  qos_traps: () => document([
    grid(),
    tf(),
    robotModel('RobotModel', '/robot_description', LATCHED),
    laserScan('LaserScan', '/scan', { reliability: 'Reliable' }), // publisher is best effort: no data
    map('Map', '/map', { durability: 'Volatile', depth: 5 }), // publisher is latched and publishes once: never seen
    odometry('Odometry', '/odom_pose'), // /odom_pose is a geometry_msgs/msg/PoseStamped
    markerArray('Obstacles', '/obstacle_markers'), // nobody publishes /obstacle_markers
    pointCloud2('Depth Cloud', '/camera/depth/points', BEST_EFFORT, 'Intensity'), // stamped with sim time from 0
    axes('Gripper Axes', 'gripper_link'), // this robot has no gripper_link frame
  ], 'world', { distance: 8 }), // "world" is not a TF frame of this robot

  manipulator: () => document([
    grid(),
    robotModel('RobotModel', '/robot_description', LATCHED),
    tf(),
    wrench('Tool Wrench', '/wrench', BEST_EFFORT),
    markerArray('Task Markers', '/visualization_marker_array'),
    interactiveMarkers('Target', '/target_marker'),
    pointCloud2('Depth Cloud', '/camera/depth/points', BEST_EFFORT, 'RGB8'),
    image('Color Image', '/camera/color/image_raw', BEST_EFFORT),
  ], 'world', { distance: 3, focal: [0, 0, 1] }),

  multi_robot: () => document([
    grid(),
    map('Map', '/map', LATCHED),
    tf(),
    ...[1, 2].flatMap((n) => [
      robotModel(`Robot${n} Model`, `/robot${n}/robot_description`, LATCHED, `robot${n}`),
      laserScan(`Robot${n} Scan`, `/robot${n}/scan`, BEST_EFFORT),
      odometry(`Robot${n} Odometry`, `/robot${n}/odom`),
      path(`Robot${n} Plan`, `/robot${n}/plan`, n === 1 ? '255; 0; 0' : '0; 170; 255'),
    ]),
  ], 'map', { distance: 14 }),

  // The 100,000-point lidar of the view's performance bench, coloured by intensity as a lidar usually is.
  cloud_100k: () => document([
    grid(),
    tf(),
    pointCloud2('Velodyne', '/velodyne_points', BEST_EFFORT, 'Intensity'),
  ], 'odom', { distance: 20 }),
};

/** The .rviz text of a scenario's starting config, written as RViz2 writes it (keys sorted, `~` for empty). */
export function renderRvizConfig(name: string): string {
  const build = RVIZ_CONFIGS[name];
  if (!build) throw new Error(`sim: no RViz config for scenario "${name}" (configs: ${Object.keys(RVIZ_CONFIGS).join(', ')})`);
  return stringify(build(), { sortMapEntries: true, nullStr: '~', lineWidth: 0, indentSeq: true });
}
