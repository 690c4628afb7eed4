/**
 * Finds the `ros2 …` and `rviz-companion …` commands in an answer: lines of fenced code blocks (with `\` line
 * continuations and `$ ` prompts), inline code spans, and plain lines that start with the program name (after a
 * list marker or prompt). Prose that merely mentions "ros2" mid-sentence is not a command.
 */
import { splitShellLine } from './shell-words.ts';

export type CommandProgram = 'ros2' | 'rviz-companion';

export interface FoundCommand {
  /** The command as written, e.g. `ros2 topic echo /scan --once`. */
  line: string;
  program: CommandProgram;
  /** The words after the program name. */
  args: string[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;
// List markers and quote marks, then a shell prompt: `$ `, or `user@host:~$ ` / `root@robot:/# ` before a command.
const PROMPT = /^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)*(?:\$\s+|\S*[$#]\s+(?=(?:[A-Za-z_]\w*=\S*\s+)*(?:ros2|rviz-companion|npx)\b))?/;
const ENV_ASSIGNMENT = /^[A-Za-z_]\w*=/;

/** The program a command's words start with (after `VAR=value` prefixes, `npx`, `npm run cli --`), and its arguments. */
function programOf(words: readonly string[]): { program: CommandProgram; args: string[] } | undefined {
  let i = 0;
  while (i < words.length && ENV_ASSIGNMENT.test(words[i]!)) i++;
  const w = words.slice(i);
  if (w[0] === 'ros2') return { program: 'ros2', args: w.slice(1) };
  if (w[0] === 'rviz-companion') return { program: 'rviz-companion', args: w.slice(1) };
  if (w[0] === 'npx' && w[1] === 'rviz-companion') return { program: 'rviz-companion', args: w.slice(2) };
  if (w[0] === 'npm' && w[1] === 'run' && w[2] === 'cli' && w[3] === '--') return { program: 'rviz-companion', args: w.slice(4) };
  return undefined;
}

function commandsInLine(line: string, out: FoundCommand[]): void {
  const cleaned = line.replace(PROMPT, '');
  if (!/\b(?:ros2|rviz-companion)\b/.test(cleaned)) return;
  for (const cmd of splitShellLine(cleaned)) {
    const found = programOf(cmd.words);
    if (found) out.push({ line: cmd.text, ...found });
  }
}

/** Lines of a code block with `\`-continued lines joined. */
function joinContinuations(lines: readonly string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of lines) {
    const part = pending ? raw.trimStart() : raw;
    if (/\\\s*$/.test(part)) { pending += `${part.replace(/\s*\\\s*$/, '')} `; continue; }
    out.push(pending + part);
    pending = '';
  }
  if (pending) out.push(pending);
  return out;
}

const INLINE_CODE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/**
 * Every command in the text, in order of appearance, each distinct line once.
 *
 * @example
 * findCommands('Run `ros2 topic list`, then:\n```bash\n$ ros2 topic echo /scan \\\n  --once\n```')
 * // → [{line: 'ros2 topic list', …}, {line: 'ros2 topic echo /scan --once', …}]
 */
export function findCommands(text: string): FoundCommand[] {
  const found: FoundCommand[] = [];
  const lines = text.split(/\r?\n/);
  let fence: string | undefined;
  let block: string[] = [];
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (fence !== undefined) {
      if (m && m[1]!.startsWith(fence[0]!) && m[1]!.length >= fence.length && line.trim() === m[1]) {
        for (const l of joinContinuations(block)) commandsInLine(l, found);
        fence = undefined;
        block = [];
      } else {
        block.push(line);
      }
      continue;
    }
    if (m) { fence = m[1]!; continue; }
    const spans = [...line.matchAll(INLINE_CODE)];
    for (const s of spans) commandsInLine(s[2]!.trim(), found);
    // A plain line that is itself a command (the inline spans removed, so none is counted twice).
    const rest = spans.length > 0 ? line.replace(INLINE_CODE, ' ') : line;
    const plain = rest.replace(PROMPT, '');
    if (/^(?:[A-Za-z_]\w*=\S*\s+)*(?:ros2|rviz-companion|npx\s+rviz-companion)\s/.test(`${plain.trim()} `)) commandsInLine(plain.trim(), found);
  }
  // An unclosed fence still holds commands (a stream cut mid-answer).
  if (fence !== undefined) for (const l of joinContinuations(block)) commandsInLine(l, found);

  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.program} ${f.args.join(' ')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
