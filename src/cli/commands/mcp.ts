/**
 * `rviz-companion mcp --url ws://ROBOT:9090 [--config FILE.rviz] [--read-only] [--http 127.0.0.1:PORT] [--provider …]`:
 * the companion's validated actions as an MCP server for coding agents (src/mcp). Over stdio by default (stdout is the
 * protocol: everything for people goes to stderr); with --http, Streamable HTTP on a loopback address with a bearer
 * token printed at start. Runs until stdin closes (stdio) or SIGINT/SIGTERM.
 *
 * Exit codes: 0 stopped; 1 a clear error (robot unreachable, unreadable --config, port taken); 2 usage (a non-loopback --http).
 */
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { KbIndex } from '../../core/assistant/search/bm25-index.ts';
import { createModelProposer, createOfflineProposer } from '../../core/planner/index.ts';
import { parse } from '../../core/rviz/index.ts';
import { AgentSession } from '../../mcp/agent-session.ts';
import { parseHttpAddress, serveHttp } from '../../mcp/http.ts';
import { openRobot, type RobotConnection } from '../../mcp/robot.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { CliError, type CommandRun } from '../context.ts';
import { loadKbFiles } from '../kb-files.ts';
import { modelClientFromOptions } from '../model-options.ts';
import { loadDocument } from './plan.ts';
import { robotTarget } from '../robot-session.ts';

const packageVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
};

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) { resolve(); return; }
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export const run: CommandRun = async (ctx) => {
  const target = robotTarget(ctx.options);
  if (!target?.url) {
    ctx.stderr('rviz-companion mcp: --url is required, e.g. --url ws://localhost:9090');
    return 2;
  }
  const httpOption = ctx.options['http'];
  const http = typeof httpOption === 'string' ? parseHttpAddress(httpOption) : undefined;
  if (http && !http.ok) {
    ctx.stderr(`rviz-companion mcp: ${http.reason}`);
    return 2;
  }
  const readOnly = ctx.options['read-only'] === true;
  const configPath = typeof ctx.options['config'] === 'string' ? ctx.options['config'] : undefined;
  const fromFile = configPath ? await loadDocument(configPath) : undefined;
  const client = await modelClientFromOptions(ctx.options, ctx.env);
  const proposer = client ? createModelProposer(client) : createOfflineProposer();
  const kb = new KbIndex(await loadKbFiles());

  const robot: RobotConnection = await openRobot({ url: target.url, signal: ctx.signal });
  const startDocument = async () => {
    if (fromFile) return { start: fromFile, startIsRobotConfig: false };
    const reported = robot.currentConfig();
    if (reported !== undefined) {
      const parsed = parse(reported, { name: 'rviz_config_current' });
      if (parsed.ok) return { start: { doc: parsed.doc, source: 'the robot\'s current config' }, startIsRobotConfig: true };
      ctx.stderr(`rviz-companion mcp: the robot's current config could not be read (${parsed.reason}); starting from the default config`);
    }
    return { start: await loadDocument(undefined), startIsRobotConfig: false };
  };
  const open = async () => {
    const session = new AgentSession({ robot, proposer, kb, readOnly, ...(await startDocument()) });
    return { session, server: createMcpServer(session, { readOnly, version: packageVersion() }) };
  };

  try {
    if (http?.ok) {
      // HTTP sessions open synchronously on a request: the start document is read once here.
      const start = await startDocument();
      const endpoint = await serveHttp({ host: http.host, port: http.port }, () => {
        const session = new AgentSession({ robot, proposer, kb, readOnly, ...start });
        return { server: createMcpServer(session, { readOnly, version: packageVersion() }), close: () => session.close() };
      }).catch((err: NodeJS.ErrnoException) => {
        throw new CliError(`cannot listen on ${http.host}:${http.port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`);
      });
      ctx.stderr(`rviz-companion mcp: serving ${robot.url} over Streamable HTTP at ${endpoint.url}${readOnly ? ' (read-only)' : ''}`);
      ctx.stderr(`rviz-companion mcp: bearer token ${endpoint.token}`);
      ctx.stderr('rviz-companion mcp: every request needs the header "Authorization: Bearer <token>"; stop with Ctrl+C');
      await untilAborted(ctx.signal);
      await endpoint.close();
      return 0;
    }
    const { session, server } = await open();
    const transport = new StdioServerTransport();
    const stdinEnded = new Promise<void>((resolve) => {
      process.stdin.once('end', () => resolve());
      process.stdin.once('close', () => resolve());
    });
    await server.connect(transport);
    ctx.stderr(`rviz-companion mcp: serving ${robot.url} over stdio${readOnly ? ' (read-only)' : ''}`);
    await Promise.race([stdinEnded, untilAborted(ctx.signal)]);
    session.close();
    await server.close().catch(() => {});
    return 0;
  } finally {
    await robot.close();
  }
};
