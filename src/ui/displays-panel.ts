import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DisplayInfo } from '../core/rviz/displays.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import { shortType } from '../core/planner/describe.ts';
import { theme } from './theme.ts';

export interface GlobalOptionsView {
  fixedFrame: string;
  backgroundColor: string;
  frameRate: string;
}

/**
 * The document's displays as a tree (groups nested) with class, name, topic and enabled state, a status dot per
 * display from the findings (ok, warning, error), and the Global Options.
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
  `];

  @property({ attribute: false }) public displays: readonly DisplayInfo[] = [];
  @property({ attribute: false }) public globalOptions: GlobalOptionsView | undefined;
  @property({ attribute: false }) public findings: readonly Finding[] = [];
  @property() public documentName = '';

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
    return html`<li class=${d.enabled ? '' : 'disabled'} style="--depth:${d.depth}" data-display=${d.name} data-status=${status || 'ok'}>
      <div class="row">
        <span class="dot ${status}" title=${status || 'ok'}></span>
        <span class="name">${d.name}</span>
        <span class="cls">${d.isGroup ? 'Group' : shortType(d.classId)}</span>
        ${d.topics.map((t) => html`<span class="topic" title=${t.property}>${t.value}</span>`)}
        ${d.enabled ? nothing : html`<span class="muted">hidden</span>`}
      </div>
      ${mine.map((f) => html`<div class="finding ${f.severity}" data-finding=${f.code}>${f.summary}</div>`)}
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'displays-panel': DisplaysPanel }
}
