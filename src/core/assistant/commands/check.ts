/**
 * Command checking for assistant answers: every `ros2 …` line against the ros2 grammar, every `rviz-companion …` line
 * with the CLI's own parser (src/core/cli-spec.ts). A command that does not parse is flagged "invented or mistyped,
 * do not run". Nothing is ever executed.
 */
import { parseCommandLine } from '../../cli-spec.ts';
import type { CheckedCommand } from '../events.ts';
import { checkRos2Args, type CheckResult } from './check-ros2.ts';
import { findCommands, type FoundCommand } from './extract.ts';
import { ros2Grammar, type Ros2Grammar } from './grammar.ts';

export interface CommandCheckOptions {
  /** The robot's topic names; when given, topic arguments must be among them. */
  topics?: readonly string[];
  /** Another grammar (tests); the bundled one by default. */
  grammar?: Ros2Grammar;
}

/** Appended to every problem, so the reader knows what to do with the command. */
export const DO_NOT_RUN = 'invented or mistyped, do not run';

/** Check one command found in an answer. */
export function checkCommand(found: FoundCommand, options: CommandCheckOptions = {}): CheckedCommand {
  let result: CheckResult;
  if (found.program === 'ros2') {
    result = checkRos2Args(found.args, { grammar: options.grammar ?? ros2Grammar(), topics: options.topics });
  } else {
    const parsed = parseCommandLine(found.args);
    result = parsed.ok ? { ok: true } : { ok: false, reason: `rviz-companion: ${parsed.reason}` };
  }
  return result.ok ? { line: found.line, valid: true } : { line: found.line, valid: false, problem: `${result.reason}: ${DO_NOT_RUN}` };
}

/**
 * Every command in an answer, checked, in order of appearance.
 *
 * @example
 * checkCommands('Try `ros2 topc list`.') // → [{ line: 'ros2 topc list', valid: false,
 * //   problem: 'unknown command "topc" for ros2 (did you mean "topic"?): invented or mistyped, do not run' }]
 */
export function checkCommands(answer: string, options: CommandCheckOptions = {}): CheckedCommand[] {
  return findCommands(answer).map((f) => checkCommand(f, options));
}
