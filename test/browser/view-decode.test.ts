// The view's decode worker in Chromium: results come back from a real Web Worker with their buffers transferred,
// JPEG and PNG CompressedImages decode through createImageBitmap + OffscreenCanvas, errors settle as DecodeError.
import { expect } from '@open-wc/testing';
import { createViewDecoder, WorkerDecoder } from '../../src/view/decode/decoder.ts';
import { defaultPointColorOptions } from '../../src/view/decode/color-options.ts';

async function encoded(type: 'image/png' | 'image/jpeg'): Promise<Uint8Array> {
  // 4×2: left half red, right half blue.
  const canvas = new OffscreenCanvas(4, 2);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ff0000'; ctx.fillRect(0, 0, 2, 2);
  ctx.fillStyle = '#0000ff'; ctx.fillRect(2, 0, 2, 2);
  const blob = await canvas.convertToBlob({ type, quality: 1 });
  return new Uint8Array(await blob.arrayBuffer());
}

function cloud(): Record<string, unknown> {
  const data = new Uint8Array(2 * 16);
  const view = new DataView(data.buffer);
  [[1, 2, 3, 10], [NaN, 0, 0, 0]].forEach((p, i) => p.forEach((v, j) => view.setFloat32(i * 16 + j * 4, v, true)));
  return {
    header: { frame_id: 'lidar', stamp: { sec: 1, nanosec: 0 } }, height: 1, width: 2, point_step: 16, row_step: 32, is_bigendian: false,
    fields: ['x', 'y', 'z', 'intensity'].map((name, i) => ({ name, offset: i * 4, datatype: 7, count: 1 })), data,
  };
}

describe('view decoder in a Web Worker', () => {
  it('decodes a cloud in the worker and transfers its arrays', async () => {
    const decoder = createViewDecoder();
    expect(decoder).to.be.instanceOf(WorkerDecoder);
    expect(decoder.where).to.equal('worker');
    const p = await decoder.points('sensor_msgs/msg/PointCloud2', cloud(), { colors: { ...defaultPointColorOptions } });
    expect(p.timing.where).to.equal('worker');
    expect(p.count).to.equal(1);
    expect([...p.positions]).to.deep.equal([1, 2, 3]);
    expect(p.positions).to.be.instanceOf(Float32Array);
    expect(decoder.stats().points!.count).to.equal(1);
    decoder.dispose();
  });

  it('decodes PNG exactly and JPEG closely', async () => {
    const decoder = createViewDecoder();
    const png = await decoder.compressedImage({ header: { frame_id: 'cam', stamp: { sec: 0, nanosec: 0 } }, format: 'png', data: await encoded('image/png') });
    expect([png.width, png.height]).to.deep.equal([4, 2]);
    expect([...png.rgba.slice(0, 4)]).to.deep.equal([255, 0, 0, 255]);
    expect([...png.rgba.slice(12, 16)]).to.deep.equal([0, 0, 255, 255]);
    // rosbridge's JSON form: base64 text.
    const jpegBytes = await encoded('image/jpeg');
    const jpeg = await decoder.compressedImage({ format: 'rgb8; jpeg compressed bgr8', data: btoa(String.fromCharCode(...jpegBytes)) });
    expect(jpeg.rgba[0]).to.be.greaterThan(200);
    expect(jpeg.rgba[2]).to.be.lessThan(60);
    expect(decoder.stats()['compressed-image']!.count).to.equal(2);
    decoder.dispose();
  });

  it('rejects bad input with the reason and keeps working', async () => {
    const decoder = createViewDecoder();
    let err: Error | undefined;
    try { await decoder.compressedImage({ format: 'png', data: new Uint8Array([1, 2, 3]) }); } catch (e) { err = e as Error; }
    expect(err?.name).to.equal('DecodeError');
    expect(err?.message).to.contain('could not be decoded');
    const grid = await decoder.grid('/map', { info: { width: 1, height: 1, resolution: 0.1, origin: {} }, data: [100] }, { colorScheme: 'map' });
    expect([...grid.rgba]).to.deep.equal([0, 0, 0, 255]);
    decoder.dispose();
  });
});
