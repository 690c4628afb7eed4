/**
 * Model settings in the browser. Everything but the API key lives in localStorage; the key lives in
 * sessionStorage (gone when the tab closes) unless the user ticks "remember", then in localStorage.
 * Nothing else stores, exports or logs the key.
 */
import type { ProviderSettings } from '../llm/settings.ts';

export type ProviderChoice = 'offline' | 'ollama' | 'openai' | 'openai-compatible';

export interface ModelSettingsForm {
  provider: ProviderChoice;
  model: string;
  /** Ollama or OpenAI-compatible server; empty = the provider's default. */
  baseUrl: string;
  apiKey: string;
  /** Keep the key across browser sessions (localStorage). */
  remember: boolean;
  /** Treat the server as cloud: prompts get redacted. */
  markCloud: boolean;
}

export const SETTINGS_KEY = 'rviz-companion.model-settings';
export const API_KEY_KEY = 'rviz-companion.model-key';

export interface SettingsStorages {
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const DEFAULT_FORM: ModelSettingsForm = { provider: 'offline', model: '', baseUrl: '', apiKey: '', remember: false, markCloud: false };

const CHOICES: readonly ProviderChoice[] = ['offline', 'ollama', 'openai', 'openai-compatible'];

function browserStorages(): SettingsStorages {
  return { local: window.localStorage, session: window.sessionStorage };
}

/** The saved settings; anything missing or damaged falls back to the defaults (offline). */
export function loadModelSettings(storages: SettingsStorages = browserStorages()): ModelSettingsForm {
  let saved: Partial<Record<keyof ModelSettingsForm, unknown>> = {};
  try {
    const raw = storages.local.getItem(SETTINGS_KEY);
    if (raw) saved = JSON.parse(raw) as typeof saved;
  } catch {
    saved = {};
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const remember = saved.remember === true;
  const provider = CHOICES.includes(saved.provider as ProviderChoice) ? saved.provider as ProviderChoice : 'offline';
  const apiKey = (remember ? storages.local.getItem(API_KEY_KEY) : storages.session.getItem(API_KEY_KEY)) ?? '';
  return { provider, model: str(saved.model), baseUrl: str(saved.baseUrl), apiKey, remember, markCloud: saved.markCloud === true };
}

export function saveModelSettings(form: ModelSettingsForm, storages: SettingsStorages = browserStorages()): void {
  const { apiKey, ...rest } = form;
  storages.local.setItem(SETTINGS_KEY, JSON.stringify(rest));
  const key = apiKey.trim();
  // The key goes to exactly one place, and is removed from the other.
  const [keep, drop] = form.remember ? [storages.local, storages.session] : [storages.session, storages.local];
  drop.removeItem(API_KEY_KEY);
  if (key) keep.setItem(API_KEY_KEY, key);
  else keep.removeItem(API_KEY_KEY);
}

/** What is wrong with the form, in words, or undefined when it can be used. */
export function formProblem(form: ModelSettingsForm): string | undefined {
  if (form.provider === 'offline') return undefined;
  if (!form.model.trim()) return 'choose a model ("Test connection" lists them)';
  if (form.provider === 'openai' && !form.apiKey.trim()) return 'OpenAI needs an API key';
  if (form.provider === 'openai-compatible' && !form.baseUrl.trim()) return 'an OpenAI-compatible server needs its base URL, e.g. http://127.0.0.1:8000/v1';
  if (form.baseUrl.trim() && !/^https?:\/\/[^/\s]+/i.test(form.baseUrl.trim())) return `the base URL must start with http:// or https:// (got "${form.baseUrl.trim()}")`;
  return undefined;
}

/** The settings a ModelClient is made from; undefined = offline. `requireModel: false` serves "Test connection". */
export function toProviderSettings(form: ModelSettingsForm, requireModel = true): ProviderSettings | undefined {
  if (form.provider === 'offline') return undefined;
  if (requireModel && !form.model.trim()) return undefined;
  const provider = form.provider === 'ollama' ? 'ollama' : 'openai';
  const baseUrl = form.provider === 'openai' ? undefined : form.baseUrl.trim() || undefined;
  // The key is only ever sent to OpenAI-style servers, never to an Ollama picked later.
  const apiKey = provider === 'openai' ? form.apiKey.trim() || undefined : undefined;
  return { provider, model: form.model.trim(), baseUrl, apiKey, markCloud: form.markCloud };
}
