import { LitElement, html, css, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { theme } from './theme.ts';
import { LinkController, type LinkFactory } from './link-controller.ts';
import { initialRobotUrl } from './robot-url.ts';
import { RobotDocumentsController } from './robot-documents-controller.ts';
import { DocumentController, type Outcome } from './document-controller.ts';
import { catalog } from '../core/catalog/index.ts';
import { listDisplays, vmMap } from '../core/rviz/displays.ts';
import type { GlobalOptionsView } from './displays-panel.ts';
import { ModelController } from './model-controller.ts';
import { PlannerController } from './planner-controller.ts';
import { diagnose } from '../core/diagnosis/diagnose.ts';
import { documentFacts } from '../core/diagnosis/display-topics.ts';
import { topicsToSample } from '../core/diagnosis/sampling.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import type { PlanChoice, PlannedAction } from '../core/rviz/action-types.ts';
import './planner-panel.ts';
import './assistant-panel.ts';
import { createAskFunction } from './assistant-source.ts';
import type { SettingsChangedDetail } from './settings-panel.ts';
import './settings-panel.ts';
import './connection-bar.ts';
import './robot-topics.ts';
import './tf-tree-view.ts';
import './displays-panel.ts';
import './rviz-state.ts';
import { RvizStateController } from './rviz-state-controller.ts';
import './kiosk-screen.ts';
import './update-banner.ts';
import { kioskTiles, tileProposer, type KioskTile } from '../core/kiosk/tiles.ts';
import { exampleRequests } from '../core/onboarding/examples.ts';
import { kioskFrom, type AppDefaults } from './app-defaults.ts';
import { EditController } from './edit-controller.ts';
import { displayForTile } from '../core/editor/tile-display.ts';
import type { DisplaySheet } from './display-sheet.ts';
import './display-sheet.ts';

// The live view (and three.js behind it) loads after the first page; <live-view> upgrades when it arrives.
void import('./live-view.ts');

type LeftTab = 'robot' | 'displays';

/**
 * The page: top bar (robot URL and state), left tabs (Robot: topics and TF; Displays), the planner in the centre and
 * the assistant on the right. `?kiosk=1` is the touch kiosk (kiosk-screen.ts): the view full screen, a slim top bar,
 * quick-action tiles from the robot, drawers for requests, the assistant and (unless `readonly=1`) files and settings.
 * Defined by main.ts (`customElements.define`) after `CompanionApp.linkFactory` is set, so tests can inject a fake link.
 */
export class CompanionApp extends LitElement {
  /** How the app reaches a robot; main.ts sets the rosbridge link, tests set fakes. */
  public static linkFactory: LinkFactory | undefined;
  /** Defaults from `rviz-companion serve` (main.ts reads them before the element is defined). */
  public static defaults: AppDefaults = {};

  public static override styles = [theme, css`
    :host { display: grid; grid-template-rows: auto auto 1fr; height: 100vh; background: var(--bg); }
    /* One line from 800 px up: nothing wraps; the title goes first when space runs short. */
    header { display: flex; gap: 10px; align-items: center; padding: 6px 12px; background: var(--panel); border-bottom: 1px solid var(--line);
      flex-wrap: nowrap; min-width: 0; }
    header > * { flex-shrink: 0; }
    header connection-bar { flex-shrink: 1; min-width: 0; }
    header h1 { font-size: 15px; margin: 0 4px 0 0; white-space: nowrap; }
    @media (max-width: 1300px) { header h1 { display: none; } }
    /* Narrow desks (down to 800 px): Open and Save join the ⋯ menu, the model button says only which model. */
    .narrow-only { display: none; }
    @media (max-width: 1000px) {
      .wide-only { display: none; }
      .narrow-only { display: revert; }
    }
    /* Messages get a row of their own under the bar: they never cover a control. */
    .notices { display: flex; flex-direction: column; gap: 2px; background: var(--panel); }
    .notice { display: flex; gap: 10px; align-items: center; padding: 4px 12px; font-size: 13px; border-bottom: 1px solid var(--line); }
    .notice > span { flex: 1 1 auto; min-width: 0; }
    .notice.robot { border-left: 3px solid var(--warn); }
    .notice button { min-height: 0; padding: 2px 8px; white-space: nowrap; flex-shrink: 0; }
    .notices.kiosk .notice { font-size: 15px; padding: 4px 8px; background: rgba(43, 45, 49, .96); }
    .notices.kiosk .notice button { min-height: 48px; min-width: 48px; }
    .more { position: relative; }
    .more summary { list-style: none; cursor: pointer; padding: 4px 10px; border: 1px solid var(--line); border-radius: var(--radius); }
    .more summary::-webkit-details-marker { display: none; }
    .more .menu { position: absolute; right: 0; top: calc(100% + 4px); z-index: 30; display: flex; flex-direction: column; gap: 6px; padding: 8px;
      background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); box-shadow: 0 8px 24px rgba(0, 0, 0, .45); }
    main { display: grid; grid-template-columns: minmax(340px, 1.1fr) minmax(320px, 1fr) minmax(300px, .9fr); gap: 1px; background: var(--line); min-height: 0; }
    main.assistant-collapsed { grid-template-columns: minmax(340px, 1.1fr) minmax(320px, 1.4fr) 44px; }
    section { background: var(--bg); padding: 10px; overflow: auto; min-height: 0; }
    .tabs { display: flex; gap: 4px; margin-bottom: 8px; }
    .tabs button[aria-selected="true"] { border-color: var(--accent); background: #26405f; }
    .doc-tools { display: flex; gap: 6px; align-items: center; margin-left: auto; flex-wrap: nowrap; }
    dialog { background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: var(--radius); padding: 12px; }
    dialog::backdrop { background: rgba(0, 0, 0, .5); }
    dialog[data-confirm-send] { max-width: min(38em, 92vw); }
    dialog[data-confirm-send] p { margin: 0 0 4px; line-height: 1.45; }
    dialog form { margin-top: 8px; text-align: right; }
    :host([dragging]) main { outline: 3px dashed var(--accent); outline-offset: -6px; }
    tf-tree-view.tf { max-height: 34vh; overflow: auto; }
    h2 { font-size: 14px; margin: 12px 0 6px; color: var(--muted); font-weight: 600; }
    /* Kiosk: kiosk-screen lays it out; this is the ⋯ drawer's content. */
    .kiosk-menu { display: flex; flex-direction: column; gap: 10px; }
    .kiosk-menu .row { display: flex; flex-wrap: wrap; gap: 8px; }
    @media (max-width: 900px) { main, main.assistant-collapsed { grid-template-columns: 1fr; overflow: auto; } }
  `];

  @property({ type: Boolean, reflect: true }) public kiosk = false;
  @state() private tab: LeftTab = 'robot';
  @state() private assistantCollapsed = false;
  @state() private status: { text: string; error: boolean } | undefined;
  @property({ type: Boolean, reflect: true }) public dragging = false;
  /** `?kiosk=1&readonly=1`: no file actions, no settings. */
  @property({ type: Boolean }) public readonly = false;

  private readonly robot: LinkController;
  private readonly document = new DocumentController(this, catalog);
  private readonly model = new ModelController();
  private readonly planner: PlannerController;
  private readonly rviz: RvizStateController;
  private readonly docs: RobotDocumentsController;
  /** Hand edits from the Displays panel and the kiosk's display sheet (issue 23). */
  private readonly edits = new EditController(this.document, { snapshot: () => this.editSnapshot(), findings: () => [] });
  /** The model for planner and assistant, told the robot's host and node names so a cloud prompt can be masked. */
  private readonly modelClient = () => this.model.client({ robotUrl: this.robot.url, nodeNames: this.robot.snapshot?.nodes ?? [] });
  private readonly ask = createAskFunction({
    findings: () => this.findings(),
    snapshot: () => this.robot.snapshot,
    model: this.modelClient,
  });

  public constructor() {
    super();
    const factory = CompanionApp.linkFactory;
    if (!factory) throw new Error('companion-app: CompanionApp.linkFactory must be set before the element is defined');
    this.robot = new LinkController(this, factory, (snapshot) => topicsToSample(snapshot, documentFacts(this.document.doc, catalog)));
    this.robot.url = initialRobotUrl(window.location, window.localStorage, CompanionApp.defaults.url);
    this.rviz = new RvizStateController(this, this.robot);
    this.docs = new RobotDocumentsController(this, this.robot, this.document, {
      send: (text) => this.rviz.documentChanged(text),
      wouldSend: () => this.rviz.sendEnabled,
      robotChanged: () => { this.rviz.forgetAnswer(); this.planner.robotChanged(); },
    });
    this.document.onEdit = () => this.sendEditToRviz();
    this.planner = new PlannerController(this, this.document, {
      snapshot: () => this.liveSnapshot(),
      robotStarting: () => this.robot.starting,
      findings: () => this.findings(),
      model: this.modelClient,
    });
    this.kiosk = kioskFrom(window.location.search, CompanionApp.defaults);
    this.readonly = this.kiosk && new URLSearchParams(window.location.search).get('readonly') === '1';
    // The robot's bridge says which config RViz has loaded: the robot's starting point, our own echo, or a change by
    // another client (robot-documents-controller.ts decides, once the robot at the address is identified).
    this.robot.watch('/rviz_companion/rviz_config_current', 'std_msgs/msg/String', (message) => {
      const data = (message as { data?: unknown }).data;
      if (typeof data === 'string') this.docs.onRobotConfig(data);
    });
    this.addEventListener('dragover', (e) => { e.preventDefault(); this.dragging = true; });
    this.addEventListener('dragleave', () => { this.dragging = false; });
    this.addEventListener('drop', (e) => void this.onDrop(e));
  }

  private readonly onKey = (e: KeyboardEvent) => {
    const target = e.composedPath()[0] as HTMLElement | undefined;
    if (target && /^(INPUT|TEXTAREA)$/.test(target.tagName)) return; // typing: the field's own undo
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      this.report(e.shiftKey ? this.document.redo() : this.planner.undo());
    }
  };

  public override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    // The read-only debug hook of DESIGN.md (`?debug=1`); other parts add their keys (viewStats) beside it.
    if (new URLSearchParams(window.location.search).get('debug') === '1') {
      const w = window as unknown as { rvizCompanion?: Record<string, unknown> };
      w.rvizCompanion = { ...w.rvizCompanion, documentText: () => this.document.text };
    }
  }

  private sampledForDoc: unknown;

  protected override updated(): void {
    // A send waiting for the user's answer asks in a modal dialog (never silently, never by itself).
    const ask = this.renderRoot.querySelector<HTMLDialogElement>('dialog[data-confirm-send]');
    if (this.docs.confirm && ask && !ask.open) ask.showModal();
    // A document edit can change which topics displays subscribe to, so the sampled set follows it (a new snapshot
    // resamples in the link controller itself; renders such as the 1 s tick skip the work).
    if (this.document.doc === this.sampledForDoc) return;
    this.sampledForDoc = this.document.doc;
    this.robot.resample();
  }

  public override disconnectedCallback(): void {
    window.removeEventListener('keydown', this.onKey);
    super.disconnectedCallback();
  }

  protected override render() {
    const findings = this.findings();
    if (this.kiosk) return this.renderKiosk(findings);
    const r = this.robot;
    return html`
      <header>
        <h1>RViz Companion</h1>
        <connection-bar .url=${r.url} .presence=${r.presence} .problems=${r.problems}
          @url-change=${(e: CustomEvent<{ url: string }>) => this.connectTo(e.detail.url)}></connection-bar>
        <rviz-state show="control" .state=${this.rviz.state} .send=${this.rviz.sendEnabled}
          @send-toggle=${(e: CustomEvent<{ on: boolean }>) => this.rviz.setSendEnabled(e.detail.on)}></rviz-state>
        <button data-model-button title="Model settings" @click=${this.openSettings}><span class="wide-only">Model: </span>${this.model.label}</button>
        <dialog id="settings" @close=${() => this.requestUpdate()}>
          <settings-panel @settings-changed=${(e: CustomEvent<SettingsChangedDetail>) => { this.model.set(e.detail.settings); this.requestUpdate(); }}></settings-panel>
          <form method="dialog"><button>Close</button></form>
        </dialog>
        <div class="doc-tools">
          <button data-undo-global ?disabled=${!this.document.canUndo} title="Undo (Ctrl+Z)" @click=${() => this.report(this.planner.undo())}>Undo</button>
          <button ?disabled=${!this.document.canRedo} title="Redo (Ctrl+Shift+Z)" @click=${() => this.report(this.document.redo())}>Redo</button>
          <button class="wide-only" @click=${() => void this.openFile()}>Open…</button>
          <button class="wide-only" @click=${() => void this.document.save().then((o) => this.report(o))}>Save${this.document.dirty ? ' •' : ''}</button>
          <details class="more">
            <summary title="More file actions" aria-label="More file actions">⋯</summary>
            <div class="menu">
              <button class="narrow-only" @click=${() => void this.openFile()}>Open…</button>
              <button class="narrow-only" @click=${() => void this.document.save().then((o) => this.report(o))}>Save${this.document.dirty ? ' •' : ''}</button>
              <button @click=${() => void this.document.saveAs().then((o) => this.report(o))}>Save as…</button>
              <button @click=${() => this.report(this.document.download())}>Download</button>
            </div>
          </details>
          <input id="file" type="file" accept=".rviz,.yaml,.yml" hidden @change=${this.onFileInput} />
        </div>
      </header>
      <div class="notices">
        <rviz-state show="message" .state=${this.rviz.state} .sending=${this.rviz.sending} .message=${this.rviz.message}
          .problem=${this.rviz.statusProblem}></rviz-state>
        ${this.robotNotice()}
        ${this.status ? html`<div class="notice" role="status"><span class=${this.status.error ? 'error' : 'muted'} data-status-message>${this.status.text}</span>
          <button aria-label="Dismiss" title="Dismiss" @click=${() => { this.status = undefined; }}>×</button></div>` : nothing}
        <update-banner></update-banner>
      </div>
      ${this.confirmDialog()}
      <main class=${this.assistantCollapsed ? 'assistant-collapsed' : ''}>
        <section aria-label="Robot and displays">
          <div class="tabs" role="tablist">
            <button role="tab" aria-selected=${this.tab === 'robot'} @click=${() => { this.tab = 'robot'; }}>Robot</button>
            <button role="tab" aria-selected=${this.tab === 'displays'} @click=${() => { this.tab = 'displays'; }}>Displays</button>
          </div>
          ${this.tab === 'robot' ? html`
            <h2>TF tree</h2>
            <tf-tree-view class="tf" tabindex="0" role="region" aria-label="TF tree" .edges=${r.tf} .now=${r.now}></tf-tree-view>
            <h2>Topics</h2>
            <robot-topics .topics=${r.topics}></robot-topics>` : html`
            <displays-panel .displays=${listDisplays(this.document.doc, catalog)} .globalOptions=${this.globalOptions()} .editor=${this.edits}
              .documentName=${this.document.name} .findings=${findings} .changes=${this.planner.changes}></displays-panel>`}
        </section>
        <section aria-label="Planner">
          ${this.liveView(findings)}
          <planner-panel .plan=${this.planner.plan} .status=${this.planner.status} .message=${this.planner.message}
            .canUndo=${this.document.canUndo} .turns=${this.planner.views}
            .examples=${this.examples(findings)} .document=${this.document.doc}
            @plan-request=${(e: CustomEvent<{ request: string }>) => { (e.target as HTMLElement & { clearDraft(): void }).clearDraft(); void this.planner.request(e.detail.request); }}
            @plan-cancel=${() => this.planner.cancel()}
            @plan-apply=${(e: CustomEvent<{ actions: PlannedAction[] }>) => this.planner.apply(e.detail.actions)}
            @plan-choose=${(e: CustomEvent<{ choice: PlanChoice }>) => void this.planner.choose(e.detail.choice)}
            @plan-ask=${(e: CustomEvent<{ question: string }>) => void this.askAssistant(e.detail.question)}
            @plan-undo=${() => this.report(this.planner.undo())}></planner-panel>
        </section>
        <section aria-label="Assistant" class="assistant ${this.assistantCollapsed ? 'closed' : ''}">
          ${this.assistantCollapsed
            ? html`<button aria-label="Open the assistant" title="Assistant" @click=${() => { this.assistantCollapsed = false; }}>?</button>`
            : html`<assistant-panel .ask=${this.ask} ?kiosk=${this.kiosk}
                @toggle=${() => { this.assistantCollapsed = true; }}></assistant-panel>`}
        </section>
      </main>
    `;
  }

  /** A question the planner handed over: the assistant answers it (the kiosk's Help drawer, the desk's open panel). */
  private async askAssistant(question: string): Promise<void> {
    if (this.kiosk) this.renderRoot.querySelector<HTMLElement & { show(d: 'assistant'): void }>('kiosk-screen')?.show('assistant');
    else this.assistantCollapsed = false;
    await this.updateComplete;
    await this.renderRoot.querySelector<HTMLElement & { run(q: string): Promise<void> }>('assistant-panel')?.run(question);
  }

  /** The touch kiosk: kiosk-screen with the view, the tiles, and drawers holding the same planner and assistant. */
  private renderKiosk(findings: Finding[]) {
    const r = this.robot;
    const last = r.link?.lastMessageAt?.();
    return html`
      <kiosk-screen .url=${r.url} .presence=${r.presence} .problems=${r.problems} ?waiting=${r.presence !== 'connected' && !r.snapshot}
        .dataAgeMs=${last === undefined ? undefined : Date.now() - last} .tiles=${this.tiles(findings)}
        ?busy=${this.planner.status === 'planning'} ?canUndo=${this.document.canUndo} ?readonly=${this.readonly}
        .message=${this.status}
        @tile-tap=${(e: CustomEvent<{ tile: KioskTile }>) => void this.onTile(e.detail.tile)}
        @tile-long-press=${(e: CustomEvent<{ tile: KioskTile }>) => this.openSheetForTile(e.detail.tile)}
        @legend-row-tap=${(e: CustomEvent<{ name: string }>) => this.openSheetByName(e.detail.name)}
        @kiosk-undo=${() => this.report(this.planner.undo(), 'Undone.')}>
        ${this.liveView(findings, 'view')}
        ${this.docs.notice ? html`<div slot="notice" class="notices kiosk">${this.robotNotice()}</div>` : nothing}
        <rviz-state slot="rviz-state" .state=${this.rviz.state} .send=${this.rviz.sendEnabled} .sending=${this.rviz.sending} .message=${this.rviz.message}
          .problem=${this.rviz.statusProblem} kiosk
          @send-toggle=${(e: CustomEvent<{ on: boolean }>) => this.rviz.setSendEnabled(e.detail.on)}></rviz-state>
        <planner-panel slot="planner" kiosk .plan=${this.planner.plan} .status=${this.planner.status} .message=${this.planner.message}
          .canUndo=${this.document.canUndo} .turns=${this.planner.views} .examples=${this.examples(findings)} .document=${this.document.doc}
          @plan-request=${(e: CustomEvent<{ request: string }>) => { (e.target as HTMLElement & { clearDraft(): void }).clearDraft(); void this.planner.request(e.detail.request); }}
          @plan-cancel=${() => this.planner.cancel()}
          @plan-apply=${(e: CustomEvent<{ actions: PlannedAction[] }>) => this.planner.apply(e.detail.actions)}
          @plan-choose=${(e: CustomEvent<{ choice: PlanChoice }>) => void this.planner.choose(e.detail.choice)}
          @plan-ask=${(e: CustomEvent<{ question: string }>) => void this.askAssistant(e.detail.question)}
          @plan-undo=${() => this.report(this.planner.undo())}></planner-panel>
        <assistant-panel slot="assistant" .ask=${this.ask} kiosk></assistant-panel>
        ${this.readonly ? nothing : html`<div slot="menu" class="kiosk-menu">
          <connection-bar kiosk .url=${r.url} .presence=${r.presence} .problems=${r.problems}
            @url-change=${(e: CustomEvent<{ url: string }>) => this.connectTo(e.detail.url)}></connection-bar>
          <div class="row">
            <button ?disabled=${!this.document.canRedo} @click=${() => this.report(this.document.redo())}>Redo</button>
            <button @click=${() => void this.openFile()}>Open…</button>
            <button @click=${() => void this.document.save().then((o) => this.report(o))}>Save${this.document.dirty ? ' •' : ''}</button>
            <button @click=${() => this.report(this.document.download())}>Download</button>
            <button data-model-button @click=${this.openSettings}>Model: ${this.model.label}</button>
          </div>
          <input id="file" type="file" accept=".rviz,.yaml,.yml" hidden @change=${this.onFileInput} />
          <displays-panel .displays=${listDisplays(this.document.doc, catalog)} .globalOptions=${this.globalOptions()} kiosk .editor=${this.edits}
            .documentName=${this.document.name} .findings=${findings} .changes=${this.planner.changes}></displays-panel>
        </div>`}
      </kiosk-screen>
      ${this.readonly ? nothing : html`<dialog id="settings" @close=${() => this.requestUpdate()}>
        <settings-panel kiosk @settings-changed=${(e: CustomEvent<SettingsChangedDetail>) => { this.model.set(e.detail.settings); this.requestUpdate(); }}></settings-panel>
        <form method="dialog"><button>Close</button></form>
      </dialog>`}
      ${this.confirmDialog()}
      <display-sheet .displays=${listDisplays(this.document.doc, catalog)} .editor=${this.edits}></display-sheet>
      <update-banner></update-banner>
    `;
  }

  /** The kiosk's display sheet for the display a tile stands for (or a note that a tap adds it first). */
  private openSheetForTile(tile: KioskTile): void {
    const d = displayForTile(this.document.doc, listDisplays(this.document.doc, catalog), tile);
    this.renderRoot.querySelector<DisplaySheet>('display-sheet')?.open(d?.path, d ? '' : `${tile.label} is not in the document yet: tap the tile to show it, then hold it to change its settings.`);
  }

  private openSheetByName(name: string): void {
    const d = listDisplays(this.document.doc, catalog).find((x) => x.name === name);
    this.renderRoot.querySelector<DisplaySheet>('display-sheet')?.open(d?.path);
  }

  // Tiles and examples depend on the document, the snapshot (topics and publishers, refreshed every 15 s) and the
  // findings; the 1 s tick re-renders without any of them changing, so both are kept until one does.
  private tilesMemo: { doc: unknown; snapshot: unknown; findings: string; tiles: KioskTile[] } | undefined;
  private examplesMemo: { doc: unknown; snapshot: unknown; frames: string; examples: string[] } | undefined;

  private tiles(findings: readonly Finding[]): KioskTile[] {
    const doc = this.document.doc;
    const snapshot = this.robot.snapshot;
    const key = `${this.robot.tf.length > 0}\n${findings.map((f) => `${f.code} ${f.subject.name}`).join('\n')}`;
    const m = this.tilesMemo;
    if (m && m.doc === doc && m.snapshot === snapshot && m.findings === key) return m.tiles;
    // TF as the link has it now (the snapshot's may predate the first transforms).
    const tiles = kioskTiles({ document: doc, snapshot: snapshot && { ...snapshot, tf: [...this.robot.tf] }, findings });
    this.tilesMemo = { doc, snapshot, findings: key, tiles };
    return tiles;
  }

  /** A tile tap: its actions (or the fix request) through the planner, applied at once as one undo step. */
  private async onTile(tile: KioskTile): Promise<void> {
    this.status = { text: `${tile.label}…`, error: false };
    await this.planner.request(tile.request, { apply: true, ...(tile.kind === 'toggle' ? { proposer: tileProposer(tile) } : {}) });
    const p = this.planner;
    if (p.status === 'applied') {
      const n = p.plan?.actions.filter((a) => a.checked).length ?? 0;
      this.status = { text: `${tile.kind === 'fix' ? 'Fixed' : tile.on ? `${tile.label} hidden` : `${tile.label} shown`} (${n} change${n === 1 ? '' : 's'}). Undo to go back.`, error: false };
    } else if (p.status === 'error') {
      this.status = { text: p.message, error: true };
    } else {
      this.status = { text: p.message || 'Nothing to change.', error: false };
    }
  }

  /** Example requests for the empty planner, from the robot's topics (none until the robot answered or once used). */
  private examples(findings: readonly Finding[]): string[] {
    const snapshot = this.robot.snapshot;
    if (!snapshot || this.planner.plan || this.planner.turns.length > 0) return [];
    const doc = this.document.doc;
    const frames = [...new Set(this.robot.tf.map((e) => e.child))].sort().join(' ');
    const m = this.examplesMemo;
    if (m && m.doc === doc && m.snapshot === snapshot && m.frames === frames) return m.examples;
    const examples = exampleRequests({ document: doc, snapshot: { ...snapshot, tf: [...this.robot.tf] }, findings });
    this.examplesMemo = { doc, snapshot, frames, examples };
    return examples;
  }

  /**
   * The live 3D view of the document (above the planner; full screen behind the controls in kiosk). Keyed by the robot:
   * when another robot is identified at the address, a fresh view replaces the old one, so nothing of the previous
   * robot stays drawn.
   */
  private liveView(findings: readonly Finding[], slot?: string) {
    return keyed(this.docs.viewEpoch, html`<live-view slot=${slot ?? nothing} .doc=${this.document.doc} .link=${this.robot.link} .findings=${findings} ?kiosk=${this.kiosk}></live-view>`);
  }

  /** Another robot at the address, or the robot's config changed by another client: said once, with what to do. */
  private robotNotice() {
    const n = this.docs.notice;
    if (!n) return nothing;
    return html`<div class="notice robot" role="status" data-robot-notice=${n.kind}><span>${n.text}</span>
      ${n.previous ? html`<button data-use-previous @click=${() => { const o = this.docs.usePrevious(); if (o) this.report(o); }}>Use its document here</button>` : nothing}
      <button aria-label="Dismiss" title="Dismiss" @click=${() => this.docs.dismissNotice()}>×</button></div>`;
  }

  /** The question before a document goes to a robot it was not opened for, or over a config changed by another client. */
  private confirmDialog() {
    const c = this.docs.confirm;
    return html`<dialog data-confirm-send @cancel=${() => this.docs.answer(false)}>
      <p data-confirm-question>${c?.question ?? ''}</p>
      <form method="dialog">
        <button data-confirm-no @click=${() => this.docs.answer(false)}>Don't send</button>
        <button data-confirm-yes @click=${() => this.docs.answer(true)}>${c?.confirmLabel ?? 'Send'}</button>
      </form>
    </dialog>`;
  }

  /** Rule-computed findings about the robot and the open document; recomputed per render (about 1 ms on 1,000 topics). */
  private findings(): Finding[] {
    const snapshot = this.robot.snapshot;
    if (!snapshot) return [];
    return diagnose({ document: this.document.doc, snapshot: { ...snapshot, topics: [...this.robot.topics], tf: [...this.robot.tf] },
      now: Date.now(), stamps: this.robot.stamps, sampledSince: this.robot.sampledSince, subscriptions: this.robot.subscriptions }, { catalog });
  }

  /** A fresh-enough snapshot when connected (the link caches it 15 s); none when the robot is away. */
  private async liveSnapshot() {
    const link = this.robot.link;
    if (!link || link.state().presence !== 'connected') return this.robot.snapshot;
    try {
      return await link.snapshot();
    } catch {
      return this.robot.snapshot;
    }
  }

  private openSettings(): void {
    this.renderRoot.querySelector<HTMLDialogElement>('#settings')?.showModal();
  }

  private globalOptions(): GlobalOptionsView {
    const options = vmMap(this.document.doc).get('Global Options') as { get?: (k: string) => unknown } | undefined;
    const read = (key: string) => String(options?.get?.(key) ?? '');
    return { fixedFrame: read('Fixed Frame'), backgroundColor: read('Background Color'), frameRate: read('Frame Rate') };
  }

  private report(outcome: Outcome, done?: string): void {
    this.status = outcome.ok ? (outcome.message ?? done ? { text: outcome.message ?? done ?? '', error: false } : undefined) : { text: outcome.reason, error: true };
  }

  private async openFile(): Promise<void> {
    const picker = (window as { showOpenFilePicker?: (o: unknown) => Promise<FileSystemFileHandle[]> }).showOpenFilePicker;
    if (!picker) {
      this.renderRoot.querySelector<HTMLInputElement>('#file')?.click();
      return;
    }
    try {
      const [handle] = await picker({ types: [{ description: 'RViz config', accept: { 'text/yaml': ['.rviz', '.yaml', '.yml'] } }] });
      if (!handle) return;
      const file = await handle.getFile();
      this.report(this.document.openBytes(new Uint8Array(await file.arrayBuffer()), file.name,
        handle as unknown as Parameters<DocumentController['openBytes']>[2]));
    } catch (err) {
      if ((err as { name?: string }).name !== 'AbortError') this.report({ ok: false, reason: `could not open the file: ${String(err)}` });
    }
  }

  private async onFileInput(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) this.report(this.document.openBytes(new Uint8Array(await file.arrayBuffer()), file.name));
  }

  private async onDrop(e: DragEvent): Promise<void> {
    e.preventDefault();
    this.dragging = false;
    const file = e.dataTransfer?.files[0];
    if (file) this.report(this.document.openBytes(new Uint8Array(await file.arrayBuffer()), file.name));
  }

  private rvizSendQueued = false;

  /**
   * After an edit (Apply, Undo, Redo, a tile), RViz gets the whole document when it follows: once per task, so a plan
   * that undoes the previous one first still sends one config.
   */
  private sendEditToRviz(): void {
    if (this.rvizSendQueued) return;
    this.rvizSendQueued = true;
    queueMicrotask(() => {
      this.rvizSendQueued = false;
      this.docs.requestSend(this.document.text);
    });
  }

  private editSnapshotMemo: { snapshot: unknown; frames: string; merged: GraphSnapshot } | undefined;

  /** The snapshot with TF as the link has it now, kept while neither changes (the editor's context is built from it). */
  private editSnapshot(): GraphSnapshot | undefined {
    const snapshot = this.robot.snapshot;
    if (!snapshot) return undefined;
    const frames = this.robot.tf.map((e) => e.child).join(' ');
    const m = this.editSnapshotMemo;
    if (m && m.snapshot === snapshot && m.frames === frames) return m.merged;
    const merged = { ...snapshot, tf: [...this.robot.tf] };
    this.editSnapshotMemo = { snapshot, frames, merged };
    return merged;
  }

  /** The open document's .rviz text (read-only; the e2e tests compare it with what the robot's RViz loaded). */
  public documentText(): string {
    return this.document.text;
  }

  /** Another URL: remembered once it connects (robot-documents-controller.ts), so a bad one never replaces a good one. */
  private connectTo(url: string): void {
    this.robot.open(url);
  }
}

declare global {
  interface HTMLElementTagNameMap { 'companion-app': CompanionApp }
}
