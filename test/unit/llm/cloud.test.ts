// Which servers count as cloud, and what a cloud server sees: masked prompts, with replies mapped back.
import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient, isCloudSettings, isPrivateHost, RedactingClient } from '../../../src/llm/index.ts';
import { createRedactor } from '../../../src/core/redact/index.ts';
import { startFakeOllama, startFakeOpenAI, type FakeServer } from '../../fakes/llm-servers.ts';
import type { StreamChunk } from '../../../src/core/model.ts';

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('isCloudSettings', () => {
  it.each([
    ['openai', undefined, true],
    ['openai', 'https://api.openai.com/v1', true],
    ['openai', 'https://openrouter.ai/api/v1', true],
    ['openai', 'http://127.0.0.1:8000/v1', false],
    ['openai', 'http://192.168.1.40:1234/v1', false],
    ['openai', 'http://172.20.0.2:8000/v1', false],
    ['openai', 'http://172.32.0.2:8000/v1', true],
    ['openai', 'http://10.0.0.9:8000/v1', false],
    ['openai', 'http://[::1]:8000/v1', false],
    ['openai', 'http://[fd12:3456::1]:8000/v1', false],
    ['openai', 'http://[2001:db8::1]:8000/v1', true],
    ['ollama', undefined, false],
    ['ollama', 'http://gpu-box.local:11434', false],
    ['ollama', 'http://localhost:11434', false],
    ['ollama', 'http://169.254.3.4:11434', false],
    ['ollama', 'https://ollama.com', true],
  ] as const)('%s at %s → cloud %s', (provider, baseUrl, cloud) => {
    expect(isCloudSettings({ provider, model: 'm', baseUrl })).toBe(cloud);
  });

  it('honours "treat as cloud"', () => {
    expect(isCloudSettings({ provider: 'ollama', model: 'm', baseUrl: 'http://127.0.0.1:11434', markCloud: true })).toBe(true);
    expect(isPrivateHost('LOCALHOST')).toBe(true);
  });
});

describe('createModelClient', () => {
  it('refuses a base URL that is not http(s)', async () => {
    await expect(createModelClient({ provider: 'ollama', model: 'm', baseUrl: 'ws://127.0.0.1:9090' })).rejects.toThrow(/must start with http/);
    await expect(createModelClient({ provider: 'openai', model: 'm', baseUrl: 'not a url' })).rejects.toThrow(/is not a URL/);
  });
});

describe('redaction for cloud providers', () => {
  const prompt = 'My laptop dev-box (10.1.2.3) sees /home/alice/ws and the node /lidar_driver on turtlebot.lan; key sk-pasted-secret-123';

  it('masks the prompt and restores the streamed reply, even with tokens split across chunks', async () => {
    const fake = await startFakeOpenAI({ apiKey: 'sk-pasted-secret-123', replies: [{ chunks: ['Ping <HO', 'ST_1> from <IP', '_1>; look in <HOME_1', '>/log'], thinking: 'node <NODE_1> is fine' }] });
    servers.push(fake);
    const client = await createModelClient(
      { provider: 'openai', model: 'gpt-4o-mini', baseUrl: fake.url, apiKey: 'sk-pasted-secret-123', markCloud: true },
      { redaction: { hostnames: ['dev-box'], robotHost: 'ws://turtlebot.lan:9090', nodeNames: ['/lidar_driver'] } },
    );
    expect(client).toBeInstanceOf(RedactingClient);
    expect(client.isCloud).toBe(true);
    const chunks: StreamChunk[] = [];
    for await (const c of client.stream([{ role: 'user', content: prompt }])) chunks.push(c);
    const sent = JSON.stringify(fake.requests.at(-1)!.body);
    for (const secret of ['dev-box', '10.1.2.3', 'alice', 'lidar_driver', 'turtlebot.lan', 'sk-pasted']) expect(sent).not.toContain(secret);
    expect(sent).toContain('<HOST_1> (<IP_1>) sees <HOME_1>/ws and the node <NODE_1> on <HOST_2>; key <SECRET_1>');
    const text = (kind: StreamChunk['kind']) => chunks.filter((c) => c.kind === kind).map((c) => c.text).join('');
    expect(text('token')).toBe('Ping dev-box from 10.1.2.3; look in /home/alice/log');
    expect(text('thinking')).toBe('node /lidar_driver is fine');
  });

  it('restores tokens inside structured answers and in the raw text', async () => {
    const fake = await startFakeOllama({ replies: [{ json: { actions: [{ note: 'robot <HOST_1> at C:\\Users\\bob' }] } }] });
    servers.push(fake);
    const redactor = createRedactor({ robotHost: 'robo-1' });
    const client = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: fake.url, markCloud: true }, { redactor });
    const res = await client.completeJson([{ role: 'user', content: 'robot robo-1' }], { type: 'object', description: 'plan for robo-1' });
    expect(res.value).toEqual({ actions: [{ note: 'robot robo-1 at C:\\Users\\bob' }] });
    expect(res.raw).toContain('robot robo-1');
    const body = fake.requests.at(-1)!.body as { format: unknown; messages: unknown };
    expect(JSON.stringify(body)).not.toContain('robo-1');
    expect(body.format).toEqual({ type: 'object', description: 'plan for <HOST_1>' });
  });

  it('sends prompts to a loopback server as they are', async () => {
    const fake = await startFakeOllama();
    servers.push(fake);
    const client = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: fake.url }, { redaction: { hostnames: ['dev-box'] } });
    expect(client).not.toBeInstanceOf(RedactingClient);
    for await (const _ of client.stream([{ role: 'user', content: prompt }])) { /* drain */ }
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('dev-box (10.1.2.3)');
  });
});
