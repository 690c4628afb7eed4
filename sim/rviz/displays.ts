// Builders for RViz2 display entries as RViz2 saves them (property names from rviz_default_plugins; reference §3.3–3.5),
// used to write the starting configs of the sim scenarios (sim/scenarios/NAME.rviz).

export type Yaml = { [key: string]: YamlValue };
export type YamlValue = string | number | boolean | null | YamlValue[] | Yaml;

export interface TopicQos {
  reliability?: 'Reliable' | 'Best Effort' | 'System Default';
  durability?: 'Volatile' | 'Transient Local' | 'System Default';
  depth?: number;
}

/** The Topic property with its QoS children; `filter` adds "Filter size" (MessageFilterDisplay subclasses only). */
export function topic(value: string, qos: TopicQos = {}, filter = true): Yaml {
  const t: Yaml = {
    Depth: qos.depth ?? 5,
    'Durability Policy': qos.durability ?? 'Volatile',
    'History Policy': 'Keep Last',
    'Reliability Policy': qos.reliability ?? 'Reliable',
    Value: value,
  };
  if (filter) t['Filter size'] = 10;
  return t;
}

function display(cls: string, name: string, props: Yaml, enabled = true): Yaml {
  return { Class: `rviz_default_plugins/${cls}`, Name: name, Enabled: enabled, Value: enabled, ...props };
}

export function grid(): Yaml {
  return display('Grid', 'Grid', {
    Alpha: 0.5, 'Cell Size': 1, Color: '160; 160; 164', 'Line Style': { 'Line Width': 0.03, Value: 'Lines' },
    'Normal Cell Count': 0, Offset: { X: 0, Y: 0, Z: 0 }, Plane: 'XY', 'Plane Cell Count': 10, 'Reference Frame': '<Fixed Frame>',
  });
}

/** An Axes display drawn at a given frame (Reference Frame). */
export function axes(name: string, referenceFrame: string): Yaml {
  return display('Axes', name, { Length: 0.5, Radius: 0.05, 'Reference Frame': referenceFrame });
}

export function tf(frames: string[] = []): Yaml {
  const shown: Yaml = { 'All Enabled': true };
  for (const f of frames) shown[f] = { Value: true };
  return display('TF', 'TF', {
    'Frame Timeout': 15, Frames: shown, 'Marker Scale': 1, 'Show Arrows': true, 'Show Axes': true, 'Show Names': false,
    Tree: {}, 'Update Interval': 0,
  });
}

export function robotModel(name: string, descriptionTopic: string, qos: TopicQos, tfPrefix = ''): Yaml {
  return display('RobotModel', name, {
    Alpha: 1, 'Collision Enabled': false, 'Description File': '', 'Description Source': 'Topic',
    'Description Topic': topic(descriptionTopic, qos, false),
    Links: { 'All Links Enabled': true, 'Expand Joint Details': false, 'Expand Link Details': false, 'Expand Tree': false, 'Link Tree Style': 'Links in Alphabetic Order' },
    'Mass Properties': { Inertia: false, Mass: false }, 'TF Prefix': tfPrefix, 'Update Interval': 0, 'Visual Enabled': true,
  });
}

function pointCloudCommon(colorTransformer: string, style: string, size: number): Yaml {
  return {
    Alpha: 1, 'Autocompute Intensity Bounds': true, 'Autocompute Value Bounds': { 'Max Value': 10, 'Min Value': -10, Value: true },
    Axis: 'Z', 'Channel Name': 'intensity', Color: '255; 255; 255', 'Color Transformer': colorTransformer, 'Decay Time': 0,
    'Invert Rainbow': false, 'Max Color': '255; 255; 255', 'Max Intensity': 4096, 'Min Color': '0; 0; 0', 'Min Intensity': 0,
    'Position Transformer': 'XYZ', Selectable: true, 'Size (Pixels)': 3, 'Size (m)': size, Style: style,
    'Use Fixed Frame': true, 'Use rainbow': true,
  };
}

export function laserScan(name: string, value: string, qos: TopicQos): Yaml {
  return display('LaserScan', name, { ...pointCloudCommon('Intensity', 'Flat Squares', 0.03), Topic: topic(value, qos) });
}

export function pointCloud2(name: string, value: string, qos: TopicQos, colorTransformer = 'RGB8'): Yaml {
  return display('PointCloud2', name, { ...pointCloudCommon(colorTransformer, 'Points', 0.01), Topic: topic(value, qos) });
}

export function map(name: string, value: string, qos: TopicQos, scheme: 'map' | 'costmap' = 'map', alpha = 0.7): Yaml {
  return display('Map', name, {
    Alpha: alpha, 'Binary representation': false, 'Binary threshold': 100, 'Color Scheme': scheme, 'Draw Behind': scheme === 'map',
    Topic: topic(value, qos), 'Update Topic': topic(`${value}_updates`, {}, false), 'Use Timestamp': false,
  });
}

export function odometry(name: string, value: string, qos: TopicQos = {}): Yaml {
  return display('Odometry', name, {
    'Angle Tolerance': 0.1, Covariance: { Orientation: { Alpha: 0.5, Color: '255; 255; 127', 'Color Style': 'Unique', Frame: 'Local', Offset: 1, Scale: 1, Value: true },
      Position: { Alpha: 0.3, Color: '204; 51; 204', Scale: 1, Value: true }, Value: false },
    Keep: 20, 'Position Tolerance': 0.1,
    Shape: { Alpha: 1, 'Axes Length': 1, 'Axes Radius': 0.1, Color: '255; 25; 0', 'Head Length': 0.3, 'Head Radius': 0.1, 'Shaft Length': 1, 'Shaft Radius': 0.05, Value: 'Arrow' },
    Topic: topic(value, qos),
  });
}

export function path(name: string, value: string, color: string, qos: TopicQos = {}): Yaml {
  return display('Path', name, {
    Alpha: 1, 'Buffer Length': 1, Color: color, 'Head Diameter': 0.3, 'Head Length': 0.2, Length: 0.3, 'Line Style': 'Lines',
    'Line Width': 0.03, Offset: { X: 0, Y: 0, Z: 0 }, 'Pose Color': '255; 85; 255', 'Pose Style': 'None', Radius: 0.03,
    'Shaft Diameter': 0.1, 'Shaft Length': 0.1, Topic: topic(value, qos),
  });
}

export function poseWithCovariance(name: string, value: string, qos: TopicQos): Yaml {
  return display('PoseWithCovariance', name, {
    Alpha: 1, 'Axes Length': 1, 'Axes Radius': 0.1, Color: '255; 25; 0', 'Head Length': 0.3, 'Head Radius': 0.1,
    'Shaft Length': 1, 'Shaft Radius': 0.05, Shape: 'Arrow', Topic: topic(value, qos),
    Covariance: { Orientation: { Alpha: 0.5, Color: '255; 255; 127', 'Color Style': 'Unique', Frame: 'Local', Offset: 1, Scale: 1, Value: true },
      Position: { Alpha: 0.3, Color: '204; 51; 204', Scale: 1, Value: true }, Value: true },
  });
}

export function poseArray(name: string, value: string, qos: TopicQos): Yaml {
  return display('PoseArray', name, {
    Alpha: 1, 'Arrow Length': 0.3, 'Axes Length': 0.3, 'Axes Radius': 0.01, Color: '0; 180; 0', 'Head Length': 0.07,
    'Head Radius': 0.03, 'Shaft Length': 0.23, 'Shaft Radius': 0.01, Shape: 'Arrow (Flat)', Topic: topic(value, qos),
  });
}

export function markerArray(name: string, value: string, qos: TopicQos = {}): Yaml {
  return display('MarkerArray', name, { Namespaces: {}, Topic: topic(value, qos, false) });
}

export function image(name: string, value: string, qos: TopicQos): Yaml {
  return display('Image', name, { 'Max Value': 1, 'Median window': 5, 'Min Value': 0, 'Normalize Range': true, Topic: topic(value, qos, false) });
}

export function polygon(name: string, value: string): Yaml {
  return display('Polygon', name, { Alpha: 1, Color: '25; 255; 0', Topic: topic(value) });
}

export function wrench(name: string, value: string, qos: TopicQos): Yaml {
  return display('Wrench', name, {
    'Accept NaN Values': false, Alpha: 1, 'Arrow Width': 0.3, 'Force Arrow Scale': 0.05, 'Force Color': '204; 51; 51',
    'History Length': 1, 'Torque Arrow Scale': 0.5, 'Torque Color': '204; 204; 51', Topic: topic(value, qos),
  });
}

export function interactiveMarkers(name: string, namespace: string): Yaml {
  return display('InteractiveMarkers', name, {
    'Enable Transparency': true, 'Interactive Markers Namespace': namespace, 'Show Axes': false, 'Show Descriptions': true, 'Show Visual Aids': false,
  });
}

/** A whole .rviz document: panels, displays, global options, tools, an orbit view and window geometry. */
export function document(displays: Yaml[], fixedFrame: string, view: { distance: number; focal?: [number, number, number] }): Yaml {
  const [fx, fy, fz] = view.focal ?? [0, 0, 0];
  const docks: Yaml = {};
  for (const d of displays) if (d['Class'] === 'rviz_default_plugins/Image') docks[String(d['Name'])] = { collapsed: false };
  return {
    Panels: [
      { Class: 'rviz_common/Displays', 'Help Height': 78, Name: 'Displays', 'Property Tree Widget': { Expanded: ['/Global Options1'], 'Splitter Ratio': 0.5 }, 'Tree Height': 560 },
      { Class: 'rviz_common/Selection', Name: 'Selection' },
      { Class: 'rviz_common/Tool Properties', Expanded: ['/2D Goal Pose1', '/Publish Point1'], Name: 'Tool Properties', 'Splitter Ratio': 0.59 },
      { Class: 'rviz_common/Views', Expanded: ['/Current View1'], Name: 'Views', 'Splitter Ratio': 0.5 },
      { Class: 'rviz_common/Time', Name: 'Time', SyncMode: 0, SyncSource: '' },
    ],
    'Visualization Manager': {
      Class: '',
      Displays: displays,
      Enabled: true,
      'Global Options': { 'Background Color': '48; 48; 48', 'Fixed Frame': fixedFrame, 'Frame Rate': 30 },
      Name: 'root',
      Tools: [
        { Class: 'rviz_default_plugins/Interact', 'Hide Inactive Objects': true },
        { Class: 'rviz_default_plugins/MoveCamera' },
        { Class: 'rviz_default_plugins/Select' },
        { Class: 'rviz_default_plugins/FocusCamera' },
        { Class: 'rviz_default_plugins/Measure', 'Line color': '128; 128; 0' },
        { Class: 'rviz_default_plugins/SetInitialPose', 'Covariance x': 0.25, 'Covariance y': 0.25, 'Covariance yaw': 0.0685, Topic: topic('/initialpose', {}, false) },
        { Class: 'rviz_default_plugins/SetGoal', Topic: topic('/goal_pose', {}, false) },
        { Class: 'rviz_default_plugins/PublishPoint', 'Single click': true, Topic: topic('/clicked_point', {}, false) },
      ],
      Transformation: { Current: { Class: 'rviz_default_plugins/TF' } },
      Value: true,
      Views: {
        Current: {
          Class: 'rviz_default_plugins/Orbit', Distance: view.distance, 'Enable Stereo Rendering': { 'Stereo Eye Separation': 0.06, 'Stereo Focal Distance': 1, 'Swap Stereo Eyes': false, Value: false },
          'Focal Point': { X: fx, Y: fy, Z: fz }, 'Focal Shape Fixed Size': true, 'Focal Shape Size': 0.05, 'Invert Z Axis': false,
          Name: 'Current View', 'Near Clip Distance': 0.01, Pitch: 0.785, 'Target Frame': '<Fixed Frame>', Value: 'Orbit (rviz)', Yaw: 0.785,
        },
        Saved: null,
      },
    },
    'Window Geometry': {
      ...docks,
      Displays: { collapsed: false }, Height: 1016, 'Hide Left Dock': false, 'Hide Right Dock': true,
      Selection: { collapsed: false }, Time: { collapsed: false }, 'Tool Properties': { collapsed: false }, Views: { collapsed: true },
      Width: 1545, X: 100, Y: 60,
    },
  };
}
