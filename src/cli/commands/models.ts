// `rviz-companion models --provider ollama|openai [--base-url URL] [--model M] [--json]`:
// the models a server offers; with --model, whether that one is among them.
import { ModelError } from '../../core/model.ts';
import { CliError, type CommandRun } from '../context.ts';
import { cliErrorFromModel, modelClientFromOptions, providerSettingsFromOptions } from '../model-options.ts';

export const run: CommandRun = async (ctx) => {
  if (ctx.options.provider === undefined || ctx.options.provider === 'offline') {
    throw new CliError('the offline provider has no models; use --provider ollama or --provider openai (with --base-url for a server that is not the default)');
  }
  const client = await modelClientFromOptions(ctx.options, ctx.env, { requireModel: false });
  if (!client) throw new CliError('no model provider selected');
  const { effectiveBaseUrl } = await import('../../llm/index.ts');
  const baseUrl = effectiveBaseUrl(providerSettingsFromOptions(ctx.options, ctx.env, false)!);
  let models: string[];
  try {
    models = await client.listModels({ signal: ctx.signal, timeoutMs: 15_000 });
  } catch (err) {
    throw err instanceof ModelError ? cliErrorFromModel(err) : err;
  }
  const wanted = typeof ctx.options.model === 'string' && ctx.options.model.trim() ? ctx.options.model.trim() : undefined;
  const found = wanted === undefined ? undefined : models.includes(wanted);
  if (ctx.options.json) {
    ctx.stdout(JSON.stringify({ provider: client.provider, baseUrl, cloud: client.isCloud, models, ...(wanted ? { model: wanted, available: found } : {}) }, null, 2));
  } else if (models.length === 0) {
    ctx.stdout(`${client.provider}: the server has no models${client.provider === 'ollama' ? ' (pull one, e.g. "ollama pull qwen2.5:7b-instruct")' : ''}`);
  } else {
    ctx.stdout(models.join('\n'));
  }
  if (wanted !== undefined && !found) {
    ctx.stderr(`rviz-companion models: model "${wanted}" is not on this server${client.provider === 'ollama' ? ` (pull it with "ollama pull ${wanted}")` : ''}`);
    return 1;
  }
  return 0;
};
