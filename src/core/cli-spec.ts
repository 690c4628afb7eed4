/**
 * The CLI's commands and options as data. The CLI parses with it, `--help` prints from it, and the
 * assistant checks `rviz-companion …` lines in model answers against it, so all three always agree.
 */

export interface OptionSpec {
  name: string;
  /** `string` takes a value; `boolean` is a flag. */
  kind: 'string' | 'boolean';
  /** Allowed values for a string option, when closed. */
  values?: readonly string[];
  /** Placeholder shown in help. */
  arg?: string;
  help: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Positional arguments, in order: `?` suffix marks an optional one; `...` a rest argument. */
  positionals: readonly string[];
  options: readonly OptionSpec[];
}

const jsonFlag: OptionSpec = { name: 'json', kind: 'boolean', help: 'machine-readable output' };
const scenario: OptionSpec = { name: 'scenario', kind: 'string', arg: 'NAME|FILE', help: 'run the simulated robot in-process with this scenario' };
const url: OptionSpec = { name: 'url', kind: 'string', arg: 'ws://HOST:PORT', help: 'rosbridge URL of a live robot' };

/** Options shared by every command that uses a model. */
export const MODEL_OPTIONS: readonly OptionSpec[] = [
  { name: 'provider', kind: 'string', values: ['offline', 'ollama', 'openai'], arg: 'P', help: 'model provider (default offline; env OLLAMA_HOST / OPENAI_BASE_URL pick a server)' },
  { name: 'model', kind: 'string', arg: 'M', help: 'model name' },
  { name: 'base-url', kind: 'string', arg: 'URL', help: 'server URL (Ollama: http://HOST:11434, OpenAI-compatible: http://HOST:PORT/v1)' },
  { name: 'redact', kind: 'boolean', help: 'treat the provider as cloud: mask hosts, IPs, home paths and node names' },
];

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'sim', summary: 'start the simulated robot (rosbridge v2 over WebSocket)', positionals: [], options: [
    { name: 'scenario', kind: 'string', arg: 'NAME|FILE', help: 'scenario name in sim/scenarios or a JSON file (default turtlebot_nav)' },
    { name: 'port', kind: 'string', arg: 'P', help: 'port (default 9090)' },
    { name: 'host', kind: 'string', arg: 'H', help: 'address to bind (default 127.0.0.1)' },
    // Issue 10: how the emulated robot-side bridge behaves.
    { name: 'no-bridge', kind: 'boolean', help: 'run without the bridge node (no /rviz_companion/* topics)' },
    { name: 'read-only', kind: 'boolean', help: 'the bridge refuses every config (its read_only parameter)' },
    { name: 'reload', kind: 'string', values: ['restart', 'none'], arg: 'MODE', help: 'restart: a supervised RViz loads each config; none: the bridge only writes it' },
    { name: 'load-delay', kind: 'string', arg: 'MS', help: 'how long RViz takes to load a config (default 300)' },
    // Issue 21: the server behaves like a real rosbridge.
    { name: 'discovery-delay', kind: 'string', arg: 'MS', help: 'publishers are discovered this long after start; earlier subscriptions miss latched samples (default 2000)' },
    { name: 'status-frames', kind: 'boolean', help: 'answer refused operations with status frames (rosbridge-server-rs); default: none (rosbridge_suite 2.1)' },
  ] },
  { name: 'graph', summary: 'print the robot snapshot: topics, types, QoS with sources, TF', positionals: [], options: [url, jsonFlag,
    { name: 'timeout', kind: 'string', arg: 'MS', help: 'give up after this many ms (default 10000)' }] },
  { name: 'plan', summary: 'turn a request into a validated plan of display changes', positionals: [], options: [
    { name: 'request', kind: 'string', arg: 'TEXT', help: 'what you want to see' }, scenario, url,
    { name: 'config', kind: 'string', arg: 'FILE.rviz', help: 'start from this config' },
    ...MODEL_OPTIONS, jsonFlag,
    { name: 'apply', kind: 'string', arg: 'OUT.rviz', help: 'write the config that results from applying every checked action' },
    { name: 'choose', kind: 'string', arg: 'N', help: 'plan the N-th of the plan\'s choices (1-based) instead of the plan itself' }] },
  { name: 'apply', summary: 'apply a list of actions to a config, all or nothing', positionals: ['FILE.rviz'], options: [
    { name: 'actions', kind: 'string', arg: 'ACTIONS.json', help: 'a JSON file (or inline JSON) with an array of actions' },
    { name: 'out', kind: 'string', arg: 'OUT.rviz', help: 'where to write (default: standard output)' }, jsonFlag] },
  { name: 'convert', summary: 'convert a ROS 1 RViz config to RViz2', positionals: ['IN.rviz', 'OUT.rviz'], options: [jsonFlag] },
  { name: 'lint', summary: 'problems in a config, and findings against a robot when one is given', positionals: ['FILE.rviz'], options: [scenario, url, jsonFlag] },
  { name: 'models', summary: 'list the models a server offers', positionals: [], options: [...MODEL_OPTIONS, jsonFlag] },
  { name: 'search', summary: 'search the knowledge base', positionals: ['TEXT...'], options: [jsonFlag,
    { name: 'limit', kind: 'string', arg: 'N', help: 'at most N results (default 5)' }] },
  { name: 'ask', summary: 'ask the assistant; prints its event stream', positionals: ['TEXT...'], options: [scenario, url, ...MODEL_OPTIONS,
    { name: 'ndjson', kind: 'boolean', help: 'one JSON event a line' }] },
  { name: 'push', summary: 'send a config to the robot\'s bridge and wait for its status', positionals: ['FILE.rviz'], options: [url, jsonFlag,
    { name: 'timeout', kind: 'string', arg: 'MS', help: 'wait this long for the bridge\'s status (default 15000)' }] },
  { name: 'serve', summary: 'serve the built app (offline-capable) for a robot\'s screen or a LAN', positionals: [], options: [
    { name: 'port', kind: 'string', arg: 'P', help: 'port (default 8080; 0 = any free port)' },
    { name: 'host', kind: 'string', arg: 'H', help: 'address to bind (default 127.0.0.1; 0.0.0.0 for the LAN)' },
    { name: 'url', kind: 'string', arg: 'ws://HOST:9090', help: 'the robot the page connects to unless it was told another' },
    { name: 'kiosk', kind: 'boolean', help: 'the touch kiosk layout by default (?kiosk=0 still gives the desk)' },
    { name: 'dir', kind: 'string', arg: 'DIR', help: 'serve an already built app from DIR (no build step)' }] },
  { name: 'mcp', summary: 'serve the companion\'s validated actions to coding agents (Model Context Protocol)', positionals: [], options: [url,
    { name: 'config', kind: 'string', arg: 'FILE.rviz', help: 'start from this config instead of the one the robot reports' },
    { name: 'read-only', kind: 'boolean', help: 'register no writing tool (no apply_plan, undo, redo)' },
    { name: 'http', kind: 'string', arg: '127.0.0.1:PORT', help: 'Streamable HTTP on this loopback address with a bearer token, instead of stdio' },
    ...MODEL_OPTIONS] },
  { name: 'bench', summary: 'benchmark tables', positionals: ['planner|retrieval|perf'], options: [...MODEL_OPTIONS, jsonFlag,
    { name: 'scenario', kind: 'string', arg: 'NAME', help: 'limit to one scenario' },
    { name: 'set', kind: 'string', arg: 'tuned|held-out|all', help: 'planner: which case set to run (default all)' },
    { name: 'exclude', kind: 'string', arg: 'GLOB', help: 'planner: leave out case files whose set/file path matches (e.g. \'held-out/*precision*\')' },
    { name: 'replies', kind: 'boolean', help: 'planner: run the scripted model replies through the real clients against loopback servers' },
    { name: 'app', kind: 'boolean', help: 'perf: also measure the app in headless Chromium (initial JS, time to usable, long tasks)' },
    { name: 'bridge', kind: 'boolean', help: 'perf: also measure Apply → bridge status on the simulated robot (median of 10, link and app)' }] },
];

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export interface ParsedCommand {
  command: CommandSpec;
  positionals: string[];
  options: Record<string, string | boolean>;
}

export type ParseResult = { ok: true; value: ParsedCommand } | { ok: false; reason: string };

/**
 * Parse argv (without the program name) against the spec. Never throws; never executes anything.
 * Accepts `--opt value`, `--opt=value` and `-h`/`--help` (returned as option `help`).
 */
export function parseCommandLine(argv: readonly string[]): ParseResult {
  const [name, ...rest] = argv;
  if (!name) return { ok: false, reason: 'no command given' };
  const command = findCommand(name);
  if (!command) return { ok: false, reason: `unknown command "${name}"` };
  const options: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-h' || arg === '--help') { options.help = true; continue; }
    if (arg === '--') { positionals.push(...rest.slice(i + 1)); break; }
    if (!arg.startsWith('--') || arg.length === 2) {
      if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) return { ok: false, reason: `unknown option "${arg}" for ${name}` };
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const spec = command.options.find((o) => o.name === key);
    if (!spec) return { ok: false, reason: `unknown option "--${key}" for ${name}` };
    if (spec.kind === 'boolean') {
      if (eq >= 0) return { ok: false, reason: `option "--${key}" takes no value` };
      options[key] = true;
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = rest[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) return { ok: false, reason: `option "--${key}" needs a value (${spec.arg ?? 'VALUE'})` };
      i++;
    }
    if (spec.values && !spec.values.includes(value)) {
      return { ok: false, reason: `option "--${key}" must be one of ${spec.values.join(', ')} (got "${value}")` };
    }
    options[key] = value;
  }
  const required = command.positionals.filter((p) => !p.endsWith('?') && !p.endsWith('...'));
  const rest0 = command.positionals.find((p) => p.endsWith('...'));
  if (!options.help) {
    if (positionals.length < required.length) return { ok: false, reason: `${name} needs ${required.join(' ')}` };
    if (rest0 && positionals.length === 0) return { ok: false, reason: `${name} needs ${rest0.replace('...', '')}` };
    if (!rest0 && positionals.length > command.positionals.length) return { ok: false, reason: `unexpected argument "${positionals[command.positionals.length]}" for ${name}` };
  }
  return { ok: true, value: { command, positionals, options } };
}

export function commandHelp(command: CommandSpec): string {
  const lines = [`rviz-companion ${command.name} ${command.positionals.join(' ')}`.trimEnd(), `  ${command.summary}`, ''];
  for (const o of command.options) {
    const flag = o.kind === 'boolean' ? `--${o.name}` : `--${o.name} ${o.arg ?? 'VALUE'}`;
    const allowed = o.values ? ` (${o.values.join('|')})` : '';
    lines.push(`  ${flag.padEnd(28)} ${o.help}${allowed}`);
  }
  return lines.join('\n');
}

export function usage(): string {
  const lines = ['usage: rviz-companion <command> [options]', '', 'commands:'];
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(9)} ${c.summary}`);
  lines.push('', 'rviz-companion <command> --help shows a command\'s options.', 'Exit codes: 0 success, 1 a clear error, 2 usage.');
  return lines.join('\n');
}
