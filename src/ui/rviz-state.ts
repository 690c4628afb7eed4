import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
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
@customElement('rviz-state')
export class RvizStateView extends LitElement {
  public static override styles = [theme, css`
    :host { display: inline-flex; align-items: center; gap: var(--pad); flex-wrap: wrap; position: relative; }
    details { position: relative; }
    summary { list-style: none; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; min-height: var(--target);
      padding: 0 10px; border: 1px solid var(--line); border-radius: var(--radius); background: var(--panel-2); white-space: nowrap; }
    summary::-webkit-details-marker { display: none; }
    .dot { width: 10px; height: 10px; border-radius: 50%; background: var(--muted); }
    .follows .dot, .write-only .dot { background: var(--ok); }
    .bridge .dot, .read-only .dot, .rviz-exited .dot, .checking .dot { background: var(--warn); }
    .no-bridge .dot { background: var(--muted); border: 1px solid var(--text); box-sizing: border-box; }
    .panel { position: absolute; top: calc(100% + 6px); left: 0; z-index: 20; width: min(30em, 90vw); padding: 10px 12px;
      background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: 0 8px 24px rgba(0, 0, 0, .45); }
    .panel p { margin: 0 0 8px; }
    .panel code { display: block; padding: 6px 8px; margin: 4px 0 8px; background: var(--bg); border-radius: 4px; user-select: all; overflow-wrap: anywhere; }
    .panel a { color: var(--accent); }
    label.send { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
    label.send input { min-height: 0; width: 18px; height: 18px; }
    :host([kiosk]) label.send input { width: 28px; height: 28px; }
    .message { font-size: 13px; max-width: 36em; }
  `];

  @property({ attribute: false }) public state: RvizState | undefined;
  @property({ type: Boolean }) public send = false;
  @property({ type: Boolean }) public sending = false;
  @property({ attribute: false }) public message: SendMessage | undefined;
  @property({ attribute: false }) public problem: Problem | undefined;
  @property({ type: Boolean, reflect: true }) public kiosk = false;

  protected override render() {
    const s = this.state;
    if (!s || s.mode === 'offline') return nothing;
    return html`
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
          <input type="checkbox" data-send-to-rviz .checked=${this.send} @change=${this.onToggle} />Send to RViz
        </label>` : nothing}
      ${this.sending ? html`<span class="message muted" data-rviz-message="sending">Sending to RViz…</span>`
        : this.message ? html`<span class="message ${this.message.ok ? 'muted' : 'error'}" data-rviz-message=${this.message.ok ? 'ok' : 'error'}>${this.message.text}</span>`
        : nothing}
      ${this.problem ? html`<span class="message warn" data-problem=${this.problem.id} title=${this.problem.tip ?? ''}>${this.problem.message}</span>` : nothing}
    `;
  }

  private onToggle(e: Event): void {
    const on = (e.target as HTMLInputElement).checked;
    this.dispatchEvent(new CustomEvent('send-toggle', { detail: { on }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'rviz-state': RvizStateView }
}
