/**
 * Splits one shell line into simple commands and their words, the way a POSIX shell would read them, far enough to
 * check them: quotes and backslashes, the operators `&&`, `||`, `;`, `|`, `&` between commands, redirections
 * (dropped with their target) and `#` comments. Nothing is expanded or run.
 */

export interface SimpleCommand {
  /** The command as written (trimmed), for showing it back. */
  text: string;
  /** Its words with quotes removed. */
  words: string[];
}

const OPERATORS = ['&&', '||', ';', '|', '&'];

/**
 * @example
 * splitShellLine(`ros2 topic list | grep scan && ros2 topic echo "/scan" --once`)
 * // → [{text: 'ros2 topic list', words: ['ros2','topic','list']}, {text: 'grep scan', …}, {text: 'ros2 topic echo "/scan" --once', …}]
 */
export function splitShellLine(line: string): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let start = 0;
  let skipNextWord = false; // the target of a redirection
  let quote: '"' | "'" | undefined;

  const endWord = (): void => {
    if (!inWord) return;
    if (skipNextWord) skipNextWord = false;
    else words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (end: number): void => {
    endWord();
    const text = line.slice(start, end).trim();
    if (words.length > 0) out.push({ text, words });
    words = [];
  };

  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) { quote = undefined; continue; }
      if (ch === '\\' && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) { word += line[++i]; continue; }
      word += ch;
      continue;
    }
    if (ch === '"' || ch === "'") { quote = ch; inWord = true; continue; }
    if (ch === '\\' && i + 1 < line.length) { word += line[++i]; inWord = true; continue; }
    if (ch === ' ' || ch === '\t') { endWord(); continue; }
    if (ch === '#' && !inWord) { endCommand(i); start = line.length; break; }
    const op = OPERATORS.find((o) => line.startsWith(o, i));
    if (op) {
      endCommand(i);
      i += op.length - 1;
      start = i + 1;
      continue;
    }
    if (ch === '>' || ch === '<') {
      // `2>&1`, `> out.txt`, `>> log`: the redirection and its target are not arguments.
      if (inWord && /^\d+$/.test(word)) { word = ''; inWord = false; }
      endWord();
      while (line[i + 1] === '>' || line[i + 1] === '&') i++;
      if (/^\d/.test(line[i + 1] ?? '')) { i++; continue; }
      skipNextWord = true;
      continue;
    }
    word += ch;
    inWord = true;
  }
  endCommand(line.length);
  return out;
}
