import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { NamespaceGroup, TypeChoice } from '../core/editor/add-choices.ts';
import type { Edit } from '../core/editor/edit-actions.ts';
import type { EditOutcome } from './property-editor.ts';
import { theme } from './theme.ts';

type AddTab = 'type' | 'topic';

/**
 * RViz's Add dialog: *By display type* (the catalog's types with their summaries) and *By topic* (live topics grouped
 * by namespace, each with the display types that accept it and its publishers' QoS). Picking one commits an add_display
 * edit (validated and completed in core: the new display's QoS follows the publishers); a refusal stays in the dialog.
 *
 * @fires display-added - detail: { outcome } after an add was applied (the dialog closes)
 */
@customElement('add-display-dialog')
export class AddDisplayDialog extends LitElement {
  public static override styles = [theme, css`
    dialog { background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: var(--radius);
      padding: 0; width: min(92vw, 640px); max-height: min(86vh, 760px); }
    dialog::backdrop { background: rgba(0, 0, 0, .5); }
    .head { display: flex; gap: 6px; align-items: center; padding: 8px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    .head h2 { font-size: 15px; margin: 0 auto 0 0; }
    [role="tab"][aria-selected="true"] { border-color: var(--accent); background: #26405f; }
    .body { padding: 8px; overflow: auto; max-height: calc(min(86vh, 760px) - 120px); }
    ul { list-style: none; margin: 0; padding: 0; }
    li { padding: 4px 0; border-bottom: 1px solid #30333a; }
    .type { display: grid; grid-template-columns: max-content 1fr; gap: 8px; align-items: center; }
    .summary { color: var(--muted); font-size: 12px; }
    h3 { font-size: 13px; color: var(--muted); margin: 10px 0 2px; font-family: ui-monospace, monospace; }
    .topic { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .error { padding: 6px 8px; }
    label.name { display: flex; gap: 6px; align-items: center; }
    :host([kiosk]) button { min-height: 48px; min-width: 48px; }
  `];

  @property({ attribute: false }) public types: readonly TypeChoice[] = [];
  @property({ attribute: false }) public groups: readonly NamespaceGroup[] = [];
  @property({ attribute: false }) public commit: ((edit: Edit) => Promise<EditOutcome> | EditOutcome) | undefined;
  @property({ type: Boolean, reflect: true }) public kiosk = false;
  @state() private tab: AddTab = 'topic';
  @state() private refused = '';
  @state() private name = '';

  /** Opens the dialog (modal: Escape closes it), on By topic when the robot has topics. */
  public show(): void {
    this.refused = '';
    this.tab = this.groups.length > 0 ? 'topic' : 'type';
    void this.updateComplete.then(() => this.renderRoot.querySelector('dialog')?.showModal());
  }

  public close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  protected override render() {
    return html`<dialog aria-label="Add display" data-add-dialog>
      <div class="head">
        <h2>Add display</h2>
        <div role="tablist" aria-label="Add display by">
          <button role="tab" aria-selected=${this.tab === 'topic' ? 'true' : 'false'} data-add-tab="topic" @click=${() => { this.tab = 'topic'; }}>By topic</button>
          <button role="tab" aria-selected=${this.tab === 'type' ? 'true' : 'false'} data-add-tab="type" @click=${() => { this.tab = 'type'; }}>By display type</button>
        </div>
        <button aria-label="Close the Add display dialog" @click=${() => this.close()}>Close</button>
      </div>
      <div class="head"><label class="name">Name (optional) <input aria-label="Add display › Name" .value=${this.name}
        @change=${(e: Event) => { this.name = (e.target as HTMLInputElement).value; }}></label></div>
      ${this.refused ? html`<div class="error" role="alert" data-add-refused>Refused: ${this.refused}</div>` : nothing}
      <div class="body" role="tabpanel">${this.tab === 'type' ? this.byType() : this.byTopic()}</div>
    </dialog>`;
  }

  private byType() {
    return html`<ul data-add-types>${this.types.map((t) => html`<li class="type">
      <button data-add-type=${t.name} aria-label="Add ${t.name}" @click=${() => void this.add({ kind: 'add', displayType: t.classId })}>${t.name}</button>
      <span class="summary">${t.summary}</span></li>`)}</ul>`;
  }

  private byTopic() {
    if (this.groups.length === 0) return html`<div class="muted">The robot publishes no topic a display can show (or no robot is connected).</div>`;
    return this.groups.map((g) => html`<h3>${g.namespace}</h3><ul>${g.topics.map((t) => html`<li class="topic" data-add-topic=${t.name}>
      <span class="mono">${t.name}</span><span class="summary">${t.type}</span>
      ${t.chips.map((c) => html`<span class="chip ${c.source}" title="${c.node} (${c.source})">${c.text}</span>`)}
      ${t.types.map((d) => html`<button data-add-by-topic=${d.name} aria-label="Add ${d.name} on ${t.name}"
        @click=${() => void this.add({ kind: 'add', displayType: d.classId, topic: t.name })}>${d.name}</button>`)}
    </li>`)}</ul>`);
  }

  private async add(edit: Extract<Edit, { kind: 'add' }>): Promise<void> {
    if (!this.commit) return;
    const name = this.name.trim();
    const outcome = await this.commit(name ? { ...edit, name } : edit);
    if (!outcome.ok) { this.refused = outcome.reason; return; }
    this.refused = '';
    this.name = '';
    this.close();
    this.dispatchEvent(new CustomEvent('display-added', { detail: { outcome }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'add-display-dialog': AddDisplayDialog }
}
