/**
 * QOS_DURABILITY_MISMATCH, both directions:
 * - Transient Local requested from a Volatile publisher: no communication at all;
 * - Volatile requested from latched (Transient Local) publishers: only messages published after RViz subscribes
 *   arrive, so something published once (a map, a robot description) never shows.
 * Unknown durability never makes a mismatch; a Transient Local request to it is at most an info.
 */
import { requiredRequest } from '../../graph/qos.ts';
import type { TopicInfo } from '../../graph/types.ts';
import type { Rule } from '../context.ts';
import { displayLabel, endpointEvidence, nameList, requestEvidence } from '../describe.ts';
import type { Finding } from '../types.ts';
import { certainty, checkableSubscriptions, judge, nodes } from './qos-common.ts';

function publishedOnceWhat(topic: TopicInfo): string {
  if (topic.type.endsWith('/OccupancyGrid')) return 'a map';
  if (topic.name.endsWith('robot_description')) return 'a robot description';
  return 'a message';
}

export const qosDurabilityRule: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const { sub, topic } of checkableSubscriptions(ctx)) {
    const v = judge(sub, topic, 'durability');
    const label = displayLabel(sub);
    const evidence = [requestEvidence(sub, 'Durability Policy'), ...topic.publishers.map((p) => endpointEvidence(topic.name, p))];
    const base = { code: 'QOS_DURABILITY_MISMATCH' as const, path: sub.path,
      subject: { kind: 'display' as const, name: sub.display, display: sub.display, topic: topic.name }, evidence };
    const requestsVolatile = sub.requested!.qos.durability === 'volatile' || sub.requested!.qos.durability === 'system_default';

    if (v.broken.length > 0) {
      const noneLeft = v.fine.length === 0 && v.unknown.length === 0;
      const summary = noneLeft
        ? `${label} requests Transient Local but ${topic.name} is published Volatile by ${nameList(nodes(v.broken))}: no data will arrive`
        : `${label} requests Transient Local but ${topic.name} is published Volatile by ${nameList(nodes(v.broken))}: `
          + `their messages will not arrive (only ${nameList(nodes([...v.fine, ...v.unknown]))} may deliver)`;
      out.push({ ...base, severity: noneLeft ? certainty(v.broken) : 'warning', summary,
        hint: `set ${sub.property}/Durability Policy to Volatile (a Volatile subscription receives from every publisher)` });
      continue;
    }
    const latched = topic.publishers.filter((p) => p.source !== 'unknown' && p.qos.durability === 'transient_local');
    if (requestsVolatile && latched.length > 0 && latched.length === topic.publishers.length) {
      const depth = requiredRequest(topic.publishers).depth ?? 1;
      out.push({ ...base, severity: 'warning',
        summary: `${label} requests Volatile but ${topic.name} is published Transient Local (latched) by ${nameList(nodes(latched))}: `
          + `it works only for new messages, so ${publishedOnceWhat(topic)} published once never shows`,
        hint: `set ${sub.property}/Durability Policy to Transient Local (Depth at least ${depth}) to receive the latched message` });
    } else if (!requestsVolatile && v.unknown.length > 0) {
      out.push({ ...base, severity: 'info',
        hint: `set ${sub.property}/Durability Policy to Volatile if nothing arrives`,
        summary: `${label} requests Transient Local; the durability of ${topic.name} from ${nameList(nodes(v.unknown))} is unknown, so a Volatile publisher (no data) cannot be ruled out` });
    }
  }
  return out;
};
