import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { SendMessage } from '../core/bridge/messages.ts';
import { bridgeLaunchCommand, bridgeReadmePath, type RvizState } from '../core/bridge/state.ts';
import type { Problem } from '../core/graph/types.ts';
import { theme } from './theme.ts';

/**
 * The RViz state in the top bar: `RViz follows`, `RViz: write only`, `RViz: read-only` or `no bridge` (with the launch
 * command and the package README), the "Send to RViz" switch while a bridge is present, and the bridge's last answer.
 *
 * @fires send-toggle - detail: { on: boolean } when the user flips "Send to RViz"
 */
/** How long an ok answer ("RViz loaded it in 1.9 s") stays on screen. */
const okMessageMs = 8000;

@customElement('rviz-state')
export class RvizStateView extends LitElement {
  public static override styles = [theme, css`
    :host { display: inline-flex; align-items: center; position: relative; }
    .group { display: inline-flex; align-items: stretch; border: 1px solid var(--line); border-radius: var(--radius); background: var(--panel-2);
      min-height: var(--target); box-sizing: border-box; }
    details { position: relative; display: flex; }
    summary { list-style: none; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; padding: 0 9px; white-space: nowrap; }
    summary::-webkit-details-marker { display: none; }
    summary:hover { color: var(--accent); }
    .dot { width: 10px; height: 10px; border-radius: 50%; background: var(--muted); }
    .follows .dot, .write-only .dot { background: var(--ok); }
    .bridge .dot, .read-only .dot, .rviz-exited .dot, .checking .dot { background: var(--warn); }
    .no-bridge .dot { background: none; border: 1px solid var(--muted); box-sizing: border-box; }
    .panel { position: absolute; top: calc(100% + 6px); left: -1px; z-index: 20; width: min(30em, 90vw); padding: 10px 12px;
      background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: 0 8px 24px rgba(0, 0, 0, .45); }
    .panel p { margin: 0 0 8px; }
    .panel code { display: block; padding: 6px 8px; margin: 4px 0 8px; background: var(--bg); border-radius: 4px; user-select: all; overflow-wrap: anywhere; }
    .panel a { color: var(--accent); }
    label.send { display: inline-flex; align-items: center; gap: 6px; padding: 0 9px 0 8px; white-space: nowrap; border-left: 1px solid var(--line); cursor: pointer; }
    label.send input { min-height: 0; width: 16px; height: 16px; margin: 0; }
    :host([kiosk]) label.send input { width: 28px; height: 28px; }
    /* The bridge's answer floats under the control, so the top bar keeps its height; errors stay until dismissed. */
    .toast { position: absolute; top: calc(100% + 6px); left: 0; z-index: 15; display: flex; gap: 8px; align-items: flex-start;
      width: max-content; max-width: min(34em, 80vw); padding: 6px 10px; font-size: 13px; background: var(--panel);
      border: 1px solid var(--line); border-radius: var(--radius); box-shadow: 0 6px 18px rgba(0, 0, 0, .4); }
    .toast.error { border-color: var(--err); }
    .toast.warn { border-color: var(--warn); }
    .toast button { min-height: 0; padding: 0 6px; line-height: 18px; }
    .group:has(details[open]) ~ .toast { display: none; }
    @media (max-width: 1000px) { :host(:not([kiosk])) .to-rviz { display: none; } }
    /* show="message": the answer as a line of the page's notice row, under the top bar, covering nothing. */
    :host([show="message"]) { display: block; }
    :host([show="message"]) .toast { position: static; width: auto; max-width: none; box-shadow: none; border-width: 0 0 0 3px;
      border-radius: 0; border-color: var(--ok); padding: 4px 12px; }
    :host([show="message"]) .toast.error { border-color: var(--err); }
    :host([show="message"]) .toast.warn { border-color: var(--warn); }
    :host([show="message"]) .toast.muted { border-color: var(--line); }
  `];

  @property({ attribute: false }) public state: RvizState | undefined;
  @property({ type: Boolean }) public send = false;
  @property({ type: Boolean }) public sending = false;
  @property({ attribute: false }) public message: SendMessage | undefined;
  @property({ attribute: false }) public problem: Problem | undefined;
  @property({ type: Boolean, reflect: true }) public kiosk = false;
  /**
   * What to show: `all` (the kiosk: the answer floats under the control), `control` (the top bar's state and
   * switch only) or `message` (the answer only, placed by the page where it covers no control).
   */
  @property({ reflect: true }) public show: 'all' | 'control' | 'message' = 'all';
  @state() private dismissed: SendMessage | undefined;
  private fadeTimer: ReturnType<typeof setTimeout> | undefined;

  protected override render() {
    const s = this.state;
    if (!s || s.mode === 'offline') return nothing;
    const toast = this.sending ? html`<div class="toast muted" data-rviz-message="sending">Sending to RViz…</div>`
      : this.message && this.dismissed !== this.message ? html`<div class="toast ${this.message.ok ? '' : 'error'}" role="status"
          data-rviz-message=${this.message.ok ? 'ok' : 'error'}><span>${this.message.text}</span>${this.message.ok ? nothing
          : html`<button aria-label="Dismiss" title="Dismiss" @click=${() => { this.dismissed = this.message; }}>×</button>`}</div>`
      : this.problem ? html`<div class="toast warn" data-problem=${this.problem.id} title=${this.problem.tip ?? ''}>${this.problem.message}</div>`
      : nothing;
    if (this.show === 'message') return toast;
    return html`
      <div class="group">
        <details class=${s.mode} data-rviz-mode=${s.mode}>
          <summary title=${s.detail}><span class="dot"></span><span data-rviz-label>${s.label}</span></summary>
          <div class="panel" role="note">
            <p>${s.detail}</p>
            ${s.mode === 'no-bridge' ? html`
              <p class="muted">On the machine that runs RViz2, in a colcon workspace with the package built:</p>
              <code data-launch-command>${bridgeLaunchCommand}</code>
              <p><a href=${bridgeReadmePath} target="_blank" rel="noopener">Bridge README</a>
                <span class="muted mono">(${bridgeReadmePath})</span></p>` : nothing}
          </div>
        </details>
        ${s.bridgePresent ? html`
          <label class="send" title="Apply and Undo send the whole document to the robot's bridge, which makes RViz load it">
            <input type="checkbox" data-send-to-rviz .checked=${this.send} @change=${this.onToggle} /><span>Send<span class="to-rviz"> to RViz</span></span>
          </label>` : nothing}
      </div>
      ${this.show === 'all' ? toast : nothing}
    `;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A new answer replaces the old one; an ok message goes away by itself after a while.
    if (!changed.has('message')) return;
    clearTimeout(this.fadeTimer);
    this.dismissed = undefined;
    const m = this.message;
    if (m?.ok) this.fadeTimer = setTimeout(() => { this.dismissed = m; }, okMessageMs);
  }

  public override disconnectedCallback(): void {
    clearTimeout(this.fadeTimer);
    super.disconnectedCallback();
  }

  private onToggle(e: Event): void {
    const on = (e.target as HTMLInputElement).checked;
    this.dispatchEvent(new CustomEvent('send-toggle', { detail: { on }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'rviz-state': RvizStateView }
}
