// `rviz-companion bench retrieval --json` end to end; BM25 must keep meeting the quality bars (not speed: that is measured, not tested).
import { describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.ts';
import type { BenchReport } from '../../../../bench/retrieval/run.ts';

describe('bench retrieval', () => {
  it('reports BM25 rows for all, calibration and held-out questions that meet the quality bars', async () => {
    let out = '';
    const code = await main(['bench', 'retrieval', '--json'], { stdout: (t) => { out += t; }, stderr: () => {}, env: {} }, new AbortController().signal);
    expect(code).toBe(0);
    const report = JSON.parse(out) as BenchReport;
    expect(report.rows.map((r) => `${r.mode}/${r.set}`)).toEqual(['bm25/all', 'bm25/calibration', 'bm25/holdout']);
    for (const row of report.rows) {
      expect(row.metrics.recallAt3, row.set).toBeGreaterThanOrEqual(0.9);
      expect(row.metrics.mrr, row.set).toBeGreaterThanOrEqual(0.8);
      expect(row.metrics.noAnswerAccuracy, row.set).toBeGreaterThanOrEqual(0.9);
      expect(row.p50Ms).toBeGreaterThan(0);
    }
    expect(report.notes.join('\n')).toMatch(/need --provider/);
  });
});
