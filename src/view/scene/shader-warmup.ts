/**
 * Gets the scene's shader programs ready one piece per animation frame, so no frame waits for a shader compile.
 * Without it the first render of a new kind of object compiles and links its program and then reads the link status
 * and the uniform locations synchronously (three.js' first use of a program): on SwiftShader that is 74-113 ms a
 * program, all in one task. Each frame (`step`) does:
 *  - first use of at most one program that is done (KHR_parallel_shader_compile where the GPU has it; without it, a
 *    WebGL2 fence issued after its compile has signalled and `settleMs` have passed, a time that grows when a first
 *    use still waited and shrinks when it did not): read its uniforms and attributes;
 *  - `renderer.compile` of the objects whose materials have no program yet, as long as each finds its program in
 *    three.js' cache (a fraction of a ms: no GL work; a path, a particle cloud or a marker brings fresh materials with
 *    every message) and within `budgetMs`; the first one that needs a new program is issued and ends the batch.
 *    Without the extension the GPU process compiles one program at a time in order, and a synchronous query (the next
 *    first use) waits for every compile queued before it, so a new program is issued only when none is in flight;
 *    meanwhile only materials that look like ones whose program is in use (`signature`) are tried.
 * Any synchronous GL query waits for the GPU process to finish what is queued (a compile included), so the
 * extensions three.js looks up lazily are looked up once at start, while the GPU process is idle (`prefetch`).
 * The runtime leaves the objects `step` returns out of the render and renders the rest.
 */
import type * as THREE from 'three';

interface ProgramLike {
  isReady(): boolean;
  getUniforms(): unknown;
  getAttributes(): unknown;
}

/** What the warm-up needs of three.js' renderer (a fake in the unit tests). */
export interface WarmupRenderer {
  compile(object: THREE.Object3D, camera: THREE.Camera, scene: THREE.Scene): unknown;
  properties: { get(material: object): unknown };
  extensions: { has(name: string): boolean };
  getContext(): WebGLRenderingContext | WebGL2RenderingContext;
}

/** How far the warm-up has got (bench and debug). */
export interface WarmupStats {
  /** New programs issued, cached programs found by a compile, first uses done. */
  compiled: number;
  cached: number;
  firstUses: number;
  /** The longest first use (ms): above a few ms it waited for the GPU process. */
  longestFirstUseMs: number;
}

function materialsOf(o: THREE.Object3D): THREE.Material[] {
  // What three.js' compile and render draw (InstancedMesh, Line2 and the like are meshes).
  const drawn = o as Partial<Record<'isMesh' | 'isPoints' | 'isLine' | 'isSprite', boolean>>;
  if (!drawn.isMesh && !drawn.isPoints && !drawn.isLine && !drawn.isSprite) return [];
  const m = (o as THREE.Mesh).material as THREE.Material | THREE.Material[] | undefined;
  if (!m) return [];
  return Array.isArray(m) ? m : [m];
}

/**
 * What decides a material's program besides the scene (three.js' program cache key, roughly): two materials with the
 * same signature almost always share a program. Only a hint for what to try while a compile is in flight; the
 * program three.js picks is what counts.
 */
export function signature(o: THREE.Object3D, m: THREE.Material): string {
  const a = m as THREE.Material & Partial<{ map: unknown; vertexColors: boolean; vertexShader: string; fragmentShader: string;
    defines: Record<string, unknown>; sizeAttenuation: boolean; wireframe: boolean }>;
  const kind = o as Partial<Record<'isInstancedMesh' | 'isSkinnedMesh' | 'isPoints' | 'isLine' | 'isLineSegments' | 'isSprite', boolean>>;
  return [o.type, kind.isInstancedMesh, m.type, m.customProgramCacheKey(), a.vertexColors, a.map ? 1 : 0, m.transparent, m.side,
    m.alphaTest > 0, m.premultipliedAlpha, a.sizeAttenuation, a.wireframe, a.vertexShader?.length, a.fragmentShader?.length,
    a.defines ? JSON.stringify(a.defines) : ''].join('|');
}

/** Extensions three.js 0.187 looks up on first need (textures, programs, clipping, multi-draw), not at start. */
export const LAZY_EXTENSIONS = ['KHR_parallel_shader_compile', 'EXT_texture_filter_anisotropic', 'EXT_clip_control', 'EXT_color_buffer_float',
  'EXT_color_buffer_half_float', 'OES_texture_float_linear', 'WEBGL_clip_cull_distance', 'WEBGL_multi_draw',
  'WEBGL_multisampled_render_to_texture'] as const;

const MAX_SETTLE_MS = 2000;
/** A first use longer than this waited for its link (the long-task line). */
const LINK_WAIT_MS = 50;

export interface ShaderWarmupOptions {
  /** Without KHR_parallel_shader_compile: how long a program first waits after its compile (ms). */
  settleMs?: number;
  /** The least it shrinks to after quick first uses (ms, default 50). */
  minSettleMs?: number;
  /** Time one step may spend compiling materials whose program is cached (ms; at least one compile a step). */
  budgetMs?: number;
  now?: () => number;
  /**
   * Where a first use runs: a task of its own (the page: its round trips to the GPU process then do not add to a
   * frame's work in one task), or inline (default, tests).
   */
  schedule?: (run: () => void) => void;
}

export class ShaderWarmup {
  /** Programs whose first use has been done: drawing with them no longer waits. */
  private readonly used = new WeakSet<object>();
  /** Programs issued and not yet used (at most one without the extension). */
  private readonly inFlight = new Set<ProgramLike>();
  /** Materials a compile left without a program: not waited for (the render deals with them as it would have). */
  private readonly skipped = new WeakSet<object>();
  /** Each material's `version` when it was last compiled here: a change (needsUpdate, transparent toggled) may need
   * another variant of its program, which the render would otherwise compile and wait for. */
  private readonly versions = new WeakMap<object, number>();
  /** When each program was issued (performance.now()), and the fence issued after it (WebGL2 without the extension). */
  private readonly issuedAt = new WeakMap<object, number>();
  private readonly fences = new WeakMap<object, WebGLSync>();
  /** Signatures of materials whose program is in use: likely found in three.js' cache. */
  private readonly known = new Set<string>();
  /** The signatures of the materials a program was issued for: known once it is in use. */
  private readonly signatures = new WeakMap<object, string[]>();
  private readonly parallel: boolean;
  private readonly gl2: WebGL2RenderingContext | undefined;
  private readonly budgetMs: number;
  private readonly minSettleMs: number;
  private readonly schedule: ((run: () => void) => void) | undefined;
  /** A first use scheduled and not yet run. */
  private usingSoon: ProgramLike | undefined;
  private readonly now: () => number;
  public readonly stats: WarmupStats = { compiled: 0, cached: 0, firstUses: 0, longestFirstUseMs: 0 };

  /** How long a program waits after its compile before its first use (no extension). */
  private settleMs: number;

  public constructor(private readonly renderer: WarmupRenderer, options: ShaderWarmupOptions = {}) {
    this.settleMs = options.settleMs ?? 200;
    this.minSettleMs = Math.min(this.settleMs, options.minSettleMs ?? 50);
    this.budgetMs = options.budgetMs ?? 4;
    this.now = options.now ?? (() => performance.now());
    this.schedule = options.schedule;
    for (const name of LAZY_EXTENSIONS) renderer.extensions.has(name);
    this.parallel = renderer.extensions.has('KHR_parallel_shader_compile');
    const gl = renderer.getContext() as WebGL2RenderingContext;
    this.gl2 = typeof gl.fenceSync === 'function' ? gl : undefined;
  }

  /** Whether the GPU process is likely done with `program` (never blocks). */
  private ready(program: ProgramLike): boolean {
    if (this.parallel) return program.isReady();
    // The fence says the GPU process has run the compile and link commands; the link itself may finish later (ANGLE
    // links off its command thread), so the program also waits `settleMs`, which follows what first uses took.
    const fence = this.fences.get(program);
    if (fence && this.gl2) {
      // Updated between tasks, never waited for (WebGL 2: a sync object's status changes only between tasks).
      if (this.gl2.getSyncParameter(fence, this.gl2.SYNC_STATUS) !== this.gl2.SIGNALED) return false;
      this.gl2.deleteSync(fence);
      this.fences.delete(program);
    }
    const at = this.issuedAt.get(program);
    return at !== undefined && this.now() - at >= this.settleMs;
  }

  private programOf(material: THREE.Material): ProgramLike | undefined {
    return (this.renderer.properties.get(material) as { currentProgram?: ProgramLike } | undefined)?.currentProgram;
  }

  private issued(program: ProgramLike, at: number): void {
    if (this.used.has(program) || this.inFlight.has(program)) return;
    this.inFlight.add(program);
    // Seen again after its objects left and others came (a path's next message): still timed from its first compile,
    // or a display that streams fresh materials would restart the wait forever.
    if (this.issuedAt.has(program)) return;
    this.issuedAt.set(program, at);
    this.stats.compiled++;
    if (!this.parallel && this.gl2) {
      const fence = this.gl2.fenceSync(this.gl2.SYNC_GPU_COMMANDS_COMPLETE, 0);
      if (fence) { this.fences.set(program, fence); this.gl2.flush(); }
    }
  }

  /** Compiles `o`; true when every program it got is in use (it can be drawn now), false when one is new. */
  private compile(o: THREE.Object3D, scene: THREE.Scene, camera: THREE.Camera): boolean {
    const at = this.now();
    this.renderer.compile(o, camera, scene);
    let cached = true;
    for (const material of materialsOf(o)) {
      this.versions.set(material, material.version);
      const program = this.programOf(material);
      if (!program) { this.skipped.add(material); continue; }
      if (this.used.has(program)) { this.known.add(signature(o, material)); continue; }
      this.issued(program, at);
      const sigs = this.signatures.get(program) ?? [];
      sigs.push(signature(o, material));
      this.signatures.set(program, sigs);
      cached = false;
    }
    if (cached) this.stats.cached++;
    return cached;
  }

  /**
   * Does this frame's share of the work for `scene`; returns the objects (shown or hidden) that are not ready to draw
   * yet (empty: a render now waits for no shader).
   */
  public step(scene: THREE.Scene, camera: THREE.Camera): THREE.Object3D[] {
    const waiting: THREE.Object3D[] = [];
    const toCompile: THREE.Object3D[] = [];
    const changed: THREE.Object3D[] = [];
    const seen = new Set<ProgramLike>();
    let toUse: ProgramLike | undefined;
    // Hidden objects too (a frame without a transform yet, TF arrows before their frames move): shown later, they
    // would compile inside that frame's render.
    scene.traverse((o) => {
      let state: 'ok' | 'compile' | 'wait' | 'changed' = 'ok';
      for (const material of materialsOf(o)) {
        const program = this.programOf(material);
        if (!program) { if (!this.skipped.has(material)) state = 'compile'; continue; }
        if (!this.used.has(program)) {
          // Compiled along with another object (a child of the one compiled, or by a render): counted from now.
          if (!this.inFlight.has(program)) this.issued(program, this.now());
          seen.add(program);
          if (!toUse && this.ready(program)) toUse = program;
          if (state !== 'compile') state = 'wait';
          continue;
        }
        if (state === 'ok' && this.versions.get(material) !== material.version) state = 'changed';
      }
      if (state === 'compile') toCompile.push(o);
      else if (state === 'wait') waiting.push(o);
      else if (state === 'changed') changed.push(o);
    });
    // A program whose objects left the scene is not waited for.
    for (const p of this.inFlight) if (!seen.has(p)) this.inFlight.delete(p);
    if (toUse && !this.usingSoon) {
      const program = toUse;
      if (this.schedule) {
        this.usingSoon = program;
        this.schedule(() => { this.usingSoon = undefined; if (!this.used.has(program)) this.firstUse(program); });
      } else {
        this.firstUse(program);
      }
    }
    // With the extension the GPU compiles in parallel; without it, one new program at a time.
    let mayIssue = this.parallel || this.inFlight.size === 0;
    const started = this.now();
    const pending: THREE.Object3D[] = [];
    let tried = 0;
    for (const o of [...changed, ...toCompile]) {
      const fresh = toCompile.includes(o);
      const likely = materialsOf(o).every((m) => this.known.has(signature(o, m)));
      const overBudget = tried > 0 && this.now() - started >= this.budgetMs;
      if (overBudget || (!mayIssue && !likely)) {
        // Left for a later step: not drawn meanwhile when drawing it would compile a program (and wait for it).
        if (fresh || !likely) pending.push(o);
        continue;
      }
      tried++;
      if (!this.compile(o, scene, camera)) { pending.push(o); if (this.inFlight.size > 0) mayIssue = this.parallel; }
    }
    for (const o of waiting) if (!this.isUsable(o)) pending.push(o);
    return pending;
  }

  private isUsable(o: THREE.Object3D): boolean {
    return materialsOf(o).every((m) => { const p = this.programOf(m); return !p || this.used.has(p); });
  }

  private firstUse(program: ProgramLike): void {
    const started = this.now();
    program.getUniforms();
    program.getAttributes();
    this.used.add(program);
    this.inFlight.delete(program);
    for (const sig of this.signatures.get(program) ?? []) this.known.add(sig);
    this.signatures.delete(program);
    const waited = this.now() - started;
    this.stats.firstUses++;
    this.stats.longestFirstUseMs = Math.max(this.stats.longestFirstUseMs, waited);
    // Waited: the GPU process links slower than that (a busy machine, SwiftShader); quick: links come from its
    // program cache (the warm-up worker compiled the same shaders), so the next program need not wait as long.
    // (A first use reads a program's uniforms over a few round trips to the GPU process: some ms, tens on a busy
    // machine, without any link to wait for; only a long one says the link was not done.)
    if (!this.parallel && waited > LINK_WAIT_MS) this.settleMs = Math.min(MAX_SETTLE_MS, Math.max(this.settleMs * 2, waited * 4));
    else if (!this.parallel) this.settleMs = Math.max(this.minSettleMs, this.settleMs * 0.75);
  }
}
