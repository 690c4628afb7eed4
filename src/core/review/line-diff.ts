/**
 * A line diff of two texts as unified-diff hunks (removed and added lines with a little context), for showing what a
 * plan will change in the .rviz text. The common head and tail are skipped first, so the LCS only runs over the part
 * that changed (plans touch a few spans of a long config).
 *
 * @example
 * lineDiff('a\nb\nc\n', 'a\nB\nc\n') // [{ oldStart: 1, newStart: 1, lines: [' a', '-b', '+B', ' c'] as DiffLine[] }]
 */

export interface DiffLine {
  kind: 'context' | 'removed' | 'added';
  text: string;
  /** 1-based line numbers in the old / new text (absent on the side the line is not in). */
  oldLine?: number;
  newLine?: number;
}

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

export interface LineDiffOptions {
  /** Unchanged lines shown around each change. */
  context: number;
  /** Above this many cells (changed old lines × changed new lines) the middle is shown as removed-then-added. */
  maxCells: number;
}

export const defaultLineDiffOptions: Readonly<LineDiffOptions> = Object.freeze({ context: 2, maxCells: 4_000_000 });

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The edit script of the middle part: LCS by dynamic programming over rows of the shorter side. */
function middleScript(a: readonly string[], b: readonly string[], maxCells: number): ('=' | '-' | '+')[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return Array<'+'>(m).fill('+');
  if (m === 0) return Array<'-'>(n).fill('-');
  if (n * m > maxCells) return [...Array<'-'>(n).fill('-'), ...Array<'+'>(m).fill('+')];
  // lcs[i][j] = LCS length of a[i..], b[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i]!;
    const next = lcs[i + 1]!;
    for (let j = m - 1; j >= 0; j--) row[j] = a[i] === b[j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
  }
  const script: ('=' | '-' | '+')[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { script.push('='); i++; j++; } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) { script.push('-'); i++; } else { script.push('+'); j++; }
  }
  while (i++ < n) script.push('-');
  while (j++ < m) script.push('+');
  return script;
}

/** Every line of both texts in order, tagged. */
export function diffLines(before: string, after: string, options: Partial<LineDiffOptions> = {}): DiffLine[] {
  const { maxCells } = { ...defaultLineDiffOptions, ...options };
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const script = [
    ...Array<'='>(head).fill('='),
    ...middleScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail), maxCells),
    ...Array<'='>(tail).fill('='),
  ];
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const op of script) {
    if (op === '=') { out.push({ kind: 'context', text: a[i]!, oldLine: i + 1, newLine: j + 1 }); i++; j++; } else if (op === '-') { out.push({ kind: 'removed', text: a[i]!, oldLine: i + 1 }); i++; } else { out.push({ kind: 'added', text: b[j]!, newLine: j + 1 }); j++; }
  }
  return out;
}

/** The changed lines grouped into hunks with `context` unchanged lines around them; [] when the texts are equal. */
export function lineDiff(before: string, after: string, options: Partial<LineDiffOptions> = {}): DiffHunk[] {
  const { context } = { ...defaultLineDiffOptions, ...options };
  const lines = diffLines(before, after, options);
  const changed = lines.flatMap((l, k) => (l.kind === 'context' ? [] : [k]));
  const hunks: DiffHunk[] = [];
  let g = 0;
  while (g < changed.length) {
    let last = g;
    // Changes closer than twice the context share a hunk (their contexts would overlap).
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! <= 2 * context + 1) last++;
    const from = Math.max(0, changed[g]! - context);
    const to = Math.min(lines.length - 1, changed[last]! + context);
    const slice = lines.slice(from, to + 1);
    hunks.push({ oldStart: startLine(lines, from, 'oldLine'), newStart: startLine(lines, from, 'newLine'), lines: slice });
    g = last + 1;
  }
  return hunks;
}

/** The 1-based line a hunk starts at on one side: its first line there, else the line after the previous one. */
function startLine(lines: readonly DiffLine[], from: number, side: 'oldLine' | 'newLine'): number {
  for (let i = from; i < lines.length; i++) if (lines[i]![side] !== undefined) return lines[i]![side]!;
  for (let i = from - 1; i >= 0; i--) if (lines[i]![side] !== undefined) return lines[i]![side]! + 1;
  return 1;
}
