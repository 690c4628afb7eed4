/**
 * NO_DATA: a topic with publishers on which nothing arrived during rate sampling. Needs the sampling start
 * (`sampledSince`) and a window of at least `noDataMinWindowMs`; topics that were not sampled are not judged.
 */
import type { Rule } from '../context.ts';
import { displayLabel, nameList, seconds } from '../describe.ts';
import type { Finding } from '../types.ts';

export const noDataRule: Rule = (ctx) => {
  if (ctx.sampledSince === undefined) return [];
  const windowMs = ctx.now - ctx.sampledSince;
  if (windowMs < ctx.options.noDataMinWindowMs) return [];
  const out: Finding[] = [];
  for (const topic of ctx.snapshot.topics) {
    if (topic.rateHz === undefined || topic.publishers.length === 0 || topic.lastMessageAt !== undefined) continue;
    const shownBy = (ctx.facts?.subscriptions ?? []).filter((s) => s.topic === topic.name);
    const subject: Finding['subject'] = { kind: 'topic', name: topic.name, topic: topic.name };
    if (shownBy[0]) subject.display = shownBy[0].display;
    const publishers = nameList(topic.publishers.map((p) => p.node), ctx.options.maxNamed);
    out.push({
      code: 'NO_DATA', severity: 'warning', subject,
      summary: `${topic.name} is advertised by ${publishers} but no message arrived in ${seconds(windowMs / 1000)}`
        + (shownBy.length > 0 ? `: ${nameList(shownBy.map(displayLabel), ctx.options.maxNamed)} will stay empty` : ''),
      evidence: [
        `${topic.name} (${topic.type}) publishers: ${publishers}`,
        `measured at the companion: 0 messages in ${seconds(windowMs / 1000)} of sampling`,
      ],
      hint: `check that ${publishers} is running and actually publishing (ros2 topic hz ${topic.name}); a driver waiting for its hardware often advertises without publishing`,
    });
  }
  return out;
};
