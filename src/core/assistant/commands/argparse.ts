/**
 * Reads a command's words the way Python's argparse (which every ros2 verb uses) does, against one parser of the
 * grammar, following CPython's `_parse_known_args` step by step: each word is classed as option (`O`), argument (`A`)
 * or `--` (`-`); positionals are matched chunk by chunk with argparse's own nargs patterns (so an optional positional
 * is used up, empty, by the chunk before an option, exactly as argparse does); options take their values by the same
 * patterns; long options accept unique prefixes and `=value`; short ones attached values and clusters. Checked against
 * Python 3.10, 3.12 and 3.13 on generated command lines. Returns what went where, or the first error.
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

/** How a word was classed: an option (known, or unknown with `option` undefined), or an argument. */
type Classed =
  | { kind: 'O'; option: GrammarOption | undefined; flag: string; explicit: string | undefined }
  | { kind: 'A' }
  | { kind: '-' };

/** argparse's nargs pattern; options may not take `--`, so their patterns drop the `-` parts. */
function nargsPattern(nargs: Nargs | 0 | undefined, isOption: boolean): string {
  let p: string;
  if (nargs === undefined) p = '(-*A-*)';
  else if (nargs === '?') p = '(-*A?-*)';
  else if (nargs === '*') p = '(-*[A-]*)';
  else if (nargs === '+') p = '(-*A[A-]*)';
  else if (nargs === 'remainder') p = '([-AO]*)';
  else p = `(-*${Array.from({ length: nargs }, () => 'A').join('-*')}-*)`;
  return isOption ? p.replaceAll('-*', '').replaceAll('-', '') : p;
}

function optionNargs(option: GrammarOption): Nargs | 0 | undefined {
  if (option.value === 'none') return 0;
  if (option.value === 'ros-args') return 'remainder';
  return option.nargs;
}

class ParseError extends Error {}

/**
 * Parse `words` against `parser`; `name` (e.g. `ros2 topic echo`) goes into every error. Missing required positionals
 * are not an error here (an answer may name a verb without its arguments); everything argparse would refuse besides is.
 *
 * @example
 * parseArgs(['-v', '/scan'], grammar.commands.topic.verbs.info, 'ros2 topic info') // → ok, topic_name = ['/scan']
 */
export function parseArgs(words: readonly string[], parser: GrammarParser, name: string): ArgParseResult {
  try {
    return parseOrThrow(words, parser);
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, reason: `${err.message} for ${name}` };
    throw err;
  }
}

function parseOrThrow(words: readonly string[], parser: GrammarParser): ArgParseResult {
  const options = [...parser.options, HELP];
  const byFlag = new Map<string, GrammarOption>();
  for (const o of options) for (const f of o.flags) if (!byFlag.has(f)) byFlag.set(f, o);
  const negativeLikeFlags = [...byFlag.keys()].some((f) => NEGATIVE_NUMBER.test(f));

  /** argparse's _parse_optional. */
  const classify = (word: string): Classed => {
    if (!word.startsWith('-')) return { kind: 'A' };
    const exact = byFlag.get(word);
    if (exact) return { kind: 'O', option: exact, flag: word, explicit: undefined };
    if (word.length === 1) return { kind: 'A' };
    const eq = word.indexOf('=');
    if (eq >= 0 && byFlag.has(word.slice(0, eq))) return { kind: 'O', option: byFlag.get(word.slice(0, eq)), flag: word.slice(0, eq), explicit: word.slice(eq + 1) };
    const tuples: { option: GrammarOption; flag: string; explicit: string | undefined }[] = [];
    if (word.startsWith('--')) {
      // allow_abbrev: a unique prefix of a long option stands for it.
      const prefix = eq >= 0 ? word.slice(0, eq) : word;
      const explicit = eq >= 0 ? word.slice(eq + 1) : undefined;
      for (const [flag, option] of byFlag) if (flag.startsWith(prefix)) tuples.push({ option, flag, explicit });
    } else {
      for (const [flag, option] of byFlag) {
        if (flag === word.slice(0, 2)) tuples.push({ option, flag, explicit: word.slice(2) });
        else if (flag.startsWith(word)) tuples.push({ option, flag, explicit: undefined });
      }
    }
    // Like argparse, two flags of one option (--package-format, --package_format) make a prefix ambiguous too.
    if (tuples.length > 1) throw new ParseError(`ambiguous option ${word} (could be ${tuples.map((t) => t.flag).join(', ')})`);
    if (tuples.length === 1) return { kind: 'O', ...tuples[0]! };
    if (NEGATIVE_NUMBER.test(word) && !negativeLikeFlags) return { kind: 'A' };
    if (word.includes(' ')) return { kind: 'A' };
    return { kind: 'O', option: undefined, flag: word, explicit: undefined };
  };

  const classed: Classed[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '--') {
      classed.push({ kind: '-' });
      for (let j = i + 1; j < words.length; j++) classed.push({ kind: 'A' });
      break;
    }
    classed.push(classify(words[i]!));
  }
  const pattern = classed.map((c) => c.kind).join('');

  const given: GivenOption[] = [];
  const bound: BoundPositional[] = [];
  let help = false;
  const extras: number[] = [];
  const positionals = [...parser.positionals];

  const takeOption = (option: GrammarOption, flag: string, values: string[]): void => {
    if (option === HELP) help = true;
    if (option.value !== 'ros-args') {
      for (const v of values) {
        const problem = checkOptionValue(option, flag, v);
        if (problem) throw new ParseError(problem);
      }
    }
    given.push({ option, flag, values: option.value === 'ros-args' ? [flag, ...values] : values });
  };

  /** argparse's consume_positionals: as many positionals as the pattern from `start` allows. */
  const consumePositionals = (start: number): number => {
    const rest = pattern.slice(start);
    for (let n = positionals.length; n > 0; n--) {
      const m = new RegExp(`^${positionals.slice(0, n).map((p) => nargsPattern(p.nargs, false)).join('')}`).exec(rest);
      if (!m) continue;
      let at = start;
      for (let k = 0; k < n; k++) {
        const count = m[k + 1]!.length;
        const positional = positionals[k]!;
        // argparse drops a '--' from a positional's values (not from REMAINDER's).
        const values = words.slice(at, at + count).filter((w, i) => positional.nargs === 'remainder' || classed[at + i]!.kind !== '-');
        if (positional.choices) for (const v of values) if (!isPlaceholder(v) && !positional.choices.includes(v)) {
          throw new ParseError(`${positional.name} must be one of ${positional.choices.join(', ')} (got "${v}")`);
        }
        bound.push({ positional, values });
        at += count;
      }
      positionals.splice(0, n);
      return at;
    }
    return start;
  };

  /** argparse's consume_optional, clusters of single-dash flags included. */
  const consumeOptional = (start: number): number => {
    const c = classed[start] as Extract<Classed, { kind: 'O' }>;
    let { option, flag, explicit } = c;
    for (;;) {
      if (!option) { extras.push(start); return start + 1; }
      const nargs = optionNargs(option);
      if (explicit !== undefined) {
        const count = matchCount(nargsPattern(nargs, true), 'A');
        if (count === 0 && !flag.startsWith('--') && explicit !== '') {
          takeOption(option, flag, []);
          const next = `-${explicit[0]}`;
          const nextOption = byFlag.get(next);
          if (!nextOption) throw new ParseError(`unknown option ${next} (in ${words[start]})`);
          option = nextOption;
          flag = next;
          explicit = explicit.slice(1) || undefined;
          continue;
        }
        if (count === 1) { takeOption(option, flag, [explicit]); return start + 1; }
        throw new ParseError(`option ${flag} takes no value`);
      }
      const count = matchCount(nargsPattern(nargs, true), pattern.slice(start + 1));
      if (count < 0) {
        const need = nargs === '+' ? 'at least one value' : typeof nargs === 'number' && nargs > 1 ? `${nargs} values` : 'a value';
        throw new ParseError(`option ${flag} needs ${need}`);
      }
      takeOption(option, flag, words.slice(start + 1, start + 1 + count));
      return start + 1 + count;
    }
  };

  const optionIndices = classed.flatMap((c, i) => (c.kind === 'O' ? [i] : []));
  const maxOption = optionIndices.length > 0 ? optionIndices.at(-1)! : -1;
  let start = 0;
  while (start <= maxOption) {
    const nextOption = optionIndices.find((i) => i >= start)!;
    if (start !== nextOption) {
      const end = consumePositionals(start);
      if (end > start) { start = end; continue; }
      start = end;
    }
    if (classed[start]!.kind !== 'O') {
      for (let i = start; i < nextOption; i++) extras.push(i);
      start = nextOption;
    }
    start = consumeOptional(start);
  }
  const stop = consumePositionals(start);
  for (let i = stop; i < words.length; i++) extras.push(i);

  if (extras.length > 0) {
    const first = extras[0]!;
    const c = classed[first]!;
    throw new ParseError(c.kind === 'O' ? `unknown option ${words[first]}` : `unexpected argument "${words[first]}"`);
  }
  // Positionals never reached (missing required ones, or optional ones) are bound empty.
  for (const positional of positionals) bound.push({ positional, values: [] });
  return { ok: true, positionals: bound, options: given, help };
}

/** Length of the match of an nargs pattern at the start of `rest`, or -1. */
function matchCount(nargsRegex: string, rest: string): number {
  const m = new RegExp(`^${nargsRegex}`).exec(rest);
  return m ? m[1]!.length : -1;
}
