/**
 * Diagnosis: rule-computed findings about a robot snapshot and an RViz document, with stable codes.
 * One rule per module in rules/; thresholds are named in options.ts; `diagnose` runs them all.
 */
export { FINDING_CODES } from './types.ts';
export type { DiagnoseInput, DiagnoseOptions, Finding, FindingCode, StampSample } from './types.ts';
export { defaultDiagnoseOptions } from './options.ts';
export { diagnose, diagnosisRules, compareFindings, type DiagnoseExtras } from './diagnose.ts';
export type { Rule, RuleContext } from './context.ts';
export { documentFacts, enabledDisplays, fixedFrameOf, absoluteTopic } from './display-topics.ts';
export type { DisplaySubscription, DisplayFrame, DocumentFacts, RequestedQos, RequestedPolicy } from './display-topics.ts';
export { topicsToSample, expectsStream, isHeavyType, headerOf, defaultSamplingOptions, type SamplingOptions } from './sampling.ts';
export { formatFindingsText, countBySeverity } from './format-text.ts';
