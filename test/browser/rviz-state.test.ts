import { fixture, html, expect, oneEvent } from '@open-wc/testing';
import '../../src/ui/rviz-state.ts';
import type { RvizStateView } from '../../src/ui/rviz-state.ts';
import { deriveRvizState } from '../../src/core/bridge/state.ts';
import type { BridgeStatus } from '../../src/core/bridge/status.ts';
import type { TopicInfo } from '../../src/core/graph/types.ts';

const qos = { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 } as const;
const bridgeTopics: TopicInfo[] = [{ name: '/rviz_companion/rviz_config', type: 'std_msgs/msg/String', publishers: [],
  subscribers: [{ node: '/rviz_companion_bridge', qos, source: 'reported' }] }];
const loaded: BridgeStatus = { stamp: 1, ok: true, action: 'loaded', reason: '', file: '/f.rviz', version: 2, took_ms: 1900 };

describe('rviz-state', () => {
  it('shows "RViz follows" with the Send to RViz switch, and fires send-toggle', async () => {
    const state = deriveRvizState({ presence: 'connected', topics: bridgeTopics, evidence: loaded });
    const el = await fixture<RvizStateView>(html`<rviz-state .state=${state} .send=${true}></rviz-state>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-rviz-mode]')!.getAttribute('data-rviz-mode')).to.equal('follows');
    expect(root.querySelector('[data-rviz-label]')!.textContent).to.equal('RViz follows');
    const box = root.querySelector<HTMLInputElement>('[data-send-to-rviz]')!;
    expect(box.checked).to.equal(true);
    setTimeout(() => box.click());
    const event = await oneEvent(el, 'send-toggle');
    expect(event.detail).to.deep.equal({ on: false });
  });

  it('without a bridge: no switch, and the panel gives the launch command and the README', async () => {
    const state = deriveRvizState({ presence: 'connected', topics: [], evidence: undefined });
    const el = await fixture<RvizStateView>(html`<rviz-state .state=${state}></rviz-state>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-send-to-rviz]')).to.equal(null);
    expect(root.querySelector('[data-rviz-label]')!.textContent).to.equal('no bridge');
    expect(root.querySelector('[data-launch-command]')!.textContent).to.equal('ros2 launch rviz_companion_bridge companion.launch.py');
    expect(root.querySelector('a')!.getAttribute('href')).to.equal('ros/rviz_companion_bridge/README.md');
  });

  it('renders the robot\'s refusal text as text, never as markup, and lets the user dismiss it', async () => {
    const state = deriveRvizState({ presence: 'connected', topics: bridgeTopics, evidence: loaded });
    const message = { ok: false, text: 'The robot refused it: <img src=x onerror="window.pwned=1">bad' };
    const el = await fixture<RvizStateView>(html`<rviz-state .state=${state} .message=${message}></rviz-state>`);
    const toast = el.shadowRoot!.querySelector('[data-rviz-message="error"]')!;
    expect(toast.textContent).to.contain('<img src=x');
    expect(toast.querySelector('img')).to.equal(null);
    toast.querySelector<HTMLButtonElement>('button')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-rviz-message]')).to.equal(null);
  });

  it('renders nothing while not connected', async () => {
    const state = deriveRvizState({ presence: 'disconnected', topics: undefined, evidence: undefined });
    const el = await fixture<RvizStateView>(html`<rviz-state .state=${state}></rviz-state>`);
    expect(el.shadowRoot!.querySelector('[data-rviz-mode]')).to.equal(null);
  });

  it('split for the desk: show="control" has no answer under it, show="message" has only the answer, in the page flow', async () => {
    const state = deriveRvizState({ presence: 'connected', topics: bridgeTopics, evidence: loaded });
    const message = { ok: true, text: 'RViz loaded it in 1.9 s' };
    const control = await fixture<RvizStateView>(html`<rviz-state show="control" .state=${state} .send=${true} .message=${message}></rviz-state>`);
    expect(control.shadowRoot!.querySelector('[data-rviz-message]')).to.equal(null);
    expect(control.shadowRoot!.querySelector('[data-send-to-rviz]')).not.to.equal(null);
    const line = await fixture<RvizStateView>(html`<rviz-state show="message" .state=${state} .message=${message}></rviz-state>`);
    const toast = line.shadowRoot!.querySelector<HTMLElement>('[data-rviz-message="ok"]')!;
    expect(toast.textContent).to.contain('RViz loaded it in 1.9 s');
    expect(getComputedStyle(toast).position).to.equal('static');
    expect(line.shadowRoot!.querySelector('[data-rviz-mode]')).to.equal(null);
    expect(line.shadowRoot!.querySelector('[data-send-to-rviz]')).to.equal(null);
  });
});
