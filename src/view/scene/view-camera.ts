/**
 * The view's camera: the document's view (Orbit or TopDownOrtho) as a three.js perspective or orthographic camera,
 * moved by orbit/pan/zoom controls where there is an element to take mouse and touch input from. The page keeps the
 * controls; a scene rendering elsewhere (the render worker) gets the camera's state after every change (`state()` →
 * `apply()`), so input never waits for a frame and the two cameras are the same numbers.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { CameraSpec } from '../spec/camera.ts';
import { orbitEye, orthoHalfExtents } from '../spec/camera.ts';

/** Everything a render needs from the camera, as plain numbers (structured-cloneable). */
export interface CameraState {
  ortho: boolean;
  position: [number, number, number];
  quaternion: [number, number, number, number];
  /** Perspective: aspect. Ortho: left, right, top, bottom, zoom. */
  aspect: number;
  bounds: [number, number, number, number];
  zoom: number;
}

export class ViewCamera {
  public readonly perspective = new THREE.PerspectiveCamera(45, 1, 0.01, 10_000);
  public readonly ortho = new THREE.OrthographicCamera(-10, 10, 10, -10, 0.01, 10_000);
  public current: THREE.Camera = this.perspective;
  private controls: OrbitControls | undefined;
  private spec: CameraSpec | undefined;
  private width = 1;
  private height = 1;
  private readonly element: HTMLElement | undefined;
  /** Called after the camera moved or changed its projection. */
  public onChange: (() => void) | undefined;

  /** `element`: where mouse and touch input comes from (none: the camera only moves through `apply`). */
  public constructor(element?: HTMLElement) {
    this.element = element;
    for (const c of [this.perspective, this.ortho]) c.up.set(0, 0, 1);
  }

  private remakeControls(target: THREE.Vector3Tuple, rotate: boolean): void {
    this.controls?.dispose();
    this.controls = undefined;
    if (!this.element) return;
    const c = new OrbitControls(this.current, this.element);
    c.enableDamping = false;
    c.screenSpacePanning = true;
    c.zoomToCursor = true;
    c.enableRotate = rotate;
    c.target.set(...target);
    c.addEventListener('change', () => this.onChange?.());
    c.update();
    this.controls = c;
  }

  /** Back to the document's view. */
  public reset(spec: CameraSpec): void {
    this.spec = spec;
    if (spec.kind === 'orbit') {
      this.current = this.perspective;
      const eye = orbitEye(spec);
      this.perspective.position.set(eye[0], eye[1], eye[2]);
      this.perspective.lookAt(spec.focal[0], spec.focal[1], spec.focal[2]);
      this.remakeControls([spec.focal[0], spec.focal[1], spec.focal[2]], true);
    } else {
      this.current = this.ortho;
      this.ortho.position.set(spec.x, spec.y, 500);
      // Screen up is +Y turned by Angle about Z (FixedOrientationOrthoViewController).
      this.ortho.up.set(-Math.sin(spec.angle), Math.cos(spec.angle), 0);
      this.ortho.lookAt(spec.x, spec.y, 0);
      this.ortho.zoom = 1;
      this.remakeControls([spec.x, spec.y, 0], false);
    }
    this.setSize(this.width, this.height);
  }

  /** The drawing area's size in CSS pixels: aspect and ortho extents follow it. */
  public setSize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.perspective.aspect = this.width / this.height;
    this.perspective.updateProjectionMatrix();
    const spec = this.spec;
    const ext = spec?.kind === 'ortho' ? orthoHalfExtents(spec, this.width, this.height) : { halfWidth: this.width / 20, halfHeight: this.height / 20 };
    this.ortho.left = -ext.halfWidth; this.ortho.right = ext.halfWidth; this.ortho.top = ext.halfHeight; this.ortho.bottom = -ext.halfHeight;
    this.ortho.updateProjectionMatrix();
    this.onChange?.();
  }

  public state(): CameraState {
    const c = this.current as THREE.PerspectiveCamera | THREE.OrthographicCamera;
    c.updateMatrixWorld();
    const q = c.quaternion;
    return { ortho: c === this.ortho, position: [c.position.x, c.position.y, c.position.z], quaternion: [q.x, q.y, q.z, q.w],
      aspect: this.perspective.aspect, bounds: [this.ortho.left, this.ortho.right, this.ortho.top, this.ortho.bottom], zoom: this.ortho.zoom };
  }

  /** Takes another camera's state (the page's, in the render worker). */
  public apply(s: CameraState): void {
    this.current = s.ortho ? this.ortho : this.perspective;
    this.perspective.aspect = s.aspect;
    this.perspective.updateProjectionMatrix();
    [this.ortho.left, this.ortho.right, this.ortho.top, this.ortho.bottom] = s.bounds;
    this.ortho.zoom = s.zoom;
    this.ortho.updateProjectionMatrix();
    this.current.position.set(...s.position);
    this.current.quaternion.set(...s.quaternion);
    this.current.updateMatrixWorld();
  }

  public dispose(): void {
    this.controls?.dispose();
    this.controls = undefined;
  }
}
