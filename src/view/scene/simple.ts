/**
 * The small geometry displays: Polygon (closed outline of a PolygonStamped), PointStamped (spheres of `Radius`,
 * the last `History Length`), Range (the sensor's cone: apex at the frame, along +X, `range` long, opening
 * `field_of_view`; the last `Buffer Length`).
 */
import * as THREE from 'three';
import type { PointStampedSpec, PolygonSpec, RangeSpec } from '../spec/draw-spec.ts';
import { Layer, headerFrame } from './layer.ts';
import { color3, disposeObject, shared, solidMaterial } from './shapes.ts';

type P = { x?: number; y?: number; z?: number };
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export class PolygonLayer extends Layer<PolygonSpec> {
  private frameId = '';
  private points: P[] = [];

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    this.feed(topic.name, 'geometry_msgs/msg/PolygonStamped', (m: { polygon?: { points?: P[] } }, at) => {
      this.frameId = headerFrame(m);
      this.points = m.polygon?.points ?? [];
      this.build();
      this.received(at);
    });
  }

  public setSpec(spec: PolygonSpec): void { this.spec = spec; this.build(); }

  private build(): void {
    for (const c of [...this.root.children]) { c.removeFromParent(); disposeObject(c); }
    if (this.points.length === 0) return;
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(this.points.flatMap((p) => [n(p.x), n(p.y), n(p.z)])), 3));
    this.root.add(new THREE.LineLoop(g, new THREE.LineBasicMaterial({ color: color3(this.spec.color), transparent: this.spec.alpha < 1, opacity: this.spec.alpha })));
    this.ctx.requestRender();
  }

  public frame(): void { if (this.frameId) this.place(this.root, this.frameId); }
}

interface Stamped { frame: string; obj: THREE.Object3D }

abstract class HistoryLayer<S extends PointStampedSpec | RangeSpec, M> extends Layer<S> {
  protected items: (Stamped & { message: M })[] = [];
  protected abstract limit(): number;
  protected abstract make(m: M): THREE.Object3D | undefined;
  protected abstract type(): string;

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    this.feed(topic.name, this.type(), (m: M, at) => {
      const obj = this.make(m);
      if (obj) {
        const item = { frame: headerFrame(m), obj, message: m };
        this.items.push(item);
        this.root.add(obj);
        this.trim();
      }
      this.received(at);
    });
  }

  private trim(): void {
    while (this.items.length > this.limit()) { const old = this.items.shift()!; old.obj.removeFromParent(); disposeObject(old.obj); }
  }

  public setSpec(spec: S): void {
    this.spec = spec;
    for (const it of this.items) {
      it.obj.removeFromParent();
      disposeObject(it.obj);
      it.obj = this.make(it.message) ?? new THREE.Group();
      this.root.add(it.obj);
    }
    this.trim();
    this.ctx.requestRender();
  }

  public frame(): void {
    for (const it of this.items) this.place(it.obj, it.frame);
  }
}

export class PointStampedLayer extends HistoryLayer<PointStampedSpec, { point?: P }> {
  protected limit(): number { return this.spec.historyLength; }
  protected type(): string { return 'geometry_msgs/msg/PointStamped'; }
  protected make(m: { point?: P }): THREE.Object3D {
    const holder = new THREE.Group();
    const s = new THREE.Mesh(shared.sphere, solidMaterial(this.spec.color, this.spec.alpha));
    s.scale.setScalar(this.spec.radius);
    s.position.set(n(m.point?.x), n(m.point?.y), n(m.point?.z));
    holder.add(s);
    return holder;
  }
}

export class RangeLayer extends HistoryLayer<RangeSpec, { range?: number; field_of_view?: number; max_range?: number }> {
  protected limit(): number { return this.spec.bufferLength; }
  protected type(): string { return 'sensor_msgs/msg/Range'; }
  protected make(m: { range?: number; field_of_view?: number; max_range?: number }): THREE.Object3D | undefined {
    let range = n(m.range);
    if (!Number.isFinite(m.range ?? NaN) || range <= 0) range = n(m.max_range);
    if (range <= 0) return undefined;
    const fov = n(m.field_of_view);
    const radius = Math.max(1e-4, Math.tan(fov / 2) * range);
    const holder = new THREE.Group();
    const cone = new THREE.Mesh(shared.cone, solidMaterial(this.spec.color, this.spec.alpha));
    // ConeGeometry points along +Y with its apex at +h/2: turn it so the apex sits at the origin, opening along +X.
    cone.scale.set(radius, range, radius);
    cone.rotation.z = Math.PI / 2;
    cone.position.x = range / 2;
    holder.add(cone);
    return holder;
  }
}
