/**
 * Path display: the poses of nav_msgs/Path joined by a line (Lines: 1 px; Billboards: `Line Width` metres), moved by
 * `Offset`, the last `Buffer Length` paths kept; `Pose Style` Axes (`Length`, `Radius`) or Arrows (`Shaft Length`,
 * `Head Length`, `Shaft Diameter`, `Head Diameter`, `Pose Color`) at every pose.
 */
import * as THREE from 'three';
import { Line2 } from 'three/examples/jsm/lines/Line2.js';
import { LineGeometry } from 'three/examples/jsm/lines/LineGeometry.js';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import type { PathSpec } from '../spec/draw-spec.ts';
import { poseFromMsg, type Pose } from '../spec/transforms.ts';
import { Layer, applyPose, headerFrame } from './layer.ts';
import { color3, disposeObject, makeArrow, makeAxes, solidMaterial } from './shapes.ts';

interface KeptPath { frame: string; poses: Pose[]; group: THREE.Group }

export class PathLayer extends Layer<PathSpec> {
  private paths: KeptPath[] = [];

  public start(): void {
    const topic = this.display.topic;
    if (!topic) return;
    this.feed(topic.name, 'nav_msgs/msg/Path', (m: { poses?: { pose?: Parameters<typeof poseFromMsg>[0] }[] }, at) => {
      const kept: KeptPath = { frame: headerFrame(m), poses: (m.poses ?? []).map((p) => poseFromMsg(p.pose)), group: new THREE.Group() };
      this.build(kept);
      this.paths.push(kept);
      this.root.add(kept.group);
      while (this.paths.length > this.spec.bufferLength) { const old = this.paths.shift()!; old.group.removeFromParent(); disposeObject(old.group); }
      this.received(at);
    });
  }

  public setSpec(spec: PathSpec): void {
    this.spec = spec;
    while (this.paths.length > spec.bufferLength) { const old = this.paths.shift()!; old.group.removeFromParent(); disposeObject(old.group); }
    for (const p of this.paths) this.build(p);
    this.ctx.requestRender();
  }

  private build(p: KeptPath): void {
    for (const c of [...p.group.children]) { c.removeFromParent(); disposeObject(c); }
    const s = this.spec;
    const [ox, oy, oz] = s.offset;
    const flat = p.poses.flatMap((q) => [q.t[0] + ox, q.t[1] + oy, q.t[2] + oz]);
    if (flat.length >= 6) {
      if (s.lineStyle === 'Billboards') {
        const g = new LineGeometry().setPositions(flat);
        const m = new LineMaterial({ color: color3(s.color), linewidth: s.lineWidth, worldUnits: true, transparent: s.alpha < 1, opacity: s.alpha });
        p.group.add(new Line2(g, m));
      } else {
        const g = new THREE.BufferGeometry();
        g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(flat), 3));
        p.group.add(new THREE.Line(g, new THREE.LineBasicMaterial({ color: color3(s.color), transparent: s.alpha < 1, opacity: s.alpha })));
      }
    }
    if (s.poseStyle !== 'None') {
      for (const q of p.poses) {
        const o = s.poseStyle === 'Axes' ? makeAxes(s.axesLength, s.axesRadius)
          : makeArrow(s.arrow.shaftLength, s.arrow.shaftDiameter / 2, s.arrow.headLength, s.arrow.headDiameter / 2, solidMaterial(s.poseColor));
        applyPose(o, { t: [q.t[0] + ox, q.t[1] + oy, q.t[2] + oz], q: q.q });
        p.group.add(o);
      }
    }
    this.ctx.requestRender();
  }

  public frame(): void {
    for (const p of this.paths) this.place(p.group, p.frame);
  }
}
