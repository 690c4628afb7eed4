/// <reference types="vite/client" />
// The property editor, the Displays panel's editing and the Add display dialog, against the real core (catalog,
// validate(), complete(), the document's actions) and the turtlebot_nav robot's own config.
import { fixture, html, expect, oneEvent } from '@open-wc/testing';
import turtlebotText from '../../sim/scenarios/turtlebot_nav.rviz?raw';
import '../../src/ui/property-editor.ts';
import '../../src/ui/displays-panel.ts';
import type { PropertyEditor, EditOutcome } from '../../src/ui/property-editor.ts';
import type { DisplaysPanel } from '../../src/ui/displays-panel.ts';
import type { EditorPort } from '../../src/ui/edit-controller.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { buildContext } from '../../src/core/planner/context.ts';
import { planEdit, previewVerdict, propertyControls, globalOptionControls, type Edit, type PropertyControl } from '../../src/core/editor/index.ts';
import { DocumentSession, getProperty, listDisplays, parse, serialize } from '../../src/core/rviz/index.ts';
import { snapshot } from '../unit/planner/fixtures.ts';

/** A real document session behind the editor: what commit() applies is what the app would apply. */
function session(text = turtlebotText) {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  const s = new DocumentSession(parsed.doc, { lookup: catalog });
  const robot = snapshot();
  const calls: Edit[] = [];
  const port: EditorPort = {
    context: () => buildContext({ document: s.doc, snapshot: robot }),
    async commit(edit: Edit): Promise<EditOutcome> {
      calls.push(edit);
      const planned = planEdit(edit, this.context());
      if (!planned.ok) return { ok: false, reason: planned.reason };
      const applied = s.apply(planned.actions, planned.label);
      return applied.ok ? { ok: true, auto: planned.auto.map((a) => `${a.property} = ${a.value} (${a.note})`), notes: planned.notes } : { ok: false, reason: applied.reason };
    },
  };
  return { s, port, calls };
}

async function editorFor(name: string, text?: string) {
  const { s, port, calls } = session(text);
  const ctx = port.context();
  const d = listDisplays(s.doc).find((x) => x.name === name)!;
  const el = await fixture<PropertyEditor>(html`<property-editor displayName=${name} .controls=${propertyControls(ctx, d)}
    .commit=${(c: PropertyControl, value: string) => port.commit({ kind: 'property', display: d.path, displayName: name, control: c, value })}
    .preview=${(c: PropertyControl, value: string) => previewVerdict(ctx, d, c, value)}></property-editor>`);
  const byName = <T extends Element>(label: string) => el.shadowRoot!.querySelector<T & HTMLElement>(`[aria-label="${label}"]`)!;
  return { el, s, calls, byName, root: el.shadowRoot! };
}

const settle = async (el: { updateComplete: Promise<unknown> }) => { await new Promise((r) => setTimeout(r, 0)); await el.updateComplete; };

describe('property-editor: one control per property, of the kind the catalog implies', () => {
  it('numbers: a field with unit and range, committed once on Enter (not per keystroke), one undo step', async () => {
    const { el, s, calls, byName, root } = await editorFor('LaserScan');
    const before = serialize(s.doc);
    const size = byName<HTMLInputElement>('LaserScan › Size (m)');
    expect(size.type).to.equal('number');
    expect(root.querySelector('[data-prop="Size (m)"] .unit')!.textContent).to.equal('m');
    expect(root.querySelector('[data-prop="Size (m)"] [data-range]')!.textContent).to.equal('≥ 0.0001');
    size.focus();
    for (const v of ['0', '0.', '0.1']) { size.value = v; size.dispatchEvent(new Event('input', { bubbles: true })); }
    expect(calls.length).to.equal(0);
    size.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(calls.length).to.equal(1);
    expect(serialize(s.doc)).to.contain('Size (m): 0.1');
    expect(s.undo().ok).to.equal(true);
    expect(serialize(s.doc)).to.equal(before);
  });

  it('a value out of range is refused inline with the range; the document is unchanged', async () => {
    const { el, s, byName, root } = await editorFor('LaserScan');
    const before = serialize(s.doc);
    const alpha = byName<HTMLInputElement>('LaserScan › Alpha');
    expect(byName<HTMLInputElement>('LaserScan › Alpha (slider)').type).to.equal('range');
    alpha.value = '1.5';
    alpha.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    const refused = root.querySelector('[data-refused]')!;
    expect(refused.getAttribute('role')).to.equal('alert');
    expect(refused.textContent).to.match(/1\.5 is above the maximum 1.*range 0\.\.1/);
    expect(alpha.getAttribute('aria-invalid')).to.equal('true');
    expect(serialize(s.doc)).to.equal(before);
  });

  it('enums are selects of the catalog values; booleans are switches', async () => {
    const { el, s, byName } = await editorFor('Map');
    const scheme = byName<HTMLSelectElement>('Map › Color Scheme');
    expect(scheme.tagName).to.equal('SELECT');
    expect([...scheme.options].map((o) => o.value)).to.deep.equal(['map', 'costmap', 'raw']);
    scheme.value = 'costmap';
    scheme.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(serialize(s.doc)).to.match(/Color Scheme: costmap\n(.*\n)*?\s+Name: Map\n/);
    const behind = byName<HTMLInputElement>('Map › Draw Behind');
    expect(behind.getAttribute('role')).to.equal('switch');
    expect(behind.checked).to.equal(true); // turtlebot's Map draws behind
    behind.click();
    await settle(el);
    expect(getProperty(s.doc, 'Map', 'Draw Behind')).to.deep.include({ ok: true, value: false });
  });

  it('colours: a colour picker that writes R; G; B', async () => {
    const { el, s, byName } = await editorFor('LaserScan');
    const color = byName<HTMLInputElement>('LaserScan › Color');
    expect(color.type).to.equal('color');
    color.value = '#ff8000';
    color.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(serialize(s.doc)).to.contain('      Color: 255; 128; 0\n');
  });

  it('topics: the live topics the display accepts with their publishers\' QoS and the verdict', async () => {
    const { root, byName } = await editorFor('LaserScan');
    const topic = byName<HTMLInputElement>('LaserScan › Topic');
    expect(topic.value).to.equal('/scan');
    expect([...root.querySelectorAll(`#${topic.getAttribute('list')} option`)].map((o) => (o as HTMLOptionElement).value)).to.deep.equal(['/scan']);
    const option = root.querySelector('[data-topic-option="/scan"]')!;
    expect(option.querySelector('.chip')!.textContent).to.equal('best effort, volatile');
    expect(option.querySelector('.verdict')!.textContent).to.match(/^✓ receives from \/lidar/);
  });

  it('QoS fields show the verdict live as they change, before anything is committed', async () => {
    const { el, s, calls, byName, root } = await editorFor('LaserScan');
    const before = serialize(s.doc);
    const rel = byName<HTMLSelectElement>('LaserScan › Topic › Reliability Policy');
    const verdict = () => root.querySelector('[data-prop="Topic/Reliability Policy"] [data-verdict]')!;
    expect(verdict().getAttribute('data-verdict')).to.equal('ok');
    rel.value = 'Reliable';
    rel.dispatchEvent(new Event('input', { bubbles: true }));
    await el.updateComplete;
    expect(verdict().getAttribute('data-verdict')).to.equal('mismatch');
    expect(verdict().textContent).to.match(/receives nothing from \/lidar/);
    expect(calls.length).to.equal(0);
    expect(serialize(s.doc)).to.equal(before);
  });

  it('frames come from TF; a frame not in TF is allowed with a warning', async () => {
    const { el, s, byName, root } = await editorFor('Grid');
    const frame = byName<HTMLInputElement>('Grid › Reference Frame');
    expect([...root.querySelectorAll(`#${frame.getAttribute('list')} option`)].map((o) => (o as HTMLOptionElement).value))
      .to.deep.equal(['<Fixed Frame>', 'base_link', 'laser', 'map', 'odom']);
    frame.value = 'camera_link';
    frame.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(serialize(s.doc)).to.contain('Reference Frame: camera_link');
  });

  it('properties the catalog does not know are text with a note', async () => {
    const { root, byName } = await editorFor('Grid', turtlebotText.replace('Class: rviz_default_plugins/Grid', 'Class: my_plugins/Fancy'));
    const cell = byName<HTMLInputElement>('Grid › Cell Size');
    expect(cell.type).to.equal('text');
    expect(root.querySelector('[data-prop="Cell Size"] + .msg, [data-note]')!.textContent).to.match(/my_plugins\/Fancy is not in the catalog/);
  });
});

describe('displays-panel with an editor: Rename, Enable, Remove, Add display, Global Options', () => {
  async function panel() {
    const { s, port } = session();
    const el = await fixture<DisplaysPanel>(html`<displays-panel .editor=${port} .displays=${listDisplays(s.doc, catalog)}></displays-panel>`);
    const refresh = async () => { el.displays = listDisplays(s.doc, catalog); await settle(el); };
    const q = <T extends Element>(sel: string) => el.shadowRoot!.querySelector<T & HTMLElement>(sel)!;
    return { el, s, refresh, q };
  }

  it('Global Options: Background Color and Frame Rate (refused out of range)', async () => {
    const { el, s, q } = await panel();
    const go = q<PropertyEditor>('property-editor[data-global-options]');
    await go.updateComplete;
    const bg = go.shadowRoot!.querySelector<HTMLInputElement>('[aria-label="Global Options › Background Color"]')!;
    bg.value = '#000000';
    bg.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(serialize(s.doc)).to.contain('Background Color: 0; 0; 0');
    const rate = go.shadowRoot!.querySelector<HTMLInputElement>('[aria-label="Global Options › Frame Rate"]')!;
    rate.value = '5000';
    rate.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el); await settle(go);
    expect(go.shadowRoot!.querySelector('[data-refused]')!.textContent).to.match(/above the maximum 1000/);
    expect(serialize(s.doc)).to.contain('Frame Rate: 30');
    expect(globalOptionControls(buildContext({ document: s.doc })).find((c) => c.path === 'Fixed Frame')!.label).to.equal('Global Options › Fixed Frame');
  });

  it('Rename, Enable and Remove are one edit each; a clashing name is refused', async () => {
    const { s, refresh, q } = await panel();
    q<HTMLInputElement>('[aria-label="LaserScan › Enabled"]').click();
    await refresh();
    expect(listDisplays(s.doc).find((d) => d.name === 'LaserScan')!.enabled).to.equal(false);
    q<HTMLButtonElement>('[aria-label="Rename LaserScan"]').click();
    await refresh();
    const field = q<HTMLInputElement>('[aria-label="LaserScan › Name"]');
    field.value = 'Map';
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await refresh();
    expect(q('[data-edit-status="refused"]').textContent).to.match(/already named "Map"/);
    q<HTMLButtonElement>('[aria-label="Rename LaserScan"]').click();
    await refresh();
    const again = q<HTMLInputElement>('[aria-label="LaserScan › Name"]');
    again.value = 'Front Laser';
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await refresh();
    expect(q('[aria-label="Front Laser › Enabled"]')).to.not.equal(null);
    q<HTMLButtonElement>('[aria-label="Remove Front Laser"]').click();
    await refresh();
    expect(serialize(s.doc)).to.not.contain('Front Laser');
    expect(s.history.canUndo).to.equal(true);
  });

  it('Add display by topic: LaserScan on /scan with Best Effort added automatically; by type lists the catalog', async () => {
    const { el, s, refresh, q } = await panel();
    q<HTMLButtonElement>('[data-add-display]').click();
    await settle(el);
    const dialog = q<HTMLElement & { shadowRoot: ShadowRoot; updateComplete: Promise<unknown> }>('add-display-dialog');
    await dialog.updateComplete;
    const root = dialog.shadowRoot;
    expect(root.querySelector('dialog')!.open).to.equal(true);
    root.querySelector<HTMLButtonElement>('[data-add-tab="type"]')!.click();
    await dialog.updateComplete;
    expect(root.querySelectorAll('[data-add-type]').length).to.equal(catalog.displays.length);
    root.querySelector<HTMLButtonElement>('[data-add-tab="topic"]')!.click();
    await dialog.updateComplete;
    setTimeout(() => root.querySelector<HTMLButtonElement>('[aria-label="Add LaserScan on /scan"]')!.click());
    await oneEvent(el, 'display-added');
    await refresh();
    expect(root.querySelector('dialog')!.open).to.equal(false);
    expect(serialize(s.doc)).to.contain('Name: LaserScan (2)');
    expect(q('[data-edit-status="auto"]').textContent).to.match(/Topic\/Reliability Policy = Best Effort/);
  });
});

describe('kiosk: a long press on a tile opens its display sheet; targets are 48 px', () => {
  it('a long press fires tile-long-press and no tap; a short press is a tap', async () => {
    await import('../../src/ui/kiosk-screen.ts');
    const tile = { kind: 'toggle' as const, id: 'lidar', label: 'Lidar', on: true, topics: ['/scan'], request: 'hide the lidar', actions: [] };
    const el = await fixture<HTMLElement>(html`<kiosk-screen presence="connected" .tiles=${[tile]}></kiosk-screen>`);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-tile="lidar"]')!;
    const taps: string[] = [];
    el.addEventListener('tile-tap', () => taps.push('tap'));
    el.addEventListener('tile-long-press', () => taps.push('long'));
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 700));
    button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    button.click();
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    button.click();
    expect(taps).to.deep.equal(['long', 'tap']);
  });

  it('the display sheet edits the display with controls of at least 48 px', async () => {
    await import('../../src/ui/display-sheet.ts');
    const { s, port } = session();
    const el = await fixture<HTMLElement & { open(path?: string): void; updateComplete: Promise<unknown> }>(
      html`<display-sheet .editor=${port} .displays=${listDisplays(s.doc, catalog)}></display-sheet>`);
    const scan = listDisplays(s.doc).find((d) => d.name === 'LaserScan')!;
    el.open(scan.path);
    await el.updateComplete; await settle(el);
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    const editor = el.shadowRoot!.querySelector<PropertyEditor>('property-editor')!;
    await editor.updateComplete;
    const size = editor.shadowRoot!.querySelector<HTMLInputElement>('[aria-label="LaserScan › Size (m)"]')!;
    expect(size.getBoundingClientRect().height).to.be.at.least(48);
    const toggle = el.shadowRoot!.querySelector<HTMLInputElement>('[aria-label="LaserScan › Enabled"]')!;
    expect(toggle.getBoundingClientRect().height).to.be.at.least(48);
    size.value = '0.2';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(editor);
    expect(serialize(s.doc)).to.contain('Size (m): 0.2');
    el.shadowRoot!.querySelector<HTMLButtonElement>('.close')!.click();
    expect(dialog.open).to.equal(false);
  });
});
