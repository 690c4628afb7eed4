// Entry point of `rviz-companion`. Parses with the shared spec, loads the command's module on demand.
import { commandHelp, parseCommandLine, usage } from '../core/cli-spec.ts';
import { CliError, type CommandContext, type CommandRun } from './context.ts';

const loaders: Record<string, () => Promise<{ run: CommandRun }>> = {
  sim: () => import('./commands/sim.ts'),
  graph: () => import('./commands/graph.ts'),
  plan: () => import('./commands/plan.ts'),
  apply: () => import('./commands/apply.ts'),
  convert: () => import('./commands/convert.ts'),
  lint: () => import('./commands/lint.ts'),
  models: () => import('./commands/models.ts'),
  search: () => import('./commands/search.ts'),
  ask: () => import('./commands/ask.ts'),
  push: () => import('./commands/push.ts'),
  bench: () => import('./commands/bench.ts'),
  serve: () => import('./commands/serve.ts'),
  mcp: () => import('./commands/mcp.ts'),
};

export async function main(argv: string[], io: Pick<CommandContext, 'stdout' | 'stderr' | 'env'>, signal: AbortSignal): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(usage());
    return argv.length === 0 ? 2 : 0;
  }
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    io.stderr(`rviz-companion: ${parsed.reason}\n\n${usage()}`);
    return 2;
  }
  const { command, options } = parsed.value;
  if (options.help) {
    io.stdout(commandHelp(command));
    return 0;
  }
  const load = loaders[command.name];
  if (!load) {
    io.stderr(`rviz-companion: command "${command.name}" is not available in this build`);
    return 2;
  }
  try {
    const { run } = await load();
    return await run({ ...parsed.value, ...io, signal });
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr(`rviz-companion ${command.name}: ${err.message}`);
      return 1;
    }
    io.stderr(`rviz-companion ${command.name}: unexpected error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return 1;
  }
}

const isEntry = process.argv[1] && /(main\.ts|rviz-companion(\.mjs)?)$/.test(process.argv[1]);
if (isEntry) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const code = await main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    stderr: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    env: process.env,
  }, controller.signal);
  process.exitCode = code;
}
