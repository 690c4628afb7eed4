/**
 * `warmUpGl()`: before the view creates its WebGL context on the main thread, a worker (./gl-warmup-worker.ts)
 * creates one, so the connection to the GPU process and its GL start-up are no main-thread task (the page's own
 * context then takes a few ms: 5 ms against 41-267 ms cold, SwiftShader), and then compiles the view's kinds of
 * shaders, so the page's links of them come from the GPU process' program cache. `context` settles once the worker's
 * context exists, `shaders` once its shaders are linked; each also when the worker cannot run, fails, or after its
 * timeout: they never fail, the view just starts as it would have.
 */
export interface GlWarmup { context: Promise<void>; shaders: Promise<void> }

export function warmUpGl(contextTimeoutMs = 3000, shaderTimeoutMs = 6000): GlWarmup {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return { context: Promise.resolve(), shaders: Promise.resolve() };
  let contextDone!: () => void;
  let shadersDone!: () => void;
  const context = new Promise<void>((resolve) => { contextDone = resolve; });
  const shaders = new Promise<void>((resolve) => { shadersDone = resolve; });
  let worker: Worker | undefined;
  const contextTimer = setTimeout(() => contextDone(), contextTimeoutMs);
  const end = () => { clearTimeout(contextTimer); clearTimeout(shaderTimer); contextDone(); shadersDone(); worker?.terminate(); };
  const shaderTimer = setTimeout(end, shaderTimeoutMs);
  try {
    worker = new Worker(new URL('./gl-warmup-worker.ts', import.meta.url), { type: 'module', name: 'view-gl-warmup' });
    worker.onmessage = (ev: MessageEvent<{ kind?: string }>) => {
      if (ev.data?.kind === 'context') { clearTimeout(contextTimer); contextDone(); } else end();
    };
    worker.onerror = (ev) => { ev.preventDefault?.(); end(); };
  } catch {
    end();
  }
  return { context, shaders };
}
