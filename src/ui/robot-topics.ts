import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Endpoint, TopicInfo } from '../core/graph/types.ts';
import { theme } from './theme.ts';
import { endpointTitle, qosLabel, rateLabel } from './format.ts';

/** How many rows render before "show all": keeps a 1,000-topic robot from blocking the main thread. */
const DEFAULT_VISIBLE_ROWS = 150;

/**
 * The robot's topics: name, type, publishers and subscribers, the rate measured in this browser, and each
 * publisher's QoS with where that fact comes from (reported, inferred, unknown).
 *
 * @fires topic-select - detail: { topic: string } when a topic name is clicked
 */
@customElement('robot-topics')
export class RobotTopics extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; }
    .bar { display: flex; gap: var(--pad); align-items: center; margin-bottom: var(--pad); }
    .bar input { flex: 1; }
    table { width: 100%; border-collapse: collapse; }
    th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; padding: 4px; border-bottom: 1px solid var(--line); }
    td { padding: 4px; border-bottom: 1px solid #30333a; vertical-align: top; }
    td.name { word-break: break-all; }
    .type { color: var(--muted); }
    .endpoints { display: flex; flex-direction: column; gap: 2px; }
    .node { color: var(--muted); font-size: 12px; }
    .empty { padding: 16px; color: var(--muted); }
  `];

  @property({ attribute: false }) public topics: readonly TopicInfo[] = [];
  @state() private filter = '';
  @state() private showAll = false;

  protected override render() {
    const needle = this.filter.trim().toLowerCase();
    const matching = needle
      ? this.topics.filter((t) => t.name.toLowerCase().includes(needle) || t.type.toLowerCase().includes(needle))
      : this.topics;
    const visible = this.showAll ? matching : matching.slice(0, DEFAULT_VISIBLE_ROWS);
    return html`
      <div class="bar">
        <input type="search" placeholder="Filter topics or types" aria-label="Filter topics"
          .value=${this.filter} @input=${(e: Event) => { this.filter = (e.target as HTMLInputElement).value; }} />
        <span class="muted" data-count>${matching.length} / ${this.topics.length} topics</span>
      </div>
      ${this.topics.length === 0 ? html`<div class="empty">No topics yet.</div>` : html`
      <table>
        <thead><tr><th>Topic</th><th>Publishers · QoS</th><th>Subscribers</th><th title="Measured in this browser">Rate (browser)</th></tr></thead>
        <tbody>
          ${repeat(visible, (t) => t.name, (t) => this.row(t))}
        </tbody>
      </table>
      ${visible.length < matching.length
        ? html`<button @click=${() => { this.showAll = true; }}>Show all ${matching.length}</button>` : nothing}`}
    `;
  }

  private row(t: TopicInfo) {
    return html`<tr data-topic=${t.name}>
      <td class="name"><span class="mono">${t.name}</span><br /><span class="type mono">${t.type}</span></td>
      <td><div class="endpoints">${t.publishers.length === 0
        ? html`<span class="warn">no publisher</span>`
        : t.publishers.map((p) => this.endpoint(p))}</div></td>
      <td><div class="endpoints">${t.subscribers.length === 0
        ? html`<span class="muted">–</span>`
        : t.subscribers.map((s) => html`<span class="node mono" title=${endpointTitle(s)}>${s.node}</span>`)}</div></td>
      <td class="mono">${rateLabel(t.rateHz)}</td>
    </tr>`;
  }

  private endpoint(e: Endpoint) {
    return html`<span>
      <span class="node mono">${e.node}</span>
      <span class="chip ${e.source}" data-qos-source=${e.source} title=${endpointTitle(e)}>${qosLabel(e.qos)} · ${e.source}</span>
    </span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'robot-topics': RobotTopics }
}
