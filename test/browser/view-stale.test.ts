// <live-view> when data stops: the legend says "stale" (dimmed row and dot) within the stale rule's time, the scan is
// drawn dimmed (its red pixels fade), it comes back when data does; a link that is not connected makes everything
// stale at once. The Displays panel shows the same state.
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { parse } from '../../src/core/rviz/document.ts';
import type { Presence } from '../../src/core/graph/types.ts';
import type { LinkState } from '../../src/link/types.ts';
import '../../src/ui/live-view.ts';
import '../../src/ui/displays-panel.ts';
import type { LiveView } from '../../src/ui/live-view.ts';
import type { DisplaysPanel } from '../../src/ui/displays-panel.ts';
import { listDisplays } from '../../src/core/rviz/displays.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { ScriptedLink } from '../fakes/scripted-link.ts';

const TEXT = `Visualization Manager:
  Class: ""
  Displays:
    - Class: rviz_default_plugins/Grid
      Enabled: true
      Name: Grid
    - Class: rviz_default_plugins/LaserScan
      Name: Scan
      Enabled: true
      Topic: /scan
      Color Transformer: FlatColor
      Color: 255; 0; 0
      Style: Points
      Size (Pixels): 8
  Global Options:
    Background Color: 0; 0; 0
    Fixed Frame: map
    Frame Rate: 30
  Views:
    Current:
      Class: rviz_default_plugins/TopDownOrtho
      Scale: 50
      X: 0
      Y: 0
      Angle: 0
`;

/** The scripted link with a presence the test sets (a RobotLink as far as <live-view> asks). */
class PresenceLink extends ScriptedLink {
  public readonly url = 'ws://scripted:9090';
  public readonly capabilities = ['subscribe', 'tf'] as const;
  private presence: Presence = 'connected';
  private readonly listeners = new Set<(s: LinkState) => void>();
  public state(): LinkState { return { url: this.url, presence: this.presence, problems: [] }; }
  public onState(l: (s: LinkState) => void): () => void { this.listeners.add(l); l(this.state()); return () => this.listeners.delete(l); }
  public rates() { return {}; }
  public setPresence(p: Presence): void { this.presence = p; for (const l of this.listeners) l(this.state()); }
}

function doc() {
  const r = parse(TEXT, { name: 'stale.rviz' });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

/** Seven beams at 2 m, 20 cm (10 px) apart: the 8 px points do not overlap (overlapping faint points add up to red). */
const scan = () => ({ header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, angle_min: -0.3, angle_max: 0.3, angle_increment: 0.1,
  time_increment: 0, scan_time: 0.1, range_min: 0.1, range_max: 10, ranges: Array.from({ length: 7 }, () => 2), intensities: [] });

/** Pixels of the view's canvas that are clearly the scan's red (drawn at full strength). */
function redPixels(el: LiveView): number {
  const canvas = el.shadowRoot!.querySelector('canvas')!;
  const c = document.createElement('canvas');
  c.width = canvas.width; c.height = canvas.height;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(canvas, 0, 0);
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! < 60 && d[i + 2]! < 60) n++;
  return n;
}

describe('live-view: stale data', () => {
  it('the legend shows stale, dimmed, within the rule\'s time; the scan is drawn dimmed; fresh data brings it back', async () => {
    const link = new PresenceLink();
    link.addTf('map', 'laser', 0, 0, 0);
    const d = doc();
    const el = await fixture<LiveView>(html`<live-view style="height:300px;width:400px" .doc=${d} .link=${link.asLink()}></live-view>`);
    const panel = await fixture<DisplaysPanel>(html`<displays-panel .displays=${listDisplays(d, catalog)}></displays-panel>`);
    let streaming = true;
    const timer = setInterval(() => { if (streaming) void link.emit('/scan', scan()); }, 100);
    try {
      await waitUntil(() => el.viewStats().displays['Scan']?.state === 'drawing' && el.viewStats().displays['Scan']?.drawn, 'scan drawing', { timeout: 15000 });
      await waitUntil(() => redPixels(el) > 20, 'red scan pixels', { timeout: 5000 });
      streaming = false;
      const stoppedAt = Date.now();
      await waitUntil(() => el.viewStats().displays['Scan']?.state === 'stale', 'scan stale', { timeout: 6000 });
      const tookMs = Date.now() - stoppedAt;
      // 10 Hz: twice the period is 200 ms, the rule waits at least 1 s; well under 5 s.
      expect(tookMs, `stale after ${tookMs} ms`).to.be.below(5000);
      expect(el.viewStats().displays['Scan']).to.include({ state: 'stale', drawn: false });
      expect(el.viewStats().displays['Scan']!.detail).to.match(/^no message for/);
      expect(el.viewStats().displays['Grid']!.state, 'a topic-less display stays drawing while connected').to.equal('drawing');
      await waitUntil(() => el.shadowRoot!.querySelector('[data-legend-row="Scan"][data-state="stale"]'), 'stale legend row', { timeout: 2000 });
      const row = el.shadowRoot!.querySelector<HTMLElement>('[data-legend-row="Scan"]')!;
      expect(row.classList.contains('stale')).to.equal(true);
      expect(row.textContent).to.match(/stale · \d+\.\d s ago/);
      expect(Number(getComputedStyle(row.querySelector('.dot')!).opacity), 'dimmed dot').to.be.below(0.5);
      expect(Number(getComputedStyle(row.querySelector('.name')!).opacity), 'dimmed name').to.be.below(0.7);
      // The scene draws it dimmed: no full-strength red left, the points still there.
      await waitUntil(() => redPixels(el) === 0, 'the scan dimmed', { timeout: 3000 });
      expect(el.viewStats().displays['Scan']!.objects).to.be.above(0);
      // The Displays panel shows the same state.
      await waitUntil(() => panel.shadowRoot!.querySelector('[data-display="Scan"] [data-view-state="stale"]'), 'panel shows stale', { timeout: 2000 });
      streaming = true;
      await waitUntil(() => el.viewStats().displays['Scan']?.state === 'drawing', 'drawing again', { timeout: 5000 });
      await waitUntil(() => redPixels(el) > 20, 'full red again', { timeout: 5000 });
      await waitUntil(() => panel.shadowRoot!.querySelector('[data-display="Scan"] [data-view-state="drawing"]'), 'panel shows drawing', { timeout: 2000 });
    } finally { clearInterval(timer); }
  });

  it('a link that is not connected makes every drawn display stale at once', async () => {
    const link = new PresenceLink();
    link.addTf('map', 'laser', 0, 0, 0);
    const el = await fixture<LiveView>(html`<live-view style="height:300px;width:400px" .doc=${doc()} .link=${link.asLink()}></live-view>`);
    const timer = setInterval(() => { void link.emit('/scan', scan()); }, 100);
    try {
      await waitUntil(() => el.viewStats().displays['Scan']?.state === 'drawing' && el.viewStats().displays['Grid']?.state === 'drawing', 'drawing', { timeout: 15000 });
      link.setPresence('reconnecting');
      // At once: the very next read, not a timer later (messages are even still being emitted).
      const states = Object.values(el.viewStats().displays).map((x) => x.state);
      expect(states).to.deep.equal(['stale', 'stale']);
      expect(el.viewStats().displays['Grid']!.detail).to.equal('the robot is not connected');
      await waitUntil(() => el.shadowRoot!.querySelectorAll('[data-state="stale"]').length === 2, 'legend rows stale', { timeout: 2000 });
      expect(el.shadowRoot!.querySelector('[data-legend] .head')!.textContent).to.contain('0/2 drawing');
      link.setPresence('connected');
      await waitUntil(() => el.viewStats().displays['Scan']?.state === 'drawing', 'drawing after reconnect', { timeout: 5000 });
    } finally { clearInterval(timer); }
  });
});
