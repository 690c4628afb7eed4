/** Per-publisher verdicts on one QoS policy of a display subscription, shared by the two QoS rules. */
import { checkCompatibility, type QosPolicy } from '../../graph/qos.ts';
import type { Endpoint, TopicInfo } from '../../graph/types.ts';
import type { RuleContext } from '../context.ts';
import type { DisplaySubscription } from '../display-topics.ts';
import { normalizeMessageType } from '../../catalog/index.ts';

export interface PolicyVerdict {
  /** Publishers whose offer certainly breaks the request. */
  broken: Endpoint[];
  /** Publishers whose offer satisfies the request. */
  fine: Endpoint[];
  /** Publishers whose offer on this policy is unknown. */
  unknown: Endpoint[];
}

/** A publisher whose QoS source is `unknown` counts as unknown, whatever its fields hold. */
export function judge(sub: DisplaySubscription, topic: TopicInfo, policy: QosPolicy): PolicyVerdict {
  const v: PolicyVerdict = { broken: [], fine: [], unknown: [] };
  if (!sub.requested) return v;
  for (const p of topic.publishers) {
    const result = checkCompatibility(p.source === 'unknown' ? { ...p.qos, reliability: 'unknown', durability: 'unknown' } : p.qos, sub.requested.qos);
    const codes = result.reasons.filter((r) => r.policy === policy).map((r) => r.code);
    if (codes.includes(`${policy}-mismatch`)) v.broken.push(p);
    else if (codes.includes(`${policy}-unknown`)) v.unknown.push(p);
    else v.fine.push(p);
  }
  return v;
}

/** True when the display cannot subscribe at all because the topic carries another type (TOPIC_TYPE_MISMATCH says so). */
export function typeMismatch(sub: DisplaySubscription, topic: TopicInfo): boolean {
  if (sub.acceptedTypes.length === 0 || topic.type === '') return false;
  return !sub.acceptedTypes.includes(normalizeMessageType(topic.type));
}

/** The display subscriptions whose topic has publishers and a matching type, with that topic. */
export function checkableSubscriptions(ctx: RuleContext): { sub: DisplaySubscription; topic: TopicInfo }[] {
  const out: { sub: DisplaySubscription; topic: TopicInfo }[] = [];
  for (const sub of ctx.facts?.subscriptions ?? []) {
    const topic = ctx.topics.get(sub.topic);
    if (!sub.requested || !topic || topic.publishers.length === 0 || typeMismatch(sub, topic)) continue;
    out.push({ sub, topic });
  }
  return out;
}

/** Error when the facts were reported by the bridge; a convention may be wrong, so inferred facts make it a warning. */
export function certainty(endpoints: readonly Endpoint[]): 'error' | 'warning' {
  return endpoints.every((e) => e.source === 'reported') ? 'error' : 'warning';
}

export function nodes(endpoints: readonly Endpoint[]): string[] {
  return endpoints.map((e) => e.node);
}
