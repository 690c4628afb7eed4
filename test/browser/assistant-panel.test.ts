import { fixture, html, expect } from '@open-wc/testing';
import '../../src/ui/assistant-panel.ts';
import type { AssistantPanel, AskFunction } from '../../src/ui/assistant-panel.ts';
import type { AssistantEvent } from '../../src/core/assistant/events.ts';

function scripted(events: AssistantEvent[], gate?: Promise<void>): AskFunction {
  return async function* () {
    for (const e of events) {
      if (gate && e.type === 'token') await gate;
      yield e;
    }
  };
}

const sources = [{ id: 'qos-compatibility', title: 'QoS compatibility', url: 'https://docs.ros.org/en/rolling/Concepts/Intermediate/About-Quality-of-Service-Settings.html' }];

describe('assistant-panel', () => {
  it('shows sources before the answer streams, then links known citations only', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const el = await fixture<AssistantPanel>(html`<assistant-panel></assistant-panel>`);
    el.ask = scripted([
      { type: 'context', sources, findings: [], noMatch: false },
      { type: 'token', text: 'Set Reliability to Best Effort [qos-compatibility] ' },
      { type: 'token', text: 'and see [made-up-id].' },
      { type: 'done', answer: 'Set Reliability to Best Effort [qos-compatibility] and see [made-up-id].', sources, commands: [] },
    ], gate);
    const running = el.run('why is my scan empty?');
    await new Promise((r) => setTimeout(r, 20));
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-source="qos-compatibility"]')).to.exist;
    expect(root.querySelector('[data-answer]')).to.not.exist;
    release();
    await running;
    await el.updateComplete;
    const links = [...root.querySelectorAll('[data-answer] a.cite')];
    expect(links.map((a) => a.textContent)).to.deep.equal(['[qos-compatibility]']);
    expect(root.querySelector('[data-answer] .cite-unknown')!.textContent).to.equal('[made-up-id]');
  });

  it('renders HTML and script from the model as inert text', async () => {
    const el = await fixture<AssistantPanel>(html`<assistant-panel></assistant-panel>`);
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> **bold**';
    el.ask = scripted([
      { type: 'context', sources: [], findings: [], noMatch: true },
      { type: 'done', answer: evil, sources: [], commands: [] },
    ]);
    await el.run('hi');
    await el.updateComplete;
    const answer = el.shadowRoot!.querySelector('[data-answer]')!;
    expect(answer.querySelector('img')).to.be.null;
    expect(answer.querySelector('script')).to.be.null;
    expect(answer.textContent).to.contain('<img src=x');
    expect(answer.querySelector('strong')!.textContent).to.equal('bold');
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.shadowRoot!.querySelector('[data-nomatch]')).to.exist;
  });

  it('flags invented commands and shows model errors with their hint', async () => {
    const el = await fixture<AssistantPanel>(html`<assistant-panel></assistant-panel>`);
    el.ask = scripted([
      { type: 'context', sources: [], findings: [], noMatch: false },
      { type: 'done', answer: 'Run `ros2 topc list`.', sources: [], commands: [
        { line: 'ros2 topc list', valid: false, problem: 'unknown verb "topc": invented or mistyped, do not run' },
        { line: 'ros2 topic info -v /scan', valid: true }] },
    ]);
    await el.run('list topics');
    await el.updateComplete;
    const warnings = el.shadowRoot!.querySelectorAll('[data-command-warning]');
    expect(warnings.length).to.equal(1);
    expect(warnings[0]!.textContent).to.contain('ros2 topc list');

    el.ask = scripted([{ type: 'error', message: 'Ollama is unreachable at http://127.0.0.1:11434', kind: 'unreachable', hint: 'start it with ollama serve' }]);
    await el.run('again');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[data-error]')!.textContent).to.contain('ollama serve');
  });
});
