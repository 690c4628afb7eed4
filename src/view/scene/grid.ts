/**
 * Grid display as rviz_rendering::Grid draws it: `Plane Cell Count` cells of `Cell Size` per side, centred; with a
 * `Normal Cell Count` the planes repeat along the normal (centred too) joined by vertical lines; `Plane` XY / XZ / YZ;
 * `Offset` in the reference frame; `Line Style` Lines (1 px) or Billboards (`Line Width` metres).
 */
import * as THREE from 'three';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import type { GridSpec } from '../spec/draw-spec.ts';
import { Layer } from './layer.ts';
import { color3, disposeObject } from './shapes.ts';
import { gridSegments } from '../spec/grid-lines.ts';

export class GridLayer extends Layer<GridSpec> {
  private lines: THREE.Object3D | undefined;

  public start(): void {
    this.hasData = true; // nothing to wait for but the frame
    this.build();
  }

  public setSpec(spec: GridSpec): void {
    this.spec = spec;
    this.build();
  }

  private build(): void {
    if (this.lines) { this.lines.removeFromParent(); disposeObject(this.lines); }
    const s = this.spec;
    const seg = gridSegments(s.planeCellCount, s.cellSize, s.normalCellCount);
    let obj: THREE.Object3D;
    if (s.lineStyle === 'Billboards') {
      const geometry = new LineSegmentsGeometry().setPositions(seg);
      const material = new LineMaterial({ color: color3(s.color), linewidth: s.lineWidth, worldUnits: true, transparent: s.alpha < 1, opacity: s.alpha, depthWrite: s.alpha >= 1 });
      obj = new LineSegments2(geometry, material);
    } else {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(seg, 3));
      obj = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: color3(s.color), transparent: s.alpha < 1, opacity: s.alpha, depthWrite: s.alpha >= 1 }));
    }
    // Orientation of the plane in the reference frame: XY as built; XZ and YZ turn the normal onto Y and X.
    const holder = new THREE.Group();
    if (s.plane === 'XZ') holder.rotation.x = Math.PI / 2;
    else if (s.plane === 'YZ') holder.rotation.y = Math.PI / 2;
    holder.position.set(s.offset[0], s.offset[1], s.offset[2]);
    holder.add(obj);
    this.lines = holder;
    this.root.add(holder);
    this.ctx.requestRender();
  }

  public frame(): void {
    this.place(this.root, this.spec.frame);
    const m = (this.lines?.children[0] as LineSegments2 | undefined)?.material;
    if (m instanceof LineMaterial) m.resolution.set(1, 1); // world units: resolution only matters for pixel widths
  }
}
