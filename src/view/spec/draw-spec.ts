/**
 * The document's displays as typed draw specs: which the view draws, with every property it honours read once
 * (catalog spellings and defaults), and which it lists as "shown in RViz only". Pure: tested in Node.
 */
import type { Catalog } from '../../core/catalog/index.ts';
import type { DisplayInfo } from '../../core/rviz/displays.ts';
import { DisplayProps, type Rgb, type Vec3 } from './props.ts';
import { pointColorOptionsFromProperties } from '../decode/color-options.ts';
import type { PointColorOptions } from '../decode/types.ts';

export const POINT_STYLES = ['Points', 'Squares', 'Flat Squares', 'Spheres', 'Boxes', 'Tiles'] as const;
export type PointStyle = (typeof POINT_STYLES)[number];

export interface GridSpec { kind: 'grid'; frame: string; cellSize: number; planeCellCount: number; normalCellCount: number;
  color: Rgb; alpha: number; plane: 'XY' | 'XZ' | 'YZ'; offset: Vec3; lineStyle: 'Lines' | 'Billboards'; lineWidth: number }
export interface AxesSpec { kind: 'axes'; frame: string; length: number; radius: number }
export interface TfSpec { kind: 'tf'; showAxes: boolean; showNames: boolean; showArrows: boolean; markerScale: number;
  /** Seconds; a frame not updated for this long fades out (RViz: colour → grey → transparent). */
  frameTimeout: number; allEnabled: boolean; frames: Record<string, boolean> }
export interface PointsSpec { kind: 'points'; style: PointStyle; sizeM: number; sizePx: number; alpha: number;
  /** Seconds; 0 keeps only the latest message. */
  decayTime: number; colors: PointColorOptions }
export interface MapSpec { kind: 'map'; alpha: number; colorScheme: 'map' | 'costmap' | 'raw'; drawBehind: boolean;
  updateTopic: string; binary: boolean; binaryThreshold: number }
export interface ArrowShape { shaftLength: number; shaftRadius: number; headLength: number; headRadius: number }
export interface PoseShape extends ArrowShape { shape: 'Arrow' | 'Axes'; color: Rgb; alpha: number; axesLength: number; axesRadius: number }
export interface CovarianceSpec { enabled: boolean; position: { enabled: boolean; color: Rgb; alpha: number; scale: number };
  orientation: { enabled: boolean; frame: 'Local' | 'Fixed'; colorStyle: 'Unique' | 'RGB'; color: Rgb; alpha: number; offset: number; scale: number } }
export interface PathSpec { kind: 'path'; lineStyle: 'Lines' | 'Billboards'; lineWidth: number; color: Rgb; alpha: number; bufferLength: number;
  offset: Vec3; poseStyle: 'None' | 'Axes' | 'Arrows'; axesLength: number; axesRadius: number; poseColor: Rgb;
  arrow: { shaftLength: number; headLength: number; shaftDiameter: number; headDiameter: number } }
export interface PoseSpec { kind: 'pose'; pose: PoseShape; covariance?: CovarianceSpec }
export interface OdometrySpec { kind: 'odometry'; pose: PoseShape; keep: number; positionTolerance: number; angleTolerance: number; covariance: CovarianceSpec }
export interface PoseArraySpec { kind: 'pose-array'; shape: 'Arrow (Flat)' | 'Arrow (3D)' | 'Axes'; color: Rgb; alpha: number; arrowLength: number;
  headRadius: number; headLength: number; shaftRadius: number; shaftLength: number; axesLength: number; axesRadius: number }
export interface PolygonSpec { kind: 'polygon'; color: Rgb; alpha: number }
export interface PointStampedSpec { kind: 'point-stamped'; color: Rgb; alpha: number; radius: number; historyLength: number }
export interface RangeSpec { kind: 'range'; color: Rgb; alpha: number; bufferLength: number }
export interface MarkerSpec { kind: 'marker'; array: boolean; namespaces: Record<string, boolean> }
export interface RobotModelSpec { kind: 'robot-model'; visual: boolean; collision: boolean; alpha: number; tfPrefix: string;
  source: 'Topic' | 'File'; descriptionTopic: string; descriptionFile: string }
export interface ImageSpec { kind: 'image'; camera: boolean; normalize: boolean; minValue: number; maxValue: number; zoom: number }
export interface RvizOnlySpec { kind: 'rviz-only'; reason: string }

export type DrawSpec = GridSpec | AxesSpec | TfSpec | PointsSpec | MapSpec | PathSpec | PoseSpec | OdometrySpec | PoseArraySpec
  | PolygonSpec | PointStampedSpec | RangeSpec | MarkerSpec | RobotModelSpec | ImageSpec | RvizOnlySpec;

/** One enabled display as the view sees it. */
export interface ViewDisplay {
  /** Display name as the file writes it (unique names are not guaranteed; `key` is). */
  name: string;
  /** Stable within one document: the display's path (`Visualization Manager/Displays/3`). */
  key: string;
  classId: string;
  /** The catalog's short name (`LaserScan`), or the class id's last part for other packages' classes. */
  type: string;
  /** The main topic and the message types the catalog accepts on it. */
  topic?: { name: string; messageTypes: readonly string[] };
  spec: DrawSpec;
}

const WHITE: Rgb = [1, 1, 1];
const POSE_RED: Rgb = [1, 25 / 255, 0];

function poseShape(p: DisplayProps, prefix: string): PoseShape {
  const at = (k: string) => (prefix ? `${prefix}/${k}` : k);
  return {
    shape: p.oneOf(prefix || 'Shape', ['Arrow', 'Axes'] as const, 'Arrow'), color: p.rgb(at('Color'), POSE_RED), alpha: p.num(at('Alpha'), 1),
    shaftLength: p.num(at('Shaft Length'), 1), shaftRadius: p.num(at('Shaft Radius'), 0.05), headLength: p.num(at('Head Length'), 0.3),
    headRadius: p.num(at('Head Radius'), 0.1), axesLength: p.num(at('Axes Length'), 1), axesRadius: p.num(at('Axes Radius'), 0.1),
  };
}

function covariance(p: DisplayProps): CovarianceSpec {
  return {
    enabled: p.bool('Covariance', true),
    position: { enabled: p.bool('Covariance/Position', true), color: p.rgb('Covariance/Position/Color', [204 / 255, 51 / 255, 204 / 255]),
      alpha: p.num('Covariance/Position/Alpha', 0.3), scale: p.num('Covariance/Position/Scale', 1) },
    orientation: { enabled: p.bool('Covariance/Orientation', true), frame: p.oneOf('Covariance/Orientation/Frame', ['Local', 'Fixed'] as const, 'Local'),
      colorStyle: p.oneOf('Covariance/Orientation/Color Style', ['Unique', 'RGB'] as const, 'Unique'),
      color: p.rgb('Covariance/Orientation/Color', [1, 1, 127 / 255]), alpha: p.num('Covariance/Orientation/Alpha', 0.5),
      offset: p.num('Covariance/Orientation/Offset', 1), scale: p.num('Covariance/Orientation/Scale', 1) },
  };
}

/** Why a display type is not drawn here; the legend shows it as "shown in RViz only". */
const RVIZ_ONLY_REASONS: Readonly<Record<string, string>> = {
  InteractiveMarkers: 'interactive markers need a two-way server session',
  DepthCloud: 'depth images are projected by RViz only',
  Effort: 'joint efforts are drawn by RViz only',
  Wrench: 'wrenches are drawn by RViz only',
  AccelStamped: 'accelerations are drawn by RViz only',
  TwistStamped: 'twists are drawn by RViz only',
  GridCells: 'grid cells are drawn by RViz only',
  CameraInfo: 'camera frustums are drawn by RViz only',
  Illuminance: 'scalar sensor clouds are drawn by RViz only',
  Temperature: 'scalar sensor clouds are drawn by RViz only',
  FluidPressure: 'scalar sensor clouds are drawn by RViz only',
  RelativeHumidity: 'scalar sensor clouds are drawn by RViz only',
};

/** The typed spec of one display (a group has none). */
export function drawSpecOf(info: DisplayInfo, catalog: Catalog, fixedFrame: string): DrawSpec {
  const spec = catalog.byClass(info.classId);
  const p = new DisplayProps(info.properties, spec);
  const frame = (path: string) => {
    const f = p.str(path, '<Fixed Frame>').replace(/^\/+/, '');
    return f === '<Fixed Frame>' || f === '' ? fixedFrame : f;
  };
  if (!spec) return { kind: 'rviz-only', reason: `${info.classId} is another package's display` };
  switch (spec.name) {
    case 'Grid': return { kind: 'grid', frame: frame('Reference Frame'), cellSize: p.num('Cell Size', 1), planeCellCount: Math.max(1, Math.round(p.num('Plane Cell Count', 10))),
      normalCellCount: Math.max(0, Math.round(p.num('Normal Cell Count', 0))), color: p.rgb('Color', [160 / 255, 160 / 255, 164 / 255]), alpha: p.num('Alpha', 0.5),
      plane: p.oneOf('Plane', ['XY', 'XZ', 'YZ'] as const, 'XY'), offset: p.vec3('Offset', [0, 0, 0]),
      lineStyle: p.oneOf('Line Style', ['Lines', 'Billboards'] as const, 'Lines'), lineWidth: p.num('Line Style/Line Width', 0.03) };
    case 'Axes': return { kind: 'axes', frame: frame('Reference Frame'), length: p.num('Length', 1), radius: p.num('Radius', 0.1) };
    case 'TF': return { kind: 'tf', showAxes: p.bool('Show Axes', true), showNames: p.bool('Show Names', false), showArrows: p.bool('Show Arrows', true),
      markerScale: p.num('Marker Scale', 1), frameTimeout: p.num('Frame Timeout', 15), allEnabled: p.bool('Frames/All Enabled', true),
      frames: Object.fromEntries(Object.entries(p.flags('Frames')).filter(([k]) => k !== 'All Enabled')) };
    case 'LaserScan': case 'PointCloud': case 'PointCloud2':
      return { kind: 'points', style: p.oneOf('Style', POINT_STYLES, 'Flat Squares'), sizeM: p.num('Size (m)', 0.01), sizePx: p.num('Size (Pixels)', 3),
        alpha: p.num('Alpha', 1), decayTime: Math.max(0, p.num('Decay Time', 0)), colors: pointColorOptionsFromProperties(info.properties) };
    case 'Map': return { kind: 'map', alpha: p.num('Alpha', 0.7), colorScheme: p.oneOf('Color Scheme', ['map', 'costmap', 'raw'] as const, 'map'),
      drawBehind: p.bool('Draw Behind', false), updateTopic: p.str('Update Topic', ''), binary: p.bool('Binary representation', false),
      binaryThreshold: p.num('Binary threshold', 100) };
    case 'Path': return { kind: 'path', lineStyle: p.oneOf('Line Style', ['Lines', 'Billboards'] as const, 'Lines'), lineWidth: p.num('Line Width', 0.03),
      color: p.rgb('Color', [25 / 255, 1, 0]), alpha: p.num('Alpha', 1), bufferLength: Math.max(1, Math.round(p.num('Buffer Length', 1))),
      offset: p.vec3('Offset', [0, 0, 0]), poseStyle: p.oneOf('Pose Style', ['None', 'Axes', 'Arrows'] as const, 'None'),
      axesLength: p.num('Length', 0.3), axesRadius: p.num('Radius', 0.03), poseColor: p.rgb('Pose Color', [1, 85 / 255, 1]),
      arrow: { shaftLength: p.num('Shaft Length', 0.1), headLength: p.num('Head Length', 0.2), shaftDiameter: p.num('Shaft Diameter', 0.1), headDiameter: p.num('Head Diameter', 0.3) } };
    case 'Pose': return { kind: 'pose', pose: poseShape(p, '') };
    case 'PoseWithCovariance': return { kind: 'pose', pose: poseShape(p, ''), covariance: covariance(p) };
    case 'Odometry': return { kind: 'odometry', pose: poseShape(p, 'Shape'), keep: Math.max(0, Math.round(p.num('Keep', 100))),
      positionTolerance: p.num('Position Tolerance', 0.1), angleTolerance: p.num('Angle Tolerance', 0.1), covariance: covariance(p) };
    case 'PoseArray': return { kind: 'pose-array', shape: p.oneOf('Shape', ['Arrow (Flat)', 'Arrow (3D)', 'Axes'] as const, 'Arrow (Flat)'),
      color: p.rgb('Color', POSE_RED), alpha: p.num('Alpha', 1), arrowLength: p.num('Arrow Length', 0.3), headRadius: p.num('Head Radius', 0.03),
      headLength: p.num('Head Length', 0.07), shaftRadius: p.num('Shaft Radius', 0.01), shaftLength: p.num('Shaft Length', 0.23),
      axesLength: p.num('Axes Length', 0.3), axesRadius: p.num('Axes Radius', 0.01) };
    case 'Polygon': return { kind: 'polygon', color: p.rgb('Color', [25 / 255, 1, 0]), alpha: p.num('Alpha', 1) };
    case 'PointStamped': return { kind: 'point-stamped', color: p.rgb('Color', [204 / 255, 41 / 255, 204 / 255]), alpha: p.num('Alpha', 1),
      radius: p.num('Radius', 0.2), historyLength: Math.max(1, Math.round(p.num('History Length', 1))) };
    case 'Range': return { kind: 'range', color: p.rgb('Color', WHITE), alpha: p.num('Alpha', 0.5), bufferLength: Math.max(1, Math.round(p.num('Buffer Length', 1))) };
    case 'Marker': case 'MarkerArray': return { kind: 'marker', array: spec.name === 'MarkerArray', namespaces: p.flags('Namespaces') };
    case 'RobotModel': return { kind: 'robot-model', visual: p.bool('Visual Enabled', true), collision: p.bool('Collision Enabled', false),
      alpha: p.num('Alpha', 1), tfPrefix: p.str('TF Prefix', '').replace(/^\/+|\/+$/g, ''), source: p.oneOf('Description Source', ['Topic', 'File'] as const, 'Topic'),
      descriptionTopic: p.str('Description Topic', '/robot_description'), descriptionFile: p.str('Description File', '') };
    case 'Image': case 'Camera': return { kind: 'image', camera: spec.name === 'Camera', normalize: p.bool('Normalize Range', true),
      minValue: p.num('Min Value', 0), maxValue: p.num('Max Value', 1), zoom: p.num('Zoom Factor', 1) };
    default: return { kind: 'rviz-only', reason: RVIZ_ONLY_REASONS[spec.name] ?? `${spec.name} is drawn by RViz only` };
  }
}

/** The main topic property of a type (RobotModel's is `Description Topic`). */
function mainTopic(info: DisplayInfo, catalog: Catalog): ViewDisplay['topic'] {
  const spec = catalog.byClass(info.classId);
  if (!spec || spec.messageTypes.length === 0) {
    if (spec?.name === 'RobotModel') {
      const t = info.topics.find((x) => x.property === 'Description Topic');
      return { name: t?.value ?? '/robot_description', messageTypes: ['std_msgs/msg/String'] };
    }
    return undefined;
  }
  const t = info.topics.find((x) => x.property === (spec.topicProperties[0] ?? 'Topic'));
  return t && t.value !== '' ? { name: t.value, messageTypes: spec.messageTypes } : undefined;
}

/**
 * Every enabled display (inside enabled groups; groups themselves are not drawn) in document order, with its spec.
 * `fixedFrame` replaces `<Fixed Frame>` in frame properties.
 */
export function viewDisplays(displays: readonly DisplayInfo[], catalog: Catalog, fixedFrame: string): ViewDisplay[] {
  const disabledGroups: string[] = [];
  const out: ViewDisplay[] = [];
  for (const info of displays) {
    const inDisabled = disabledGroups.some((g) => info.path.startsWith(`${g}/`));
    if (info.isGroup) {
      if (!info.enabled || inDisabled) disabledGroups.push(info.path);
      continue;
    }
    if (!info.enabled || inDisabled) continue;
    const spec = catalog.byClass(info.classId);
    const topic = mainTopic(info, catalog);
    out.push({ name: info.name, key: info.path, classId: info.classId, type: spec?.name ?? info.classId.split('/').pop() ?? info.classId,
      ...(topic ? { topic } : {}), spec: drawSpecOf(info, catalog, fixedFrame) });
  }
  return out;
}
