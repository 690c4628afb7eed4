/**
 * Topic facts the planner checks against: which live topics a display type can show, whether one is publishing, and the
 * topic to use when a proposal names none.
 */
import { derivedTopicsFor, type DisplayTypeSpec } from '../catalog/index.ts';
import { singular, tokenize } from '../catalog/text.ts';
import type { TopicInfo } from '../graph/types.ts';
import type { PlanContext } from './types.ts';

/** ROS 2 topic names: `/a/b`, `a/b`, `~/a`; tokens start with a letter or `_`. */
const TOPIC_NAME = /^(~\/|\/)?[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*$/;

export function isTopicName(name: string): boolean {
  return TOPIC_NAME.test(name);
}

/** Relative names resolve against the root namespace, as RViz's own node does. */
export function absoluteTopic(name: string): string {
  const t = name.trim();
  return t.startsWith('/') || t.startsWith('~') ? t : `/${t}`;
}

const byType = new WeakMap<PlanContext, Map<string, TopicInfo[]>>();

/** Live topics whose type the display accepts, sorted by name (indexed once per context: big graphs have 1,000 topics). */
export function topicsForSpec(ctx: PlanContext, spec: DisplayTypeSpec): TopicInfo[] {
  if (spec.messageTypes.length === 0) return [];
  let index = byType.get(ctx);
  if (!index) {
    index = new Map();
    for (const t of ctx.topics) {
      const list = index.get(t.type);
      if (list) list.push(t);
      else index.set(t.type, [t]);
    }
    byType.set(ctx, index);
  }
  if (spec.messageTypes.length === 1) return index.get(spec.messageTypes[0]!) ?? [];
  return spec.messageTypes.flatMap((m) => index!.get(m) ?? []).sort((a, b) => a.name.localeCompare(b.name));
}

export function isPublishing(topic: TopicInfo | undefined): boolean {
  return topic !== undefined && topic.publishers.length > 0;
}

/** Whether a display class reads this topic property with its message types (the main one; others carry other types). */
export function checksType(spec: DisplayTypeSpec, property: string): boolean {
  return spec.messageTypes.length > 0 && spec.topicProperties[0] === property;
}

export type TopicCheck = { ok: true; note?: string } | { ok: false; reason: string };

/** A topic named for a display: refused when it is live with a type the display cannot show; noted when silent. */
export function checkTopicFor(ctx: PlanContext, spec: DisplayTypeSpec | undefined, property: string, name: string): TopicCheck {
  if (!isTopicName(name)) return { ok: false, reason: `"${name}" is not a valid ROS topic name` };
  const topic = ctx.topicByName.get(absoluteTopic(name));
  if (spec && topic && checksType(spec, property) && !spec.messageTypes.includes(topic.type)) {
    return { ok: false, reason: `topic ${topic.name} carries ${topic.type}; ${spec.name} displays accept ${spec.messageTypes.join(' or ')}` };
  }
  if (!ctx.snapshot) return { ok: true };
  if (!topic) return { ok: true, note: `${absoluteTopic(name)} is not publishing yet (no such topic on the robot now)` };
  if (!isPublishing(topic)) return { ok: true, note: `${topic.name} is not publishing yet (no publisher)` };
  return { ok: true };
}

/**
 * The topic for a new display when none was named: the single live topic of its type; among several, the conventional
 * one if live, else the first (noted); with none live, the conventional default.
 */
export function defaultTopicFor(ctx: PlanContext, spec: DisplayTypeSpec): { topic: string; note?: string } | undefined {
  const live = topicsForSpec(ctx, spec);
  const publishing = live.filter(isPublishing);
  const pool = publishing.length > 0 ? publishing : live;
  if (pool.length === 1) return { topic: pool[0]!.name };
  if (pool.length > 1) {
    const conventional = pool.find((t) => t.name === spec.conventionalTopic);
    if (conventional) return { topic: conventional.name };
    return { topic: pool[0]!.name, note: `several topics carry ${spec.messageTypes.join('/')}: ${pool.map((t) => t.name).join(', ')}; picked ${pool[0]!.name}` };
  }
  if (spec.conventionalTopic) return { topic: spec.conventionalTopic };
  return undefined;
}

/** Words of a topic name: `/local_costmap/costmap` → local, costmap, costmap (singular). */
export function topicWords(name: string): string[] {
  return tokenize(name).flatMap((t) => t.split('_')).map(singular);
}

/**
 * A phrase that fits no live topic of the type it names, but fits a live topic of a type one of its words names, means
 * that other type: "the depth cloud" on a robot whose depth data is /camera/depth/points (PointCloud2), not a DepthCloud
 * of some RGB image.
 */
export function fittingType(ctx: PlanContext, spec: DisplayTypeSpec, phrase: string): DisplayTypeSpec {
  const words = tokenize(phrase).map(singular);
  const fits = (s: DisplayTypeSpec): boolean => topicsForSpec(ctx, s).some((t) => { const tw = topicWords(t.name); return words.some((w) => tw.includes(w)); });
  if (fits(spec)) return spec;
  for (const w of tokenize(phrase)) {
    for (const other of ctx.catalog.typesForWords(w)) if (other !== spec && fits(other)) return other;
  }
  return spec;
}

/**
 * The type that can draw a topic the robot publishes: a type that needs a topic beside it which the robot does not
 * publish (a Camera with no camera_info next to its image) gives way to the one type of that message that needs none
 * (an Image display), with the topic it lacks. Otherwise the type itself.
 */
export function drawableType(ctx: PlanContext, spec: DisplayTypeSpec, topic: string): { spec: DisplayTypeSpec; lacks?: string } {
  const info = ctx.topicByName.get(topic);
  const property = spec.topicProperties[0];
  if (!info || !property) return { spec };
  const missing = derivedTopicsFor(spec, { [property]: topic }).find((d) => d.required && !ctx.topicByName.has(d.topic));
  if (!missing) return { spec };
  const others = ctx.catalog.forMessageType(info.type).filter((s) => s !== spec && !(s.derivedTopics ?? []).some((d) => d.required));
  return others.length === 1 ? { spec: others[0]!, lacks: missing.topic } : { spec };
}
