// Showing a plan before and after Apply: the line diff (checked against a brute-force rebuild of both texts and
// fast-check), the .rviz diff a plan makes (open document untouched, all or nothing) and the displays it changed.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../../src/core/default-rviz.ts';
import { displayChanges } from '../../../src/core/review/display-changes.ts';
import { diffLines, lineDiff } from '../../../src/core/review/line-diff.ts';
import { planDiff } from '../../../src/core/review/plan-diff.ts';
import { applyActions, parse, serialize, type RvizDocument } from '../../../src/core/rviz/index.ts';

const docOf = (text: string): RvizDocument => { const r = parse(text); if (!r.ok) throw new Error(r.reason); return r.doc; };
const corpus = '/work/shared/rviz-corpus';

describe('lineDiff', () => {
  it('gives removed and added lines with context and line numbers', () => {
    expect(lineDiff('a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nD\ne\nf\ng\n', { context: 1 })).toEqual([{ oldStart: 3, newStart: 3, lines: [
      { kind: 'context', text: 'c', oldLine: 3, newLine: 3 },
      { kind: 'removed', text: 'd', oldLine: 4 },
      { kind: 'added', text: 'D', newLine: 4 },
      { kind: 'context', text: 'e', oldLine: 5, newLine: 5 },
    ] }]);
    expect(lineDiff('same\n', 'same\n')).toEqual([]);
    expect(lineDiff('', 'x\n')).toEqual([{ oldStart: 1, newStart: 1, lines: [{ kind: 'added', text: 'x', newLine: 1 }] }]);
  });

  it('keeps far-apart changes in separate hunks and near ones together', () => {
    const a = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n');
    const far = a.replace('l3\n', 'X\n').replace('l25\n', 'Y\n');
    expect(lineDiff(a, far, { context: 2 }).map((h) => h.oldStart)).toEqual([2, 24]);
    const near = a.replace('l3\n', 'X\n').replace('l7\n', 'Y\n');
    expect(lineDiff(a, near, { context: 2 })).toHaveLength(1);
  });

  it('rebuilds both texts from its lines (property test)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 });
    fc.assert(fc.property(lines, lines, (x, y) => {
      const before = x.map((l) => `${l}\n`).join('');
      const after = y.map((l) => `${l}\n`).join('');
      const all = diffLines(before, after);
      expect(all.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(x);
      expect(all.filter((l) => l.kind !== 'removed').map((l) => l.text)).toEqual(y);
      // Minimal: the unchanged lines are a longest common subsequence.
      const lcs = (p: string[], q: string[]): number => {
        const t = Array.from({ length: p.length + 1 }, () => Array<number>(q.length + 1).fill(0));
        for (let i = p.length - 1; i >= 0; i--) for (let j = q.length - 1; j >= 0; j--) t[i]![j] = p[i] === q[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
        return t[0]![0]!;
      };
      expect(all.filter((l) => l.kind === 'context').length).toBe(lcs(x, y));
    }), { numRuns: 300 });
  });
});

describe('planDiff', () => {
  it('shows the lines a plan adds and changes, and leaves the open document as it was', () => {
    const doc = docOf(DEFAULT_RVIZ_CONFIG);
    const before = serialize(doc);
    const r = planDiff(doc, [
      { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Lidar', property: '', value: '', frame: '' },
      { action: 'set_fixed_frame', display_type: '', topic: '', display: '', property: '', value: '', frame: 'odom' },
    ], catalog);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const added = r.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'added').map((l) => l.text.trim()));
    const removed = r.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'removed').map((l) => l.text.trim()));
    expect(added).toContain('Fixed Frame: odom');
    expect(removed).toContain('Fixed Frame: map');
    expect(added).toContain('Name: Lidar');
    expect(added.some((l) => l.includes('/scan'))).toBe(true);
    expect(r.added).toBe(added.length);
    expect(serialize(doc)).toBe(before);
  });

  it('refuses a plan that cannot apply as a whole, naming why', () => {
    const r = planDiff(docOf(DEFAULT_RVIZ_CONFIG), [
      { action: 'set_enabled', display_type: '', topic: '', display: 'No Such Display', property: '', value: 'true', frame: '' },
    ], catalog);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/No Such Display/);
  });

  it('matches a real edit on every corpus file: removed + added lines rebuild the texts', () => {
    const files = readdirSync(corpus).filter((f) => f.endsWith('.rviz'));
    expect(files.length).toBeGreaterThan(10);
    let checked = 0;
    for (const f of files) {
      const parsed = parse(readFileSync(`${corpus}/${f}`, 'utf8'));
      if (!parsed.ok) continue;
      const r = planDiff(parsed.doc, [{ action: 'set_fixed_frame', display_type: '', topic: '', display: '', property: '', value: '', frame: 'companion_test_frame' }], catalog);
      if (!r.ok) continue;
      checked++;
      expect(r.added, f).toBeGreaterThanOrEqual(1);
      expect(r.hunks.flatMap((h) => h.lines).some((l) => l.kind === 'added' && l.text.includes('companion_test_frame')), f).toBe(true);
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('displayChanges', () => {
  it('names the added display and the changed properties of an existing one', () => {
    const doc = docOf(DEFAULT_RVIZ_CONFIG);
    const r = applyActions(doc, [
      { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Lidar' },
      { action: 'set_enabled', display: 'Grid', value: 'false' },
    ], { lookup: catalog });
    if (!r.ok) throw new Error(r.reason);
    const changes = displayChanges(doc, r.doc, catalog);
    expect(changes.find((c) => c.name === 'Lidar')).toMatchObject({ kind: 'added', properties: [] });
    // RViz writes a display's checkbox twice: Enabled and Value.
    expect(changes.find((c) => c.name === 'Grid')).toMatchObject({ kind: 'changed', properties: ['Enabled', 'Value'] });
    expect(changes).toHaveLength(2);
    expect(displayChanges(doc, doc, catalog)).toEqual([]);
  });

  it('follows a rename and a nested property', () => {
    const doc = docOf(DEFAULT_RVIZ_CONFIG);
    const withScan = applyActions(doc, [{ action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Lidar' }], { lookup: catalog });
    if (!withScan.ok) throw new Error(withScan.reason);
    const r = applyActions(withScan.doc, [
      { action: 'rename_display', display: 'Lidar', value: 'Front lidar' },
      { action: 'set_property', display: 'Front lidar', property: 'Topic/Reliability Policy', value: 'Best Effort' },
    ], { lookup: catalog });
    if (!r.ok) throw new Error(r.reason);
    const changes = displayChanges(withScan.doc, r.doc, catalog);
    expect(changes).toEqual([expect.objectContaining({ name: 'Front lidar', kind: 'changed' })]);
    expect(changes[0]!.properties).toEqual(expect.arrayContaining(['Name', 'Topic/Reliability Policy']));
  });
});
