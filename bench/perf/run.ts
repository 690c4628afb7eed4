// `rviz-companion bench perf [--scenario NAME] [--app] [--json]`: the snapshot timing table (wired by bench.ts);
// `--app` adds the browser bars (initial JS, time to usable, long tasks), which take a few minutes. The view's data
// path (decode.ts: JSON vs CBOR bytes, parse and decode times) runs in Node every time, about 10 s.
import { CliError, type CommandRun } from '../../src/cli/context.ts';
import { defaultCases, formatPerfTable, measureAll } from './measure.ts';
import { decodeBench, defaultDecodeCases, formatDecodeTable } from './decode.ts';

export const run: CommandRun = async (ctx) => {
  const only = ctx.options['scenario'];
  const cases = typeof only === 'string' ? defaultCases.filter((c) => c.scenario === only) : defaultCases;
  const decodeCases = typeof only === 'string' ? defaultDecodeCases.filter((c) => c.scenario === only) : defaultDecodeCases;
  if (cases.length === 0 && decodeCases.length === 0) {
    throw new CliError(`no perf case for scenario "${String(only)}" (cases: ${[...new Set([...defaultCases, ...defaultDecodeCases].map((c) => c.scenario))].join(', ')})`);
  }
  const rows = cases.length > 0 ? await measureAll(cases) : [];
  const decode = decodeCases.length > 0 ? await decodeBench({ cases: decodeCases, log: (line) => ctx.stderr(line) }) : [];
  const app = ctx.options['app'] ? await (await import('./app.ts')).appBench({ log: (line) => ctx.stderr(line) }) : undefined;
  // Issue 10: Apply → the bridge's status (bridge.ts).
  const bridgeMod = ctx.options['bridge'] ? await import('./bridge.ts') : undefined;
  const bridge = bridgeMod ? await bridgeMod.bridgeBench({ runs: 10, delayMs: 300, app: true, log: (line) => ctx.stderr(line) }) : undefined;
  if (ctx.options['json']) {
    ctx.stdout(`${JSON.stringify({ bench: 'perf', rows, decode, ...(app ? { app } : {}), ...(bridge ? { bridge } : {}) }, null, 2)}\n`);
  } else {
    if (rows.length > 0) ctx.stdout(formatPerfTable(rows));
    if (decode.length > 0) ctx.stdout(formatDecodeTable(decode));
    if (app) ctx.stdout((await import('./app.ts')).formatAppBench(app));
    if (bridgeMod && bridge) ctx.stdout(bridgeMod.formatBridgeBench(bridge));
  }
  return 0;
};
