/**
 * QOS_RELIABILITY_MISMATCH: a display requesting Reliable from a Best Effort publisher receives nothing from it.
 * Publishers whose reliability is unknown never make a mismatch; a Reliable request to them is at most an info.
 */
import type { Rule } from '../context.ts';
import { displayLabel, endpointEvidence, nameList, requestEvidence } from '../describe.ts';
import type { Finding } from '../types.ts';
import { certainty, checkableSubscriptions, judge, nodes } from './qos-common.ts';

export const qosReliabilityRule: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const { sub, topic } of checkableSubscriptions(ctx)) {
    const v = judge(sub, topic, 'reliability');
    const label = displayLabel(sub);
    const evidence = [requestEvidence(sub, 'Reliability Policy'), ...topic.publishers.map((p) => endpointEvidence(topic.name, p))];
    const base = { code: 'QOS_RELIABILITY_MISMATCH' as const, path: sub.path,
      subject: { kind: 'display' as const, name: sub.display, display: sub.display, topic: topic.name }, evidence };
    const hint = `set ${sub.property}/Reliability Policy to Best Effort (a Best Effort subscription receives from every publisher)`;
    if (v.broken.length > 0) {
      const noneLeft = v.fine.length === 0 && v.unknown.length === 0;
      const summary = noneLeft
        ? `${label} requests Reliable but ${topic.name} is published Best Effort by ${nameList(nodes(v.broken))}: no data will arrive`
        : `${label} requests Reliable but ${topic.name} is published Best Effort by ${nameList(nodes(v.broken))}: `
          + `their messages will not arrive (only ${nameList(nodes([...v.fine, ...v.unknown]))} may deliver)`;
      out.push({ ...base, severity: noneLeft ? certainty(v.broken) : 'warning', summary, hint });
    } else if (v.unknown.length > 0) {
      out.push({ ...base, severity: 'info', hint,
        summary: `${label} requests Reliable; the reliability of ${topic.name} from ${nameList(nodes(v.unknown))} is unknown, so a Best Effort publisher cannot be ruled out` });
    }
  }
  return out;
};
