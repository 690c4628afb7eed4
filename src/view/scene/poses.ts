/**
 * Pose, PoseWithCovariance, Odometry and PoseArray. Arrows point along +X (shaft and head lengths and radii as
 * set); Axes are three cylinders. PoseWithCovariance and Odometry add the position ellipsoid (2·√λ·Scale) and the
 * yaw spread as a flat wedge at `Offset` along X. Odometry keeps up to `Keep` poses, adding one only when the robot
 * moved more than `Position Tolerance` or turned more than `Angle Tolerance`. PoseArray draws Arrow (Flat) as
 * lines (tip, and two head lines to 0.75·L ± 0.2·L), Arrow (3D), or Axes.
 */
import * as THREE from 'three';
import type { CovarianceSpec, OdometrySpec, PoseArraySpec, PoseShape, PoseSpec } from '../spec/draw-spec.ts';
import { poseFromMsg, yawOf, type Pose } from '../spec/transforms.ts';
import { orientationSpread, positionEllipsoid } from '../spec/covariance.ts';
import { Layer, applyPose, headerFrame } from './layer.ts';
import { color3, disposeObject, makeArrow, makeAxes, shared, solidMaterial } from './shapes.ts';

type PoseMsg = Parameters<typeof poseFromMsg>[0];

export function makePoseShape(s: PoseShape): THREE.Object3D {
  if (s.shape === 'Axes') return makeAxes(s.axesLength, s.axesRadius, s.alpha);
  return makeArrow(s.shaftLength, s.shaftRadius, s.headLength, s.headRadius, solidMaterial(s.color, s.alpha));
}

export function makeCovariance(c: CovarianceSpec, cov: readonly number[]): THREE.Object3D | undefined {
  if (!c.enabled || cov.length < 36) return undefined;
  const g = new THREE.Group();
  if (c.position.enabled) {
    const e = positionEllipsoid(cov, c.position.scale);
    const m = new THREE.Mesh(shared.sphere, solidMaterial(c.position.color, c.position.alpha, false));
    const basis = new THREE.Matrix4().set(e.axes[0], e.axes[3], e.axes[6], 0, e.axes[1], e.axes[4], e.axes[7], 0, e.axes[2], e.axes[5], e.axes[8], 0, 0, 0, 0, 1);
    m.quaternion.setFromRotationMatrix(basis);
    m.scale.set(Math.max(1e-4, e.diameters[0] / 2), Math.max(1e-4, e.diameters[1] / 2), Math.max(1e-4, e.diameters[2] / 2));
    g.add(m);
  }
  if (c.orientation.enabled) {
    const yaw = orientationSpread(cov)[2] * c.orientation.scale;
    if (yaw > 1e-6) {
      const radius = 0.1 * c.orientation.scale + 0.05;
      const wedge = new THREE.Mesh(new THREE.CircleGeometry(radius, 24, -Math.min(Math.PI, yaw), 2 * Math.min(Math.PI, yaw)),
        solidMaterial(c.orientation.colorStyle === 'RGB' ? [0, 0, 1] : c.orientation.color, c.orientation.alpha, false));
      (wedge.material as THREE.Material).side = THREE.DoubleSide;
      wedge.position.x = c.orientation.offset;
      g.add(wedge);
    }
  }
  return g;
}

function covarianceOf(m: unknown): number[] {
  const c = (m as { covariance?: unknown } | undefined)?.covariance;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'number' ? x : 0));
  if (ArrayBuffer.isView(c)) return Array.from(c as unknown as ArrayLike<number>);
  return [];
}

/** Pose (PoseStamped) and PoseWithCovariance (PoseWithCovarianceStamped). */
export class PoseLayer extends Layer<PoseSpec> {
  private last: { frame: string; pose: Pose; cov: number[] } | undefined;
  private holder = new THREE.Group();

  public start(): void {
    this.root.add(this.holder);
    const topic = this.display.topic;
    if (!topic) return;
    const withCov = this.spec.covariance !== undefined;
    this.feed(topic.name, topic.messageTypes[0]!, (m: { pose?: unknown }, at) => {
      const inner = withCov ? (m.pose as { pose?: PoseMsg } | undefined)?.pose : (m.pose as PoseMsg);
      this.last = { frame: headerFrame(m), pose: poseFromMsg(inner), cov: withCov ? covarianceOf(m.pose) : [] };
      this.build();
      this.received(at);
    });
  }

  public setSpec(spec: PoseSpec): void { this.spec = spec; this.build(); }

  private build(): void {
    for (const c of [...this.holder.children]) { c.removeFromParent(); disposeObject(c); }
    if (!this.last) return;
    const g = new THREE.Group();
    g.add(makePoseShape(this.spec.pose));
    if (this.spec.covariance) { const c = makeCovariance(this.spec.covariance, this.last.cov); if (c) g.add(c); }
    applyPose(g, this.last.pose);
    this.holder.add(g);
    this.ctx.requestRender();
  }

  public frame(): void { if (this.last) this.place(this.root, this.last.frame); }
}

interface Kept { group: THREE.Group; pose: Pose }

/** Odometry: a trail of poses (in the fixed frame at arrival) thinned by the tolerances. */
export class OdometryLayer extends Layer<OdometrySpec> {
  private kept: Kept[] = [];
  private pending: { frame: string; pose: Pose; cov: number[] }[] = [];

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    this.feed(topic.name, 'nav_msgs/msg/Odometry', (m: { pose?: { pose?: PoseMsg } }, at) => {
      this.pending.push({ frame: headerFrame(m), pose: poseFromMsg(m.pose?.pose), cov: covarianceOf(m.pose) });
      if (this.pending.length > 4) this.pending.shift();
      this.received(at);
    });
  }

  public setSpec(spec: OdometrySpec): void {
    this.spec = spec;
    const poses = this.kept.map((k) => k.pose);
    for (const k of this.kept) { k.group.removeFromParent(); disposeObject(k.group); }
    this.kept = [];
    for (const p of poses) this.keep(p, []);
    this.trim();
    this.ctx.requestRender();
  }

  private keep(pose: Pose, cov: number[]): void {
    const g = new THREE.Group();
    g.add(makePoseShape(this.spec.pose));
    const c = makeCovariance(this.spec.covariance, cov);
    if (c) g.add(c);
    applyPose(g, pose);
    this.root.add(g);
    this.kept.push({ group: g, pose });
  }

  private trim(): void {
    while (this.spec.keep > 0 && this.kept.length > this.spec.keep) {
      const old = this.kept.shift()!;
      old.group.removeFromParent();
      disposeObject(old.group);
    }
  }

  public frame(): void {
    for (const p of this.pending.splice(0)) {
      const toFixed = this.resolve(p.frame);
      if (!toFixed) continue;
      const t = new THREE.Vector3(...toFixed.t).add(new THREE.Vector3(...p.pose.t).applyQuaternion(new THREE.Quaternion(...toFixed.q)));
      const q = new THREE.Quaternion(...toFixed.q).multiply(new THREE.Quaternion(...p.pose.q));
      const pose: Pose = { t: [t.x, t.y, t.z], q: [q.x, q.y, q.z, q.w] };
      const last = this.kept[this.kept.length - 1];
      if (last) {
        const moved = Math.hypot(pose.t[0] - last.pose.t[0], pose.t[1] - last.pose.t[1], pose.t[2] - last.pose.t[2]);
        const turned = Math.abs(Math.atan2(Math.sin(yawOf(pose.q) - yawOf(last.pose.q)), Math.cos(yawOf(pose.q) - yawOf(last.pose.q))));
        if (moved < this.spec.positionTolerance && turned < this.spec.angleTolerance) {
          // Covariance follows the newest pose even when no new arrow is added.
          continue;
        }
      }
      this.keep(pose, p.cov);
      this.trim();
      this.ctx.requestRender();
    }
  }
}

/** PoseArray: many poses in one message (a particle cloud). */
export class PoseArrayLayer extends Layer<PoseArraySpec> {
  private frameId = '';
  private poses: Pose[] = [];

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    this.feed(topic.name, 'geometry_msgs/msg/PoseArray', (m: { poses?: PoseMsg[] }, at) => {
      this.frameId = headerFrame(m);
      this.poses = (m.poses ?? []).map((p) => poseFromMsg(p));
      this.build();
      this.received(at);
    });
  }

  public setSpec(spec: PoseArraySpec): void { this.spec = spec; this.build(); }

  private build(): void {
    for (const c of [...this.root.children]) { c.removeFromParent(); disposeObject(c); }
    const s = this.spec;
    if (this.poses.length === 0) return;
    if (s.shape === 'Arrow (Flat)') {
      const L = s.arrowLength;
      const local = [[0, 0], [L, 0], [L, 0], [0.75 * L, 0.2 * L], [L, 0], [0.75 * L, -0.2 * L]] as const;
      const pos = new Float32Array(this.poses.length * 18);
      const v = new THREE.Vector3();
      const q = new THREE.Quaternion();
      this.poses.forEach((p, i) => {
        q.set(p.q[0], p.q[1], p.q[2], p.q[3]);
        local.forEach(([x, y], j) => {
          v.set(x, y, 0).applyQuaternion(q);
          pos.set([p.t[0] + v.x, p.t[1] + v.y, p.t[2] + v.z], i * 18 + j * 3);
        });
      });
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
      this.root.add(new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color: color3(s.color), transparent: s.alpha < 1, opacity: s.alpha })));
    } else {
      for (const p of this.poses) {
        const o = s.shape === 'Axes' ? makeAxes(s.axesLength, s.axesRadius, s.alpha)
          : makeArrow(s.shaftLength, s.shaftRadius, s.headLength, s.headRadius, solidMaterial(s.color, s.alpha));
        applyPose(o, p);
        this.root.add(o);
      }
    }
    this.ctx.requestRender();
  }

  public frame(): void { if (this.frameId) this.place(this.root, this.frameId); }
}
