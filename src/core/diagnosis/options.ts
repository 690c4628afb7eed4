/** Default thresholds of the diagnosis rules, named so callers can override one without guessing the others. */
import type { DiagnoseOptions } from './types.ts';

export const defaultDiagnoseOptions: Readonly<DiagnoseOptions> = Object.freeze({
  // Matches the TF tree view (core/graph/tf-tree.ts): a dynamic frame silent for 5 s is gone, not slow.
  tfStaleAfterMs: 5000,
  // Dynamic TF is published at 10-50 Hz; a stamp half a second behind the rest of the tree means it stopped advancing.
  tfStampLagSec: 0.5,
  // Latency and future-dated transforms (AMCL transform_tolerance, 1 s by default) stay well inside 5 s.
  clockSkewSec: 5,
  // 2001-09-09: no real wall clock reads this low; simulators start /clock at 0.
  simTimeBelowSec: 1e9,
  // At 1 Hz, two or three messages.
  noDataMinWindowMs: 2500,
  // A subscription is also judged on slow topics (a 1 Hz map update) and after a latched sample's re-subscription.
  noDataSubscribedMs: 5000,
  maxNamed: 6,
});
