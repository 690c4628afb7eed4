// Shared by the MCP tests: the real CLI in a child process, reached with the SDK's own Client over stdio or HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli/main.ts', 'mcp'];

/** A connected client of `rviz-companion mcp <args>` over stdio; stderr is collected for the failure message. */
export async function stdioClient(args: string[]): Promise<{ client: Client; stderr: () => string; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...CLI, ...args], cwd: ROOT, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
  const client = new Client({ name: 'rviz-companion-test', version: '0' });
  try {
    await client.connect(transport);
  } catch (e) {
    throw new Error(`mcp did not start: ${(e as Error).message}\n${err}`);
  }
  return { client, stderr: () => err, close: () => client.close() };
}

/** `rviz-companion mcp --http …` as a child process, once it printed its URL and token (or exited). */
export async function httpServer(args: string[]): Promise<{ url: string; token: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const ready = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const url = /Streamable HTTP at (\S+)/.exec(err)?.[1];
      const token = /bearer token (\S+)/.exec(err)?.[1];
      if (url && token) resolve({ url, token });
    });
    child.once('exit', (code) => reject(new Error(`mcp --http exited with ${code} before serving:\n${err}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  return { ...ready, child, stop };
}

export async function httpClient(url: string, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'rviz-companion-test', version: '0' });
  await client.connect(transport);
  return client;
}

/** The structured result of a successful call; a tool error fails the test with its message. */
export async function call<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent as T;
}

/** The message of a call that must fail as a tool error. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!r.isError) throw new Error(`${name} was expected to fail, got ${JSON.stringify(r.structuredContent)}`);
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
