import { describe, it, expect } from 'vitest';
import { catalog, catalogFile, createCatalog } from '../../../src/core/catalog/index.ts';

const types = (text: string) => catalog.typesForWords(text).map((d) => d.name);
const first = (text: string) => types(text)[0];

describe('typesForWords', () => {
  it('maps the words people use to display types', () => {
    const cases: Record<string, string> = {
      lidar: 'LaserScan', laser: 'LaserScan', 'the scan': 'LaserScan',
      cloud: 'PointCloud2', 'point cloud': 'PointCloud2', pointcloud: 'PointCloud2', 'depth points': 'PointCloud2',
      map: 'Map', costmap: 'Map', 'occupancy grid': 'Map', footprint: 'Polygon',
      robot: 'RobotModel', urdf: 'RobotModel', model: 'RobotModel',
      frames: 'TF', tf: 'TF', transforms: 'TF',
      'camera image': 'Image', markers: 'MarkerArray', marker: 'Marker',
      particles: 'PoseArray', 'particle cloud': 'PoseArray', 'amcl particles': 'PoseArray',
      path: 'Path', plan: 'Path', 'global plan': 'Path',
      odom: 'Odometry', odometry: 'Odometry',
      'grid cells': 'GridCells', grid: 'Grid', 'interactive markers': 'InteractiveMarkers',
      'amcl pose': 'PoseWithCovariance', 'goal pose': 'Pose', sonar: 'Range', 'depth image': 'DepthCloud',
      'camera info': 'CameraInfo', wrench: 'Wrench', velocity: 'TwistStamped', temperature: 'Temperature',
    };
    for (const [text, expected] of Object.entries(cases)) expect([text, first(text)]).toEqual([text, expected]);
  });

  it('matches whole words and plurals, not parts of words', () => {
    expect(types('show both point clouds')).toEqual(['PointCloud2']);
    expect(types('add the lidars')).toEqual(['LaserScan']);
    expect(types('rescanning the mapping')).toEqual([]);
    // A plural word does not match its singular: "frame" is not the TF display.
    expect(types('fixed frame')).toEqual([]);
  });

  it('ignores the parts of ROS names', () => {
    expect(types('show /camera/depth/points')).toEqual([]);
    expect(types('show the cloud on /camera/depth/points')).toEqual(['PointCloud2']);
    expect(catalog.propertyForWords(catalog.resolveType('Image')!, 'use /camera/color/image_raw')).toEqual([]);
  });

  it('lets a longer phrase claim its words', () => {
    expect(types('show the camera image')).toEqual(['Image']);
    expect(types('robot footprint')).toEqual(['Polygon']);
    expect(types('the global costmap')).toEqual(['Map']);
    expect(types('point cloud from the velodyne')).toEqual(['PointCloud2']);
  });

  it('does not take a setting for a display type', () => {
    expect(types('add the laser scan as best effort')).toEqual(['LaserScan']);
    expect(types('make the scan points bigger')).toEqual(['LaserScan']);
    expect(types('show odometry as axes')).toEqual(['Odometry']);
    expect(types('a grid with 0.5 m cells')).toEqual(['Grid']);
    expect(types('show the robot description')).toEqual(['RobotModel']);
    expect(types('show the lidar of the other robot')).toEqual(['LaserScan']);
    expect(types('show the robot of the other robot')).toEqual(['RobotModel']);
  });

  it('takes the phrases that are not types from the catalog file', () => {
    const without = createCatalog({ ...catalogFile, otherPhrases: [] });
    expect(without.typesForWords('the lidar of the other robot').map((d) => d.name)).toEqual(['LaserScan', 'RobotModel']);
    expect(catalogFile.otherPhrases).toContain('other robot');
  });

  it('lists several types in the order they are mentioned', () => {
    expect(types('show the lidar and the map and the robot')).toEqual(['LaserScan', 'Map', 'RobotModel']);
    expect(types('show the lidar coloured by height, fixed frame odom')[0]).toBe('LaserScan');
  });
});

describe('typeMentions', () => {
  it('gives each mention its phrase, position and number', () => {
    const m = catalog.typeMentions('hide the costmaps but keep the map and the lidar');
    expect(m.map((x) => [x.type.name, x.phrase, x.start, x.plural])).toEqual([
      ['Map', 'costmaps', 2, true], ['Map', 'map', 6, false], ['LaserScan', 'lidar', 9, false],
    ]);
    expect(catalog.typeMentions('show both point clouds').map((x) => [x.phrase, x.plural])).toEqual([['point clouds', true]]);
    expect(catalog.typesForWords('hide the costmaps but keep the map')).toHaveLength(1);
  });
});

describe('propertyForWords', () => {
  const scan = catalog.resolveType('LaserScan')!;
  const map = catalog.resolveType('Map')!;
  const found = (spec: typeof scan, text: string) =>
    catalog.propertyForWords(spec, text).map((m) => `${m.property.path}${m.value === undefined ? '' : `=${m.value}`}`);

  it('maps property words to exact RViz2 paths', () => {
    expect(found(scan, 'point size')).toEqual(['Size (m)']);
    expect(found(scan, 'more transparency')).toEqual(['Alpha']);
    expect(found(scan, 'opacity')).toEqual(['Alpha']);
    expect(found(scan, 'decay time')).toEqual(['Decay Time']);
    expect(found(map, 'alpha')).toEqual(['Alpha']);
  });

  it('turns "colour by height" into Axis Z plus the transformer it needs', () => {
    const matches = catalog.propertyForWords(scan, 'colour by height');
    expect(found(scan, 'colour by height')).toEqual(['Axis=Z', 'Color Transformer=AxisColor']);
    expect(matches.map((m) => m.via)).toEqual(['words', 'requires']);
    expect(found(scan, 'color by intensity')).toEqual(['Color Transformer=Intensity']);
  });

  it('finds a property from a value word alone', () => {
    expect(found(scan, 'make it best effort')).toEqual(['Topic/Reliability Policy=Best Effort']);
    expect(found(scan, 'draw spheres')).toEqual(['Style=Spheres']);
    expect(found(map, 'latched')).toEqual(['Topic/Durability Policy=Transient Local']);
    expect(found(map, 'use the costmap palette')).toEqual(['Color Scheme=costmap']);
  });

  it('lets value words compete with property names', () => {
    const cloud = catalog.resolveType('PointCloud2')!;
    const grid = catalog.resolveType('Grid')!;
    expect(found(cloud, 'true colour')).toEqual(['Color Transformer=RGB8']);
    expect(found(cloud, 'by height')).toEqual(['Axis=Z', 'Color Transformer=AxisColor']);
    expect(found(cloud, 'rainbow')).toEqual(['Use rainbow', 'Color Transformer=Intensity']);
    expect(found(cloud, 'axis x')).toEqual(['Axis=X', 'Color Transformer=AxisColor']);
    expect(found(grid, 'xz plane')).toEqual(['Plane=XZ']);
    expect(found(grid, 'z')).toEqual([]);
  });

  it('reads colour names as values of the Color property', () => {
    const path = catalog.resolveType('Path')!;
    expect(found(path, 'in red')).toEqual(['Color=255; 0; 0']);
    expect(found(scan, 'flat colour green')).toEqual(['Color Transformer=FlatColor', 'Color=0; 255; 0']);
    expect(found(scan, 'min colour blue')).toEqual(['Min Color=0; 0; 255', 'Color Transformer=Intensity', 'Use rainbow=false']);
  });

  it('drops a named property whose requirement another match contradicts', () => {
    const cloud = catalog.resolveType('PointCloud2')!;
    expect(found(cloud, 'colour the cloud by intensity')).toEqual(['Color Transformer=Intensity']);
  });

  it('leaves the words of a type phrase to the type', () => {
    const cloud = catalog.resolveType('PointCloud2')!;
    expect(found(cloud, 'show the depth camera point cloud in rgb')).toEqual(['Color Transformer=RGB8']);
    expect(found(cloud, 'queue depth 10')).toEqual(['Topic/Depth']);
  });

  it('reads colouring by an axis', () => {
    const cloud = catalog.resolveType('PointCloud2')!;
    expect(found(cloud, 'colour by x')).toEqual(['Axis=X', 'Color Transformer=AxisColor']);
    expect(found(cloud, 'color by the y axis')).toEqual(['Color Transformer=AxisColor', 'Axis=Y']);
    expect(found(cloud, 'colour by axis')).toEqual(['Axis', 'Color Transformer=AxisColor']);
    expect(types('colour by axis')).toEqual([]);
  });

  it('reads size words per display', () => {
    expect(found(catalog.resolveType('TF')!, 'make the frames bigger')).toEqual(['Marker Scale']);
    expect(found(catalog.resolveType('PointStamped')!, 'bigger')).toEqual(['Radius']);
    expect(found(map, 'hide the costmaps')).toEqual([]);
  });

  it('adds the settings a matched property depends on', () => {
    expect(found(scan, 'min color')).toEqual(['Min Color', 'Color Transformer=Intensity', 'Use rainbow=false']);
  });

  it('finds nothing in unrelated text', () => {
    expect(found(scan, 'hello there')).toEqual([]);
    expect(found(map, 'point size')).toEqual([]);
  });
});

describe('the catalog words do not collide', () => {
  // A property under a second topic property (Map "Update Topic/…") shares its words with its twin under the main
  // topic, which takes them on purpose; single-letter values (x, y, z) need their property named.
  const twinOfMain = (d: { topicProperties: string[] }, path: string) =>
    d.topicProperties.slice(1).some((t) => path.startsWith(`${t}/`));

  it('every display word finds its display first', () => {
    const wrong = catalog.displays.flatMap((d) => d.words.filter((w) => catalog.typesForWords(w)[0] !== d).map((w) => `${d.name}: ${w}`));
    expect(wrong).toEqual([]);
  });

  it('every property word finds its property first (hidden ones: never)', () => {
    const wrong = catalog.displays.flatMap((d) => d.properties.filter((p) => !twinOfMain(d, p.path) && !p.hidden).flatMap((p) =>
      (p.words ?? []).filter((w) => catalog.propertyForWords(d, w)[0]?.property !== p).map((w) => `${d.name} ${p.path}: ${w}`)));
    expect(wrong).toEqual([]);
  });

  it('every value word of two letters or more finds its value', () => {
    const wrong = catalog.displays.flatMap((d) => d.properties.filter((p) => !twinOfMain(d, p.path)).flatMap((p) =>
      (p.valueWords ?? []).flatMap((vw) => vw.words.filter((w) => w.length > 1).filter((w) =>
        catalog.propertyForWords(d, w).find((m) => m.property === p)?.value !== vw.value).map((w) => `${d.name} ${p.path}=${vw.value}: ${w}`))));
    expect(wrong.filter((w) => !/^(FluidPressure|Illuminance|RelativeHumidity|Temperature) (Color Transformer|Channel Name|Position Transformer)/.test(w))).toEqual([]);
  });

  it('never matches a property RViz2 hides (scalar displays set and hide their transformers; temperature_display.cpp)', () => {
    const temperature = catalog.resolveType('Temperature')!;
    const hidden = temperature.properties.filter((p) => p.hidden).map((p) => p.path);
    expect(hidden).toEqual(['Position Transformer', 'Color Transformer', 'Channel Name', 'Invert Rainbow', 'Autocompute Intensity Bounds']);
    for (const text of ['channel name', 'colour transformer', 'invert rainbow', 'autocompute intensity bounds']) {
      expect(catalog.propertyForWords(temperature, text).filter((m) => m.via !== 'requires').map((m) => m.property.path).filter((p) => hidden.includes(p)), text).toEqual([]);
    }
    // The same words still find them where RViz2 shows them.
    expect(catalog.propertyForWords(catalog.resolveType('PointCloud2')!, 'invert rainbow')[0]?.property.path).toBe('Invert Rainbow');
  });
});
