/**
 * Type retrieval slims the prompt: the display types a request talks about (catalog words in it and in the last two
 * requests), the types of topics it names, the displays it names, and displays with a warning or error finding.
 * Nothing selected means the model needs the full catalog.
 */
import type { DisplayTypeSpec } from '../catalog/index.ts';
import { tokenize } from '../catalog/text.ts';
import { looseDisplayName } from '../rviz/displays.ts';
import { fittingType } from './topics.ts';
import type { DisplayInfo } from '../rviz/displays.ts';
import type { TopicInfo } from '../graph/types.ts';
import type { PlanContext, PlannerTurn } from './types.ts';

export interface Selection {
  types: DisplayTypeSpec[];
  /** Live topics of the selected types. */
  topics: TopicInfo[];
  /** Displays of the selected types, or named, or with findings: described with their full settings. */
  displays: DisplayInfo[];
  /** Why each type was selected, for tests and the bench. */
  why: Record<string, string[]>;
}

/** Topic names written in a text: `/scan`, `/robot1/scan`, or a bare relative name that is a live topic. */
export function topicsNamed(ctx: PlanContext, text: string): TopicInfo[] {
  const out = new Map<string, TopicInfo>();
  for (const m of text.matchAll(/(?:^|[\s'"`(,:])(\/[A-Za-z_][A-Za-z0-9_/]*[A-Za-z0-9_])/g)) {
    const t = ctx.topicByName.get(m[1]!);
    if (t) out.set(t.name, t);
  }
  for (const m of text.matchAll(/\b([a-z_][a-z0-9_]*(?:\/[a-z_][a-z0-9_]*)+)\b/gi)) {
    const t = ctx.topicByName.get(`/${m[1]!}`);
    if (t) out.set(t.name, t);
  }
  return [...out.values()];
}

/** Displays whose name appears in a text (loosely: case, spaces, `_` and `-` ignored). */
export function displaysNamed(ctx: PlanContext, text: string): DisplayInfo[] {
  const hay = looseDisplayName(text);
  return ctx.displays.filter((d) => {
    const key = looseDisplayName(d.name);
    // "the waypoint markers" names "Waypoints" too.
    return key.length >= 3 && (hay.includes(key) || (key.endsWith('s') && key.length >= 4 && hay.includes(key.slice(0, -1))));
  });
}

export function selectTypes(ctx: PlanContext, request: string, history: readonly PlannerTurn[]): Selection {
  const tokens = ` ${tokenize(request).join(' ')} `;
  const prepared = { has: (w: string): boolean => tokens.includes(` ${tokenize(w).join(' ')} `) };
  const chosen = new Map<string, DisplayTypeSpec>();
  const why: Record<string, string[]> = {};
  const pick = (spec: DisplayTypeSpec | undefined, reason: string): void => {
    if (!spec) return;
    chosen.set(spec.classId, spec);
    (why[spec.name] ??= []).push(reason);
  };
  for (const s of ctx.catalog.typesForWords(request)) {
    pick(s, 'words in the request');
    // "the depth cloud" on a robot whose depth data is a PointCloud2 topic: describe that type too.
    const words = s.words.filter((w) => prepared.has(w));
    for (const w of words) { const alt = fittingType(ctx, s, w); if (alt !== s) pick(alt, `"${w}" fits its live topics`); }
  }
  for (const turn of history.slice(-2)) for (const s of ctx.catalog.typesForWords(turn.request)) pick(s, 'words in an earlier request');
  for (const t of topicsNamed(ctx, request)) pick(ctx.catalog.forMessageType(t.type)[0], `topic ${t.name} named`);
  const named = displaysNamed(ctx, request);
  for (const d of named) pick(ctx.catalog.byClass(d.classId), `display "${d.name}" named`);
  const flagged = new Set<string>();
  for (const f of ctx.findings) {
    if (f.severity === 'info') continue;
    const name = f.subject.display ?? (f.subject.kind === 'display' ? f.subject.name : undefined);
    const d = name ? ctx.displays.find((x) => x.name === name) : undefined;
    if (d) { flagged.add(d.path); pick(ctx.catalog.byClass(d.classId), `finding ${f.code} on "${d.name}"`); }
  }
  const types = [...chosen.values()];
  const classIds = new Set(types.map((t) => t.classId));
  const messageTypes = new Set(types.flatMap((t) => t.messageTypes));
  const namedPaths = new Set(named.map((d) => d.path));
  return {
    types,
    topics: ctx.topics.filter((t) => messageTypes.has(t.type)),
    displays: ctx.displays.filter((d) => classIds.has(d.classId) || namedPaths.has(d.path) || flagged.has(d.path)),
    why,
  };
}
