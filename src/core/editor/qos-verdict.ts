/**
 * Will a display's subscription receive from a topic's publishers? The verdict the property editor shows beside a topic
 * and its QoS fields, recomputed for a value not yet committed (the QoS a field would make RViz2 request).
 */
import { effectiveRequestedQos, type DisplayTypeSpec } from '../catalog/index.ts';
import { checkCompatibility, durabilityFromRviz, reliabilityFromRviz } from '../graph/qos.ts';
import type { Endpoint, QosProfile, TopicInfo } from '../graph/types.ts';

export type VerdictLevel = 'ok' | 'mismatch' | 'unknown' | 'no-publisher';

export interface QosVerdict {
  level: VerdictLevel;
  /** The request RViz2 would make, as its fields say it: `Best Effort, Volatile`. */
  requested: string;
  /** One line for people: why it receives, why it does not, or what cannot be checked. */
  text: string;
}

/** A publisher's QoS as a short chip: `/lidar: best effort, volatile (reported)`. */
export interface QosChip {
  node: string;
  text: string;
  source: Endpoint['source'];
}

const words = (s: string): string => s.replace(/_/g, ' ');

export function publisherChips(topic: TopicInfo): QosChip[] {
  return topic.publishers.map((p) => ({
    node: p.node,
    text: `${words(p.qos.reliability)}, ${words(p.qos.durability)}`,
    source: p.source,
  }));
}

/** The verdict for `topic` read through `topicProperty` of a display with `properties`, with `overrides` not yet written. */
export function qosVerdict(spec: DisplayTypeSpec | undefined, topicProperty: string, properties: Readonly<Record<string, unknown>> | undefined,
  topic: TopicInfo | undefined, overrides?: ReadonlyMap<string, string>): QosVerdict | undefined {
  const q = effectiveRequestedQos(spec, topicProperty, properties, overrides);
  if (!q) return undefined;
  const requested = `${q.reliability.text}, ${q.durability.text}`;
  if (!topic) return { level: 'no-publisher', requested, text: 'no such topic on the robot now' };
  if (topic.publishers.length === 0) return { level: 'no-publisher', requested, text: `${topic.name} has no publisher` };
  const wanted: QosProfile = {
    reliability: reliabilityFromRviz(q.reliability.text).value,
    durability: durabilityFromRviz(q.durability.text).value,
    history: 'keep_last',
  };
  const results = topic.publishers.map((p) => ({ p, r: checkCompatibility(p.qos, wanted) }));
  const broken = results.filter((x) => !x.r.compatible);
  if (broken.length > 0) {
    const why = broken[0]!.r.reasons.find((r) => !r.code.endsWith('unknown'))?.message ?? 'incompatible';
    return { level: 'mismatch', requested, text: `receives nothing from ${broken.map((x) => x.p.node).join(', ')}: ${why}` };
  }
  const unsure = results.filter((x) => x.r.undetermined.length > 0);
  if (unsure.length > 0) return { level: 'unknown', requested, text: unsure[0]!.r.reasons[0]?.message ?? 'cannot be checked' };
  const latched = topic.publishers.every((p) => p.qos.durability === 'transient_local');
  const missesLatched = latched && results.some((x) => !x.r.receivesLatched);
  return missesLatched
    ? { level: 'mismatch', requested, text: `${topic.name} is latched; a Volatile request misses the sample published before it joined` }
    : { level: 'ok', requested, text: `receives from ${topic.publishers.map((p) => p.node).join(', ')}` };
}
