import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import type { RvizDocument } from '../core/rviz/document.ts';
import { serialize } from '../core/rviz/document.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import { catalog } from '../core/catalog/index.ts';
import type { RobotLink } from '../link/types.ts';
import type { DecodedImage } from '../view/decode/types.ts';
import { documentView, type DocumentView } from '../view/spec/document-view.ts';
import { legendRows, type LegendContext, type LegendRow } from '../view/spec/legend.ts';
import { latchedTopic, qosBlocks } from '../core/diagnosis/display-state.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import { displayFeedOps } from '../link/display-subscriptions.ts';
import type { DisplayLook } from '../view/scene/dim.ts';
import { displayStates } from './display-states.ts';
import type { ImageInfo, ViewRuntime } from '../view/scene/view-runtime.ts';
import type { RemoteView } from '../view/remote/remote-view.ts';
import { offscreenViewSupported } from '../view/remote/supported.ts';
import { debugEnabled, installDebugHook, type ViewStats } from './live-view-debug.ts';
import { theme } from './theme.ts';
import './image-panel.ts';

const HEIGHT_KEY = 'rviz-companion.view-height';

/** Resolves in a later task (the page may render and handle input in between). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => { setTimeout(resolve, 0); });
}
const MESH_KEY = 'rviz-companion.mesh-base-url';

/**
 * The live 3D view: draws the open document's enabled displays from the robot's topics (three.js, loaded lazily with
 * this element's first use), in the document's Fixed Frame from its current view; orbit, pan and zoom with mouse or
 * touch, and a button back to the document's view. The legend lists every enabled display with its state (drawing,
 * no data yet, no transform to the fixed frame, wrong message type, shown in RViz only); Image and Camera displays
 * are 2D panels beside it. Fed by the document model and the link (never its own socket, never the YAML text).
 */
@customElement('live-view')
export class LiveView extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; position: relative; height: var(--view-height, 58vh); min-height: 160px; background: #303030;
      border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; margin-bottom: 10px; }
    :host([kiosk]) { position: fixed; inset: 56px 0 0 0; height: auto; border: 0; border-radius: 0; margin: 0; z-index: 0; }
    .stage { position: absolute; inset: 0; }
    .images { position: absolute; top: 6px; right: 6px; max-height: calc(100% - 24px); width: min(32%, 220px); overflow: auto; z-index: 2;
      display: flex; flex-direction: column; gap: 4px; }
    .toolbar { position: absolute; top: 6px; left: 6px; display: flex; gap: 6px; flex-wrap: wrap; z-index: 2; }
    .toolbar button { background: rgba(43, 45, 49, .85); }
    .legend { position: absolute; left: 6px; bottom: 12px; max-width: min(70%, 380px); max-height: calc(100% - 64px); overflow: auto; z-index: 2;
      background: rgba(30, 31, 34, .82); border: 1px solid var(--line); border-radius: var(--radius); padding: 3px 8px; font-size: 11px; line-height: 1.25; }
    .legend ul { list-style: none; margin: 0; padding: 0; }
    .legend li { display: flex; gap: 6px; align-items: baseline; padding: 1px 0; }
    .legend .dot { width: 8px; height: 8px; border-radius: 50%; flex: none; background: var(--muted); }
    .dot.drawing { background: var(--ok); } .dot.no-data { background: var(--muted); } .dot.no-transform { background: var(--warn); }
    .dot.wrong-type { background: var(--err); } .dot.rviz-only { background: transparent; border: 1px solid var(--muted); }
    .dot.stale { background: var(--ok); opacity: .35; } .legend li.stale .name { opacity: .55; }
    .legend .name { font-weight: 600; white-space: nowrap; }
    .legend .note { color: var(--muted); font-size: 11px; margin-left: 14px; }
    .legend summary, .legend .head { cursor: pointer; color: var(--muted); display: flex; gap: 8px; }
    .message { position: absolute; inset: 0; display: grid; place-items: center; color: var(--muted); font-size: 13px; padding: 20px; text-align: center; }
    .grip { position: absolute; left: 0; right: 0; bottom: 0; height: 10px; cursor: ns-resize; z-index: 3; touch-action: none; }
    .grip::after { content: ''; position: absolute; left: 50%; bottom: 3px; width: 40px; margin-left: -20px; height: 3px; border-radius: 2px; background: var(--line); }
    :host([kiosk]) .grip { display: none; }
    .mesh { position: absolute; top: 44px; left: 6px; z-index: 3; background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 8px; }
    .mesh input { width: 22em; }
    :host([kiosk]) .toolbar button { min-height: 48px; }
    /* Kiosk: the view fills the screen under the 56 px top bar and the tiles row; its own overlays stay clear of both. */
    :host([kiosk]) .toolbar, :host([kiosk]) .images { top: 62px; }
    :host([kiosk]) .mesh { top: 118px; }
    :host([kiosk]) .images { max-height: calc(100% - 68px - var(--kiosk-tiles-height, 120px)); }
    :host([kiosk]) .legend li[data-legend-row] { cursor: pointer; }
    :host([kiosk]) .legend { bottom: calc(var(--kiosk-tiles-height, 120px) + 6px); max-height: calc(100% - 130px - var(--kiosk-tiles-height, 120px)); }
  `];

  /** The open document (DocumentController's doc). */
  @property({ attribute: false }) public doc: RvizDocument | undefined;
  /** The current robot's link; another link means another robot: the scene starts empty. */
  @property({ attribute: false }) public link: RobotLink | undefined;
  /** The diagnosis findings the Displays panel shows (wrong type, missing frames…). */
  @property({ attribute: false }) public findings: readonly Finding[] = [];
  @property({ type: Boolean, reflect: true }) public kiosk = false;

  @state() private loadError: string | undefined;
  @state() private legendOpen = false;
  @state() private meshOpen = false;
  /** Each image display's newest frame: its size and encoding, and its pixels when the panel draws them itself. */
  @state() private images = new Map<string, { info: ImageInfo; image?: DecodedImage }>();
  @state() private tick = 0;

  /** The scene: in the render worker (RemoteView) where the browser can hand a canvas over, else on the page. */
  private runtime: RemoteView | ViewRuntime | undefined;
  private loading: Promise<void> | undefined;
  private view: DocumentView | undefined;
  private viewDoc: RvizDocument | undefined;
  private meshBaseUrl = '';
  private timer: ReturnType<typeof setInterval> | undefined;
  private removeHook: (() => void) | undefined;
  private stopLinkState: (() => void) | undefined;
  private stateLink: RobotLink | undefined;
  /** The QoS gates and latched topics of one document and snapshot, computed once for both. */
  private gates: { doc: RvizDocument; snapshot: GraphSnapshot | undefined; blocks: Map<string, string>; latched: Set<string> } | undefined;

  public override connectedCallback(): void {
    super.connectedCallback();
    try {
      this.meshBaseUrl = localStorage.getItem(MESH_KEY) ?? '';
      const h = localStorage.getItem(HEIGHT_KEY);
      if (h && !this.kiosk) this.style.setProperty('--view-height', `${Number(h)}px`);
    } catch { /* storage disabled: defaults */ }
    // The legend follows the scene twice a second (not every frame: one Lit render per frame would cost more than the frame).
    this.timer = setInterval(() => { this.tick++; }, 500);
    if (debugEnabled()) this.removeHook = installDebugHook({ viewStats: () => this.viewStats(), documentText: () => (this.doc ? serialize(this.doc) : '') });
    // Moved in the page (e.g. into or out of kiosk): the scene was disposed on disconnect, so start it again.
    if (this.hasUpdated && this.doc) void this.updateComplete.then(() => this.ensureRuntime()).then(() => this.push());
  }

  public override disconnectedCallback(): void {
    clearInterval(this.timer);
    this.removeHook?.();
    this.stopLinkState?.();
    this.stopLinkState = undefined;
    this.stateLink = undefined;
    displayStates.publish(new Map());
    this.runtime?.dispose();
    this.runtime = undefined;
    this.loading = undefined;
    super.disconnectedCallback();
  }

  private currentView(): DocumentView | undefined {
    if (!this.doc) return undefined;
    if (this.doc !== this.viewDoc) { this.view = documentView(this.doc, catalog); this.viewDoc = this.doc; }
    return this.view;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.followLinkState();
    if (!changed.has('doc') && !changed.has('link')) return;
    void this.ensureRuntime().then(() => this.push());
  }

  /** Loads three.js and the scene once (their own chunk: the first page does not carry them). */
  private ensureRuntime(): Promise<void> {
    if (this.runtime) return Promise.resolve();
    this.loading ??= (async () => {
      try {
        const rt = (offscreenViewSupported() ? await this.startRemote() : undefined) ?? await this.startOnPage();
        if (!rt) return;
        if (rt.where === 'worker') rt.onImageInfo = (u) => { this.images = new Map(this.images).set(u.key, { info: u.info }); };
        else rt.onImage = (u) => { this.images = new Map(this.images).set(u.key, { info: u.image, image: u.image }); };
        this.runtime = rt;
      } catch (err) {
        this.loadError = `The 3D view could not start (${err instanceof Error ? err.message : String(err)}); the legend below still lists the displays.`;
      }
    })();
    return this.loading;
  }

  /** Shader error logs cost a synchronous wait per program: on in the dev server (`vite`), off in the built app. */
  private get devShaderChecks(): boolean {
    return (import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV === true;
  }

  /**
   * The scene in the render worker: the page creates no WebGL context and runs no GL call, so the view's start-up and
   * drawing are no main-thread tasks. Undefined when the worker could not start its renderer (the page draws then).
   */
  private async startRemote(): Promise<RemoteView | undefined> {
    const { RemoteView } = await import('../view/remote/remote-view.ts');
    await nextTask();
    const stage = this.renderRoot.querySelector<HTMLElement>('.stage');
    if (!stage || !this.isConnected) return undefined;
    const rv = new RemoteView(stage, { checkShaderErrors: this.devShaderChecks });
    try {
      await rv.ready;
    } catch (err) {
      console.warn('live view: the render worker could not start; drawing on the page', err);
      rv.dispose();
      return undefined;
    }
    if (!this.isConnected) { rv.dispose(); return undefined; }
    return rv;
  }

  /** The scene on the page (no WebGL on an OffscreenCanvas in a worker here): the context made a piece per task. */
  private async startOnPage(): Promise<ViewRuntime | undefined> {
    // three.js, then the view's own modules: two chunks, each evaluated in a task of its own.
    await import('three');
    await nextTask();
    const { ViewRuntime, prepareContext } = await import('../view/scene/view-runtime.ts');
    // The chunk's evaluation, the WebGL context's creation and each extension three.js enables are tasks of their own.
    await nextTask();
    const stage = this.renderRoot.querySelector<HTMLElement>('.stage');
    if (!stage || !this.isConnected) return undefined;
    const prepared = await prepareContext(stage, nextTask);
    await nextTask();
    if (!this.isConnected) return undefined;
    const rt = new ViewRuntime(stage, { staged: true, checkShaderErrors: this.devShaderChecks, ...(prepared ? { prepared } : {}) });
    await nextTask();
    if (!this.isConnected) { rt.dispose(); return undefined; }
    return rt;
  }

  private push(): void {
    const v = this.currentView();
    if (!this.runtime || !v) return;
    this.runtime.update({ ...v, link: this.link, meshBaseUrl: this.meshBaseUrl });
    const keys = new Set(v.displays.filter((d) => d.spec.kind === 'image').map((d) => d.key));
    if ([...this.images.keys()].some((k) => !keys.has(k)) || (this.link !== this.imagesLink)) {
      this.images = new Map([...this.images].filter(([k]) => keys.has(k) && this.link === this.imagesLink));
      this.imagesLink = this.link;
    }
  }

  private imagesLink: RobotLink | undefined;

  /** A disconnect shows at once (stale), not at the next tick. */
  private followLinkState(): void {
    if (this.link === this.stateLink) return;
    this.stopLinkState?.();
    this.stateLink = this.link;
    let presence = this.link?.state().presence;
    this.stopLinkState = this.link?.onState((s) => {
      if (s.presence === presence) return;
      presence = s.presence;
      this.tick++;
    });
  }

  /** What the state rule needs besides the scene: the link's presence, the QoS gates and latched topics, rates. */
  private legendContext(): LegendContext {
    const state = this.link?.state();
    const snapshot = state?.snapshot;
    const doc = this.doc;
    if (doc && (this.gates?.doc !== doc || this.gates.snapshot !== snapshot)) {
      this.gates = { doc, snapshot, blocks: qosBlocks(doc, snapshot, catalog),
        latched: new Set((snapshot?.topics ?? []).filter((t) => latchedTopic(t)).map((t) => t.name)) };
    }
    let rates: Record<string, number> = {};
    try {
      rates = Object.fromEntries(Object.entries(this.link?.rates() ?? {}).map(([k, r]) => [k, r.rateHz]));
    } catch { /* a link without rates: the scene's own periods decide */ }
    return { now: Date.now(), live: state?.presence === 'connected',
      ...(this.gates ? { qosBlocks: this.gates.blocks, latched: this.gates.latched } : {}), rates };
  }

  private rows(): LegendRow[] {
    const v = this.currentView();
    if (!v) return [];
    return legendRows(v.displays, this.runtime?.statuses() ?? new Map(), this.findings, this.legendContext());
  }

  /** The scene draws what the states say (stale → dimmed, RViz receives nothing → hidden); the panel and kiosk show them. */
  private shareStates(rows: LegendRow[] = this.rows()): void {
    const looks: Record<string, DisplayLook> = {};
    for (const r of rows) {
      if (r.state === 'stale') looks[r.key] = 'dimmed';
      else if (r.state === 'no-data' && this.gates?.blocks.has(r.key)) looks[r.key] = 'hidden';
    }
    this.runtime?.setLooks(looks);
    displayStates.publish(new Map(rows.map((r) => [r.key, { state: r.state, label: r.label, ...(r.detail ? { detail: r.detail } : {}) }])));
  }

  /** Subscribe and unsubscribe operations since load: the link's own count, else what the display feeds asked of it. */
  private linkOps(): { subscribes: number; unsubscribes: number } {
    const link = this.link as (RobotLink & { stats?: () => { subscribes: number; unsubscribes: number } }) | undefined;
    if (!link) return { subscribes: 0, unsubscribes: 0 };
    const own = typeof link.stats === 'function' ? link.stats() : undefined;
    return own ? { subscribes: own.subscribes, unsubscribes: own.unsubscribes } : displayFeedOps(link);
  }

  /** The debug hook's `viewStats()`. */
  public viewStats(): ViewStats {
    const now = Date.now();
    const rows = this.rows();
    const frame = this.runtime?.frameStats() ?? { p50: 0, p95: 0, frames: 0 };
    const dropped = this.runtime?.dropped() ?? {};
    const displays: ViewStats['displays'] = {};
    const droppedByName: Record<string, number> = {};
    // While a shader is made ready what uses it is not on screen yet: "drawn" is what the picture shows.
    const onScreen = this.runtime?.isWarming() !== true;
    for (const r of rows) {
      const name = displays[r.name] ? `${r.name} (${r.key})` : r.name;
      displays[name] = { type: r.type, state: r.state, ...(r.detail ? { detail: r.detail } : {}), drawn: r.drawn && onScreen, objects: r.objects,
        lastMessageAgeMs: r.lastMessageAt !== undefined ? now - r.lastMessageAt : null };
      if (dropped[r.key] !== undefined) droppedByName[name] = dropped[r.key]!;
    }
    return { frameMs: { p50: frame.p50, p95: frame.p95 }, frames: frame.frames, displays, dropped: droppedByName,
      decode: this.runtime?.decodeStats() ?? {}, ready: this.runtime?.layersBuilt() === true && onScreen, link: this.linkOps(),
      ...(this.runtime ? { shaders: this.runtime.warmupStats(), scene: this.runtime.where } : {}) };
  }

  protected override render() {
    void this.tick;
    const rows = this.rows();
    this.shareStates(rows);
    const v = this.currentView();
    const imageDisplays = v?.displays.filter((d) => d.spec.kind === 'image') ?? [];
    const target = v?.camera.targetFrame.replace(/^\/+/, '');
    const notes = [v?.camera.kind === 'orbit' ? v.camera.note : undefined,
      target && target !== '<Fixed Frame>' && target !== v?.fixedFrame ? `the view's Target Frame ${target} is not followed: the camera stays in ${v?.fixedFrame}` : undefined];
    const note = notes.filter(Boolean).join('; ') || undefined;
    return html`
      <div class="stage" data-view-stage></div>
      ${this.loadError ? html`<div class="message error" role="alert">${this.loadError}</div>` : nothing}
      ${!this.link ? html`<div class="message" data-no-robot>No robot connected: the view draws once a robot streams.</div>` : nothing}
      <div class="toolbar">
        <button data-reset-view title="Back to the document's view" @click=${() => this.runtime?.resetCamera()}>Reset view</button>
        <button title="Where robot meshes are fetched from" @click=${() => { this.meshOpen = !this.meshOpen; }}>Meshes…</button>
        ${note ? html`<span class="muted" data-camera-note>${note}</span>` : nothing}
      </div>
      ${this.meshOpen ? html`<form class="mesh" @submit=${this.saveMeshUrl}>
        <label>Mesh base URL (package:// resolves under it)<br>
          <input name="mesh" .value=${this.meshBaseUrl} placeholder="http://robot:8000/share"></label>
        <button>Use</button></form>` : nothing}
      ${imageDisplays.length ? html`<div class="images">${keyed(this.runtime, repeat(imageDisplays, (d) => d.key, (d) => {
        // One panel per display and scene: a panel whose canvas went to one worker is never reused for another.
        const row = rows.find((r) => r.key === d.key);
        const shown = this.images.get(d.key);
        const rt = this.runtime;
        return html`<image-panel data-image-display=${d.name} .name=${d.name} .state=${row?.label ?? ''} .displayState=${row?.state ?? ''} .info=${shown?.info}
          .image=${shown?.image} .sink=${rt?.where === 'worker' ? rt.imageSink(d.key) : undefined}></image-panel>`;
      }))}</div>` : nothing}
      <div class="legend ${this.legendOpen ? '' : 'closed'}" data-legend>
        <div class="head" @click=${() => { this.legendOpen = !this.legendOpen; }}>
          <span>${this.legendOpen ? '▾' : '▸'} Legend${this.legendOpen ? '' : ' (all displays)'}</span><span>${rows.filter((r) => r.state === 'drawing').length}/${rows.length} drawing</span></div>
        <ul>${rows.filter((r) => this.legendOpen || r.state !== 'drawing').map((r) => html`<li class=${r.state} data-legend-row=${r.name} data-state=${r.state} title=${r.detail ?? ''}
            @click=${() => this.legendTap(r.name)}>
            <span class="dot ${r.state}"></span><span class="name">${r.name}</span>${r.state === 'drawing' ? nothing : html`<span class="muted">${r.label}</span>`}</li>
          ${r.notes.map((n) => html`<li class="note">${n}</li>`)}`)}</ul>
      </div>
      <div class="grip" title="Drag to resize the view" @pointerdown=${this.startResize}></div>
    `;
  }

  /**
   * Kiosk: a tap on a legend row asks for that display's sheet (issue 23), a touch shortcut; keyboard users reach the
   * same editor through the ⋯ drawer's Displays panel (and a tile's context-menu key). The desk edits in that panel.
   */
  private legendTap(name: string): void {
    if (!this.kiosk) return;
    this.dispatchEvent(new CustomEvent('legend-row-tap', { detail: { name }, bubbles: true, composed: true }));
  }

  private saveMeshUrl(e: Event): void {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('mesh') as HTMLInputElement;
    this.meshBaseUrl = input.value.trim();
    try { localStorage.setItem(MESH_KEY, this.meshBaseUrl); } catch { /* not kept */ }
    this.meshOpen = false;
    this.push();
  }

  private readonly startResize = (e: PointerEvent): void => {
    const grip = e.currentTarget as HTMLElement;
    grip.setPointerCapture(e.pointerId);
    const startY = e.clientY, startH = this.getBoundingClientRect().height;
    const move = (ev: PointerEvent) => {
      const h = Math.max(160, Math.min(window.innerHeight - 120, startH + ev.clientY - startY));
      this.style.setProperty('--view-height', `${h}px`);
    };
    const up = () => {
      grip.removeEventListener('pointermove', move);
      grip.removeEventListener('pointerup', up);
      try { localStorage.setItem(HEIGHT_KEY, String(Math.round(this.getBoundingClientRect().height))); } catch { /* not kept */ }
    };
    grip.addEventListener('pointermove', move);
    grip.addEventListener('pointerup', up);
  };
}

declare global {
  interface HTMLElementTagNameMap { 'live-view': LiveView }
}
