/**
 * Gets the scene's shader programs ready one piece per animation frame, so no frame waits for a shader compile.
 * Without it the first render of a new kind of object compiles and links its program and then reads the link status
 * and the uniform locations synchronously (three.js' first use of a program): on SwiftShader that is 74-113 ms a
 * program, all in one task. Here each frame does at most one of:
 *  - compile: `renderer.compile` of one object whose material has no program yet (issues the compile, does not wait);
 *  - first use: once the program reports it is done (KHR_parallel_shader_compile where the GPU has it; where it does
 *    not, `settleMs` after its compile: the GPU process compiles meanwhile), read its uniforms and attributes.
 * Any synchronous GL query waits for the GPU process to finish what is queued (a compile included), so the
 * extensions three.js looks up lazily are looked up once at start, while the GPU process is idle (`prefetch`).
 * The runtime renders once nothing waits (as three.js' compileAsync would have it).
 */
import type * as THREE from 'three';

interface ProgramLike {
  isReady(): boolean;
  getUniforms(): unknown;
  getAttributes(): unknown;
}

function materialsOf(o: THREE.Object3D): THREE.Material[] {
  // What three.js' compile and render draw (InstancedMesh, Line2 and the like are meshes).
  const drawn = o as Partial<Record<'isMesh' | 'isPoints' | 'isLine' | 'isSprite', boolean>>;
  if (!drawn.isMesh && !drawn.isPoints && !drawn.isLine && !drawn.isSprite) return [];
  const m = (o as THREE.Mesh).material as THREE.Material | THREE.Material[] | undefined;
  if (!m) return [];
  return Array.isArray(m) ? m : [m];
}

/** Extensions three.js 0.187 looks up on first need (textures, programs, clipping, multi-draw), not at start. */
const LAZY_EXTENSIONS = ['KHR_parallel_shader_compile', 'EXT_texture_filter_anisotropic', 'EXT_clip_control', 'EXT_color_buffer_float',
  'EXT_color_buffer_half_float', 'OES_texture_float_linear', 'WEBGL_clip_cull_distance', 'WEBGL_multi_draw',
  'WEBGL_multisampled_render_to_texture'] as const;

export class ShaderWarmup {
  /** Programs whose first use has been done: drawing with them no longer waits. */
  private readonly used = new WeakSet<object>();
  /** Materials a compile left without a program: not waited for (the render deals with them as it would have). */
  private readonly skipped = new WeakSet<object>();
  /** Each material's `version` when it was last compiled here: a change (needsUpdate, transparent toggled) may need
   * another variant of its program, which the render would otherwise compile and wait for. */
  private readonly versions = new WeakMap<object, number>();
  /** When each program was issued (performance.now()), for GPUs that cannot say when a compile is done. */
  private readonly issuedAt = new WeakMap<object, number>();
  private readonly parallel: boolean;

  /** How long a program waits after its compile before its first use (no KHR_parallel_shader_compile); grows when a
   * first use still had to wait, i.e. the GPU process compiles slower than that (a busy machine, SwiftShader). */
  private settleMs: number;

  public constructor(private readonly renderer: THREE.WebGLRenderer, settleMs = 200,
    private readonly now: () => number = () => performance.now()) {
    this.settleMs = settleMs;
    for (const name of LAZY_EXTENSIONS) renderer.extensions.has(name);
    this.parallel = renderer.extensions.has('KHR_parallel_shader_compile');
  }

  private ready(program: ProgramLike): boolean {
    if (this.parallel) return program.isReady();
    const at = this.issuedAt.get(program);
    return at !== undefined && this.now() - at >= this.settleMs;
  }

  private programOf(material: THREE.Material): ProgramLike | undefined {
    return (this.renderer.properties.get(material) as { currentProgram?: ProgramLike }).currentProgram;
  }

  /**
   * Does at most one piece of work for `scene`; returns the objects (shown or hidden) that are not ready to draw yet
   * (empty: a render now waits for no shader).
   */
  public step(scene: THREE.Scene, camera: THREE.Camera): THREE.Object3D[] {
    const pending: THREE.Object3D[] = [];
    let toCompile: THREE.Object3D | undefined;
    let toUse: ProgramLike | undefined;
    let changed: THREE.Object3D | undefined;
    // Hidden objects too (a frame without a transform yet, TF arrows before their frames move): shown later, they
    // would compile inside that frame's render.
    scene.traverse((o) => {
      for (const material of materialsOf(o)) {
        const program = this.programOf(material);
        if (!program) { if (this.skipped.has(material)) continue; toCompile ??= o; pending.push(o); return; }
        if (!this.used.has(program)) {
          // Compiled along with another object (a child of the one compiled, or by a render): counted from now.
          if (!this.issuedAt.has(program)) this.issuedAt.set(program, this.now());
          if (!toUse && this.ready(program)) toUse = program;
          pending.push(o);
          return;
        }
        if (this.versions.get(material) !== material.version) changed ??= o;
      }
    });
    if (toCompile) {
      const at = this.now();
      this.renderer.compile(toCompile, camera, scene);
      for (const material of materialsOf(toCompile)) {
        this.versions.set(material, material.version);
        const program = this.programOf(material);
        if (!program) this.skipped.add(material);
        else if (!this.used.has(program) && !this.issuedAt.has(program)) this.issuedAt.set(program, at);
      }
    } else if (toUse) {
      const started = this.now();
      toUse.getUniforms();
      toUse.getAttributes();
      this.used.add(toUse);
      const waited = this.now() - started;
      if (!this.parallel && waited > 16) this.settleMs = Math.min(2000, Math.max(this.settleMs * 2, waited * 4));
    } else if (changed) {
      // Usually the same program again (three.js' cache, a fraction of a ms); a new variant is waited for like any.
      this.renderer.compile(changed, camera, scene);
      for (const material of materialsOf(changed)) {
        this.versions.set(material, material.version);
        const program = this.programOf(material);
        if (program && !this.used.has(program)) { this.issuedAt.set(program, this.now()); pending.push(changed); }
      }
    }
    return pending;
  }
}
