// A small catalog in the real catalog's shape, for tests until src/core/catalog is available.
import type { DisplayTypeSpec, QosDefaults } from '../../../src/core/catalog/types.ts';
import type { DisplayTypeLookup } from '../../../src/core/rviz/lookup.ts';

const qos5: QosDefaults = { depth: 5, history: 'Keep Last', reliability: 'Reliable', durability: 'Volatile' };
const qosProps = (prop: string, filter: boolean) => [
  { path: prop, kind: 'topic' as const },
  { path: `${prop}/Depth`, kind: 'int' as const, default: 5, min: 1 },
  { path: `${prop}/History Policy`, kind: 'enum' as const, values: ['System Default', 'Keep Last', 'Keep All'], editable: true },
  { path: `${prop}/Reliability Policy`, kind: 'enum' as const, values: ['System Default', 'Reliable', 'Best Effort'], editable: true },
  { path: `${prop}/Durability Policy`, kind: 'enum' as const, values: ['System Default', 'Transient Local', 'Volatile'], editable: true },
  ...(filter ? [{ path: `${prop}/Filter size`, kind: 'int' as const, default: 10, min: 1 }] : []),
];
const cloud = [
  { path: 'Size (m)', kind: 'float' as const, default: 0.01, min: 0.0001 },
  { path: 'Alpha', kind: 'float' as const, default: 1, min: 0, max: 1 },
  { path: 'Style', kind: 'enum' as const, values: ['Points', 'Squares', 'Flat Squares', 'Spheres', 'Boxes', 'Tiles'] },
  { path: 'Color Transformer', kind: 'enum' as const, values: ['Intensity', 'RGB8', 'RGBF32', 'AxisColor', 'FlatColor'], editable: true },
  { path: 'Color', kind: 'color' as const, default: '255; 255; 255' },
  { path: 'Selectable', kind: 'bool' as const, default: true },
  { path: 'Autocompute Value Bounds', kind: 'bool' as const, default: true },
  { path: 'Autocompute Value Bounds/Max Value', kind: 'float' as const },
  { path: 'Autocompute Value Bounds/Min Value', kind: 'float' as const },
];

function spec(classId: string, extra: Partial<DisplayTypeSpec>): DisplayTypeSpec {
  const name = classId.split('/')[1]!;
  return { classId, name, summary: name, messageTypes: [], topicProperties: [], properties: [], words: [], sources: ['test fixture'], ...extra };
}

export const fixtureSpecs: DisplayTypeSpec[] = [
  spec('rviz_default_plugins/LaserScan', { messageTypes: ['sensor_msgs/msg/LaserScan'], topicProperties: ['Topic'], defaultQos: { Topic: qos5 }, properties: [...qosProps('Topic', true), ...cloud], words: ['lidar', 'laser'] }),
  spec('rviz_default_plugins/PointCloud2', { messageTypes: ['sensor_msgs/msg/PointCloud2'], topicProperties: ['Topic'], defaultQos: { Topic: qos5 }, properties: [...qosProps('Topic', true), ...cloud], words: ['cloud'] }),
  spec('rviz_default_plugins/Image', { messageTypes: ['sensor_msgs/msg/Image'], topicProperties: ['Topic'], defaultQos: { Topic: qos5 }, properties: [...qosProps('Topic', false), { path: 'Normalize Range', kind: 'bool', default: true }] }),
  spec('rviz_default_plugins/Camera', { messageTypes: ['sensor_msgs/msg/Image'], topicProperties: ['Topic'], defaultQos: { Topic: qos5 }, properties: [...qosProps('Topic', false)] }),
  spec('rviz_default_plugins/Map', { messageTypes: ['nav_msgs/msg/OccupancyGrid'], topicProperties: ['Topic', 'Update Topic'], defaultQos: { Topic: qos5, 'Update Topic': qos5 }, properties: [...qosProps('Topic', true), ...qosProps('Update Topic', false), { path: 'Alpha', kind: 'float', default: 0.7, min: 0, max: 1 }, { path: 'Color Scheme', kind: 'enum', values: ['map', 'costmap', 'raw'] }], words: ['costmap'] }),
  spec('rviz_default_plugins/RobotModel', { topicProperties: ['Description Topic'], defaultQos: { 'Description Topic': { depth: 1, history: 'Keep Last', reliability: 'Reliable', durability: 'Transient Local' } }, properties: [...qosProps('Description Topic', false), { path: 'Description Source', kind: 'enum', values: ['Topic', 'File'] }, { path: 'Alpha', kind: 'float', min: 0, max: 1 }, { path: 'Visual Enabled', kind: 'bool' }] }),
  spec('rviz_default_plugins/Grid', { properties: [{ path: 'Cell Size', kind: 'float', min: 0.0001 }, { path: 'Plane Cell Count', kind: 'int', min: 1 }, { path: 'Color', kind: 'color' }, { path: 'Alpha', kind: 'float', min: 0, max: 1 }, { path: 'Plane', kind: 'enum', values: ['XY', 'XZ', 'YZ'] }, { path: 'Reference Frame', kind: 'frame' }, { path: 'Offset', kind: 'vector' }, { path: 'Offset/X', kind: 'float' }] }),
  spec('rviz_default_plugins/TF', { properties: [{ path: 'Show Names', kind: 'bool' }, { path: 'Marker Scale', kind: 'float', min: 0 }] }),
  spec('rviz_default_plugins/MarkerArray', { messageTypes: ['visualization_msgs/msg/MarkerArray'], topicProperties: ['Topic'], defaultQos: { Topic: qos5 }, properties: [...qosProps('Topic', false)] }),
  spec('rviz_common/Group', { name: 'Group', properties: [] }),
];

export const fixtureLookup: DisplayTypeLookup = {
  byClass: (classId) => fixtureSpecs.find((s) => s.classId === classId),
  resolveType: (q) => {
    const k = q.toLowerCase().replace(/[\s_-]+/g, '');
    return fixtureSpecs.find((s) => s.classId.toLowerCase() === q.toLowerCase() || s.name.toLowerCase() === k || s.words.includes(q.toLowerCase()));
  },
};
