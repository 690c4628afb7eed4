/**
 * sensor_msgs/Image → RGBA, as RViz's ROSImageTexture reads each encoding: rgb8, rgba8, bgr8 / 8UC3, bgra8 / 8UC4,
 * mono8 / 8UC1 / bayer_* (as grey), mono16 / 16UC1 / 16SC1 and 32FC1 scaled to 0..255 (Normalize Range: each
 * image's own min..max; otherwise Min/Max Value), yuv422 (UYVY) and yuv422_yuy2 (YUYV). Rows honour `step`
 * (RViz assumes packed rows) and `is_bigendian` for 16/32-bit data.
 */
import { bytesOf } from './binary.ts';
import { DecodeError } from './errors.ts';
import { headerOf, numberOf, objectOf } from './message.ts';
import type { DecodedImage, ImageRequest } from './types.ts';

type Layout = { channels: number; bytes: number; kind: 'rgb' | 'rgba' | 'bgr' | 'bgra' | 'grey' | 'u16' | 's16' | 'f32' | 'uyvy' | 'yuyv' };

function layoutOf(encoding: string): Layout | undefined {
  const e = encoding.toLowerCase();
  switch (e) {
    case 'rgb8': return { channels: 3, bytes: 1, kind: 'rgb' };
    case 'rgba8': return { channels: 4, bytes: 1, kind: 'rgba' };
    case 'bgr8': case '8uc3': case '8sc3': return { channels: 3, bytes: 1, kind: 'bgr' };
    case 'bgra8': case '8uc4': case '8sc4': return { channels: 4, bytes: 1, kind: 'bgra' };
    case 'mono8': case '8uc1': case '8sc1': return { channels: 1, bytes: 1, kind: 'grey' };
    case 'mono16': case '16uc1': return { channels: 1, bytes: 2, kind: 'u16' };
    case '16sc1': return { channels: 1, bytes: 2, kind: 's16' };
    case '32fc1': return { channels: 1, bytes: 4, kind: 'f32' };
    case 'uyvy': case 'yuv422': return { channels: 2, bytes: 1, kind: 'uyvy' };
    case 'yuyv': case 'yuv422_yuy2': return { channels: 2, bytes: 1, kind: 'yuyv' };
    default: return e.startsWith('bayer') ? { channels: 1, bytes: 1, kind: 'grey' } : undefined;
  }
}

function clamp255(v: number): number { return v < 0 ? 0 : v > 255 ? 255 : v; }

/** pixelYUVToRGB of ros_image_texture.cpp, with C++ integer division (truncation toward zero). */
function yuv(y: number, u: number, v: number, out: Uint8ClampedArray, o: number): void {
  const vv = v - 128, uu = u - 128;
  out[o] = clamp255(y + Math.trunc((1403 * vv) / 1000));
  out[o + 1] = clamp255(y + Math.trunc((344 * uu - 714 * vv) / 1000));
  out[o + 2] = clamp255(y + Math.trunc((1770 * uu) / 1000));
  out[o + 3] = 255;
}

export function decodeImage(message: unknown, request: ImageRequest): DecodedImage {
  const m = objectOf(message, 'Image');
  const { frameId, stampSec } = headerOf(m);
  const width = numberOf(m, 'width', 'Image'), height = numberOf(m, 'height', 'Image');
  const encoding = typeof m.encoding === 'string' ? m.encoding : '';
  const layout = layoutOf(encoding);
  if (!layout) throw new DecodeError(`Image: encoding "${encoding}" is not supported (rgb8, bgr8, rgba8, bgra8, mono8, mono16, 16UC1, 32FC1, yuv422)`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) throw new DecodeError(`Image: ${width}×${height} is not a size`);
  const packed = width * layout.channels * layout.bytes;
  let step = numberOf(m, 'step', 'Image', packed);
  if (!Number.isInteger(step) || step < packed) step = packed;
  const data = bytesOf(m.data, 'Image: data');
  const needed = height === 0 ? 0 : (height - 1) * step + packed;
  if (data.byteLength < needed) throw new DecodeError(`Image: data has ${data.byteLength} bytes, ${width}×${height} ${encoding} with step ${step} needs ${needed}`);
  const little = !(m.is_bigendian === true || m.is_bigendian === 1);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const out: DecodedImage = { kind: 'image', frameId, stampSec, width, height, rgba, encoding };
  const k = layout.kind;
  if (k === 'u16' || k === 's16' || k === 'f32') {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const n = width * height;
    const values = new Float64Array(n);
    for (let row = 0, i = 0; row < height; row++) {
      for (let col = 0, at = row * step; col < width; col++, i++, at += layout.bytes) {
        values[i] = k === 'u16' ? view.getUint16(at, little) : k === 's16' ? view.getInt16(at, little) : view.getFloat32(at, little);
      }
    }
    let min: number, max: number;
    if (request.normalizeRange) {
      // getMinimalAndMaximalValueToNormalize starts from uint16's max and min; NaN never wins a comparison.
      min = 65535; max = 0;
      for (let i = 0; i < n; i++) { const v = values[i]!; if (v < min) min = v; if (v > max) max = v; }
    } else {
      // RViz casts Min/Max Value to uint16 even for float images.
      const cast = (v: number) => Math.min(65535, Math.max(0, Math.trunc(v)));
      min = cast(request.minValue ?? 0); max = cast(request.maxValue ?? (k === 'f32' ? 1 : 65535));
    }
    out.valueRange = { min, max };
    const range = max - min;
    for (let i = 0; i < n; i++) {
      let g = 0;
      if (range > 0) { // RViz leaves the image undefined for an empty range; we draw it black
        let t = (values[i]! - min) / range;
        if (!(t >= 0)) t = 0; // NaN too
        if (t > 1) t = 1;
        g = Math.floor(t * 255);
      }
      const o = i * 4;
      rgba[o] = g; rgba[o + 1] = g; rgba[o + 2] = g; rgba[o + 3] = 255;
    }
    return out;
  }
  for (let row = 0; row < height; row++) {
    const src = row * step;
    let o = row * width * 4;
    if (k === 'uyvy' || k === 'yuyv') {
      for (let col = 0; col + 1 < width; col += 2, o += 8) {
        const p = src + col * 2;
        const [u, y0, v, y1] = k === 'uyvy' ? [data[p]!, data[p + 1]!, data[p + 2]!, data[p + 3]!] : [data[p + 1]!, data[p]!, data[p + 3]!, data[p + 2]!];
        yuv(y0, u, v, rgba, o);
        yuv(y1, u, v, rgba, o + 4);
      }
      continue;
    }
    for (let col = 0; col < width; col++, o += 4) {
      const p = src + col * layout.channels;
      switch (k) {
        case 'rgb': rgba[o] = data[p]!; rgba[o + 1] = data[p + 1]!; rgba[o + 2] = data[p + 2]!; rgba[o + 3] = 255; break;
        case 'rgba': rgba[o] = data[p]!; rgba[o + 1] = data[p + 1]!; rgba[o + 2] = data[p + 2]!; rgba[o + 3] = data[p + 3]!; break;
        case 'bgr': rgba[o] = data[p + 2]!; rgba[o + 1] = data[p + 1]!; rgba[o + 2] = data[p]!; rgba[o + 3] = 255; break;
        case 'bgra': rgba[o] = data[p + 2]!; rgba[o + 1] = data[p + 1]!; rgba[o + 2] = data[p]!; rgba[o + 3] = data[p + 3]!; break;
        default: { const g = data[p]!; rgba[o] = g; rgba[o + 1] = g; rgba[o + 2] = g; rgba[o + 3] = 255; }
      }
    }
  }
  return out;
}
