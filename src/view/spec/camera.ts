/**
 * The camera the document asks for (`Visualization Manager/Views/Current`), as data: Orbit (Distance, Focal Point,
 * Pitch, Yaw) or TopDownOrtho (Scale in pixels per metre, X, Y, Angle). Other controllers fall back to Orbit with a
 * note. Pure: the scene turns it into a three.js camera; tests check the eye position against RViz's formula.
 */
import type { Vec3 } from './props.ts';
import { parseVec3 } from './props.ts';

export type CameraSpec =
  | { kind: 'orbit'; distance: number; focal: Vec3; pitch: number; yaw: number; targetFrame: string; note?: string }
  | { kind: 'ortho'; scale: number; x: number; y: number; angle: number; targetFrame: string };

/** RViz's defaults (orbit_view_controller.cpp: distance 10, pitch π/4, yaw π/4). */
export const defaultOrbit: Readonly<Extract<CameraSpec, { kind: 'orbit' }>> = Object.freeze({
  kind: 'orbit', distance: 10, focal: [0, 0, 0] as Vec3, pitch: Math.PI / 4, yaw: Math.PI / 4, targetFrame: '<Fixed Frame>',
});

function num(o: Record<string, unknown>, key: string, fallback: number): number {
  const v = o[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** `Views` as plain data (what `vmMap(doc).get('Views')` holds) → the camera. */
export function cameraFromViews(views: unknown): CameraSpec {
  const current = views && typeof views === 'object' ? (views as Record<string, unknown>)['Current'] : undefined;
  if (!current || typeof current !== 'object') return { ...defaultOrbit, note: 'the document has no current view: the default Orbit view' };
  const c = current as Record<string, unknown>;
  const cls = typeof c['Class'] === 'string' ? c['Class'] : '';
  const short = cls.split('/').pop() ?? '';
  const targetFrame = typeof c['Target Frame'] === 'string' ? c['Target Frame'] : '<Fixed Frame>';
  if (short === 'TopDownOrtho') {
    return { kind: 'ortho', scale: Math.max(1e-3, num(c, 'Scale', 10)), x: num(c, 'X', 0), y: num(c, 'Y', 0), angle: num(c, 'Angle', 0), targetFrame };
  }
  const orbit = {
    kind: 'orbit' as const, distance: Math.max(1e-3, num(c, 'Distance', defaultOrbit.distance)),
    focal: parseVec3(c['Focal Point']) ?? defaultOrbit.focal, pitch: num(c, 'Pitch', defaultOrbit.pitch), yaw: num(c, 'Yaw', defaultOrbit.yaw), targetFrame,
  };
  if (short === 'Orbit') return orbit;
  return { ...orbit, note: `the ${short || 'unnamed'} view is shown as an Orbit view` };
}

/** Where RViz's Orbit controller puts the eye: spherical around the focal point, Z up. */
export function orbitEye(c: Extract<CameraSpec, { kind: 'orbit' }>): Vec3 {
  const [fx, fy, fz] = c.focal;
  return [
    fx + c.distance * Math.cos(c.yaw) * Math.cos(c.pitch),
    fy + c.distance * Math.sin(c.yaw) * Math.cos(c.pitch),
    fz + c.distance * Math.sin(c.pitch),
  ];
}

/** The half extents (metres) an ortho view shows on a viewport of this size: Scale is pixels per metre. */
export function orthoHalfExtents(c: Extract<CameraSpec, { kind: 'ortho' }>, widthPx: number, heightPx: number): { halfWidth: number; halfHeight: number } {
  return { halfWidth: widthPx / 2 / c.scale, halfHeight: heightPx / 2 / c.scale };
}
