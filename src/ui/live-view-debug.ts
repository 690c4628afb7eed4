/**
 * The read-only debug hook (`?debug=1`): `window.rvizCompanion` with `viewStats()` and `documentText()`, for tests,
 * benches and people debugging a robot. Values are fresh plain objects; nothing on it changes the app.
 */
import type { LegendState } from '../view/spec/legend.ts';

export interface ViewDisplayStats {
  type: string;
  /** drawing (data arriving now and RViz would receive it), stale, no-data, no-transform, wrong-type, rviz-only. */
  state: LegendState;
  /** The cause of a state other than drawing (a QoS mismatch, a missing frame, how long ago the last data came). */
  detail?: string;
  /** Drawing and on screen (false while the view makes a shader ready: what uses it is not drawn yet). */
  drawn: boolean;
  objects: number;
  /** ms since the newest message this display drew; null before the first. */
  lastMessageAgeMs: number | null;
}

export interface ViewStats {
  frameMs: { p50: number; p95: number };
  /** Frames rendered so far (in the kept window). */
  frames: number;
  displays: Record<string, ViewDisplayStats>;
  /** Messages the feeds superseded before they were drawn, per display name (only where > 0 or measured). */
  dropped: Record<string, number>;
  /** Worker decode times per kind (points, grid, image…). */
  decode: Record<string, { count: number; p50Ms: number; p95Ms: number; lastMs: number }>;
  /** Whether three.js has loaded, every layer of the current document exists (they are built over a few tasks) and no
   * shader is being made ready (the picture shows the scene). */
  ready: boolean;
  /** Shader programs the view made ready: new ones compiled, cached ones found, first uses and the longest (ms). */
  shaders?: { compiled: number; cached: number; firstUses: number; longestFirstUseMs: number };
  /** Where the scene renders: in the render worker on an OffscreenCanvas, or on the page (no OffscreenCanvas WebGL). */
  scene?: 'worker' | 'page';
  /** Subscribe and unsubscribe operations on the robot's link since load (the link's count, else the display feeds'). */
  link: { subscribes: number; unsubscribes: number };
}

export interface DebugHookSource {
  viewStats(): ViewStats;
  documentText(): string;
}

export function debugEnabled(location: Location = window.location): boolean {
  return new URLSearchParams(location.search).get('debug') === '1';
}

/** Installs the hook; returns the function that removes it (only if it is still ours). */
export function installDebugHook(source: DebugHookSource): () => void {
  const hook = Object.freeze({
    viewStats: () => source.viewStats(),
    documentText: () => source.documentText(),
  });
  Object.defineProperty(window, 'rvizCompanion', { value: hook, configurable: true, enumerable: false, writable: false });
  return () => {
    if ((window as unknown as { rvizCompanion?: unknown }).rvizCompanion === hook) delete (window as unknown as { rvizCompanion?: unknown }).rvizCompanion;
  };
}

declare global {
  interface Window { rvizCompanion?: Readonly<DebugHookSource> }
}
