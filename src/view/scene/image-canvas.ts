/**
 * A decoded image's RGBA into a 2D canvas at the image's own size: the Image/Camera panel on the page, or the panel's
 * canvas the render worker was handed (no three.js here, so the page's panel does not load it).
 */
import type { DecodedImage } from '../decode/types.ts';

export function drawRgba(canvas: HTMLCanvasElement | OffscreenCanvas, ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, image: DecodedImage): void {
  const { width, height, rgba } = image;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, width * height * 4), width, height), 0, 0);
}
