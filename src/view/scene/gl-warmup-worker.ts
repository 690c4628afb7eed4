/**
 * Creates (and drops) one WebGL2 context on an OffscreenCanvas, off the main thread: the page's first context costs a
 * synchronous connection to the GPU process and its GL start-up (41-430 ms measured on SwiftShader), which is then
 * paid here instead. Started by `warmUpGl()` (./gl-warmup.ts).
 */
interface Scope { postMessage(message: unknown): void; close(): void }

const scope = self as unknown as Scope;
let ok = false;
try {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2', { antialias: true, preserveDrawingBuffer: true, alpha: false });
  ok = gl !== null;
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
} catch {
  // No OffscreenCanvas WebGL here: the view creates its context on the main thread as before.
}
scope.postMessage({ ok });
scope.close();
