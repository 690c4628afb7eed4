import { fixture, html, expect, oneEvent } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/ui/settings-panel.ts';
import type { SettingsPanel, SettingsChangedDetail } from '../../src/ui/settings-panel.ts';
import { API_KEY_KEY, SETTINGS_KEY, type SettingsStorages } from '../../src/ui/settings-store.ts';

/** Fresh in-memory storages per test, so tests never share or leave state; one test uses the real ones. */
function memoryStorages(): SettingsStorages & { dump(): string } {
  const make = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, removeItem: (k: string) => { m.delete(k); }, m };
  };
  const local = make();
  const session = make();
  return { local, session, dump: () => JSON.stringify({ local: [...local.m], session: [...session.m] }) };
}

async function change(el: SettingsPanel, selector: string, value: string | boolean): Promise<void> {
  const input = el.shadowRoot!.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
  expect(input, selector).to.exist;
  if (typeof value === 'boolean') (input as HTMLInputElement).checked = value;
  else input!.value = value;
  input!.dispatchEvent(new Event('change'));
  await el.updateComplete;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('settings-panel', () => {
  it('starts offline and says what that means', async () => {
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    const root = el.shadowRoot!;
    expect(root.querySelector<HTMLSelectElement>('[data-provider]')!.value).to.equal('offline');
    expect(root.querySelector('[data-offline]')).to.exist;
    expect(root.querySelector('[data-model]')).to.equal(null);
    expect(el.settings).to.equal(undefined);
  });

  it('stores settings, fires settings-changed, and keeps the key out of localStorage unless remembered', async () => {
    const storages = memoryStorages();
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${storages}></settings-panel>`);
    await change(el, '[data-provider]', 'openai-compatible');
    await change(el, '[data-base-url]', 'http://127.0.0.1:8000/v1');
    await change(el, '[data-key]', 'sk-browser-secret-1');
    setTimeout(() => { void change(el, '[data-model]', 'local-model'); });
    const event = await oneEvent(el, 'settings-changed');
    const detail = event.detail as SettingsChangedDetail;
    expect(detail.settings).to.deep.equal({ provider: 'openai', model: 'local-model', baseUrl: 'http://127.0.0.1:8000/v1', apiKey: 'sk-browser-secret-1', markCloud: false });
    expect(storages.local.getItem(SETTINGS_KEY)).to.contain('local-model');
    expect(storages.local.getItem(API_KEY_KEY)).to.equal(null);
    expect(storages.session.getItem(API_KEY_KEY)).to.equal('sk-browser-secret-1');
    expect(JSON.stringify([...(storages.local as unknown as { m: Map<string, string> }).m])).not.to.contain('sk-browser');

    await change(el, '[data-remember]', true);
    expect(storages.local.getItem(API_KEY_KEY)).to.equal('sk-browser-secret-1');
    expect(storages.session.getItem(API_KEY_KEY)).to.equal(null);
    await change(el, '[data-remember]', false);
    expect(storages.local.getItem(API_KEY_KEY)).to.equal(null);
    expect(storages.local.getItem(SETTINGS_KEY)).not.to.contain('sk-browser');

    // A new panel over the same storages picks everything up again.
    const again = await fixture<SettingsPanel>(html`<settings-panel .storages=${storages}></settings-panel>`);
    expect(again.settings?.model).to.equal('local-model');
    expect(again.settings?.apiKey).to.equal('sk-browser-secret-1');
  });

  it('uses the real browser storages by default', async () => {
    localStorage.removeItem(SETTINGS_KEY);
    sessionStorage.removeItem(API_KEY_KEY);
    localStorage.removeItem(API_KEY_KEY);
    const el = await fixture<SettingsPanel>(html`<settings-panel></settings-panel>`);
    await change(el, '[data-provider]', 'openai');
    await change(el, '[data-key]', 'sk-default-storage-2');
    await change(el, '[data-model]', 'gpt-4o-mini');
    expect(localStorage.getItem(SETTINGS_KEY)).to.contain('gpt-4o-mini');
    expect(Object.values({ ...localStorage }).join(' ')).not.to.contain('sk-default-storage-2');
    expect(sessionStorage.getItem(API_KEY_KEY)).to.equal('sk-default-storage-2');
    expect(el.shadowRoot!.querySelector('[data-cloud]')!.getAttribute('data-cloud')).to.equal('yes');
    localStorage.removeItem(SETTINGS_KEY);
    sessionStorage.removeItem(API_KEY_KEY);
  });

  it('tests the connection against a real Ollama-protocol server and lists its models', async () => {
    const url = await executeServerCommand<string, undefined>('ollama-url');
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    await change(el, '[data-provider]', 'ollama');
    await change(el, '[data-base-url]', url!);
    expect(el.shadowRoot!.querySelector('[data-cloud]')!.getAttribute('data-cloud')).to.equal('no');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-test]')!.click();
    await until(() => !!el.shadowRoot!.querySelector('[data-ok], [data-error]'), 'the test result');
    const options = [...el.shadowRoot!.querySelectorAll('[data-model-option]')].map((b) => b.getAttribute('data-model-option'));
    expect(options).to.include('qwen2.5:7b-instruct');
    setTimeout(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[data-model-option="qwen2.5:7b-instruct"]')!.click());
    const event = await oneEvent(el, 'settings-changed');
    expect((event.detail as SettingsChangedDetail).settings).to.deep.equal({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: url, apiKey: undefined, markCloud: false });
    // Choosing an Ollama model loads it right away.
    await until(() => !!el.shadowRoot!.querySelector('[data-warm-ok], [data-warm-error]'), 'the warm-up');
    expect(el.shadowRoot!.querySelector('[data-warm-ok]')!.textContent).to.contain('qwen2.5:7b-instruct is loaded');
  });

  it('says when the chosen Ollama model is missing', async () => {
    const url = await executeServerCommand<string, undefined>('ollama-url');
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    await change(el, '[data-provider]', 'ollama');
    await change(el, '[data-base-url]', url!);
    await change(el, '[data-model]', 'not-pulled:1b');
    await until(() => !!el.shadowRoot!.querySelector('[data-warm-error]'), 'the warm-up error');
    expect(el.shadowRoot!.querySelector('[data-warm]')!.textContent).to.contain('ollama pull not-pulled:1b');
  });

  it('lists an OpenAI-compatible server\'s models through the openai SDK in the browser', async () => {
    const url = await executeServerCommand<string, undefined>('openai-url');
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    await change(el, '[data-provider]', 'openai-compatible');
    await change(el, '[data-base-url]', url!);
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-test]')!.click();
    await until(() => !!el.shadowRoot!.querySelector('[data-ok], [data-error]'), 'the test result');
    expect(el.shadowRoot!.querySelector('[data-error]')?.textContent ?? '').to.equal('');
    expect(el.shadowRoot!.querySelector('[data-model-option="gpt-4o-mini"]')).to.exist;
  });

  it('says plainly when nothing listens, with what to do', async () => {
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    await change(el, '[data-provider]', 'ollama');
    await change(el, '[data-base-url]', 'http://127.0.0.1:9');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-test]')!.click();
    await until(() => !!el.shadowRoot!.querySelector('[data-error]'), 'the error');
    const error = el.shadowRoot!.querySelector('[data-error]')!;
    expect(error.getAttribute('data-error')).to.equal('unreachable');
    expect(el.shadowRoot!.querySelector('[data-hint]')!.textContent).to.contain('ollama serve');
  });

  it('tells a CORS block from a dead server, with the OLLAMA_ORIGINS hint', async () => {
    // The simulated robot's HTTP port answers without CORS headers: reachable, but the browser blocks the read.
    const simUrl = await executeServerCommand<string, undefined>('sim-url');
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}></settings-panel>`);
    await change(el, '[data-provider]', 'ollama');
    await change(el, '[data-base-url]', simUrl!.replace(/^ws/, 'http'));
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-test]')!.click();
    await until(() => !!el.shadowRoot!.querySelector('[data-error]'), 'the error');
    expect(el.shadowRoot!.querySelector('[data-error]')!.getAttribute('data-error')).to.equal('cors');
    expect(el.shadowRoot!.querySelector('[data-hint]')!.textContent).to.equal(`start Ollama with OLLAMA_ORIGINS=${location.origin}`);
  });

  it('recommends instruct models and flags thinking ones', async () => {
    const el = await fixture<SettingsPanel>(html`<settings-panel .storages=${memoryStorages()}
      .lister=${async () => ['deepseek-r1:8b', 'qwen2.5:7b-instruct']} .warmer=${async () => {}}></settings-panel>`);
    await change(el, '[data-provider]', 'ollama');
    expect(el.shadowRoot!.querySelector('[data-recommend]')!.textContent).to.contain('instruct');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-test]')!.click();
    await until(() => !!el.shadowRoot!.querySelector('[data-ok]'), 'the list');
    expect(el.shadowRoot!.querySelector('[data-model-option="deepseek-r1:8b"] .chip')!.textContent).to.equal('thinking');
    expect(el.shadowRoot!.querySelector('[data-model-option="qwen2.5:7b-instruct"] .chip')).to.equal(null);
  });
});

// The provider SDKs' browser paths (fetch streams, CORS preflights with the key header) against the loopback servers.
describe('model providers in the browser', () => {
  for (const [provider, command, model] of [['ollama', 'ollama-url', 'qwen2.5:7b-instruct'], ['openai', 'openai-url', 'gpt-4o-mini']] as const) {
    it(`${provider}: streams, answers with JSON and embeds`, async () => {
      const url = await executeServerCommand<string, undefined>(command);
      const { createModelClient } = await import('../../src/llm/index.ts');
      const client = await createModelClient({ provider, model, baseUrl: url!, apiKey: provider === 'openai' ? 'sk-browser-test' : undefined });
      let text = '';
      for await (const c of client.stream([{ role: 'user', content: 'hi' }])) if (c.kind === 'token') text += c.text;
      expect(text).to.equal('Hello, robot!');
      const vectors = await client.embed(['a', 'b']);
      expect(vectors.length).to.equal(2);
      const controller = new AbortController();
      controller.abort();
      const err = await client.listModels({ signal: controller.signal }).then(() => undefined, (e: unknown) => e as { kind?: string });
      expect(err?.kind).to.equal('aborted');
    });
  }
});
