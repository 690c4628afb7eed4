/**
 * NO_DATA: a topic with publishers on which nothing arrived. Judged for sampled topics (needs `sampledSince` and a
 * window of at least `noDataMinWindowMs`) and for every subscription the link reports (`subscriptions`, after
 * `noDataSubscribedMs`). When the link's facts are there, the finding names the likely cause — refused, wrong type,
 * a latched sample missed, throttled, QoS — because a server may say nothing at all (rosbridge_suite 2.1 only logs).
 */
import type { RuleContext, Rule } from '../context.ts';
import { displayLabel, nameList, seconds } from '../describe.ts';
import type { Finding, SubscriptionFact } from '../types.ts';
import type { TopicInfo } from '../../graph/types.ts';

interface Cause {
  /** Appended to the summary. */
  why: string;
  hint: string;
}

/** The likely cause, most specific first; without the link's facts only the publisher itself is suspected. */
function likelyCause(topic: TopicInfo, fact: SubscriptionFact | undefined, windowMs: number, publishers: string): Cause {
  const silent: Cause = { why: `${publishers} advertises it but does not seem to publish`,
    hint: `check that ${publishers} is running and actually publishing (ros2 topic hz ${topic.name}); a driver waiting for its hardware often advertises without publishing` };
  if (!fact) return silent;
  if (fact.refused) {
    return { why: `rosbridge refused the subscription (${fact.refused})`, hint: 'fix what rosbridge names (type, topic name), then the display subscribes again' };
  }
  if (fact.type && topic.type && fact.type !== topic.type) {
    return { why: `it was subscribed as ${fact.type} but the publishers send ${topic.type}, which rosbridge drops without a word`,
      hint: `use a display for ${topic.type}, or the topic that carries ${fact.type}` };
  }
  const latched = topic.publishers.length > 0 && topic.publishers.every((p) => p.qos.durability === 'transient_local');
  if (latched) {
    const tries = fact.resubscribes > 0 ? ` (re-subscribed ${fact.resubscribes} time${fact.resubscribes === 1 ? '' : 's'})` : '';
    return { why: `it is latched (transient local) and its sample was not delivered${tries}: a subscription made before rosbridge discovered the publisher misses it, or ${publishers} has not published yet`,
      hint: `the companion re-subscribes by itself; if it stays empty, check that ${publishers} has published (ros2 topic echo --qos-durability transient_local ${topic.name})` };
  }
  if (fact.throttleMs >= windowMs) {
    return { why: `the subscription is throttled to one message every ${seconds(fact.throttleMs / 1000)}`, hint: 'lower the throttle (the display\'s frame rate or queue settings)' };
  }
  if (topic.publishers.some((p) => p.source === 'unknown' || p.qos.reliability === 'unknown')) {
    return { why: `${publishers} may use a QoS rosbridge cannot match (its QoS is unknown here), or does not publish`,
      hint: `compare QoS with ros2 topic info -v ${topic.name}, and check that ${publishers} is publishing (ros2 topic hz ${topic.name})` };
  }
  return silent;
}

function judged(ctx: RuleContext): Map<string, { topic: TopicInfo; windowMs: number; measured: string }> {
  const out = new Map<string, { topic: TopicInfo; windowMs: number; measured: string }>();
  if (ctx.sampledSince !== undefined) {
    const windowMs = ctx.now - ctx.sampledSince;
    if (windowMs >= ctx.options.noDataMinWindowMs) {
      for (const topic of ctx.snapshot.topics) {
        if (topic.rateHz === undefined || topic.publishers.length === 0 || topic.lastMessageAt !== undefined) continue;
        out.set(topic.name, { topic, windowMs, measured: `measured at the companion: 0 messages in ${seconds(windowMs / 1000)} of sampling` });
      }
    }
  }
  for (const fact of ctx.subscriptions.values()) {
    const topic = ctx.topics.get(fact.topic);
    const windowMs = ctx.now - fact.since;
    if (!topic || topic.publishers.length === 0 || fact.received > 0 || windowMs < ctx.options.noDataSubscribedMs) continue;
    if (topic.lastMessageAt !== undefined) continue; // sampled and seen: the subscription's own count lags a reconnect
    out.set(topic.name, { topic, windowMs: Math.max(windowMs, out.get(topic.name)?.windowMs ?? 0),
      measured: `subscribed for ${seconds(windowMs / 1000)} on this connection: 0 messages` });
  }
  return out;
}

export const noDataRule: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const { topic, windowMs, measured } of judged(ctx).values()) {
    const shownBy = (ctx.facts?.subscriptions ?? []).filter((s) => s.topic === topic.name);
    const subject: Finding['subject'] = { kind: 'topic', name: topic.name, topic: topic.name };
    if (shownBy[0]) subject.display = shownBy[0].display;
    const publishers = nameList(topic.publishers.map((p) => p.node), ctx.options.maxNamed);
    const fact = ctx.subscriptions.get(topic.name);
    const cause = likelyCause(topic, fact, windowMs, publishers);
    const evidence = [`${topic.name} (${topic.type}) publishers: ${publishers}`, measured];
    if (fact) evidence.push(`subscription: ${fact.type || 'no type'}, throttle ${fact.throttleMs} ms, ${fact.refused ? `refused: ${fact.refused}` : 'no refusal received (rosbridge_suite 2.1 sends none)'}`);
    out.push({
      code: 'NO_DATA', severity: 'warning', subject,
      summary: `${topic.name} is advertised by ${publishers} but no message arrived in ${seconds(windowMs / 1000)}`
        + (shownBy.length > 0 ? `: ${nameList(shownBy.map(displayLabel), ctx.options.maxNamed)} will stay empty` : '')
        + (fact ? `; likely cause: ${cause.why}` : ''),
      evidence,
      hint: cause.hint,
    });
  }
  return out;
};
