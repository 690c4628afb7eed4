/**
 * Map display: an OccupancyGrid coloured with RViz's palette (decoded in the worker) as a texture on a quad at
 * info.origin; `Alpha` multiplies the palette's alpha in the material; `Draw Behind` draws it before everything else
 * without writing depth (RViz's background render queue); `Update Topic` patches rectangles into the texture.
 */
import * as THREE from 'three';
import type { MapSpec } from '../spec/draw-spec.ts';
import type { DecodedGrid, DecodedGridPatch } from '../decode/types.ts';
import { isDecodeError } from '../decode/errors.ts';
import { Layer } from './layer.ts';
import { disposeObject } from './shapes.ts';

export class MapLayer extends Layer<MapSpec> {
  private mesh: THREE.Mesh | undefined;
  private texture: THREE.DataTexture | undefined;
  private grid: DecodedGrid | undefined;
  private lastMessage: unknown;
  private lastAt = 0;
  private seq = 0;

  public start(): void {
    const topic = this.display.topic;
    if (!topic) { this.note('no topic set'); return; }
    this.feed(topic.name, 'nav_msgs/msg/OccupancyGrid', (m, at) => this.decode(m, at));
    if (this.spec.updateTopic) this.feed(this.spec.updateTopic, 'map_msgs/msg/OccupancyGridUpdate', (m) => this.patch(m), true);
  }

  public setSpec(spec: MapSpec): void {
    const recolour = spec.colorScheme !== this.spec.colorScheme;
    this.spec = spec;
    if (recolour && this.lastMessage !== undefined) { void this.decode(this.lastMessage, this.lastAt); return; }
    this.applyMaterial();
    this.ctx.requestRender();
  }

  private async decode(message: unknown, at: number): Promise<void> {
    this.lastMessage = message;
    this.lastAt = at;
    const seq = ++this.seq;
    try {
      const grid = await this.ctx.decoder.grid(this.display.key, message, { colorScheme: this.spec.colorScheme });
      if (this.isDisposed || seq !== this.seq) return;
      this.show(grid);
      this.received(at);
    } catch (err) {
      if (!this.isDisposed) this.note(isDecodeError(err) ? err.message : `could not decode: ${String(err)}`);
    }
  }

  private async patch(update: unknown): Promise<void> {
    try {
      const p = await this.ctx.decoder.gridUpdate(this.display.key, update, { colorScheme: this.spec.colorScheme });
      if (!this.isDisposed) this.write(p);
    } catch (err) {
      if (!this.isDisposed && !isDecodeError(err)) this.note(`could not apply a map update: ${String(err)}`);
    }
  }

  private show(grid: DecodedGrid): void {
    this.grid = grid;
    const sameSize = this.texture && this.texture.image.width === grid.width && this.texture.image.height === grid.height;
    if (this.texture && sameSize) {
      (this.texture.image.data as Uint8ClampedArray).set(grid.rgba);
      this.texture.needsUpdate = true;
    } else {
      if (this.mesh) { this.mesh.removeFromParent(); disposeObject(this.mesh); }
      const data = new Uint8ClampedArray(grid.rgba);
      this.texture = new THREE.DataTexture(data, grid.width, grid.height, THREE.RGBAFormat);
      this.texture.magFilter = THREE.NearestFilter;
      this.texture.minFilter = THREE.NearestFilter;
      this.texture.generateMipmaps = false;
      this.texture.needsUpdate = true;
      const w = grid.width * grid.resolution, h = grid.height * grid.resolution;
      const geometry = new THREE.PlaneGeometry(w, h);
      geometry.translate(w / 2, h / 2, 0); // cell (0,0)'s corner at the origin
      this.mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ map: this.texture, transparent: true, side: THREE.DoubleSide }));
      this.root.add(this.mesh);
    }
    const o = grid.origin;
    this.mesh!.position.set(o.position.x, o.position.y, o.position.z);
    this.mesh!.quaternion.set(o.orientation.x, o.orientation.y, o.orientation.z, o.orientation.w);
    this.applyMaterial();
    this.ctx.requestRender();
  }

  private write(p: DecodedGridPatch): void {
    const t = this.texture;
    if (!t || !this.grid) return;
    const data = t.image.data as Uint8ClampedArray;
    for (let row = 0; row < p.height; row++) {
      data.set(p.rgba.subarray(row * p.width * 4, (row + 1) * p.width * 4), ((p.y + row) * this.grid.width + p.x) * 4);
    }
    t.needsUpdate = true;
    this.ctx.requestRender();
  }

  private applyMaterial(): void {
    const m = this.mesh?.material as THREE.MeshBasicMaterial | undefined;
    if (!m || !this.mesh) return;
    m.opacity = this.spec.alpha;
    m.depthWrite = !this.spec.drawBehind && this.spec.alpha >= 1;
    this.mesh.renderOrder = this.spec.drawBehind ? -100 : 0;
    m.needsUpdate = true;
  }

  public frame(): void {
    if (!this.grid) return;
    this.place(this.root, this.grid.frameId);
  }
}
