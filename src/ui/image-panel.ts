import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DecodedImage } from '../view/decode/types.ts';
import { theme } from './theme.ts';

/**
 * An Image or Camera display as a 2D panel beside the live view: the newest decoded frame (RGBA from the view's
 * worker) drawn into a canvas, scaled to the panel's width, with the display's name, size and encoding.
 */
@customElement('image-panel')
export class ImagePanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; }
    header { display: flex; gap: 6px; align-items: baseline; padding: 2px 6px; font-size: 12px; }
    header .name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    canvas { display: block; width: 100%; height: auto; image-rendering: pixelated; background: #000; }
    .empty { padding: 10px; font-size: 12px; }
  `];

  @property() public name = '';
  @property() public state = '';
  @property({ attribute: false }) public image: DecodedImage | undefined;

  protected override render() {
    const img = this.image;
    return html`
      <header><span class="name">${this.name}</span>
        ${img ? html`<span class="muted">${img.width}×${img.height} ${img.encoding}</span>` : nothing}</header>
      ${img ? html`<canvas data-image-canvas width=${img.width} height=${img.height}></canvas>`
        : html`<div class="empty muted">${this.state || 'no image yet'}</div>`}
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('image') || !this.image) return;
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas');
    // A CPU canvas: the page has no GPU context of its own (the view renders in its worker), and a GPU-backed 2D
    // canvas would first create one, a synchronous wait of 200-400 ms on the main thread (SwiftShader, measured).
    const ctx = canvas?.getContext('2d', { willReadFrequently: true });
    if (!canvas || !ctx) return;
    const { width, height, rgba } = this.image;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, width * height * 4), width, height), 0, 0);
  }
}

declare global {
  interface HTMLElementTagNameMap { 'image-panel': ImagePanel }
}
