/**
 * Checks the words of a `ros2 …` command against the grammar: command, verb, options and their values, positional
 * kinds (topic and type names, `name:=value` launch arguments), the ROS arguments after `--ros-args`, and, when the
 * robot's topics are known, that every topic argument is one of them. Never runs anything.
 */
import { isPlaceholder, parseArgs, checkOptionValue, type BoundPositional } from './argparse.ts';
import { parserForDistro, type GrammarOption, type GrammarParser, type Ros2Grammar } from './grammar.ts';
import { closest } from './suggest.ts';

export interface Ros2CheckContext {
  grammar: Ros2Grammar;
  /** The robot's topics; when given, a topic argument must be one of them (and a type given with it must match). */
  topics?: readonly (string | { name: string; type?: string })[];
  /** The robot's node names; when given, a node argument must be one of them. */
  nodes?: readonly string[];
  /** The robot's ROS 2 distribution (humble, jazzy, rolling): options and verbs it does not have are flagged. */
  distro?: string;
}

/**
 * `unavailable`: the command exists, but not in the robot's distribution. `extension`: it parses only with options
 * an installed extension adds (the package is named), so it may be right where that package is installed.
 */
export type CheckResult = { ok: true } | { ok: false; reason: string; unavailable?: boolean; extension?: string };

const KNOWN_DISTROS = new Set(['humble', 'jazzy', 'rolling']);

/** `std_msgs/String` and `std_msgs/msg/String` name the same message type. */
function normalizeType(type: string): string {
  const parts = type.split('/');
  return parts.length === 2 ? `${parts[0]}/msg/${parts[1]}` : type;
}

const TOPIC_NAME = /^~?\/?[A-Za-z_{][\w{}~]*(\/[A-Za-z_{][\w{}~]*)*\/?$/;
const TYPE_NAME = /^[A-Za-z_]\w*\/(?:(?:msg|srv|action)\/)?[A-Za-z_]\w*$/;

/** `/scan`, `scan` and `/scan/` name the same topic (relative names resolve in the root namespace for the CLI). */
export function normalizeTopic(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function verbList(verbs: Record<string, GrammarParser>): string {
  return Object.keys(verbs).join(', ');
}

function listSome(names: readonly string[], max = 8): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')}, … ${names.length - max} more`;
}

interface RobotNames {
  topics?: Map<string, string | undefined>;
  nodes?: Set<string>;
}

function robotNames(ctx: Ros2CheckContext): RobotNames {
  const names: RobotNames = {};
  if (ctx.topics) names.topics = new Map(ctx.topics.map((t) => (typeof t === 'string' ? [normalizeTopic(t), undefined] : [normalizeTopic(t.name), t.type])));
  if (ctx.nodes) names.nodes = new Set(ctx.nodes.map(normalizeTopic));
  return names;
}

function checkPositional(bound: BoundPositional, name: string, ctx: Ros2CheckContext, robot: RobotNames): string | undefined {
  const { positional } = bound;
  const topicSet = robot.topics;
  for (const value of bound.values) {
    if (isPlaceholder(value)) continue;
    if (positional.choices && !positional.choices.includes(value)) {
      return `${positional.name} must be one of ${positional.choices.join(', ')} (got "${value}") for ${name}`;
    }
    switch (positional.kind) {
      case 'topic':
        if (!TOPIC_NAME.test(value)) return `"${value}" is not a valid topic name for ${name}`;
        if (topicSet && !topicSet.has(normalizeTopic(value))) {
          const known = [...topicSet.keys()];
          const near = closest(normalizeTopic(value), known);
          return `${normalizeTopic(value)} is not a topic of this robot${near ? ` (did you mean ${near}?)` : ` (topics: ${listSome(known)})`}`;
        }
        break;
      case 'node':
        if (robot.nodes && !robot.nodes.has(normalizeTopic(value))) {
          const known = [...robot.nodes];
          const near = closest(normalizeTopic(value), known);
          return `${normalizeTopic(value)} is not a node of this robot${near ? ` (did you mean ${near}?)` : ` (nodes: ${listSome(known)})`}`;
        }
        break;
      case 'type':
        if (!TYPE_NAME.test(value)) return `"${value}" is not an interface type such as std_msgs/msg/String for ${name}`;
        break;
      case 'launch-argument':
        if (!/^[^:=\s]+:=/.test(value)) return `launch argument "${value}" must read name:=value for ${name}`;
        break;
      case 'arguments': {
        const problem = checkRosArgs(bound.values, ctx.grammar, name);
        if (problem) return problem;
        return undefined; // all values checked at once
      }
      default:
        break;
    }
  }
  return undefined;
}

/**
 * The ROS arguments inside a node's arguments: every `--ros-args … [--]` section must hold only what rcl reads.
 * Words outside those sections belong to the program and are not checked.
 */
export function checkRosArgs(words: readonly string[], grammar: Ros2Grammar, name: string): string | undefined {
  const { start, end, options } = grammar.rosArgs;
  let inside = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!inside) { if (word === start) inside = true; continue; }
    if (word === end) { inside = false; continue; }
    if (word === start) continue;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq >= 0 ? word.slice(0, eq) : word;
    const option: GrammarOption | undefined = options.find((o) => o.flags.includes(flag));
    if (!option) return `unknown ROS argument ${word} after --ros-args for ${name}`;
    if (option.value === 'none') continue;
    const value = eq >= 0 ? word.slice(eq + 1) : words[++i];
    if (value === undefined) return `ROS argument ${flag} needs a value for ${name}`;
    const problem = checkOptionValue(option, flag, value);
    if (problem) return `${problem} for ${name}`;
  }
  return undefined;
}

/** A type written next to a topic (`ros2 topic echo /scan sensor_msgs/msg/LaserScan`) must be the topic's type. */
function checkTopicType(bound: readonly BoundPositional[], robot: RobotNames): string | undefined {
  const topic = bound.find((b) => b.positional.kind === 'topic' && b.values.length === 1);
  const type = bound.find((b) => b.positional.kind === 'type' && b.values.length === 1);
  if (!topic || !type || !robot.topics || isPlaceholder(topic.values[0]!) || isPlaceholder(type.values[0]!)) return undefined;
  const name = normalizeTopic(topic.values[0]!);
  const actual = robot.topics.get(name);
  if (!actual || normalizeType(actual) === normalizeType(type.values[0]!)) return undefined;
  return `${name} is ${actual} on this robot, not ${type.values[0]}`;
}

/** Options and verbs that exist, but not in the robot's distribution. */
function unavailableIn(distro: string | undefined, what: string, distros: readonly string[] | undefined): CheckResult | undefined {
  if (!distro || !KNOWN_DISTROS.has(distro) || !distros || distros.includes(distro)) return undefined;
  return { ok: false, unavailable: true, reason: `${what} is not in ROS 2 ${distro} (only ${distros.join(', ')})` };
}

/** A choice value the robot's distribution lacks although it has the option (humble: no `best_available`). */
function valueUnavailable(ctx: Ros2CheckContext, what: string, values: readonly string[], choiceDistros: Record<string, string[]> | undefined): CheckResult | undefined {
  if (!choiceDistros) return undefined;
  for (const value of values) {
    if (!Object.hasOwn(choiceDistros, value)) continue;
    const missing = unavailableIn(ctx.distro, `${what} ${value}`, choiceDistros[value]);
    if (missing) return missing;
  }
  return undefined;
}

/** The words parse only with the options of a known extension: say which package adds them. */
function viaExtension(words: readonly string[], parser: GrammarParser, name: string): CheckResult | undefined {
  if (!parser.extensionOptions?.length) return undefined;
  const parsed = parseArgs(words, { ...parser, options: [...parser.options, ...parser.extensionOptions] }, name);
  if (!parsed.ok) return undefined;
  const used = parsed.options.filter((g) => g.option.extension);
  if (used.length === 0) return undefined;
  const packages = [...new Set(used.map((g) => g.option.extension!))];
  const flags = [...new Set(used.map((g) => g.flag))];
  return { ok: false, extension: packages.join(', '),
    reason: `${flags.join(', ')} of ${name} is not part of ${name} itself; it may come from an extension (${packages.join(', ')})` };
}

function checkParsed(words: readonly string[], grammarParser: GrammarParser, name: string, ctx: Ros2CheckContext): CheckResult {
  const parser = parserForDistro(grammarParser, ctx.distro);
  const parsed = parseArgs(words, parser, name);
  if (!parsed.ok) return viaExtension(words, parser, name) ?? parsed;
  for (const given of parsed.options) {
    const missing = unavailableIn(ctx.distro, `option ${given.flag} of ${name}`, given.option.distros)
      ?? valueUnavailable(ctx, `value of ${given.flag} of ${name}:`, given.values, given.option.choiceDistros);
    if (missing) return missing;
  }
  for (const bound of parsed.positionals) {
    const missing = valueUnavailable(ctx, `${bound.positional.name} of ${name}:`, bound.values, bound.positional.choiceDistros);
    if (missing) return missing;
  }
  const robot = robotNames(ctx);
  for (const given of parsed.options) {
    if (given.option.value === 'ros-args') {
      const problem = checkRosArgs(given.values, ctx.grammar, name);
      if (problem) return { ok: false, reason: problem };
    }
  }
  for (const bound of parsed.positionals) {
    const problem = checkPositional(bound, name, ctx, robot);
    if (problem) return { ok: false, reason: problem };
  }
  const typeProblem = checkTopicType(parsed.positionals, robot);
  if (typeProblem) return { ok: false, reason: typeProblem };
  return { ok: true };
}

/**
 * @example
 * checkRos2Args(['topic', 'echo', '--qos-bogus', '/scan'], { grammar: ros2Grammar() })
 * // → { ok: false, reason: 'unknown option --qos-bogus for ros2 topic echo' }
 */
export function checkRos2Args(args: readonly string[], ctx: Ros2CheckContext): CheckResult {
  const { grammar } = ctx;
  let i = 0;
  // ros2's own options come before the command.
  while (i < args.length && args[i]!.startsWith('-')) {
    const word = args[i]!;
    if (word !== '-h' && word !== '--help' && !grammar.globalOptions.some((o) => o.flags.includes(word))) {
      return { ok: false, reason: `unknown option ${word} for ros2` };
    }
    i++;
  }
  const commandName = args[i];
  if (commandName === undefined) return { ok: true };
  // Own keys only: "toString" or "constructor" is not a ros2 command.
  const command = Object.hasOwn(grammar.commands, commandName) ? grammar.commands[commandName] : undefined;
  if (!command) {
    const near = closest(commandName, Object.keys(grammar.commands));
    return { ok: false, reason: `unknown command "${commandName}" for ros2${near ? ` (did you mean "${near}"?)` : ''}` };
  }
  const rest = args.slice(i + 1);
  const name = `ros2 ${commandName}`;
  if (!command.verbs) return checkParsed(rest, command, name, ctx);

  // Command-level options (e.g. `ros2 topic --include-hidden-topics list`) come before the verb.
  let j = 0;
  while (j < rest.length && rest[j]!.startsWith('-')) j++;
  const commandLevel = parseArgs(rest.slice(0, j), command, name);
  if (!commandLevel.ok) return commandLevel;
  const verbName = rest[j];
  if (verbName === undefined) return { ok: true };
  const verb = Object.hasOwn(command.verbs, verbName) ? command.verbs[verbName] : undefined;
  if (!verb) {
    const near = closest(verbName, Object.keys(command.verbs));
    return { ok: false, reason: `unknown verb "${verbName}" for ${name}${near ? ` (did you mean "${near}"?)` : ` (verbs: ${verbList(command.verbs)})`}` };
  }
  return unavailableIn(ctx.distro, `${name} ${verbName}`, verb.distros) ?? checkParsed(rest.slice(j + 1), verb, `${name} ${verbName}`, ctx);
}
