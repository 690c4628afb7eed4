/**
 * Infers a publisher's QoS from documented conventions (qos-conventions.ts) when the bridge topic
 * does not report it. Every result says where it comes from: `inferred` with a reason, or `unknown`.
 */
import { nameConventions, typeConventions } from './qos-conventions.ts';
import { unknownQos } from './qos.ts';
import type { Endpoint, QosProfile, QosSource } from './types.ts';

export interface InferredQos {
  qos: QosProfile;
  source: Extract<QosSource, 'inferred' | 'unknown'>;
  reason?: string;
}

function lastSegment(topic: string): string {
  const parts = topic.split('/').filter((p) => p.length > 0);
  return parts.length > 0 ? parts[parts.length - 1]! : '';
}

/**
 * @example
 * inferPublisherQos('/map', 'nav_msgs/msg/OccupancyGrid').qos.durability // 'transient_local'
 * inferPublisherQos('/chatter', 'std_msgs/msg/String').source             // 'unknown'
 */
export function inferPublisherQos(topic: string, type: string): InferredQos {
  const segment = lastSegment(topic);
  const byName = nameConventions.find((c) => c.lastSegment === segment && c.types.includes(type));
  if (byName) return { qos: { ...byName.qos }, source: 'inferred', reason: byName.reason };
  const byType = typeConventions.find((c) => c.type === type);
  if (byType) return { qos: { ...byType.qos }, source: 'inferred', reason: byType.reason };
  return { qos: { ...unknownQos }, source: 'unknown' };
}

/** A publisher endpoint whose QoS is inferred from conventions (or unknown). */
export function inferredPublisher(node: string, topic: string, type: string): Endpoint {
  const inferred = inferPublisherQos(topic, type);
  return inferred.reason === undefined
    ? { node, qos: inferred.qos, source: inferred.source }
    : { node, qos: inferred.qos, source: inferred.source, reason: inferred.reason };
}

/** Subscribers' QoS is not a convention (each subscriber chooses its own): unknown unless reported. */
export function unknownEndpoint(node: string): Endpoint {
  return { node, qos: { ...unknownQos }, source: 'unknown' };
}
