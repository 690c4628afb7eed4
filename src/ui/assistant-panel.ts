import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AssistantEvent, CheckedCommand, SourceRef } from '../core/assistant/events.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import { theme } from './theme.ts';
import { renderAnswer, safeUrl } from './answer-markdown.ts';

export interface AskRequest {
  question: string;
  history: { question: string; answer: string }[];
  signal: AbortSignal;
}

/** The asking function the app injects: the assistant pipeline bound to the robot, findings and provider. */
export type AskFunction = (request: AskRequest) => AsyncIterable<AssistantEvent>;

interface Turn {
  question: string;
  status: 'asking' | 'streaming' | 'done' | 'error' | 'stopped';
  sources: SourceRef[];
  findings: Finding[];
  noMatch: boolean;
  thinking: string;
  answer: string;
  commands: CheckedCommand[];
  error?: string;
  meta?: string;
}

/** How many earlier turns go back to the assistant as history. */
const HISTORY_TURNS = 4;

/**
 * The assistant side panel: ask in any language; sources and findings appear first, then the answer streams in,
 * labelled as advice, with `[id]` citations linked, the sources listed and invented commands flagged.
 *
 * @fires toggle - when the collapse button is pressed
 */
@customElement('assistant-panel')
export class AssistantPanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: flex; flex-direction: column; gap: var(--pad); min-height: 0; }
    header { display: flex; align-items: center; justify-content: space-between; }
    h2 { margin: 0; font-size: 15px; }
    form { display: flex; gap: var(--pad); }
    textarea { flex: 1; min-height: 56px; padding: 6px; resize: vertical; }
    .turns { display: flex; flex-direction: column; gap: 12px; overflow: auto; min-height: 0; }
    .turn { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: var(--pad); }
    .q { font-weight: 600; margin-bottom: 6px; }
    .sources a, a.cite { color: var(--accent); }
    .sources { font-size: 13px; margin: 4px 0; }
    .sources ol { margin: 4px 0; padding-left: 20px; }
    .finding { border-color: var(--warn); }
    .finding.error { border-color: var(--err); }
    .advice { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
    .answer p { margin: 6px 0; }
    pre.code { background: #15161a; padding: 6px; border-radius: 4px; overflow: auto; }
    code { font-family: ui-monospace, monospace; font-size: 12.5px; background: #15161a; padding: 0 3px; border-radius: 3px; }
    .cmd-warning { color: var(--warn); font-size: 13px; }
    .thinking { color: var(--muted); font-size: 12px; white-space: pre-wrap; max-height: 6em; overflow: auto; }
    .actions { display: flex; gap: var(--pad); margin-top: 6px; }
    .nomatch { color: var(--warn); }
  `];

  @property({ attribute: false }) public ask: AskFunction | undefined;
  @property({ type: Boolean, reflect: true }) public kiosk = false;
  @state() private turns: Turn[] = [];
  @state() private draft = '';
  private controller: AbortController | undefined;

  protected override render() {
    const busy = this.turns.some((t) => t.status === 'asking' || t.status === 'streaming');
    return html`
      <header><h2>Assistant</h2>
        <button aria-label="Collapse assistant" @click=${() => this.dispatchEvent(new CustomEvent('toggle', { bubbles: true, composed: true }))}>⇥</button>
      </header>
      <form @submit=${this.onSubmit}>
        <textarea aria-label="Ask the assistant" placeholder="Ask about ROS 2, RViz or this robot: “why is my map not showing?”"
          .value=${this.draft} @input=${(e: Event) => { this.draft = (e.target as HTMLTextAreaElement).value; }}
          @keydown=${this.onKeydown}></textarea>
        ${busy ? html`<button type="button" @click=${this.stop}>Stop</button>`
          : html`<button type="submit" class="primary" ?disabled=${!this.ask || !this.draft.trim()}>Ask</button>`}
      </form>
      <div class="turns">${[...this.turns].reverse().map((t) => this.renderTurn(t))}</div>
    `;
  }

  private renderTurn(t: Turn) {
    return html`<article class="turn" data-status=${t.status}>
      <div class="q">${t.question}</div>
      ${t.findings.length ? html`<div class="findings">${t.findings.map((f) => html`<span class="chip finding ${f.severity}"
        data-finding=${f.code} title=${f.summary}>${f.code} · ${f.subject.name}</span> `)}</div>` : nothing}
      ${t.noMatch ? html`<div class="nomatch" data-nomatch>No documentation matched this question.</div>` : nothing}
      ${t.sources.length ? html`<div class="sources" data-sources>Sources: ${t.sources.map((s, i) => html`${i ? ', ' : ''}<a
        href=${safeUrl(s.url)} target="_blank" rel="noopener noreferrer" data-source=${s.id}>${s.title}</a>`)}</div>` : nothing}
      ${t.status === 'asking' ? html`<div class="muted">Looking up sources…</div>` : nothing}
      ${t.thinking ? html`<details><summary class="muted">Model reasoning</summary><div class="thinking">${t.thinking}</div></details>` : nothing}
      ${t.answer ? html`<div class="advice">Advice — check it against the findings</div>
        <div class="answer" data-answer>${renderAnswer(t.answer, t.sources)}</div>` : nothing}
      ${t.commands.filter((c) => !c.valid).map((c) => html`<div class="cmd-warning" data-command-warning>⚠ <code>${c.line}</code>:
        ${c.problem ?? 'invented or mistyped, do not run'}</div>`)}
      ${t.error ? html`<div class="error" data-error>${t.error}</div>` : nothing}
      ${t.status === 'stopped' ? html`<div class="muted">Stopped.</div>` : nothing}
      ${t.status === 'done' ? html`<div class="actions">
        <button @click=${() => navigator.clipboard?.writeText(t.answer)}>Copy</button>
        ${t.meta ? html`<span class="muted">${t.meta}</span>` : nothing}</div>` : nothing}
    </article>`;
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      this.onSubmit(e);
    }
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    const question = this.draft.trim();
    if (!question || !this.ask) return;
    this.draft = '';
    void this.run(question);
  }

  private stop(): void {
    this.controller?.abort();
  }

  /** Asks and folds the event stream into the turn as it arrives. Exposed for tests and for the app. */
  public async run(question: string): Promise<void> {
    if (!this.ask) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const history = this.turns.filter((t) => t.status === 'done').slice(-HISTORY_TURNS)
      .map((t) => ({ question: t.question, answer: t.answer }));
    const turn: Turn = { question, status: 'asking', sources: [], findings: [], noMatch: false, thinking: '', answer: '', commands: [] };
    this.turns = [...this.turns, turn];
    const update = (patch: Partial<Turn>) => {
      Object.assign(turn, patch);
      this.turns = [...this.turns];
    };
    try {
      for await (const event of this.ask({ question, history, signal: controller.signal })) {
        if (controller.signal.aborted) break;
        switch (event.type) {
          case 'context': update({ sources: event.sources, findings: event.findings, noMatch: event.noMatch, status: 'streaming' }); break;
          case 'meta': update({ meta: `${event.provider}${event.model ? ` · ${event.model}` : ''}` }); break;
          case 'thinking': update({ thinking: turn.thinking + event.text }); break;
          case 'token': update({ answer: turn.answer + event.text }); break;
          case 'done': update({ answer: event.answer, sources: event.sources, commands: event.commands, status: 'done' }); break;
          case 'error': update({ error: event.hint ? `${event.message} — ${event.hint}` : event.message, status: 'error' }); break;
        }
      }
      if (controller.signal.aborted) update({ status: 'stopped' });
      else if (turn.status === 'streaming' || turn.status === 'asking') update({ status: 'done' });
    } catch (err) {
      if (controller.signal.aborted) update({ status: 'stopped' });
      else update({ status: 'error', error: err instanceof Error ? err.message : String(err) });
    }
  }
}

declare global {
  interface HTMLElementTagNameMap { 'assistant-panel': AssistantPanel }
}
