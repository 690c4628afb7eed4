import { LitElement, html, css, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { theme } from './theme.ts';

/** Sent on `window` by main.ts when a new version of the app is installed and waiting; `apply` reloads into it. */
export const UPDATE_READY_EVENT = 'rviz-companion:update-ready';
export interface UpdateReadyDetail { apply: () => void }

/**
 * "A new version is ready — Reload to update": shown when the service worker has a new version waiting. The new
 * version is never applied on its own (no skipWaiting): a kiosk operator in the middle of a task decides when.
 */
@customElement('update-banner')
export class UpdateBanner extends LitElement {
  public static override styles = [theme, css`
    :host { position: fixed; left: 50%; transform: translateX(-50%); top: 62px; z-index: 20; }
    .box { display: flex; gap: 8px; align-items: center; background: var(--panel-2); border: 1px solid var(--accent);
      border-radius: var(--radius); padding: 6px 10px; box-shadow: 0 4px 16px rgba(0, 0, 0, .5); }
  `];

  @state() private apply: (() => void) | undefined;
  @state() private dismissed = false;

  private readonly onReady = (e: Event) => {
    this.apply = (e as CustomEvent<UpdateReadyDetail>).detail.apply;
    this.dismissed = false;
  };

  public override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener(UPDATE_READY_EVENT, this.onReady);
  }

  public override disconnectedCallback(): void {
    window.removeEventListener(UPDATE_READY_EVENT, this.onReady);
    super.disconnectedCallback();
  }

  protected override render() {
    if (!this.apply || this.dismissed) return nothing;
    return html`<div class="box" role="status" data-update-ready>
      <span>A new version is ready.</span>
      <button class="primary" data-update-reload @click=${() => this.apply?.()}>Reload to update</button>
      <button aria-label="Later" @click=${() => { this.dismissed = true; }}>Later</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'update-banner': UpdateBanner }
}
