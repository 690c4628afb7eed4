import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { CompanionApp } from '../../src/ui/companion-app.ts';
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
    expect(localStorage.getItem('rviz-companion.robot-url')).to.equal('ws://robot2:9090');
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
});
