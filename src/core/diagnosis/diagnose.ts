/**
 * `diagnose`: runs every rule over a snapshot (and the document, when given) and returns the findings, errors first.
 * Pure: the caller passes the clock value, the samples and the catalog.
 */
import { catalog as defaultCatalog, type Catalog } from '../catalog/index.ts';
import type { Severity } from '../graph/types.ts';
import { buildContext, type Rule } from './context.ts';
import { documentFacts } from './display-topics.ts';
import { defaultDiagnoseOptions } from './options.ts';
import { clockSkewRule } from './rules/clock-skew.ts';
import { displayFrameRule } from './rules/display-frame.ts';
import { fixedFrameRule } from './rules/fixed-frame.ts';
import { noDataRule } from './rules/no-data.ts';
import { qosDurabilityRule } from './rules/qos-durability.ts';
import { qosReliabilityRule } from './rules/qos-reliability.ts';
import { tfDisconnectedRule } from './rules/tf-disconnected.ts';
import { tfStaleRule } from './rules/tf-stale.ts';
import { topicNoPublisherRule } from './rules/topic-no-publisher.ts';
import { topicTypeRule } from './rules/topic-type.ts';
import { FINDING_CODES, type DiagnoseInput, type Finding } from './types.ts';
import { compareText } from '../compare-text.ts';

export const diagnosisRules: readonly Rule[] = Object.freeze([
  qosReliabilityRule, qosDurabilityRule, topicNoPublisherRule, topicTypeRule, fixedFrameRule, displayFrameRule,
  tfDisconnectedRule, tfStaleRule, noDataRule, clockSkewRule,
]);

const severityOrder: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function compareFindings(a: Finding, b: Finding): number {
  return severityOrder[a.severity] - severityOrder[b.severity]
    || FINDING_CODES.indexOf(a.code) - FINDING_CODES.indexOf(b.code)
    || compareText(a.subject.name, b.subject.name)
    || compareText(a.subject.topic ?? '', b.subject.topic ?? '');
}

export interface DiagnoseExtras {
  /** Another catalog (tests); the shipped one by default. */
  catalog?: Catalog;
  /** Another rule set (tests, or a caller wanting a subset). */
  rules?: readonly Rule[];
}

/**
 * @example
 * const findings = diagnose({ document: doc, snapshot, now: Date.now(), stamps, sampledSince });
 * findings.filter((f) => f.severity === 'error').map((f) => f.summary);
 */
export function diagnose(input: DiagnoseInput, extras: DiagnoseExtras = {}): Finding[] {
  const options = { ...defaultDiagnoseOptions, ...input.options };
  const catalog = extras.catalog ?? defaultCatalog;
  const facts = input.document ? documentFacts(input.document, catalog) : undefined;
  const ctx = buildContext(input, options, catalog, facts);
  return (extras.rules ?? diagnosisRules).flatMap((rule) => rule(ctx)).sort(compareFindings);
}
