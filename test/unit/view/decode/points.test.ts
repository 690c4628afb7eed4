// Points decoders (PointCloud2, PointCloud, LaserScan) and RViz's colour transformers, against hand-worked values.
import { describe, expect, it } from 'vitest';
import { defaultPointColorOptions } from '../../../../src/view/decode/color-options.ts';
import { rainbow } from '../../../../src/view/decode/colors.ts';
import { decodeBase64 } from '../../../../src/view/decode/binary.ts';
import { decodePoints } from '../../../../src/view/decode/points.ts';
import type { DecodedPoints, PointColorOptions } from '../../../../src/view/decode/types.ts';
import { asJson, buildCloud, XYZ } from './cloud-builder.ts';

const PC2 = 'sensor_msgs/msg/PointCloud2';
const opts = (o: Partial<PointColorOptions> = {}) => ({ colors: { ...defaultPointColorOptions, ...o } });
const colorOf = (p: DecodedPoints, i: number) => [...p.colors.slice(i * 3, i * 3 + 3)].map((v) => Number(v.toFixed(5)));
const rgb = (c: { r: number; g: number; b: number }) => [c.r, c.g, c.b].map((v) => Number(v.toFixed(5)));

// x, y, z FLOAT32, intensity UINT16 at 12, 2 bytes padding per point, 8 bytes padding per row, big-endian.
const padded = buildCloud([...XYZ, { name: 'intensity', offset: 12, datatype: 4 }], [
  [{ x: 1, y: 2, z: 3, intensity: 10 }, { x: NaN, y: 0, z: 0, intensity: 99 }],
  [{ x: 4, y: 5, z: 6, intensity: 20 }, { x: 7, y: 8, z: 9, intensity: 30 }],
], { pointStep: 16, rowStep: 40, bigEndian: true });

describe('PointCloud2', () => {
  it('reads a padded big-endian cloud, drops the NaN point, colours by intensity (autocompute)', () => {
    for (const msg of [padded, asJson(padded)]) {
      const p = decodePoints(PC2, msg, opts());
      expect(p).toMatchObject({ frameId: 'lidar', stampSec: 12.5, count: 3, sourceCount: 4, transformer: 'Intensity', valueRange: { min: 10, max: 30 } });
      expect([...p.positions]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // value = 1 - (I - 10) / 20: 1 → red, 0.5 → (0, 1, .5), 0 → magenta
      expect(colorOf(p, 0)).toEqual([1, 0, 0]);
      expect(colorOf(p, 1)).toEqual([0, 1, 0.5]);
      expect(colorOf(p, 2)).toEqual([1, 0, 1]);
    }
  });

  it('reads every datatype in both byte orders', () => {
    const types = [1, 2, 3, 4, 5, 6, 7, 8];
    const values: Record<number, number> = { 1: -5, 2: 200, 3: -3000, 4: 60000, 5: -70000, 6: 4_000_000_000, 7: 1.5, 8: -2.25 };
    for (const bigEndian of [false, true]) {
      for (const t of types) {
        const fields = [{ name: 'x', offset: 0, datatype: 8 }, { name: 'y', offset: 8, datatype: 8 }, { name: 'z', offset: 16, datatype: 8 },
          { name: 'v', offset: 24, datatype: t }];
        const msg = buildCloud(fields, [[{ x: 0, y: 0, z: 0, v: values[t]! }]], { pointStep: 32, bigEndian });
        const p = decodePoints(PC2, msg, opts({ channelName: 'v', autocomputeIntensityBounds: false, minIntensity: values[t]!, maxIntensity: values[t]! + 1 }));
        // min = the value → value 1 → red; proves the field was read exactly
        expect(colorOf(p, 0)).toEqual([1, 0, 0]);
      }
    }
  });

  it('places points from integer and float64 coordinates', () => {
    const fields = [{ name: 'x', offset: 0, datatype: 1 }, { name: 'y', offset: 1, datatype: 5 }, { name: 'z', offset: 5, datatype: 8 }];
    const msg = buildCloud(fields, [[{ x: -7, y: 100000, z: 0.125 }]], { pointStep: 13, bigEndian: true });
    expect([...decodePoints(PC2, msg, opts()).positions]).toEqual([-7, 100000, 0.125]);
  });

  it('falls back to "intensities" and notes a missing channel', () => {
    const msg = buildCloud([...XYZ, { name: 'intensities', offset: 12, datatype: 7 }], [[{ x: 0, y: 0, z: 0, intensities: 1 }, { x: 1, y: 0, z: 0, intensities: 3 }]], { pointStep: 16 });
    const p = decodePoints(PC2, msg, opts());
    expect(colorOf(p, 0)).toEqual([1, 0, 0]);
    expect(colorOf(p, 1)).toEqual([1, 0, 1]);
    const q = decodePoints(PC2, msg, opts({ channelName: 'reflectivity' }));
    expect(colorOf(q, 0)).toEqual([1, 1, 1]);
    expect(q.notes[0]).toMatch(/reflectivity/);
  });

  it('Invert Rainbow, manual bounds, equal bounds, and the Min/Max Color blend', () => {
    const msg = buildCloud([...XYZ, { name: 'intensity', offset: 12, datatype: 7 }], [[{ x: 0, y: 0, z: 0, intensity: 0 }, { x: 0, y: 0, z: 0, intensity: 2048 }]], { pointStep: 16 });
    const inv = decodePoints(PC2, msg, opts({ invertRainbow: true }));
    expect(colorOf(inv, 0)).toEqual([1, 0, 1]);
    expect(colorOf(inv, 1)).toEqual([1, 0, 0]);
    const manual = decodePoints(PC2, msg, opts({ autocomputeIntensityBounds: false }));
    expect(colorOf(manual, 1)).toEqual(rgb(rainbow(0.5))); // 1 - 2048/4096
    const grey = decodePoints(PC2, msg, opts({ useRainbow: false, autocomputeIntensityBounds: false }));
    expect(colorOf(grey, 1)).toEqual([0.5, 0.5, 0.5]);
    const same = buildCloud([...XYZ, { name: 'intensity', offset: 12, datatype: 7 }], [[{ x: 0, y: 0, z: 0, intensity: 5 }]], { pointStep: 16 });
    expect(colorOf(decodePoints(PC2, same, opts()), 0)).toEqual([1, 0, 0]); // diff 1e20 → value 1
  });

  it('RGB8 from rgb packed as float32 or uint32, rgba with per-point alpha, and chosen automatically', () => {
    const bits = new DataView(new ArrayBuffer(4));
    bits.setUint32(0, 0x00ff8000, true);
    const asFloat = bits.getFloat32(0, true);
    const f = buildCloud([...XYZ, { name: 'rgb', offset: 12, datatype: 7 }], [[{ x: 0, y: 0, z: 0, rgb: asFloat }]], { pointStep: 16 });
    const p = decodePoints(PC2, f, opts());
    expect(p.transformer).toBe('RGB8');
    expect(colorOf(p, 0)).toEqual([1, Number((128 / 255).toFixed(5)), 0]);
    const u = buildCloud([...XYZ, { name: 'rgba', offset: 12, datatype: 6 }], [[{ x: 0, y: 0, z: 0, rgba: 0x800000ff }]], { pointStep: 16 });
    const q = decodePoints(PC2, u, opts({ transformer: 'RGB8' }));
    expect(colorOf(q, 0)).toEqual([0, 0, 1]);
    expect(q.alphas?.[0]).toBeCloseTo(128 / 255, 6);
    // Written Intensity stays Intensity; RGB8 written for a cloud without colour falls back to Intensity.
    expect(decodePoints(PC2, f, opts({ transformer: 'Intensity' })).transformer).toBe('Intensity');
    expect(decodePoints(PC2, padded, opts({ transformer: 'RGB8' })).transformer).toBe('Intensity');
  });

  it('RGBF32 from float r, g, b fields (clamped), FlatColor', () => {
    const msg = buildCloud([...XYZ, { name: 'r', offset: 12, datatype: 7 }, { name: 'g', offset: 16, datatype: 7 }, { name: 'b', offset: 20, datatype: 7 }],
      [[{ x: 0, y: 0, z: 0, r: 0.25, g: 2, b: -1 }]], { pointStep: 24 });
    const p = decodePoints(PC2, msg, opts({ transformer: 'RGBF32' }));
    expect(p.transformer).toBe('RGBF32');
    expect(colorOf(p, 0)).toEqual([0.25, 1, 0]);
    const flat = decodePoints(PC2, msg, opts({ transformer: 'FlatColor', flatColor: { r: 1, g: 0, b: 0 } }));
    expect(colorOf(flat, 0)).toEqual([1, 0, 0]);
  });

  it('AxisColor in the local frame and, with Use Fixed Frame, through the transform', () => {
    const msg = buildCloud(XYZ, [[{ x: 0, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: 2, z: 0 }]], { pointStep: 12 });
    const s = Math.SQRT1_2; // +90° about x maps y onto z
    const fixed = decodePoints(PC2, msg, { ...opts({ transformer: 'AxisColor' }), toFixedFrame: { translation: { x: 0, y: 0, z: 10 }, rotation: { x: s, y: 0, z: 0, w: s } } });
    expect(fixed).toMatchObject({ axisFrame: 'fixed' });
    expect(fixed.valueRange!.min).toBeCloseTo(10, 5);
    expect(fixed.valueRange!.max).toBeCloseTo(12, 5);
    expect(colorOf(fixed, 0)).toEqual([1, 0, 0]); // value 1 - 0/2
    expect(colorOf(fixed, 1)).toEqual([0, 1, 0.5]);
    expect(colorOf(fixed, 2)).toEqual([1, 0, 1]);
    // Locally every z is 0: range 0 → 0.001, value 1 → red everywhere.
    const local = decodePoints(PC2, msg, opts({ transformer: 'AxisColor' }));
    expect(local.axisFrame).toBe('local');
    expect(colorOf(local, 2)).toEqual([1, 0, 0]);
    const yAxis = decodePoints(PC2, msg, opts({ transformer: 'AxisColor', axis: 'Y', autocomputeValueBounds: false, minValue: 0, maxValue: 4 }));
    expect(colorOf(yAxis, 2)).toEqual(rgb(rainbow(0.5)));
  });

  it('explains clouds it cannot read', () => {
    expect(() => decodePoints(PC2, { ...padded, data: padded.data.slice(0, 50) }, opts())).toThrow(/data has 50 bytes.*need 72/);
    expect(() => decodePoints(PC2, { ...padded, fields: padded.fields.filter((f) => f.name !== 'z') }, opts())).toThrow(/no x, y, z fields.*x, y, intensity/);
    expect(() => decodePoints(PC2, { ...padded, fields: [...padded.fields, { name: 'w', offset: 15, datatype: 7, count: 1 }] }, opts())).toThrow(/does not fit in point_step 16/);
    expect(() => decodePoints(PC2, { ...padded, data: 'not base64!' }, opts())).toThrow(/not base64/);
    expect(() => decodePoints('std_msgs/msg/String', {}, opts())).toThrow(/not LaserScan/);
  });
});

describe('LaserScan', () => {
  const scan = {
    header: { frame_id: 'base_scan', stamp: { sec: 3, nanosec: 0 } },
    angle_min: 0, angle_max: 2 * Math.PI, angle_increment: Math.PI / 2, time_increment: 0, scan_time: 0.1,
    range_min: 0.1, range_max: 10,
  };
  it('keeps range_min <= r < range_max, drops NaN/Inf (null in JSON), colours by intensity', () => {
    const json = { ...scan, ranges: [1, 2, null, 0.05, 10, 0.1], intensities: [5, 15, 0, 0, 0, 10] };
    const cbor = { ...scan, ranges: Float32Array.from([1, 2, NaN, 0.05, 10, 0.1]), intensities: Float32Array.from([5, 15, 0, 0, 0, 10]) };
    for (const msg of [json, cbor]) {
      const p = decodePoints('sensor_msgs/msg/LaserScan', msg, opts());
      expect(p.count).toBe(3);
      expect(p.sourceCount).toBe(6);
      const pos = [...p.positions].map((v) => Number(v.toFixed(5)));
      // angles 0, π/2, 5π/2 (index 5): (1,0,0), (0,2,0), (0,0.1,0)
      expect(pos).toEqual([1, 0, 0, 0, 2, 0, 0, 0.1, 0]);
      expect(p.valueRange).toEqual({ min: 5, max: 15 });
      expect(colorOf(p, 0)).toEqual([1, 0, 0]);
      expect(colorOf(p, 1)).toEqual([1, 0, 1]);
    }
  });
  it('without intensities: Intensity draws white with a note, FlatColor and AxisColor work', () => {
    const msg = { ...scan, ranges: [1, 1], intensities: [] };
    expect(decodePoints('sensor_msgs/LaserScan', msg, opts()).notes).toHaveLength(1);
    expect(colorOf(decodePoints('sensor_msgs/LaserScan', msg, opts({ transformer: 'FlatColor', flatColor: { r: 1, g: 0, b: 0 } })), 1)).toEqual([1, 0, 0]);
    expect(decodePoints('sensor_msgs/LaserScan', msg, opts({ transformer: 'AxisColor', axis: 'X' })).valueRange!.min).toBeCloseTo(0, 5);
  });
});

describe('PointCloud (channels)', () => {
  it('reads points and float channels, rgb channel bits through RGB8', () => {
    const bits = new DataView(new ArrayBuffer(4));
    bits.setUint32(0, 0x0000ff00, true);
    const msg = {
      header: { frame_id: 'cam', stamp: { sec: 1, nanosec: 0 } },
      points: [{ x: 1, y: 2, z: 3 }, { x: null, y: 0, z: 0 }, { x: 4, y: 5, z: 6 }],
      channels: [{ name: 'intensity', values: [1, 9, 3] }, { name: 'rgb', values: [bits.getFloat32(0, true), 0, bits.getFloat32(0, true)] }],
    };
    const p = decodePoints('sensor_msgs/msg/PointCloud', msg, opts());
    expect(p.transformer).toBe('RGB8');
    expect(p.count).toBe(2);
    expect([...p.positions]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(colorOf(p, 1)).toEqual([0, 1, 0]);
    const i = decodePoints('sensor_msgs/msg/PointCloud', msg, opts({ transformer: 'Intensity' }));
    expect(i.valueRange).toEqual({ min: 1, max: 3 }); // the dropped point's 9 does not count
  });
});

describe('base64', () => {
  it('matches Buffer for every length and padding', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = Buffer.from(bytes).toString('base64');
      expect([...decodeBase64(text, 't')]).toEqual([...bytes]);
      expect([...decodeBase64(text.replace(/=+$/, ''), 't')]).toEqual([...bytes]);
    }
  });
});
