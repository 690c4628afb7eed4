import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { DisplayInfo } from '../core/rviz/displays.ts';
import type { DisplayChange } from '../core/review/display-changes.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import { shortType } from '../core/planner/describe.ts';
import { globalOptionControls, previewVerdict, propertyControls, type PropertyControl } from '../core/editor/property-controls.ts';
import { topicChoices, typeChoices } from '../core/editor/add-choices.ts';
import { catalog } from '../core/catalog/index.ts';
import type { EditorPort } from './edit-controller.ts';
import type { EditOutcome } from './property-editor.ts';
import type { AddDisplayDialog } from './add-display-dialog.ts';
import './property-editor.ts';
import './add-display-dialog.ts';
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
    .row.editable { align-items: center; flex-wrap: nowrap; }
    /* What the row says wraps inside itself, so Rename/Remove stay on the row's first line beside a long topic. */
    .about { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; flex: 1 1 auto; min-width: 0; }
    .dot { width: 9px; height: 9px; border-radius: 50%; background: var(--ok); display: inline-block; flex: none; }
    .dot.warning { background: var(--warn); } .dot.error { background: var(--err); } .dot.off { background: var(--muted); }
    .name { font-weight: 600; }
    .disabled .name { color: var(--muted); font-weight: 400; }
    .cls { color: var(--muted); font-size: 12px; }
    .topic { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
    .finding { font-size: 12px; margin: 2px 0 0 17px; }
    .finding.error { color: var(--err); } .finding.warning { color: var(--warn); } .finding.info { color: var(--info); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; }
    dt { color: var(--muted); }
    h3 { font-size: 13px; color: var(--muted); margin: 10px 0 4px; font-weight: 600; }
    .expand { min-height: 28px; min-width: 28px; padding: 0 6px; font-size: 12px; flex: none; }
    :host([kiosk]) .expand { min-height: var(--target); min-width: var(--target); }
    li.changed, li.added { background: #1f3147; box-shadow: inset 3px 0 0 var(--accent); }
    .chip.change { border-color: var(--accent); color: #cfe3ff; }
    .inspector { margin: 4px 0 2px 17px; font-size: 12px; grid-template-columns: max-content minmax(0, 1fr); }
    .inspector dd { margin: 0; overflow-wrap: anywhere; }
    .inspector .hot { color: #cfe3ff; font-weight: 600; }
    .tools { display: flex; gap: 6px; align-items: center; margin-left: auto; }
    .tools button { min-height: 28px; min-width: 28px; padding: 0 6px; font-size: 13px; }
    :host([kiosk]) .tools button { min-height: var(--target); min-width: var(--target); }
    .switch { width: 22px; height: 22px; margin: 0; accent-color: var(--accent); flex: none; }
    :host([kiosk]) .switch { width: var(--target); height: var(--target); }
    .heading { display: flex; align-items: center; gap: 8px; }
    .heading button { margin-left: auto; }
    property-editor { margin: 4px 0 2px 17px; }
    .edit-status { font-size: 12px; margin: 2px 0 0 17px; }
    .edit-status.error { color: var(--err); } .edit-status.auto { color: #cfe3ff; }
    .view-state { font-size: 12px; color: var(--muted); } .view-state.drawing { color: var(--ok); } .view-state.stale { opacity: .6; }
  `];

  @property({ attribute: false }) public displays: readonly DisplayInfo[] = [];
  @property({ attribute: false }) public globalOptions: GlobalOptionsView | undefined;
  @property({ attribute: false }) public findings: readonly Finding[] = [];
  @property() public documentName = '';
  /** What the last applied plan changed (highlighted). */
  @property({ attribute: false }) public changes: readonly DisplayChange[] = [];
  @property({ type: Boolean, reflect: true }) public kiosk = false;
  /** Hand editing (properties, Rename, Enable, Remove, Add display, Global Options); absent: read-only. */
  @property({ attribute: false }) public editor: EditorPort | undefined;
  @state() private expanded = new Set<string>();
  @state() private renaming: string | undefined;
  /** The outcome of the last row action (rename, enable, remove, add), by display path ('' for Add). */
  @state() private rowOutcome: { path: string; outcome: EditOutcome } | undefined;
  /** The live view's state of each display (one truth, src/ui/display-states.ts). */
  private readonly onViewStates = (): void => { this.requestUpdate(); };
  public override connectedCallback(): void { super.connectedCallback(); displayStates.addEventListener('change', this.onViewStates); }
  public override disconnectedCallback(): void { displayStates.removeEventListener('change', this.onViewStates); super.disconnectedCallback(); }

  protected override render() {
    const ctx = this.editor?.context();
    return html`
      <h3>Global Options</h3>
      ${ctx ? html`<property-editor data-global-options displayName="Global Options" ?kiosk=${this.kiosk} .controls=${globalOptionControls(ctx)}
          .commit=${(c: PropertyControl, value: string) => this.editor!.commit({ kind: 'global', path: c.path, value })}></property-editor>`
        : this.globalOptions ? html`<dl data-global-options>
        <dt>Fixed Frame</dt><dd class="mono" data-fixed-frame>${this.globalOptions.fixedFrame || '–'}</dd>
        <dt>Background</dt><dd class="mono">${this.globalOptions.backgroundColor || '–'}</dd>
        <dt>Frame Rate</dt><dd class="mono">${this.globalOptions.frameRate || '–'}</dd>
      </dl>` : nothing}
      <h3 class="heading">Displays <span class="muted">${this.documentName}</span>
        ${this.editor ? html`<button data-add-display @click=${() => this.openAdd()}>Add display…</button>` : nothing}</h3>
      ${this.rowOutcome?.path === '' ? this.status(this.rowOutcome.outcome) : nothing}
      ${this.displays.length === 0 ? html`<div class="muted">No displays.</div>` : html`
        <ul>${this.displays.map((d) => this.row(d))}</ul>`}
      ${ctx ? html`<add-display-dialog ?kiosk=${this.kiosk} .types=${typeChoices(catalog)} .groups=${topicChoices(ctx)}
        .commit=${(edit: Parameters<EditorPort['commit']>[0]) => this.editor!.commit(edit)}
        @display-added=${(e: CustomEvent<{ outcome: EditOutcome }>) => { this.rowOutcome = { path: '', outcome: e.detail.outcome }; }}></add-display-dialog>` : nothing}
    `;
  }

  private openAdd(): void {
    this.renderRoot.querySelector<AddDisplayDialog>('add-display-dialog')?.show();
  }

  /** What a row action did: refused with why, or applied with what was added automatically. */
  private status(outcome: EditOutcome) {
    if (!outcome.ok) return html`<div class="edit-status error" role="alert" data-edit-status="refused">Refused: ${outcome.reason}</div>`;
    return outcome.auto.map((a) => html`<div class="edit-status auto" data-edit-status="auto">Automatic: ${a}</div>`);
  }

  private async rowEdit(path: string, run: () => Promise<EditOutcome>): Promise<void> {
    const outcome = await run();
    this.rowOutcome = { path, outcome };
  }

  /** Rename, Enable and Remove of one display (each one action, one undo step). */
  private rowTools(d: DisplayInfo) {
    const editor = this.editor!;
    const who = { display: d.path, displayName: d.name };
    if (this.renaming === d.path) {
      const commit = (value: string) => {
        this.renaming = undefined;
        if (value.trim() === '' || value === d.name) return;
        void this.rowEdit(d.path, () => editor.commit({ kind: 'rename', ...who, name: value }));
      };
      return html`<span class="tools"><input aria-label="${d.name} › Name" .value=${d.name} data-rename-field
        @keydown=${(e: KeyboardEvent) => { if (e.key === 'Enter') commit((e.target as HTMLInputElement).value); if (e.key === 'Escape') this.renaming = undefined; }}
        @change=${(e: Event) => commit((e.target as HTMLInputElement).value)}></span>`;
    }
    return html`<span class="tools">
      <button aria-label="Rename ${d.name}" title="Rename" data-rename @click=${() => this.startRename(d.path)}>✎</button>
      <button aria-label="Remove ${d.name}" title="Remove" data-remove @click=${() => void this.rowEdit(d.path, () => editor.commit({ kind: 'remove', ...who }))}>✕</button>
    </span>`;
  }

  /** Show/hide, as RViz's checkbox before the name. */
  private enabledSwitch(d: DisplayInfo) {
    const editor = this.editor!;
    return html`<input class="switch" type="checkbox" role="switch" aria-label="${d.name} › Enabled" title="Enabled" .checked=${d.enabled} data-enabled-switch
      @change=${(e: Event) => void this.rowEdit(d.path, () => editor.commit({ kind: 'enabled', display: d.path, displayName: d.name, on: (e.target as HTMLInputElement).checked }))}>`;
  }

  private startRename(path: string): void {
    this.renaming = path;
    void this.updateComplete.then(() => {
      const field = this.renderRoot.querySelector<HTMLInputElement>('[data-rename-field]');
      field?.focus();
      field?.select();
    });
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
      <div class="row ${this.editor ? 'editable' : ''}">
        <button class="expand" aria-expanded=${open ? 'true' : 'false'} aria-controls=${id}
          aria-label="${open ? 'Hide' : 'Show'} the properties of ${d.name || 'this display'}" @click=${() => this.toggle(d.path)}>${open ? '▾' : '▸'}</button>
        ${this.editor && this.renaming !== d.path ? this.enabledSwitch(d) : nothing}
        <span class="about">
          <span class="dot ${status}" role="img" aria-label="status ${status || 'ok'}" title=${status || 'ok'}></span>
          <span class="name">${d.name}</span>
          <span class="cls">${d.isGroup ? 'Group' : shortType(d.classId)}</span>
          ${d.topics.map((t) => html`<span class="topic" title=${t.property}>${t.value}</span>`)}
          ${d.enabled ? nothing : html`<span class="muted">hidden</span>`}
          ${this.viewState(d)}
          ${change ? html`<span class="chip change" data-change-chip>${change.kind === 'added' ? 'new' : 'changed'}</span>` : nothing}
        </span>
        ${this.editor ? this.rowTools(d) : nothing}
      </div>
      ${mine.map((f) => html`<div class="finding ${f.severity}" data-finding=${f.code}>${f.summary}</div>`)}
      ${this.rowOutcome?.path === d.path ? this.status(this.rowOutcome.outcome) : nothing}
      ${open ? (this.editor ? this.editorFor(d, id) : this.inspector(d, id, change)) : nothing}
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

  /** The display's properties as controls (src/core/editor), each committed as one edit. */
  private editorFor(d: DisplayInfo, id: string) {
    const editor = this.editor!;
    const ctx = editor.context();
    let byPath = this.controlsMemo.get(ctx);
    if (!byPath) { byPath = new Map(); this.controlsMemo.set(ctx, byPath); }
    let controls = byPath.get(d.path);
    if (!controls) { controls = propertyControls(ctx, d); byPath.set(d.path, controls); }
    return html`<property-editor id=${id} data-inspector ?kiosk=${this.kiosk} displayName=${d.name} .controls=${controls}
      .commit=${(c: PropertyControl, value: string) => editor.commit({ kind: 'property', display: d.path, displayName: d.name, control: c, value })}
      .preview=${(c: PropertyControl, value: string) => previewVerdict(editor.context(), d, c, value)}></property-editor>`;
  }

  /** Controls per context (one per document and snapshot) and display: the 1 s re-render rebuilds nothing. */
  private readonly controlsMemo = new WeakMap<object, Map<string, PropertyControl[]>>();

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
