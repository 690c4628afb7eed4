/**
 * sensor_msgs/CompressedImage (jpeg, png) → RGBA through the browser's own decoders: createImageBitmap on the bytes,
 * drawn into an OffscreenCanvas and read back. Works in a worker; Node has neither, so there it is a clear error.
 * `compressedDepth` (a 12-byte header before a 16-bit png) is not supported.
 */
import { bytesOf } from './binary.ts';
import { DecodeError } from './errors.ts';
import { headerOf, objectOf } from './message.ts';
import type { DecodedImage } from './types.ts';

export function compressedMime(format: string): string {
  const f = format.toLowerCase();
  if (f.includes('compresseddepth')) throw new DecodeError(`CompressedImage: format "${format}" (compressedDepth) is not supported`);
  if (f.includes('png')) return 'image/png';
  if (f.includes('jpeg') || f.includes('jpg') || f.trim() === '') return 'image/jpeg';
  throw new DecodeError(`CompressedImage: format "${format}" is not jpeg or png`);
}

export async function decodeCompressedImage(message: unknown): Promise<DecodedImage> {
  const m = objectOf(message, 'CompressedImage');
  const { frameId, stampSec } = headerOf(m);
  const format = typeof m.format === 'string' ? m.format : '';
  const mime = compressedMime(format);
  const bytes = bytesOf(m.data, 'CompressedImage: data');
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') {
    throw new DecodeError('CompressedImage: this runtime has no image decoder (needs createImageBitmap and OffscreenCanvas)');
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  } catch (err) {
    throw new DecodeError(`CompressedImage: the ${mime.slice(6)} data could not be decoded (${err instanceof Error ? err.message : String(err)})`);
  }
  const { width, height } = bitmap;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) { bitmap.close(); throw new DecodeError('CompressedImage: no 2D canvas to read the image back'); }
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return { kind: 'image', frameId, stampSec, width, height, rgba, encoding: format };
}
