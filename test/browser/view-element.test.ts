// <live-view> as the app uses it: the legend lists every enabled display with its state (RViz-only ones too), the
// debug hook is read-only and answers viewStats() and documentText().
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { parse, serialize } from '../../src/core/rviz/document.ts';
import '../../src/ui/live-view.ts';
import type { LiveView } from '../../src/ui/live-view.ts';
import { installDebugHook } from '../../src/ui/live-view-debug.ts';
import { FakeLink, smallRobot } from '../fakes/fake-link.ts';

const TEXT = `Visualization Manager:
  Class: ""
  Displays:
    - Class: rviz_default_plugins/Grid
      Enabled: true
      Name: Grid
    - Class: rviz_default_plugins/LaserScan
      Enabled: true
      Name: Scan
      Topic: /scan
    - Class: rviz_default_plugins/Wrench
      Enabled: true
      Name: Force
      Topic: /wrench
    - Class: rviz_default_plugins/Axes
      Enabled: false
      Name: Hidden axes
  Global Options:
    Fixed Frame: map
  Views:
    Current:
      Class: rviz_default_plugins/XYOrbit
      Distance: 5
`;

function doc() {
  const r = parse(TEXT, { name: 'el.rviz' });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

describe('live-view', () => {
  it('lists every enabled display in the legend, the ones it cannot draw as shown in RViz only', async () => {
    const link = new FakeLink('ws://fake:9090', smallRobot('ws://fake:9090'));
    await link.connect();
    const el = await fixture<LiveView>(html`<live-view style="height:300px;width:500px" .doc=${doc()} .link=${link}></live-view>`);
    await waitUntil(() => el.viewStats().ready, 'three.js loaded', { timeout: 10000 });
    await waitUntil(() => el.viewStats().frames > 0, 'a frame rendered', { timeout: 5000 });
    const stats = el.viewStats();
    expect(Object.keys(stats.displays)).to.deep.equal(['Grid', 'Scan', 'Force']);
    expect(stats.displays['Grid']).to.include({ type: 'Grid', state: 'drawing', drawn: true });
    expect(stats.displays['Scan']).to.include({ type: 'LaserScan', state: 'no-data', drawn: false, lastMessageAgeMs: null });
    expect(stats.displays['Force']).to.include({ type: 'Wrench', state: 'rviz-only', drawn: false });
    await waitUntil(() => el.shadowRoot!.querySelector('[data-legend-row="Force"]'), 'legend row', { timeout: 2000 });
    expect(el.shadowRoot!.querySelector('[data-legend-row="Force"]')!.textContent).to.contain('shown in RViz only');
    expect(el.shadowRoot!.querySelector('[data-camera-note]')!.textContent).to.contain('XYOrbit view is shown as an Orbit view');
    expect(el.shadowRoot!.querySelector('canvas')).to.exist;
    // Headless Chromium hands the canvas to the render worker: no WebGL call on the page.
    expect(stats.scene).to.equal('worker');
  });

  it('draws on the page where a canvas cannot be handed to a worker (the fallback)', async () => {
    const proto = HTMLCanvasElement.prototype as unknown as Record<string, unknown>;
    const transfer = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'transferControlToOffscreen')!;
    delete proto['transferControlToOffscreen'];
    try {
      const link = new FakeLink('ws://fake:9090', smallRobot('ws://fake:9090'));
      await link.connect();
      const el = await fixture<LiveView>(html`<live-view style="height:300px;width:500px" .doc=${doc()} .link=${link}></live-view>`);
      await waitUntil(() => el.viewStats().ready && el.viewStats().frames > 0, 'the page view drew', { timeout: 10000 });
      const stats = el.viewStats();
      expect(stats.scene).to.equal('page');
      expect(stats.displays['Grid']).to.include({ state: 'drawing', drawn: true });
    } finally {
      Object.defineProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen', transfer);
    }
  });

  it('exposes a read-only debug hook', () => {
    const d = doc();
    const remove = installDebugHook({ viewStats: () => ({ frameMs: { p50: 1, p95: 2 }, frames: 3, displays: {}, dropped: {}, decode: {}, ready: true, link: { subscribes: 0, unsubscribes: 0 } }), documentText: () => serialize(d) });
    try {
      const hook = window.rvizCompanion!;
      expect(hook.documentText()).to.equal(TEXT);
      expect(hook.viewStats().frameMs).to.deep.equal({ p50: 1, p95: 2 });
      expect(() => { (hook as { viewStats: unknown }).viewStats = () => 0; }).to.throw(TypeError);
      expect(() => { (window as { rvizCompanion?: unknown }).rvizCompanion = {}; }).to.throw(TypeError);
    } finally { remove(); }
    expect(window.rvizCompanion).to.equal(undefined);
  });
});
