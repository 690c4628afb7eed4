/**
 * TF display: every frame that connects to the fixed frame, with axes (0.2 × Marker Scale), its name (0.1 tall) and
 * an arrow to its parent (shaft (0.8, 0.8, 0.3), head (1, 0.1, 0.6)), as rviz_default_plugins' FrameInfo draws them.
 * A frame not updated for a third of `Frame Timeout` fades to grey, then to transparent; past the timeout it is gone.
 */
import * as THREE from 'three';
import type { TfSpec } from '../spec/draw-spec.ts';
import { Layer, applyPose } from './layer.ts';
import { disposeObject, makeArrow, makeAxes, makeText, setArrow } from './shapes.ts';

const X_AXIS = new THREE.Vector3(1, 0, 0);
import type { Rgb } from '../spec/props.ts';
import { tfFade } from '../spec/grid-lines.ts';

const SHAFT: Rgb = [0.8, 0.8, 0.3];
const HEAD: Rgb = [1, 0.1, 0.6];
const GREY: Rgb = [0.7, 0.7, 0.7];

interface FrameObjects { group: THREE.Group; axes: THREE.Group; name?: THREE.Sprite; arrow?: THREE.Group; arrowKey?: string }

function mix(c: Rgb, t: number): THREE.Color {
  return new THREE.Color(c[0] + (GREY[0] - c[0]) * t, c[1] + (GREY[1] - c[1]) * t, c[2] + (GREY[2] - c[2]) * t);
}

export class TfLayer extends Layer<TfSpec> {
  private readonly frames = new Map<string, FrameObjects>();
  private readonly arrows = new THREE.Group();
  private readonly arrowByChild = new Map<string, THREE.Group>();

  public start(): void {
    this.root.add(this.arrows);
  }

  public setSpec(spec: TfSpec): void {
    this.spec = spec;
    for (const f of this.frames.values()) { f.group.removeFromParent(); disposeObject(f.group); }
    this.frames.clear();
    for (const c of [...this.arrows.children]) { c.removeFromParent(); disposeObject(c); }
    this.arrowByChild.clear();
    this.ctx.requestRender();
  }

  private enabled(frame: string): boolean {
    const v = this.spec.frames[frame];
    return v ?? this.spec.allEnabled;
  }

  private objectsFor(frame: string): FrameObjects {
    let f = this.frames.get(frame);
    if (f) return f;
    const s = this.spec.markerScale;
    const group = new THREE.Group();
    group.name = frame;
    const axes = makeAxes(0.2 * s, 0.02 * s);
    group.add(axes);
    f = { group, axes };
    if (this.spec.showNames) {
      f.name = makeText(frame, 0.1 * s);
      f.name.center.set(0.5, 1.2); // below the origin, as V_BELOW
      group.add(f.name);
    }
    this.root.add(group);
    this.frames.set(frame, f);
    return f;
  }

  public frame(now: number): void {
    const tf = this.ctx.tf;
    const fixed = this.ctx.fixedFrame();
    if (!tf.has(fixed)) {
      this.transformOk = false;
      this.transformReason = `fixed frame "${fixed}" is not in TF`;
      this.root.visible = false;
      return;
    }
    this.root.visible = true;
    this.transformOk = true;
    this.transformReason = undefined;
    this.hasData = true;
    const seen = new Set<string>();
    const s = this.spec;
    const positions = new Map<string, THREE.Vector3>();
    for (const name of tf.frames()) {
      if (!this.enabled(name)) continue;
      const r = tf.lookup(fixed, name);
      if (!r.ok) continue;
      const age = (tf.ageMs(name, now) ?? 0) / 1000;
      if (s.frameTimeout > 0 && age > s.frameTimeout) continue;
      seen.add(name);
      const f = this.objectsFor(name);
      applyPose(f.group, r.pose);
      f.axes.visible = s.showAxes;
      positions.set(name, f.group.position.clone());
      const fade = s.frameTimeout > 0 ? tfFade(age, s.frameTimeout) : { greyness: 0, alpha: 1 };
      this.fadeAxes(f.axes, fade.greyness, fade.alpha);
    }
    for (const [name, f] of this.frames) if (!seen.has(name)) { f.group.removeFromParent(); disposeObject(f.group); this.frames.delete(name); }
    this.drawArrows(positions, now);
  }

  private fadeAxes(axes: THREE.Group, greyness: number, alpha: number): void {
    const base: Rgb[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    axes.children.forEach((c, i) => {
      const m = (c as THREE.Mesh).material as THREE.MeshLambertMaterial;
      m.color.copy(mix(base[i]!, greyness));
      m.opacity = alpha;
      m.transparent = alpha < 1;
    });
  }

  private drawArrows(positions: Map<string, THREE.Vector3>, now: number): void {
    const s = this.spec.markerScale;
    const seen = new Set<string>();
    if (this.spec.showArrows) {
      for (const [child, pos] of positions) {
        const parent = this.ctx.tf.parentOf(child);
        const ppos = parent ? positions.get(parent) : undefined;
        if (!ppos) continue;
        const dir = ppos.clone().sub(pos);
        const distance = dir.length();
        if (distance <= 1e-6) continue;
        seen.add(child);
        const head = distance < 0.1 * s ? 0.1 * s * distance : 0.1 * s;
        let arrow = this.arrowByChild.get(child);
        if (!arrow) {
          arrow = makeArrow(1, 1, 1, 1, new THREE.MeshLambertMaterial(), new THREE.MeshLambertMaterial());
          this.arrowByChild.set(child, arrow);
          this.arrows.add(arrow);
        }
        // rviz_rendering::Arrow::set takes diameters: 0.01·scale shaft, 0.04·scale head.
        setArrow(arrow, distance - head, 0.005 * s, head, 0.02 * s);
        arrow.position.copy(pos);
        arrow.quaternion.setFromUnitVectors(X_AXIS, dir.normalize());
        const age = (this.ctx.tf.ageMs(child, now) ?? 0) / 1000;
        const fade = this.spec.frameTimeout > 0 ? tfFade(age, this.spec.frameTimeout) : { greyness: 0, alpha: 1 };
        const [shaft, tip] = arrow.children as [THREE.Mesh, THREE.Mesh];
        for (const [mesh, c] of [[shaft, SHAFT], [tip, HEAD]] as const) {
          const m = mesh.material as THREE.MeshLambertMaterial;
          m.color.copy(mix(c, fade.greyness));
          m.opacity = fade.alpha;
          m.transparent = fade.alpha < 1;
        }
      }
    }
    for (const [child, arrow] of this.arrowByChild) {
      if (!seen.has(child)) { arrow.removeFromParent(); disposeObject(arrow); this.arrowByChild.delete(child); }
    }
  }
}
