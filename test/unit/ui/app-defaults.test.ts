// The defaults `serve` hands the page, read back the way the page reads them, and the order the robot URL and the
// layout are chosen in: the query, then what was remembered, then serve's defaults, then this host's port 9090.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppServer, listen } from '../../../src/cli/commands/serve.ts';
import { kioskFrom, loadAppDefaults, parseAppDefaults } from '../../../src/ui/app-defaults.ts';
import { initialRobotUrl } from '../../../src/ui/robot-url.ts';

function storage(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); } };
}

describe('serve defaults in the page', () => {
  it('reads {url, kiosk} from a running serve, and nothing from a server without the endpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'defaults-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const server = createAppServer(dir, { url: 'ws://10.1.2.3:9090', kiosk: true });
    const port = await listen(server, 0, '127.0.0.1');
    // A dev server answers unknown paths with index.html: no defaults.
    const spa = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'); });
    const spaPort = await listen(spa, 0, '127.0.0.1');
    try {
      expect(await loadAppDefaults(`http://127.0.0.1:${port}/`)).toEqual({ url: 'ws://10.1.2.3:9090', kiosk: true });
      expect(await loadAppDefaults(`http://127.0.0.1:${spaPort}/`)).toEqual({});
      const closed = await new Promise<number>((resolve) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });
      expect(await loadAppDefaults(`http://127.0.0.1:${closed}/`, 500)).toEqual({});
    } finally {
      server.close();
      spa.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps only well-formed values', () => {
    expect(parseAppDefaults({ url: 'http://x', kiosk: 'yes' })).toEqual({});
    expect(parseAppDefaults(null)).toEqual({});
    expect(parseAppDefaults({ url: 'wss://robot:9090', kiosk: true, extra: 1 })).toEqual({ url: 'wss://robot:9090', kiosk: true });
  });

  it('chooses the layout: ?kiosk= first, then serve --kiosk', () => {
    expect(kioskFrom('?kiosk=1', {})).toBe(true);
    expect(kioskFrom('?kiosk=0', { kiosk: true })).toBe(false);
    expect(kioskFrom('', { kiosk: true })).toBe(true);
    expect(kioskFrom('?url=ws://a:1', {})).toBe(false);
  });

  it('chooses the robot: ?url=, remembered, serve --url, then this host', () => {
    const loc = (search: string) => ({ search, hostname: 'robot.local' });
    expect(initialRobotUrl(loc('?url=ws://q:1'), storage({ 'rviz-companion.robot-url': 'ws://r:2' }), 'ws://s:3')).toBe('ws://q:1');
    expect(initialRobotUrl(loc(''), storage({ 'rviz-companion.robot-url': 'ws://r:2' }), 'ws://s:3')).toBe('ws://r:2');
    expect(initialRobotUrl(loc(''), storage(), 'ws://s:3')).toBe('ws://s:3');
    expect(initialRobotUrl(loc(''), storage())).toBe('ws://robot.local:9090');
  });

  it('does not remember a ?url= before it connected (a bad one never replaces the robot that worked)', () => {
    const kept = storage({ 'rviz-companion.robot-url': 'ws://good:9090' });
    expect(initialRobotUrl({ search: '?url=ws://bad:1', hostname: 'h' }, kept)).toBe('ws://bad:1');
    expect(kept.getItem('rviz-companion.robot-url')).toBe('ws://good:9090');
  });
});
