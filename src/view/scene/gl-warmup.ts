/**
 * `warmUpGl()`: before the view creates its WebGL context on the main thread, one is created and dropped in a worker
 * (./gl-warmup-worker.ts), so the connection to the GPU process and its GL start-up are no main-thread task; the
 * main thread's own context then takes a few ms (5 ms against 41-267 ms cold, SwiftShader). Resolves when done, when
 * the worker cannot run, or after `timeoutMs`: it never fails, the view just starts as it would have.
 */
export function warmUpGl(timeoutMs = 3000): Promise<void> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    const done = () => { clearTimeout(timer); worker?.terminate(); resolve(); };
    const timer = setTimeout(done, timeoutMs);
    try {
      worker = new Worker(new URL('./gl-warmup-worker.ts', import.meta.url), { type: 'module', name: 'view-gl-warmup' });
      worker.onmessage = done;
      worker.onerror = (ev) => { ev.preventDefault?.(); done(); };
    } catch {
      done();
    }
  });
}
