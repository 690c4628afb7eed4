import { LitElement, html, css, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { colorToHex, hexToColor, type PropertyControl } from '../core/editor/property-controls.ts';
import type { QosVerdict } from '../core/editor/qos-verdict.ts';
import { theme } from './theme.ts';

/** What a commit did: applied (with what complete() added, said as automatic) or refused with the reason. */
export type EditOutcome = { ok: true; auto: string[]; notes: string[] } | { ok: false; reason: string };

/**
 * One display's properties (or the Global Options) as controls, each of the kind its catalog entry implies (the list
 * comes from src/core/editor). A field commits once, on change (Enter or leaving it), never per keystroke; the
 * outcome shows under the field: refused with the reason (the document is unchanged), or what was added automatically.
 * QoS fields show the verdict live while a value is picked. Every control is named `<display> › <property path>`.
 */
@customElement('property-editor')
export class PropertyEditor extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; }
    .props { display: grid; grid-template-columns: minmax(8em, max-content) minmax(0, 1fr); gap: 4px 10px; align-items: center; }
    .caption { color: var(--muted); padding-left: calc(var(--depth, 0) * 12px); overflow-wrap: anywhere; }
    .caption.inactive { font-style: italic; }
    .field { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; min-width: 0; }
    .field input[type="text"], .field input[type="number"], .field select { flex: 1 1 8em; min-width: 6em; max-width: 100%; }
    .field input[type="range"] { flex: 1 1 6em; min-width: 5em; padding: 0; }
    .field input[type="color"] { width: calc(var(--target) * 1.4); padding: 2px; }
    .unit, .range { color: var(--muted); font-size: 12px; white-space: nowrap; }
    .switch { width: var(--target); height: var(--target); margin: 0; accent-color: var(--accent); }
    .msg { grid-column: 2; font-size: 12px; margin-top: -2px; overflow-wrap: anywhere; }
    .msg.error { color: var(--err); } .msg.auto { color: #cfe3ff; } .msg.warn { color: var(--warn); } .msg.note { color: var(--muted); }
    .verdict { font-size: 12px; } .verdict.ok { color: var(--ok); } .verdict.mismatch { color: var(--err); }
    .verdict.unknown, .verdict.no-publisher { color: var(--warn); }
    [aria-invalid="true"] { border-color: var(--err); }
    .topics { grid-column: 1 / -1; margin: 0 0 4px; padding: 0; list-style: none; font-size: 12px; }
    .topics li { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 1px 0; }
  `];

  /** The display's name as the accessible names use it (`Front Laser`, `Global Options`). */
  @property() public displayName = '';
  @property({ attribute: false }) public controls: readonly PropertyControl[] = [];
  /** Applies a committed value; returns what happened. Absent: read-only. */
  @property({ attribute: false }) public commit: ((control: PropertyControl, value: string) => EditOutcome | Promise<EditOutcome>) | undefined;
  /** The QoS verdict a value not yet committed would give (QoS fields and topics). */
  @property({ attribute: false }) public preview: ((control: PropertyControl, value: string) => QosVerdict | undefined) | undefined;
  @property({ type: Boolean, reflect: true }) public kiosk = false;

  @state() private outcomes = new Map<string, EditOutcome>();
  @state() private previews = new Map<string, QosVerdict>();
  /** The last value committed per path: Enter followed by change (or blur) commits once. */
  private readonly committed = new Map<string, string>();
  private signature = '';

  protected override willUpdate(changed: Map<string, unknown>): void {
    // Another display, or the document moved on (undo, a plan): old outcomes and drafts no longer apply.
    if (changed.has('displayName')) { this.outcomes = new Map(); this.committed.clear(); }
    // New values in the document (not merely a re-render with equal controls): drafts and dedupe start over.
    const signature = this.controls.map((c) => `${c.path}=${c.value}`).join('\n');
    if (changed.has('controls') && signature !== this.signature) { this.previews = new Map(); this.committed.clear(); }
    this.signature = signature;
  }

  protected override render() {
    if (this.controls.length === 0) return html`<div class="muted">No properties.</div>`;
    return html`<div class="props" role="group" aria-label="${this.displayName} properties">
      ${this.controls.map((c) => this.row(c))}
    </div>`;
  }

  private row(c: PropertyControl): TemplateResult {
    const outcome = this.outcomes.get(c.path);
    const verdict = this.previews.get(c.path) ?? c.verdict;
    const id = `f-${c.path.replace(/\W+/g, '-')}`;
    return html`
      <label class="caption ${c.active ? '' : 'inactive'}" style="--depth:${c.depth}" for=${id} title=${c.path}>${c.caption}</label>
      <div class="field" data-prop=${c.path} data-kind=${c.kind}>${this.input(c, id, outcome)}
        ${c.unit ? html`<span class="unit">${c.unit}</span>` : nothing}
        ${c.range ? html`<span class="range" data-range>${c.range}</span>` : nothing}
        ${verdict ? html`<span class="verdict ${verdict.level}" data-verdict=${verdict.level} title=${`requests ${verdict.requested}`}>${verdictText(verdict)}</span>` : nothing}
      </div>
      ${c.kind === 'topic' && c.topics && c.topics.length > 0 ? html`<ul class="topics" aria-label="${c.label}: live topics">${c.topics.map((t) => html`
        <li data-topic-option=${t.name}><span class="mono">${t.name}</span>
          ${t.chips.map((chip) => html`<span class="chip ${chip.source}" title=${`${chip.node} (${chip.source})`}>${chip.text}</span>`)}
          ${t.verdict ? html`<span class="verdict ${t.verdict.level}">${verdictText(t.verdict)}</span>` : nothing}</li>`)}</ul>` : nothing}
      ${this.message(c, outcome)}
    `;
  }

  private message(c: PropertyControl, outcome: EditOutcome | undefined) {
    if (outcome && !outcome.ok) return html`<div class="msg error" role="alert" data-refused>Refused: ${outcome.reason}${c.range ? ` (range ${c.range})` : ''}</div>`;
    const lines: TemplateResult[] = [];
    if (outcome?.ok) {
      for (const a of outcome.auto) lines.push(html`<div class="msg auto" data-auto>Automatic: ${a}</div>`);
      for (const n of outcome.notes) lines.push(html`<div class="msg note">${n}</div>`);
    }
    if (c.warning) lines.push(html`<div class="msg warn" data-warning>${c.warning}</div>`);
    if (!c.active && c.inactiveReason) lines.push(html`<div class="msg note">${c.inactiveReason}</div>`);
    if (c.kind === 'text' && c.note) lines.push(html`<div class="msg note" data-note>${c.note}</div>`);
    return lines;
  }

  private input(c: PropertyControl, id: string, outcome: EditOutcome | undefined): TemplateResult {
    const invalid = outcome !== undefined && !outcome.ok ? 'true' : 'false';
    const readonly = !this.commit;
    const onChange = (e: Event) => this.onCommit(c, (e.target as HTMLInputElement | HTMLSelectElement).value);
    const onEnter = (e: KeyboardEvent) => { if (e.key === 'Enter') this.onCommit(c, (e.target as HTMLInputElement).value); };
    switch (c.kind) {
      case 'bool':
        return html`<input id=${id} class="switch" type="checkbox" role="switch" aria-label=${c.label} ?disabled=${readonly}
          .checked=${c.value === 'true'} @change=${(e: Event) => this.onCommit(c, String((e.target as HTMLInputElement).checked))}>`;
      case 'enum':
        return html`<select id=${id} aria-label=${c.label} ?disabled=${readonly} aria-invalid=${invalid}
          @input=${(e: Event) => this.onDraft(c, (e.target as HTMLSelectElement).value)} @change=${onChange}>
          ${c.value === '' ? html`<option value="" ?selected=${true}>(not set)</option>` : nothing}
          ${(c.options ?? []).map((o) => html`<option .value=${o} ?selected=${o === c.value}>${o}</option>`)}</select>`;
      case 'number':
        return html`<input id=${id} type="number" step="any" inputmode="decimal" aria-label=${c.label} ?readonly=${readonly} aria-invalid=${invalid}
            min=${c.min ?? nothing} max=${c.max ?? nothing} .value=${c.value} @change=${onChange} @keydown=${onEnter}>
          ${c.slider ? html`<input type="range" aria-label="${c.label} (slider)" ?disabled=${readonly} min=${c.min!} max=${c.max!}
            step=${c.step ?? 'any'} .value=${c.value} @change=${onChange}>` : nothing}`;
      case 'color':
        return html`<input id=${id} type="color" aria-label=${c.label} ?disabled=${readonly} .value=${colorToHex(c.value) ?? '#000000'}
            @change=${(e: Event) => this.onCommit(c, hexToColor((e.target as HTMLInputElement).value) ?? (e.target as HTMLInputElement).value)}>
          <span class="mono" data-color-text>${c.value}</span>`;
      case 'topic':
      case 'frame': {
        const list = `${id}-list`;
        const options = c.kind === 'topic' ? (c.topics ?? []).map((t) => t.name) : c.frames ?? [];
        return html`<input id=${id} type="text" list=${list} aria-label=${c.label} ?readonly=${readonly} aria-invalid=${invalid}
            spellcheck="false" autocomplete="off" .value=${c.value}
            @input=${(e: Event) => this.onDraft(c, (e.target as HTMLInputElement).value)} @change=${onChange} @keydown=${onEnter}>
          <datalist id=${list}>${options.map((o) => html`<option value=${o}></option>`)}</datalist>`;
      }
      default:
        return html`<input id=${id} type="text" aria-label=${c.label} ?readonly=${readonly} aria-invalid=${invalid} spellcheck="false"
          .value=${c.value} @change=${onChange} @keydown=${onEnter}>`;
    }
  }

  /** A value being picked, not committed: only the live QoS verdict follows it. */
  private onDraft(c: PropertyControl, value: string): void {
    const v = c.qosOf ? this.preview?.(c, value) : undefined;
    const next = new Map(this.previews);
    if (v) next.set(c.path, v); else next.delete(c.path);
    this.previews = next;
  }

  private async onCommit(c: PropertyControl, value: string): Promise<void> {
    if (!this.commit) return;
    // Unchanged, or the same value just committed (Enter, then the change event as focus leaves): nothing to do.
    if (this.committed.get(c.path) === value) return;
    if (value === c.value) {
      // Back to what the document holds: a refusal shown for another value no longer applies.
      if (this.outcomes.has(c.path)) { const next = new Map(this.outcomes); next.delete(c.path); this.outcomes = next; }
      return;
    }
    this.committed.set(c.path, value);
    const outcome = await this.commit(c, value);
    const next = new Map(this.outcomes);
    next.set(c.path, outcome);
    this.outcomes = next;
    this.dispatchEvent(new CustomEvent('property-committed', { detail: { path: c.path, value, outcome }, bubbles: true, composed: true }));
  }
}

function verdictText(v: QosVerdict): string {
  switch (v.level) {
    case 'ok': return `✓ ${v.text}`;
    case 'mismatch': return `✗ ${v.text}`;
    default: return `? ${v.text}`;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'property-editor': PropertyEditor }
}
