// Stale data is drawn dimmed (src/view/scene/dim.ts): opacity scaled, never compounded frame after frame, the layer's
// own later writes (TF fades, Alpha changes) taken as the new base, and everything restored when data comes back.
import { describe, it, expect } from 'vitest';
import * as THREE from 'three';
import { DIM_FACTOR, dimObject, isDimmed } from '../../../src/view/scene/dim.ts';
import { pointsMaterial } from '../../../src/view/scene/points.ts';

function scene() {
  const root = new THREE.Group();
  const opaque = new THREE.MeshBasicMaterial({ color: 0xff0000 });
  const faint = new THREE.LineBasicMaterial({ transparent: true, opacity: 0.5 });
  const points = pointsMaterial({ style: 'Points', sizePx: 3, sizeM: 0.01, alpha: 1 });
  root.add(new THREE.Mesh(new THREE.BoxGeometry(), opaque), new THREE.Line(new THREE.BufferGeometry(), faint), new THREE.Points(new THREE.BufferGeometry(), points));
  return { root, opaque, faint, points };
}

describe('dimObject', () => {
  it('scales every material\'s opacity (a ShaderMaterial\'s uAlpha) and makes it transparent; restores exactly', () => {
    const { root, opaque, faint, points } = scene();
    dimObject(root, DIM_FACTOR);
    expect(opaque.opacity).toBeCloseTo(DIM_FACTOR);
    expect(opaque.transparent).toBe(true);
    expect(faint.opacity).toBeCloseTo(0.5 * DIM_FACTOR);
    expect(points.uniforms['uAlpha']!.value).toBeCloseTo(DIM_FACTOR);
    expect(isDimmed(opaque)).toBe(true);
    // Every frame again: not compounded.
    dimObject(root, DIM_FACTOR);
    dimObject(root, DIM_FACTOR);
    expect(opaque.opacity).toBeCloseTo(DIM_FACTOR);
    dimObject(root, 1);
    expect(opaque.opacity).toBe(1);
    expect(opaque.transparent).toBe(false);
    expect(faint.opacity).toBe(0.5);
    expect(faint.transparent).toBe(true);
    expect(points.uniforms['uAlpha']!.value).toBe(1);
    expect(isDimmed(opaque)).toBe(false);
  });

  it('a value the layer writes while dimmed becomes the new base (a TF fade)', () => {
    const { root, faint } = scene();
    dimObject(root, DIM_FACTOR);
    faint.opacity = 0.8; // the layer's own fade this frame
    dimObject(root, DIM_FACTOR);
    expect(faint.opacity).toBeCloseTo(0.8 * DIM_FACTOR);
    dimObject(root, 1);
    expect(faint.opacity).toBe(0.8);
  });
});
