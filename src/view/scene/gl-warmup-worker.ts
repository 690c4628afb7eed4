/**
 * Off the main thread, before the page's view starts: (1) creates a WebGL2 context on an OffscreenCanvas, so the
 * connection to the GPU process and its GL start-up (41-430 ms measured on SwiftShader) are paid here, then (2) with a
 * three.js renderer set up as the page's (render-setup.ts) compiles, links and first uses one object of each kind the
 * view draws (warm-kinds.ts): the GPU process keeps the linked programs in its cache, shared by every context, so the
 * page's own links of the same shaders are cache hits. Posts `{kind: 'context', ok}` after (1), does (2) when the page
 * posts any message (once its own context exists), then posts `{kind: 'shaders', programs}`. Started by `warmUpGl()`
 * (./gl-warmup.ts).
 */
import * as THREE from 'three';
import { addViewLights, configureRenderer, CONTEXT_ATTRIBUTES } from './render-setup.ts';
import { warmKinds } from './warm-kinds.ts';

interface Scope { postMessage(message: unknown): void; close(): void }

const scope = self as unknown as Scope;
let renderer: THREE.WebGLRenderer | undefined;
try {
  renderer = new THREE.WebGLRenderer({ canvas: new OffscreenCanvas(64, 64) as unknown as HTMLCanvasElement, ...CONTEXT_ATTRIBUTES });
} catch {
  // No OffscreenCanvas WebGL2 here: the view creates its context on the main thread as before.
}
scope.postMessage({ kind: 'context', ok: renderer !== undefined });

/** Compiles, links and first uses the view's kinds of shaders, then ends the worker. */
function warmShaders(): void {
  let programs = 0;
  try {
    if (renderer) {
      configureRenderer(renderer);
      const scene = new THREE.Scene();
      const perspective = new THREE.PerspectiveCamera(45, 1, 0.01, 10_000);
      const ortho = new THREE.OrthographicCamera(-10, 10, 10, -10, 0.01, 10_000);
      addViewLights(scene, perspective, ortho);
      perspective.position.set(0, -5, 5);
      perspective.lookAt(0, 0, 0);
      for (const o of warmKinds()) { o.frustumCulled = false; scene.add(o); }
      renderer.compile(scene, perspective);
      // The first render uses every program: it waits for each link, here rather than on the page.
      renderer.render(scene, perspective);
      programs = renderer.info.programs?.length ?? 0;
    }
  } catch {
    // A kind that does not build here is only not warmed.
  } finally {
    scope.postMessage({ kind: 'shaders', programs });
    renderer?.getContext().getExtension('WEBGL_lose_context')?.loseContext();
    renderer?.dispose();
    scope.close();
  }
}

// The page says when: its own context is created first, while the GPU process is idle.
if (renderer) (self as unknown as { onmessage: (() => void) | null }).onmessage = () => warmShaders();
else warmShaders();
