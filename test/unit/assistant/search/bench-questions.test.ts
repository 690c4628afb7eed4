// The labelled question set and the metric arithmetic of bench/retrieval.
import { describe, expect, it } from 'vitest';
import { loadKbFiles } from '../../../../src/cli/kb-files.ts';
import { loadQuestions } from '../../../../bench/retrieval/run.ts';
import { checkQuestions, metrics, percentile, runQuestions, type LabelledQuestion } from '../../../../bench/retrieval/evaluate.ts';

describe('bench/retrieval/questions.json', async () => {
  const ids = new Set((await loadKbFiles()).map((e) => e.id));
  const questions = await loadQuestions(undefined, ids);

  it('has ≥ 120 questions, 15 in other languages, 15 unanswerable, ~30 % held out', () => {
    expect(questions.length).toBeGreaterThanOrEqual(120);
    expect(questions.filter((q) => q.kind === 'multilingual' && q.ids.length > 0 && q.lang && q.lang !== 'en')).toHaveLength(15);
    expect(questions.filter((q) => q.ids.length === 0)).toHaveLength(15);
    expect(new Set(questions.filter((q) => q.kind === 'multilingual').map((q) => q.lang))).toEqual(new Set(['es', 'de', 'fr', 'zh']));
    const held = questions.filter((q) => q.set === 'holdout').length / questions.length;
    expect(held).toBeGreaterThan(0.25);
    expect(held).toBeLessThan(0.35);
    expect(new Set(questions.map((q) => q.q)).size).toBe(questions.length);
  });

  it('rejects a label that names no entry', () => {
    const bad = { schemaVersion: 1, questions: [...questions, { q: 'x y z', ids: ['no-such-entry'], kind: 'plain', set: 'holdout' }] };
    expect(() => checkQuestions(bad, 'q.json', ids)).toThrow('bench retrieval: q.json labels entries that do not exist: no-such-entry');
  });
});

describe('metrics', () => {
  const qs: LabelledQuestion[] = [
    { q: 'a', ids: ['x'], kind: 'plain', set: 'calibration' },
    { q: 'b', ids: ['y', 'z'], kind: 'plain', set: 'calibration' },
    { q: 'c', ids: ['w'], kind: 'plain', set: 'holdout' },
    { q: 'd', ids: [], kind: 'no-answer', set: 'holdout' },
    { q: 'e', ids: [], kind: 'no-answer', set: 'holdout' },
  ];
  const answers: Record<string, string[]> = { a: ['x', 'k'], b: ['k', 'l', 'z'], c: [], d: [], e: ['x'] };

  it('computes recall@1, recall@3, MRR and no-answer accuracy', async () => {
    const m = metrics(await runQuestions(qs, (q) => answers[q]!));
    expect(m).toEqual({ questions: 5, answerable: 3, recallAt1: 1 / 3, recallAt3: 2 / 3, mrr: (1 + 1 / 3) / 3, noAnswer: 2, noAnswerAccuracy: 0.5, falseNoMatch: 1 });
  });

  it('percentile is nearest-rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });
});
