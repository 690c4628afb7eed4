/**
 * The live view's three.js side, loaded lazily with the view (this module and three.js are their own chunk): one
 * renderer, the document's camera with orbit/pan/zoom (mouse and touch), the TF buffer fed from /tf and /tf_static,
 * and one Layer per enabled display, diffed on every document change (properties → `setSpec`, a new display or topic
 * → a new layer, a removed display → disposed). Renders only when something changed (messages, TF, camera).
 */
import * as THREE from 'three';
import { createViewDecoder } from '../decode/decoder.ts';
import type { DecodeStats, DecodedImage, ViewDecoder } from '../decode/types.ts';
import type { CameraSpec } from '../spec/camera.ts';
import type { ViewDisplay } from '../spec/draw-spec.ts';
import type { SceneStatus } from '../spec/legend.ts';
import { FrameStats, minFrameInterval } from '../spec/frame-stats.ts';
import type { Rgb } from '../spec/props.ts';
import { TransformBuffer } from '../spec/transforms.ts';
import { SlicedJob, taskScheduler } from '../spec/sliced-job.ts';
import { LAZY_EXTENSIONS, ShaderWarmup, type WarmupStats } from './shader-warmup.ts';
import { addViewLights, configureRenderer, CONTEXT_ATTRIBUTES } from './render-setup.ts';
import type { Layer, LayerContext, ViewLink } from './layer.ts';
import { ViewCamera } from './view-camera.ts';
import { DIM_FACTOR, dimObject, type DisplayLook } from './dim.ts';
import type { InputProxy } from '../remote/input-proxy.ts';
import { AxesLayer } from './axes.ts';
import { GridLayer } from './grid.ts';
import { ImageFeedLayer } from './image-feed.ts';
import { MapLayer } from './map.ts';
import { MarkerLayer } from './markers.ts';
import { PathLayer } from './path.ts';
import { PointsLayer } from './points.ts';
import { OdometryLayer, PoseArrayLayer, PoseLayer } from './poses.ts';
import { RobotModelLayer } from './robot-model.ts';
import { PointStampedLayer, PolygonLayer, RangeLayer } from './simple.ts';
import { TfLayer } from './tf.ts';

/** Extensions three.js enables when its renderer starts (WebGLExtensions.init): EXT_color_buffer_float alone takes
 * 55-70 ms (SwiftShader), a synchronous round trip to the GPU process. */
const INIT_EXTENSIONS = ['EXT_color_buffer_float', 'WEBGL_clip_cull_distance', 'OES_texture_float_linear', 'EXT_color_buffer_half_float',
  'WEBGL_multisampled_render_to_texture', 'WEBGL_render_shared_exponent'] as const;

export interface PreparedContext { canvas: HTMLCanvasElement; context: WebGL2RenderingContext; renderer: THREE.WebGLRenderer }

/**
 * The page's WebGL context made a piece per task, for `new ViewRuntime(host, {prepared})`: the canvas sized to `host`
 * before the context exists (its drawing buffer is allocated once, not again by the first resize), the context, then
 * each extension three.js and the shader warm-up look up, one per `next()` (once enabled, a lookup is instant), then
 * three.js' renderer on it.
 * Undefined without WebGL2: the runtime then fails as it would have, with three.js' message.
 */
export async function prepareContext(host: HTMLElement, next: () => Promise<void>): Promise<PreparedContext | undefined> {
  const canvas = document.createElement('canvas');
  // In CSS pixels: the renderer takes this as its size; a device pixel ratio other than 1 then resizes it once.
  canvas.width = Math.max(1, host.clientWidth);
  canvas.height = Math.max(1, host.clientHeight);
  const context = canvas.getContext('webgl2', { ...CONTEXT_ATTRIBUTES });
  if (!context) return undefined;
  for (const name of [...INIT_EXTENSIONS, ...LAZY_EXTENSIONS]) {
    await next();
    context.getExtension(name);
  }
  // three.js' own start on that context (capabilities, state, its first GL calls) is a task of its own too.
  await next();
  const renderer = new THREE.WebGLRenderer({ ...CONTEXT_ATTRIBUTES, canvas, context });
  configureRenderer(renderer);
  return { canvas, context, renderer };
}

function pixelRatio(): number { return Math.min(2, globalThis.devicePixelRatio || 1); }

export interface ViewInput {
  displays: readonly ViewDisplay[];
  fixedFrame: string;
  camera: CameraSpec;
  background: Rgb;
  frameRate: number;
  link: ViewLink | undefined;
  meshBaseUrl: string;
}

type LayerCtor = new (ctx: LayerContext, display: ViewDisplay) => Layer;

function layerClass(d: ViewDisplay): LayerCtor | undefined {
  switch (d.spec.kind) {
    case 'grid': return GridLayer as LayerCtor;
    case 'axes': return AxesLayer as LayerCtor;
    case 'tf': return TfLayer as LayerCtor;
    case 'points': return PointsLayer as LayerCtor;
    case 'map': return MapLayer as LayerCtor;
    case 'path': return PathLayer as LayerCtor;
    case 'pose': return PoseLayer as LayerCtor;
    case 'odometry': return OdometryLayer as LayerCtor;
    case 'pose-array': return PoseArrayLayer as LayerCtor;
    case 'polygon': return PolygonLayer as LayerCtor;
    case 'point-stamped': return PointStampedLayer as LayerCtor;
    case 'range': return RangeLayer as LayerCtor;
    case 'marker': return MarkerLayer as LayerCtor;
    case 'robot-model': return RobotModelLayer as LayerCtor;
    case 'image': return ImageFeedLayer as LayerCtor;
    default: return undefined;
  }
}

/** What makes a display's layer the same across edits: not its path (a removal shifts later paths). */
function identity(d: ViewDisplay, meshBaseUrl: string): string {
  const s = d.spec;
  const extra = s.kind === 'map' ? s.updateTopic : s.kind === 'robot-model' ? `${s.source}:${s.descriptionTopic}:${meshBaseUrl}` : s.kind === 'marker' ? String(s.array)
    : s.kind === 'pose' ? String(s.covariance !== undefined) : '';
  return [d.classId, d.name, d.topic?.name ?? '', s.kind, extra].join('\u0000');
}

export interface ImageUpdate { key: string; name: string; image: DecodedImage }
/** What an image panel's header says of the newest frame. */
export interface ImageInfo { width: number; height: number; encoding: string }

export interface ViewRuntimeOptions {
  decoder?: ViewDecoder;
  /**
   * The page's view (true): layers are built one slice of main-thread time at a time, the canvas is sized by its
   * ResizeObserver, and shaders are made ready a piece per frame (ShaderWarmup), so start-up has no long task.
   * False (tests): `update()` builds every layer before it returns and `renderNow()` draws everything at once.
   */
  staged?: boolean;
  /** three.js reads every program's link status and logs shader errors: a synchronous wait per program (debug only). */
  checkShaderErrors?: boolean;
  /**
   * Staged only: new shader programs are made ready a piece per frame and what uses them waits (default true). The
   * render worker turns it off: nothing there blocks the page, and compiling inside the render draws everything sooner.
   */
  warmShaders?: boolean;
  /** The canvas and context from `prepareContext` (else the renderer makes its own, in one task). */
  prepared?: PreparedContext;
}

/**
 * Where the view draws. A page element: the canvas goes into it, follows its size (ResizeObserver) and takes mouse and
 * touch input. An OffscreenCanvas (the render worker): its size and pixel ratio come from the page (`resizeTo`), its
 * input through the InputProxy.
 */
export type ViewTarget = HTMLElement | OffscreenTarget;
export interface OffscreenTarget {
  offscreen: OffscreenCanvas; width: number; height: number; pixelRatio: number;
  /** The page's input events, for the camera's controls. */
  input?: InputProxy;
}

function isOffscreen(t: ViewTarget): t is OffscreenTarget { return (t as OffscreenTarget).offscreen !== undefined; }

export class ViewRuntime {
  /** As <live-view>'s scene, a ViewRuntime draws on the page (RemoteView's is in the render worker). */
  public readonly where = 'page' as const;
  /** The canvas drawn on (an OffscreenCanvas in the render worker). */
  public readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly view: ViewCamera;
  private readonly tf = new TransformBuffer();
  private readonly decoder: ViewDecoder;
  private readonly layers = new Map<string, { layer: Layer; display: ViewDisplay; specJson: string }>();
  /** Layers an update replaced: disposed once the layers replacing them exist (their topics stay subscribed). */
  private retiring: { layer: Layer; display: ViewDisplay }[] = [];
  private readonly staged: boolean;
  private readonly warmShaders: boolean;
  private readonly building: SlicedJob;
  private readonly warmup: ShaderWarmup;
  /** Objects wait for their shaders: frames do shader work and draw nothing until none waits. */
  private warming = false;
  private readonly stats = new FrameStats();
  private input: ViewInput | undefined;
  private cameraJson = '';
  private link: ViewLink | undefined;
  private tfStops: (() => void)[] = [];
  /** The link keeps no transforms (a fake): nothing can be placed. */
  public missingTf = false;
  private dirty = true;
  private sized = false;
  private tfVersion = -1;
  private lastFrameAt = 0;
  private raf = 0;
  private disposed = false;
  private readonly resize: ResizeObserver | undefined;
  private readonly host: HTMLElement | undefined;
  /** The offscreen target's size in CSS pixels (the page sends it). */
  private size: { width: number; height: number; pixelRatio: number };
  /** How each display looks now, by key (the page's state rule: stale → dimmed, RViz receives nothing → hidden). */
  private looks = new Map<string, DisplayLook>();
  private readonly applied = new WeakMap<Layer, DisplayLook>();
  public onImage: ((u: ImageUpdate) => void) | undefined;
  /** Called after a render, with no arguments (the legend refreshes from `statuses()`). */
  public onRendered: (() => void) | undefined;

  public constructor(target: ViewTarget, options: ViewRuntimeOptions = {}) {
    this.staged = options.staged ?? false;
    this.warmShaders = this.staged && (options.warmShaders ?? true);
    this.building = new SlicedJob(this.staged ? taskScheduler() : (run) => run(), {
      now: () => performance.now(),
      onError: (err) => { console.error('live view: a layer could not be built', err); },
    });
    this.decoder = options.decoder ?? createViewDecoder();
    const prepared = options.prepared;
    if (isOffscreen(target)) {
      this.host = undefined;
      this.size = { width: target.width, height: target.height, pixelRatio: target.pixelRatio };
      this.renderer = new THREE.WebGLRenderer({ ...CONTEXT_ATTRIBUTES, canvas: target.offscreen });
    } else {
      this.host = target;
      this.size = { width: 1, height: 1, pixelRatio: pixelRatio() };
      this.renderer = prepared?.renderer ?? new THREE.WebGLRenderer({ ...CONTEXT_ATTRIBUTES });
    }
    this.renderer.debug.checkShaderErrors = options.checkShaderErrors ?? false;
    this.warmup = new ShaderWarmup(this.renderer, this.staged ? { schedule: taskScheduler() } : {});
    configureRenderer(this.renderer);
    // Setting the ratio resizes the drawing buffer: only when it differs from three.js' 1. A prepared canvas already
    // has the host's size, so the first fit() does not resize it again.
    if (this.size.pixelRatio !== 1) this.renderer.setPixelRatio(this.size.pixelRatio);
    this.sized = prepared !== undefined;
    this.canvas = this.renderer.domElement;
    const host = this.host;
    if (host) {
      const canvas = this.canvas as HTMLCanvasElement;
      canvas.style.display = 'block';
      canvas.style.width = '100%';
      canvas.style.height = '100%';
      canvas.style.touchAction = 'none';
      host.appendChild(canvas);
    }
    this.view = new ViewCamera(host ? this.canvas as HTMLCanvasElement : isOffscreen(target) ? target.input : undefined);
    this.view.onChange = () => { this.dirty = true; };
    addViewLights(this.scene, this.view.perspective, this.view.ortho);
    if (host) {
      this.resize = new ResizeObserver(() => this.fit());
      this.resize.observe(host);
    }
    // Staged: the observer's first callback sizes the canvas in a later task (a resize reallocates the drawing buffer).
    if (!this.staged || !host) this.fit();
    this.raf = requestAnimationFrame(this.tick);
  }

  private readonly ctx: LayerContext = {
    link: undefined,
    decoder: undefined as unknown as ViewDecoder,
    tf: this.tf,
    fixedFrame: () => this.input?.fixedFrame ?? 'map',
    frameRate: () => this.input?.frameRate ?? 30,
    requestRender: () => { this.dirty = true; },
    meshBaseUrl: () => this.input?.meshBaseUrl ?? '',
    camera: () => this.view.current,
    viewportHeight: () => this.renderer.domElement.height,
  };

  /** The document or the link changed: diff the layers; a different link (another robot) starts from an empty scene. */
  public update(input: ViewInput): void {
    if (this.disposed) return;
    const linkChanged = input.link !== this.link;
    this.input = input;
    this.ctx.decoder = this.decoder;
    if (linkChanged) this.switchLink(input.link);
    this.scene.background = new THREE.Color(input.background[0], input.background[1], input.background[2]);
    const camJson = JSON.stringify(input.camera);
    if (camJson !== this.cameraJson) { this.cameraJson = camJson; this.resetCamera(); }
    this.building.start(this.syncLayers(input));
    if (!this.staged) this.building.flush();
    this.dirty = true;
  }

  /**
   * The layer diff as steps: properties of kept layers at once, then one new layer per step (staged: each in a slice
   * of its own), then the replaced layers disposed. A newer update replaces the steps left; it diffs from what exists.
   */
  private *syncLayers(input: ViewInput): Generator<void> {
    const wanted = new Map<string, ViewDisplay>();
    const counts = new Map<string, number>();
    for (const d of input.displays) {
      const base = identity(d, input.meshBaseUrl);
      const n = (counts.get(base) ?? 0) + 1;
      counts.set(base, n);
      wanted.set(`${base}\u0000${n}`, d);
    }
    // New layers subscribe before the old ones leave: a topic's subscription then stays open, and its newest message
    // (a latched map, the robot description) reaches the new layer at once (a renamed display keeps drawing).
    for (const [id, entry] of [...this.layers]) {
      if (wanted.has(id)) continue;
      this.layers.delete(id);
      entry.layer.root.visible = false;
      this.retiring.push(entry);
    }
    const added: string[] = [];
    for (const [id, d] of wanted) {
      const specJson = JSON.stringify(d.spec);
      const have = this.layers.get(id);
      if (!have) { if (layerClass(d)) added.push(id); continue; }
      if (have.specJson !== specJson) { have.layer.setSpec(d.spec as never); have.specJson = specJson; }
      have.display = d;
    }
    for (const id of added) {
      yield;
      const d = wanted.get(id)!;
      if (this.disposed || this.layers.has(id)) continue;
      const layer = new (layerClass(d)!)(this.ctx, d);
      if (layer instanceof ImageFeedLayer) layer.onImage = (image) => this.onImage?.({ key: d.key, name: d.name, image });
      this.scene.add(layer.root);
      layer.start();
      this.layers.set(id, { layer, display: d, specJson: JSON.stringify(d.spec) });
      this.dirty = true;
    }
    const gone = this.retiring;
    this.retiring = [];
    for (const entry of gone) {
      entry.layer.dispose();
      if (entry.display.spec.kind === 'map' && ![...this.layers.values()].some((e) => e.display.key === entry.display.key)) this.decoder.forget(entry.display.key);
    }
    this.dirty = true;
  }

  private switchLink(link: ViewLink | undefined): void {
    for (const stop of this.tfStops) stop();
    this.tfStops = [];
    this.building.cancel();
    for (const e of [...this.layers.values(), ...this.retiring]) e.layer.dispose();
    this.layers.clear();
    this.retiring = [];
    this.tf.clear();
    this.link = link;
    this.ctx.link = link;
    if (link && !link.tfTransforms) this.missingTf = true;
  }

  /** Back to the document's view (the button). */
  public resetCamera(): void {
    const spec = this.input?.camera;
    if (!spec) return;
    this.view.reset(spec);
    this.fit();
  }

  /** The page's drawing area changed size (render worker: the offscreen canvas follows it). */
  public resizeTo(width: number, height: number, ratio: number): void {
    if (ratio !== this.size.pixelRatio) this.renderer.setPixelRatio(ratio);
    this.size = { width, height, pixelRatio: ratio };
    this.fit();
  }

  private fit(): void {
    const w = Math.max(1, this.host ? this.host.clientWidth : this.size.width), h = Math.max(1, this.host ? this.host.clientHeight : this.size.height);
    // Only a real change resizes: setting the canvas size reallocates the drawing buffer even when it is the same.
    const size = this.renderer.getSize(new THREE.Vector2());
    if (size.x !== w || size.y !== h || !this.sized) { this.renderer.setSize(w, h, false); this.sized = true; }
    this.view.setSize(w, h);
    this.dirty = true;
  }

  private readonly tick = (): void => {
    if (this.disposed) return;
    this.raf = requestAnimationFrame(this.tick);
    const now = Date.now();
    // Transforms come from the link's own TF buffer (the /tf_static it already holds is never sent twice).
    this.syncTf();
    // Fades (TF timeout), lifetimes and decay need a frame now and then even when nothing arrives.
    const periodic = now - this.lastFrameAt > 250;
    if (!this.warming && !this.dirty && this.tf.version === this.tfVersion && !periodic) return;
    // At most the document's Frame Rate, as RViz renders (a 60 Hz display would otherwise draw every TF message):
    // every frame is GPU work, and on a software GPU that work competes with the page for the CPU.
    if (now - this.lastFrameAt < minFrameInterval(this.input?.frameRate)) return;
    this.frame(now, this.warmShaders);
  };

  private syncTf(): void {
    const source = this.link?.tfTransforms?.();
    if (source) this.tf.sync(source);
  }

  /** Places every layer and renders once, compiling any new shader inside the render; one frame-time sample. */
  public renderNow(now = Date.now()): void { this.frame(now, false); }

  /**
   * One frame: place every layer, then (staged) one piece of shader work; render once nothing waits for a shader. A
   * rendered frame's time is one frame-time sample.
   */
  private frame(now: number, warm: boolean): void {
    const started = performance.now();
    this.syncTf();
    this.dirty = false;
    this.tfVersion = this.tf.version;
    this.lastFrameAt = now;
    for (const e of this.layers.values()) {
      e.layer.frame(now);
      this.applyLook(e.layer, e.display.key);
    }
    // Staged: objects whose programs are still being made ready are left out of the render (drawing them would
    // compile and wait); the rest of the scene keeps moving, so a new style after Apply does not freeze the view.
    const pending = warm ? this.warmup.step(this.scene, this.view.current) : [];
    this.warming = pending.length > 0;
    const hidden = pending.filter((o) => o.visible);
    for (const o of hidden) o.visible = false;
    try {
      this.renderer.render(this.scene, this.view.current);
    } finally {
      for (const o of hidden) o.visible = true;
    }
    this.stats.add(performance.now() - started);
    this.onRendered?.();
  }

  /** The displays' looks from the page's state rule (src/core/diagnosis/display-state.ts); a missing key is normal. */
  public setLooks(looks: Readonly<Record<string, DisplayLook>>): void {
    this.looks = new Map(Object.entries(looks));
    this.dirty = true;
  }

  /** After the layer placed itself: hidden stays out of the picture (and the counts), dimmed is drawn faint. */
  private applyLook(layer: Layer, key: string): void {
    const look = this.looks.get(key) ?? 'normal';
    const was = this.applied.get(layer) ?? 'normal';
    if (look === 'hidden') layer.root.visible = false;
    else if (was === 'hidden') layer.root.visible = true;
    if (look === 'dimmed') dimObject(layer.root, DIM_FACTOR);
    else if (was === 'dimmed') dimObject(layer.root, 1);
    this.applied.set(layer, look);
  }

  public statuses(): Map<string, SceneStatus> {
    const out = new Map<string, SceneStatus>();
    for (const e of this.layers.values()) out.set(e.display.key, e.layer.status());
    return out;
  }

  public frameStats(): { p50: number; p95: number; frames: number } { return this.stats.summary(); }

  /** Whether every layer of the last update exists (staged start-up builds them over a few tasks). */
  public layersBuilt(): boolean { return !this.building.busy; }

  /** Whether the screen is behind the scene: a program is being made ready, so what uses it is not drawn yet. */
  public isWarming(): boolean { return this.warming; }

  /** Messages the feeds superseded before they could be drawn, by display key (bench). */
  public dropped(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const e of this.layers.values()) out[e.display.key] = e.layer.dropped();
    return out;
  }

  public decodeStats(): DecodeStats { return this.decoder.stats(); }

  /** Shader programs made ready so far and the longest first use (above a few ms it waited for the GPU process). */
  public warmupStats(): WarmupStats { return { ...this.warmup.stats }; }

  public dispose(): void {
    this.disposed = true;
    this.building.cancel();
    cancelAnimationFrame(this.raf);
    this.resize?.disconnect();
    for (const stop of this.tfStops) stop();
    for (const e of [...this.layers.values(), ...this.retiring]) e.layer.dispose();
    this.layers.clear();
    this.retiring = [];
    this.view.dispose();
    this.decoder.dispose();
    this.renderer.dispose();
    if (this.host) (this.canvas as HTMLCanvasElement).remove();
  }
}
