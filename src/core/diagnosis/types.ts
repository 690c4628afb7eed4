import type { Severity } from '../graph/types.ts';

export const FINDING_CODES = [
  'QOS_RELIABILITY_MISMATCH', 'QOS_DURABILITY_MISMATCH', 'TOPIC_NO_PUBLISHER', 'TOPIC_TYPE_MISMATCH',
  'FIXED_FRAME_NOT_IN_TF', 'DISPLAY_FRAME_NOT_IN_TF', 'TF_TREE_DISCONNECTED', 'TF_STALE', 'NO_DATA', 'CLOCK_SKEW',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

/** A rule-computed fact about the robot and the document. Findings are the truth; model answers are advice. */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  subject: { kind: 'display' | 'topic' | 'frame'; name: string; display?: string; topic?: string };
  summary: string;
  evidence: string[];
}
