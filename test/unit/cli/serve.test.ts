// `rviz-companion serve`: clear errors (bad port, port in use, a host it cannot bind, no app), the files and the
// defaults endpoint it serves, nothing outside the app folder, and the cheap "is dist/ stale" check.
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { distFreshness, fileForPath } from '../../../src/cli/serve-files.ts';

function io() {
  const out: string[] = [], err: string[] = [];
  return { out, err, stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env: {} };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
  mkdirSync(join(dir, 'app', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'app', 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'app', 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'outside the app');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts serve, returns its URL and a stop function that resolves to the exit code. */
async function start(args: string[]): Promise<{ url: string; stop: () => Promise<number>; cap: ReturnType<typeof io> }> {
  const cap = io();
  const controller = new AbortController();
  const running = main(['serve', '--dir', join(dir, 'app'), '--port', '0', ...args], cap, controller.signal);
  for (let i = 0; i < 200 && cap.out.length === 0; i++) {
    const early = await Promise.race([running, new Promise((r) => setTimeout(() => r(undefined), 20))]);
    if (early !== undefined) throw new Error(`serve exited ${String(early)}: ${cap.err.join('')}`);
  }
  const url = /http:\/\/[^/\s]+\//.exec(cap.out.join(''))?.[0] ?? '';
  return { url, cap, stop: async () => { controller.abort(); return running; } };
}

describe('serve command', () => {
  it('serves the app, its defaults, hashed assets with long caching, and nothing outside the folder', async () => {
    const s = await start(['--url', 'ws://10.0.0.7:9090', '--kiosk']);
    try {
      expect(s.cap.out.join('')).toMatch(/^serve: http:\/\/127\.0\.0\.1:\d+\/\?kiosk=1 \(robot ws:\/\/10\.0\.0\.7:9090\)\n$/);
      const index = await fetch(s.url);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect(await index.text()).toContain('<title>app</title>');
      const config = await fetch(`${s.url}serve-config.json`);
      expect(await config.json()).toEqual({ url: 'ws://10.0.0.7:9090', kiosk: true });
      const sw = await fetch(`${s.url}sw.js`);
      expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      const asset = await fetch(`${s.url}assets/index-abc.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      for (const path of ['../secret.txt', '..%2fsecret.txt', '%2e%2e/secret.txt', 'nope.js', '%ZZ']) {
        expect((await fetch(`${s.url}${path}`)).status, path).toBe(404);
      }
      expect((await fetch(s.url, { method: 'POST' })).status).toBe(405);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('serves empty defaults without --url and --kiosk', async () => {
    const s = await start([]);
    try {
      expect(await (await fetch(`${s.url}serve-config.json`)).json()).toEqual({});
    } finally {
      await s.stop();
    }
  });

  it('fails with exit 1 and a clear message for a bad port, a port in use, a host it cannot bind, a bad --url, no app', async () => {
    const run = async (args: string[]) => { const cap = io(); const code = await main(['serve', '--dir', join(dir, 'app'), ...args], cap, new AbortController().signal); return { code, err: cap.err.join('') }; };
    for (const port of ['abc', '70000', '-1']) {
      const r = await run(['--port', port]);
      expect(r.code, port).toBe(1);
      expect(r.err).toContain('--port: expected a port number 0-65535');
    }
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    try {
      const r = await run(['--port', String(taken)]);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`rviz-companion serve: port ${taken} on 127.0.0.1 is already in use`);
    } finally {
      holder.close();
    }
    // 192.0.2.1 (TEST-NET-1) is never an address of this machine: binding fails locally, nothing is contacted.
    const foreign = await run(['--port', '0', '--host', '192.0.2.1']);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toMatch(/cannot listen on 192\.0\.2\.1:0: "192\.0\.2\.1" is not an address of this machine/);
    const badUrl = await run(['--port', '0', '--url', 'http://robot:9090']);
    expect(badUrl.code).toBe(1);
    expect(badUrl.err).toContain('--url: not a WebSocket URL');
    const cap = io();
    expect(await main(['serve', '--dir', join(dir, 'nothing'), '--port', '0'], cap, new AbortController().signal)).toBe(1);
    expect(cap.err.join('')).toContain('no index.html there');
  });
});

describe('serve files', () => {
  it('calls dist stale when missing or older than a source file, and says which file', () => {
    const root = mkdtempSync(join(tmpdir(), 'serve-fresh-'));
    try {
      mkdirSync(join(root, 'src', 'ui'), { recursive: true });
      writeFileSync(join(root, 'src', 'ui', 'a.ts'), 'x');
      expect(distFreshness(root, join(root, 'dist'))).toEqual({ fresh: false, reason: 'dist/ has no index.html' });
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'dist', 'index.html'), 'x');
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(root, 'dist', 'index.html'), past, past);
      expect(distFreshness(root, join(root, 'dist'))).toEqual({ fresh: false, reason: 'src/ui/a.ts is newer than the build' });
      const now = new Date();
      utimesSync(join(root, 'dist', 'index.html'), now, now);
      utimesSync(join(root, 'src', 'ui', 'a.ts'), past, past);
      expect(distFreshness(root, join(root, 'dist'))).toEqual({ fresh: true });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('maps / to index.html and refuses paths that climb out', () => {
    expect(fileForPath(join(dir, 'app'), '/')).toBe(join(dir, 'app', 'index.html'));
    expect(fileForPath(join(dir, 'app'), '/assets/index-abc.js?v=1')).toBe(join(dir, 'app', 'assets', 'index-abc.js'));
    expect(fileForPath(join(dir, 'app'), '/../secret.txt')).toBeUndefined();
    expect(fileForPath(join(dir, 'app'), '/assets')).toBeUndefined();
  });
});
