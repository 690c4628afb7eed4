/**
 * TOPIC_NO_PUBLISHER: a display's main topic does not exist, or exists with nobody publishing it.
 * Optional topics (a Map's `Update Topic`) are not expected to exist and are left alone.
 */
import { normalizeMessageType } from '../../catalog/index.ts';
import type { Rule, RuleContext } from '../context.ts';
import { displayLabel, nameList } from '../describe.ts';
import type { Finding } from '../types.ts';

/** Published topic names by message type, built once per call and only when some display needs suggestions. */
function publishedByType(ctx: RuleContext): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of ctx.snapshot.topics) {
    if (t.publishers.length === 0) continue;
    const type = normalizeMessageType(t.type);
    const list = out.get(type);
    if (list) list.push(t.name);
    else out.set(type, [t.name]);
  }
  return out;
}

export const topicNoPublisherRule: Rule = (ctx) => {
  const out: Finding[] = [];
  let byType: Map<string, string[]> | undefined;
  for (const sub of ctx.facts?.subscriptions ?? []) {
    if (!sub.primary) continue;
    const topic = ctx.topics.get(sub.topic);
    if (topic && topic.publishers.length > 0) continue;
    const label = displayLabel(sub);
    byType ??= publishedByType(ctx);
    const candidates = sub.acceptedTypes.flatMap((type) => byType!.get(type) ?? []).sort();
    const evidence = [`${label} ${sub.property}: ${sub.written}${sub.written !== sub.topic ? ` (resolves to ${sub.topic})` : ''}`];
    if (topic) {
      evidence.push(`${topic.name} (${topic.type}) publishers: none; subscribers: ${nameList(topic.subscribers.map((s) => s.node), ctx.options.maxNamed)}`);
    } else {
      evidence.push(`${sub.topic} is not among the robot's ${ctx.snapshot.topics.length} topics`);
    }
    if (sub.acceptedTypes.length > 0) {
      evidence.push(`published topics of type ${sub.acceptedTypes.join(' or ')}: ${nameList(candidates, ctx.options.maxNamed)}`);
    }
    const finding: Finding = {
      code: 'TOPIC_NO_PUBLISHER', severity: 'warning', path: sub.path,
      subject: { kind: 'display', name: sub.display, display: sub.display, topic: sub.topic },
      summary: topic
        ? `${label} shows ${sub.topic}, which nobody publishes: the display will stay empty`
        : `${label} shows ${sub.topic}, which does not exist on the robot: the display will stay empty`,
      evidence,
    };
    if (candidates.length > 0) finding.hint = `set ${sub.property} to ${nameList(candidates, 3, 'or')}`;
    out.push(finding);
  }
  return out;
};
