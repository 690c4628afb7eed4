/** What every rule reads: the input, resolved options, and indexes built once per `diagnose` call. */
import type { Catalog } from '../catalog/index.ts';
import { analyzeTf, type TfTree } from '../graph/tf-tree.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import type { DocumentFacts } from './display-topics.ts';
import type { DiagnoseInput, DiagnoseOptions, Finding, StampSample, SubscriptionFact } from './types.ts';

export interface RuleContext {
  snapshot: GraphSnapshot;
  now: number;
  options: DiagnoseOptions;
  catalog: Catalog;
  /** Undefined when no document was given. */
  facts?: DocumentFacts;
  topics: ReadonlyMap<string, TopicInfo>;
  tree: TfTree;
  /** Latest sample per topic. */
  stamps: ReadonlyMap<string, StampSample>;
  sampledSince?: number;
  /** The link's subscriptions by topic, when given. */
  subscriptions: ReadonlyMap<string, SubscriptionFact>;
}

/** One rule, one module: a pure function of the context. */
export type Rule = (ctx: RuleContext) => Finding[];

export function buildContext(input: DiagnoseInput, options: DiagnoseOptions, catalog: Catalog, facts: DocumentFacts | undefined): RuleContext {
  const stamps = new Map<string, StampSample>();
  for (const s of input.stamps ?? []) {
    const prev = stamps.get(s.topic);
    if (!prev || s.receivedAt >= prev.receivedAt) stamps.set(s.topic, s);
  }
  const ctx: RuleContext = {
    snapshot: input.snapshot,
    now: input.now,
    options,
    catalog,
    topics: new Map(input.snapshot.topics.map((t) => [t.name, t])),
    tree: analyzeTf(input.snapshot.tf, input.now, { staleAfterMs: options.tfStaleAfterMs }),
    stamps,
    subscriptions: new Map((input.subscriptions ?? []).map((f) => [f.topic, f])),
  };
  if (facts) ctx.facts = facts;
  if (input.sampledSince !== undefined) ctx.sampledSince = input.sampledSince;
  return ctx;
}
