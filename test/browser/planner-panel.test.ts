import { fixture, html, expect, oneEvent } from '@open-wc/testing';
import '../../src/ui/planner-panel.ts';
import type { PlannerPanel } from '../../src/ui/planner-panel.ts';
import type { Plan } from '../../src/core/rviz/action-types.ts';

const blank = { display_type: '', topic: '', display: '', property: '', value: '', frame: '' };
const plan: Plan = {
  actions: [
    { ...blank, action: 'add_display', display_type: 'rviz_default_plugins/LaserScan', topic: '/scan', origin: 'model', checked: true, note: '' },
    { ...blank, action: 'set_property', display: 'LaserScan', property: 'Topic/Reliability Policy', value: 'Best Effort', origin: 'auto', checked: true, note: '/scan is published Best Effort' },
    { ...blank, action: 'set_fixed_frame', frame: 'odom', origin: 'model', checked: true, note: '' },
  ],
  rejected: [{ action: { ...blank, action: 'set_topic', display: 'Nope', topic: '/x' }, reason: 'display "Nope" does not exist' }],
  notes: ['/points is not publishing yet'],
};

describe('planner-panel', () => {
  it('renders the checklist with auto actions, rejected ones and notes', async () => {
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${plan} status="ready"></planner-panel>`);
    const root = el.shadowRoot!;
    expect(root.querySelectorAll('[data-checklist] li').length).to.equal(3);
    expect(root.querySelectorAll('.chip.auto').length).to.equal(1);
    expect(root.querySelector('[data-rejected]')!.textContent).to.contain('does not exist');
    expect(root.querySelector('[data-note]')!.textContent).to.contain('/points');
  });

  it('shows the words each action came from, escaped as text', async () => {
    const cited: Plan = { ...plan, actions: [{ ...plan.actions[0]!, from: 'show the <b>scan</b>' }, plan.actions[1]!] };
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${cited} status="ready"></planner-panel>`);
    const froms = el.shadowRoot!.querySelectorAll('[data-checklist] .from');
    expect(froms.length).to.equal(1);
    expect(froms[0]!.textContent).to.contain('from “show the <b>scan</b>”');
    expect(el.shadowRoot!.querySelector('[data-checklist] b')).to.equal(null);
  });

  it('applies only the ticked actions', async () => {
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${plan} status="ready"></planner-panel>`);
    const boxes = el.shadowRoot!.querySelectorAll<HTMLInputElement>('[data-checklist] input[type=checkbox]');
    boxes[2]!.click();
    await el.updateComplete;
    const apply = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-apply]')!;
    expect(apply.textContent).to.contain('Apply 2 changes');
    setTimeout(() => apply.click());
    const event = await oneEvent(el, 'plan-apply');
    expect(event.detail.actions.map((a: { action: string }) => a.action)).to.deep.equal(['add_display', 'set_property']);
  });

  it('sends the request and offers cancel while planning', async () => {
    const el = await fixture<PlannerPanel>(html`<planner-panel></planner-panel>`);
    const box = el.shadowRoot!.querySelector('textarea')!;
    box.value = 'show the lidar';
    box.dispatchEvent(new Event('input'));
    await el.updateComplete;
    setTimeout(() => el.shadowRoot!.querySelector<HTMLButtonElement>('button[type=submit]')!.click());
    const event = await oneEvent(el, 'plan-request');
    expect(event.detail.request).to.equal('show the lidar');
    el.status = 'planning';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-planning]')).to.exist;
    expect(el.shadowRoot!.querySelector('button')!.textContent).to.contain('Cancel');
  });

  it('shows choices as one-tap buttons, applies none of them, and sends the one tapped', async () => {
    const dim = { ...blank, action: 'set_property' as const, display: 'Map', property: 'Alpha', value: '0.35', origin: 'model' as const, checked: true, note: '' };
    const unsure: Plan = { actions: [], rejected: [], notes: ['not sure what "darker" means'], choices: [
      { label: 'make the map more transparent', actions: [dim] },
      { label: 'make the map <b>black</b>', actions: [{ ...dim, property: 'Color Scheme', value: 'raw' }] },
    ] };
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${unsure} status="ready"></planner-panel>`);
    const root = el.shadowRoot!;
    const buttons = root.querySelectorAll<HTMLButtonElement>('[data-choices] [data-choice]');
    expect(buttons.length).to.equal(2);
    expect(buttons[0]!.textContent).to.contain('make the map more transparent');
    expect(buttons[0]!.textContent).to.contain('Set Alpha = 0.35 on "Map"');
    // A label is text, never markup.
    expect(buttons[1]!.querySelector('b')).to.equal(null);
    expect(buttons[1]!.textContent).to.contain('<b>black</b>');
    expect(root.querySelector<HTMLButtonElement>('[data-apply]')!.disabled).to.equal(true);
    setTimeout(() => buttons[0]!.click());
    const event = await oneEvent(el, 'plan-choose');
    expect(event.detail.choice.label).to.equal('make the map more transparent');
    el.status = 'applied';
    await el.updateComplete;
    expect(root.querySelector('[data-choices]')).to.equal(null);
  });

  it('offers a question to the assistant in one click', async () => {
    const asked: Plan = { actions: [], rejected: [], notes: ['"what does decay do?" is a question: nothing was changed; ask the assistant'], question: 'what does decay do?' };
    const el = await fixture<PlannerPanel>(html`<planner-panel .plan=${asked} status="ready"></planner-panel>`);
    const ask = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-question] [data-ask]')!;
    setTimeout(() => ask.click());
    const event = await oneEvent(el, 'plan-ask');
    expect(event.detail.question).to.equal('what does decay do?');
  });
});
