/**
 * TF_STALE: a dynamic TF frame that stopped updating, seen two ways:
 * - nothing received for it for `tfStaleAfterMs` (its publisher stopped);
 * - transforms keep arriving but their stamp lags the rest of the tree by more than `tfStampLagSec` (a frozen stamp):
 *   data stamped now cannot be transformed through it ("extrapolation into the future").
 * The tree's clock is the lower median of (receive time - stamp) over dynamic frames, so a robot on simulation time or
 * a skewed clock does not make every frame stale (CLOCK_SKEW reports that), and a future-dated frame does not either.
 */
import type { TfEdge } from '../../graph/types.ts';
import type { Rule } from '../context.ts';
import { nameList, seconds } from '../describe.ts';
import type { Finding } from '../types.ts';

function offsetSec(e: TfEdge): number {
  return e.receivedAt / 1000 - e.stampSec;
}

export const tfStaleRule: Rule = (ctx) => {
  const { tfStaleAfterMs, tfStampLagSec, clockSkewSec } = ctx.options;
  const dynamic = ctx.snapshot.tf.filter((e) => !e.isStatic);
  const live = dynamic.filter((e) => ctx.now - e.receivedAt <= tfStaleAfterMs);
  const offsets = live.map(offsetSec).sort((a, b) => a - b);
  let reference: number | undefined;
  if (offsets.length >= 2) reference = offsets[Math.floor((offsets.length - 1) / 2)];
  else if (offsets.length === 1 && Math.abs(offsets[0]!) <= clockSkewSec) reference = 0;
  const publishers = ctx.topics.get('/tf')?.publishers.map((p) => p.node) ?? [];
  const out: Finding[] = [];
  for (const e of dynamic) {
    const ageMs = ctx.now - e.receivedAt;
    const evidence = [`${e.parent} -> ${e.child}: dynamic, stamp ${e.stampSec.toFixed(3)} s, last received ${seconds(ageMs / 1000)} ago`];
    let summary: string | undefined;
    if (ageMs > tfStaleAfterMs) {
      summary = `TF frame ${e.child} (parent ${e.parent}) is stale: no transform received for ${seconds(ageMs / 1000)}, so nothing can be placed through it`;
      evidence.push(`a dynamic frame silent for more than ${seconds(tfStaleAfterMs / 1000)} counts as stale`);
    } else if (reference !== undefined && offsetSec(e) - reference > tfStampLagSec) {
      const lag = offsetSec(e) - reference;
      summary = `TF frame ${e.child} (parent ${e.parent}) is stale: its transforms arrive but their stamp is ${seconds(lag)} behind the rest of the tree, so data stamped now cannot be transformed through it`;
      evidence.push(`other dynamic frames are stamped within ${seconds(tfStampLagSec)} of their arrival (tree clock offset ${reference.toFixed(3)} s)`);
    }
    if (summary === undefined) continue;
    if (publishers.length > 0) evidence.push(`/tf publishers: ${nameList(publishers, ctx.options.maxNamed)}`);
    out.push({ code: 'TF_STALE', severity: 'warning', subject: { kind: 'frame', name: e.child }, summary, evidence,
      hint: `check the node that publishes ${e.parent} -> ${e.child}: it stopped updating it (a stalled driver, controller or localisation)` });
  }
  return out;
};
