// `rviz-companion sim`: runs the simulated robot until the process is interrupted.
import { startSim } from '../../../sim/server.ts';
import { loadScenario } from '../../../sim/scenario.ts';
import type { BridgeSettings, ServerSettings } from '../../../sim/types.ts';
import { CliError, type CommandRun } from '../context.ts';

function parsePort(value: string | boolean | undefined): number {
  if (value === undefined) return 9090;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) > 65535) {
    throw new CliError(`--port: expected a port number 0-65535 (0 = any free port), got "${String(value)}"`);
  }
  return Number(value);
}

/** `--no-bridge`, `--read-only`, `--reload`, `--load-delay`: the emulated bridge node (sim/bridge.ts). */
function bridgeOptions(o: Record<string, string | boolean>): Partial<BridgeSettings> | false | undefined {
  if (o['no-bridge']) {
    if (o['read-only'] || o['reload'] !== undefined || o['load-delay'] !== undefined) throw new CliError('--no-bridge cannot be combined with other bridge options');
    return false;
  }
  const settings: Partial<BridgeSettings> = {};
  if (o['read-only']) settings.readOnly = true;
  if (o['reload'] === 'restart' || o['reload'] === 'none') settings.reload = o['reload'];
  const delay = o['load-delay'];
  if (delay !== undefined) {
    if (typeof delay !== 'string' || !/^\d+$/.test(delay) || Number(delay) > 60_000) throw new CliError(`--load-delay: expected 0-60000 ms, got "${String(delay)}"`);
    settings.loadDelayMs = Number(delay);
  }
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** `--discovery-delay`, `--status-frames`: how the rosbridge server itself behaves (defaults: a real robot's). */
function serverOptions(o: Record<string, string | boolean>): Partial<ServerSettings> | undefined {
  const settings: Partial<ServerSettings> = {};
  const delay = o['discovery-delay'];
  if (delay !== undefined) {
    if (typeof delay !== 'string' || !/^\d+$/.test(delay) || Number(delay) > 60_000) throw new CliError(`--discovery-delay: expected 0-60000 ms, got "${String(delay)}"`);
    settings.discoveryDelayMs = Number(delay);
  }
  if (o['status-frames']) settings.statusFrames = true;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

export const run: CommandRun = async (ctx) => {
  const port = parsePort(ctx.options['port']);
  const host = typeof ctx.options['host'] === 'string' ? ctx.options['host'] : '127.0.0.1';
  const name = typeof ctx.options['scenario'] === 'string' ? ctx.options['scenario'] : 'turtlebot_nav';
  const loaded = loadScenario(name);
  if (!loaded.ok) throw new CliError(loaded.reason.replace(/^sim: /, ''));
  const bridge = bridgeOptions(ctx.options);
  const server = serverOptions(ctx.options);
  let sim;
  try {
    sim = await startSim({ scenario: loaded.scenario, port, host, ...(bridge === undefined ? {} : { bridge }), ...(server === undefined ? {} : { server }) });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(e.code === 'EADDRINUSE' ? e.message.replace(/^sim: /, '') : `cannot listen on ${host}:${port} (${e.message})`);
  }
  const b = sim.scenario.bridge;
  const mode = !b ? ', no bridge' : b.config && (b.readOnly || b.reload === 'none') ? `, bridge ${b.readOnly ? 'read-only' : 'write only'}` : '';
  ctx.stdout(`sim: scenario ${sim.scenario.name} on ${sim.url} (${sim.scenario.topics.length} topics${mode})\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sim.close();
  return 0;
};
