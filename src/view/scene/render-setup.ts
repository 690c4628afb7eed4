/**
 * What the view's renderer and lights are, in one place (three.js writes the lights, colour space and precision into
 * every program's source).
 */
import * as THREE from 'three';

// Colours are drawn as RViz draws them (no sRGB conversion), so palettes and rainbows read back as the same bytes.
THREE.ColorManagement.enabled = false;

/** The WebGL context's attributes (on the page and in the render worker). */
export const CONTEXT_ATTRIBUTES = { antialias: true, preserveDrawingBuffer: true, alpha: false } as const;

export function configureRenderer(renderer: THREE.WebGLRenderer): void {
  renderer.outputColorSpace = THREE.LinearSRGBColorSpace;
}

/** A light that follows each camera and an ambient light; z is up in both cameras. */
export function addViewLights(scene: THREE.Scene, perspective: THREE.Camera, ortho: THREE.Camera): void {
  for (const c of [perspective, ortho]) c.up.set(0, 0, 1);
  const light = new THREE.DirectionalLight(0xffffff, 1.6);
  light.position.set(0.3, 0.2, 1);
  perspective.add(light);
  ortho.add(light.clone());
  scene.add(perspective, ortho, new THREE.AmbientLight(0xffffff, 1.4));
}
