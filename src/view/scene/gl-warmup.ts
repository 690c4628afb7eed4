/**
 * `warmUpGl()`: before the view creates its WebGL context on the main thread, a worker (./gl-warmup-worker.ts)
 * creates one, so the connection to the GPU process and its GL start-up are no main-thread task (the page's own
 * context then takes a few ms: 5 ms against 41-267 ms cold, SwiftShader), and then compiles the view's kinds of
 * shaders, so the page's links of them come from the GPU process' program cache. `context` settles once the worker's
 * context exists, `shaders` once its shaders are linked (it compiles them when told: `startShaders()`); each also
 * when the worker cannot run, fails, or after its timeout: they never fail, the view just starts as it would have.
 */
export interface GlWarmup {
  context: Promise<void>;
  /** Tells the worker to compile the shaders (call once the page's own context exists: a context's creation waits
   * for the GPU process, which would then be busy linking). */
  startShaders(): void;
  shaders: Promise<void>;
  /** Ends the worker (the view did not start after all). */
  stop(): void;
}

export function warmUpGl(contextTimeoutMs = 3000, shaderTimeoutMs = 6000): GlWarmup {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') {
    return { context: Promise.resolve(), startShaders: () => undefined, shaders: Promise.resolve(), stop: () => undefined };
  }
  let contextDone!: () => void;
  let shadersDone!: () => void;
  const context = new Promise<void>((resolve) => { contextDone = resolve; });
  const shaders = new Promise<void>((resolve) => { shadersDone = resolve; });
  let worker: Worker | undefined;
  let shaderTimer: ReturnType<typeof setTimeout> | undefined;
  const contextTimer = setTimeout(() => contextDone(), contextTimeoutMs);
  const end = () => { clearTimeout(contextTimer); clearTimeout(shaderTimer); contextDone(); shadersDone(); worker?.terminate(); worker = undefined; };
  try {
    worker = new Worker(new URL('./gl-warmup-worker.ts', import.meta.url), { type: 'module', name: 'view-gl-warmup' });
    worker.onmessage = (ev: MessageEvent<{ kind?: string }>) => {
      if (ev.data?.kind === 'context') { clearTimeout(contextTimer); contextDone(); } else end();
    };
    worker.onerror = (ev) => { ev.preventDefault?.(); end(); };
  } catch {
    end();
  }
  const startShaders = () => {
    if (!worker || shaderTimer !== undefined) return;
    shaderTimer = setTimeout(end, shaderTimeoutMs);
    worker.postMessage({ kind: 'shaders' });
  };
  return { context, startShaders, shaders, stop: end };
}
