// Names and allowed values checked against /work/shared/reference/ros-rosbridge-rviz-facts.md §3.1, §3.3, §3.4
// (themselves pulled from ros2/rviz source). The expected lists are written out here on purpose, not read from the catalog.
import { describe, it, expect } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';

const REFERENCE_TYPES: Record<string, string[]> = {
  AccelStamped: ['geometry_msgs/msg/AccelStamped'],
  Axes: [],
  Camera: ['sensor_msgs/msg/Image', 'sensor_msgs/msg/CompressedImage'],
  CameraInfo: ['sensor_msgs/msg/CameraInfo'],
  DepthCloud: ['sensor_msgs/msg/Image'],
  Effort: ['sensor_msgs/msg/JointState'],
  FluidPressure: ['sensor_msgs/msg/FluidPressure'],
  Grid: [],
  GridCells: ['nav_msgs/msg/GridCells'],
  Illuminance: ['sensor_msgs/msg/Illuminance'],
  Image: ['sensor_msgs/msg/Image'],
  InteractiveMarkers: ['visualization_msgs/msg/InteractiveMarkerUpdate'],
  LaserScan: ['sensor_msgs/msg/LaserScan'],
  Map: ['nav_msgs/msg/OccupancyGrid'],
  Marker: ['visualization_msgs/msg/Marker'],
  MarkerArray: ['visualization_msgs/msg/MarkerArray'],
  Odometry: ['nav_msgs/msg/Odometry'],
  Path: ['nav_msgs/msg/Path'],
  PointCloud: ['sensor_msgs/msg/PointCloud'],
  PointCloud2: ['sensor_msgs/msg/PointCloud2'],
  PointStamped: ['geometry_msgs/msg/PointStamped'],
  Polygon: ['geometry_msgs/msg/PolygonStamped'],
  Pose: ['geometry_msgs/msg/PoseStamped'],
  PoseArray: ['geometry_msgs/msg/PoseArray'],
  PoseWithCovariance: ['geometry_msgs/msg/PoseWithCovarianceStamped'],
  Range: ['sensor_msgs/msg/Range'],
  RelativeHumidity: ['sensor_msgs/msg/RelativeHumidity'],
  RobotModel: ['std_msgs/msg/String'],
  TF: ['tf2_msgs/msg/TFMessage'],
  Temperature: ['sensor_msgs/msg/Temperature'],
  TwistStamped: ['geometry_msgs/msg/TwistStamped'],
  Wrench: ['geometry_msgs/msg/WrenchStamped'],
};

const FILTER_SIZE = ['LaserScan', 'Map', 'Marker', 'Odometry', 'Path', 'Polygon', 'Pose', 'PoseArray', 'PoseWithCovariance', 'Range',
  'PointCloud', 'PointStamped', 'GridCells', 'Effort', 'Wrench', 'AccelStamped', 'TwistStamped', 'Illuminance', 'Temperature',
  'FluidPressure', 'RelativeHumidity', 'CameraInfo', 'PointCloud2'];
// The reference puts Filter size on PointCloud2 for humble and jazzy; the jazzy branch of ros2/rviz already derives
// PointCloud2Display from PointCloud2TransportDisplay (point_cloud_transport, #1008), which has no message filter.
const NO_FILTER_SIZE = ['MarkerArray', 'Image', 'Camera'];

function spec(name: string) {
  const d = catalog.resolveType(name);
  if (!d) throw new Error(`test: no display ${name}`);
  return d;
}
function values(display: string, path: string): string[] | undefined {
  return catalog.displays.find((d) => d.name === display)?.properties.find((p) => p.path === path)?.values;
}

describe('display classes (reference §3.1)', () => {
  it('holds exactly the 32 default plugin displays plus rviz_common/Group', () => {
    const expected = [...Object.keys(REFERENCE_TYPES).map((n) => `rviz_default_plugins/${n}`), 'rviz_common/Group'].sort();
    expect(catalog.displays.map((d) => d.classId).sort()).toEqual(expected);
    expect(catalog.displays).toHaveLength(33);
  });

  it('accepts the message types of plugins_description.xml', () => {
    for (const [name, types] of Object.entries(REFERENCE_TYPES)) expect([name, spec(name).messageTypes]).toEqual([name, types]);
  });

  it('marks CameraInfo as jazzy and later', () => {
    expect(spec('CameraInfo').since).toBe('jazzy');
    expect(catalog.displaysIn('humble').map((d) => d.name)).not.toContain('CameraInfo');
    expect(catalog.displaysIn('jazzy').map((d) => d.name)).toContain('CameraInfo');
  });
});

describe('topic properties and default QoS (reference §3.3)', () => {
  it('names the special topic properties', () => {
    expect(spec('RobotModel').topicProperties).toEqual(['Description Topic']);
    expect(spec('Map').topicProperties).toEqual(['Topic', 'Update Topic']);
    expect(spec('InteractiveMarkers').topicProperties).toEqual(['Interactive Markers Namespace']);
    expect(spec('DepthCloud').topicProperties).toEqual(['Depth Map Topic', 'Color Image Topic']);
    expect(spec('Effort').topicProperties).toEqual(['Topic', 'Robot Description']);
    for (const none of ['Axes', 'Grid', 'TF', 'Group']) expect(spec(none).topicProperties).toEqual([]);
  });

  it('uses QoS(5) Reliable Volatile Keep Last for ordinary topics', () => {
    const qos5 = { depth: 5, history: 'Keep Last', reliability: 'Reliable', durability: 'Volatile' };
    for (const name of ['LaserScan', 'PointCloud2', 'Image', 'Camera', 'MarkerArray', 'Odometry', 'Path']) {
      expect(spec(name).defaultQos).toEqual({ Topic: qos5 });
    }
    expect(spec('Map').defaultQos).toEqual({ Topic: qos5, 'Update Topic': qos5 });
  });

  it('uses transient local depth 1 for the robot description, and best effort for DepthCloud', () => {
    const latched = { depth: 1, history: 'Keep Last', reliability: 'Reliable', durability: 'Transient Local' };
    expect(spec('RobotModel').defaultQos).toEqual({ 'Description Topic': latched });
    expect(spec('Effort').defaultQos?.['Robot Description']).toEqual(latched);
    expect(spec('DepthCloud').defaultQos?.['Depth Map Topic']?.reliability).toBe('Best Effort');
    expect(values('DepthCloud', 'Reliability Policy')).toEqual(['System Default', 'Reliable', 'Best effort']);
  });

  it('spells the QoS policies as QosProfileProperty does', () => {
    for (const d of catalog.displays) {
      for (const t of d.topicProperties.filter((t) => d.properties.some((p) => p.path === `${t}/Depth`))) {
        expect(values(d.name, `${t}/History Policy`)).toEqual(['System Default', 'Keep Last', 'Keep All']);
        expect(values(d.name, `${t}/Reliability Policy`)).toEqual(['System Default', 'Reliable', 'Best Effort']);
        expect(values(d.name, `${t}/Durability Policy`)).toEqual(['System Default', 'Transient Local', 'Volatile']);
      }
    }
  });

  it('gives Topic/Filter size only to MessageFilterDisplay subclasses, and drops it from PointCloud2 after humble (point_cloud_transport, jazzy branch)', () => {
    for (const name of FILTER_SIZE) expect([name, catalog.property(spec(name), 'Topic/Filter size')?.default]).toEqual([name, 10]);
    for (const name of NO_FILTER_SIZE) expect([name, spec(name).properties.some((p) => p.path === 'Topic/Filter size')]).toEqual([name, false]);
    expect(catalog.property(spec('PointCloud2'), 'Topic/Filter size')?.until).toBe('humble');
    expect(spec('RobotModel').properties.some((p) => p.path.endsWith('Filter size'))).toBe(false);
  });
});

describe('property names and allowed values (reference §3.4)', () => {
  it('spells the point cloud styles and colour transformers', () => {
    for (const name of ['PointCloud2', 'PointCloud', 'DepthCloud']) {
      expect(values(name, 'Style')).toEqual(['Points', 'Squares', 'Flat Squares', 'Spheres', 'Boxes', 'Tiles']);
      expect(values(name, 'Position Transformer')).toEqual(['XYZ']);
    }
    for (const name of ['PointCloud2', 'PointCloud']) {
      expect(values(name, 'Color Transformer')).toEqual(['Intensity', 'RGB8', 'RGBF32', 'AxisColor', 'FlatColor']);
    }
    // The cloud DepthCloud generates has only x, y, z, rgb (rviz_common depth_cloud_mld.cpp); RGBF32 needs r, g, b fields.
    expect(values('DepthCloud', 'Color Transformer')).toEqual(['Intensity', 'RGB8', 'AxisColor', 'FlatColor']);
    expect(values('LaserScan', 'Color Transformer')).not.toContain('MONO8');
    expect(spec('PointCloud2').properties.find((p) => p.path === 'Style')?.default).toBe('Flat Squares');
    expect(values('PointCloud2', 'Axis')).toEqual(['X', 'Y', 'Z']);
  });

  it('has the PointCloudCommon property names', () => {
    const paths = spec('LaserScan').properties.map((p) => p.path);
    for (const p of ['Selectable', 'Style', 'Size (m)', 'Size (Pixels)', 'Alpha', 'Decay Time', 'Position Transformer', 'Color Transformer',
      'Channel Name', 'Use rainbow', 'Invert Rainbow', 'Min Color', 'Max Color', 'Autocompute Intensity Bounds', 'Min Intensity',
      'Max Intensity', 'Axis', 'Autocompute Value Bounds', 'Autocompute Value Bounds/Min Value', 'Autocompute Value Bounds/Max Value',
      'Use Fixed Frame', 'Color']) expect(paths).toContain(p);
  });

  it('spells the other enums exactly', () => {
    expect(values('Map', 'Color Scheme')).toEqual(['map', 'costmap', 'raw']);
    expect(values('Camera', 'Image Rendering')).toEqual(['background', 'overlay', 'background and overlay']);
    expect(values('Odometry', 'Shape')).toEqual(['Arrow', 'Axes']);
    expect(values('Pose', 'Shape')).toEqual(['Arrow', 'Axes']);
    expect(values('PoseWithCovariance', 'Shape')).toEqual(['Arrow', 'Axes']);
    expect(values('PoseArray', 'Shape')).toEqual(['Arrow (Flat)', 'Arrow (3D)', 'Axes']);
    expect(values('Path', 'Line Style')).toEqual(['Lines', 'Billboards']);
    expect(values('Path', 'Pose Style')).toEqual(['None', 'Axes', 'Arrows']);
    expect(values('Grid', 'Plane')).toEqual(['XY', 'XZ', 'YZ']);
    expect(values('Grid', 'Line Style')).toEqual(['Lines', 'Billboards']);
    expect(values('RobotModel', 'Description Source')).toEqual(['Topic', 'File']);
  });

  it('records the dependencies between point cloud properties', () => {
    const scan = spec('PointCloud2');
    expect(catalog.property(scan, 'Axis')?.requires).toEqual([{ path: 'Color Transformer', value: 'AxisColor' }]);
    expect(catalog.property(scan, 'Color')?.requires).toEqual([{ path: 'Color Transformer', value: 'FlatColor' }]);
    expect(catalog.property(scan, 'Min Color')?.requires).toContainEqual({ path: 'Use rainbow', value: 'false' });
    expect(catalog.property(scan, 'Max Color')?.requires).toContainEqual({ path: 'Use rainbow', value: 'false' });
    expect(catalog.property(scan, 'Channel Name')?.requires).toEqual([{ path: 'Color Transformer', value: 'Intensity' }]);
  });

  it('marks the TF filters and the Map binary options as jazzy and later', () => {
    expect(catalog.property(spec('TF'), 'Filter (whitelist)')?.since).toBe('jazzy');
    expect(catalog.property(spec('TF'), 'Filter (blacklist)')?.since).toBe('jazzy');
    expect(catalog.property(spec('Map'), 'Binary threshold')?.since).toBe('jazzy');
  });

  it('keeps the defaults RViz2 sets', () => {
    const d = (name: string, path: string) => catalog.property(spec(name), path)?.default;
    expect(d('LaserScan', 'Size (m)')).toBe(0.01);
    expect(d('LaserScan', 'Size (Pixels)')).toBe(3);
    expect(d('LaserScan', 'Max Intensity')).toBe(4096);
    expect(d('Map', 'Alpha')).toBe(0.7);
    expect(d('Map', 'Binary threshold')).toBe(100);
    expect(d('TF', 'Frame Timeout')).toBe(15);
    expect(d('Odometry', 'Keep')).toBe(100);
    expect(d('Range', 'Alpha')).toBe(0.5);
    expect(d('Grid', 'Color')).toBe('160; 160; 164');
    expect(d('Grid', 'Line Style/Line Width')).toBe(0.03);
    expect(d('Effort', 'Robot Description')).toBe('/robot_description');
    expect(d('Temperature', 'Channel Name')).toBe('temperature');
    expect(d('Illuminance', 'Max Intensity')).toBe(1000);
  });
});

describe('kinds, defaults and transports re-checked against ros2/rviz humble, jazzy and rolling', () => {
  it('MarkerArray subscribes visualization_marker_array by default (marker_array_display.cpp)', () => {
    expect(catalog.property(spec('MarkerArray'), 'Topic')?.default).toBe('visualization_marker_array');
  });

  it('Channel Name is an editable enum of the cloud\'s field names: any name is taken as written', () => {
    const channel = catalog.property(spec('PointCloud2'), 'Channel Name')!;
    expect(channel).toMatchObject({ kind: 'enum', editable: true, dynamicValues: true, default: 'intensity' });
    expect(catalog.checkValue(channel, 'reflectivity')).toEqual({ ok: true, normalized: 'reflectivity' });
    // DepthCloud's generated cloud has x, y, z, rgb only (depth_cloud_mld.cpp).
    expect(values('DepthCloud', 'Channel Name')).toEqual(['x', 'y', 'z', 'rgb']);
  });

  it('transformers are plain enums whose options depend on the message; unknown ones are refused with why', () => {
    const color = catalog.property(spec('PointCloud2'), 'Color Transformer')!;
    expect(color.editable).toBeUndefined();
    expect(color.dynamicValues).toBe(true);
    const r = catalog.checkValue(color, 'Rainbow');
    expect(r.ok ? '' : r.reason).toMatch(/offers only the values that fit the data/);
  });

  it('DepthCloud transport hints are enums: raw plus the image transports found (fillTransportOptionList)', () => {
    for (const path of ['Depth Map Transport Hint', 'Color Transport Hint']) {
      expect(catalog.property(spec('DepthCloud'), path)).toMatchObject({ kind: 'enum', default: 'raw', dynamicValues: true });
      expect(values('DepthCloud', path)?.[0]).toBe('raw');
    }
  });

  it('ffmpeg and cloudini come from ros2/rviz#1568 (rolling): bounded to rolling, with the unverified backport said', () => {
    for (const name of ['Image', 'Camera']) {
      const ffmpeg = spec(name).transports!.find((t) => t.suffix === 'ffmpeg')!;
      expect(ffmpeg.since).toBe('rolling');
      expect(ffmpeg.unverified).toMatch(/#1568/);
    }
    const cloudini = spec('PointCloud2').transports!.find((t) => t.suffix === 'cloudini')!;
    expect(cloudini).toMatchObject({ since: 'rolling' });
    expect(spec('PointCloud2').transports!.filter((t) => t.since === 'jazzy').map((t) => t.suffix)).toEqual(['draco', 'zlib', 'pcl', 'zstd']);
    expect(spec('PointCloud2').sources).toContain('ros2/rviz rviz_default_plugins/include/rviz_default_plugins/displays/pointcloud/point_cloud_transport_display.hpp');
  });

  it('scalar displays mark the properties their hideUnneededProperties() hides', () => {
    for (const name of ['FluidPressure', 'Illuminance', 'RelativeHumidity', 'Temperature']) {
      const hidden = spec(name).properties.filter((p) => p.hidden).map((p) => p.path);
      const expected = ['Position Transformer', 'Color Transformer', 'Channel Name', 'Autocompute Intensity Bounds'];
      expect(hidden.filter((p) => p !== 'Invert Rainbow').sort(), name).toEqual([...expected].sort());
      expect(hidden.includes('Invert Rainbow'), name).toBe(name === 'Temperature');
    }
    expect(spec('PointCloud2').properties.some((p) => p.hidden)).toBe(false);
  });
});
