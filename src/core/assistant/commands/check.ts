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
  /** The robot's topics (names, or names with types); when given, topic arguments must be among them. */
  topics?: readonly (string | { name: string; type?: string })[];
  /** The robot's node names; when given, node arguments must be among them. */
  nodes?: readonly string[];
  /** The robot's ROS 2 distribution: options and verbs it lacks are flagged. */
  distro?: string;
  /** Another grammar (tests); the bundled one by default. */
  grammar?: Ros2Grammar;
}

/** Appended to every problem, so the reader knows what to do with the command. */
export const DO_NOT_RUN = 'invented or mistyped, do not run';
/** Appended when the command exists but not in the robot's ROS 2 distribution. */
export const NOT_ON_THIS_ROBOT = 'not available on this robot, do not run';
/** Appended when the command needs an extension package: right only where that package is installed. */
export const NEEDS_EXTENSION = 'check that the extension is installed before you run it';

/** Check one command found in an answer. */
export function checkCommand(found: FoundCommand, options: CommandCheckOptions = {}): CheckedCommand {
  let result: CheckResult;
  if (found.program === 'ros2') {
    result = checkRos2Args(found.args, { grammar: options.grammar ?? ros2Grammar(), topics: options.topics, nodes: options.nodes, distro: options.distro });
  } else {
    const parsed = parseCommandLine(found.args);
    result = parsed.ok ? { ok: true } : { ok: false, reason: `rviz-companion: ${parsed.reason}` };
  }
  if (result.ok) return { line: found.line, valid: true };
  const advice = result.extension ? NEEDS_EXTENSION : result.unavailable ? NOT_ON_THIS_ROBOT : DO_NOT_RUN;
  return { line: found.line, valid: false, problem: `${result.reason}: ${advice}` };
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
