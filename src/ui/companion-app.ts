import { LitElement, html, css, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { theme } from './theme.ts';
import { LinkController, type LinkFactory } from './link-controller.ts';
import { initialRobotUrl, rememberRobotUrl } from './robot-url.ts';
import './connection-bar.ts';
import './robot-topics.ts';
import './tf-tree-view.ts';

type LeftTab = 'robot' | 'displays';

/**
 * The page: top bar (robot URL and state), left tabs (Robot: topics and TF; Displays), the planner in the centre and
 * the assistant on the right. `?kiosk=1` gives one column with large touch targets and the assistant as a drawer.
 * Defined by main.ts (`customElements.define`) after `CompanionApp.linkFactory` is set, so tests can inject a fake link.
 */
export class CompanionApp extends LitElement {
  /** How the app reaches a robot; main.ts sets the rosbridge link, tests set fakes. */
  public static linkFactory: LinkFactory | undefined;

  public static override styles = [theme, css`
    :host { display: grid; grid-template-rows: auto 1fr; height: 100vh; background: var(--bg); }
    header { display: flex; gap: 12px; align-items: center; padding: 6px 12px; background: var(--panel); border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    header h1 { font-size: 15px; margin: 0 8px 0 0; white-space: nowrap; }
    main { display: grid; grid-template-columns: minmax(340px, 1.1fr) minmax(320px, 1fr) minmax(300px, .9fr); gap: 1px; background: var(--line); min-height: 0; }
    main.assistant-collapsed { grid-template-columns: minmax(340px, 1.1fr) minmax(320px, 1.4fr) 44px; }
    section { background: var(--bg); padding: 10px; overflow: auto; min-height: 0; }
    .tabs { display: flex; gap: 4px; margin-bottom: 8px; }
    .tabs button[aria-selected="true"] { border-color: var(--accent); background: #26405f; }
    h2 { font-size: 14px; margin: 12px 0 6px; color: var(--muted); font-weight: 600; }
    :host([kiosk]) main { grid-template-columns: 1fr; grid-auto-rows: min-content; overflow: auto; }
    @media (max-width: 900px) { main, main.assistant-collapsed { grid-template-columns: 1fr; overflow: auto; } }
  `];

  @property({ type: Boolean, reflect: true }) public kiosk = false;
  @state() private tab: LeftTab = 'robot';
  @state() private assistantCollapsed = false;

  private readonly robot: LinkController;

  public constructor() {
    super();
    const factory = CompanionApp.linkFactory;
    if (!factory) throw new Error('companion-app: CompanionApp.linkFactory must be set before the element is defined');
    this.robot = new LinkController(this, factory);
    this.robot.url = initialRobotUrl(window.location, window.localStorage);
    this.kiosk = new URLSearchParams(window.location.search).get('kiosk') === '1';
  }

  protected override render() {
    const r = this.robot;
    return html`
      <header>
        <h1>RViz Companion</h1>
        <connection-bar .url=${r.url} .presence=${r.presence} .problems=${r.problems}
          @url-change=${(e: CustomEvent<{ url: string }>) => this.connectTo(e.detail.url)}></connection-bar>
      </header>
      <main class=${this.assistantCollapsed ? 'assistant-collapsed' : ''}>
        <section aria-label="Robot and displays">
          <div class="tabs" role="tablist">
            <button role="tab" aria-selected=${this.tab === 'robot'} @click=${() => { this.tab = 'robot'; }}>Robot</button>
            <button role="tab" aria-selected=${this.tab === 'displays'} @click=${() => { this.tab = 'displays'; }}>Displays</button>
          </div>
          ${this.tab === 'robot' ? html`
            <h2>Topics</h2>
            <robot-topics .topics=${r.topics}></robot-topics>
            <h2>TF tree</h2>
            <tf-tree-view .edges=${r.tf} .now=${r.now}></tf-tree-view>` : nothing}
        </section>
        <section aria-label="Planner"></section>
        <section aria-label="Assistant"></section>
      </main>
    `;
  }

  private connectTo(url: string): void {
    rememberRobotUrl(url, window.localStorage);
    this.robot.open(url);
  }
}

declare global {
  interface HTMLElementTagNameMap { 'companion-app': CompanionApp }
}
