// Every `ros2 …` and `rviz-companion …` command in the knowledge base passes the project's own command checker, for
// each distribution it is about, so the knowledge base and the checker can never disagree. A sentence that names
// distributions ("on Jazzy and later", "Humble only") scopes its commands to them; otherwise a command must hold on
// every distribution the grammar knows.
import { describe, expect, it } from 'vitest';
import { loadKbFiles } from '../../../src/cli/kb-files.ts';
import { checkCommand, findCommands, GRAMMAR_DISTROS } from '../../../src/core/assistant/commands/index.ts';

/** ROS 2 releases in order; only those in the grammar can be checked. */
const RELEASES = ['humble', 'iron', 'jazzy', 'kilted', 'rolling'];

/** The distributions a sentence speaks of, or undefined when it names none. */
function sentenceDistros(sentence: string): string[] | undefined {
  const named = new Set<string>();
  const re = /\b(since |from |after )?(humble|iron|jazzy|kilted|rolling)( and (?:later|newer|above)| or (?:later|newer)|\+| onwards?| and (?:earlier|older)| or (?:earlier|older))?/gi;
  for (const m of sentence.matchAll(re)) {
    const at = RELEASES.indexOf(m[2]!.toLowerCase());
    const later = Boolean(m[1]) || /later|newer|above|\+|onward/i.test(m[3] ?? '');
    const earlier = /earlier|older/i.test(m[3] ?? '');
    RELEASES.forEach((r, i) => { if (i === at || (later && i > at) || (earlier && i < at)) named.add(r); });
  }
  if (named.size === 0) return undefined;
  return GRAMMAR_DISTROS.filter((d) => named.has(d));
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+(?=[A-Z`(])/);
}

describe('sentenceDistros', () => {
  it('reads named distributions and ranges', () => {
    expect(sentenceDistros('Use it on Humble.')).toEqual(['humble']);
    expect(sentenceDistros('Since Jazzy, ros2 service echo exists.')).toEqual(['jazzy', 'rolling']);
    expect(sentenceDistros('Jazzy and later add it.')).toEqual(['jazzy', 'rolling']);
    expect(sentenceDistros('Only Kilted has it.')).toEqual([]);
    expect(sentenceDistros('No release named.')).toBeUndefined();
  });
});

describe('commands in the knowledge base', async () => {
  const entries = await loadKbFiles();
  const cases: { id: string; line: string; distros: readonly (string | undefined)[] }[] = [];
  for (const entry of entries) {
    for (const sentence of sentences(entry.text)) {
      const scoped = sentenceDistros(sentence);
      for (const found of findCommands(sentence)) {
        // A sentence about a release the grammar does not know (kilted) can only be checked as "exists somewhere".
        const distros = scoped === undefined ? GRAMMAR_DISTROS : scoped.length ? scoped : [undefined];
        cases.push({ id: entry.id, line: found.line, distros });
      }
    }
  }

  it('finds the commands (the test is not vacuous)', () => {
    expect(cases.length).toBeGreaterThan(80);
  });

  it('every command passes the checker for the distributions it is about', () => {
    const problems: string[] = [];
    for (const c of cases) {
      for (const distro of c.distros) {
        const checked = checkCommand({ ...findCommands(c.line)[0]!, line: c.line }, { distro });
        if (!checked.valid) problems.push(`${c.id} [${distro ?? 'any'}]: ${checked.problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
