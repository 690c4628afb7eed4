/**
 * Reads a command's words the way Python's argparse (which every ros2 verb uses) would, against one parser of the
 * grammar: long options with unique-prefix abbreviations and `=value`, short options with attached values and
 * clusters, nargs, `--`, a REMAINDER positional, implicit -h/--help. Returns what went where, or the first error.
 */
import type { GrammarOption, GrammarParser, GrammarPositional, Nargs } from './grammar.ts';

export interface BoundPositional {
  positional: GrammarPositional;
  values: string[];
}

export interface GivenOption {
  option: GrammarOption;
  /** The flag as written (after abbreviation expansion). */
  flag: string;
  values: string[];
}

export type ArgParseResult =
  | { ok: true; positionals: BoundPositional[]; options: GivenOption[]; help: boolean }
  | { ok: false; reason: string };

const HELP: GrammarOption = { flags: ['-h', '--help'], value: 'none' };

/** A value the answer leaves for the reader to fill in: `<topic>`, `$TOPIC`, `${NS}`, `[type]`, `...`. */
export function isPlaceholder(word: string): boolean {
  return /^<[^<>]+>$/.test(word) || /^\$\{?\w+\}?$/.test(word) || /^\[[^\]]*\]$/.test(word) || /^(\.\.\.|…)$/.test(word)
    || /^(?:YOUR|MY)_[A-Z0-9_]+$/.test(word);
}

const NEGATIVE_NUMBER = /^-\d+$|^-\d*\.\d+$/;

function looksLikeOption(word: string, parser: GrammarParser): boolean {
  if (!word.startsWith('-') || word === '-') return false;
  // argparse reads "-5" as a value unless the parser has options that look like negative numbers (ros2 topic pub -1).
  if (NEGATIVE_NUMBER.test(word)) return parser.options.some((o) => o.flags.some((f) => NEGATIVE_NUMBER.test(f)));
  return true;
}

function valueCount(option: GrammarOption): Nargs | 0 {
  if (option.value === 'none') return 0;
  return option.nargs ?? 1;
}

function minCount(n: Nargs | undefined): number {
  if (n === undefined) return 1;
  if (n === '?' || n === '*' || n === 'remainder') return 0;
  if (n === '+') return 1;
  return n;
}

/** Checks a value against its option's kind; undefined when fine. */
export function checkOptionValue(option: GrammarOption, flag: string, value: string): string | undefined {
  if (isPlaceholder(value)) return undefined;
  switch (option.value) {
    case 'int':
      return /^[+-]?\d+$/.test(value) ? undefined : `option ${flag} needs a whole number (got "${value}")`;
    case 'float':
      return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i.test(value) ? undefined : `option ${flag} needs a number (got "${value}")`;
    case 'choice':
      return option.choices!.includes(value) ? undefined : `option ${flag} must be one of ${option.choices!.join(', ')} (got "${value}")`;
    case 'assignment':
      return /^[^:=\s]+:=/.test(value) ? undefined : `option ${flag} needs name:=value (got "${value}")`;
    default:
      return undefined;
  }
}

function findLong(parser: GrammarParser, name: string): { option: GrammarOption; flag: string } | { error: string } {
  const options = [...parser.options, HELP];
  for (const option of options) if (option.flags.includes(name)) return { option, flag: name };
  // argparse's allow_abbrev: a unique prefix of a long option stands for it.
  const matches: { option: GrammarOption; flag: string }[] = [];
  for (const option of options) for (const f of option.flags) if (f.startsWith('--') && f.startsWith(name)) matches.push({ option, flag: f });
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) return { error: `ambiguous option ${name} (could be ${matches.map((m) => m.flag).join(', ')})` };
  return { error: `unknown option ${name}` };
}

function findShort(parser: GrammarParser, flag: string): GrammarOption | undefined {
  return [...parser.options, HELP].find((o) => o.flags.includes(flag));
}

/**
 * Parse `words` against `parser`; `name` (e.g. `ros2 topic echo`) goes into every error.
 *
 * @example
 * parseArgs(['-v', '/scan'], grammar.commands.topic.verbs.info, 'ros2 topic info') // → ok, topic_name = ['/scan']
 */
export function parseArgs(words: readonly string[], parser: GrammarParser, name: string): ArgParseResult {
  const given: GivenOption[] = [];
  const loose: string[] = [];
  let help = false;
  const remainderAt = parser.positionals.findIndex((p) => p.nargs === 'remainder');
  const beforeRemainder = remainderAt >= 0 ? parser.positionals.slice(0, remainderAt).reduce((n, p) => n + minCount(p.nargs), 0) : -1;
  let remainder: string[] | undefined;

  const fail = (reason: string): ArgParseResult => ({ ok: false, reason: `${reason} for ${name}` });

  /** Takes the option's values starting at words[i]; returns the index after them, or an error. */
  const takeValues = (option: GrammarOption, flag: string, i: number, attached: string | undefined): number | string => {
    const count = valueCount(option);
    if (option.value === 'ros-args') {
      given.push({ option, flag, values: [flag, ...(attached !== undefined ? [attached] : []), ...words.slice(i)] });
      return words.length;
    }
    if (count === 0) {
      if (attached !== undefined) return `option ${flag} takes no value`;
      given.push({ option, flag, values: [] });
      return i;
    }
    const values: string[] = attached !== undefined ? [attached] : [];
    let j = i;
    const more = () => j < words.length && !looksLikeOption(words[j]!, parser) && words[j] !== '--';
    if (count === 'remainder') { values.push(...words.slice(j)); j = words.length; }
    else if (typeof count === 'number') { while (values.length < count && more()) values.push(words[j++]!); }
    else if (count === '?') { if (values.length === 0 && more()) values.push(words[j++]!); }
    else { while (more()) values.push(words[j++]!); }
    const need = count === '+' ? 1 : typeof count === 'number' ? count : 0;
    if (values.length < need) return `option ${flag} needs ${need === 1 ? 'a value' : `${need} values`}`;
    for (const v of values) {
      const problem = checkOptionValue(option, flag, v);
      if (problem) return problem;
    }
    given.push({ option, flag, values });
    return j;
  };

  let i = 0;
  while (i < words.length) {
    if (remainderAt >= 0 && loose.length === beforeRemainder) { remainder = words.slice(i); break; }
    const word = words[i]!;
    if (word === '--') { loose.push(...words.slice(i + 1)); break; }
    if (!looksLikeOption(word, parser)) { loose.push(word); i++; continue; }
    let next: number | string;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const found = findLong(parser, eq >= 0 ? word.slice(0, eq) : word);
      if ('error' in found) return fail(found.error);
      if (found.option === HELP) help = true;
      next = takeValues(found.option, found.flag, i + 1, eq >= 0 ? word.slice(eq + 1) : undefined);
    } else {
      const exact = findShort(parser, word);
      if (exact) {
        if (exact === HELP) help = true;
        next = takeValues(exact, word, i + 1, undefined);
      } else {
        // "-w10" (attached value) or "-tc" (a cluster of flags).
        let k = 1;
        next = i + 1;
        while (k < word.length) {
          const flag = `-${word[k]}`;
          const option = findShort(parser, flag);
          if (!option) return fail(`unknown option ${k === 1 ? word : `${flag} (in ${word})`}`);
          if (option === HELP) help = true;
          const rest = word.slice(k + 1);
          if (valueCount(option) !== 0) {
            next = takeValues(option, flag, i + 1, rest === '' ? undefined : rest.replace(/^=/, ''));
            break;
          }
          const taken = takeValues(option, flag, i + 1, undefined);
          if (typeof taken === 'string') { next = taken; break; }
          k++;
        }
      }
    }
    if (typeof next === 'string') return fail(next);
    i = next;
  }

  const bound = assignPositionals(parser.positionals, loose, remainder);
  if (typeof bound === 'string') return fail(bound);
  return { ok: true, positionals: bound, options: given, help };
}

/**
 * Hands the loose words to the positionals in order, as argparse's pattern matching would. Missing required ones are
 * left empty (an answer may name a verb without its arguments); extra words are an error.
 */
function assignPositionals(positionals: readonly GrammarPositional[], loose: readonly string[], remainder: string[] | undefined): BoundPositional[] | string {
  const bound: BoundPositional[] = [];
  let i = 0;
  positionals.forEach((p, index) => {
    if (p.nargs === 'remainder') { bound.push({ positional: p, values: remainder ?? loose.slice(i) }); i = loose.length; return; }
    const laterMin = positionals.slice(index + 1).reduce((n, q) => n + minCount(q.nargs), 0);
    const available = Math.max(0, loose.length - i - laterMin);
    let take: number;
    if (p.nargs === undefined) take = Math.min(1, loose.length - i);
    else if (p.nargs === '?') take = Math.min(1, available);
    else if (p.nargs === '*' || p.nargs === '+') take = available;
    else take = Math.min(p.nargs, loose.length - i);
    bound.push({ positional: p, values: loose.slice(i, i + take) });
    i += take;
  });
  if (i < loose.length) return `unexpected argument "${loose[i]}"`;
  return bound;
}
