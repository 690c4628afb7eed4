// QoS presets (rmw, tf2, robot_state_publisher conventions; reference §5) and how a scenario's QoS is resolved.
import type { QosPreset, QosProfile } from './types.ts';

export const QOS_PRESETS: Readonly<Record<QosPreset, QosProfile>> = {
  default: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 },
  sensor_data: { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 },
  latched: { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 },
  tf: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 100 },
  tf_static: { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 },
  services_default: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 },
};

/** A preset name, a partial profile laid over `default`, or (omitted) the fallback. */
export function resolveQos(qos: QosPreset | Partial<QosProfile> | undefined, fallback: QosProfile): QosProfile {
  if (qos === undefined) return { ...fallback };
  if (typeof qos === 'string') return { ...QOS_PRESETS[qos] };
  return { ...QOS_PRESETS.default, ...qos };
}

/**
 * The QoS rosbridge (≥ 2.3.0 / Humble 2.0.1) gives its own subscription: transient local + reliable when every
 * publisher is transient local, best effort when any is best effort or otherwise (reference §1.3).
 */
export function rosbridgeSubscriptionQos(publishers: readonly QosProfile[]): QosProfile {
  const latched = publishers.length > 0 && publishers.every((q) => q.durability === 'transient_local');
  return latched
    ? { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 10 }
    : { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 10 };
}

/** rosbridge publishes client messages transient local, reliable, depth = queue_size (1 when latched) (reference §1.4). */
export function rosbridgePublisherQos(latch: boolean, queueSize: number): QosProfile {
  return { reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: latch ? 1 : Math.max(1, queueSize) };
}
