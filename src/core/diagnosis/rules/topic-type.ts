/** TOPIC_TYPE_MISMATCH: a display subscribed to a topic whose message type it cannot show; RViz cannot subscribe. */
import type { Rule } from '../context.ts';
import { displayLabel, nameList } from '../describe.ts';
import type { Finding } from '../types.ts';
import { typeMismatch } from './qos-common.ts';

export const topicTypeRule: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const sub of ctx.facts?.subscriptions ?? []) {
    const topic = ctx.topics.get(sub.topic);
    if (!topic || !typeMismatch(sub, topic)) continue;
    const label = displayLabel(sub);
    const fitting = ctx.catalog.forMessageType(topic.type).map((d) => d.name);
    const finding: Finding = {
      code: 'TOPIC_TYPE_MISMATCH', severity: 'error', path: sub.path,
      subject: { kind: 'display', name: sub.display, display: sub.display, topic: topic.name },
      summary: `${label} expects ${sub.acceptedTypes.join(' or ')} but ${topic.name} is ${topic.type}: RViz cannot subscribe, nothing will show`,
      evidence: [
        `${label} ${sub.property}: ${sub.topic}; accepts ${sub.acceptedTypes.join(', ')} (display catalog)`,
        `${topic.name} type: ${topic.type} (rosapi), published by ${nameList(topic.publishers.map((p) => p.node), ctx.options.maxNamed)}`,
      ],
    };
    if (fitting.length > 0) finding.hint = `show ${topic.name} with a ${nameList(fitting, 3, 'or')} display instead`;
    out.push(finding);
  }
  return out;
};
