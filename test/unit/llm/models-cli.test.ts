// `rviz-companion models` and the shared model options, through the real CLI entry point.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { modelClientFromOptions, ollamaHostToUrl, providerSettingsFromOptions } from '../../../src/cli/model-options.ts';
import { CliError } from '../../../src/cli/context.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../fakes/llm-servers.ts';

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += `${t}\n`; }, stderr: (t) => { err += `${t}\n`; }, env }, new AbortController().signal);
  return { code, out, err };
}

describe('models command', () => {
  it('lists an Ollama server\'s models', async () => {
    const fake = await startFakeOllama({ models: ['llama3.2:3b', 'qwen2.5:7b-instruct'] });
    servers.push(fake);
    const r = await cli(['models', '--provider', 'ollama', '--base-url', fake.url]);
    expect(r).toEqual({ code: 0, out: 'llama3.2:3b\nqwen2.5:7b-instruct\n', err: '' });
  });

  it('lists an OpenAI-compatible server\'s models as JSON, with the key from the environment', async () => {
    const fake = await startFakeOpenAI({ apiKey: 'sk-env-key-000' });
    servers.push(fake);
    const r = await cli(['models', '--provider', 'openai', '--base-url', fake.url, '--json'], { OPENAI_API_KEY: 'sk-env-key-000' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ provider: 'openai', baseUrl: fake.url, cloud: false, models: ['gpt-4o-mini', 'text-embedding-3-small'] });
  });

  it('finds the server from OLLAMA_HOST and OPENAI_BASE_URL', async () => {
    const ollama = await startFakeOllama();
    const openai = await startFakeOpenAI();
    servers.push(ollama, openai);
    expect((await cli(['models', '--provider', 'ollama'], { OLLAMA_HOST: ollama.url.replace('http://', '') })).code).toBe(0);
    expect((await cli(['models', '--provider', 'openai'], { OPENAI_BASE_URL: openai.url })).out).toContain('gpt-4o-mini');
  });

  it('says whether a named model is there', async () => {
    const fake = await startFakeOllama();
    servers.push(fake);
    expect((await cli(['models', '--provider', 'ollama', '--base-url', fake.url, '--model', 'llama3.2:3b'])).code).toBe(0);
    const missing = await cli(['models', '--provider', 'ollama', '--base-url', fake.url, '--model', 'mistral']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('model "mistral" is not on this server (pull it with "ollama pull mistral")');
  });

  it('fails plainly: wrong key (without echoing it), nothing listening, offline', async () => {
    const fake = await startFakeOpenAI({ apiKey: 'sk-right-key-1' });
    servers.push(fake);
    const bad = await cli(['models', '--provider', 'openai', '--base-url', fake.url], { OPENAI_API_KEY: 'sk-wrong-key-SECRET' });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/refused the API key.*check the API key/);
    expect(bad.out + bad.err).not.toContain('SECRET');
    const url = fake.url;
    await fake.close();
    servers.length = 0;
    const down = await cli(['models', '--provider', 'openai', '--base-url', url]);
    expect(down.code).toBe(1);
    expect(down.err).toContain('cannot reach the server (connection refused)');
    const offline = await cli(['models']);
    expect(offline.code).toBe(1);
    expect(offline.err).toContain('offline provider has no models');
  });

  it('points at /v1 when the OpenAI base URL lacks it', async () => {
    const fake = await startFakeOpenAI();
    servers.push(fake);
    const r = await cli(['models', '--provider', 'openai', '--base-url', fake.url.replace(/\/v1$/, '')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('end in /v1');
  });
});

describe('model options', () => {
  it('is offline unless a provider is chosen', async () => {
    expect(await modelClientFromOptions({}, { OPENAI_API_KEY: 'sk-x', OLLAMA_HOST: '127.0.0.1:1' })).toBeUndefined();
    expect(await modelClientFromOptions({ provider: 'offline' }, {})).toBeUndefined();
  });

  it('needs a model for commands that use one', async () => {
    await expect(modelClientFromOptions({ provider: 'ollama' }, {})).rejects.toThrow(CliError);
    await expect(modelClientFromOptions({ provider: 'ollama' }, {})).rejects.toThrow(/--model is required with --provider ollama/);
  });

  it('marks --redact as cloud and keeps the key from the environment', async () => {
    const client = await modelClientFromOptions({ provider: 'openai', model: 'm', 'base-url': 'http://127.0.0.1:9/v1', redact: true }, { OPENAI_API_KEY: 'sk-k' });
    expect(client?.isCloud).toBe(true);
    expect(providerSettingsFromOptions({ provider: 'openai', model: 'm' }, { OPENAI_API_KEY: 'sk-k' })).toEqual({ provider: 'openai', model: 'm', baseUrl: undefined, apiKey: 'sk-k', markCloud: false });
  });

  it('reads OLLAMA_HOST the way ollama does', () => {
    expect(ollamaHostToUrl('0.0.0.0')).toBe('http://127.0.0.1:11434');
    expect(ollamaHostToUrl('gpu-box:8080')).toBe('http://gpu-box:8080');
    expect(ollamaHostToUrl('https://ollama.example.com')).toBe('https://ollama.example.com');
    expect(ollamaHostToUrl('http://10.0.0.2:11434/')).toBe('http://10.0.0.2:11434');
  });

  it('asks for a key before calling OpenAI itself', async () => {
    await expect(modelClientFromOptions({ provider: 'openai', model: 'gpt-4o-mini' }, {})).rejects.toThrow(/OpenAI needs an API key: set OPENAI_API_KEY/);
  });

  it('refuses a bad base URL as a CLI error', async () => {
    await expect(modelClientFromOptions({ provider: 'ollama', model: 'm', 'base-url': 'ftp://x' }, {})).rejects.toThrow(/must start with http/);
  });
});
