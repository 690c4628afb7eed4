import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Task, TaskStatus } from '@lit/task';
import { ModelError } from '../core/model.ts';
import { isCloudSettings, type ProviderSettings } from '../llm/settings.ts';
import { theme } from './theme.ts';
import {
  DEFAULT_FORM, formProblem, loadModelSettings, saveModelSettings, toProviderSettings,
  type ModelSettingsForm, type ProviderChoice, type SettingsStorages,
} from './settings-store.ts';

/** Lists a server's models; the default loads the provider SDK on demand. Tests may swap it. */
export type ModelLister = (settings: ProviderSettings, signal: AbortSignal) => Promise<string[]>;

const defaultLister: ModelLister = async (settings, signal) => {
  const { createModelClient } = await import('../llm/index.ts');
  const client = await createModelClient(settings);
  return client.listModels({ signal, timeoutMs: 10_000 });
};

/** Loads an Ollama model ahead of the first request (keep_alive keeps it loaded). */
export type ModelWarmer = (settings: ProviderSettings, signal: AbortSignal) => Promise<void>;

const defaultWarmer: ModelWarmer = async (settings, signal) => {
  const { createModelClient } = await import('../llm/index.ts');
  const client = await createModelClient(settings);
  await client.warmUp?.({ signal, timeoutMs: 180_000 });
};

const PROVIDERS: { value: ProviderChoice; label: string }[] = [
  { value: 'offline', label: 'Offline (no model)' },
  { value: 'ollama', label: 'Ollama' },
  { value: 'openai', label: 'OpenAI' },
  { value: 'openai-compatible', label: 'OpenAI-compatible server' },
];

// Names that usually mean a reasoning model: slower, and prone to spend the answer on thinking.
const THINKING_MODEL = /(^|[-_/:.])(r1|qwq|think|thinking|reason|reasoner|o1|o3|o4|gpt-5|magistral)([-_/:.]|$)|deepseek-r|qwen3(?!.*instruct)/i;

export function looksLikeThinkingModel(name: string): boolean {
  return THINKING_MODEL.test(name);
}

export interface SettingsChangedDetail {
  /** The settings to build a ModelClient from; undefined = offline. */
  settings: ProviderSettings | undefined;
}

/**
 * Model settings: provider, server, model, key, "treat as cloud", and a test that lists what the
 * server offers or says plainly why it cannot.
 *
 * @fires settings-changed - detail: SettingsChangedDetail, whenever a usable setting is committed
 */
@customElement('settings-panel')
export class SettingsPanel extends LitElement {
  public static override styles = [theme, css`
    :host { display: block; background: var(--panel); padding: 12px; border-radius: var(--radius); max-width: 36em; }
    form { display: grid; grid-template-columns: max-content 1fr; gap: 8px 10px; align-items: center; }
    label.field { color: var(--muted); }
    .wide { grid-column: 1 / -1; }
    .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
    input[type=checkbox] { min-height: auto; width: 18px; height: 18px; }
    .models { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
    .models button { min-height: 28px; font-size: 13px; }
    .models button.selected { border-color: var(--accent); background: #26405f; }
    .note { font-size: 13px; }
    .cloud { color: var(--warn); }
    h3 { font-size: 14px; margin: 0 0 10px; }
  `];

  /** Where settings live; defaults to this browser's local and session storage. */
  @property({ attribute: false }) public storages: SettingsStorages | undefined;
  /** How "Test connection" lists models. */
  @property({ attribute: false }) public lister: ModelLister = defaultLister;
  /** How a chosen Ollama model is loaded ahead of time. */
  @property({ attribute: false }) public warmer: ModelWarmer = defaultWarmer;

  @state() private form: ModelSettingsForm = { ...DEFAULT_FORM };
  /** Which server the last test was for, so a list from another server is never shown as this one's. */
  @state() private testedServer = '';

  private readonly test = new Task(this, {
    autoRun: false,
    task: async ([settings]: [ProviderSettings], { signal }) => this.lister(settings, signal),
  });

  private readonly warm = new Task(this, {
    autoRun: false,
    task: async ([settings]: [ProviderSettings], { signal }) => {
      await this.warmer(settings, signal);
      return settings.model;
    },
  });

  public override connectedCallback(): void {
    super.connectedCallback();
    this.form = this.storages ? loadModelSettings(this.storages) : loadModelSettings();
  }

  /** The current settings (undefined = offline or not yet usable). */
  public get settings(): ProviderSettings | undefined {
    return formProblem(this.form) ? undefined : toProviderSettings(this.form);
  }

  private commit(patch: Partial<ModelSettingsForm>): void {
    const providerChanged = patch.provider !== undefined && patch.provider !== this.form.provider;
    this.form = { ...this.form, ...patch };
    if (this.storages) saveModelSettings(this.form, this.storages);
    else saveModelSettings(this.form);
    if (providerChanged) this.test.abort();
    if (!formProblem(this.form)) {
      const settings = toProviderSettings(this.form);
      const detail: SettingsChangedDetail = { settings };
      this.dispatchEvent(new CustomEvent('settings-changed', { detail, bubbles: true, composed: true }));
      const changesModel = patch.model !== undefined || patch.provider !== undefined || patch.baseUrl !== undefined;
      if (settings?.provider === 'ollama' && changesModel) {
        this.warm.abort();
        void this.warm.run([settings]);
      }
    } else {
      this.warm.abort();
    }
  }

  private runTest(): void {
    const settings = toProviderSettings(this.form, false);
    if (!settings) return;
    this.testedServer = serverKey(this.form);
    void this.test.run([settings]);
  }

  protected override render() {
    const f = this.form;
    const usesServer = f.provider === 'ollama' || f.provider === 'openai-compatible';
    const usesKey = f.provider === 'openai' || f.provider === 'openai-compatible';
    const problem = formProblem(f);
    const probe = toProviderSettings(f, false);
    const cloud = probe ? safeIsCloud(probe) : false;
    return html`
      <h3>Model</h3>
      <form @submit=${(e: Event) => { e.preventDefault(); this.runTest(); }}>
        <label class="field" for="provider">Provider</label>
        <select id="provider" data-provider .value=${f.provider}
          @change=${(e: Event) => this.commit({ provider: (e.target as HTMLSelectElement).value as ProviderChoice })}>
          ${PROVIDERS.map((p) => html`<option value=${p.value} ?selected=${p.value === f.provider}>${p.label}</option>`)}
        </select>

        ${f.provider === 'offline' ? html`<p class="wide muted note" data-offline>
          No model: the planner uses its built-in rules and the assistant answers from the knowledge base.</p>` : nothing}

        ${usesServer ? html`
          <label class="field" for="base-url">Server</label>
          <input id="base-url" data-base-url class="mono" spellcheck="false" .value=${f.baseUrl}
            placeholder=${f.provider === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:8000/v1'}
            @change=${(e: Event) => this.commit({ baseUrl: (e.target as HTMLInputElement).value.trim() })} />` : nothing}

        ${f.provider !== 'offline' ? html`
          <label class="field" for="model">Model</label>
          <input id="model" data-model class="mono" spellcheck="false" list="model-list" .value=${f.model}
            placeholder=${f.provider === 'ollama' ? 'qwen2.5:7b-instruct' : 'gpt-4o-mini'}
            @change=${(e: Event) => this.commit({ model: (e.target as HTMLInputElement).value.trim() })} />
          <datalist id="model-list">${(this.test.value ?? []).map((m) => html`<option value=${m}></option>`)}</datalist>
          <p class="wide muted note" data-recommend>For the planner, pick an instruct (non-thinking) model: it answers faster and
            follows the plan format; thinking models may spend the whole answer reasoning.</p>` : nothing}

        ${usesKey ? html`
          <label class="field" for="key">API key</label>
          <input id="key" data-key type="password" autocomplete="off" spellcheck="false" .value=${f.apiKey}
            placeholder=${f.provider === 'openai' ? 'sk-…' : 'only if the server needs one'}
            @change=${(e: Event) => this.commit({ apiKey: (e.target as HTMLInputElement).value.trim() })} />
          <label class="wide row"><input type="checkbox" data-remember .checked=${f.remember}
            @change=${(e: Event) => this.commit({ remember: (e.target as HTMLInputElement).checked })} />
            Remember the key on this computer (otherwise it is forgotten when the tab closes)</label>` : nothing}

        ${f.provider !== 'offline' ? html`
          <label class="wide row"><input type="checkbox" data-mark-cloud .checked=${f.markCloud}
            @change=${(e: Event) => this.commit({ markCloud: (e.target as HTMLInputElement).checked })} />
            Treat as cloud (mask host names, addresses, home paths and node names before sending)</label>
          <p class="wide note ${cloud ? 'cloud' : 'muted'}" data-cloud=${cloud ? 'yes' : 'no'}>${cloud
            ? 'Cloud: prompts are masked before they leave this machine, and answers are mapped back.'
            : 'Local server: prompts are sent as they are.'}</p>
          <div class="wide row">
            ${this.test.status === TaskStatus.PENDING
              ? html`<button type="button" data-cancel @click=${() => this.test.abort()}>Cancel</button><span class="muted">Testing…</span>`
              : html`<button type="submit" class="primary" data-test ?disabled=${!probe}>Test connection</button>`}
            ${problem ? html`<span class="warn note" data-problem>${problem}</span>` : nothing}
          </div>
          <div class="wide" data-result>${this.renderResult()}</div>
          ${f.provider === 'ollama' ? html`<div class="wide note" data-warm>${this.renderWarm()}</div>` : nothing}` : nothing}
      </form>
    `;
  }

  private renderWarm() {
    return this.warm.render({
      pending: () => html`<span class="muted">Loading ${this.form.model} into memory…</span>`,
      complete: (model) => html`<span class="muted" data-warm-ok>${model} is loaded and kept ready for 10 minutes.</span>`,
      error: (err) => err instanceof ModelError && err.kind === 'aborted' ? nothing
        : html`<span class="error" data-warm-error>${err instanceof Error ? err.message : String(err)}</span>${err instanceof ModelError && err.hint ? html` <span class="muted">${err.hint}</span>` : nothing}`,
    });
  }

  private renderResult() {
    if (this.testedServer !== serverKey(this.form)) return nothing;
    return this.test.render({
      complete: (models) => models.length === 0
        ? html`<span class="warn" data-models-empty>Connected, but the server has no models${this.form.provider === 'ollama' ? html` (pull one: <span class="mono">ollama pull qwen2.5:7b-instruct</span>)` : nothing}.</span>`
        : html`<p class="note" data-ok>Connected: ${models.length} model${models.length === 1 ? '' : 's'}. Click one to use it.</p>
          <ul class="models">${models.map((m) => html`<li><button type="button" data-model-option=${m} class=${m === this.form.model ? 'selected' : ''}
            @click=${() => this.commit({ model: m })}>${m}${looksLikeThinkingModel(m) ? html` <span class="chip">thinking</span>` : nothing}</button></li>`)}</ul>`,
      error: (err) => {
        if (err instanceof ModelError) {
          if (err.kind === 'aborted') return html`<span class="muted" data-error="aborted">Cancelled.</span>`;
          return html`<p class="error note" data-error=${err.kind}>${err.message}</p>${err.hint ? html`<p class="note" data-hint>${err.hint}</p>` : nothing}`;
        }
        return html`<p class="error note" data-error="unknown">${err instanceof Error ? err.message : String(err)}</p>`;
      },
    });
  }
}

function serverKey(form: ModelSettingsForm): string {
  return `${form.provider} ${form.baseUrl} ${form.apiKey.length}`;
}

function safeIsCloud(settings: ProviderSettings): boolean {
  try {
    return isCloudSettings(settings);
  } catch {
    return true;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'settings-panel': SettingsPanel }
}
