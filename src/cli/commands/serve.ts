// `rviz-companion serve`: the built app over HTTP for a robot's screen or a LAN, everything from this machine.
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRobotUrl } from '../../link/url.ts';
import { CliError, type CommandRun } from '../context.ts';
import { cacheControl, CONTENT_TYPES, distFreshness, fileForPath } from '../serve-files.ts';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The app reads this at start-up for its defaults (`--url`, `--kiosk`); query parameters still win. */
export const SERVE_CONFIG_PATH = '/serve-config.json';

export interface ServeDefaults {
  url?: string;
  kiosk?: boolean;
}

export function parseServePort(value: string | boolean | undefined): number {
  if (value === undefined) return 8080;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) > 65535) {
    throw new CliError(`--port: expected a port number 0-65535 (0 = any free port), got "${String(value)}"`);
  }
  return Number(value);
}

/** Answers GET/HEAD from `dist`: files, the defaults endpoint, 404 otherwise; nothing is fetched from elsewhere. */
export function createAppServer(dist: string, defaults: ServeDefaults): Server {
  const config = JSON.stringify(defaults);
  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === SERVE_CONFIG_PATH) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.json']!, 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : config);
      return;
    }
    const file = fileForPath(dist, path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
      return;
    }
    const ext = /\.[^./\\]+$/.exec(file)?.[0] ?? '';
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(file),
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') { res.end(); return; }
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
}

/** Listens, turning the usual failures into one clear sentence. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const where = `${host}:${port}`;
      if (err.code === 'EADDRINUSE') reject(new CliError(`port ${port} on ${host} is already in use (another serve, or another program); pick another with --port`));
      else if (err.code === 'EACCES') reject(new CliError(`not allowed to listen on ${where} (ports below 1024 need privileges); pick another with --port`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') {
        reject(new CliError(`cannot listen on ${where}: "${host}" is not an address of this machine (${err.code}); use 127.0.0.1, 0.0.0.0 or one of its addresses`));
      } else reject(new CliError(`cannot listen on ${where} (${err.message})`));
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

async function buildApp(root: string): Promise<void> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new CliError('dist/ needs building but vite is not installed here (npm install, or copy a built dist/ and use --dir)');
  }
  try {
    await vite.build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  } catch (err) {
    throw new CliError(`building the app failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const run: CommandRun = async (ctx) => {
  const port = parseServePort(ctx.options['port']);
  const host = typeof ctx.options['host'] === 'string' ? ctx.options['host'] : '127.0.0.1';
  const defaults: ServeDefaults = {};
  if (typeof ctx.options['url'] === 'string') {
    const check = checkRobotUrl(ctx.options['url']);
    if (!check.ok) throw new CliError(`--url: ${check.reason}`);
    defaults.url = ctx.options['url'];
  }
  if (ctx.options['kiosk'] === true) defaults.kiosk = true;

  const given = typeof ctx.options['dir'] === 'string' ? resolve(ctx.options['dir']) : undefined;
  const dist = given ?? join(PROJECT_ROOT, 'dist');
  if (given) {
    if (!fileForPath(dist, '/')) throw new CliError(`--dir ${ctx.options['dir']}: no index.html there (build with npm run build)`);
  } else {
    const freshness = distFreshness(PROJECT_ROOT, dist);
    if (!freshness.fresh) {
      ctx.stderr(`serve: building the app first (${freshness.reason})…\n`);
      await buildApp(PROJECT_ROOT);
      if (ctx.signal.aborted) return 0; // interrupted while building: do not start serving
    }
  }

  const server = createAppServer(dist, defaults);
  const bound = await listen(server, port, host);
  const shown = host.includes(':') ? `[${host}]` : host;
  const query = defaults.kiosk ? '?kiosk=1' : '';
  ctx.stdout(`serve: http://${shown}:${bound}/${query} (robot ${defaults.url ?? 'from the page: ?url=, remembered, else ws://HOST:9090'})\n`);
  await new Promise<void>((done) => {
    if (ctx.signal.aborted) done();
    else ctx.signal.addEventListener('abort', () => done(), { once: true });
  });
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  return 0;
};
