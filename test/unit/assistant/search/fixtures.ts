// Small hand-written knowledge entries for unit tests: enough vocabulary overlap to make ranking and thresholds meaningful.
import type { KbEntry } from '../../../../src/core/assistant/kb.ts';

function entry(id: string, title: string, keywords: string[], text: string, topic: KbEntry['topic'] = 'concepts'): KbEntry {
  return { schemaVersion: 1, id, title, url: `https://docs.ros.org/en/jazzy/${id}.html`, keywords, text, topic };
}

export const FIXTURE_ENTRIES: KbEntry[] = [
  entry('ros-domain-id', 'ROS_DOMAIN_ID and domain mismatches', ['ROS_DOMAIN_ID', 'domain', 'discovery'],
    'Nodes only discover each other when they share a domain. A domain mismatch between two machines means each side sees only its own topics. '
    + 'Set the same ROS_DOMAIN_ID environment variable on every machine, between 0 and 101, and restart the ros2 daemon so the topic list is refreshed.', 'communication'),
  entry('pointcloud2-layout', 'sensor_msgs/PointCloud2 fields and layout', ['PointCloud2', 'point_step', 'row_step'],
    'A point cloud message stores points as packed bytes. Each point takes point_step bytes; a row takes row_step bytes. The fields array names every '
    + 'channel such as x, y, z, intensity or rgb with its offset and datatype. Organised clouds from depth cameras have a height above one.', 'maths'),
  entry('ros2-time-sim-time', 'Time, clocks and use_sim_time', ['use_sim_time', 'clock', 'simulation time'],
    'With the use_sim_time parameter set to true a node takes its time from the /clock topic instead of the wall clock. Replaying a bag or running a '
    + 'simulator publishes /clock; every node of the system must agree on this parameter or transforms look stale and lookups fail.'),
  entry('qos-compatibility', 'QoS compatibility: request vs offer', ['incompatible QoS', 'reliability', 'durability'],
    'A subscription requests QoS and a publisher offers it. A reliable request against a best effort offer is incompatible, and no messages flow; '
    + 'both sides receive an incompatible QoS event naming the last incompatible policy, for example RELIABILITY_QOS_POLICY.', 'communication'),
  entry('rviz-fixed-frame', 'Fixed frame and target frame in RViz2', ['Fixed Frame', 'global options', 'tf'],
    'RViz2 draws everything relative to the fixed frame set under Global Options. When that frame is not published on tf the status shows an error '
    + 'that the fixed frame does not exist; choose a frame that exists, such as odom or map once localisation runs.', 'rviz-display'),
  entry('topic-debugging-cli', 'Debugging topics: ros2 topic list/info -v/echo/hz', ['ros2 topic', 'info -v', 'echo', 'hz'],
    'The ros2 topic command lists topics, prints messages with echo, measures rates with hz and bandwidth with bw. ros2 topic info -v shows every '
    + 'publisher and subscription of a topic together with the QoS profile each endpoint uses, which is the quickest way to find a mismatch.', 'communication'),
  entry('rosbag2', 'Recording and playing back with rosbag2', ['ros2 bag', 'record', 'play'],
    'ros2 bag record writes topics to a bag, ros2 bag play replays them; the --clock option publishes /clock so nodes running with simulated time follow the replay.'),
  entry('quaternions', 'Quaternions for orientation', ['quaternion', 'orientation', 'rotation'],
    'An orientation in ROS messages is a unit quaternion with x, y, z and w. Normalise it before use; the identity has w equal to one and the others zero.', 'maths'),
];

export function withText(entries: KbEntry[], id: string, text: string): KbEntry[] {
  return entries.map((e) => (e.id === id ? { ...e, text } : e));
}
