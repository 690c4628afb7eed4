// The simulated world: a walled room with a few obstacles as an occupancy grid, the TF tree's motion,
// and ray casting, so that map, scan, odometry, TF and costmaps agree with each other.
import type { Frame, Scenario } from '../types.ts';
import { quatFromRpy, type Quaternion } from './common.ts';

export interface Grid {
  width: number;
  height: number;
  resolution: number;
  originX: number;
  originY: number;
  /** Row-major, row 0 at originY; 100 occupied, 0 free, -1 unknown. */
  cells: Int8Array;
}

const rooms = new Map<string, Grid>();

/** A room cellsPerSide × resolution metres wide with border walls, two boxes and a pillar; the outermost cells are unknown. Shared, never mutated. */
export function buildRoom(cellsPerSide: number, resolution: number): Grid {
  const key = `${cellsPerSide}:${resolution}`;
  let room = rooms.get(key);
  if (!room) {
    room = makeRoom(cellsPerSide, resolution);
    rooms.set(key, room);
  }
  return room;
}

function makeRoom(cellsPerSide: number, resolution: number): Grid {
  const n = cellsPerSide;
  const half = (n * resolution) / 2;
  const cells = new Int8Array(n * n);
  const occupied = (x: number, y: number): boolean => {
    const box = (x0: number, y0: number, x1: number, y1: number): boolean => x >= x0 && x <= x1 && y >= y0 && y <= y1;
    return box(3.2, -1.0, 4.2, 1.0) || box(-4.5, 3.0, -2.5, 3.8) || Math.hypot(x + 3.5, y + 3.5) < 0.5;
  };
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const i = row * n + col;
      if (row === 0 || col === 0 || row === n - 1 || col === n - 1) cells[i] = -1;
      else if (row === 1 || col === 1 || row === n - 2 || col === n - 2) cells[i] = 100;
      else {
        const x = -half + (col + 0.5) * resolution;
        const y = -half + (row + 0.5) * resolution;
        cells[i] = occupied(x, y) ? 100 : 0;
      }
    }
  }
  return { width: n, height: n, resolution, originX: -half, originY: -half, cells };
}

export function cellAt(grid: Grid, x: number, y: number): number {
  const col = Math.floor((x - grid.originX) / grid.resolution);
  const row = Math.floor((y - grid.originY) / grid.resolution);
  if (col < 0 || row < 0 || col >= grid.width || row >= grid.height) return -1;
  return grid.cells[row * grid.width + col] ?? -1;
}

/** Distance from (x, y) along `angle` to the first occupied or unknown cell, at most maxRange. */
export function castRay(grid: Grid, x: number, y: number, angle: number, maxRange: number): number {
  const step = grid.resolution / 4;
  const dx = Math.cos(angle) * step, dy = Math.sin(angle) * step;
  let px = x, py = y;
  for (let d = 0; d < maxRange; d += step) {
    if (cellAt(grid, px, py) !== 0) return d;
    px += dx; py += dy;
  }
  return maxRange;
}

export interface Pose2D { x: number; y: number; yaw: number }

export interface Transform3D { translation: { x: number; y: number; z: number }; rotation: Quaternion }

const TAU = Math.PI * 2;

/** A frame's pose relative to its parent at time t (seconds since start). */
export function frameTransform(frame: Frame, t: number): { xyz: [number, number, number]; rpy: [number, number, number] } {
  const [x, y, z] = frame.xyz;
  const [r, p, yw] = frame.rpy;
  if (!frame.dynamic || frame.motion === 'none') return { xyz: [x, y, z], rpy: [r, p, yw] };
  const period = numberParam(frame, 'period', frame.motion === 'circle' ? 60 : 8);
  const w = TAU / period;
  if (frame.motion === 'circle') {
    const radius = numberParam(frame, 'radius', 2);
    const a = w * t + numberParam(frame, 'phase', 0);
    return { xyz: [x + radius * Math.cos(a), y + radius * Math.sin(a), z], rpy: [r, p, yw + a + Math.PI / 2] };
  }
  const angle = swingAngle(frame, t);
  const axis = String(frame.params['axis'] ?? 'z');
  const rpy: [number, number, number] = [r, p, yw];
  rpy[axis === 'x' ? 0 : axis === 'y' ? 1 : 2] += angle;
  return { xyz: [x, y, z], rpy };
}

/** The joint angle of a swinging frame at time t. */
export function swingAngle(frame: Frame, t: number): number {
  const period = numberParam(frame, 'period', 8);
  return numberParam(frame, 'amplitude', 0.6) * Math.sin((TAU / period) * t + numberParam(frame, 'phase', 0));
}

/** Linear and angular speed of a circling frame (for Odometry twist and /cmd_vel). */
export function circleSpeed(frame: Frame): { linear: number; angular: number } {
  const w = TAU / numberParam(frame, 'period', 60);
  return { linear: numberParam(frame, 'radius', 2) * w, angular: w };
}

export function toTransform(frame: Frame, t: number): Transform3D {
  const { xyz, rpy } = frameTransform(frame, t);
  return { translation: { x: xyz[0], y: xyz[1], z: xyz[2] }, rotation: quatFromRpy(rpy[0], rpy[1], rpy[2]) };
}

/** The planar pose of `name` in the root of its tree (roll and pitch ignored: the world is flat). */
export function planarPose(scenario: Scenario, name: string, t: number): Pose2D {
  const byChild = new Map(scenario.tf.frames.map((f) => [f.child, f]));
  const chain: Frame[] = [];
  for (let f = byChild.get(name); f && chain.length < 64; f = byChild.get(f.parent)) chain.unshift(f);
  let pose: Pose2D = { x: 0, y: 0, yaw: 0 };
  for (const f of chain) {
    const { xyz, rpy } = frameTransform(f, t);
    const c = Math.cos(pose.yaw), s = Math.sin(pose.yaw);
    pose = { x: pose.x + c * xyz[0] - s * xyz[1], y: pose.y + s * xyz[0] + c * xyz[1], yaw: pose.yaw + rpy[2] };
  }
  return pose;
}

export function findFrame(scenario: Scenario, child: string): Frame | undefined {
  return scenario.tf.frames.find((f) => f.child === child);
}

function numberParam(frame: Frame, key: string, fallback: number): number {
  const v = frame.params[key];
  return typeof v === 'number' ? v : fallback;
}
