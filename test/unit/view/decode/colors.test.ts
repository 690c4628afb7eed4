// RViz's colour functions against values worked out by hand from rviz_default_plugins' formulas.
import { describe, expect, it } from 'vitest';
import { blendInto, parseRvizColor, rainbow } from '../../../../src/view/decode/colors.ts';
import { colorCells, makeCostmapPalette, makeMapPalette, makeRawPalette, paletteFor } from '../../../../src/view/decode/map-palette.ts';
import { pointColorOptionsFromProperties } from '../../../../src/view/decode/color-options.ts';

const entry = (p: Uint8ClampedArray, value: number) => [...p.slice((value & 255) * 4, (value & 255) * 4 + 4)];

describe('getRainbowColor', () => {
  // h = 5v + 1, i = floor(h), f = h - i (1 - f when i is even), n = 1 - f.
  it.each([
    [0, { r: 1, g: 0, b: 1 }], // h 1, i 1 → (n, 0, 1), n 1: magenta
    [0.2, { r: 0, g: 0, b: 1 }], // h 2, i 2, f 0 → 1 - 0 = 1, n 0 → (0, n, 1): blue
    [0.25, { r: 0, g: 0.25, b: 1 }], // h 2.25, i 2, f .25 → .75, n .25
    [0.4, { r: 0, g: 1, b: 1 }], // h 3, i 3, f 0, n 1 → (0, 1, n): cyan
    [0.5, { r: 0, g: 1, b: 0.5 }], // h 3.5, i 3, f .5, n .5
    [0.6, { r: 0, g: 1, b: 0 }], // h 4, i 4, f 0 → 1, n 0 → (n, 1, 0): green
    [0.8, { r: 1, g: 1, b: 0 }], // h 5, i 5, f 0, n 1 → (1, n, 0): yellow
    [1, { r: 1, g: 0, b: 0 }], // h 6, i 6, f 0 → 1, n 0 → (1, n, 0): red
  ])('value %s', (value, expected) => {
    const c = rainbow(value);
    expect(c.r).toBeCloseTo(expected.r, 6);
    expect(c.g).toBeCloseTo(expected.g, 6);
    expect(c.b).toBeCloseTo(expected.b, 6);
  });

  it('clamps to [0, 1] and reads NaN as 0', () => {
    expect(rainbow(-3)).toEqual(rainbow(0));
    expect(rainbow(7)).toEqual(rainbow(1));
    expect(rainbow(NaN)).toEqual(rainbow(0));
  });

  it('blends Min Color to Max Color with t clamped', () => {
    const out = [0, 0, 0];
    blendInto(0.25, { r: 0, g: 0, b: 0 }, { r: 1, g: 0.5, b: 0 }, out, 0);
    expect(out).toEqual([0.25, 0.125, 0]);
    blendInto(2, { r: 0, g: 0, b: 0 }, { r: 1, g: 0.5, b: 0 }, out, 0);
    expect(out).toEqual([1, 0.5, 0]);
  });
});

describe('map palettes (palette_builder.cpp)', () => {
  it('map: grey ramp 255 - floor(255·i/100), green 101..127, red→yellow 128..254, -1 grey-green', () => {
    const p = makeMapPalette();
    expect(entry(p, 0)).toEqual([255, 255, 255, 255]);
    expect(entry(p, 50)).toEqual([128, 128, 128, 255]); // 255 - floor(127.5)
    expect(entry(p, 99)).toEqual([3, 3, 3, 255]); // 255 - floor(252.45)
    expect(entry(p, 100)).toEqual([0, 0, 0, 255]);
    for (let v = 101; v <= 127; v++) expect(entry(p, v)).toEqual([0, 255, 0, 255]);
    expect(entry(p, 128)).toEqual([255, 0, 0, 255]);
    expect(entry(p, 191)).toEqual([255, 127, 0, 255]); // floor(255·63/126) = floor(127.5)
    expect(entry(p, 254)).toEqual([255, 255, 0, 255]);
    expect(entry(p, -1)).toEqual([0x70, 0x89, 0x86, 255]);
  });

  it('costmap: 0 transparent, blue→red 1..98, 99 cyan, 100 purple', () => {
    const p = makeCostmapPalette();
    expect(entry(p, 0)).toEqual([0, 0, 0, 0]);
    expect(entry(p, 1)).toEqual([2, 0, 253, 255]); // floor(2.55)
    expect(entry(p, 50)).toEqual([127, 0, 128, 255]);
    expect(entry(p, 98)).toEqual([249, 0, 6, 255]); // floor(249.9)
    expect(entry(p, 99)).toEqual([0, 255, 255, 255]);
    expect(entry(p, 100)).toEqual([255, 0, 255, 255]);
    expect(entry(p, 110)).toEqual([0, 255, 0, 255]);
    expect(entry(p, 128)).toEqual([255, 0, 0, 255]);
    expect(entry(p, -1)).toEqual([112, 137, 134, 255]);
  });

  it('raw: grey i for every index, -1 white', () => {
    const p = makeRawPalette();
    expect(entry(p, 0)).toEqual([0, 0, 0, 255]);
    expect(entry(p, 100)).toEqual([100, 100, 100, 255]);
    expect(entry(p, -1)).toEqual([255, 255, 255, 255]);
  });

  it('binary mode splits at the threshold', () => {
    expect(entry(makeMapPalette(true, 50), 49)).toEqual([255, 255, 255, 255]);
    expect(entry(makeMapPalette(true, 50), 50)).toEqual([0, 0, 0, 255]);
    expect(entry(makeCostmapPalette(true, 50), 10)).toEqual([0, 0, 255, 255]);
    expect(entry(makeCostmapPalette(true, 50), 100)).toEqual([255, 0, 0, 255]);
    expect(entry(makeRawPalette(true, 50), -1)).toEqual([255, 255, 255, 255]);
  });

  it('colours cells by palette entry, aligned or not', () => {
    const cells = Int8Array.from([0, 100, -1, 50]);
    const out = new Uint8ClampedArray(16);
    colorCells(cells, paletteFor('costmap'), out);
    expect([...out]).toEqual([0, 0, 0, 0, 255, 0, 255, 255, 112, 137, 134, 255, 127, 0, 128, 255]);
    const odd = new Uint8ClampedArray(new ArrayBuffer(20), 1, 16);
    colorCells(cells, paletteFor('costmap'), odd);
    expect([...odd]).toEqual([...out]);
    expect(paletteFor('nonsense')).toEqual(makeMapPalette());
  });
});

describe('point colour properties', () => {
  it('reads the .rviz keys, nested bounds included, with RViz defaults', () => {
    const o = pointColorOptionsFromProperties({
      'Color Transformer': 'AxisColor', Axis: 'x', 'Autocompute Value Bounds': { 'Max Value': 3, 'Min Value': -1, Value: false },
      'Min Color': '255; 0; 0', 'Max Color': 'nonsense', 'Use rainbow': false, Color: '0; 255; 0', 'Use Fixed Frame': false,
    });
    expect(o).toMatchObject({ transformer: 'AxisColor', axis: 'X', autocomputeValueBounds: false, minValue: -1, maxValue: 3, useRainbow: false,
      minColor: { r: 1, g: 0, b: 0 }, maxColor: { r: 1, g: 1, b: 1 }, flatColor: { r: 0, g: 1, b: 0 }, useFixedFrame: false,
      channelName: 'intensity', minIntensity: 0, maxIntensity: 4096, autocomputeIntensityBounds: true });
    expect(pointColorOptionsFromProperties({})).toMatchObject({ transformer: '', axis: 'Z', minValue: -10, maxValue: 10, useFixedFrame: true });
    expect(parseRvizColor('1; 2')).toBeUndefined();
  });
});
