/**
 * One object of each kind of material the view's layers make (built with the same helpers), for the warm-up worker
 * to compile and link before the page does: a fresh GPU process' first links are slow (196 ms measured for one
 * Lambert program on SwiftShader, 10-20 ms once it has linked some), and it keeps linked programs in a cache shared by
 * every context, so the page's own links of the same shader source are then cache hits on a warm GPU process, not
 * waits on the main thread. A kind missing here is only slower to appear; nothing depends on this list being complete.
 */
import * as THREE from 'three';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { pointsMaterial } from './points.ts';
import { shared, solidMaterial } from './shapes.ts';

function lines(material: THREE.Material): THREE.LineSegments {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0]), 3));
  return new THREE.LineSegments(g, material);
}

function wideLines(material: LineMaterial): LineSegments2 {
  const g = new LineSegmentsGeometry();
  g.setPositions([0, 0, 0, 1, 0, 0]);
  if (material.vertexColors) g.setColors([1, 1, 1, 1, 1, 1]);
  return new LineSegments2(g, material);
}

function points(alpha: number): THREE.Points {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(3), 3));
  g.setAttribute('color', new THREE.BufferAttribute(new Float32Array(3), 3));
  g.setAttribute('alpha', new THREE.BufferAttribute(new Float32Array([1]), 1));
  return new THREE.Points(g, pointsMaterial({ style: 'Flat Squares', sizePx: 3, sizeM: 0.01, alpha }));
}

function texture(): THREE.DataTexture {
  const t = new THREE.DataTexture(new Uint8ClampedArray(4), 1, 1, THREE.RGBAFormat);
  t.needsUpdate = true;
  return t;
}

export function warmKinds(): THREE.Object3D[] {
  const out: THREE.Object3D[] = [];
  for (const alpha of [1, 0.5]) {
    const see = { transparent: alpha < 1, opacity: alpha, depthWrite: alpha >= 1 };
    // Axes, arrows, spheres, cones (lit); covariance and flat shapes (unlit).
    out.push(new THREE.Mesh(shared.cylinder, solidMaterial([1, 0, 0], alpha)), new THREE.Mesh(shared.sphere, solidMaterial([1, 0, 0], alpha, false)));
    const wedge = solidMaterial([0, 0, 1], alpha, false);
    wedge.side = THREE.DoubleSide; // covariance orientation wedges
    out.push(new THREE.Mesh(shared.sphere, wedge));
    // Grid, paths, polygons, flat pose arrows; billboard lines (Grid and Path line styles, LINE_* markers).
    out.push(lines(new THREE.LineBasicMaterial({ color: 0xffffff, ...see })));
    out.push(wideLines(new LineMaterial({ color: 0xffffff, linewidth: 0.03, worldUnits: true, transparent: alpha < 1, opacity: alpha, depthWrite: alpha >= 1 })));
    out.push(wideLines(new LineMaterial({ linewidth: 0.03, worldUnits: true, vertexColors: true, transparent: alpha < 1, opacity: alpha })));
    // Clouds and scans (Points, Squares, Flat Squares, Spheres share one shader), Boxes.
    out.push(points(alpha));
    const boxes = new THREE.InstancedMesh(shared.box, new THREE.MeshLambertMaterial(see), 1);
    boxes.setColorAt(0, new THREE.Color(1, 1, 1));
    out.push(boxes);
    // Triangle list markers.
    out.push(new THREE.Mesh(shared.box, new THREE.MeshLambertMaterial({ vertexColors: true, side: THREE.DoubleSide, ...see })));
  }
  // TF arrows (default Lambert), maps (texture, both sides), text (sprites), robot model links (urdf-loader's Phong).
  out.push(new THREE.Mesh(shared.cone, new THREE.MeshLambertMaterial()));
  out.push(new THREE.Mesh(shared.box, new THREE.MeshBasicMaterial({ map: texture(), transparent: true, side: THREE.DoubleSide })));
  out.push(new THREE.Sprite(new THREE.SpriteMaterial({ map: texture(), transparent: true, depthWrite: false })));
  out.push(new THREE.Mesh(shared.box, new THREE.MeshPhongMaterial()));
  return out;
}
