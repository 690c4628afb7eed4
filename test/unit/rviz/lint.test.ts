import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { defaultLintRules, lint, type LintRule } from '../../../src/core/rviz/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { SAMPLE } from './helpers.ts';

describe('lint', () => {
  it('a clean config has only info findings (third-party class)', () => {
    expect(lint(SAMPLE, catalog)).toEqual([
      { severity: 'info', code: 'UNKNOWN_CLASS', path: 'Visualization Manager/Displays/2/Displays/1/Class', message: 'display "Particles" uses nav2_rviz_plugins/ParticleCloud, which is not an RViz2 default display (a third-party plugin must be installed)' },
    ]);
  });
  it('reports values RViz2 would not accept, ROS 1 classes, missing fixed frame', () => {
    const bad = SAMPLE
      .replace('Alpha: 0.5', 'Alpha: 7')
      .replace('Color: 160; 160; 164', 'Color: red')
      .replace('Reliability Policy: Reliable', 'Reliability Policy: Fast')
      .replace('Class: rviz_default_plugins/LaserScan', 'Class: rviz/LaserScan')
      .replace('    Fixed Frame: map\n', '')
      .replace('Value: /camera/image_raw', 'Value: /camera/image raw');
    const findings = lint(bad, catalog);
    const byCode = findings.map((f) => [f.severity, f.code, f.path]);
    expect(byCode).toEqual(expect.arrayContaining([
      ['error', 'INVALID_VALUE', 'Visualization Manager/Displays/0/Alpha'],
      ['error', 'INVALID_VALUE', 'Visualization Manager/Displays/0/Color'],
      ['warning', 'INVALID_VALUE', 'Visualization Manager/Displays/2/Displays/0/Topic/Reliability Policy'],
      ['warning', 'ROS1_CLASS', 'Visualization Manager/Displays/1/Class'],
      ['warning', 'NO_FIXED_FRAME', 'Visualization Manager/Global Options/Fixed Frame'],
      ['error', 'INVALID_VALUE', 'Visualization Manager/Displays/2/Displays/0/Topic'],
    ]));
    expect(findings[0]!.severity).toBe('error');
    expect(findings.find((f) => f.path.endsWith('/Alpha'))!.message).toBe('Grid "Grid": Alpha must be at most 1, has 7');
  });
  it('parse problems are one error finding', () => {
    expect(lint('a: [\n', catalog)).toEqual([expect.objectContaining({ severity: 'error', code: 'PARSE_ERROR', path: 'line 2' })]);
    expect(lint('a: 1\n', catalog)).toEqual([expect.objectContaining({ severity: 'error', code: 'PARSE_NOT_RVIZ' })]);
  });
  it('takes extra rules', () => {
    const rule: LintRule = ({ displays }) => [{ severity: 'info', code: 'COUNT', path: '', message: `${displays.length} displays` }];
    expect(lint(SAMPLE, catalog, { rules: [...defaultLintRules, rule] }).at(-1)).toEqual({ severity: 'info', code: 'COUNT', path: '', message: '5 displays' });
  });
});

describe.skipIf(!corpusPresent)('lint over the corpus', () => {
  it('finds no errors in real RViz2 files (third-party classes are info)', () => {
    for (const f of corpusFiles()) {
      const errors = lint(f.text, catalog).filter((x) => x.severity === 'error');
      expect(errors, f.name).toEqual([]);
    }
  });
});
