/**
 * Gets the scene's shader programs ready one piece per animation frame, so no frame waits for a shader compile.
 * Without it the first render of a new kind of object compiles and links its program and then reads the link status
 * and the uniform locations synchronously (three.js' first use of a program): on SwiftShader that is 74-113 ms a
 * program, all in one task. Here each frame does at most one of:
 *  - compile: `renderer.compile` of one object whose material has no program yet (issues the compile, does not wait);
 *  - first use: once the program reports it is done (KHR_parallel_shader_compile where the GPU has it; where it does
 *    not, frames later, the driver having compiled it in the meantime), read its uniforms and attributes.
 * Objects still waiting are hidden for that render only, so the rest of the scene draws meanwhile.
 */
import type * as THREE from 'three';

interface ProgramLike {
  isReady(): boolean;
  getUniforms(): unknown;
  getAttributes(): unknown;
}

function materialsOf(o: THREE.Object3D): THREE.Material[] {
  const m = (o as THREE.Mesh).material as THREE.Material | THREE.Material[] | undefined;
  if (!m) return [];
  return Array.isArray(m) ? m : [m];
}

export class ShaderWarmup {
  /** Programs whose first use has been done: drawing with them no longer waits. */
  private readonly used = new WeakSet<object>();

  public constructor(private readonly renderer: THREE.WebGLRenderer) {}

  private programOf(material: THREE.Material): ProgramLike | undefined {
    return (this.renderer.properties.get(material) as { currentProgram?: ProgramLike }).currentProgram;
  }

  /**
   * Does at most one piece of work for `scene`; returns the visible objects that are not ready to draw yet (empty:
   * a render now waits for no shader).
   */
  public step(scene: THREE.Scene, camera: THREE.Camera): THREE.Object3D[] {
    const pending: THREE.Object3D[] = [];
    let toCompile: THREE.Object3D | undefined;
    let toUse: ProgramLike | undefined;
    scene.traverseVisible((o) => {
      for (const material of materialsOf(o)) {
        const program = this.programOf(material);
        if (!program) { toCompile ??= o; pending.push(o); return; }
        if (!this.used.has(program)) { if (!toUse && program.isReady()) toUse = program; pending.push(o); return; }
      }
    });
    if (toCompile) {
      this.renderer.compile(toCompile, camera, scene);
    } else if (toUse) {
      toUse.getUniforms();
      toUse.getAttributes();
      this.used.add(toUse);
    }
    return pending;
  }
}
