/**
 * The ros2 command line as data (../ros2-cli.json, checked by ../ros2-cli.schema.json): commands, verbs, their
 * options with value kinds and their positionals with kinds (topic, node, type, …), derived from the add_arguments()
 * of ros2cli, rosbag2, ros2_control and launch_ros. Loading returns a typed result; the bundled grammar is checked once.
 */
import Ajv from 'ajv';
import grammarJson from '../ros2-cli.json' with { type: 'json' };
import grammarSchema from '../ros2-cli.schema.json' with { type: 'json' };

export type Nargs = '?' | '*' | '+' | 'remainder' | number;

/** `none` is a flag; `ros-args` swallows the rest as ROS arguments; `assignment` must read `name:=value`. */
export type OptionValueKind = 'none' | 'string' | 'int' | 'float' | 'choice' | 'ros-args' | 'assignment';

export type PositionalKind = 'topic' | 'node' | 'service' | 'action' | 'type' | 'package' | 'executable' | 'path'
  | 'arguments' | 'launch-argument' | 'value';

export interface GrammarOption {
  flags: string[];
  value: OptionValueKind;
  choices?: string[];
  /** How many values; absent means one (or none for flags). */
  nargs?: Nargs;
  repeatable?: boolean;
  /** The distributions that have it, when not all of humble, jazzy and rolling. */
  distros?: string[];
  /** Choice values that exist in fewer distributions than the option itself (e.g. `best_available`: not humble). */
  choiceDistros?: Record<string, string[]>;
  /** The package whose installed extension adds this option (e.g. `ros2 launch --secure`: ros2launch_security). */
  extension?: string;
}

export interface GrammarPositional {
  name: string;
  kind: PositionalKind;
  /** The newest distribution's nargs. */
  nargs?: Nargs;
  choices?: string[];
  /** The distributions that have it, when not all. */
  distros?: string[];
  /** Where an older distribution reads it with other nargs; null is exactly one value. */
  nargsByDistro?: Record<string, Nargs | null>;
  choiceDistros?: Record<string, string[]>;
}

/** What one parser accepts: a verb, or a command without verbs (run, launch). */
export interface GrammarParser {
  /** `owner/repo:path` of the file whose add_arguments() this comes from. */
  source: string;
  distros?: string[];
  positionals: GrammarPositional[];
  options: GrammarOption[];
  /** Options that come from installed extensions, not from the command itself. */
  extensionOptions?: GrammarOption[];
}

/** The distributions the grammar knows, oldest first; a positional without `distros` is in all of them. */
export const GRAMMAR_DISTROS: readonly string[] = ['humble', 'jazzy', 'rolling'];

/**
 * The parser as one distribution reads it: its own positionals with that distribution's nargs. Without a (known)
 * distribution, the newest one's, as before distributions were recorded for positionals.
 */
export function parserForDistro<P extends GrammarParser>(parser: P, distro: string | undefined): P {
  const target = distro && GRAMMAR_DISTROS.includes(distro) ? distro : GRAMMAR_DISTROS[GRAMMAR_DISTROS.length - 1]!;
  const differs = parser.positionals.some((p) => p.distros || p.nargsByDistro);
  if (!differs) return parser;
  const positionals = parser.positionals
    .filter((p) => !p.distros || p.distros.includes(target))
    .map((p) => {
      if (!p.nargsByDistro || !Object.hasOwn(p.nargsByDistro, target)) return p;
      const nargs = p.nargsByDistro[target];
      const { nargs: _newest, ...rest } = p;
      return nargs === null || nargs === undefined ? rest : { ...rest, nargs };
    });
  return { ...parser, positionals };
}

export interface GrammarCommand extends GrammarParser {
  verbs?: Record<string, GrammarParser>;
}

export interface Ros2Grammar {
  schemaVersion: 1;
  about: string;
  sources: { repo: string; commits: Record<string, string>; files: string[] }[];
  globalOptions: GrammarOption[];
  commands: Record<string, GrammarCommand>;
  /** What rcl accepts between `--ros-args` and `--`. */
  rosArgs: { about: string; source: string; commits: Record<string, string>; start: '--ros-args'; end: '--'; options: GrammarOption[] };
}

export type GrammarLoadResult = { ok: true; grammar: Ros2Grammar } | { ok: false; reason: string };

type GrammarValidator = ((value: unknown) => value is Ros2Grammar) & { errors?: { instancePath: string; message?: string }[] | null };
let validator: GrammarValidator | undefined;

/** Check a parsed grammar file against the schema; every problem is named with its JSON path. */
export function loadRos2Grammar(value: unknown): GrammarLoadResult {
  // Compiled on first use, so importing the checker costs nothing until an answer is checked.
  const validateGrammar = validator ??= new Ajv({ allErrors: true }).compile<Ros2Grammar>(grammarSchema);
  if (!validateGrammar(value)) {
    const reasons = (validateGrammar.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
    return { ok: false, reason: `ros2-cli grammar: ${reasons.join('; ')}` };
  }
  return { ok: true, grammar: value };
}

let bundled: Ros2Grammar | undefined;

/** The grammar shipped with the project (checked on first use; a broken file is a bug, so it throws). */
export function ros2Grammar(): Ros2Grammar {
  if (!bundled) {
    const loaded = loadRos2Grammar(grammarJson);
    if (!loaded.ok) throw new Error(loaded.reason);
    bundled = loaded.grammar;
  }
  return bundled;
}
