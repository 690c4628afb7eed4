// The kiosk screen and the desk's first-minute parts as components: tiles and their events, drawers with Escape and
// focus, readonly, the waiting screen and data age; planner examples and the .rviz diff; the displays inspector.
import { fixture, html, expect, oneEvent } from '@open-wc/testing';
import '../../src/ui/kiosk-screen.ts';
import '../../src/ui/planner-panel.ts';
import '../../src/ui/displays-panel.ts';
import { dataAgeText, type KioskScreen } from '../../src/ui/kiosk-screen.ts';
import type { PlannerPanel } from '../../src/ui/planner-panel.ts';
import type { DisplaysPanel } from '../../src/ui/displays-panel.ts';
import type { KioskTile } from '../../src/core/kiosk/tiles.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../src/core/default-rviz.ts';
import { parse, listDisplays } from '../../src/core/rviz/index.ts';
import type { Plan } from '../../src/core/rviz/action-types.ts';

const tiles: KioskTile[] = [
  { kind: 'toggle', id: 'lidar', label: 'Lidar', on: false, topics: ['/scan'], request: 'show the lidar', actions: [] },
  { kind: 'toggle', id: 'map', label: 'Map', on: true, topics: ['/map'], request: 'hide the map', actions: [] },
  { kind: 'fix', id: 'fix', label: 'Fix 2 problems', count: 2, request: 'fix the problems' },
];

const doc = () => { const r = parse(DEFAULT_RVIZ_CONFIG); if (!r.ok) throw new Error(r.reason); return r.doc; };

describe('kiosk-screen', () => {
  it('renders the tiles with their state and fires tile-tap with the tile', async () => {
    const el = await fixture<KioskScreen>(html`<kiosk-screen presence="connected" .tiles=${tiles} .dataAgeMs=${420}></kiosk-screen>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-tile="lidar"]')!.getAttribute('aria-pressed')).to.equal('false');
    expect(root.querySelector('[data-tile="map"]')!.getAttribute('aria-pressed')).to.equal('true');
    expect(root.querySelector('[data-tile="fix"]')!.hasAttribute('aria-pressed')).to.equal(false);
    expect(root.querySelector('[data-age]')!.textContent).to.equal('data 0.4 s old');
    setTimeout(() => (root.querySelector('[data-tile="lidar"]') as HTMLButtonElement).click());
    const e = await oneEvent(el, 'tile-tap');
    expect(e.detail.tile.id).to.equal('lidar');
  });

  it('opens a drawer with focus inside, closes it on Escape and gives focus back', async () => {
    const el = await fixture<KioskScreen>(html`<kiosk-screen presence="connected" .tiles=${tiles}><p slot="planner">request box</p></kiosk-screen>`);
    const root = el.shadowRoot!;
    const button = root.querySelector<HTMLButtonElement>('[data-drawer-button="planner"]')!;
    button.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(root.querySelector('#drawer')!.hasAttribute('hidden')).to.equal(false);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(root.activeElement?.classList.contains('close')).to.equal(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await el.updateComplete;
    await el.updateComplete;
    expect(root.querySelector('#drawer')!.hasAttribute('hidden')).to.equal(true);
    expect(root.activeElement).to.equal(button);
  });

  it('has no menu when readonly, and says it is waiting for the robot with the link problem', async () => {
    const el = await fixture<KioskScreen>(html`<kiosk-screen readonly waiting url="ws://10.0.0.5:9090" presence="reconnecting"
      .problems=${[{ id: 'link:connection-failed', severity: 'error', message: 'cannot connect to ws://10.0.0.5:9090 (refused); retrying in 4 s' }]}></kiosk-screen>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-drawer-button="menu"]')).to.equal(null);
    expect(root.querySelector('[data-waiting]')!.textContent).to.contain('Waiting for the robot at ws://10.0.0.5:9090');
    expect(root.querySelector('[data-waiting]')!.textContent).to.contain('retrying in 4 s');
    expect(root.querySelector('[data-age]')!.textContent).to.equal('no data yet');
  });

  it('says data age briefly', () => {
    expect(dataAgeText(undefined)).to.equal('no data yet');
    expect(dataAgeText(1234)).to.equal('data 1.2 s old');
    expect(dataAgeText(42_000)).to.equal('data 42 s old');
    expect(dataAgeText(5 * 60_000)).to.equal('data 5 min old');
  });
});

describe('planner-panel: first minute', () => {
  const blank = { display_type: '', topic: '', display: '', property: '', value: '', frame: '' };
  const plan: Plan = {
    actions: [
      { ...blank, action: 'set_fixed_frame', frame: 'odom', origin: 'model', checked: true, note: '' },
      { ...blank, action: 'set_enabled', display: 'Grid', value: 'false', origin: 'model', checked: true, note: '' },
    ],
    rejected: [], notes: [],
  };

  it('offers the examples while empty and plans one on click', async () => {
    const el = await fixture<PlannerPanel>(html`<planner-panel .examples=${['show /scan coloured by intensity', 'show /map']}></planner-panel>`);
    const buttons = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[data-example]');
    expect([...buttons].map((b) => b.textContent)).to.deep.equal(['show /scan coloured by intensity', 'show /map']);
    setTimeout(() => buttons[1]!.click());
    const e = await oneEvent(el, 'plan-request');
    expect(e.detail.request).to.equal('show /map');
  });

  it('shows the .rviz diff of the checked actions next to the checklist, following the ticks', async () => {
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${plan} status="ready" .document=${doc()}></planner-panel>`);
    const root = el.shadowRoot!;
    root.querySelector<HTMLButtonElement>('[data-show-diff]')!.click();
    await el.updateComplete;
    const lines = (kind: string) => [...root.querySelectorAll(`[data-line="${kind}"]`)].map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
    expect(lines('removed')).to.include('- Fixed Frame: map');
    expect(lines('added')).to.include('+ Fixed Frame: odom');
    expect(lines('added').some((l) => l.includes('Enabled: false'))).to.equal(true);
    root.querySelectorAll<HTMLInputElement>('[data-checklist] input')[0]!.click();
    await el.updateComplete;
    expect(lines('added')).to.not.include('+ Fixed Frame: odom');
  });
});

describe('displays-panel: inspector and changes', () => {
  it('expands a display into its properties and marks what the last plan changed', async () => {
    const displays = listDisplays(doc(), catalog);
    const grid = displays.find((d) => d.name === 'Grid')!;
    const el = await fixture<DisplaysPanel>(html`<displays-panel .displays=${displays}
      .changes=${[{ path: grid.path, name: 'Grid', kind: 'changed', properties: ['Cell Size'] }]}></displays-panel>`);
    const root = el.shadowRoot!;
    const row = root.querySelector('[data-display="Grid"]')!;
    expect(row.getAttribute('data-change')).to.equal('changed');
    const toggle = row.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(toggle.getAttribute('aria-label')).to.equal('Show the properties of Grid');
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    const cell = row.querySelector('[data-inspector] [data-prop="Cell Size"]')!;
    expect(cell.textContent).to.equal('1');
    expect(cell.classList.contains('hot')).to.equal(true);
    expect(row.querySelector('[data-prop="Enabled"]')!.classList.contains('hot')).to.equal(false);
  });
});
