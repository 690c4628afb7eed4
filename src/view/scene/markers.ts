/**
 * Marker and MarkerArray: the bookkeeping (ADD/MODIFY/DELETE/DELETEALL, lifetime, namespaces) is MarkerStore's
 * (src/view/spec/markers.ts); this draws each entry by type the way rviz_default_plugins' marker classes do.
 * MESH_RESOURCE is drawn as its bounding box (scale) with one note: meshes are not fetched for markers.
 */
import * as THREE from 'three';
import { Line2 } from 'three/examples/jsm/lines/Line2.js';
import { LineGeometry } from 'three/examples/jsm/lines/LineGeometry.js';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import type { MarkerSpec } from '../spec/draw-spec.ts';
import { MARKER_TYPES, MarkerStore, type ColorMsg, type MarkerEntry, type MarkerMsg, type Vector3Msg } from '../spec/markers.ts';
import { compose, poseFromMsg, type Pose } from '../spec/transforms.ts';
import { Layer, applyPose, headerFrame } from './layer.ts';
import { disposeObject, makeArrow, makeText, shared } from './shapes.ts';
import { pointsMaterial } from './points.ts';

const num = (v: unknown, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const vec = (p: Partial<Vector3Msg> | undefined): THREE.Vector3 => new THREE.Vector3(num(p?.x), num(p?.y), num(p?.z));
const rgba = (c: Partial<ColorMsg> | undefined) => ({ r: num(c?.r), g: num(c?.g), b: num(c?.b), a: num(c?.a, 1) });

function material(c: Partial<ColorMsg> | undefined, lit = true): THREE.Material {
  const k = rgba(c);
  const opts = { color: new THREE.Color(k.r, k.g, k.b), transparent: k.a < 1, opacity: k.a, depthWrite: k.a >= 1 };
  return lit ? new THREE.MeshLambertMaterial(opts) : new THREE.MeshBasicMaterial(opts);
}

/** Per-point colours (or the marker's colour for all), as a flat rgb array. */
function colorArray(m: MarkerMsg, count: number): Float32Array {
  const out = new Float32Array(count * 3);
  const base = rgba(m.color);
  for (let i = 0; i < count; i++) {
    const c = m.colors && m.colors.length === count ? rgba(m.colors[i]) : base;
    out[3 * i] = c.r; out[3 * i + 1] = c.g; out[3 * i + 2] = c.b;
  }
  return out;
}

/** The drawing of one marker, in its own frame (the marker's pose applied). `onNote` collects notes. */
export function buildMarker(m: MarkerMsg, onNote: (n: string) => void): THREE.Object3D | undefined {
  const s = vec(m.scale);
  const pts = (m.points ?? []).map(vec);
  const base = rgba(m.color);
  const holder = new THREE.Group();
  const localPose = poseFromMsg(m.pose as Parameters<typeof poseFromMsg>[0]);
  applyPose(holder, localPose);
  switch (m.type) {
    case MARKER_TYPES.ARROW: {
      if (pts.length === 2) {
        const dir = pts[1]!.clone().sub(pts[0]!);
        const distance = dir.length();
        if (distance < 1e-9) return undefined;
        const head = s.z !== 0 ? Math.max(0, Math.min(s.z, distance)) : 0.23 * distance;
        const a = makeArrow(distance - head, s.x / 2, head, s.y / 2, material(m.color));
        a.position.copy(pts[0]!);
        a.quaternion.setFromUnitVectors(new THREE.Vector3(1, 0, 0), dir.normalize());
        holder.add(a);
      } else {
        const a = makeArrow(0.77, 0.5, 0.23, 1, material(m.color));
        a.scale.set(s.x, s.y, s.z);
        holder.add(a);
      }
      return holder;
    }
    case MARKER_TYPES.CUBE: case MARKER_TYPES.SPHERE: case MARKER_TYPES.CYLINDER: case MARKER_TYPES.MESH_RESOURCE: {
      const geometry = m.type === MARKER_TYPES.SPHERE ? shared.sphere : m.type === MARKER_TYPES.CYLINDER ? shared.cylinder : shared.box;
      const mesh = new THREE.Mesh(geometry, material(m.color));
      if (m.type === MARKER_TYPES.SPHERE) mesh.scale.set(s.x / 2, s.y / 2, s.z / 2);
      else if (m.type === MARKER_TYPES.CYLINDER) { mesh.rotation.x = Math.PI / 2; mesh.scale.set(s.x / 2, s.z, s.y / 2); }
      else mesh.scale.set(s.x, s.y, s.z);
      if (m.type === MARKER_TYPES.MESH_RESOURCE) {
        (mesh.material as THREE.MeshLambertMaterial).wireframe = true;
        onNote(`mesh markers are drawn as their bounding box (${m.mesh_resource || 'no mesh_resource'})`);
      }
      holder.add(mesh);
      return holder;
    }
    case MARKER_TYPES.LINE_STRIP: case MARKER_TYPES.LINE_LIST: {
      if (pts.length < 2) return undefined;
      const flat = pts.flatMap((p) => [p.x, p.y, p.z]);
      const colors = Array.from(colorArray(m, pts.length));
      const lm = new LineMaterial({ linewidth: Math.max(1e-4, s.x), worldUnits: true, vertexColors: true, transparent: base.a < 1, opacity: base.a });
      if (m.type === MARKER_TYPES.LINE_STRIP) {
        const g = new LineGeometry().setPositions(flat);
        g.setColors(colors);
        holder.add(new Line2(g, lm));
      } else {
        const even = flat.slice(0, Math.floor(pts.length / 2) * 6);
        const g = new LineSegmentsGeometry().setPositions(even);
        g.setColors(colors.slice(0, even.length));
        holder.add(new LineSegments2(g, lm));
      }
      return holder;
    }
    case MARKER_TYPES.CUBE_LIST: case MARKER_TYPES.SPHERE_LIST: {
      if (pts.length === 0) return undefined;
      const geometry = m.type === MARKER_TYPES.SPHERE_LIST ? shared.sphere : shared.box;
      const inst = new THREE.InstancedMesh(geometry, material({ r: 1, g: 1, b: 1, a: base.a }), pts.length);
      const k = m.type === MARKER_TYPES.SPHERE_LIST ? 0.5 : 1;
      const mat = new THREE.Matrix4();
      const colors = colorArray(m, pts.length);
      const c = new THREE.Color();
      pts.forEach((p, i) => {
        inst.setMatrixAt(i, mat.makeScale(s.x * k, s.y * k, s.z * k).setPosition(p));
        inst.setColorAt(i, c.setRGB(colors[3 * i]!, colors[3 * i + 1]!, colors[3 * i + 2]!));
      });
      holder.add(inst);
      return holder;
    }
    case MARKER_TYPES.POINTS: {
      if (pts.length === 0) return undefined;
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(pts.flatMap((p) => [p.x, p.y, p.z])), 3));
      g.setAttribute('color', new THREE.BufferAttribute(colorArray(m, pts.length), 3));
      g.setAttribute('alpha', new THREE.BufferAttribute(new Float32Array(pts.length).fill(1), 1));
      const p = new THREE.Points(g, pointsMaterial({ style: 'Flat Squares', sizeM: Math.max(s.x, s.y), sizePx: 3, alpha: base.a }));
      p.frustumCulled = false;
      holder.add(p);
      return holder;
    }
    case MARKER_TYPES.TEXT_VIEW_FACING: {
      if (!m.text) return undefined;
      holder.quaternion.identity(); // faces the camera whatever the pose's orientation
      holder.add(makeText(m.text, s.z > 0 ? s.z : 0.1, [base.r, base.g, base.b], base.a));
      return holder;
    }
    case MARKER_TYPES.TRIANGLE_LIST: {
      const count = Math.floor(pts.length / 3) * 3;
      if (count === 0) return undefined;
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(pts.slice(0, count).flatMap((p) => [p.x, p.y, p.z])), 3));
      g.setAttribute('color', new THREE.BufferAttribute(colorArray(m, count), 3));
      g.computeVertexNormals();
      const mesh = new THREE.Mesh(g, new THREE.MeshLambertMaterial({ vertexColors: true, side: THREE.DoubleSide, transparent: base.a < 1, opacity: base.a }));
      mesh.scale.set(s.x || 1, s.y || 1, s.z || 1);
      holder.add(mesh);
      return holder;
    }
    default:
      onNote(`marker type ${String(m.type)} is not drawn`);
      return undefined;
  }
}

interface Drawn { version: number; obj: THREE.Object3D; frame: string; locked: boolean; fixedPose?: Pose }

export class MarkerLayer extends Layer<MarkerSpec> {
  private readonly store = new MarkerStore();
  private readonly drawn = new Map<string, Drawn>();

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    if (this.spec.array) {
      this.feed(topic.name, 'visualization_msgs/msg/MarkerArray', (m: { markers?: MarkerMsg[] }, at) => { this.store.applyArray(m, Date.now()); this.received(at); });
    } else {
      this.feed(topic.name, 'visualization_msgs/msg/Marker', (m: MarkerMsg, at) => { this.store.apply(m, Date.now()); this.received(at); });
      // RViz's Marker display also listens on `<topic>_array` (catalog: derivedTopics).
      this.feed(`${topic.name}_array`, 'visualization_msgs/msg/MarkerArray', (m: { markers?: MarkerMsg[] }, at) => { this.store.applyArray(m, Date.now()); this.received(at); });
    }
  }

  public setSpec(spec: MarkerSpec): void {
    this.spec = spec;
    this.ctx.requestRender();
  }

  public frame(now: number): void {
    this.store.expire(now);
    for (const p of this.store.problems) this.note(p);
    const live = new Map<string, MarkerEntry>(this.store.live(this.spec.namespaces).map((e) => [e.key, e]));
    for (const [key, d] of this.drawn) {
      if (live.get(key)?.version !== d.version) { d.obj.removeFromParent(); disposeObject(d.obj); this.drawn.delete(key); }
    }
    let anyFailed: string | undefined;
    let anyOk = false;
    for (const [key, e] of live) {
      let d = this.drawn.get(key);
      if (!d) {
        const obj = buildMarker(e.message, (n) => this.note(n)) ?? new THREE.Group();
        d = { version: e.version, obj, frame: headerFrame(e.message) || this.ctx.fixedFrame(), locked: e.message.frame_locked === true };
        this.root.add(obj);
        this.drawn.set(key, d);
        this.ctx.requestRender();
      }
      if (d.fixedPose && !d.locked) continue; // placed once at arrival, like RViz for markers that are not frame-locked
      const local = poseFromMsg(e.message.pose as Parameters<typeof poseFromMsg>[0]);
      const r = this.ctx.tf.lookup(this.ctx.fixedFrame(), d.frame);
      if (!r.ok) { d.obj.visible = false; anyFailed = r.reason; continue; }
      anyOk = true;
      const isText = e.message.type === MARKER_TYPES.TEXT_VIEW_FACING;
      const pose = compose(r.pose, local);
      applyPose(d.obj, isText ? { t: pose.t, q: [0, 0, 0, 1] } : pose);
      d.obj.visible = true;
      d.fixedPose = pose;
    }
    const half = this.ctx.viewportHeight() / 2;
    this.root.traverse((o) => { const u = ((o as THREE.Points).material as THREE.ShaderMaterial | undefined)?.uniforms; if (u?.['uHalfHeight']) u['uHalfHeight'].value = half; });
    if (anyFailed && !anyOk) { this.transformOk = false; this.transformReason = anyFailed; } else if (anyOk) { this.transformOk = true; this.transformReason = undefined; }
  }
}
