// `rviz-companion bench perf [--scenario NAME] [--json]`: the snapshot timing table (wired by bench.ts).
import { CliError, type CommandRun } from '../../src/cli/context.ts';
import { defaultCases, formatPerfTable, measureAll } from './measure.ts';

export const run: CommandRun = async (ctx) => {
  const only = ctx.options['scenario'];
  const cases = typeof only === 'string' ? defaultCases.filter((c) => c.scenario === only) : defaultCases;
  if (cases.length === 0) {
    throw new CliError(`no perf case for scenario "${String(only)}" (cases: ${[...new Set(defaultCases.map((c) => c.scenario))].join(', ')})`);
  }
  const rows = await measureAll(cases);
  ctx.stdout(ctx.options['json'] ? `${JSON.stringify({ bench: 'perf', rows }, null, 2)}\n` : formatPerfTable(rows));
  return 0;
};
