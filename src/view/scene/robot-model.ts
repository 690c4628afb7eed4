/**
 * RobotModel: the URDF from `Description Topic` (std_msgs/String) parsed by urdf-loader; each link's visuals (and
 * collisions, when enabled) are drawn at the TF frame `TF Prefix/link`, as RViz places links by TF (not by joint
 * values). Primitives are built in; meshes resolve `package://` against the mesh base URL setting. A mesh that cannot
 * be fetched (or no base URL) becomes a placeholder box and one note: never a broken scene.
 */
import * as THREE from 'three';
import URDFLoader, { type URDFRobot } from 'urdf-loader';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { RobotModelSpec } from '../spec/draw-spec.ts';
import { Layer } from './layer.ts';
import { disposeObject } from './shapes.ts';

interface LinkDrawing { name: string; group: THREE.Group; visuals: THREE.Object3D[]; collisions: THREE.Object3D[] }

function placeholder(material: THREE.Material): THREE.Mesh {
  const m = new THREE.Mesh(new THREE.BoxGeometry(0.1, 0.1, 0.1), material);
  (m.material as THREE.MeshPhongMaterial).wireframe = true;
  m.userData['placeholder'] = true;
  return m;
}

type MeshDone = (obj: THREE.Object3D | null, err?: unknown) => void;

/**
 * One mesh file: STL and Collada through urdf-loader's own loader; OBJ through three's OBJLoader with the URDF
 * material (urdf-loader has no OBJ loader and would never call back); any other format is an error, so its visual
 * becomes the placeholder rather than nothing. None of these needs a `document`, so this runs in a Web Worker too
 * (with worker-dom.ts installed for Collada's XML).
 */
export function loadMeshFile(loader: URDFLoader, path: string, manager: THREE.LoadingManager, material: THREE.Material, done: MeshDone): void {
  if (/\.obj$/i.test(path)) {
    new OBJLoader(manager).load(path, (group) => {
      group.traverse((o) => { if ((o as THREE.Mesh).isMesh) (o as THREE.Mesh).material = material; });
      done(group);
    }, undefined, (err) => done(null, err));
  } else if (/\.(stl|dae)$/i.test(path)) {
    loader.defaultMeshLoader(path, manager, material, done);
  } else {
    done(null, new UnsupportedMesh(path));
  }
}

class UnsupportedMesh extends Error {
  public constructor(path: string) { super(`mesh ${path}: only .stl, .dae and .obj meshes are drawn`); this.name = 'UnsupportedMesh'; }
}

export class RobotModelLayer extends Layer<RobotModelSpec> {
  private links: LinkDrawing[] = [];
  private urdf = '';
  private loadSeq = 0;

  public start(): void {
    if (this.spec.source === 'File') {
      this.note(`Description Source File (${this.spec.descriptionFile || 'no file'}) is read by RViz on its machine; the view reads the Description Topic only`);
      return;
    }
    const topic = this.spec.descriptionTopic || '/robot_description';
    this.feed(topic, 'std_msgs/msg/String', (m: { data?: unknown }, at) => {
      if (typeof m.data !== 'string' || m.data === this.urdf) { this.received(at); return; }
      this.urdf = m.data;
      this.build();
      this.received(at);
    });
  }

  public setSpec(spec: RobotModelSpec): void {
    const rebuild = spec.tfPrefix !== this.spec.tfPrefix || spec.collision !== this.spec.collision;
    this.spec = spec;
    if (rebuild) this.build();
    else this.applyLook();
    this.ctx.requestRender();
  }

  private clear(): void {
    for (const l of this.links) { l.group.removeFromParent(); disposeObject(l.group); }
    this.links = [];
  }

  private build(): void {
    this.clear();
    if (!this.urdf) return;
    const seq = ++this.loadSeq;
    const base = this.ctx.meshBaseUrl().replace(/\/+$/, '');
    const loader = new URDFLoader();
    loader.parseCollision = true;
    loader.packages = base;
    loader.workingPath = base ? `${base}/` : '';
    loader.loadMeshCb = (path, manager, material, done) => {
      if (!base) {
        this.note('meshes are not fetched: set the mesh base URL to draw them (placeholders shown)');
        done(placeholder(material));
        return;
      }
      loadMeshFile(loader, path, manager, material, (obj, err) => {
        if (seq !== this.loadSeq) return;
        if (!obj || err) {
          this.note(err instanceof UnsupportedMesh ? `${err.message}: drawn as a placeholder box` : `mesh ${path} could not be fetched: drawn as a placeholder box`);
          done(placeholder(material));
        } else done(obj);
        this.applyLook();
        this.ctx.requestRender();
      });
    };
    if (typeof DOMParser === 'undefined') {
      // A Web Worker has no XML parser of its own: its entry installs one first (installWorkerDom, worker-dom.ts).
      this.note('the robot description could not be read: no XML parser here (worker-dom.ts is not installed)');
      return;
    }
    let robot: URDFRobot;
    try {
      robot = loader.parse(this.urdf);
    } catch (err) {
      this.note(`the robot description could not be read: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    for (const [name, link] of Object.entries(robot.links)) {
      const group = new THREE.Group();
      group.name = name;
      const visuals: THREE.Object3D[] = [];
      const collisions: THREE.Object3D[] = [];
      for (const child of [...link.children]) {
        const c = child as THREE.Object3D & { isURDFVisual?: boolean; isURDFCollider?: boolean };
        if (c.isURDFVisual) { visuals.push(c); group.add(c); } else if (c.isURDFCollider) { collisions.push(c); group.add(c); }
      }
      this.links.push({ name, group, visuals, collisions });
      this.root.add(group);
    }
    this.applyLook();
    this.ctx.requestRender();
  }

  private applyLook(): void {
    const a = this.spec.alpha;
    for (const l of this.links) {
      for (const v of l.visuals) v.visible = this.spec.visual;
      for (const c of l.collisions) c.visible = this.spec.collision;
      l.group.traverse((o) => {
        const mats = (o as THREE.Mesh).material;
        for (const m of mats ? (Array.isArray(mats) ? mats : [mats]) : []) { m.transparent = a < 1; m.opacity = a; m.depthWrite = a >= 1; }
      });
    }
  }

  public frame(): void {
    let placed = 0;
    let reason: string | undefined;
    for (const l of this.links) {
      const frame = this.spec.tfPrefix ? `${this.spec.tfPrefix}/${l.name}` : l.name;
      const r = this.ctx.tf.lookup(this.ctx.fixedFrame(), frame);
      if (!r.ok) { l.group.visible = false; reason ??= r.reason; continue; }
      l.group.visible = true;
      l.group.position.set(...r.pose.t);
      l.group.quaternion.set(...r.pose.q);
      placed++;
    }
    if (this.links.length === 0) return;
    this.transformOk = placed > 0;
    this.transformReason = placed > 0 ? undefined : reason;
  }
}
