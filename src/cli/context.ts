import type { ParsedCommand } from '../core/cli-spec.ts';

/** What a command receives: its parsed arguments and where to write. Commands return an exit code. */
export interface CommandContext extends ParsedCommand {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT; long-running commands (sim) wait on it. */
  signal: AbortSignal;
}

export type CommandRun = (ctx: CommandContext) => Promise<number>;

/** A clear, expected failure: printed as one line on stderr, exit code 1. */
export class CliError extends Error {
  public constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
