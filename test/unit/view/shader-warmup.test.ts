// The view's shader warm-up against a fake renderer that behaves as three.js' does: a program cache keyed by what
// decides a program, programs that are done only when the GPU (here: the test) says so, WebGL2 fences.
import { describe, it, expect } from 'vitest';
import type * as THREE from 'three';
import { ShaderWarmup, type WarmupRenderer } from '../../../src/view/scene/shader-warmup.ts';

class FakeProgram {
  public done = false;
  public used = 0;
  public constructor(public readonly key: string) {}
  public isReady(): boolean { return this.done; }
  public getUniforms(): unknown { this.used++; return {}; }
  public getAttributes(): unknown { return {}; }
}

class FakeMaterial {
  public version = 0;
  public transparent = false;
  public side = 0;
  public alphaTest = 0;
  public premultipliedAlpha = false;
  public constructor(public readonly type: string) {}
  public customProgramCacheKey(): string { return ''; }
}

class FakeObject {
  public readonly children: FakeObject[] = [];
  public readonly isMesh = true;
  public readonly type = 'Mesh';
  public constructor(public readonly material: FakeMaterial) {}
  public traverse(cb: (o: FakeObject) => void): void { cb(this); for (const c of this.children) c.traverse(cb); }
}

class FakeScene {
  public readonly children: FakeObject[] = [];
  public readonly isMesh = false;
  public traverse(cb: (o: FakeObject | FakeScene) => void): void { cb(this); for (const c of this.children) c.traverse(cb); }
}

/** three.js' part: `compile` gives each material its program from a cache keyed by material type and transparency. */
function fakeRenderer(opts: { parallel?: boolean; fences?: boolean } = {}) {
  const props = new Map<object, { currentProgram?: FakeProgram }>();
  const cache = new Map<string, FakeProgram>();
  const fences: { signalled: boolean }[] = [];
  const created: FakeProgram[] = [];
  const keyOf = (m: FakeMaterial) => `${m.type}:${m.transparent}`;
  const gl: Record<string, unknown> = { SYNC_GPU_COMMANDS_COMPLETE: 1, SYNC_STATUS: 2, SIGNALED: 3, UNSIGNALED: 4, flush: () => undefined };
  if (opts.fences !== false) {
    gl['fenceSync'] = () => { const f = { signalled: false }; fences.push(f); return f; };
    gl['getSyncParameter'] = (f: { signalled: boolean }) => (f.signalled ? 3 : 4);
    gl['deleteSync'] = () => undefined;
  }
  const renderer = {
    compiles: 0,
    properties: { get: (m: object) => { let p = props.get(m); if (!p) { p = {}; props.set(m, p); } return p; } },
    extensions: { has: (name: string) => name === 'KHR_parallel_shader_compile' && opts.parallel === true },
    getContext: () => gl as unknown as WebGL2RenderingContext,
    compile(object: THREE.Object3D) {
      renderer.compiles++;
      (object as unknown as FakeObject).traverse((o) => {
        const key = keyOf(o.material);
        let program = cache.get(key);
        if (!program) { program = new FakeProgram(key); cache.set(key, program); created.push(program); }
        renderer.properties.get(o.material).currentProgram = program;
      });
    },
  };
  return { renderer: renderer as typeof renderer & WarmupRenderer, fences, created, cache };
}

const camera = {} as THREE.Camera;
const asScene = (s: FakeScene) => s as unknown as THREE.Scene;
/** The objects a step leaves out of the render (order does not matter). */
const pendingOf = (w: ShaderWarmup, s: FakeScene) => new Set(w.step(asScene(s), camera));
function add(scene: FakeScene, type: string, transparent = false): FakeObject {
  const m = new FakeMaterial(type);
  m.transparent = transparent;
  const o = new FakeObject(m);
  scene.children.push(o);
  return o;
}

describe('ShaderWarmup', () => {
  it('compiles every fresh material whose program is cached in one step and draws them at once', () => {
    const { renderer, fences } = fakeRenderer();
    const scene = new FakeScene();
    const first = add(scene, 'Line');
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0 });
    expect(pendingOf(w, scene)).toEqual(new Set([first]));
    fences[0]!.signalled = true;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    // A path's next message: ten new lines with fresh materials, the same program.
    const next = Array.from({ length: 10 }, () => add(scene, 'Line'));
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    for (const o of next) expect(renderer.properties.get(o.material)).toHaveProperty('currentProgram');
    expect(w.stats).toMatchObject({ compiled: 1, cached: 10, firstUses: 1 });
  });

  it('without KHR_parallel_shader_compile issues one new program at a time and uses it once its fence signals and it settled', () => {
    let clock = 0;
    const { renderer, fences, created } = fakeRenderer();
    const scene = new FakeScene();
    const a = add(scene, 'Lambert');
    const b = add(scene, 'Basic');
    const w = new ShaderWarmup(renderer, { now: () => clock, settleMs: 100 });
    expect(pendingOf(w, scene)).toEqual(new Set([a, b]));
    expect(created.map((p) => p.key)).toEqual(['Lambert:false']);
    expect(fences).toHaveLength(1);
    // Still compiling: not used (that would wait), and the other program is not issued behind it.
    expect(pendingOf(w, scene)).toEqual(new Set([a, b]));
    expect(created).toHaveLength(1);
    expect(created[0]!.used).toBe(0);
    clock = 150;
    expect(pendingOf(w, scene)).toEqual(new Set([a, b]));
    fences[0]!.signalled = true;
    // Done: first use, and in the same step the next program is issued.
    expect(pendingOf(w, scene)).toEqual(new Set([b]));
    expect(created[0]!.used).toBe(1);
    expect(created.map((p) => p.key)).toEqual(['Lambert:false', 'Basic:false']);
    fences[1]!.signalled = true;
    // The first use did not wait: the next program settles for less (75 ms).
    clock = 150 + 80;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    expect(w.stats.firstUses).toBe(2);
  });

  it('while a program is in flight tries only materials that look like one in use', () => {
    const { renderer, fences } = fakeRenderer();
    const scene = new FakeScene();
    add(scene, 'Line');
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0 });
    w.step(asScene(scene), camera);
    fences[0]!.signalled = true;
    w.step(asScene(scene), camera);
    const slow = add(scene, 'Sprite');
    w.step(asScene(scene), camera); // Sprite's program issued
    const line = add(scene, 'Line');
    const other = add(scene, 'Points');
    const compilesBefore = renderer.compiles;
    const pending = w.step(asScene(scene), camera);
    expect(new Set(pending)).toEqual(new Set([slow, other]));
    expect(renderer.compiles - compilesBefore).toBe(1);
    expect(renderer.properties.get(line.material)).toHaveProperty('currentProgram');
  });

  it('a program whose objects left the scene does not hold the next one back', () => {
    const { renderer, created } = fakeRenderer();
    const scene = new FakeScene();
    add(scene, 'Lambert');
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0 });
    w.step(asScene(scene), camera);
    scene.children.length = 0;
    const b = add(scene, 'Basic');
    expect(pendingOf(w, scene)).toEqual(new Set([b]));
    expect(created.map((p) => p.key)).toEqual(['Lambert:false', 'Basic:false']);
  });

  it('with KHR_parallel_shader_compile issues several programs in one step and uses one a step once each is done', () => {
    const { renderer, created, fences } = fakeRenderer({ parallel: true });
    const scene = new FakeScene();
    const a = add(scene, 'Lambert');
    const b = add(scene, 'Basic');
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0 });
    expect(pendingOf(w, scene)).toEqual(new Set([a, b]));
    expect(created).toHaveLength(2);
    expect(fences).toHaveLength(0);
    created[1]!.done = true;
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    created[0]!.done = true;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
  });

  it('without fences waits settleMs after a compile', () => {
    let clock = 0;
    const { renderer, created } = fakeRenderer({ fences: false });
    const scene = new FakeScene();
    const a = add(scene, 'Lambert');
    const w = new ShaderWarmup(renderer, { now: () => clock, settleMs: 200 });
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    clock = 150;
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    clock = 210;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    expect(created[0]!.used).toBe(1);
  });

  it('stops compiling cached materials when the step is over its budget; the rest wait, hidden, for the next step', () => {
    let clock = 0;
    const { renderer, fences } = fakeRenderer();
    const scene = new FakeScene();
    add(scene, 'Line');
    const w = new ShaderWarmup(renderer, { now: () => clock, budgetMs: 4, settleMs: 0 });
    w.step(asScene(scene), camera);
    fences[0]!.signalled = true;
    w.step(asScene(scene), camera);
    const compile = renderer.compile.bind(renderer);
    renderer.compile = (o: THREE.Object3D) => { clock += 1.5; compile(o); };
    const next = Array.from({ length: 6 }, () => add(scene, 'Line'));
    expect(pendingOf(w, scene)).toEqual(new Set(next.slice(3)));
    expect(pendingOf(w, scene)).toEqual(new Set([]));
  });

  it('a material whose version changed is recompiled; a new variant waits like any new program', () => {
    const { renderer, fences, created } = fakeRenderer();
    const scene = new FakeScene();
    const a = add(scene, 'Lambert');
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0 });
    w.step(asScene(scene), camera);
    fences[0]!.signalled = true;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    a.material.transparent = true;
    a.material.version++;
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    expect(created.map((p) => p.key)).toEqual(['Lambert:false', 'Lambert:true']);
    fences[1]!.signalled = true;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
  });

  it('a program seen again after its objects were replaced keeps the time of its first compile', () => {
    let clock = 0;
    const { renderer, fences, created } = fakeRenderer();
    const scene = new FakeScene();
    add(scene, 'Line');
    const w = new ShaderWarmup(renderer, { now: () => clock, settleMs: 100 });
    w.step(asScene(scene), camera);
    fences[0]!.signalled = true;
    // The path's next message before the program is ready: the old line leaves, a new one (fresh material) comes.
    clock = 60;
    scene.children.length = 0;
    const next = add(scene, 'Line');
    expect(pendingOf(w, scene)).toEqual(new Set([next]));
    clock = 110;
    expect(pendingOf(w, scene)).toEqual(new Set([]));
    expect(created).toHaveLength(1);
    expect(w.stats).toMatchObject({ compiled: 1, firstUses: 1 });
  });

  it('runs a first use in the task it is given, once, and draws its objects from the next step on', () => {
    const { renderer, fences, created } = fakeRenderer();
    const scene = new FakeScene();
    const a = add(scene, 'Lambert');
    const tasks: (() => void)[] = [];
    const w = new ShaderWarmup(renderer, { now: () => 0, settleMs: 0, schedule: (run) => { tasks.push(run); } });
    w.step(asScene(scene), camera);
    fences[0]!.signalled = true;
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    expect(pendingOf(w, scene)).toEqual(new Set([a]));
    expect(tasks).toHaveLength(1);
    expect(created[0]!.used).toBe(0);
    tasks.shift()!();
    expect(created[0]!.used).toBe(1);
    expect(pendingOf(w, scene)).toEqual(new Set([]));
  });
});
