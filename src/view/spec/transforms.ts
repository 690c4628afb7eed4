/**
 * Latest-transform lookups for drawing: where a frame sits in the fixed frame, from the transforms of /tf and
 * /tf_static (latest per child, as the link's TF buffer keeps them). A frame that does not connect to the fixed frame
 * gives a reason instead of a pose, so the display shows that state instead of drawing in the wrong place.
 * Pure math (quaternions, no three.js), tested in Node.
 */
import { normalizeFrame, TfBuffer, type TfTransform } from '../../core/graph/tf-tree.ts';

export type V3 = readonly [number, number, number];
/** x, y, z, w */
export type Quat = readonly [number, number, number, number];

export interface Pose { t: V3; q: Quat }

export const IDENTITY: Pose = Object.freeze({ t: [0, 0, 0] as V3, q: [0, 0, 0, 1] as Quat });

export function quatMul(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

export function quatConj(q: Quat): Quat { return [-q[0], -q[1], -q[2], q[3]]; }

export function rotate(q: Quat, v: V3): V3 {
  const [x, y, z, w] = q;
  // v' = v + 2w(q×v) + 2 q×(q×v)
  const cx = y * v[2] - z * v[1], cy = z * v[0] - x * v[2], cz = x * v[1] - y * v[0];
  const ccx = y * cz - z * cy, ccy = z * cx - x * cz, ccz = x * cy - y * cx;
  return [v[0] + 2 * (w * cx + ccx), v[1] + 2 * (w * cy + ccy), v[2] + 2 * (w * cz + ccz)];
}

/** a ∘ b: b expressed in a's parent. */
export function compose(a: Pose, b: Pose): Pose {
  const r = rotate(a.q, b.t);
  return { t: [a.t[0] + r[0], a.t[1] + r[1], a.t[2] + r[2]], q: normalizeQuat(quatMul(a.q, b.q)) };
}

export function invert(p: Pose): Pose {
  const qi = quatConj(p.q);
  const t = rotate(qi, p.t);
  return { t: [-t[0], -t[1], -t[2]], q: qi };
}

export function normalizeQuat(q: Quat): Quat {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!Number.isFinite(n) || n < 1e-9) return [0, 0, 0, 1];
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** A geometry_msgs Pose (rosbridge JSON) → Pose; missing parts are zero / identity. */
export function poseFromMsg(m: { position?: { x?: number; y?: number; z?: number }; orientation?: { x?: number; y?: number; z?: number; w?: number } } | undefined): Pose {
  const p = m?.position, o = m?.orientation;
  const f = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return { t: [f(p?.x, 0), f(p?.y, 0), f(p?.z, 0)], q: normalizeQuat([f(o?.x, 0), f(o?.y, 0), f(o?.z, 0), f(o?.w, 1)]) };
}

export function yawOf(q: Quat): number {
  return Math.atan2(2 * (q[3] * q[2] + q[0] * q[1]), 1 - 2 * (q[1] * q[1] + q[2] * q[2]));
}

interface Entry { parent: string; pose: Pose; receivedAt: number; isStatic: boolean }

export type LookupResult = { ok: true; pose: Pose } | { ok: false; reason: string };

/** Latest transform per child frame, with lookups between any two connected frames. */
export class TransformBuffer {
  private readonly byChild = new Map<string, Entry>();
  private readonly own = new TfBuffer();
  private syncedVersion = -1;
  /** Bumped on every change, so a scene can skip re-resolving when nothing moved. */
  public version = 0;

  /** Replaces the contents with the link's TF buffer (`RobotLink.tfTransforms()`); skipped when `version` is unchanged. */
  public sync(source: { version: number; transforms: readonly TfTransform[] }): boolean {
    if (source.version === this.syncedVersion) return false;
    this.syncedVersion = source.version;
    this.byChild.clear();
    for (const t of source.transforms) {
      const parent = normalizeFrame(t.parent), child = normalizeFrame(t.child);
      if (!parent || !child || parent === child) continue;
      this.byChild.set(child, { parent, pose: poseFromMsg({ position: t.translation, orientation: t.rotation }), receivedAt: t.receivedAt, isStatic: t.isStatic });
    }
    this.version++;
    return true;
  }

  /** Adds a tf2_msgs/TFMessage directly (tests and tools without a link), through the graph's TfBuffer rules. */
  public addMessage(msg: { transforms?: unknown }, isStatic: boolean, receivedAt: number): void {
    this.own.addMessage(msg, isStatic, receivedAt);
    this.syncedVersion = -1;
    this.sync({ version: this.own.version, transforms: this.own.transforms() });
  }

  public clear(): void { this.byChild.clear(); this.own.clear(); this.syncedVersion = -1; this.version++; }

  public frames(): string[] {
    const s = new Set<string>();
    for (const [child, e] of this.byChild) { s.add(child); s.add(e.parent); }
    return [...s].sort();
  }

  public has(frame: string): boolean {
    const f = normalizeFrame(frame);
    if (this.byChild.has(f)) return true;
    for (const e of this.byChild.values()) if (e.parent === f) return true;
    return false;
  }

  public parentOf(frame: string): string | undefined { return this.byChild.get(normalizeFrame(frame))?.parent; }

  /** ms since the frame's transform to its parent arrived (undefined: a root, or static). */
  public ageMs(frame: string, now: number): number | undefined {
    const e = this.byChild.get(normalizeFrame(frame));
    return e && !e.isStatic ? now - e.receivedAt : undefined;
  }

  /** The frame's pose in its root, and the chain of frames up to that root. */
  private toRoot(frame: string): { root: string; pose: Pose; chain: string[] } {
    let pose: Pose = IDENTITY;
    let f = frame;
    const chain = [f];
    for (let guard = 0; guard < 256; guard++) {
      const e = this.byChild.get(f);
      if (!e) break;
      pose = compose(e.pose, pose);
      f = e.parent;
      if (chain.includes(f)) break; // a cycle: stop where it closes
      chain.push(f);
    }
    return { root: f, pose, chain };
  }

  /** Where `frame` is in `fixed` (the transform fixed ← frame). */
  public lookup(fixed: string, frame: string): LookupResult {
    const a = normalizeFrame(fixed), b = normalizeFrame(frame);
    if (a === '' || b === '') return { ok: false, reason: 'no frame given' };
    if (a === b) return { ok: true, pose: IDENTITY };
    if (!this.has(b)) return { ok: false, reason: `frame "${b}" is not in TF` };
    if (!this.has(a)) return { ok: false, reason: `fixed frame "${a}" is not in TF` };
    const fa = this.toRoot(a), fb = this.toRoot(b);
    if (fa.root !== fb.root) return { ok: false, reason: `frame "${b}" does not connect to the fixed frame "${a}"` };
    return { ok: true, pose: compose(invert(fa.pose), fb.pose) };
  }
}
