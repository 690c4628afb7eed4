/**
 * Image and Camera displays: not drawn in the 3D scene but as 2D panels beside it (src/ui/image-panel.ts). This keeps
 * the newest decoded frame (raw Image in the worker; CompressedImage jpeg/png when the topic names the `compressed`
 * transport) and tells the view when a new one is ready.
 */
import type { ImageSpec } from '../spec/draw-spec.ts';
import type { DecodedImage } from '../decode/types.ts';
import { isDecodeError } from '../decode/errors.ts';
import { Layer } from './layer.ts';

export class ImageFeedLayer extends Layer<ImageSpec> {
  public latest: DecodedImage | undefined;
  public onImage: ((image: DecodedImage) => void) | undefined;

  public start(): void {
    const topic = this.display.topic;
    if (!topic) { this.note('no topic set'); return; }
    if (this.spec.camera) this.note('Camera is shown as a 2D panel (no 3D overlay)');
    const compressed = /\/compressed$/.test(topic.name);
    this.feed(topic.name, compressed ? 'sensor_msgs/msg/CompressedImage' : 'sensor_msgs/msg/Image', async (m, at) => {
      try {
        const img = compressed ? await this.ctx.decoder.compressedImage(m)
          : await this.ctx.decoder.image(m, { normalizeRange: this.spec.normalize, minValue: this.spec.minValue, maxValue: this.spec.maxValue });
        if (this.isDisposed) return;
        this.latest = img;
        this.transformOk = true;
        this.received(at);
        this.onImage?.(img);
      } catch (err) {
        if (!this.isDisposed) this.note(isDecodeError(err) ? err.message : `could not decode: ${String(err)}`);
      }
    });
  }

  public setSpec(spec: ImageSpec): void { this.spec = spec; }

  public frame(): void { /* 2D only */ }

  public override status() {
    return { ...super.status(), objects: this.latest ? 1 : 0 };
  }
}
