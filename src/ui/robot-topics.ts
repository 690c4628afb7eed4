import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Endpoint, TopicInfo } from '../core/graph/types.ts';
import { theme } from './theme.ts';
import { endpointTitle, qosLabel, rateLabel } from './format.ts';

/** How many rows render before "show all": keeps a 1,000-topic robot from blocking the main thread. */
const DEFAULT_VISIBLE_ROWS = 60;
/**
 * Rows added per frame while the list fills (a robot's first snapshot, "show all"): the first render of a robot's
 * topics came with the whole page's first layout in one task of 54-98 ms; a dozen rows a frame keeps each frame short.
 */
const ROWS_PER_FRAME = 12;

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
    .bar { flex-wrap: wrap; }
    .bar input { flex: 1 1 16em; }
    .bar [data-count] { font-size: 12px; }
    .topic { padding: 5px 2px; border-bottom: 1px solid #30333a; }
    .head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
    .name { font-family: ui-monospace, monospace; font-weight: 600; word-break: break-all; }
    .type { color: var(--muted); font-family: ui-monospace, monospace; font-size: 12px; }
    .rate { margin-left: auto; font-family: ui-monospace, monospace; font-size: 12px; color: var(--muted); white-space: nowrap; }
    .endpoints { display: flex; flex-wrap: wrap; gap: 4px 10px; margin-top: 3px; font-size: 12px; }
    .node { color: var(--muted); font-family: ui-monospace, monospace; }
    .subs { color: var(--muted); font-size: 12px; margin-top: 2px; }
    .empty { padding: 16px; color: var(--muted); }
  `];

  @property({ attribute: false }) public topics: readonly TopicInfo[] = [];
  @state() private filter = '';
  @state() private showAll = false;
  /** Rows rendered so far: grows by ROWS_PER_FRAME each frame up to what is asked for. */
  @state() private grown = ROWS_PER_FRAME;
  private growing = 0;

  protected override render() {
    const needle = this.filter.trim().toLowerCase();
    const matching = needle
      ? this.topics.filter((t) => t.name.toLowerCase().includes(needle) || t.type.toLowerCase().includes(needle))
      : this.topics;
    const asked = this.showAll ? matching.length : Math.min(matching.length, DEFAULT_VISIBLE_ROWS);
    const visible = matching.slice(0, Math.min(asked, this.grown));
    if (visible.length < asked) this.growSoon();
    return html`
      <div class="bar">
        <input type="search" placeholder="Filter topics or types" aria-label="Filter topics"
          .value=${this.filter} @input=${(e: Event) => { this.filter = (e.target as HTMLInputElement).value; }} />
        <span class="muted" data-count>${matching.length} / ${this.topics.length} topics · rates measured in this browser</span>
      </div>
      ${this.topics.length === 0 ? html`<div class="empty">No topics yet.</div>` : html`
      <div role="list" aria-label="Topics">${repeat(visible, (t) => t.name, (t) => this.row(t))}</div>
      ${asked < matching.length
        ? html`<button @click=${() => { this.showAll = true; }}>Show all ${matching.length}</button>` : nothing}`}
    `;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another robot's first topics fill the list a dozen rows a frame again.
    const before = changed.get('topics') as readonly TopicInfo[] | undefined;
    if (changed.has('topics') && (before?.length ?? 0) === 0) this.grown = ROWS_PER_FRAME;
  }

  private growSoon(): void {
    if (this.growing) return;
    this.growing = requestAnimationFrame(() => { this.growing = 0; this.grown += ROWS_PER_FRAME; });
  }

  public override disconnectedCallback(): void {
    cancelAnimationFrame(this.growing);
    this.growing = 0;
    super.disconnectedCallback();
  }

  private row(t: TopicInfo) {
    return html`<div class="topic" role="listitem" data-topic=${t.name}>
      <div class="head">
        <span class="name">${t.name}</span><span class="type">${t.type.replace('/msg/', '/')}</span>
        <span class="rate" title="Message rate measured in this browser">${rateLabel(t.rateHz)}</span>
      </div>
      <div class="endpoints">${t.publishers.length === 0
        ? html`<span class="warn">no publisher</span>`
        : t.publishers.map((p) => this.endpoint(p))}</div>
      ${t.subscribers.length ? html`<div class="subs" title=${t.subscribers.map((s) => endpointTitle(s)).join('\n')}>subscribers:
        ${t.subscribers.map((s) => s.node).join(', ')}</div>` : nothing}
    </div>`;
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
