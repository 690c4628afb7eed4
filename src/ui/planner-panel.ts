import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Plan, PlanChoice, PlannedAction } from '../core/rviz/action-types.ts';
import { describeAction } from '../core/planner/describe.ts';
import type { RvizDocument } from '../core/rviz/document.ts';
import { catalog } from '../core/catalog/index.ts';
import { planDiff, type PlanDiff } from '../core/review/plan-diff.ts';
import { theme } from './theme.ts';

/** What happened to an earlier request, as the planner's history records it. */
export interface PlannerTurnView {
  request: string;
  outcome: string;
}

export type PlannerStatus = 'idle' | 'planning' | 'ready' | 'applied' | 'error';

/**
 * The planner: a request box, example requests while nothing was asked yet, the plan as a checklist (automatic
 * actions marked, rejected ones with why, notes) with the .rviz diff the checked actions make beside it on demand,
 * Apply (one undo step) and Undo.
 *
 * @fires plan-request - detail: { request: string }
 * @fires plan-cancel - while planning
 * @fires plan-apply - detail: { actions: PlannedAction[] } (the checked ones, in order)
 * @fires plan-undo - undo the last applied plan
 * @fires plan-choose - detail: { choice: PlanChoice } (a reading the plan offered, tapped: plan it like a request)
 * @fires plan-ask - detail: { question: string } (the request was a question: hand it to the assistant)
 */
@customElement('planner-panel')
export class PlannerPanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: flex; flex-direction: column; gap: var(--pad); container-type: inline-size; }
    form { display: flex; gap: var(--pad); }
    textarea { flex: 1; min-height: 56px; padding: 6px; resize: vertical; }
    .plan { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: var(--pad); }
    ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
    li label { display: flex; gap: 8px; align-items: flex-start; min-height: var(--target); cursor: pointer; }
    li input[type=checkbox] { flex: none; width: 20px; height: 20px; min-height: 0; margin-top: 2px; }
    .auto { border-color: var(--accent); color: var(--accent); }
    .note { color: var(--muted); font-size: 13px; }
    .rejected li { color: var(--err); }
    h3 { font-size: 13px; color: var(--muted); margin: 10px 0 4px; font-weight: 600; }
    .buttons { display: flex; gap: var(--pad); margin-top: var(--pad); align-items: center; }
    .turns { font-size: 13px; }
    .turns li { color: var(--muted); }
    .progress { display: flex; gap: var(--pad); align-items: center; }
    .examples { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
    .examples button { text-align: left; }
    .review { display: grid; gap: var(--pad); grid-template-columns: minmax(0, 1fr); }
    .review.with-diff { grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); }
    /* Side by side when the panel is wide enough to read both; stacked (checklist first) otherwise. */
    @container (max-width: 760px) { .review.with-diff { grid-template-columns: minmax(0, 1fr); } }
    .diff { margin: 0; background: var(--bg); border: 1px solid var(--line); border-radius: var(--radius); padding: 6px 0;
      overflow: auto; max-height: 60vh; font-size: 12px; }
    .diff div { white-space: pre; padding: 0 8px; }
    .diff .added { background: #1d3a24; color: #c8f0cf; }
    .diff .removed { background: #45201f; color: #ffd0cc; }
    .diff .gap { color: var(--muted); border-top: 1px solid var(--line); margin-top: 4px; }
    .diff-summary { font-size: 13px; }
    .choices { display: flex; flex-direction: column; gap: 6px; }
    .choices button { width: 100%; text-align: left; display: flex; flex-direction: column; gap: 2px; min-height: var(--target); }
    .choices .reading { font-weight: 600; }
    .question { display: flex; gap: var(--pad); align-items: center; flex-wrap: wrap; margin-top: var(--pad); }
  `];

  @property({ attribute: false }) public plan: Plan | undefined;
  @property() public status: PlannerStatus = 'idle';
  @property() public message = '';
  @property({ type: Boolean }) public canUndo = false;
  @property({ attribute: false }) public turns: readonly PlannerTurnView[] = [];
  /** Requests to offer while nothing was asked yet (built from the robot's topics). */
  @property({ attribute: false }) public examples: readonly string[] = [];
  /** The open document, for the .rviz diff of the checked actions. */
  @property({ attribute: false }) public document: RvizDocument | undefined;
  @state() private showDiff = false;
  @state() private draft = '';
  @state() private unchecked = new Set<number>();

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('plan')) {
      this.unchecked = new Set((this.plan?.actions ?? []).flatMap((a, i) => (a.checked ? [] : [i])));
    }
  }

  protected override render() {
    return html`
      <form @submit=${this.onSubmit}>
        <textarea aria-label="Request" placeholder="“show the lidar coloured by height, fixed frame odom”"
          .value=${this.draft} @input=${(e: Event) => { this.draft = (e.target as HTMLTextAreaElement).value; }}
          @keydown=${(e: KeyboardEvent) => { if (e.key === 'Enter' && !e.shiftKey) this.onSubmit(e); }}></textarea>
        ${this.status === 'planning'
          ? html`<button type="button" @click=${() => this.fire('plan-cancel')}>Cancel</button>`
          : html`<button type="submit" class="primary" ?disabled=${!this.draft.trim()}>Plan</button>`}
      </form>
      ${this.status === 'planning' ? html`<div class="progress muted" data-planning>Planning… ${this.message}</div>` : nothing}
      ${this.status === 'error' ? html`<div class="error" data-plan-error>${this.message}</div>` : nothing}
      ${this.status === 'idle' && this.message ? html`<div class="muted" role="status" data-plan-message>${this.message}</div>` : nothing}
      ${this.plan && this.status !== 'planning' ? this.renderPlan(this.plan) : nothing}
      ${!this.plan && this.status === 'idle' && this.turns.length === 0 && this.examples.length ? this.renderExamples() : nothing}
      ${this.turns.length ? html`<h3>Earlier requests</h3><ul class="turns">${[...this.turns].reverse().map((t) =>
        html`<li>“${t.request}” — ${t.outcome}</li>`)}</ul>` : nothing}
    `;
  }

  private renderExamples() {
    return html`<section aria-labelledby="examples-title" data-examples>
      <h3 id="examples-title">Try one of these (from this robot's topics)</h3>
      <ul class="examples">${this.examples.map((e) => html`<li><button type="button" data-example
        @click=${() => this.fire('plan-request', { request: e })}>${e}</button></li>`)}</ul>
    </section>`;
  }

  private renderDiff(plan: Plan) {
    if (!this.document) return nothing;
    const checked = plan.actions.filter((_, i) => !this.unchecked.has(i));
    const diff: PlanDiff = planDiff(this.document, checked, catalog);
    if (!diff.ok) return html`<div class="error" data-diff-error>The checked actions cannot be applied together: ${diff.reason}</div>`;
    if (diff.hunks.length === 0) return html`<div class="muted" data-diff>No change to the .rviz text.</div>`;
    return html`<section aria-label=".rviz diff" data-diff>
      <div class="diff-summary muted">${diff.removed} line${diff.removed === 1 ? '' : 's'} removed, ${diff.added} added</div>
      <div class="diff mono" tabindex="0" role="region" aria-label="Lines of the .rviz file this plan removes and adds">${diff.hunks.map((h) => html`
        <div class="gap">@@ line ${h.oldStart} → ${h.newStart}</div>
        ${h.lines.map((l) => html`<div class=${l.kind} data-line=${l.kind}>${l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}${l.text}</div>`)}`)}
      </div>
    </section>`;
  }

  private renderPlan(plan: Plan) {
    const checkedCount = plan.actions.length - this.unchecked.size;
    const diffable = this.document !== undefined && plan.actions.length > 0 && this.status !== 'applied';
    return html`<div class="review ${this.showDiff && diffable ? 'with-diff' : ''}"><section class="plan" data-plan>
      ${plan.actions.length === 0 ? html`<div class="muted">Nothing to change.</div>` : html`
        <ul data-checklist>${plan.actions.map((a, i) => this.renderAction(a, i))}</ul>`}
      ${plan.rejected.length ? html`<h3>Rejected</h3><ul class="rejected">${plan.rejected.map((r) => html`<li data-rejected>
        ${describeAction(r.action)} — ${r.reason}</li>`)}</ul>` : nothing}
      ${plan.notes.length ? html`<h3>Notes</h3><ul>${plan.notes.map((n) => html`<li class="note" data-note>${n}</li>`)}</ul>` : nothing}
      ${plan.question && this.status !== 'applied' ? html`<div class="question" data-question>
        <span class="muted">This reads as a question; nothing was changed.</span>
        <button data-ask @click=${() => this.fire('plan-ask', { question: plan.question })}>Ask the assistant</button></div>` : nothing}
      ${plan.choices?.length && this.status !== 'applied' ? this.renderChoices(plan.choices) : nothing}
      <div class="buttons">
        ${this.status === 'applied'
          ? html`<span class="muted" data-applied>Applied.</span>`
          : html`<button class="primary" data-apply ?disabled=${checkedCount === 0}
              @click=${this.onApply}>Apply ${checkedCount} change${checkedCount === 1 ? '' : 's'}</button>`}
        <button data-undo ?disabled=${!this.canUndo} @click=${() => this.fire('plan-undo')}>Undo</button>
        ${diffable ? html`<button data-show-diff aria-pressed=${this.showDiff ? 'true' : 'false'}
          @click=${() => { this.showDiff = !this.showDiff; }}>${this.showDiff ? 'Hide' : 'Show'} .rviz diff</button>` : nothing}
      </div>
    </section>${this.showDiff && diffable ? this.renderDiff(plan) : nothing}</div>`;
  }

  /** Readings the planner was not sure of: one tap plans that one like a request; none is applied without it. */
  private renderChoices(choices: readonly PlanChoice[]) {
    return html`<section aria-labelledby="choices-title" data-choices>
      <h3 id="choices-title">Did you mean…</h3>
      <ul class="choices">${choices.map((c, i) => html`<li><button type="button" data-choice=${i}
        aria-label=${`Plan this instead: ${c.label}`} @click=${() => this.fire('plan-choose', { choice: c })}>
        <span class="reading">“${c.label}”</span>
        <span class="note">${c.actions.map((a) => describeAction(a)).join(' · ')}</span></button></li>`)}</ul>
    </section>`;
  }

  private renderAction(a: PlannedAction, i: number) {
    const checked = !this.unchecked.has(i);
    return html`<li data-action=${a.action}><label>
      <input type="checkbox" .checked=${checked} ?disabled=${this.status === 'applied'} @change=${() => this.toggle(i)} />
      <span><span>${describeAction(a)}</span>
        ${a.origin === 'auto' ? html` <span class="chip auto" title="Added by the companion">auto</span>` : nothing}
        ${a.from ? html` <span class="note from" title="The words of the request this came from">from “${a.from}”</span>` : nothing}
        ${a.note ? html`<br /><span class="note">${a.note}</span>` : nothing}</span>
    </label></li>`;
  }

  private toggle(i: number): void {
    const next = new Set(this.unchecked);
    if (next.has(i)) next.delete(i); else next.add(i);
    this.unchecked = next;
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    const request = this.draft.trim();
    if (!request || this.status === 'planning') return;
    this.fire('plan-request', { request });
  }

  private onApply(): void {
    const actions = (this.plan?.actions ?? []).filter((_, i) => !this.unchecked.has(i));
    this.fire('plan-apply', { actions });
  }

  /** Clears the request box once the app has accepted a request. */
  public clearDraft(): void {
    this.draft = '';
  }

  private fire(type: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'planner-panel': PlannerPanel }
}
