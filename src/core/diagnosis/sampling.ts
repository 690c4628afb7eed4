/**
 * What to watch during a sampling window so NO_DATA, CLOCK_SKEW and message frames can be judged, and how to read a
 * message's header. Chosen: every topic an enabled display shows, plus topics that should stream (sensor messages,
 * odometry, anything published Best Effort) unless their messages are big (images, point clouds: only when displayed);
 * event topics (cmd_vel, goals, plans on demand) are left out, because silence is normal for them. TF is watched by
 * the link itself.
 */
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import type { DocumentFacts } from './display-topics.ts';

export interface SamplingOptions {
  /** At most this many topics are watched (display topics first). */
  maxTopics: number;
}

export const defaultSamplingOptions: Readonly<SamplingOptions> = Object.freeze({ maxTopics: 64 });

const notSampled = new Set(['/tf', '/tf_static', '/rosout', '/parameter_events', '/rviz_companion/qos',
  '/rviz_companion/rviz_config', '/rviz_companion/rviz_config_current']);

/** Big messages (megabytes as rosbridge JSON): watched only when a display shows them anyway. */
const heavyTypes = new Set(['sensor_msgs/msg/Image', 'sensor_msgs/msg/CompressedImage', 'sensor_msgs/msg/PointCloud2',
  'sensor_msgs/msg/PointCloud', 'sensor_msgs/msg/LaserEcho']);

export function isHeavyType(type: string): boolean {
  return heavyTypes.has(type);
}

/** True for topics whose silence means something is wrong. */
export function expectsStream(topic: TopicInfo): boolean {
  if (topic.type.startsWith('sensor_msgs/msg/') || topic.type === 'nav_msgs/msg/Odometry') return true;
  return topic.publishers.length > 0 && topic.publishers.every((p) => p.source !== 'unknown' && p.qos.reliability === 'best_effort');
}

/**
 * @example
 * link.sampleRates(topicsToSample(snapshot, documentFacts(doc, catalog)));
 */
export function topicsToSample(snapshot: GraphSnapshot, facts?: DocumentFacts, options: Partial<SamplingOptions> = {}): { name: string; type: string }[] {
  const { maxTopics } = { ...defaultSamplingOptions, ...options };
  const byName = new Map(snapshot.topics.map((t) => [t.name, t]));
  const chosen = new Map<string, string>();
  const take = (t: TopicInfo | undefined): void => {
    if (!t || chosen.size >= maxTopics || chosen.has(t.name) || notSampled.has(t.name) || t.type === '' || t.publishers.length === 0) return;
    chosen.set(t.name, t.type);
  };
  for (const s of facts?.subscriptions ?? []) take(byName.get(s.topic));
  for (const t of snapshot.topics) if (expectsStream(t) && !isHeavyType(t.type)) take(t);
  return [...chosen].map(([name, type]) => ({ name, type }));
}

/** header.stamp (seconds) and header.frame_id of a message, when it has a header; undefined otherwise. */
export function headerOf(message: unknown): { stampSec: number; frameId?: string } | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const header = (message as { header?: unknown }).header;
  if (!header || typeof header !== 'object') return undefined;
  const h = header as { stamp?: unknown; frame_id?: unknown };
  if (!h.stamp || typeof h.stamp !== 'object') return undefined;
  const s = h.stamp as { sec?: unknown; nanosec?: unknown; secs?: unknown; nsecs?: unknown };
  const sec = typeof s.sec === 'number' ? s.sec : typeof s.secs === 'number' ? s.secs : undefined;
  if (sec === undefined) return undefined;
  const ns = typeof s.nanosec === 'number' ? s.nanosec : typeof s.nsecs === 'number' ? s.nsecs : 0;
  const out: { stampSec: number; frameId?: string } = { stampSec: sec + ns / 1e9 };
  if (typeof h.frame_id === 'string') out.frameId = h.frame_id;
  return out;
}
