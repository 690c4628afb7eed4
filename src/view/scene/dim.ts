/**
 * How a display looks when its state says so (src/core/diagnosis/display-state.ts): stale data is drawn dimmed (its
 * opacity scaled down), a display RViz would receive nothing on is not drawn at all. Layers keep setting their own
 * opacity (TF fades, Alpha properties): a value the layer wrote since the last dim is taken as its new base, so
 * dimming never compounds and undimming restores what the layer wants.
 */
import * as THREE from 'three';

/** What the page decided for one display: drawn as usual, dimmed (stale) or hidden (RViz would receive nothing). */
export type DisplayLook = 'normal' | 'dimmed' | 'hidden';

/** Opacity factor of stale data. */
export const DIM_FACTOR = 0.3;

interface Kept { base: number; applied: number; transparent: boolean }
const kept = new WeakMap<THREE.Material, Kept>();

function alphaUniform(m: THREE.Material): { value: number } | undefined {
  const u = (m as THREE.ShaderMaterial).uniforms?.['uAlpha'];
  return u && typeof u.value === 'number' ? u as { value: number } : undefined;
}

function alphaOf(m: THREE.Material): number { return alphaUniform(m)?.value ?? m.opacity; }

function setAlpha(m: THREE.Material, v: number): void {
  const u = alphaUniform(m);
  if (u) u.value = v; else m.opacity = v;
}

function materialsOf(o: THREE.Object3D): THREE.Material[] {
  const m = (o as THREE.Mesh).material as THREE.Material | THREE.Material[] | undefined;
  return !m ? [] : Array.isArray(m) ? m : [m];
}

function dimMaterial(m: THREE.Material, factor: number): void {
  const k = kept.get(m);
  const current = alphaOf(m);
  // The layer wrote a new value since we dimmed it (a fade, an Alpha change): that is the new base.
  const base = k && current === k.applied ? k.base : current;
  const wasTransparent = k && current === k.applied ? k.transparent : m.transparent;
  const applied = base * factor;
  if (current !== applied) setAlpha(m, applied);
  if (!m.transparent) { m.transparent = true; m.needsUpdate = true; }
  kept.set(m, { base, applied, transparent: wasTransparent });
}

function restoreMaterial(m: THREE.Material): void {
  const k = kept.get(m);
  if (!k) return;
  kept.delete(m);
  if (alphaOf(m) !== k.applied) return; // the layer set its own value meanwhile
  setAlpha(m, k.base);
  if (m.transparent !== k.transparent) { m.transparent = k.transparent; m.needsUpdate = true; }
}

/** Dims (`factor` < 1) or restores (`factor` 1) every material under `root`. Idempotent per frame. */
export function dimObject(root: THREE.Object3D, factor: number): void {
  root.traverse((o) => {
    for (const m of materialsOf(o)) {
      if (factor >= 1) restoreMaterial(m); else dimMaterial(m, factor);
    }
  });
}

/** Whether `dimObject` has dimmed this material (tests). */
export function isDimmed(m: THREE.Material): boolean { return kept.has(m); }
