/**
 * One display's drawing (our SceneExtension, after Lichtblick, but one per display, not per type): it owns a group in
 * the scene, its feeds from the link, and the status the legend and `viewStats()` read. Subclasses implement
 * `setSpec` (properties changed: redraw from what is kept, never wait for the next message) and `frame` (place
 * things with the latest transforms).
 */
import * as THREE from 'three';
import type { DisplayFeed, FeedHandler, RobotLink } from '../../link/types.ts';
import type { ViewDecoder } from '../decode/types.ts';
import type { DrawSpec, ViewDisplay } from '../spec/draw-spec.ts';
import type { SceneStatus } from '../spec/legend.ts';
import type { Pose, TransformBuffer } from '../spec/transforms.ts';
import { PeriodEstimator } from '../spec/period.ts';
import { countDrawables, disposeObject } from './shapes.ts';

/** What the scene needs of a link: display feeds and the TF buffer (the page's link, or the render worker's proxy of it). */
export type ViewLink = Pick<RobotLink, 'feed' | 'tfTransforms'>;

export interface LayerContext {
  link: ViewLink | undefined;
  decoder: ViewDecoder;
  tf: TransformBuffer;
  fixedFrame: () => string;
  frameRate: () => number;
  /** Asks for a render on the next animation frame (many asks make one render). */
  requestRender: () => void;
  /** Base URL that `package://pkg/…` meshes resolve against (RobotModel); empty: meshes are not fetched. */
  meshBaseUrl: () => string;
  /** The camera, for displays that face it (text). */
  camera: () => THREE.Camera;
  /** Drawing-area height in pixels (point sizes). */
  viewportHeight: () => number;
}

export function applyPose(obj: THREE.Object3D, pose: Pose): void {
  obj.position.set(pose.t[0], pose.t[1], pose.t[2]);
  obj.quaternion.set(pose.q[0], pose.q[1], pose.q[2], pose.q[3]);
}

export abstract class Layer<S extends DrawSpec = DrawSpec> {
  public readonly root = new THREE.Group();
  protected spec: S;
  protected readonly ctx: LayerContext;
  protected readonly display: ViewDisplay;
  protected hasData = false;
  protected lastMessageAt: number | undefined;
  protected transformOk: boolean | undefined;
  protected transformReason: string | undefined;
  private readonly period = new PeriodEstimator();
  private readonly noteSet = new Set<string>();
  private readonly feeds: DisplayFeed[] = [];
  private disposed = false;

  public constructor(ctx: LayerContext, display: ViewDisplay) {
    this.ctx = ctx;
    this.display = display;
    this.spec = display.spec as S;
    this.root.name = display.key;
  }

  /** Starts feeds and draws what needs no data. Called once, after construction. */
  public abstract start(): void;
  /** New properties for the same display and topic. */
  public abstract setSpec(spec: S): void;
  /** Per rendered frame: place with the latest transforms, expire old data. */
  public abstract frame(now: number): void;

  public status(): SceneStatus {
    return { hasData: this.hasData, ...(this.transformOk !== undefined ? { transformOk: this.transformOk } : {}),
      ...(this.transformReason ? { transformReason: this.transformReason } : {}),
      objects: this.root.visible ? countDrawables(this.root) : 0,
      ...(this.lastMessageAt !== undefined ? { lastMessageAt: this.lastMessageAt } : {}),
      ...(this.period.periodMs !== undefined ? { periodMs: this.period.periodMs } : {}), notes: [...this.noteSet] };
  }

  public get isDisposed(): boolean { return this.disposed; }

  public dispose(): void {
    this.disposed = true;
    for (const f of this.feeds) f.stop();
    this.feeds.length = 0;
    this.root.removeFromParent();
    disposeObject(this.root);
    this.root.clear();
  }

  /** Once per distinct text: shown in the legend under the display. */
  protected note(text: string): void {
    if (this.noteSet.has(text)) return;
    this.noteSet.add(text);
    this.ctx.requestRender();
  }

  protected feed<T>(topic: string, type: string, handler: FeedHandler<T>, keepAll = false): void {
    const link = this.ctx.link;
    if (!link || this.disposed) return;
    this.feeds.push(link.feed<T>({ topic, type, frameRate: this.ctx.frameRate(), keepAll }, (m, at) => {
      if (this.disposed) return undefined;
      return handler(m, at);
    }));
  }

  /** Dropped messages over this layer's feeds (bench). */
  public dropped(): number {
    return this.feeds.reduce((s, f) => s + f.status().dropped, 0);
  }

  protected received(at: number): void {
    this.hasData = true;
    this.lastMessageAt = at;
    this.period.record(at);
    this.ctx.requestRender();
  }

  /** Where `frame` sits in the fixed frame now; records the outcome for the legend. */
  protected resolve(frame: string): Pose | undefined {
    const r = this.ctx.tf.lookup(this.ctx.fixedFrame(), frame);
    if (r.ok) { this.transformOk = true; this.transformReason = undefined; return r.pose; }
    this.transformOk = false;
    this.transformReason = r.reason;
    return undefined;
  }

  /** Places `obj` at `frame`, hiding it when the frame does not connect (never drawn in the wrong place). */
  protected place(obj: THREE.Object3D, frame: string): boolean {
    const pose = this.resolve(frame);
    if (!pose) { obj.visible = false; return false; }
    applyPose(obj, pose);
    obj.visible = true;
    return true;
  }
}

export function headerFrame(message: unknown): string {
  const h = (message as { header?: { frame_id?: unknown } } | undefined)?.header;
  return typeof h?.frame_id === 'string' ? h.frame_id.replace(/^\/+/, '') : '';
}
