import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DecodedImage } from '../view/decode/types.ts';
import type { ImageInfo } from '../view/scene/view-runtime.ts';
import { drawRgba } from '../view/scene/image-canvas.ts';
import { theme } from './theme.ts';

/**
 * An Image or Camera display as a 2D panel beside the live view: the newest decoded frame scaled to the panel's
 * width, with the display's name, size and encoding. Where the view renders in its worker, the panel's canvas is
 * handed over once (`sink`) and the worker draws the frames into it: the page never makes a 2D context (its first
 * one waited 200-490 ms for the GPU process while the worker's WebGL kept it busy). Otherwise (`image`) the panel
 * draws the RGBA itself.
 */
@customElement('image-panel')
export class ImagePanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; }
    header { display: flex; gap: 6px; align-items: baseline; padding: 2px 6px; font-size: 12px; }
    header .name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    canvas { display: block; width: 100%; height: auto; image-rendering: pixelated; background: #000; }
    canvas[hidden] { display: none; }
    .empty { padding: 10px; font-size: 12px; }
    :host([display-state="stale"]) canvas, :host([display-state="no-data"]) canvas { opacity: .3; }
    .state { font-size: 11px; }
  `];

  @property() public name = '';
  /** The display's state label (the legend's). */
  @property() public state = '';
  /** The display's state (drawing, stale…): a stale frame is shown dimmed, as the 3D view dims stale data. */
  @property({ attribute: 'display-state', reflect: true }) public displayState = '';
  /** The newest frame's pixels, for a panel that draws itself. */
  @property({ attribute: false }) public image: DecodedImage | undefined;
  /** The newest frame's size and encoding (from `image` when not given). */
  @property({ attribute: false }) public info: ImageInfo | undefined;
  /** Takes the panel's canvas once (the view's worker draws into it); the panel then never draws itself. */
  @property({ attribute: false }) public sink: ((canvas: HTMLCanvasElement) => void) | undefined;
  private handedOver = false;

  protected override render() {
    const info = this.info ?? this.image;
    // One canvas for the panel's life: a canvas handed to a worker cannot be handed again or resized here.
    return html`
      <header><span class="name">${this.name}</span>
        ${info ? html`<span class="muted">${info.width}×${info.height} ${info.encoding}</span>` : nothing}
        ${info && this.displayState && this.displayState !== 'drawing' ? html`<span class="state muted" data-image-state>${this.state}</span>` : nothing}</header>
      <canvas data-image-canvas ?hidden=${!info}></canvas>
      ${info ? nothing : html`<div class="empty muted">${this.state || 'no image yet'}</div>`}
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const canvas = this.renderRoot.querySelector<HTMLCanvasElement>('canvas');
    if (!canvas) return;
    if (this.sink && !this.handedOver) { this.handedOver = true; this.sink(canvas); return; }
    if (this.handedOver || !changed.has('image') || !this.image) return;
    // A CPU canvas: a GPU-backed 2D canvas would first make the page a GPU context.
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx) drawRgba(canvas, ctx, this.image);
  }
}

declare global {
  interface HTMLElementTagNameMap { 'image-panel': ImagePanel }
}
