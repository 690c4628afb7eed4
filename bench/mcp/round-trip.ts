/**
 * Plan and apply through `rviz-companion mcp` on the simulated robot, as a coding agent sees them: the SDK's own Client
 * over stdio (or HTTP) calls plan_display_changes("show the lidar coloured by height"), apply_plan and undo, 10 times;
 * wall time per call at the client, median and p90. apply includes the emulated RViz load (sim default 300 ms).
 * Not a test: figures only.
 *
 *   node --import tsx bench/mcp/round-trip.ts [--runs 10] [--http] [--transcript]
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSim } from '../../sim/server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 10;
const overHttp = args.includes('--http');
const transcript = args.includes('--transcript');
const cli = ['--import', 'tsx', 'src/cli/main.ts', 'mcp'];

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function trim(value: unknown, max = 600): string {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

const sim = await startSim({ scenario: 'turtlebot_nav', port: 0 });
const client = new Client({ name: 'bench', version: '0' });
let stopServer = async (): Promise<void> => {};
if (overHttp) {
  const child = spawn(process.execPath, [...cli, '--url', sim.url, '--http', '127.0.0.1:0'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const u = /Streamable HTTP at (\S+)/.exec(err)?.[1];
      const t = /bearer token (\S+)/.exec(err)?.[1];
      if (u && t) resolve({ url: u, token: t });
    });
    child.once('exit', (code) => reject(new Error(`mcp exited ${code}: ${err}`)));
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  stopServer = async () => { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); };
} else {
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...cli, '--url', sim.url], cwd: root, stderr: 'ignore' }));
}

const say = (line: string): void => { if (transcript) console.log(line); };
async function timed(name: string, a: Record<string, unknown>): Promise<{ ms: number; result: Record<string, unknown> }> {
  const t0 = performance.now();
  const r = await client.callTool({ name, arguments: a });
  const ms = performance.now() - t0;
  if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
  say(`→ ${name} ${JSON.stringify(a)}\n← (${ms.toFixed(0)} ms) ${trim(r.structuredContent)}`);
  return { ms, result: r.structuredContent as Record<string, unknown> };
}

const plan: number[] = [];
const apply: number[] = [];
const undo: number[] = [];
const loadMs: number[] = [];
const pipelineMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const p = await timed('plan_display_changes', { request: 'show the lidar coloured by height' });
  const a = await timed('apply_plan', { plan_id: p.result['plan_id'] });
  const bridge = a.result['bridge'] as { status: string; took_ms?: number };
  if (bridge.status !== 'loaded') throw new Error(`apply: bridge said ${bridge.status}`);
  loadMs.push(bridge.took_ms ?? NaN);
  pipelineMs.push(Number(p.result['pipeline_ms']));
  const u = await timed('undo', {});
  plan.push(p.ms); apply.push(a.ms); undo.push(u.ms);
  say('');
}
await client.close();
await stopServer();
await sim.close();

const row = (what: string, xs: number[]) => `| ${what.padEnd(41)} | ${quantile(xs, 0.5).toFixed(0).padStart(6)} | ${quantile(xs, 0.9).toFixed(0).padStart(6)} |`;
console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
console.log(`MCP over ${overHttp ? 'Streamable HTTP' : 'stdio'}, turtlebot_nav, ${runs} runs (ms at the client)`);
console.log(`| ${'call'.padEnd(41)} | median |    p90 |`);
console.log(`|${'-'.repeat(43)}|--------|--------|`);
console.log(row('plan_display_changes', plan));
console.log(row('  of which the planner pipeline', pipelineMs));
console.log(row('apply_plan (until the bridge said loaded)', apply));
console.log(row('  of which the bridge\'s took_ms', loadMs));
console.log(row('undo (until loaded)', undo));
