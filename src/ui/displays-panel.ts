import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { DisplayInfo } from '../core/rviz/displays.ts';
import type { DisplayChange } from '../core/review/display-changes.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import { shortType } from '../core/planner/describe.ts';
import { theme } from './theme.ts';
import { displayStates } from './display-states.ts';

export interface GlobalOptionsView {
  fixedFrame: string;
  backgroundColor: string;
  frameRate: string;
}

/**
 * The document's displays as a tree (groups nested) with class, name, topic and enabled state, a status dot per
 * display from the findings (ok, warning, error), and the Global Options. Each display expands into a read-only
 * inspector of its properties as the document holds them; the displays the last applied plan changed are marked,
 * with the changed properties, until the next change.
 */
@customElement('displays-panel')
export class DisplaysPanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; }
    ul { list-style: none; margin: 0; padding: 0; }
    li { padding: 4px 0 4px calc(var(--depth, 0) * 16px); border-bottom: 1px solid #30333a; }
    .row { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
    .dot { width: 9px; height: 9px; border-radius: 50%; background: var(--ok); display: inline-block; flex: none; }
    .dot.warning { background: var(--warn); } .dot.error { background: var(--err); } .dot.off { background: var(--muted); }
    .name { font-weight: 600; }
    .disabled .name { color: var(--muted); font-weight: 400; }
    .cls { color: var(--muted); font-size: 12px; }
    .topic { font-family: ui-monospace, monospace; font-size: 12px; }
    .finding { font-size: 12px; margin: 2px 0 0 17px; }
    .finding.error { color: var(--err); } .finding.warning { color: var(--warn); } .finding.info { color: var(--info); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; }
    dt { color: var(--muted); }
    h3 { font-size: 13px; color: var(--muted); margin: 10px 0 4px; font-weight: 600; }
    .expand { min-height: 28px; min-width: 28px; padding: 0 6px; font-size: 12px; }
    :host([kiosk]) .expand { min-height: var(--target); min-width: var(--target); }
    li.changed, li.added { background: #1f3147; box-shadow: inset 3px 0 0 var(--accent); }
    .chip.change { border-color: var(--accent); color: #cfe3ff; }
    .inspector { margin: 4px 0 2px 17px; font-size: 12px; grid-template-columns: max-content minmax(0, 1fr); }
    .inspector dd { margin: 0; overflow-wrap: anywhere; }
    .inspector .hot { color: #cfe3ff; font-weight: 600; }
    .view-state { font-size: 12px; color: var(--muted); } .view-state.drawing { color: var(--ok); } .view-state.stale { opacity: .6; }
  `];

  @property({ attribute: false }) public displays: readonly DisplayInfo[] = [];
  @property({ attribute: false }) public globalOptions: GlobalOptionsView | undefined;
  @property({ attribute: false }) public findings: readonly Finding[] = [];
  @property() public documentName = '';
  /** What the last applied plan changed (highlighted). */
  @property({ attribute: false }) public changes: readonly DisplayChange[] = [];
  @property({ type: Boolean, reflect: true }) public kiosk = false;
  @state() private expanded = new Set<string>();
  /** The live view's state of each display (one truth, src/ui/display-states.ts). */
  private readonly onViewStates = (): void => { this.requestUpdate(); };
  public override connectedCallback(): void { super.connectedCallback(); displayStates.addEventListener('change', this.onViewStates); }
  public override disconnectedCallback(): void { displayStates.removeEventListener('change', this.onViewStates); super.disconnectedCallback(); }

  protected override render() {
    return html`
      <h3>Global Options</h3>
      ${this.globalOptions ? html`<dl data-global-options>
        <dt>Fixed Frame</dt><dd class="mono" data-fixed-frame>${this.globalOptions.fixedFrame || '–'}</dd>
        <dt>Background</dt><dd class="mono">${this.globalOptions.backgroundColor || '–'}</dd>
        <dt>Frame Rate</dt><dd class="mono">${this.globalOptions.frameRate || '–'}</dd>
      </dl>` : nothing}
      <h3>Displays <span class="muted">${this.documentName}</span></h3>
      ${this.displays.length === 0 ? html`<div class="muted">No displays.</div>` : html`
        <ul>${this.displays.map((d) => this.row(d))}</ul>`}
    `;
  }

  private row(d: DisplayInfo) {
    const mine = this.findings.filter((f) => f.subject.display === d.name || (f.subject.kind === 'display' && f.subject.name === d.name));
    const worst = mine.some((f) => f.severity === 'error') ? 'error' : mine.some((f) => f.severity === 'warning') ? 'warning' : '';
    const status = !d.enabled ? 'off' : worst;
    const change = this.changes.find((c) => c.path === d.path);
    const open = this.expanded.has(d.path);
    const id = `props-${d.path.replace(/\W+/g, '-')}`;
    return html`<li class="${d.enabled ? '' : 'disabled'} ${change?.kind ?? ''}" style="--depth:${d.depth}" data-display=${d.name}
        data-status=${status || 'ok'} data-change=${change?.kind ?? nothing}>
      <div class="row">
        <button class="expand" aria-expanded=${open ? 'true' : 'false'} aria-controls=${id}
          aria-label="${open ? 'Hide' : 'Show'} the properties of ${d.name || 'this display'}" @click=${() => this.toggle(d.path)}>${open ? '▾' : '▸'}</button>
        <span class="dot ${status}" role="img" aria-label="status ${status || 'ok'}" title=${status || 'ok'}></span>
        <span class="name">${d.name}</span>
        <span class="cls">${d.isGroup ? 'Group' : shortType(d.classId)}</span>
        ${d.topics.map((t) => html`<span class="topic" title=${t.property}>${t.value}</span>`)}
        ${d.enabled ? nothing : html`<span class="muted">hidden</span>`}
        ${this.viewState(d)}
        ${change ? html`<span class="chip change" data-change-chip>${change.kind === 'added' ? 'new' : 'changed'}</span>` : nothing}
      </div>
      ${mine.map((f) => html`<div class="finding ${f.severity}" data-finding=${f.code}>${f.summary}</div>`)}
      ${open ? this.inspector(d, id, change) : nothing}
    </li>`;
  }

  /** The same state the view's legend shows (drawing, stale, no data and why…). */
  private viewState(d: DisplayInfo) {
    const v = d.enabled ? displayStates.get(d.path) : undefined;
    return v ? html`<span class="view-state ${v.state}" data-view-state=${v.state} title=${v.detail ?? ''}>${v.label}</span>` : nothing;
  }

  private inspector(d: DisplayInfo, id: string, change: DisplayChange | undefined) {
    const rows = flatten(d.properties);
    const hot = new Set(change?.properties ?? []);
    return html`<dl class="inspector" id=${id} data-inspector>
      ${rows.map(([path, value]) => html`<dt class=${hot.has(path) ? 'hot' : ''}>${path}</dt>
        <dd class="mono ${hot.has(path) ? 'hot' : ''}" data-prop=${path}>${value}</dd>`)}
    </dl>`;
  }

  private toggle(path: string): void {
    const next = new Set(this.expanded);
    if (next.has(path)) next.delete(path); else next.add(path);
    this.expanded = next;
  }
}

/** A display's own settings as `path → text` rows, nested maps joined with `/` (a group's child displays left out). */
function flatten(value: Record<string, unknown>, prefix = '', out: [string, string][] = []): [string, string][] {
  for (const [k, v] of Object.entries(value)) {
    if (prefix === '' && (k === 'Displays' || k === 'Class')) continue;
    const path = prefix ? `${prefix}/${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, path, out);
    else out.push([path, v === null || v === undefined ? '' : Array.isArray(v) ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

declare global {
  interface HTMLElementTagNameMap { 'displays-panel': DisplaysPanel }
}
