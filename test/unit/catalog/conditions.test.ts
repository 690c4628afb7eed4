// Property conditions (equals, not equals, one of) as ros2/rviz shows and hides properties:
// point_cloud_common.cpp updateStyle, intensity_pc_transformer.cpp updateUseRainbow, pose_array_display.cpp
// updateShapeChoice, camera_info_display.cpp updateShowPolygons, robot/robot.cpp changedLinkTreeStyle.
import { describe, expect, it } from 'vitest';
import { catalog, catalogProblems, catalogFile, conditionHolds, conditionsOf, conditionText, satisfyingValue, type CatalogFile } from '../../../src/core/catalog/index.ts';

const spec = (name: string) => catalog.resolveType(name)!;
const conds = (name: string, path: string) => conditionsOf(catalog.property(spec(name), path)!).map(conditionText);

describe('catalog conditions', () => {
  it('encodes what RViz2 hides, for every point-cloud-style display', () => {
    for (const name of ['DepthCloud', 'FluidPressure', 'Illuminance', 'LaserScan', 'PointCloud', 'PointCloud2', 'RelativeHumidity', 'Temperature']) {
      expect(conds(name, 'Invert Rainbow'), name).toEqual(['Color Transformer = Intensity', 'Use rainbow = true']);
      expect(conds(name, 'Size (m)'), name).toContain('Style != Points');
      expect(conds(name, 'Size (Pixels)'), name).toEqual(['Style = Points']);
    }
    expect(conds('CameraInfo', 'Not show side polygons')).toEqual(['Show polygons = true']);
    expect(conds('PoseArray', 'Color')).toEqual(['Shape != Axes']);
    expect(conds('PoseArray', 'Alpha')).toEqual(['Shape != Axes']);
    expect(conds('RobotModel', 'Links/Expand Tree')).toEqual(['Links/Link Tree Style in Tree of links | Tree of links and joints']);
    expect(conds('RobotModel', 'Links/Expand Link Details')).toEqual(['Links/Link Tree Style != Joints in Alphabetic Order']);
    expect(conds('RobotModel', 'Links/Expand Joint Details')).toEqual(['Links/Link Tree Style in Joints in Alphabetic Order | Tree of links and joints']);
    expect(catalog.property(spec('RobotModel'), 'Links/Expand Tree')!.note).toMatch(/Link\/Joint Tree/);
  });

  it('tests a current value loosely, and an unknown one never holds', () => {
    const [notPoints] = conditionsOf(catalog.property(spec('PointCloud2'), 'Size (m)')!);
    expect(conditionHolds(notPoints!, 'Flat Squares')).toBe(true);
    expect(conditionHolds(notPoints!, ' points ')).toBe(false);
    expect(conditionHolds(notPoints!, undefined)).toBe(false);
    const [tree] = conditionsOf(catalog.property(spec('RobotModel'), 'Links/Expand Tree')!);
    expect(conditionHolds(tree!, 'Tree of links and joints')).toBe(true);
    expect(conditionHolds(tree!, 'Links in Alphabetic Order')).toBe(false);
  });

  it('names a value that satisfies each kind of condition', () => {
    const cloud = spec('PointCloud2');
    const [notPoints] = conditionsOf(catalog.property(cloud, 'Size (m)')!);
    expect(satisfyingValue(cloud, notPoints!)).toBe('Flat Squares'); // the default, which is not Points
    const robot = spec('RobotModel');
    expect(satisfyingValue(robot, conditionsOf(catalog.property(robot, 'Links/Expand Tree')!)[0]!)).toBe('Tree of links');
    expect(satisfyingValue(robot, conditionsOf(catalog.property(robot, 'Links/Expand Link Details')!)[0]!)).toBe('Links in Alphabetic Order');
    expect(satisfyingValue(spec('CameraInfo'), conditionsOf(catalog.property(spec('CameraInfo'), 'Not show side polygons')!)[0]!)).toBe('true');
  });

  it('catalogProblems checks the new conditions point at real properties and values', () => {
    const bad = structuredClone(catalogFile) as CatalogFile;
    const pa = bad.displays.find((d) => d.name === 'PoseArray')!;
    pa.properties.find((p) => p.path === 'Color')!.requiresNot = [{ path: 'Shape', value: 'Hexagon' }];
    pa.properties.find((p) => p.path === 'Alpha')!.requiresOneOf = [{ path: 'Shapes', values: ['Axes', 'Arrow (3D)'] }];
    expect(catalogProblems(bad)).toEqual([
      'PoseArray "Color": requires "Shape != Hexagon", but that property cannot hold "Hexagon"',
      'PoseArray "Alpha": requires unknown property "Shapes"',
    ]);
  });
});
