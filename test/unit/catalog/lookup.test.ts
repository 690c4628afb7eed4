import { describe, it, expect } from 'vitest';
import { catalog, availableIn, normalizeMessageType } from '../../../src/core/catalog/index.ts';

const name = (d: { name: string } | undefined) => d?.name;

describe('byClass / resolveType', () => {
  it('finds by exact class id only', () => {
    expect(name(catalog.byClass('rviz_default_plugins/LaserScan'))).toBe('LaserScan');
    expect(name(catalog.byClass('rviz_common/Group'))).toBe('Group');
    expect(catalog.byClass('LaserScan')).toBeUndefined();
  });

  it('resolves class ids, short names and loose names', () => {
    for (const text of ['rviz_default_plugins/LaserScan', 'LaserScan', 'laser_scan', 'Laser Scan', ' laserscan ', 'rviz/LaserScan']) {
      expect([text, name(catalog.resolveType(text))]).toEqual([text, 'LaserScan']);
    }
    expect(name(catalog.resolveType('point_cloud2'))).toBe('PointCloud2');
    expect(name(catalog.resolveType('pointcloud'))).toBe('PointCloud');
    expect(name(catalog.resolveType('group'))).toBe('Group');
    expect(name(catalog.resolveType('pose_with_covariance'))).toBe('PoseWithCovariance');
    expect(catalog.resolveType('nav2_rviz_plugins/ParticleCloud')).toBeUndefined();
    expect(catalog.resolveType('some_plugins/Map')).toBeUndefined();
    expect(name(catalog.resolveType('rviz/Group'))).toBe('Group');
    expect(catalog.resolveType('')).toBeUndefined();
  });
});

describe('resolveType by words', () => {
  it('falls back to the words people use when exactly one type is mentioned', () => {
    expect(name(catalog.resolveType('lidar'))).toBe('LaserScan');
    expect(name(catalog.resolveType('the global costmap'))).toBe('Map');
    expect(name(catalog.resolveType('markers'))).toBe('MarkerArray');
    expect(catalog.resolveType('lidar and map')).toBeUndefined();
    expect(catalog.resolveType('something else')).toBeUndefined();
    expect(catalog.resolveType('octomap_rviz_plugins/OccupancyGrid')).toBeUndefined();
  });
});

describe('forMessageType', () => {
  it('lists the displays for a type, most specific first', () => {
    expect(catalog.forMessageType('sensor_msgs/msg/Image').map((d) => d.name)).toEqual(['Image', 'Camera', 'DepthCloud']);
    expect(catalog.forMessageType('sensor_msgs/msg/CompressedImage').map((d) => d.name)).toEqual(['Camera']);
    expect(catalog.forMessageType('nav_msgs/msg/OccupancyGrid').map((d) => d.name)).toEqual(['Map']);
    expect(catalog.forMessageType('std_msgs/msg/Float64')).toEqual([]);
  });

  it('accepts ROS 1 and C++ spellings of a type', () => {
    expect(normalizeMessageType('sensor_msgs/LaserScan')).toBe('sensor_msgs/msg/LaserScan');
    expect(normalizeMessageType('sensor_msgs::msg::LaserScan')).toBe('sensor_msgs/msg/LaserScan');
    expect(catalog.forMessageType('sensor_msgs/LaserScan').map((d) => d.name)).toEqual(['LaserScan']);
  });
});

describe('property / findProperty', () => {
  const scan = catalog.resolveType('LaserScan')!;
  const map = catalog.resolveType('Map')!;
  const odom = catalog.resolveType('Odometry')!;
  const grid = catalog.resolveType('Grid')!;
  const path = (spec: typeof scan, p: string) => catalog.property(spec, p)?.path;

  it('finds exact paths and tolerates case and spacing', () => {
    expect(path(scan, 'Size (m)')).toBe('Size (m)');
    expect(path(scan, 'size (M)')).toBe('Size (m)');
    expect(path(scan, 'size_m')).toBe('Size (m)');
    expect(path(scan, ' topic / reliability policy ')).toBe('Topic/Reliability Policy');
    expect(path(scan, 'Topic/Value')).toBe('Topic');
  });

  it('finds nested paths written without their parent', () => {
    expect(path(scan, 'Reliability Policy')).toBe('Topic/Reliability Policy');
    expect(path(scan, 'Filter size')).toBe('Topic/Filter size');
    expect(path(scan, 'Min Value')).toBe('Autocompute Value Bounds/Min Value');
    expect(path(grid, 'Line Width')).toBe('Line Style/Line Width');
    expect(path(odom, 'Color')).toBe('Shape/Color');
    expect(path(odom, 'Alpha')).toBe('Shape/Alpha');
  });

  it('drops a parent that is not really one', () => {
    expect(path(scan, 'Color Transformer/Axis')).toBe('Axis');
    expect(path(scan, 'Style/Size (m)')).toBe('Size (m)');
  });

  it('prefers the main topic when a short path fits several topic properties', () => {
    expect(path(map, 'Durability Policy')).toBe('Topic/Durability Policy');
    expect(path(map, 'Update Topic/Durability Policy')).toBe('Update Topic/Durability Policy');
  });

  it('says why when there is no such property, naming the display and its properties', () => {
    const r = catalog.findProperty(map, 'Point Size');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/^catalog: Map has no property "Point Size" \(properties: Topic, Topic\/Depth, /);
      expect(r.reason).toContain('Color Scheme');
    }
    expect(catalog.property(map, '')).toBeUndefined();
  });

  it('reports ambiguity rather than guessing', () => {
    const odomCov = catalog.findProperty(odom, 'Covariance/Color');
    // Covariance/Position/Color and Covariance/Orientation/Color are equally deep: no safe choice.
    expect(odomCov.ok).toBe(false);
    if (!odomCov.ok) expect(odomCov.reason).toContain('is ambiguous (could be: Covariance/Position/Color, Covariance/Orientation/Color)');
  });
});

describe('vector components', () => {
  it('reads Offset/X as a float with that part of the default', () => {
    const grid = catalog.resolveType('Grid')!;
    expect(catalog.findProperty(grid, 'Offset/X')).toEqual({ ok: true, property: { path: 'Offset/X', kind: 'float', default: 0 } });
    expect(catalog.property(grid, 'offset/z')?.path).toBe('Offset/Z');
    expect(catalog.property(grid, 'Offset/W')).toBeUndefined();
    expect(catalog.property(grid, 'Cell Size/X')).toBeUndefined();
  });
});

describe('availableIn', () => {
  it('honours since and until', () => {
    expect(availableIn({ since: 'jazzy' }, 'humble')).toBe(false);
    expect(availableIn({ since: 'jazzy' }, 'rolling')).toBe(true);
    expect(availableIn({ until: 'jazzy' }, 'jazzy')).toBe(true);
    expect(availableIn({ until: 'jazzy' }, 'kilted')).toBe(false);
    expect(availableIn({}, 'humble')).toBe(true);
  });
});

describe('findProperty with real parents', () => {
  it('keeps a parent that exists and narrows by it', () => {
    const odom = catalog.resolveType('Odometry')!;
    expect(catalog.property(odom, 'Position/Color')?.path).toBe('Covariance/Position/Color');
    expect(catalog.property(odom, 'covariance/orientation/color style')?.path).toBe('Covariance/Orientation/Color Style');
    expect(catalog.property(odom, 'Shape/Foo')).toBeUndefined();
  });
});

describe('shared data', () => {
  it('is frozen, so no consumer can change it for the others', () => {
    const scan = catalog.resolveType('LaserScan')!;
    expect(Object.isFrozen(scan)).toBe(true);
    expect(() => { (scan.properties as unknown[]).push({}); }).toThrow(TypeError);
    expect(() => { (scan.properties[0] as { path: string }).path = 'x'; }).toThrow(TypeError);
  });
});
