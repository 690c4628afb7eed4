import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Presence, Problem } from '../core/graph/types.ts';
import { theme } from './theme.ts';

const PRESENCE_LABEL: Record<Presence, string> = {
  idle: 'not connected', connecting: 'connecting…', connected: 'connected', reconnecting: 'reconnecting…',
  disconnected: 'disconnected', error: 'error',
};

/** "…; retrying in 0.5 s" goes stale as soon as it is drawn: the state beside it already says "reconnecting…". */
function withoutCountdown(message: string): string {
  return message.replace(/;\s*retrying in [\d.]+ s\.?$/, '');
}

/**
 * The robot URL and the connection state, with the link's most pressing problem said plainly on the same line (one
 * at most: the top bar stays one line; the whole text and the tip are in its tooltip).
 *
 * @fires url-change - detail: { url: string } when the user submits a new URL
 */
@customElement('connection-bar')
export class ConnectionBar extends LitElement {
  public static override styles = [theme, css`
    :host { display: flex; align-items: center; gap: var(--pad); flex-wrap: nowrap; min-width: 0; overflow: hidden; }
    form { flex-shrink: 0; }
    /* Narrow desks: the dot says the state (its label stays in the tooltip and for screen readers). */
    @media (max-width: 1000px) { :host(:not([kiosk])) input { width: 9em; } :host(:not([kiosk])) .state-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); } }
    form { display: flex; gap: var(--pad); align-items: center; }
    /* Narrow enough that the RViz state (rviz-state) fits in the same top-bar row at desk width. */
    input { width: 13em; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .state { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; flex-shrink: 0; }
    .dot { width: 10px; height: 10px; border-radius: 50%; background: var(--muted); }
    .dot.connected { background: var(--ok); }
    .dot.connecting, .dot.reconnecting { background: var(--warn); }
    .dot.error, .dot.disconnected { background: var(--err); }
    .problem { font-size: 13px; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    :host([kiosk]) .problem { white-space: normal; }
  `];

  @property() public url = '';
  @property() public presence: Presence = 'idle';
  @property({ attribute: false }) public problems: readonly Problem[] = [];
  @state() private draft: string | undefined;

  protected override render() {
    // Notes ('info', e.g. a refused subscription to a topic nobody publishes) are not problems of the connection.
    const linkProblems = this.problems.filter((p) => p.id.startsWith('link:') && p.severity !== 'info');
    const shown = linkProblems.find((p) => p.severity === 'error') ?? linkProblems[0];
    return html`
      <form @submit=${this.onSubmit}>
        <label class="sr-only" for="url">Robot</label>
        <input id="url" class="mono" .value=${this.draft ?? this.url} spellcheck="false" aria-label="rosbridge URL" placeholder="ws://ROBOT:9090" title="Robot: its rosbridge URL"
          @input=${(e: Event) => { this.draft = (e.target as HTMLInputElement).value; }} />
        <button type="submit">Connect</button>
      </form>
      <span class="state" data-presence=${this.presence} title=${PRESENCE_LABEL[this.presence]}><span class="dot ${this.presence}"></span><span class="state-label">${PRESENCE_LABEL[this.presence]}</span></span>
      ${shown ? html`<span class="problem ${shown.severity === 'error' ? 'error' : 'warn'}" data-problem=${shown.id}
        title=${[shown.message, shown.tip ?? ''].join(' ').trim()}>${withoutCountdown(shown.message)}</span>` : ''}
    `;
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    const url = (this.draft ?? this.url).trim();
    this.draft = undefined;
    this.dispatchEvent(new CustomEvent('url-change', { detail: { url }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'connection-bar': ConnectionBar }
}
