// WCAG AA contrast of the dark theme, computed from the colours in src/ui/theme.ts (and the few fills components set
// beside it): 4.5:1 for text, 3:1 for status dots and focus rings against what they sit on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const themeText = readFileSync(new URL('../../../src/ui/theme.ts', import.meta.url), 'utf8');
const vars = Object.fromEntries([...themeText.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));

/** Fills set in components, by where they are. */
const FILLS: Record<string, string> = {
  'primary button': '#2f5f9a', 'selected tab / pressed tile': '#26405f', 'changed display row': '#1f3147',
  'fix tile': '#4a3a12', 'diff added': '#1d3a24', 'diff removed': '#45201f',
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const v = (name: string): string => {
  const c = vars[name];
  if (!c) throw new Error(`theme.ts has no --${name}`);
  return c;
};

describe('dark theme contrast (WCAG AA)', () => {
  const backgrounds = { bg: v('bg'), panel: v('panel'), 'panel-2': v('panel-2') };
  const text: [string, string, string][] = [];
  for (const fg of ['text', 'muted', 'accent', 'warn', 'err', 'info']) for (const [name, bg] of Object.entries(backgrounds)) text.push([`--${fg}`, name, `${v(fg)}|${bg}`]);
  text.push(
    ['--text', 'primary button', `${v('text')}|${FILLS['primary button']}`],
    ['--text', 'selected tab / pressed tile', `${v('text')}|${FILLS['selected tab / pressed tile']}`],
    ['#cfe3ff', 'selected tab / pressed tile', `#cfe3ff|${FILLS['selected tab / pressed tile']}`],
    ['--text', 'changed display row', `${v('text')}|${FILLS['changed display row']}`],
    ['--muted', 'changed display row', `${v('muted')}|${FILLS['changed display row']}`],
    ['--text', 'fix tile', `${v('text')}|${FILLS['fix tile']}`],
    ['#ffe2a3', 'fix tile', `#ffe2a3|${FILLS['fix tile']}`],
    ['#c8f0cf', 'diff added', `#c8f0cf|${FILLS['diff added']}`],
    ['#ffd0cc', 'diff removed', `#ffd0cc|${FILLS['diff removed']}`],
  );

  it('gives every text colour at least 4.5:1 on every surface it is used on', () => {
    const rows = text.map(([fg, bg, pair]) => { const [a, b] = pair.split('|') as [string, string]; return { fg, bg, ratio: contrast(a, b) }; });
    console.log(rows.map((r) => `  ${r.fg.padEnd(8)} on ${r.bg.padEnd(28)} ${r.ratio.toFixed(2)}:1`).join('\n'));
    for (const r of rows) expect(r.ratio, `${r.fg} on ${r.bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('gives status dots and the focus ring at least 3:1 on the page and the panels', () => {
    for (const fg of ['ok', 'warn', 'err', 'accent', 'muted']) {
      for (const [name, bg] of Object.entries(backgrounds)) expect(contrast(v(fg), bg), `--${fg} on ${name}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('computes the reference ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
