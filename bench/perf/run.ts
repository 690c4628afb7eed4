// `rviz-companion bench perf [--scenario NAME] [--app] [--json]`: the snapshot timing table (wired by bench.ts);
// `--app` adds the browser bars (initial JS, time to usable, long tasks), which take a few minutes.
import { CliError, type CommandRun } from '../../src/cli/context.ts';
import { defaultCases, formatPerfTable, measureAll } from './measure.ts';

export const run: CommandRun = async (ctx) => {
  const only = ctx.options['scenario'];
  const cases = typeof only === 'string' ? defaultCases.filter((c) => c.scenario === only) : defaultCases;
  if (cases.length === 0) {
    throw new CliError(`no perf case for scenario "${String(only)}" (cases: ${[...new Set(defaultCases.map((c) => c.scenario))].join(', ')})`);
  }
  const rows = await measureAll(cases);
  const app = ctx.options['app'] ? await (await import('./app.ts')).appBench({ log: (line) => ctx.stderr(line) }) : undefined;
  // Issue 10: Apply → the bridge's status (bridge.ts).
  const bridgeMod = ctx.options['bridge'] ? await import('./bridge.ts') : undefined;
  const bridge = bridgeMod ? await bridgeMod.bridgeBench({ runs: 10, delayMs: 300, app: true, log: (line) => ctx.stderr(line) }) : undefined;
  if (ctx.options['json']) {
    ctx.stdout(`${JSON.stringify({ bench: 'perf', rows, ...(app ? { app } : {}), ...(bridge ? { bridge } : {}) }, null, 2)}\n`);
  } else {
    ctx.stdout(formatPerfTable(rows));
    if (app) ctx.stdout((await import('./app.ts')).formatAppBench(app));
    if (bridgeMod && bridge) ctx.stdout(bridgeMod.formatBridgeBench(bridge));
  }
  return 0;
};
