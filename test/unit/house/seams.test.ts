// The house rules of DESIGN.md, enforced: which folder may import which library.
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2] ?? '');
}

const rules: { library: RegExp; allowedIn: string[] }[] = [
  { library: /^roslib($|\/)/, allowedIn: ['src/link/'] },
  { library: /^(ollama|openai)($|\/)/, allowedIn: ['src/llm/'] },
  { library: /^(lit|@lit\/)/, allowedIn: ['src/ui/'] },
];

describe('house seams', () => {
  const files = sourceFiles(join(root, 'src')).map((f) => relative(root, f));

  for (const rule of rules) {
    it(`${rule.library.source} is imported only in ${rule.allowedIn.join(', ')}`, () => {
      const offenders = files.filter((f) => !rule.allowedIn.some((dir) => f.startsWith(dir)))
        .filter((f) => importsOf(join(root, f)).some((spec) => rule.library.test(spec)));
      expect(offenders).toEqual([]);
    });
  }

  it('src/core imports nothing from ui, link, llm or cli', () => {
    const offenders = files.filter((f) => f.startsWith('src/core/'))
      .filter((f) => importsOf(join(root, f)).some((spec) => /(^|\/)(ui|link|llm|cli)\//.test(spec) && spec.startsWith('.')));
    expect(offenders).toEqual([]);
  });
});
