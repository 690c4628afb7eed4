/**
 * Gathers what a request is planned against: the document's displays and fixed frame, the robot's topics and TF frames,
 * the diagnosed findings, and the robots' namespaces. Built once per request; every later stage reads it.
 */
import { catalog as defaultCatalog, type Catalog } from '../catalog/index.ts';
import type { Finding } from '../diagnosis/types.ts';
import { analyzeTf } from '../graph/tf-tree.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import { listDisplays, vmMap } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';
import { readProperty } from '../rviz/properties.ts';
import type { PlanContext } from './types.ts';

export interface ContextInput {
  document: RvizDocument;
  snapshot?: GraphSnapshot;
  findings?: readonly Finding[];
  catalog?: Catalog;
}

/** Sibling namespaces share at least this many relative topic names (`/robot1/scan` and `/robot2/scan`, …). */
const SIBLING_SHARED_TOPICS = 3;

/** Top-level namespaces that mirror one another (several robots), sorted. */
export function robotNamespaces(topics: readonly TopicInfo[]): string[] {
  const byNs = new Map<string, Set<string>>();
  for (const t of topics) {
    const m = /^\/([^/]+)\/(.+)$/.exec(t.name);
    if (!m) continue;
    const set = byNs.get(m[1]!) ?? new Set<string>();
    set.add(m[2]!);
    byNs.set(m[1]!, set);
  }
  const names = [...byNs.keys()];
  const out = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = byNs.get(names[i]!)!;
      const b = byNs.get(names[j]!)!;
      let shared = 0;
      for (const s of a) if (b.has(s)) shared++;
      if (shared >= SIBLING_SHARED_TOPICS) { out.add(names[i]!); out.add(names[j]!); }
    }
  }
  return [...out].sort();
}

export function fixedFrameOf(doc: RvizDocument): string {
  const read = readProperty(vmMap(doc), 'Global Options/Fixed Frame', 'Visualization Manager');
  return read.ok && read.value !== null && read.value !== undefined ? String(read.value) : '';
}

export function buildContext(input: ContextInput): PlanContext {
  const cat = input.catalog ?? defaultCatalog;
  const snapshot = input.snapshot;
  const topics = snapshot?.topics ?? [];
  const tf = snapshot && snapshot.tf.length > 0 ? analyzeTf(snapshot.tf, snapshot.takenAt) : undefined;
  return {
    document: input.document,
    displays: listDisplays(input.document, cat),
    fixedFrame: fixedFrameOf(input.document),
    topics,
    topicByName: new Map(topics.map((t) => [t.name, t])),
    frames: tf ? tf.frames.map((f) => f.name) : [],
    tf,
    findings: input.findings ?? [],
    snapshot,
    catalog: cat,
    namespaces: namespacesOf(topics),
  };
}

const namespacesByGraph = new WeakMap<readonly TopicInfo[], string[]>();

/** The robot namespaces of a graph's topics, once per graph: they are the same for every request planned on it. */
function namespacesOf(topics: readonly TopicInfo[]): string[] {
  let ns = namespacesByGraph.get(topics);
  if (!ns) { ns = robotNamespaces(topics); namespacesByGraph.set(topics, ns); }
  return [...ns];
}
