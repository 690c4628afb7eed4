/**
 * The page's side of the render worker (./render-worker.ts): the same face as ViewRuntime for <live-view> (update,
 * resetCamera, statuses and stats, dispose), but the scene, its camera controls and the image panels' drawing live in
 * the worker. The page keeps the canvas placeholder (its picture is the worker's OffscreenCanvas) and forwards its
 * input, the element's size, and the link: it opens the feeds the worker asks for and forwards their messages and
 * the TF buffer. Nothing here draws, and nothing here loads three.js.
 */
import type { DisplayFeed, DisplayFeedStatus } from '../../link/types.ts';
import { messageBuffers } from '../../link/message-buffers.ts';
import type { ViewLink } from '../scene/layer.ts';
import type { DecodeStats } from '../decode/types.ts';
import type { SceneStatus } from '../spec/legend.ts';
import type { WarmupStats } from '../scene/shader-warmup.ts';
import type { DisplayLook } from '../scene/dim.ts';
import type { ImageInfo, ViewInput } from '../scene/view-runtime.ts';
import type { ForwardedEvent } from './input-proxy.ts';
import type { FromWorker, SceneSnapshot, ToWorker } from './protocol.ts';

/**
 * Binary arrays from this size on are handed to the worker, not copied (below it a copy is cheaper than the
 * bookkeeping). Copying them on the page (structured clone) cost 50-120 ms tasks at 10 × 2.2 MB a second: the copies'
 * memory made the page's garbage collector pause. Transferred, they move without a copy.
 */
const HAND_OVER = { minBytes: 64 * 1024, maxDepth: 6, maxArrayItems: 64 };

function pixelRatio(): number { return Math.min(2, globalThis.devicePixelRatio || 1); }

interface PageFeed { feed: DisplayFeed | undefined; free: (() => void) | undefined }

const EMPTY: SceneSnapshot = { seq: -1, statuses: [], frame: { p50: 0, p95: 0, frames: 0 }, dropped: {}, decode: {},
  warmup: { compiled: 0, cached: 0, firstUses: 0, longestFirstUseMs: 0 }, built: false, warming: false };

export class RemoteView {
  public readonly where = 'worker' as const;
  public readonly canvas: HTMLCanvasElement;
  private readonly worker: Worker;
  private readonly stopInput: () => void;
  private readonly resize: ResizeObserver;
  private readonly feeds = new Map<number, PageFeed>();
  private link: ViewLink | undefined;
  private linkId = 0;
  private readonly linkIds = new WeakMap<ViewLink, number>();
  /** Messages whose arrays were handed to the worker, by object: sent again by reference. */
  private readonly handedOver = new WeakMap<object, number>();
  private nextMessageId = 1;
  private nextLinkId = 1;
  private seq = 0;
  private latest: SceneSnapshot = EMPTY;
  private tfVersion = -1;
  private raf = 0;
  private disposed = false;
  private width = 1;
  private height = 1;
  /** A new frame of an image display (drawn by the worker into the panel's canvas, see `imageSink`). */
  public onImageInfo: ((u: { key: string; name: string; info: ImageInfo }) => void) | undefined;
  /** Settles once the worker's renderer exists; rejects when it could not start (the page then draws itself). */
  public readonly ready: Promise<void>;

  public constructor(private readonly host: HTMLElement, options: { checkShaderErrors?: boolean } = {}) {
    this.canvas = document.createElement('canvas');
    Object.assign(this.canvas.style, { display: 'block', width: '100%', height: '100%', touchAction: 'none' });
    this.width = Math.max(1, host.clientWidth);
    this.height = Math.max(1, host.clientHeight);
    const ratio = pixelRatio();
    // The drawing buffer's first size, before the transfer (afterwards only the worker may set it).
    this.canvas.width = Math.round(this.width * ratio);
    this.canvas.height = Math.round(this.height * ratio);
    host.appendChild(this.canvas);
    const offscreen = this.canvas.transferControlToOffscreen();
    this.worker = new Worker(new URL('./render-worker.ts', import.meta.url), { type: 'module', name: 'view-render' });
    let started = false;
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.onmessage = (ev: MessageEvent<FromWorker>) => {
        const m = ev.data;
        if (m.op === 'ready') { started = true; resolve(); } else if (m.op === 'failed') reject(new Error(m.reason));
        else this.receive(m);
      };
      this.worker.onerror = (ev) => {
        ev.preventDefault?.();
        const reason = ev.message || 'the render worker failed';
        // Before it started the page draws instead. Afterwards it is an error the worker did not catch (it keeps
        // running): said in the console, the picture keeps what it can draw.
        if (started) console.error(`live view: the render worker reported an error: ${reason}`); else reject(new Error(reason));
      };
    });
    this.send({ op: 'init', canvas: offscreen, width: this.width, height: this.height, pixelRatio: ratio, checkShaderErrors: options.checkShaderErrors ?? false }, [offscreen]);
    this.stopInput = this.forwardInput();
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(host);
    this.raf = requestAnimationFrame(this.tick);
  }

  private send(m: ToWorker, transfer: Transferable[] = []): void {
    if (this.disposed) return;
    try {
      this.worker.postMessage(m, transfer);
    } catch (err) {
      // A message that cannot be cloned is dropped with a trace, never the view.
      console.error('live view: a message could not be sent to the render worker', err);
      if (m.op === 'message' || m.op === 'message-ref') this.feeds.get(m.feed)?.free?.();
    }
  }

  private fit(): void {
    const w = Math.max(1, this.host.clientWidth), h = Math.max(1, this.host.clientHeight);
    if (w === this.width && h === this.height) return;
    this.width = w; this.height = h;
    this.send({ op: 'resize', width: w, height: h, pixelRatio: pixelRatio() });
  }

  /**
   * Mouse, touch, wheel and modifier keys go to the worker's camera controls. The page does what only it can: it
   * captures the pointer (drags that leave the canvas keep coming) and stops the browser scrolling or opening menus.
   */
  private forwardInput(): () => void {
    const canvas = this.canvas;
    const forward = (e: Event) => {
      const p = e as PointerEvent & WheelEvent & KeyboardEvent;
      if (e.type === 'wheel' || e.type === 'contextmenu') e.preventDefault();
      if (e.type === 'pointerdown') canvas.setPointerCapture(p.pointerId);
      if ((e.type === 'pointerup' || e.type === 'pointercancel') && canvas.hasPointerCapture(p.pointerId)) canvas.releasePointerCapture(p.pointerId);
      const r = canvas.getBoundingClientRect();
      const event: ForwardedEvent = e.type.startsWith('key') ? { type: e.type, key: p.key, code: p.code, ctrlKey: p.ctrlKey, metaKey: p.metaKey, shiftKey: p.shiftKey }
        : { type: e.type, pointerId: p.pointerId, pointerType: p.pointerType, button: p.button, buttons: p.buttons, clientX: p.clientX, clientY: p.clientY,
          pageX: p.pageX, pageY: p.pageY, ctrlKey: p.ctrlKey, metaKey: p.metaKey, shiftKey: p.shiftKey, deltaX: p.deltaX, deltaY: p.deltaY, deltaMode: p.deltaMode };
      this.send({ op: 'input', event, rect: { left: r.left, top: r.top, width: r.width, height: r.height } });
    };
    const onCanvas = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'wheel', 'contextmenu'] as const;
    for (const type of onCanvas) canvas.addEventListener(type, forward, { passive: type !== 'wheel' && type !== 'contextmenu' });
    // OrbitControls watches Control/Meta/Shift on the document (ctrl-drag pans).
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Control' || e.key === 'Meta' || e.key === 'Shift') forward(e); };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKey, true);
    return () => {
      for (const type of onCanvas) canvas.removeEventListener(type, forward);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKey, true);
    };
  }

  /** The document or the link changed (another link: the worker's scene starts empty). */
  public update(input: ViewInput): void {
    if (this.disposed) return;
    if (input.link !== this.link) this.switchLink(input.link);
    const { link: _link, ...rest } = input;
    this.seq++;
    this.send({ op: 'update', seq: this.seq, input: rest, link: this.link ? { id: this.linkId, tf: typeof this.link.tfTransforms === 'function' } : undefined });
  }

  private switchLink(link: ViewLink | undefined): void {
    for (const f of this.feeds.values()) { f.feed?.stop(); f.free?.(); }
    this.feeds.clear();
    this.link = link;
    this.tfVersion = -1;
    if (link) {
      let id = this.linkIds.get(link);
      if (id === undefined) { id = this.nextLinkId++; this.linkIds.set(link, id); }
      this.linkId = id;
    } else {
      this.linkId = 0;
    }
  }

  private receive(m: FromWorker): void {
    switch (m.op) {
      case 'feed': {
        const link = this.link;
        if (!link || m.link !== this.linkId) return;
        const entry: PageFeed = { feed: undefined, free: undefined };
        this.feeds.set(m.feed, entry);
        entry.feed = link.feed(m.request, (message, at) => {
          if (this.disposed || this.feeds.get(m.feed) !== entry) return undefined;
          const busy = new Promise<void>((resolve) => { entry.free = resolve; });
          const status = entry.feed?.status() ?? { delivered: 0, dropped: 0, asked: { throttleMs: 0, queueLength: 1, compression: 'none' } };
          this.forward(m.feed, m.request.topic, message, at, status);
          return busy;
        });
        break;
      }
      case 'unfeed': {
        const entry = this.feeds.get(m.feed);
        this.feeds.delete(m.feed);
        entry?.feed?.stop();
        entry?.free?.();
        break;
      }
      case 'done': {
        const entry = this.feeds.get(m.feed);
        const free = entry?.free;
        if (entry) entry.free = undefined;
        free?.();
        break;
      }
      case 'image': this.onImageInfo?.({ key: m.key, name: m.name, info: m.info }); break;
      case 'cursor': this.canvas.style.cursor = m.cursor; break;
      case 'stats': { const { op: _op, ...s } = m; this.latest = s; break; }
    }
  }

  /**
   * A message to the worker. Its large binary arrays are transferred, not copied: on the page they are then empty.
   * Nothing on the page reads them (the diagnosis reads headers; only the view draws payloads); the same message for
   * another feed, or replayed by the link to a new feed, goes by reference to the worker's copy.
   */
  private forward(feed: number, topic: string, message: unknown, at: number, status: DisplayFeedStatus): void {
    const object = message !== null && typeof message === 'object' ? message : undefined;
    const ref = object ? this.handedOver.get(object) : undefined;
    if (ref !== undefined) { this.send({ op: 'message-ref', feed, ref, at, status }); return; }
    const buffers = object ? messageBuffers(object, HAND_OVER) : new Set<ArrayBuffer>();
    if (buffers.size === 0 || !object) { this.send({ op: 'message', feed, message, at, status }); return; }
    const id = this.nextMessageId++;
    this.handedOver.set(object, id);
    this.send({ op: 'message', feed, message, at, status, id, topic }, [...buffers]);
  }

  /** Forwards the link's TF buffer whenever it changed (at most once a frame). */
  private readonly tick = (): void => {
    if (this.disposed) return;
    this.raf = requestAnimationFrame(this.tick);
    const tf = this.link?.tfTransforms?.();
    if (!tf || tf.version === this.tfVersion) return;
    this.tfVersion = tf.version;
    this.send({ op: 'tf', version: tf.version, transforms: tf.transforms });
  };

  /** Where an image display's panel hands its canvas over: the worker draws that display's frames into it. */
  public imageSink(key: string): (canvas: HTMLCanvasElement) => void {
    return (canvas) => {
      const offscreen = canvas.transferControlToOffscreen();
      this.send({ op: 'image-canvas', key, canvas: offscreen }, [offscreen]);
    };
  }

  /** Back to the document's view (the button). */
  public resetCamera(): void { this.send({ op: 'reset-camera' }); }

  private looksJson = '{}';
  /** How each display looks (stale → dimmed, RViz receives nothing → hidden); sent only when it changed. */
  public setLooks(looks: Readonly<Record<string, DisplayLook>>): void {
    const json = JSON.stringify(looks);
    if (json === this.looksJson) return;
    this.looksJson = json;
    this.send({ op: 'looks', looks: { ...looks } });
  }

  /** The worker's state is about the newest update only once it says so. */
  private current(): SceneSnapshot | undefined { return this.latest.seq === this.seq ? this.latest : undefined; }

  public statuses(): Map<string, SceneStatus> { return new Map(this.latest.statuses); }
  public frameStats(): { p50: number; p95: number; frames: number } { return this.latest.frame; }
  public layersBuilt(): boolean { return this.current()?.built === true; }
  public isWarming(): boolean { return this.current()?.warming !== false; }
  public dropped(): Record<string, number> { return this.latest.dropped; }
  public decodeStats(): DecodeStats { return this.latest.decode; }
  public warmupStats(): WarmupStats { return this.latest.warmup; }

  public dispose(): void {
    if (this.disposed) return;
    for (const f of this.feeds.values()) { f.feed?.stop(); f.free?.(); }
    this.feeds.clear();
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    this.resize.disconnect();
    this.stopInput();
    this.worker.terminate();
    this.canvas.remove();
  }
}
