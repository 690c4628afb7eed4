/**
 * RViz's two ways to add a display: by display type (the catalog's types with their summaries) and by topic (live
 * topics grouped by namespace, each with the display types that accept it, most specific first).
 */
import type { Catalog } from '../catalog/index.ts';
import type { PlanContext } from '../planner/types.ts';
import { publisherChips, type QosChip } from './qos-verdict.ts';

export interface TypeChoice {
  classId: string;
  name: string;
  summary: string;
  /** Message types it shows; empty for displays without a topic (Grid, Axes, Group). */
  messageTypes: string[];
}

export interface TopicChoice {
  name: string;
  type: string;
  chips: QosChip[];
  /** Display types that accept the topic's type, most specific first. */
  types: { classId: string; name: string }[];
}

export interface NamespaceGroup {
  /** `/` for top-level topics, else `/camera/depth`. */
  namespace: string;
  topics: TopicChoice[];
}

export function typeChoices(catalog: Catalog): TypeChoice[] {
  return catalog.displays
    .map((d) => ({ classId: d.classId, name: d.name, summary: d.summary, messageTypes: [...d.messageTypes] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function namespaceOf(topic: string): string {
  const at = topic.lastIndexOf('/');
  return at <= 0 ? '/' : topic.slice(0, at);
}

/** Live topics some display type can show, grouped by namespace (groups and topics sorted by name). */
export function topicChoices(ctx: PlanContext): NamespaceGroup[] {
  const groups = new Map<string, TopicChoice[]>();
  for (const t of ctx.topics) {
    const types = ctx.catalog.forMessageType(t.type).map((d) => ({ classId: d.classId, name: d.name }));
    if (types.length === 0) continue;
    const ns = namespaceOf(t.name);
    const list = groups.get(ns) ?? [];
    list.push({ name: t.name, type: t.type, chips: publisherChips(t), types });
    groups.set(ns, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([namespace, topics]) => ({ namespace, topics: topics.sort((a, b) => a.name.localeCompare(b.name)) }));
}
