/**
 * The Streamable HTTP endpoint (`--http 127.0.0.1:PORT`): loopback only, a bearer token on every request, the Host
 * header checked against the loopback names (DNS rebinding), one AgentSession and McpServer per MCP session.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const MCP_PATH = '/mcp';
/** A whole .rviz (5 MB) as a JSON string, escaped, fits. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export type HttpAddress = { ok: true; host: string; port: number } | { ok: false; reason: string };

/**
 * `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT` (PORT 0 picks a free one). Any other address is refused: the server
 * hands out robot control, so it must not be reachable from the network.
 */
export function parseHttpAddress(value: string): HttpAddress {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(value.trim());
  if (!m) return { ok: false, reason: `--http takes HOST:PORT on a loopback address, e.g. --http 127.0.0.1:8765 (got "${value}")` };
  const host = m[1]!;
  const port = Number(m[2]);
  if (port > 65535) return { ok: false, reason: `--http: port ${port} is out of range (0-65535)` };
  if (!LOOPBACK_HOSTS.has(host.toLowerCase())) {
    return { ok: false, reason: `--http: ${host} is not a loopback address; the MCP server listens only on 127.0.0.1, localhost or [::1] (it can change the robot's RViz). To reach it from elsewhere, use an SSH tunnel.` };
  }
  return { ok: true, host: host.replace(/^\[|\]$/g, ''), port };
}

export interface HttpEndpoint {
  /** `http://127.0.0.1:PORT/mcp` */
  url: string;
  token: string;
  close(): Promise<void>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

interface Live {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  close(): void;
}

/**
 * Serves MCP over Streamable HTTP. `open()` makes the MCP server of a new session (its own AgentSession), and its
 * `close` ends that session's resources.
 */
export async function serveHttp(address: { host: string; port: number }, open: () => { server: McpServer; close(): void }, token = randomBytes(24).toString('base64url')): Promise<HttpEndpoint> {
  const sessions = new Map<string, Live>();
  let boundPort = address.port;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    const hostName = hostHeader.replace(/:\d+$/, '');
    if (!LOOPBACK_HOSTS.has(hostName) || hostHeader !== `${hostName}:${boundPort}`) { refuse(res, 403, `Host "${hostHeader}" is not this loopback server`); return; }
    if ((req.url ?? '').split('?')[0] !== MCP_PATH) { refuse(res, 404, `the MCP endpoint is ${MCP_PATH}`); return; }
    const auth = req.headers.authorization ?? '';
    const given = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
    if (!sameSecret(given, token)) {
      refuse(res, 401, 'missing or wrong bearer token: send "Authorization: Bearer <token>" with the token the server printed at start', { 'www-authenticate': 'Bearer' });
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) { await existing.transport.handleRequest(req, res); return; }
    if (typeof sessionId === 'string') { refuse(res, 404, `no MCP session ${sessionId} (it ended, or the server restarted): initialize again`); return; }
    if (req.method !== 'POST') { refuse(res, 400, 'no MCP session: start one with an initialize request (POST)'); return; }
    const made = open();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_BODY_BYTES,
      onsessioninitialized: (id) => { sessions.set(id, { transport, server: made.server, close: made.close }); },
      onsessionclosed: (id) => { sessions.delete(id); made.close(); },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id && sessions.delete(id)) made.close();
    };
    await made.server.connect(transport);
    await transport.handleRequest(req, res);
    // An initialize that failed leaves no session behind.
    if (!transport.sessionId) { made.close(); await made.server.close(); }
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, `internal error (the server keeps running): ${(err as Error).message}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(address.port, address.host, () => { http.off('error', reject); resolve(); });
  });
  boundPort = (http.address() as AddressInfo).port;
  const shownHost = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${shownHost}:${boundPort}${MCP_PATH}`,
    token,
    close: async () => {
      for (const live of sessions.values()) { live.close(); await live.server.close().catch(() => {}); }
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => { http.close(() => resolve()); });
    },
  };
}
