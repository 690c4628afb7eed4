import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { GraphSnapshot } from '../../src/core/graph/types.ts';
import type { LinkState } from '../../src/link/types.ts';
import { CompanionApp } from '../../src/ui/companion-app.ts';
import type { ConnectionBar } from '../../src/ui/connection-bar.ts';
import { FakeLink, smallRobot } from '../fakes/fake-link.ts';

const links: FakeLink[] = [];
CompanionApp.linkFactory = (url) => {
  const link = new FakeLink(url, smallRobot(url));
  links.push(link);
  return link;
};
if (!customElements.get('companion-app')) customElements.define('companion-app', CompanionApp);

const inner = (el: Element, selector: string) => el.shadowRoot!.querySelector(selector)!;

describe('companion-app', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the robot from its link: topic QoS and the TF chain', async () => {
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const topics = inner(app, 'robot-topics');
    await waitUntil(() => topics.shadowRoot!.querySelector('[data-topic="/scan"]'), 'topic row', { timeout: 4000 });
    expect(topics.shadowRoot!.querySelector('[data-qos-source]')!.textContent).to.contain('Best Effort');
    const tf = inner(app, 'tf-tree-view');
    await waitUntil(() => tf.shadowRoot!.querySelector('[data-frame="odom"][data-parent="map"] [data-frame="base_link"]'), 'tf chain', { timeout: 4000 });
  });

  it('connects to a new URL and closes the old link', async () => {
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const before = links.length;
    const bar = inner(app, 'connection-bar');
    bar.dispatchEvent(new CustomEvent('url-change', { detail: { url: 'ws://robot2:9090' }, bubbles: true, composed: true }));
    await app.updateComplete;
    expect(links.length).to.equal(before + 1);
    expect(links[before - 1]!.closed).to.equal(true);
    // Remembered once it connected (the fake connects at once).
    await waitUntil(() => localStorage.getItem('rviz-companion.robot-url') === 'ws://robot2:9090', 'remembered after connecting', { timeout: 4000 });
  });

  it('plans offline, applies, and Ctrl+Z undoes the whole plan', async () => {
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    await waitUntil(() => inner(app, 'robot-topics').shadowRoot!.querySelector('[data-topic="/scan"]'), 'robot', { timeout: 4000 });
    (inner(app, '.tabs button:nth-child(2)') as HTMLButtonElement).click();
    await app.updateComplete;
    const displays = () => [...inner(app, 'displays-panel').shadowRoot!.querySelectorAll('[data-display]')].map((e) => e.getAttribute('data-display'));
    const before = displays();
    const planner = inner(app, 'planner-panel');
    planner.dispatchEvent(new CustomEvent('plan-request', { detail: { request: 'show the lidar' }, bubbles: true, composed: true }));
    await waitUntil(() => planner.shadowRoot!.querySelector('[data-apply]'), 'plan ready', { timeout: 8000 });
    const items = [...planner.shadowRoot!.querySelectorAll('[data-checklist] li')].map((li) => li.textContent ?? '');
    expect(items.some((t) => t.includes('Add LaserScan on /scan'))).to.equal(true);
    expect(items.some((t) => t.includes('Best Effort'))).to.equal(true, 'the QoS fix is added automatically');
    (planner.shadowRoot!.querySelector('[data-apply]') as HTMLButtonElement).click();
    await waitUntil(() => displays().length === before.length + 1, 'display added', { timeout: 4000 });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    await waitUntil(() => displays().length === before.length, 'undone', { timeout: 4000 });
    expect(displays()).to.deep.equal(before);
  });

  it('another robot at the same address: its own document opens, the view is replaced, the previous document is kept', async () => {
    const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
    const link = links[links.length - 1]!;
    const docs = () => (app as unknown as { docs: { connected?: { key: string } } }).docs;
    await waitUntil(() => docs().connected, 'first robot identified', { timeout: 4000 });
    const first = docs().connected!.key;
    // The user's own file, dropped on the page.
    const own = app.documentText().replace('Fixed Frame: map', 'Fixed Frame: odom');
    const drop = new DragEvent('drop', { dataTransfer: new DataTransfer(), bubbles: true, cancelable: true });
    drop.dataTransfer!.items.add(new File([own], 'own.rviz'));
    app.dispatchEvent(drop);
    await waitUntil(() => app.documentText() === own, 'the dropped file is open', { timeout: 4000 });
    const view = inner(app, 'live-view');

    // Another robot answers at the same URL after a reconnect.
    const other: GraphSnapshot = { ...smallRobot(link.url), nodes: ['/arm_controller'],
      topics: [{ name: '/joint_trajectory', type: 'trajectory_msgs/msg/JointTrajectory', publishers: [], subscribers: [] }] };
    link.snapshot = async () => other;
    const emit = (link as unknown as { set(p: Partial<LinkState>): void }).set.bind(link);
    emit({ presence: 'reconnecting' });
    emit({ presence: 'connected', snapshot: other });
    const notice = () => app.shadowRoot!.querySelector('[data-robot-notice="other-robot"]');
    await waitUntil(notice, 'the notice names the new robot', { timeout: 4000 });
    expect(docs().connected!.key).not.to.equal(first);
    expect(notice()!.textContent).to.contain('/arm_controller').and.to.contain('/lidar');
    expect(app.documentText()).not.to.equal(own);
    expect(view.isConnected).to.equal(false, "the previous robot's view is gone");
    expect(inner(app, 'live-view').isConnected).to.equal(true);

    (app.shadowRoot!.querySelector('[data-use-previous]') as HTMLButtonElement).click();
    await waitUntil(() => app.documentText() === own, "the previous robot's document, kept", { timeout: 4000 });
  });

  it('keeps the top bar on one line at 800 px, with every control inside it', async () => {
    await setViewport({ width: 800, height: 480 });
    try {
      const app = await fixture<CompanionApp>(html`<companion-app></companion-app>`);
      await waitUntil(() => inner(app, 'connection-bar').shadowRoot!.querySelector('[data-presence="connected"]'), 'connected', { timeout: 4000 });
      await app.updateComplete;
      const header = inner(app, 'header').getBoundingClientRect();
      expect(header.height).to.be.at.most(56);
      const controls = [...inner(app, 'header').querySelectorAll('button, summary, connection-bar, rviz-state')] as HTMLElement[];
      for (const c of controls.filter((e) => e.getBoundingClientRect().width > 0)) {
        expect(c.getBoundingClientRect().right, c.textContent ?? c.tagName).to.be.at.most(header.right + 1);
      }
    } finally {
      await setViewport({ width: 1400, height: 900 });
    }
  });

  it('the connection bar says one problem at most, the error first, without a countdown that goes stale', async () => {
    const bar = await fixture<ConnectionBar>(html`<connection-bar url="ws://r:9090" presence="reconnecting" .problems=${[
      { id: 'link:slow', severity: 'warn', message: 'the robot answers slowly' },
      { id: 'link:connection-failed', severity: 'error', message: 'cannot connect to ws://r:9090 (refused); retrying in 0.5 s', tip: 'Is rosbridge running?' },
      { id: 'graph:slow', severity: 'warn', message: 'not a link problem' },
    ]}></connection-bar>`);
    const shown = [...bar.shadowRoot!.querySelectorAll('[data-problem]')];
    expect(shown.length).to.equal(1);
    expect(shown[0]!.getAttribute('data-problem')).to.equal('link:connection-failed');
    expect(shown[0]!.textContent).to.equal('cannot connect to ws://r:9090 (refused)');
    expect(shown[0]!.getAttribute('title')).to.contain('Is rosbridge running?');
  });
});
