/** Whether this browser can hand a canvas to a worker for WebGL (else the view draws on the page). Its own module,
 * so the page asks without loading the view's chunks. */
export function offscreenViewSupported(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
    && typeof HTMLCanvasElement !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype;
}
