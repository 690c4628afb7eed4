import type { ModelClient } from '../core/model.ts';
import type { ProviderSettings } from '../llm/settings.ts';
import { loadModelSettings, toProviderSettings } from './settings-store.ts';

/** What the model client needs to know about the robot to mask it before a prompt goes to a cloud provider. */
export interface RedactionFacts {
  robotUrl: string;
  nodeNames: readonly string[];
}

/**
 * The model the planner and the assistant use: undefined means offline (the deterministic planner and extractive
 * answers). The provider SDK is loaded only when a model is first needed, so the first page stays small.
 */
export class ModelController {
  public settings: ProviderSettings | undefined;
  private cached: { key: string; client: Promise<ModelClient> } | undefined;

  public constructor() {
    try {
      this.settings = toProviderSettings(loadModelSettings());
    } catch {
      this.settings = undefined;
    }
  }

  public get label(): string {
    return this.settings ? `${this.settings.provider === 'ollama' ? 'Ollama' : 'OpenAI'} · ${this.settings.model}` : 'Offline';
  }

  public set(settings: ProviderSettings | undefined): void {
    this.settings = settings;
    this.cached = undefined;
  }

  /** The client for the current settings, or undefined when offline. */
  public async client(facts: RedactionFacts): Promise<ModelClient | undefined> {
    const settings = this.settings;
    if (!settings) return undefined;
    const key = JSON.stringify([settings, facts.robotUrl, facts.nodeNames.length]);
    if (this.cached?.key !== key) {
      const { createModelClient } = await import('../llm/index.ts');
      const client = createModelClient(settings, {
        redaction: { hostnames: [window.location.hostname], robotHost: facts.robotUrl, nodeNames: facts.nodeNames },
      });
      client.catch(() => { if (this.cached?.client === client) this.cached = undefined; });
      this.cached = { key, client };
    }
    return this.cached.client;
  }
}
