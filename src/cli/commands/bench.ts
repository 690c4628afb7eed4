// `rviz-companion bench planner|retrieval|perf`: each benchmark lives in bench/<kind>/run.ts with its cases as data.
import { CliError, type CommandRun } from '../context.ts';

const KINDS = ['planner', 'retrieval', 'perf'] as const;

export const run: CommandRun = async (ctx) => {
  const kind = ctx.positionals[0];
  if (!KINDS.includes(kind as (typeof KINDS)[number])) {
    throw new CliError(`unknown benchmark "${kind}" (choose ${KINDS.join(', ')})`);
  }
  // A computed specifier: each benchmark is loaded only when asked for.
  const modulePath = `../../../bench/${kind}/run.ts`;
  const mod = (await import(modulePath)) as { run: CommandRun };
  return mod.run({ ...ctx, positionals: ctx.positionals.slice(1) });
};
