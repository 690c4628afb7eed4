/**
 * Retrieval metrics over labelled questions: recall@1, recall@3, MRR (answerable questions), no-answer
 * accuracy (questions the knowledge base cannot answer must get "no documentation matched"), latency.
 */
import Ajv from 'ajv';
import questionsSchema from './questions.schema.json' with { type: 'json' };

export interface LabelledQuestion {
  q: string;
  ids: string[];
  kind: 'plain' | 'typo' | 'ros-name' | 'log-line' | 'multilingual' | 'no-answer';
  lang?: string;
  set: 'calibration' | 'holdout';
}

export interface QuestionFile {
  schemaVersion: 1;
  questions: LabelledQuestion[];
}

const validate = new Ajv({ allErrors: true }).compile<QuestionFile>(questionsSchema);

/** Check a parsed questions file; labels must name known entries (when `knownIds` is given). */
export function checkQuestions(value: unknown, path: string, knownIds?: ReadonlySet<string>): QuestionFile {
  if (!validate(value)) {
    const why = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ');
    throw new Error(`bench retrieval: ${path} is not a valid questions file: ${why}`);
  }
  if (knownIds) {
    const unknown = [...new Set(value.questions.flatMap((q) => q.ids.filter((id) => !knownIds.has(id))))];
    if (unknown.length > 0) throw new Error(`bench retrieval: ${path} labels entries that do not exist: ${unknown.join(', ')}`);
  }
  return value;
}

/** What a search mode returns for one question: ranked ids (empty = "no documentation matched"). */
export type RankFn = (question: string) => Promise<string[]> | string[];

export interface Metrics {
  questions: number;
  answerable: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  noAnswer: number;
  noAnswerAccuracy: number;
  /** Answerable questions that wrongly got "no documentation matched". */
  falseNoMatch: number;
}

export interface QuestionOutcome {
  q: string;
  set: LabelledQuestion['set'];
  kind: LabelledQuestion['kind'];
  expected: string[];
  got: string[];
  /** 1-based rank of the first acceptable id; 0 = not found (or, for no-answer, 1 = correctly empty). */
  rank: number;
}

export async function runQuestions(questions: readonly LabelledQuestion[], rank: RankFn): Promise<QuestionOutcome[]> {
  const out: QuestionOutcome[] = [];
  for (const q of questions) {
    const got = await rank(q.q);
    const r = q.ids.length === 0 ? (got.length === 0 ? 1 : 0) : got.findIndex((id) => q.ids.includes(id)) + 1;
    out.push({ q: q.q, set: q.set, kind: q.kind, expected: q.ids, got: got.slice(0, 5), rank: r });
  }
  return out;
}

export function metrics(outcomes: readonly QuestionOutcome[]): Metrics {
  const answerable = outcomes.filter((o) => o.expected.length > 0);
  const none = outcomes.filter((o) => o.expected.length === 0);
  const share = (n: number, d: number): number => (d === 0 ? 0 : n / d);
  return {
    questions: outcomes.length,
    answerable: answerable.length,
    recallAt1: share(answerable.filter((o) => o.rank === 1).length, answerable.length),
    recallAt3: share(answerable.filter((o) => o.rank >= 1 && o.rank <= 3).length, answerable.length),
    mrr: share(answerable.reduce((s, o) => s + (o.rank > 0 ? 1 / o.rank : 0), 0), answerable.length),
    noAnswer: none.length,
    noAnswerAccuracy: share(none.filter((o) => o.rank === 1).length, none.length),
    falseNoMatch: answerable.filter((o) => o.got.length === 0).length,
  };
}

/** p-th percentile (0..100) of a list of numbers, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
