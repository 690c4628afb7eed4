/**
 * RViz's colour functions, ported from rviz_default_plugins (humble/jazzy/rolling have the same code):
 * `getRainbowColor` (point_cloud_helpers.hpp) and the Min/Max Color blend of the intensity transformer.
 */
import type { Rgb } from './types.ts';

/**
 * HSV rainbow with hue from 0 to 0.8333: 0 → magenta, 0.2 → blue, 0.4 → cyan, 0.6 → green, 0.8 → yellow, 1 → red.
 * Writes r, g, b at `out[at..at+2]`. `value` is clamped to [0, 1] (NaN reads as 0, as `std::max(NaN, 0)` does not).
 */
export function rainbowInto(value: number, out: Float32Array | number[], at: number): void {
  // std::min(value, 1.0f) then std::max(value, 0.0f): a NaN survives both, and floor(NaN) is undefined behaviour in
  // C++; we treat NaN as 0 so a bad value draws magenta rather than garbage.
  let v = Number.isNaN(value) ? 0 : value;
  v = v < 1 ? v : 1;
  v = v > 0 ? v : 0;
  const h = v * 5 + 1;
  const i = Math.floor(h);
  let f = h - i;
  if (!(i & 1)) f = 1 - f; // i even
  const n = 1 - f;
  let r: number, g: number, b: number;
  if (i <= 1) { r = n; g = 0; b = 1; }
  else if (i === 2) { r = 0; g = n; b = 1; }
  else if (i === 3) { r = 0; g = 1; b = n; }
  else if (i === 4) { r = n; g = 1; b = 0; }
  else { r = 1; g = n; b = 0; }
  out[at] = r; out[at + 1] = g; out[at + 2] = b;
}

export function rainbow(value: number): Rgb {
  const out = [0, 0, 0];
  rainbowInto(value, out, 0);
  return { r: out[0]!, g: out[1]!, b: out[2]! };
}

/** `max·t + min·(1−t)` with t clamped to [0, 1], as the intensity transformer blends Min Color and Max Color. */
export function blendInto(t: number, min: Rgb, max: Rgb, out: Float32Array | number[], at: number): void {
  let u = t < 1 ? t : 1;
  u = u > 0 ? u : 0;
  out[at] = max.r * u + min.r * (1 - u);
  out[at + 1] = max.g * u + min.g * (1 - u);
  out[at + 2] = max.b * u + min.b * (1 - u);
}

/** An RViz colour property (`255; 0; 0`) → 0..1 channels; undefined when it is not three numbers. */
export function parseRvizColor(value: unknown): Rgb | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split(';').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => p === '')) return undefined;
  const n = parts.map(Number);
  if (n.some((x) => !Number.isFinite(x))) return undefined;
  const c = (x: number) => Math.min(255, Math.max(0, Math.round(x))) / 255;
  return { r: c(n[0]!), g: c(n[1]!), b: c(n[2]!) };
}
