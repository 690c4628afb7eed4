// Browser tests run in Debian's Chromium; Vite serves the test files so they are transformed exactly like the app
// (TypeScript, Lit decorators, CommonJS packages such as ajv), through a small koa → Vite bridge.
import { createServer } from 'vite';
import { debianChromium, filterBrowserLogs } from './test/wtr-shared.mjs';
import { startSim } from './sim/server.ts';
import { startFakeOllama, startFakeOpenAI } from './test/fakes/llm-servers.ts';

let vite;
async function viteBridge(ctx, next) {
  const p = ctx.path;
  if (p === '/' || p.startsWith('/__web-dev-server') || p.startsWith('/__wds-') || p.endsWith('.html')) return next();
  const handled = await new Promise((resolve, reject) => {
    ctx.res.once('finish', () => resolve(true));
    vite.middlewares(ctx.req, ctx.res, (err) => (err ? reject(err) : resolve(false)));
  });
  if (handled) ctx.respond = false;
  else await next();
}

function viteServerPlugin() {
  return {
    name: 'vite-server',
    async serverStart() {
      vite = await createServer({
        configFile: './vite.config.ts',
        appType: 'custom',
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { entries: ['test/browser/**/*.test.ts'], exclude: ['@web/test-runner-commands'] },
        plugins: [{ name: 'wtr-externals', enforce: 'pre',
          resolveId: (id) => (id.startsWith('/__web-dev-server__') ? { id, external: true } : null) }],
      });
    },
    async serverStop() { await vite?.close(); },
  };
}

// Servers the browser tests reach through executeServerCommand: a simulated robot and loopback model servers.
function fakeServersPlugin() {
  let sim, ollama, openai;
  return {
    name: 'fake-servers',
    async serverStart() {
      sim = await startSim({ scenario: 'turtlebot_nav', port: 0 });
      ollama = await startFakeOllama();
      openai = await startFakeOpenAI();
    },
    async serverStop() { await sim?.close(); await ollama?.close(); await openai?.close(); },
    executeCommand({ command }) {
      if (command === 'sim-url') return sim.url;
      if (command === 'ollama-url') return ollama.url;
      if (command === 'openai-url') return openai.url;
      return undefined;
    },
  };
}

export default {
  files: ['test/browser/**/*.test.ts'],
  concurrency: 1,
  testFramework: { config: { timeout: 15000 } },
  middleware: [viteBridge],
  filterBrowserLogs,
  browsers: [debianChromium()],
  plugins: [viteServerPlugin(), fakeServersPlugin()],
};
