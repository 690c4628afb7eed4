/**
 * Shared three.js shapes drawn the way rviz_rendering draws them: arrows along +X (cylinder shaft, cone head), axes
 * as three cylinders (X red, Y green, Z blue), text as a camera-facing sprite. Geometries are shared and never
 * disposed by users; materials are owned by the object that made them (see `disposeObject`).
 */
import * as THREE from 'three';
import type { Rgb } from '../spec/props.ts';

const unitCylinder = new THREE.CylinderGeometry(1, 1, 1, 16, 1);
const unitCone = new THREE.ConeGeometry(1, 1, 16, 1);
const unitSphere = new THREE.SphereGeometry(1, 20, 14);
const unitBox = new THREE.BoxGeometry(1, 1, 1);

/** Geometries shared by every object; `disposeObject` leaves them alone. */
export const SHARED = new Set<THREE.BufferGeometry>([unitCylinder, unitCone, unitSphere, unitBox]);
export const shared = { cylinder: unitCylinder, cone: unitCone, sphere: unitSphere, box: unitBox };

export function color3(c: Rgb): THREE.Color {
  return new THREE.Color(c[0], c[1], c[2]);
}

/** A lit material with RViz's alpha handling (transparent below 1, no depth writes then). */
export function solidMaterial(c: Rgb | THREE.Color, alpha = 1, lit = true): THREE.Material {
  const color = c instanceof THREE.Color ? c : color3(c);
  const opts = { color, transparent: alpha < 1, opacity: alpha, depthWrite: alpha >= 1 };
  return lit ? new THREE.MeshLambertMaterial(opts) : new THREE.MeshBasicMaterial(opts);
}

/** A cylinder of the given length and radius along +X, starting at the origin (rviz_rendering::Shape cylinders are along Y; arrows rotate them). */
function alongX(mesh: THREE.Mesh, length: number, radiusX: number, radiusZ: number, start: number): THREE.Mesh {
  mesh.scale.set(radiusX, length, radiusZ);
  mesh.rotation.z = -Math.PI / 2;
  mesh.position.x = start + length / 2;
  return mesh;
}

/** An arrow along +X: shaft then head, total length shaft + head (rviz_rendering::Arrow). */
export function makeArrow(shaftLength: number, shaftRadius: number, headLength: number, headRadius: number,
  shaftMaterial: THREE.Material, headMaterial: THREE.Material = shaftMaterial): THREE.Group {
  const g = new THREE.Group();
  g.add(new THREE.Mesh(unitCylinder, shaftMaterial), new THREE.Mesh(unitCone, headMaterial));
  setArrow(g, shaftLength, shaftRadius, headLength, headRadius);
  return g;
}

/** Reshapes an arrow made by `makeArrow` in place (no new objects: TF arrows change every frame). */
export function setArrow(g: THREE.Group, shaftLength: number, shaftRadius: number, headLength: number, headRadius: number): void {
  const [shaft, head] = g.children as [THREE.Mesh, THREE.Mesh];
  shaft.visible = shaftLength > 0;
  head.visible = headLength > 0;
  if (shaft.visible) alongX(shaft, shaftLength, shaftRadius, shaftRadius, 0);
  if (head.visible) alongX(head, headLength, headRadius, headRadius, shaftLength);
}

export const AXIS_COLORS: readonly Rgb[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/** Three cylinders from the origin along X, Y, Z (rviz_rendering::Axes). */
export function makeAxes(length: number, radius: number, alpha = 1, colors: readonly Rgb[] = AXIS_COLORS): THREE.Group {
  const g = new THREE.Group();
  const dirs = [new THREE.Euler(0, 0, -Math.PI / 2), new THREE.Euler(0, 0, 0), new THREE.Euler(Math.PI / 2, 0, 0)];
  const offsets = [new THREE.Vector3(length / 2, 0, 0), new THREE.Vector3(0, length / 2, 0), new THREE.Vector3(0, 0, length / 2)];
  for (let i = 0; i < 3; i++) {
    const m = new THREE.Mesh(unitCylinder, solidMaterial(colors[i]!, alpha));
    m.scale.set(radius, length, radius);
    m.rotation.copy(dirs[i]!);
    m.position.copy(offsets[i]!);
    g.add(m);
  }
  return g;
}

/** Canvases of drawn labels by text and colour, newest last: a marker array sends the same labels with every message,
 * and drawing the text (shaping, rasterising) is what costs; a texture made from a kept canvas is cheap. */
type LabelCanvas = HTMLCanvasElement | OffscreenCanvas;
const labelCanvases = new Map<string, LabelCanvas>();
const LABEL_CACHE_SIZE = 256;

function labelCanvas(lines: readonly string[], c: Rgb): LabelCanvas {
  const key = `${c.join(',')}\u0000${lines.join('\n')}`;
  const kept = labelCanvases.get(key);
  if (kept) { labelCanvases.delete(key); labelCanvases.set(key, kept); return kept; }
  const px = 48;
  // The render worker has no document: an OffscreenCanvas draws the same text.
  const canvas: LabelCanvas = typeof document === 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  ctx.font = `${px}px sans-serif`;
  const width = Math.max(1, ...lines.map((l) => Math.ceil(ctx.measureText(l).width))) + 8;
  canvas.width = width;
  canvas.height = px * 1.25 * lines.length;
  ctx.font = `${px}px sans-serif`;
  ctx.fillStyle = `rgb(${Math.round(c[0] * 255)},${Math.round(c[1] * 255)},${Math.round(c[2] * 255)})`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((l, i) => ctx.fillText(l, width / 2, px * 1.25 * (i + 0.5)));
  labelCanvases.set(key, canvas);
  if (labelCanvases.size > LABEL_CACHE_SIZE) labelCanvases.delete(labelCanvases.keys().next().value!);
  return canvas;
}

/** Text on a canvas sprite that always faces the camera, `height` metres tall (MovableText / TEXT_VIEW_FACING). */
export function makeText(text: string, height: number, c: Rgb = [1, 1, 1], alpha = 1): THREE.Sprite {
  const lines = text.split('\n');
  const canvas = labelCanvas(lines, c);
  const texture = new THREE.CanvasTexture(canvas);
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true, opacity: alpha, depthWrite: false }));
  const h = height * lines.length;
  sprite.scale.set(h * (canvas.width / canvas.height), h, 1);
  return sprite;
}

/**
 * Frees the GPU resources of an object tree: non-shared geometries and textures. Materials are deliberately not
 * disposed: three.js deletes a shader program when the last material using it is disposed, so a display that redraws
 * (a scan per message, TF arrows per frame) would recompile its shaders every time (hundreds of ms on SwiftShader).
 * Undisposed materials keep their programs cached; the materials themselves are garbage collected (three holds them
 * weakly), and the set of programs is bounded by the few material kinds the view uses.
 */
export function disposeObject(root: THREE.Object3D): void {
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (mesh.geometry && !SHARED.has(mesh.geometry)) mesh.geometry.dispose();
    const mats = mesh.material ? (Array.isArray(mesh.material) ? mesh.material : [mesh.material]) : [];
    for (const m of mats) for (const v of Object.values(m)) if (v instanceof THREE.Texture) v.dispose();
  });
}

/** Count of drawable objects in a tree that are shown (meshes, lines, points, sprites), for viewStats. */
export function countDrawables(root: THREE.Object3D): number {
  let n = 0;
  root.traverseVisible((o) => { if ((o as THREE.Mesh).isMesh || (o as THREE.Line).isLine || (o as THREE.Points).isPoints || (o as THREE.Sprite).isSprite) n++; });
  return n;
}
