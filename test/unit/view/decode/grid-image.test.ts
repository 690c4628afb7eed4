// OccupancyGrid and its updates, raw images, and the in-thread ViewDecoder, against hand-worked RViz values.
import { describe, expect, it } from 'vitest';
import { InThreadDecoder, createViewDecoder } from '../../../../src/view/decode/decoder.ts';
import { decodeImage } from '../../../../src/view/decode/image.ts';
import { GridStore } from '../../../../src/view/decode/occupancy-grid.ts';
import { compressedMime } from '../../../../src/view/decode/compressed-image.ts';
import { defaultPointColorOptions } from '../../../../src/view/decode/color-options.ts';
import { buildCloud, XYZ } from './cloud-builder.ts';

const px = (rgba: Uint8ClampedArray, i: number) => [...rgba.slice(i * 4, i * 4 + 4)];
const grid = (data: unknown, width = 2, height = 2) => ({
  header: { frame_id: 'map', stamp: { sec: 0, nanosec: 0 } },
  info: { map_load_time: { sec: 0, nanosec: 0 }, resolution: 0.05, width, height,
    origin: { position: { x: -1, y: -2, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } },
  data,
});

describe('OccupancyGrid', () => {
  it('colours the costmap palette from a JSON list or a CBOR Int8Array', () => {
    for (const data of [[0, 100, -1, 50], Int8Array.from([0, 100, -1, 50])]) {
      const g = new GridStore().grid('k', grid(data), { colorScheme: 'costmap' });
      expect(g).toMatchObject({ width: 2, height: 2, resolution: 0.05, frameId: 'map', origin: { position: { x: -1, y: -2, z: 0 } } });
      expect([px(g.rgba, 0), px(g.rgba, 1), px(g.rgba, 2), px(g.rgba, 3)]).toEqual([[0, 0, 0, 0], [255, 0, 255, 255], [112, 137, 134, 255], [127, 0, 128, 255]]);
    }
  });

  it('patches updates into the kept cells and refuses what does not fit', () => {
    const store = new GridStore();
    expect(() => store.update('k', { x: 0, y: 0, width: 1, height: 1, data: [0] }, { colorScheme: 'map' })).toThrow(/no map received/);
    store.grid('k', grid([0, 0, 0, 0, 0, 0], 3, 2), { colorScheme: 'map' });
    const patch = store.update('k', { header: {}, x: 1, y: 1, width: 2, height: 1, data: [100, 50] }, { colorScheme: 'map' });
    expect(patch).toMatchObject({ kind: 'grid-patch', x: 1, y: 1, width: 2, height: 1 });
    expect([px(patch.rgba, 0), px(patch.rgba, 1)]).toEqual([[0, 0, 0, 255], [128, 128, 128, 255]]);
    expect(() => store.update('k', { x: 2, y: 1, width: 2, height: 1, data: [1, 1] }, { colorScheme: 'map' })).toThrow(/does not fit the 3×2 map/);
    expect(() => store.update('k', { x: 0, y: 0, width: 2, height: 1, data: [1] }, { colorScheme: 'map' })).toThrow(/needs 2/);
    store.forget('k');
    expect(() => store.update('k', { x: 0, y: 0, width: 1, height: 1, data: [1] }, { colorScheme: 'map' })).toThrow(/no map/);
  });

  it('refuses a grid whose data does not match its size', () => {
    expect(() => new GridStore().grid('k', grid([0, 1, 2]), { colorScheme: 'map' })).toThrow(/data has 3 cells.*needs 4/);
  });
});

const image = (encoding: string, width: number, height: number, step: number, data: Uint8Array, bigEndian = false) => ({
  header: { frame_id: 'camera', stamp: { sec: 1, nanosec: 0 } }, height, width, encoding, is_bigendian: bigEndian ? 1 : 0, step, data,
});

describe('Image', () => {
  it('rgb8 with row padding, bgr8, bgra8, mono8 (JSON base64 and CBOR bytes)', () => {
    const rgb = image('rgb8', 1, 2, 4, Uint8Array.from([10, 20, 30, 0, 40, 50, 60, 0]));
    for (const msg of [rgb, { ...rgb, data: Buffer.from(rgb.data).toString('base64') }]) {
      const out = decodeImage(msg, { normalizeRange: true });
      expect([px(out.rgba, 0), px(out.rgba, 1)]).toEqual([[10, 20, 30, 255], [40, 50, 60, 255]]);
    }
    expect(px(decodeImage(image('bgr8', 1, 1, 3, Uint8Array.from([1, 2, 3])), { normalizeRange: true }).rgba, 0)).toEqual([3, 2, 1, 255]);
    expect(px(decodeImage(image('bgra8', 1, 1, 4, Uint8Array.from([1, 2, 3, 4])), { normalizeRange: true }).rgba, 0)).toEqual([3, 2, 1, 4]);
    expect(px(decodeImage(image('mono8', 1, 1, 1, Uint8Array.from([77])), { normalizeRange: true }).rgba, 0)).toEqual([77, 77, 77, 255]);
  });

  it('mono16 / 16UC1 normalised to the image range, floor(t·255), either byte order', () => {
    for (const bigEndian of [false, true]) {
      const bytes = new Uint8Array(6);
      const v = new DataView(bytes.buffer);
      [0, 1000, 2000].forEach((x, i) => v.setUint16(i * 2, x, !bigEndian));
      const out = decodeImage(image('16UC1', 3, 1, 6, bytes, bigEndian), { normalizeRange: true });
      expect(out.valueRange).toEqual({ min: 0, max: 2000 });
      expect([px(out.rgba, 0)[0], px(out.rgba, 1)[0], px(out.rgba, 2)[0]]).toEqual([0, 127, 255]); // floor(127.5)
    }
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint16(0, 300, true);
    new DataView(bytes.buffer).setUint16(2, 700, true);
    const fixed = decodeImage(image('mono16', 2, 1, 4, bytes), { normalizeRange: false, minValue: 200, maxValue: 600 });
    expect([px(fixed.rgba, 0)[0], px(fixed.rgba, 1)[0]]).toEqual([63, 255]); // floor(.25·255), clamped
  });

  it('32FC1: NaN black, range from the finite values', () => {
    const f = Float32Array.from([0.5, NaN, 2.5]);
    const out = decodeImage(image('32FC1', 3, 1, 12, new Uint8Array(f.buffer)), { normalizeRange: true });
    expect(out.valueRange).toEqual({ min: 0.5, max: 2.5 });
    expect([px(out.rgba, 0)[0], px(out.rgba, 1)[0], px(out.rgba, 2)[0]]).toEqual([0, 0, 255]);
  });

  it('yuv422 (UYVY) with RViz integer maths', () => {
    // u=128, v=128 → grey y; u=255: b = y + trunc(1770·127/1000) = 16 + 224 = 240, g = 16 + trunc(344·127/1000) = 59
    const out = decodeImage(image('yuv422', 2, 1, 4, Uint8Array.from([255, 16, 128, 100])), { normalizeRange: true });
    expect(px(out.rgba, 0)).toEqual([16, 59, 240, 255]);
    expect(px(out.rgba, 1)).toEqual([100, 143, 255, 255]);
  });

  it('explains images it cannot read', () => {
    expect(() => decodeImage(image('rgb8', 2, 2, 6, new Uint8Array(10)), { normalizeRange: true })).toThrow(/data has 10 bytes.*needs 12/);
    expect(() => decodeImage(image('nv12', 2, 2, 6, new Uint8Array(10)), { normalizeRange: true })).toThrow(/"nv12" is not supported/);
    expect(compressedMime('rgb8; jpeg compressed bgr8')).toBe('image/jpeg');
    expect(compressedMime('png')).toBe('image/png');
    expect(() => compressedMime('16UC1; compressedDepth png')).toThrow(/compressedDepth/);
  });
});

describe('ViewDecoder in-thread (Node has no Worker)', () => {
  it('decodes, times, tells the wire, keeps grids per key and settles errors', async () => {
    const decoder = createViewDecoder();
    expect(decoder).toBeInstanceOf(InThreadDecoder);
    const cloud = buildCloud(XYZ, [[{ x: 1, y: 2, z: 3 }]], { pointStep: 12 });
    const p = await decoder.points('sensor_msgs/msg/PointCloud2', cloud, { colors: { ...defaultPointColorOptions } });
    expect(p.timing).toMatchObject({ where: 'in-thread', wire: 'cbor' });
    const j = await decoder.points('sensor_msgs/msg/PointCloud2', { ...cloud, data: Buffer.from(cloud.data).toString('base64') }, { colors: { ...defaultPointColorOptions } });
    expect(j.timing.wire).toBe('json');
    await decoder.grid('/map', grid([0, 0, 0, 0]), { colorScheme: 'map' });
    const patch = await decoder.gridUpdate('/map', { x: 0, y: 0, width: 1, height: 1, data: [100] }, { colorScheme: 'map' });
    expect(px(patch.rgba, 0)).toEqual([0, 0, 0, 255]);
    await expect(decoder.gridUpdate('/other', { x: 0, y: 0, width: 1, height: 1, data: [100] }, { colorScheme: 'map' })).rejects.toThrow(/no map/);
    await expect(decoder.compressedImage({ format: 'jpeg', data: new Uint8Array(4) })).rejects.toThrow(/createImageBitmap/);
    const stats = decoder.stats();
    expect(stats.points?.count).toBe(2);
    expect(stats['grid-patch']?.count).toBe(1);
    decoder.dispose();
    await expect(decoder.points('sensor_msgs/msg/PointCloud2', cloud, { colors: { ...defaultPointColorOptions } })).rejects.toThrow(/disposed/);
  });
});
