/**
 * The Map display's palettes, ported from rviz_default_plugins/displays/map/palette_builder.cpp: 256 RGBA entries
 * indexed by the cell's int8 value read as uint8 (so -1 is entry 255). C++ integer division is kept (Math.floor).
 */
import type { MapColorScheme } from './types.ts';

export type Palette = Uint8ClampedArray; // 256 × 4

function builder(): { p: Palette; set(i: number, r: number, g: number, b: number, a: number): void } {
  const p = new Uint8ClampedArray(256 * 4);
  return { p, set: (i, r, g, b, a) => { p[i * 4] = r; p[i * 4 + 1] = g; p[i * 4 + 2] = b; p[i * 4 + 3] = a; } };
}

/** 101..127 green, 128..254 red → yellow, -1 (255) grey-green: shared by map and costmap. */
function finishOccupancy(set: (i: number, r: number, g: number, b: number, a: number) => void): void {
  for (let i = 101; i <= 127; i++) set(i, 0, 255, 0, 255);
  for (let i = 128; i <= 254; i++) set(i, 255, Math.floor((255 * (i - 128)) / (254 - 128)), 0, 255);
  set(255, 0x70, 0x89, 0x86, 255);
}

export function makeMapPalette(binary = false, threshold = 100): Palette {
  const { p, set } = builder();
  if (binary) {
    for (let i = 0; i < threshold; i++) set(i, 255, 255, 255, 255);
    for (let i = threshold; i <= 100; i++) set(i, 0, 0, 0, 255);
  } else {
    for (let i = 0; i <= 100; i++) { const v = 255 - Math.floor((255 * i) / 100); set(i, v, v, v, 255); }
  }
  finishOccupancy(set);
  return p;
}

export function makeCostmapPalette(binary = false, threshold = 100): Palette {
  const { p, set } = builder();
  if (binary) {
    for (let i = 0; i < threshold; i++) set(i, 0, 0, 255, 255);
    for (let i = threshold; i <= 100; i++) set(i, 255, 0, 0, 255);
  } else {
    set(0, 0, 0, 0, 0);
    for (let i = 1; i <= 98; i++) { const v = Math.floor((255 * i) / 100); set(i, v, 0, 255 - v, 255); }
    set(99, 0, 255, 255, 255); // obstacle: cyan
    set(100, 255, 0, 255, 255); // lethal: purple
  }
  finishOccupancy(set);
  return p;
}

export function makeRawPalette(binary = false, threshold = 100): Palette {
  const { p, set } = builder();
  if (binary) {
    for (let i = 0; i < threshold; i++) set(i, 0, 0, 0, 255);
    for (let i = threshold; i < 256; i++) set(i, 255, 255, 255, 255);
  } else {
    for (let i = 0; i < 256; i++) set(i, i, i, i, 255);
  }
  return p;
}

const cache = new Map<string, Palette>();

/** The palette for a `Color Scheme` (unknown → map), built once per scheme and binary setting. */
export function paletteFor(scheme: MapColorScheme | string, binary = false, threshold = 100): Palette {
  const key = `${scheme}|${binary}|${threshold}`;
  let p = cache.get(key);
  if (!p) {
    p = scheme === 'costmap' ? makeCostmapPalette(binary, threshold) : scheme === 'raw' ? makeRawPalette(binary, threshold) : makeMapPalette(binary, threshold);
    cache.set(key, p);
  }
  return p;
}

/** Colours int8 cells (given as any numeric array; -1 and 255 are the same entry) into `out` from `at`. */
export function colorCells(cells: ArrayLike<number>, palette: Palette, out: Uint8ClampedArray, at = 0): void {
  const u32 = new Uint32Array(palette.buffer, palette.byteOffset, 256);
  // Aligned destination: one 32-bit store per cell.
  if ((out.byteOffset + at * 4) % 4 === 0) {
    const dst = new Uint32Array(out.buffer, out.byteOffset + at * 4, cells.length);
    for (let i = 0; i < cells.length; i++) dst[i] = u32[cells[i]! & 255]!;
    return;
  }
  for (let i = 0; i < cells.length; i++) {
    const e = (cells[i]! & 255) * 4, o = (at + i) * 4;
    out[o] = palette[e]!; out[o + 1] = palette[e + 1]!; out[o + 2] = palette[e + 2]!; out[o + 3] = palette[e + 3]!;
  }
}
