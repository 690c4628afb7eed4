/**
 * The render worker: the live view's whole scene (ViewRuntime and its layers, three.js, the decoders) on the
 * OffscreenCanvas the page transferred, so creating the WebGL context, compiling shaders, uploading buffers and
 * drawing never run on the page's main thread. Started by RemoteView (./remote-view.ts); messages in ./protocol.ts.
 */
import { createViewDecoder } from '../decode/decoder.ts';
import type { DecodedImage } from '../decode/types.ts';
import { drawRgba } from '../scene/image-canvas.ts';
import { ViewRuntime } from '../scene/view-runtime.ts';
import { installWorkerDom } from '../scene/worker-dom.ts';
import { InputProxy } from './input-proxy.ts';
import type { FromWorker, SceneSnapshot, ToWorker } from './protocol.ts';
import { WorkerLink } from './worker-link.ts';

interface Scope {
  onmessage: ((ev: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as Scope;
// RobotModel's URDF and Collada meshes need an XML DOM, which a worker lacks.
installWorkerDom();
const post = (m: FromWorker, transfer: Transferable[] = []) => scope.postMessage(m, transfer);

/** How often at most the page hears the scene's state (the legend refreshes twice a second; tests wait on it). */
const SNAPSHOT_MS = 150;

let runtime: ViewRuntime | undefined;
const input = new InputProxy((cursor) => post({ op: 'cursor', cursor }));
let link: WorkerLink | undefined;
let seq = 0;
let lastSnapshot = '';
let lastSnapshotAt = 0;
/** The newest message of each topic whose arrays the page handed over (its own copy is empty now), by topic. */
const handedOver = new Map<string, { id: number; message: unknown }>();
/** Image panels' canvases by display key, and each display's newest frame (drawn once its canvas is here). */
const imageCanvases = new Map<string, OffscreenCanvas>();
const newestImages = new Map<string, DecodedImage>();

function drawImage(key: string): void {
  const canvas = imageCanvases.get(key), image = newestImages.get(key);
  const ctx = canvas?.getContext('2d');
  if (canvas && ctx && image) drawRgba(canvas, ctx, image);
}

function snapshot(rt: ViewRuntime): SceneSnapshot {
  return { seq, statuses: [...rt.statuses()], frame: rt.frameStats(), dropped: rt.dropped(), decode: rt.decodeStats(),
    warmup: rt.warmupStats(), built: rt.layersBuilt(), warming: rt.isWarming() };
}

/** After a rendered frame only: between a message and the frame that draws it, a layer has data and no objects yet. */
function sendSnapshot(): void {
  if (!runtime) return;
  const now = performance.now();
  if (now - lastSnapshotAt < SNAPSHOT_MS) return;
  lastSnapshotAt = now;
  const s = snapshot(runtime);
  // Unchanged state is not sent again (frame statistics change with every frame drawn, so a drawing view always sends).
  const key = JSON.stringify(s);
  if (key === lastSnapshot) return;
  lastSnapshot = key;
  post({ op: 'stats', ...s });
}

function start(m: Extract<ToWorker, { op: 'init' }>): void {
  try {
    // Decoding runs here, beside the scene: already off the page's main thread.
    input.place({ left: 0, top: 0, width: m.width, height: m.height });
    runtime = new ViewRuntime({ offscreen: m.canvas, width: m.width, height: m.height, pixelRatio: m.pixelRatio, input },
      { staged: true, warmShaders: false, checkShaderErrors: m.checkShaderErrors, decoder: createViewDecoder({ worker: false }) });
  } catch (err) {
    post({ op: 'failed', reason: err instanceof Error ? err.message : String(err) });
    return;
  }
  runtime.onImage = (u) => {
    newestImages.set(u.key, u.image);
    drawImage(u.key);
    post({ op: 'image', key: u.key, name: u.name, info: { width: u.image.width, height: u.image.height, encoding: u.image.encoding } });
  };
  // The view renders at least every 250 ms (fades, lifetimes), so snapshots keep coming while nothing changes.
  runtime.onRendered = sendSnapshot;
  post({ op: 'ready' });
}

scope.onmessage = (ev) => {
  const m = ev.data;
  if (m.op === 'init') { start(m); return; }
  const rt = runtime;
  if (!rt) return;
  switch (m.op) {
    case 'update': {
      if (m.link?.id !== link?.id) {
        link?.close();
        handedOver.clear();
        link = m.link ? new WorkerLink(m.link.id, m.link.tf, post) : undefined;
      }
      seq = m.seq;
      rt.update({ ...m.input, link });
      const images = new Set(m.input.displays.filter((d) => d.spec.kind === 'image').map((d) => d.key));
      for (const key of [...imageCanvases.keys(), ...newestImages.keys()]) if (!images.has(key)) { imageCanvases.delete(key); newestImages.delete(key); }
      break;
    }
    case 'input': input.place(m.rect); input.deliver(m.event); break;
    case 'reset-camera': rt.resetCamera(); break;
    case 'looks': rt.setLooks(m.looks); break;
    case 'resize': rt.resizeTo(m.width, m.height, m.pixelRatio); break;
    case 'message': {
      if (m.id !== undefined && m.topic !== undefined) handedOver.set(m.topic, { id: m.id, message: m.message });
      if (link) link.deliver(m.feed, m.message, m.at, m.status);
      else post({ op: 'done', feed: m.feed });
      break;
    }
    case 'message-ref': {
      const kept = [...handedOver.values()].find((k) => k.id === m.ref);
      // Not kept (a newer message of its topic came first): this feed skips it, as a coalesced message.
      if (link && kept) link.deliver(m.feed, kept.message, m.at, m.status);
      else post({ op: 'done', feed: m.feed });
      break;
    }
    case 'tf': link?.setTf(m.version, m.transforms); break;
    case 'image-canvas': imageCanvases.set(m.key, m.canvas); drawImage(m.key); break;
  }
};
