import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { shortType } from '../core/planner/describe.ts';
import { previewVerdict, propertyControls, type PropertyControl } from '../core/editor/property-controls.ts';
import type { DisplayInfo } from '../core/rviz/displays.ts';
import type { EditorPort } from './edit-controller.ts';
import type { EditOutcome } from './property-editor.ts';
import './property-editor.ts';
import { theme } from './theme.ts';

/**
 * The kiosk's sheet for one display (opened by a long press on a tile or a tap on a legend row): show/hide, every
 * property as a touch-sized control, Remove. Modal, so Escape and Close return to the view; targets are ≥ 48 px.
 */
@customElement('display-sheet')
export class DisplaySheet extends LitElement {
  public static override styles = [theme, css`
    :host { --target: 48px; font-size: 17px; }
    dialog { background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: var(--radius) var(--radius) 0 0;
      padding: 0; margin: auto auto 0; width: min(100vw, 720px); max-width: 100vw; max-height: 82vh; box-sizing: border-box; }
    dialog::backdrop { background: rgba(0, 0, 0, .45); }
    .head { display: flex; gap: 8px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--panel); z-index: 1; }
    .head h2 { font-size: 18px; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .head .cls { color: var(--muted); font-size: 13px; margin-right: auto; }
    .switch { width: var(--target); height: var(--target); margin: 0; accent-color: var(--accent); }
    .body { padding: 8px; overflow: auto; max-height: calc(82vh - 70px); }
    button { min-width: var(--target); }
    .status { padding: 4px 8px; font-size: 14px; }
  `];

  @property({ attribute: false }) public displays: readonly DisplayInfo[] = [];
  @property({ attribute: false }) public editor: EditorPort | undefined;
  /** Said when the tile's display is not in the document yet. */
  @state() private missing = '';
  @state() private path: string | undefined;
  @state() private outcome: EditOutcome | undefined;

  /** Opens the sheet on a display (by its path), or with a note when there is none. */
  public open(path: string | undefined, missing = ''): void {
    this.path = path;
    this.missing = missing;
    this.outcome = undefined;
    void this.updateComplete.then(() => {
      const dialog = this.renderRoot.querySelector('dialog');
      if (dialog && !dialog.open) dialog.showModal();
    });
  }

  public close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  private get current(): DisplayInfo | undefined {
    return this.path === undefined ? undefined : this.displays.find((d) => d.path === this.path);
  }

  protected override render() {
    const d = this.current;
    const editor = this.editor;
    return html`<dialog aria-label=${d ? `${d.name} settings` : 'Display settings'} data-display-sheet=${d?.name ?? ''}
        @close=${() => { this.path = undefined; }}>
      <div class="head">
        ${d ? html`<h2>${d.name}</h2><span class="cls">${shortType(d.classId)}</span>
          ${editor ? html`<input class="switch" type="checkbox" role="switch" aria-label="${d.name} › Enabled" .checked=${d.enabled}
            @change=${(e: Event) => void this.run(() => editor.commit({ kind: 'enabled', display: d.path, displayName: d.name, on: (e.target as HTMLInputElement).checked }))}>
          <button aria-label="Remove ${d.name}" @click=${() => void this.removeDisplay(d)}>Remove</button>` : nothing}`
          : html`<h2>Display</h2><span class="cls"></span>`}
        <button class="close" aria-label="Close the display settings" @click=${() => this.close()}>Close</button>
      </div>
      ${this.outcome && !this.outcome.ok ? html`<div class="status error" role="alert">Refused: ${this.outcome.reason}</div>` : nothing}
      <div class="body">${d && editor ? this.properties(d, editor) : html`<p class="muted" data-sheet-missing>${this.missing || 'This display is no longer in the document.'}</p>`}</div>
    </dialog>`;
  }

  private properties(d: DisplayInfo, editor: EditorPort) {
    return html`<property-editor kiosk displayName=${d.name} .controls=${this.controlsFor(d, editor)}
      .commit=${(c: PropertyControl, value: string) => editor.commit({ kind: 'property', display: d.path, displayName: d.name, control: c, value })}
      .preview=${(c: PropertyControl, value: string) => previewVerdict(editor.context(), d, c, value)}></property-editor>`;
  }

  private memo: { ctx: unknown; path: string; controls: PropertyControl[] } | undefined;

  private controlsFor(d: DisplayInfo, editor: EditorPort): PropertyControl[] {
    const ctx = editor.context();
    if (this.memo?.ctx === ctx && this.memo.path === d.path) return this.memo.controls;
    const controls = propertyControls(ctx, d);
    this.memo = { ctx, path: d.path, controls };
    return controls;
  }

  private async run(edit: () => Promise<EditOutcome>): Promise<void> {
    this.outcome = await edit();
  }

  private async removeDisplay(d: DisplayInfo): Promise<void> {
    const outcome = await this.editor!.commit({ kind: 'remove', display: d.path, displayName: d.name });
    this.outcome = outcome;
    if (outcome.ok) this.close();
  }
}

declare global {
  interface HTMLElementTagNameMap { 'display-sheet': DisplaySheet }
}
