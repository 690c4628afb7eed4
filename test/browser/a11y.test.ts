// Accessibility of the desk and kiosk layouts with axe-core, against the simulated robot (real rosbridge link):
// no serious or critical violation, in the states a user meets first (robot shown, a plan with its diff, drawers).
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import axe from 'axe-core';
import { CompanionApp } from '../../src/ui/companion-app.ts';
import { createRosbridgeLink } from '../../src/link/index.ts';

CompanionApp.linkFactory = (url) => createRosbridgeLink(url);
if (!customElements.get('companion-app')) customElements.define('companion-app', CompanionApp);

// index.html gives the page these; the test page is WTR's own.
document.documentElement.lang = 'en';
document.title = 'RViz Companion';

const root = (el: Element, selector: string): Element => {
  const found = el.shadowRoot?.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

interface Summary { id: string; impact: string; nodes: number; help: string; target: string }

async function audit(label: string): Promise<Summary[]> {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  const rows = result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.length, help: v.help,
    target: JSON.stringify(v.nodes[0]?.target ?? []) }));
  console.log(`axe ${label}: ${rows.length ? rows.map((r) => `${r.impact} ${r.id} ×${r.nodes} (${r.help}) e.g. ${r.target}`).join('; ') : 'no violations'}`);
  return rows;
}

const serious = (rows: Summary[]) => rows.filter((r) => r.impact === 'serious' || r.impact === 'critical');

describe('accessibility (axe-core)', () => {
  const original = window.location.href;
  let simUrl = '';
  before(async () => { simUrl = (await executeServerCommand<string, undefined>('sim-url'))!; });
  beforeEach(() => { sessionStorage.clear(); localStorage.clear(); });
  afterEach(() => { history.replaceState(null, '', original); });

  it('desk: robot, displays with an inspector open, a plan with its .rviz diff', async () => {
    history.replaceState(null, '', `?url=${encodeURIComponent(simUrl)}`);
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const topics = root(app, 'robot-topics');
    await waitUntil(() => topics.shadowRoot!.querySelector('[data-topic="/scan"]'), 'topics', { timeout: 8000 });
    expect(serious(await audit('desk, Robot tab'))).to.deep.equal([]);

    (root(app, '.tabs button:nth-child(2)') as HTMLButtonElement).click();
    await app.updateComplete;
    const displays = root(app, 'displays-panel');
    await waitUntil(() => displays.shadowRoot!.querySelector('button[aria-expanded]'), 'displays', { timeout: 4000 });
    (displays.shadowRoot!.querySelector('button[aria-expanded]') as HTMLButtonElement).click();
    const planner = root(app, 'planner-panel');
    planner.dispatchEvent(new CustomEvent('plan-request', { detail: { request: 'show the odometry as arrows' }, bubbles: true, composed: true }));
    await waitUntil(() => planner.shadowRoot!.querySelector('[data-show-diff]'), 'plan', { timeout: 8000 });
    (planner.shadowRoot!.querySelector('[data-show-diff]') as HTMLButtonElement).click();
    await waitUntil(() => planner.shadowRoot!.querySelector('[data-diff]'), 'diff', { timeout: 4000 });
    expect(serious(await audit('desk, Displays + plan + diff'))).to.deep.equal([]);
  });

  it('kiosk: tiles, then each drawer open', async () => {
    history.replaceState(null, '', `?kiosk=1&url=${encodeURIComponent(simUrl)}`);
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const screen = root(app, 'kiosk-screen');
    await waitUntil(() => screen.shadowRoot!.querySelector('[data-tile="lidar"]'), 'tiles', { timeout: 8000 });
    expect(serious(await audit('kiosk, tiles'))).to.deep.equal([]);
    for (const drawer of ['planner', 'assistant', 'menu']) {
      (screen.shadowRoot!.querySelector(`[data-drawer-button="${drawer}"]`) as HTMLButtonElement).click();
      await (screen as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(serious(await audit(`kiosk, ${drawer} drawer`))).to.deep.equal([]);
      (screen.shadowRoot!.querySelector(`[data-drawer-button="${drawer}"]`) as HTMLButtonElement).click();
    }
  });

  it('kiosk readonly: waiting for a robot that is not there', async () => {
    history.replaceState(null, '', '?kiosk=1&readonly=1&url=ws%3A%2F%2F127.0.0.1%3A9');
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const screen = root(app, 'kiosk-screen');
    await waitUntil(() => screen.shadowRoot!.querySelector('[data-waiting]'), 'waiting', { timeout: 4000 });
    expect(serious(await audit('kiosk readonly, waiting'))).to.deep.equal([]);
  });
});
