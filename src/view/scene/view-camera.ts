/**
 * The view's camera: the document's view (Orbit or TopDownOrtho) as a three.js perspective or orthographic camera,
 * moved by orbit/pan/zoom controls (mouse and touch) on the canvas, or in the render worker on the InputProxy that
 * takes the events the page forwards (../remote/input-proxy.ts).
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { CameraSpec } from '../spec/camera.ts';
import { orbitEye, orthoHalfExtents } from '../spec/camera.ts';
import type { InputProxy } from '../remote/input-proxy.ts';

/** Where input comes from: the canvas on the page, or the worker's proxy of it. */
export type ControlsElement = HTMLElement | InputProxy;

export class ViewCamera {
  public readonly perspective = new THREE.PerspectiveCamera(45, 1, 0.01, 10_000);
  public readonly ortho = new THREE.OrthographicCamera(-10, 10, 10, -10, 0.01, 10_000);
  public current: THREE.Camera = this.perspective;
  private controls: OrbitControls | undefined;
  private spec: CameraSpec | undefined;
  private width = 1;
  private height = 1;
  private readonly element: ControlsElement | undefined;
  /** Called after the camera moved or changed its projection. */
  public onChange: (() => void) | undefined;

  /** `element`: where mouse and touch input comes from (none: the camera stays where the document's view puts it). */
  public constructor(element?: ControlsElement) {
    this.element = element;
    for (const c of [this.perspective, this.ortho]) c.up.set(0, 0, 1);
  }

  private remakeControls(target: THREE.Vector3Tuple, rotate: boolean): void {
    this.controls?.dispose();
    this.controls = undefined;
    if (!this.element) return;
    // The worker's proxy has what OrbitControls uses of an element (events, size, style): typed as one.
    const c = new OrbitControls(this.current, this.element as HTMLElement);
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

  public dispose(): void {
    this.controls?.dispose();
    this.controls = undefined;
  }
}
