/**
 * LaserScan, PointCloud and PointCloud2: points decoded (and coloured as RViz colours them) in the worker, drawn with
 * the display's Style: Points (`Size (Pixels)`), Squares / Flat Squares / Tiles (camera-facing squares of `Size (m)`),
 * Spheres (shaded discs of `Size (m)`), Boxes (cubes of `Size (m)`); `Alpha`; `Decay Time` keeps older messages
 * where they were drawn, the newest follows its frame.
 */
import * as THREE from 'three';
import type { PointsSpec } from '../spec/draw-spec.ts';
import type { DecodedPoints, Transform } from '../decode/types.ts';
import { isDecodeError } from '../decode/errors.ts';
import { Layer, applyPose, headerFrame } from './layer.ts';
import { disposeObject, shared } from './shapes.ts';
import type { Pose } from '../spec/transforms.ts';

const VERTEX = /* glsl */`
  attribute vec3 color;
  attribute float alpha;
  uniform float uSizePx;
  uniform float uSizeM;
  uniform float uWorld;
  uniform float uHalfHeight;
  varying vec3 vColor;
  varying float vAlpha;
  void main() {
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    gl_Position = projectionMatrix * mv;
    float depth = projectionMatrix[2][3] != 0.0 ? max(-mv.z, 1e-4) : 1.0;
    float worldPx = uSizeM * projectionMatrix[1][1] * uHalfHeight / depth;
    gl_PointSize = max(1.0, mix(uSizePx, worldPx, uWorld));
    vColor = color;
    vAlpha = alpha;
  }`;

const FRAGMENT = /* glsl */`
  uniform float uAlpha;
  uniform float uRound;
  varying vec3 vColor;
  varying float vAlpha;
  void main() {
    vec3 c = vColor;
    if (uRound > 0.5) {
      vec2 d = gl_PointCoord * 2.0 - 1.0;
      float r2 = dot(d, d);
      if (r2 > 1.0) discard;
      c *= 0.55 + 0.45 * sqrt(1.0 - r2);
    }
    gl_FragColor = vec4(c, uAlpha * vAlpha);
  }`;

interface Cloud { obj: THREE.Object3D; frame: string; at: number; pose?: Pose }

/** The material for one style; `uHalfHeight` is refreshed every frame from the viewport. */
export function pointsMaterial(spec: Pick<PointsSpec, 'style' | 'sizePx' | 'sizeM' | 'alpha'>): THREE.ShaderMaterial {
  const world = spec.style !== 'Points';
  return new THREE.ShaderMaterial({
    vertexShader: VERTEX, fragmentShader: FRAGMENT,
    uniforms: { uSizePx: { value: spec.sizePx }, uSizeM: { value: spec.sizeM }, uWorld: { value: world ? 1 : 0 },
      uHalfHeight: { value: 300 }, uAlpha: { value: spec.alpha }, uRound: { value: spec.style === 'Spheres' ? 1 : 0 } },
    transparent: spec.alpha < 1, depthWrite: spec.alpha >= 1,
  });
}

/** `a` as exactly `n` values: itself when it has that many, else a view of its first `n` (or a zero-padded copy). */
function fitted(a: Float32Array, n: number): Float32Array {
  if (a.length === n) return a;
  if (a.length > n) return a.subarray(0, n);
  const out = new Float32Array(n);
  out.set(a);
  return out;
}

/** Writes `n` values of `src` into the attribute and uploads only that range at the next render. */
function write(attr: THREE.BufferAttribute, src: Float32Array, n: number): void {
  (attr.array as Float32Array).set(n === src.length ? src : src.subarray(0, n));
  attr.clearUpdateRanges();
  attr.addUpdateRange(0, n);
  attr.needsUpdate = true;
}

/** Puts the decoded points into a Points object's existing buffers; false when it is not one or they are too small. */
function refill(obj: THREE.Object3D, d: DecodedPoints): boolean {
  if (!(obj instanceof THREE.Points)) return false;
  const g = obj.geometry as THREE.BufferGeometry;
  const pos = g.getAttribute('position') as THREE.BufferAttribute | undefined;
  const col = g.getAttribute('color') as THREE.BufferAttribute | undefined;
  const alpha = g.getAttribute('alpha') as THREE.BufferAttribute | undefined;
  if (!pos || !col || !alpha || pos.count < d.count || d.positions.length < d.count * 3 || d.colors.length < d.count * 3
    || (d.alphas && d.alphas.length < d.count)) return false;
  write(pos, d.positions, d.count * 3);
  write(col, d.colors, d.count * 3);
  if (d.alphas) {
    write(alpha, d.alphas, d.count);
    g.userData['onesAlpha'] = false;
  } else if (g.userData['onesAlpha'] !== true) {
    (alpha.array as Float32Array).fill(1);
    alpha.clearUpdateRanges();
    alpha.needsUpdate = true;
    g.userData['onesAlpha'] = true;
  }
  g.setDrawRange(0, d.count);
  obj.userData['decoded'] = d;
  return true;
}

export class PointsLayer extends Layer<PointsSpec> {
  private clouds: Cloud[] = [];
  private lastMessage: unknown;
  private lastAt = 0;
  private seq = 0;

  public start(): void {
    const topic = this.display.topic;
    if (!topic) { this.note('no topic set'); return; }
    const type = topic.messageTypes[0]!;
    this.feed(topic.name, type, (m, at) => this.decode(m, at));
  }

  public setSpec(spec: PointsSpec): void {
    const recolour = JSON.stringify(spec.colors) !== JSON.stringify(this.spec.colors);
    this.spec = spec;
    if (recolour && this.lastMessage !== undefined) {
      for (const c of this.clouds) { c.obj.removeFromParent(); disposeObject(c.obj); }
      this.clouds = [];
      void this.decode(this.lastMessage, this.lastAt);
      return;
    }
    for (const c of this.clouds) this.restyle(c);
    this.ctx.requestRender();
  }

  private async decode(message: unknown, at: number): Promise<void> {
    this.lastMessage = message;
    this.lastAt = at;
    const seq = ++this.seq;
    const frame = headerFrame(message);
    const toFixed = frame ? this.ctx.tf.lookup(this.ctx.fixedFrame(), frame) : undefined;
    const toFixedFrame: Transform | undefined = toFixed?.ok
      ? { translation: { x: toFixed.pose.t[0], y: toFixed.pose.t[1], z: toFixed.pose.t[2] }, rotation: { x: toFixed.pose.q[0], y: toFixed.pose.q[1], z: toFixed.pose.q[2], w: toFixed.pose.q[3] } }
      : undefined;
    try {
      const decoded = await this.ctx.decoder.points(this.display.topic!.messageTypes[0]!, message, { colors: this.spec.colors, ...(toFixedFrame ? { toFixedFrame } : {}) });
      if (this.isDisposed || seq !== this.seq) return;
      for (const n of decoded.notes) this.note(n);
      this.add(decoded, at);
      this.received(at);
    } catch (err) {
      if (this.isDisposed) return;
      this.note(isDecodeError(err) ? err.message : `could not decode: ${String(err)}`);
    }
  }

  private add(d: DecodedPoints, at: number): void {
    // Without Decay Time one cloud is on screen: its GPU buffers take the new points in place (no new buffers per message).
    const only = this.spec.decayTime <= 0 && this.clouds.length === 1 ? this.clouds[0]! : undefined;
    if (only && refill(only.obj, d)) {
      only.frame = d.frameId;
      only.at = at;
      delete only.pose;
      this.placeCloud(only, true);
      return;
    }
    const obj = this.build(d);
    const cloud: Cloud = { obj, frame: d.frameId, at };
    if (this.spec.decayTime <= 0) {
      for (const c of this.clouds) { c.obj.removeFromParent(); disposeObject(c.obj); }
      this.clouds = [];
    }
    this.clouds.push(cloud);
    this.root.add(obj);
    this.placeCloud(cloud, true);
  }

  private build(d: DecodedPoints): THREE.Object3D {
    const s = this.spec;
    if (s.style === 'Boxes') {
      const mesh = new THREE.InstancedMesh(shared.box, new THREE.MeshLambertMaterial({ transparent: s.alpha < 1, opacity: s.alpha, depthWrite: s.alpha >= 1 }), Math.max(1, d.count));
      const m = new THREE.Matrix4();
      const color = new THREE.Color();
      for (let i = 0; i < d.count; i++) {
        m.makeScale(s.sizeM, s.sizeM, s.sizeM).setPosition(d.positions[3 * i]!, d.positions[3 * i + 1]!, d.positions[3 * i + 2]!);
        mesh.setMatrixAt(i, m);
        mesh.setColorAt(i, color.setRGB(d.colors[3 * i]!, d.colors[3 * i + 1]!, d.colors[3 * i + 2]!));
      }
      mesh.count = d.count;
      mesh.userData['decoded'] = d;
      return mesh;
    }
    // The decoded arrays become the GPU buffers whole (a message's capacity: every point, NaNs too); the draw range
    // says how many are drawn, so the next message of up to that many points is written into the same buffers.
    const capacity = Math.max(1, d.count, Math.min(d.positions.length / 3, d.colors.length / 3, d.alphas ? d.alphas.length : Infinity));
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(fitted(d.positions, capacity * 3), 3));
    g.setAttribute('color', new THREE.BufferAttribute(fitted(d.colors, capacity * 3), 3));
    g.setAttribute('alpha', new THREE.BufferAttribute(d.alphas ? fitted(d.alphas, capacity) : new Float32Array(capacity).fill(1), 1));
    g.userData['onesAlpha'] = !d.alphas;
    g.setDrawRange(0, d.count);
    // Never culled, so no bounding sphere is needed: computing one walks every point of a 100k cloud per message.
    g.boundingSphere = new THREE.Sphere(new THREE.Vector3(), Number.POSITIVE_INFINITY);
    const pts = new THREE.Points(g, pointsMaterial(s));
    pts.frustumCulled = false;
    pts.userData['decoded'] = d;
    return pts;
  }

  /** Style, size or alpha changed: rebuild from the decoded points kept on the object. */
  private restyle(c: Cloud): void {
    const d = c.obj.userData['decoded'] as DecodedPoints;
    const next = this.build(d);
    next.position.copy(c.obj.position);
    next.quaternion.copy(c.obj.quaternion);
    next.visible = c.obj.visible;
    c.obj.removeFromParent();
    disposeObject(c.obj);
    c.obj = next;
    this.root.add(next);
  }

  private placeCloud(c: Cloud, newest: boolean): void {
    // Older clouds (Decay Time) stay where they were first placed; the newest follows its frame.
    if (c.pose && !newest) { applyPose(c.obj, c.pose); c.obj.visible = true; return; }
    const pose = this.resolve(c.frame);
    if (!pose) { c.obj.visible = false; return; }
    c.pose = pose;
    applyPose(c.obj, pose);
    c.obj.visible = true;
  }

  public frame(now: number): void {
    const decayMs = this.spec.decayTime * 1000;
    if (decayMs > 0) {
      const keep: Cloud[] = [];
      for (const c of this.clouds) {
        if (now - c.at > decayMs && c !== this.clouds[this.clouds.length - 1]) { c.obj.removeFromParent(); disposeObject(c.obj); } else keep.push(c);
      }
      this.clouds = keep;
    }
    const half = this.ctx.viewportHeight() / 2;
    this.clouds.forEach((c, i) => {
      const m = (c.obj as THREE.Points).material as THREE.ShaderMaterial;
      if (m.uniforms?.['uHalfHeight']) m.uniforms['uHalfHeight'].value = half;
      this.placeCloud(c, i === this.clouds.length - 1 && decayMs <= 0);
    });
  }
}
