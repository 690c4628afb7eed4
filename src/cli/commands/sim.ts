// `rviz-companion sim`: runs the simulated robot until the process is interrupted.
import { startSim } from '../../../sim/server.ts';
import { loadScenario } from '../../../sim/scenario.ts';
import { CliError, type CommandRun } from '../context.ts';

function parsePort(value: string | boolean | undefined): number {
  if (value === undefined) return 9090;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) > 65535) {
    throw new CliError(`--port: expected a port number 0-65535 (0 = any free port), got "${String(value)}"`);
  }
  return Number(value);
}

export const run: CommandRun = async (ctx) => {
  const port = parsePort(ctx.options['port']);
  const host = typeof ctx.options['host'] === 'string' ? ctx.options['host'] : '127.0.0.1';
  const name = typeof ctx.options['scenario'] === 'string' ? ctx.options['scenario'] : 'turtlebot_nav';
  const loaded = loadScenario(name);
  if (!loaded.ok) throw new CliError(loaded.reason.replace(/^sim: /, ''));
  let sim;
  try {
    sim = await startSim({ scenario: loaded.scenario, port, host });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(e.code === 'EADDRINUSE' ? e.message.replace(/^sim: /, '') : `cannot listen on ${host}:${port} (${e.message})`);
  }
  ctx.stdout(`sim: scenario ${sim.scenario.name} on ${sim.url} (${sim.scenario.topics.length} topics)\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sim.close();
  return 0;
};
