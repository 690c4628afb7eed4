import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Presence, Problem } from '../core/graph/types.ts';
import type { KioskTile } from '../core/kiosk/tiles.ts';
import { theme } from './theme.ts';

export type KioskDrawer = 'none' | 'planner' | 'assistant' | 'menu';

/** How long a press on a tile must last to open its display's settings. */
const LONG_PRESS_MS = 550;

const PRESENCE_LABEL: Record<Presence, string> = {
  idle: 'not connected', connecting: 'connecting…', connected: 'connected', reconnecting: 'reconnecting…',
  disconnected: 'disconnected', error: 'no robot',
};

/** How old the freshest data is, said briefly: "data 0.4 s old". */
export function dataAgeText(ageMs: number | undefined): string {
  if (ageMs === undefined) return 'no data yet';
  if (ageMs < 10_000) return `data ${(Math.max(0, ageMs) / 1000).toFixed(1)} s old`;
  if (ageMs < 120_000) return `data ${Math.round(ageMs / 1000)} s old`;
  return `data ${Math.round(ageMs / 60_000)} min old`;
}

/**
 * The kiosk (`?kiosk=1`): the view fills the screen; over it a top bar of at most 56 px (robot state and data age,
 * the RViz state, the last outcome, Undo, drawer buttons) and a row of quick-action tiles at the bottom. Drawers
 * (requests, assistant, more) slide over the view. Touch first: every target is at least 48 px, nothing depends on
 * hover, the page does not pinch-zoom (the view takes pinch).
 *
 * @slot view - the live view, full screen
 * @slot rviz-state - the RViz state chip in the top bar
 * @slot planner - the request box and checklist (drawer)
 * @slot assistant - the assistant (drawer)
 * @slot menu - file actions and settings (drawer; absent in readonly kiosks)
 * @slot notice - a notice with its own actions under the top bar (another robot at the address: "Use its document here")
 * @fires tile-tap - detail: { tile: KioskTile }
 * @fires tile-long-press - detail: { tile: KioskTile } (a long press or the context menu: the tile's display settings)
 * @fires kiosk-undo - Undo pressed
 */
@customElement('kiosk-screen')
export class KioskScreen extends LitElement {
  public static override styles = [theme, css`
    :host { position: fixed; inset: 0; display: block; overflow: hidden; background: var(--bg); --target: 48px; font-size: 16px;
      touch-action: pan-x pan-y; }
    .view { position: absolute; inset: 0; }
    ::slotted([slot="view"]) { position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; }
    header { position: absolute; top: 0; left: 0; right: 0; height: 56px; box-sizing: border-box; z-index: 3;
      display: flex; align-items: center; gap: 6px; padding: 4px 6px; background: rgba(43, 45, 49, .94); border-bottom: 1px solid var(--line); }
    .robot { display: flex; align-items: center; gap: 6px; min-width: 0; flex: 0 1 auto; line-height: 1.15; }
    .robot .text { display: flex; flex-direction: column; min-width: 0; }
    .robot .state { white-space: nowrap; }
    .age { font-size: 13px; white-space: nowrap; }
    .age.stale { color: var(--warn); }
    .dot { width: 12px; height: 12px; border-radius: 50%; background: var(--muted); flex: none; }
    .dot.connected { background: var(--ok); }
    .dot.connecting, .dot.reconnecting { background: var(--warn); }
    .dot.error, .dot.disconnected { background: var(--err); }
    .message { flex: 1 1 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 14px; }
    header button { min-width: 48px; padding: 0 10px; white-space: nowrap; }
    header button[aria-expanded="true"] { border-color: var(--accent); background: #26405f; }
    .tiles { position: absolute; left: 0; right: 0; bottom: 0; z-index: 2; display: grid; gap: 6px;
      grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
      padding: 6px; background: rgba(30, 31, 34, .88); border-top: 1px solid var(--line); margin: 0; list-style: none; }
    .tiles li { display: flex; min-width: 0; }
    .tiles li.empty-tiles { grid-column: 1 / -1; }
    .tile { flex: 1; min-height: 52px; display: flex; flex-direction: column; align-items: center; justify-content: center;
      gap: 2px; padding: 2px 6px; line-height: 1.1; }
    .tile .sub { font-size: 12px; color: var(--muted); }
    .tile[aria-pressed="true"] { background: #26405f; border-color: var(--accent); }
    .tile[aria-pressed="true"] .sub { color: #cfe3ff; }
    .tile.fix { background: #4a3a12; border-color: var(--warn); }
    .tile.fix .sub { color: #ffe2a3; }
    .drawer { position: absolute; top: 56px; right: 0; bottom: 0; width: min(100vw, 560px); box-sizing: border-box; z-index: 4;
      background: var(--panel); border-left: 1px solid var(--line); box-shadow: -8px 0 24px rgba(0, 0, 0, .5); display: flex; flex-direction: column; }
    [hidden] { display: none !important; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .drawer-head { display: flex; align-items: center; justify-content: space-between; padding: 4px 8px; border-bottom: 1px solid var(--line); }
    .drawer-head h2 { font-size: 16px; margin: 0; }
    .drawer-body { overflow: auto; padding: 8px; flex: 1; min-height: 0; }
    .waiting { position: absolute; left: 0; right: 0; top: 56px; z-index: 1; display: flex; flex-direction: column; align-items: center;
      gap: 6px; padding: 24px 16px; text-align: center; }
    .waiting strong { font-size: 20px; overflow-wrap: anywhere; }
    .waiting .why { color: var(--muted); max-width: 40em; overflow-wrap: anywhere; }
    .empty-tiles { color: var(--muted); padding: 8px; }
    .notice { position: absolute; left: 0; right: 0; top: 56px; z-index: 3; }
    @media (max-width: 640px) { .robot .state { display: none; } }
  `];

  @property() public url = '';
  @property() public presence: Presence = 'idle';
  @property({ attribute: false }) public problems: readonly Problem[] = [];
  /** True until the robot has answered once: the screen says it is waiting (and the link retries forever). */
  @property({ type: Boolean }) public waiting = false;
  /** Age of the freshest message in ms, when any arrived. */
  @property({ attribute: false }) public dataAgeMs: number | undefined;
  @property({ attribute: false }) public tiles: readonly KioskTile[] = [];
  @property({ type: Boolean }) public busy = false;
  @property({ type: Boolean }) public canUndo = false;
  @property({ attribute: false }) public message: { text: string; error: boolean } | undefined;
  /** `readonly=1`: no file actions, no settings, no robot change (the menu drawer is gone). */
  @property({ type: Boolean }) public readonly = false;
  @state() private drawer: KioskDrawer = 'none';

  public override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    // Trackpad pinch arrives as ctrl+wheel: the page must not zoom (the view handles its own zoom).
    window.addEventListener('wheel', this.onWheel, { passive: false });
    // Touch pinch: no page zoom anywhere (touch-action is intersected up the tree; the view slot takes all gestures).
    document.documentElement.style.touchAction = 'pan-x pan-y';
  }

  /** The tiles row's height, as `--kiosk-tiles-height` for the view's own overlays (legend, image panels). */
  private readonly tilesObserver = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver((entries) => {
    const height = entries[0]?.borderBoxSize?.[0]?.blockSize ?? entries[0]?.contentRect.height ?? 0;
    this.style.setProperty('--kiosk-tiles-height', `${Math.ceil(height)}px`);
  });

  protected override updated(): void {
    const tiles = this.renderRoot.querySelector('[data-tiles]');
    if (tiles === this.observedTiles) return;
    if (this.observedTiles) this.tilesObserver?.unobserve(this.observedTiles);
    this.observedTiles = tiles ?? undefined;
    if (tiles) this.tilesObserver?.observe(tiles);
    else this.style.setProperty('--kiosk-tiles-height', '0px');
  }

  private observedTiles: Element | undefined;

  public override disconnectedCallback(): void {
    this.tilesObserver?.disconnect();
    this.observedTiles = undefined;
    window.removeEventListener('keydown', this.onKey);
    window.removeEventListener('wheel', this.onWheel);
    document.documentElement.style.touchAction = '';
    super.disconnectedCallback();
  }

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.drawer !== 'none') this.open('none');
  };

  private readonly onWheel = (e: WheelEvent) => {
    if (e.ctrlKey) e.preventDefault();
  };

  /** Shows a drawer, leaving it open when it already is (a question handed from the Ask drawer to Help). */
  public show(drawer: Exclude<KioskDrawer, 'none'>): void {
    if (this.drawer !== drawer) this.open(drawer);
  }

  /** Opens a drawer (or closes it when it is open), moving focus into it. */
  public open(drawer: KioskDrawer): void {
    const from = this.drawer;
    this.drawer = from === drawer ? 'none' : drawer;
    void this.updateComplete.then(() => {
      if (this.drawer === 'none') this.renderRoot.querySelector<HTMLElement>(`[data-drawer-button="${from}"]`)?.focus();
      else this.renderRoot.querySelector<HTMLElement>('.drawer .close')?.focus();
    });
  }

  protected override render() {
    const linkProblem = this.problems.find((p) => p.id.startsWith('link:'));
    const stale = this.dataAgeMs !== undefined && this.dataAgeMs > 5000;
    return html`
      <main class="view" aria-label="3D view"><slot name="view"></slot></main>
      <header>
        <h1 class="visually-hidden">RViz Companion</h1>
        <div class="robot" data-robot-state=${this.presence} title=${this.url}>
          <span class="dot ${this.presence}" aria-hidden="true"></span>
          <span class="text">
            <span class="state">${PRESENCE_LABEL[this.presence]}</span>
            <span class="age ${stale ? 'stale' : 'muted'}" data-age>${dataAgeText(this.dataAgeMs)}</span>
          </span>
        </div>
        <slot name="rviz-state"></slot>
        <span class="message ${this.message?.error ? 'error' : ''}" role="status" aria-live="polite" data-kiosk-message
          title=${this.message?.text ?? ''}>${this.message?.text ?? ''}</span>
        <button data-kiosk-undo ?disabled=${!this.canUndo || this.busy} @click=${() => this.fire('kiosk-undo')}>Undo</button>
        ${this.drawerButton('planner', 'Ask', 'Ask: type a request')}
        ${this.drawerButton('assistant', 'Help', 'Help: the assistant')}
        ${this.readonly ? nothing : this.drawerButton('menu', '⋯', 'More: robot, files, settings')}
      </header>
      <div class="notice"><slot name="notice"></slot></div>
      ${this.waiting ? html`<div class="waiting" role="status" aria-live="polite" data-waiting>
        <strong>Waiting for the robot at ${this.url}</strong>
        <span class="why">${linkProblem ? linkProblem.message : 'connecting…'}</span>
        <span class="why">The screen keeps trying by itself; nothing to do here.</span>
      </div>` : nothing}
      ${this.renderDrawer()}
      ${this.waiting && this.tiles.length === 0 ? nothing : html`<nav aria-label="Quick actions"><ul class="tiles" data-tiles>
        ${this.tiles.length === 0 && !this.waiting ? html`<li class="empty-tiles">No displays to offer: the robot publishes nothing they can show.</li>` : nothing}
        ${this.tiles.map((t) => html`<li>${t.kind === 'fix'
          ? html`<button class="tile fix" data-tile=${t.id} ?disabled=${this.busy} @click=${() => this.fire('tile-tap', { tile: t })}>
              <span>${t.label}</span><span class="sub">from diagnosis</span></button>`
          : html`<button class="tile" data-tile=${t.id} aria-pressed=${t.on ? 'true' : 'false'} ?disabled=${this.busy}
              title=${t.topics.join(', ')} @click=${() => this.tap(t)} @pointerdown=${() => this.pressStart(t)}
              @pointerup=${this.pressEnd} @pointerleave=${this.pressEnd} @pointercancel=${this.pressEnd}
              @contextmenu=${(e: Event) => { e.preventDefault(); this.longPress(t); }}>
              <span>${t.label}</span><span class="sub">${t.on ? 'shown' : 'hidden'}</span></button>`}</li>`)}
      </ul></nav>`}
    `;
  }

  private drawerButton(drawer: KioskDrawer, label: string, name: string) {
    return html`<button data-drawer-button=${drawer} aria-label=${name} title=${name} aria-expanded=${this.drawer === drawer ? 'true' : 'false'}
      aria-controls="drawer" @click=${() => this.open(drawer)}>${label}</button>`;
  }

  private renderDrawer() {
    const titles: Record<KioskDrawer, string> = { none: '', planner: 'Request', assistant: 'Assistant', menu: 'More' };
    // Every drawer's slot stays in the DOM (so slotted elements keep their state); only the open one shows.
    return html`<section id="drawer" class="drawer" role="dialog" aria-label=${titles[this.drawer] || 'Drawer'} ?hidden=${this.drawer === 'none'}
        data-drawer=${this.drawer}>
      <div class="drawer-head"><h2>${titles[this.drawer]}</h2>
        <button class="close" aria-label="Close" @click=${() => this.open('none')}>Close</button></div>
      <div class="drawer-body">
        <div ?hidden=${this.drawer !== 'planner'}><slot name="planner"></slot></div>
        <div ?hidden=${this.drawer !== 'assistant'}><slot name="assistant"></slot></div>
        <div ?hidden=${this.drawer !== 'menu'}><slot name="menu"></slot></div>
      </div>
    </section>`;
  }

  /** A long press (or the context-menu gesture or key) on a tile opens its display's settings instead of toggling it. */
  private pressTimer: ReturnType<typeof setTimeout> | undefined;
  private longPressed = false;

  private pressStart(tile: KioskTile): void {
    this.pressEnd();
    this.longPressed = false;
    this.pressTimer = setTimeout(() => this.longPress(tile), LONG_PRESS_MS);
  }

  private readonly pressEnd = (): void => {
    if (this.pressTimer !== undefined) clearTimeout(this.pressTimer);
    this.pressTimer = undefined;
  };

  private longPress(tile: KioskTile): void {
    this.pressEnd();
    this.longPressed = true;
    this.fire('tile-long-press', { tile });
  }

  private tap(tile: KioskTile): void {
    if (this.longPressed) { this.longPressed = false; return; } // the click that ends a long press
    this.fire('tile-tap', { tile });
  }

  private fire(type: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap { 'kiosk-screen': KioskScreen }
}
