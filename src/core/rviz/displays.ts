/**
 * The display tree of a document: displays in `Visualization Manager/Displays`, groups
 * (`rviz_common/Group`) nesting their own `Displays:` lists, loose name matching, unique names.
 */
import { isMap, isScalar, isSeq, type Pair, type YAMLMap } from 'yaml';
import type { RvizDocument } from './document.ts';
import { topicPropertiesOf, type DisplayTypeLookup } from './lookup.ts';
import { findPair, keyText } from './yaml-edit.ts';

export const GROUP_CLASS = 'rviz_common/Group';
export const VM = 'Visualization Manager';

/** A display's place in the AST; valid only for the document it came from. */
export interface DisplayRef {
  /** `Visualization Manager/Displays/3/Displays/0` */
  path: string;
  /** Indices down the groups: [3, 0]. */
  indexPath: number[];
  node: YAMLMap;
  /** The `Displays:` pair whose list holds it. */
  listPair: Pair;
  /** True when that list's owner map is written in flow style. */
  listOwnerFlow: boolean;
  /** Names of the enclosing groups, outermost first. */
  groupPath: string[];
}

export interface DisplayTopic {
  property: string;
  value: string;
}

export interface DisplayInfo {
  path: string;
  indexPath: number[];
  groupPath: string[];
  depth: number;
  classId: string;
  name: string;
  enabled: boolean;
  isGroup: boolean;
  topics: DisplayTopic[];
  /** The display's own keys as plain data (nested maps as objects). */
  properties: Record<string, unknown>;
}

export function vmMap(doc: RvizDocument): YAMLMap {
  const root = doc.yaml.contents as YAMLMap;
  return root.get(VM, true) as unknown as YAMLMap;
}

export function scalarString(map: YAMLMap, key: string): string | undefined {
  const v = map.get(key, true);
  if (isScalar(v)) return v.value === null || v.value === undefined ? '' : String(v.value);
  return undefined;
}

/** Every display, depth first, groups before their children. */
export function displayRefs(doc: RvizDocument): DisplayRef[] {
  const out: DisplayRef[] = [];
  const walk = (owner: YAMLMap, prefix: string, indexPath: number[], groupPath: string[]): void => {
    const pair = findPair(owner, 'Displays');
    if (!pair || !isSeq(pair.value)) return;
    pair.value.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const path = `${prefix}/Displays/${i}`;
      const ref: DisplayRef = { path, indexPath: [...indexPath, i], node: item, listPair: pair, listOwnerFlow: Boolean(owner.flow), groupPath };
      out.push(ref);
      // Groups (rviz_common/Group, ROS 1 rviz/Group) hold their own `Displays:` list.
      if (isSeq(findPair(item, 'Displays')?.value)) walk(item, path, ref.indexPath, [...groupPath, scalarString(item, 'Name') ?? '']);
    });
  };
  walk(vmMap(doc), VM, [], []);
  return out;
}

export function displayName(ref: DisplayRef): string {
  return scalarString(ref.node, 'Name') ?? '';
}

export function displayClass(ref: DisplayRef): string {
  return scalarString(ref.node, 'Class') ?? '';
}

/** The value a property shows: a scalar, or a map's `Value`. */
export function propertyValueOf(node: unknown): unknown {
  if (isScalar(node)) return node.value;
  if (isMap(node)) {
    const v = node.get('Value', true);
    return isScalar(v) ? v.value : undefined;
  }
  return undefined;
}

export function displayInfo(ref: DisplayRef, lookup?: DisplayTypeLookup): DisplayInfo {
  const classId = displayClass(ref);
  const keys = ref.node.items.map(keyText);
  const topics: DisplayTopic[] = [];
  for (const property of topicPropertiesOf(lookup?.byClass(classId), keys)) {
    const value = propertyValueOf(ref.node.get(property, true));
    if (value !== undefined && value !== null) topics.push({ property, value: String(value) });
  }
  const enabled = ref.node.get('Enabled');
  return {
    path: ref.path,
    indexPath: ref.indexPath,
    groupPath: ref.groupPath,
    depth: ref.groupPath.length,
    classId,
    name: displayName(ref),
    enabled: enabled === true || enabled === 'true',
    isGroup: classId === GROUP_CLASS || classId === 'rviz/Group',
    topics,
    properties: ref.node.toJSON() as Record<string, unknown>,
  };
}

/** The display tree flattened, with group paths. */
export function listDisplays(doc: RvizDocument, lookup?: DisplayTypeLookup): DisplayInfo[] {
  return displayRefs(doc).map((r) => displayInfo(r, lookup));
}

/** The key display names are matched by: case, space, underscore and dash insensitive (`laser_scan` = `LaserScan`). */
export function looseDisplayName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

export type FindResult = { ok: true; ref: DisplayRef } | { ok: false; reason: string };

function describe(refs: DisplayRef[]): string {
  return refs.map((r) => `"${displayName(r)}" at ${r.path}`).join(', ');
}

/**
 * Find a display by name (exact match wins; then loose) or by its path
 * (`Visualization Manager/Displays/3`). Ambiguity is an error naming the candidates.
 */
export function findDisplay(doc: RvizDocument, query: string): FindResult {
  const refs = displayRefs(doc);
  const q = query.trim();
  if (q === '') return { ok: false, reason: 'rviz: no display named (the "display" field is empty)' };
  if (q.startsWith(`${VM}/Displays/`)) {
    const ref = refs.find((r) => r.path === q);
    return ref ? { ok: true, ref } : { ok: false, reason: `rviz: no display at path "${q}"` };
  }
  const exact = refs.filter((r) => displayName(r) === q);
  if (exact.length === 1) return { ok: true, ref: exact[0]! };
  if (exact.length > 1) return { ok: false, reason: `rviz: display name "${q}" is ambiguous: ${describe(exact)}; name it by path` };
  const key = looseDisplayName(q);
  const loose = refs.filter((r) => looseDisplayName(displayName(r)) === key);
  if (loose.length === 1) return { ok: true, ref: loose[0]! };
  if (loose.length > 1) return { ok: false, reason: `rviz: display name "${q}" is ambiguous: ${describe(loose)}` };
  const names = refs.map(displayName);
  return { ok: false, reason: `rviz: display "${q}" not found (displays: ${names.length ? names.join(', ') : 'none'})` };
}

/** `base` if no display has it (loosely), else `base (2)`, `base (3)`, … */
export function uniqueDisplayName(doc: RvizDocument, base: string): string {
  const taken = new Set(displayRefs(doc).map((r) => looseDisplayName(displayName(r))));
  if (!taken.has(looseDisplayName(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(looseDisplayName(candidate))) return candidate;
  }
}

/** `Visualization Manager/Global Options` as plain data (`Fixed Frame`, `Background Color`, `Frame Rate`…). */
export function globalOptions(doc: RvizDocument): Record<string, unknown> {
  const go = vmMap(doc).get('Global Options', true);
  return isMap(go) ? (go.toJSON() as Record<string, unknown>) : {};
}

/** The fixed frame, or undefined when the file sets none (RViz2 then uses `base_link`). */
export function fixedFrame(doc: RvizDocument): string | undefined {
  const f = globalOptions(doc)['Fixed Frame'];
  return f === undefined || f === null || String(f) === '' ? undefined : String(f);
}
