// Placeholder until the "sim" command lands; it says so plainly instead of pretending.
import { CliError, type CommandRun } from '../context.ts';

export const run: CommandRun = async () => {
  throw new CliError('this command is not implemented yet');
};
