/**
 * The messages between the page and the render worker (./render-worker.ts), which draws the view's scene on an
 * OffscreenCanvas the page handed over. The page keeps what only it has: the link (socket, subscriptions, TF buffer),
 * the document, mouse and touch input (the camera's controls) and the element's size. The worker keeps the scene and
 * every WebGL call. All of it is structured-cloneable data.
 */
import type { TfTransform } from '../../core/graph/tf-tree.ts';
import type { DisplayFeedRequest, DisplayFeedStatus } from '../../link/types.ts';
import type { DecodeStats } from '../decode/types.ts';
import type { SceneStatus } from '../spec/legend.ts';
import type { WarmupStats } from '../scene/shader-warmup.ts';
import type { DisplayLook } from '../scene/dim.ts';
import type { ImageInfo, ViewInput } from '../scene/view-runtime.ts';
import type { ForwardedEvent, SurfaceRect } from './input-proxy.ts';

/** The page's link as the worker sees it: an id (another id is another robot: the scene starts empty) and whether it keeps TF. */
export interface LinkRef { id: number; tf: boolean }

export type ToWorker =
  | { op: 'init'; canvas: OffscreenCanvas; width: number; height: number; pixelRatio: number; checkShaderErrors: boolean }
  | { op: 'update'; seq: number; input: Omit<ViewInput, 'link'>; link: LinkRef | undefined }
  /** Mouse, touch, wheel or key input on the canvas, with the canvas' place on the page. */
  | { op: 'input'; event: ForwardedEvent; rect: SurfaceRect }
  /** Back to the document's view (the button). */
  | { op: 'reset-camera' }
  /** How each display looks now (stale → dimmed, RViz receives nothing → hidden), by key; missing keys are normal. */
  | { op: 'looks'; looks: Record<string, DisplayLook> }
  | { op: 'resize'; width: number; height: number; pixelRatio: number }
  /**
   * A feed's message, with the page-side feed's status (its dropped count is the real one). `id`: its large binary
   * arrays were transferred (the page's copy is now empty), so the worker keeps the newest such message of `topic`
   * for other feeds of the same message (`message-ref`).
   */
  | { op: 'message'; feed: number; message: unknown; at: number; status: DisplayFeedStatus; id?: number; topic?: string }
  /** The same message object again (another feed of its topic, or the link replaying it to a new feed). */
  | { op: 'message-ref'; feed: number; ref: number; at: number; status: DisplayFeedStatus }
  | { op: 'tf'; version: number; transforms: readonly TfTransform[] }
  /** An image panel's canvas, handed over: the worker draws the display's frames into it. */
  | { op: 'image-canvas'; key: string; canvas: OffscreenCanvas };

/** What the page shows from the scene: the legend's states and `viewStats()`, sent a few times a second. */
export interface SceneSnapshot {
  /** The newest update the worker has taken: stats older than the page's last update are not about it. */
  seq: number;
  statuses: [string, SceneStatus][];
  frame: { p50: number; p95: number; frames: number };
  dropped: Record<string, number>;
  decode: DecodeStats;
  warmup: WarmupStats;
  built: boolean;
  warming: boolean;
}

export type FromWorker =
  | { op: 'ready' }
  | { op: 'failed'; reason: string }
  | { op: 'feed'; feed: number; link: number; request: DisplayFeedRequest }
  | { op: 'unfeed'; feed: number }
  /** The worker's handler of a feed's message settled: the page's feed may deliver the next one. */
  | { op: 'done'; feed: number }
  /** A new frame of an image display, drawn into its panel's canvas: what the panel's header says of it. */
  | { op: 'image'; key: string; name: string; info: ImageInfo }
  /** The cursor the camera's controls show (grab, grabbing). */
  | { op: 'cursor'; cursor: string }
  | ({ op: 'stats' } & SceneSnapshot);
