// The built app in headless Chromium against the simulated robot: time to usable and main-thread long tasks.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { startSim } from '../../sim/server.ts';
import { findChromium, chromiumArgs } from '../../scripts/chromium-path.ts';
import { join } from 'node:path';
import { REPO_ROOT } from './app-bundle.ts';

/** What the page records about itself; installed before any app script runs (a string: tsx must not rewrite it). */
export const PAGE_PROBE = String.raw`(() => {
  if (window.__appBench) return;
  const s = { marks: {}, longTasks: [], frames: [] };
  window.__appBench = s;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) s.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (err) { s.longTaskError = String(err); }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        s.frames.push({
          start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          renderStart: e.renderStart, styleAndLayoutStart: e.styleAndLayoutStart,
          scripts: (e.scripts || []).map((x) => ({
            invoker: x.invoker, invokerType: x.invokerType, sourceURL: x.sourceURL,
            sourceFunctionName: x.sourceFunctionName, sourceCharPosition: x.sourceCharPosition,
            duration: x.duration, forcedStyleAndLayout: x.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (err) { s.frameError = String(err); }
  // Elements anywhere in the document, open shadow roots included.
  const hosts = (root, tag, out) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === tag) out.push(el);
      if (el.shadowRoot) hosts(el.shadowRoot, tag, out);
    }
    return out;
  };
  // The first WebSocket open: from then on the robot streams (graph, QoS, messages); before it the page is loading.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { if (s.marks.socketOpen === undefined) s.marks.socketOpen = performance.now(); });
    }
  };
  const found = {};
  const seen = (name, tag, inner) => {
    if (s.marks[name] !== undefined) return true;
    if (!found[tag] || found[tag].length === 0) found[tag] = hosts(document, tag, []);
    for (const h of found[tag]) {
      if (h.shadowRoot && h.shadowRoot.querySelector(inner)) { s.marks[name] = performance.now(); return true; }
    }
    return false;
  };
  // Checked once a frame until both are there: a mark is at most one frame late. The probe times itself.
  s.probe = { calls: 0, totalMs: 0, longestMs: 0 };
  let done;
  s.ready = new Promise((resolve) => { done = resolve; });
  const poll = () => {
    const t0 = performance.now();
    const a = seen('connected', 'connection-bar', '[data-presence="connected"]');
    const b = seen('firstTopic', 'robot-topics', '[data-topic]');
    const spent = performance.now() - t0;
    s.probe.calls++; s.probe.totalMs += spent; s.probe.longestMs = Math.max(s.probe.longestMs, spent);
    if (a && b) done(s.marks); else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;

export interface PageMarks {
  /** ms from navigation start (performance.timeOrigin) to the connection bar showing connected. */
  connected: number;
  /** ms from navigation start to the first WebSocket open (the robot starts streaming). */
  socketOpen: number;
  /** ms from navigation start to the first topic row in robot-topics. */
  firstTopic: number;
  /** ms from navigation start to the end of the HTML response, and of the entry chunk's response. */
  htmlLoaded: number;
  entryScriptLoaded: number;
  /** The module scripts have run by then. */
  domContentLoaded: number;
  load: number;
  firstContentfulPaint: number | undefined;
  /** What the in-page probe itself cost the main thread until both marks were seen. */
  probe: ProbeCost;
}

export interface ProbeCost { calls: number; totalMs: number; longestMs: number }

export interface LongTask { start: number; duration: number }

export interface FrameScript {
  invoker: string; invokerType: string; sourceURL: string; sourceFunctionName: string;
  sourceCharPosition: number; duration: number; forcedStyleAndLayout: number;
}

/** A long animation frame (Chromium's LoAF entry): which scripts ran in it and for how long. */
export interface LongFrame {
  start: number; duration: number; blocking: number; renderStart: number; styleAndLayoutStart: number;
  scripts: FrameScript[];
}

interface ProbeState {
  marks: Partial<Record<'connected' | 'firstTopic' | 'socketOpen', number>>;
  longTasks: LongTask[];
  frames: LongFrame[];
  longTaskError?: string;
  frameError?: string;
}

export interface AppSession {
  appUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Serves the built app from `outDir` (vite preview on a free port) and launches Debian's Chromium headless. */
export async function openSession(outDir: string, args: readonly string[] = chromiumArgs): Promise<AppSession> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('app bench: no Chromium found (set CHROME_PATH or apt-get install chromium)');
  const server: PreviewServer = await preview({
    root: REPO_ROOT, configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1' },
  });
  const address = server.httpServer.address();
  if (typeof address !== 'object' || !address) throw new Error('app bench: vite preview has no address');
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: [...args] });
  } catch (err) {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    throw err;
  }
  return {
    appUrl: `http://127.0.0.1:${address.port}/`,
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

export interface LoadedPage {
  context: BrowserContext;
  page: Page;
  marks: PageMarks;
  pageErrors: string[];
  /** Everything the probe has collected so far (long tasks, long frames). */
  collect(): Promise<{ longTasks: LongTask[]; frames: LongFrame[]; errors: string[] }>;
  close(): Promise<void>;
}

export interface LoadOptions {
  /** Called after the page exists and before navigation (e.g. to start a CDP profiler). */
  beforeNavigate?: (page: Page) => Promise<void>;
  timeoutMs?: number;
  /** Extra query parameters (`&debug=1` for the view's hook). */
  query?: string;
}

/** One fresh load (new browser context: empty cache and storage) of the app pointed at `robotUrl`; resolves once usable. */
export async function loadApp(session: AppSession, robotUrl: string, opts: LoadOptions = {}): Promise<LoadedPage> {
  const timeout = opts.timeoutMs ?? 20_000;
  const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    if (opts.beforeNavigate) await opts.beforeNavigate(page);
    await page.goto(`${session.appUrl}?url=${encodeURIComponent(robotUrl)}${opts.query ?? ''}`, { waitUntil: 'commit', timeout });
    // One evaluation that settles when the probe has both marks: no polling from here that would load the page.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        page.evaluate('window.__appBench.ready'),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), timeout); }),
      ]);
    } catch (err) {
      const state = await page.evaluate('JSON.stringify(window.__appBench && window.__appBench.marks)').catch(() => '?');
      throw new Error(`app bench: the app was not usable within ${timeout} ms of load (${robotUrl}; marks ${String(state)}; ${err instanceof Error ? err.message : String(err)}; page errors: ${pageErrors.join(' | ') || 'none'})`);
    } finally {
      clearTimeout(timer);
    }
    const raw = await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      // The entry chunk is the largest module script the page fetched.
      const scripts = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
      const entry = scripts.sort((a, b) => (b.encodedBodySize || 0) - (a.encodedBodySize || 0))[0];
      return { marks: window.__appBench.marks, probe: window.__appBench.probe, dcl: nav ? nav.domContentLoadedEventEnd : -1, load: nav ? nav.loadEventEnd : -1,
        html: nav ? nav.responseEnd : -1, script: entry ? entry.responseEnd : -1,
        fcp: fcp ? fcp.startTime : null };
    })()`) as { marks: Record<'connected' | 'firstTopic' | 'socketOpen', number>; probe: ProbeCost; dcl: number; load: number; html: number; script: number; fcp: number | null };
    const marks: PageMarks = {
      connected: raw.marks.connected, socketOpen: raw.marks.socketOpen ?? Number.NaN, firstTopic: raw.marks.firstTopic, domContentLoaded: raw.dcl, load: raw.load,
      htmlLoaded: raw.html, entryScriptLoaded: raw.script,
      firstContentfulPaint: raw.fcp ?? undefined, probe: raw.probe,
    };
    return {
      context, page, marks, pageErrors,
      async collect() {
        const s = await page.evaluate('window.__appBench') as ProbeState;
        const errors = [s.longTaskError, s.frameError].filter((e): e is string => !!e);
        return { longTasks: s.longTasks, frames: s.frames, errors };
      },
      close: () => context.close(),
    };
  } catch (err) {
    await context.close();
    throw err;
  }
}

export interface ScenarioSim {
  url: string;
  topics: number;
  close(): Promise<void>;
}

export async function startScenario(scenario: string): Promise<ScenarioSim> {
  const sim = await startSim({ scenario, port: 0 });
  return { url: sim.url, topics: sim.scenario.topics.length, close: () => sim.close() };
}
