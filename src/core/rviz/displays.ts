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

/** The displays directly in the top-level list (`parent` undefined) or in one group's `Displays:` list. */
export function childrenOf(refs: readonly DisplayRef[], parent: DisplayRef | undefined): DisplayRef[] {
  const prefix = `${parent ? parent.path : VM}/Displays/`;
  return refs.filter((r) => r.path.startsWith(prefix) && /^\d+$/.test(r.path.slice(prefix.length)));
}

/** A group: RViz2's or ROS 1's Group class, or any display holding its own `Displays:` list. */
export function isGroupRef(ref: DisplayRef): boolean {
  const c = displayClass(ref);
  return c === GROUP_CLASS || c === 'rviz/Group' || isSeq(findPair(ref.node, 'Displays')?.value);
}

const PATH_PREFIX = `${VM}/Displays/`;

/** True for a display path (`Visualization Manager/Displays/…`) rather than a plain name. */
export function isDisplayPath(query: string): boolean {
  return query.trim().startsWith(PATH_PREFIX);
}

/** A display path's segments after `Visualization Manager/Displays/`; the last one names the display. */
export function displayPathSegments(query: string): string[] {
  return query.trim().slice(PATH_PREFIX.length).split('/').map((s) => s.trim());
}

export type GroupWalk = { ok: true; parent?: DisplayRef; where: string } | { ok: false; reason: string };

function where(parent: DisplayRef | undefined): string {
  return parent ? `group "${[...parent.groupPath, displayName(parent)].join('/')}"` : 'the top level';
}

/**
 * Follows group segments from the top level: each is a group's name (exact, then loose) or its index in the list;
 * a `Displays` after an index is skipped, so `3/Displays/0` (the index path) and `robot1/sensors` both work.
 */
export function walkGroups(refs: readonly DisplayRef[], segments: readonly string[]): GroupWalk {
  let parent: DisplayRef | undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const here = childrenOf(refs, parent);
    const groups = here.filter(isGroupRef);
    if (seg === 'Displays' && i > 0 && /^\d+$/.test(segments[i - 1]!) && !groups.some((g) => displayName(g) === seg)) continue;
    let next: DisplayRef | undefined;
    if (/^\d+$/.test(seg)) {
      next = here.find((r) => r.indexPath[r.indexPath.length - 1] === Number(seg));
      if (!next) return { ok: false, reason: `no display at index ${seg} in ${where(parent)}` };
      if (!isGroupRef(next)) return { ok: false, reason: `"${displayName(next)}" (${displayClass(next)}) at ${next.path} is not a group` };
    } else {
      const exact = groups.filter((g) => displayName(g) === seg);
      const found = exact.length > 0 ? exact : groups.filter((g) => looseDisplayName(displayName(g)) === looseDisplayName(seg));
      if (found.length > 1) return { ok: false, reason: `group name "${seg}" in ${where(parent)} is ambiguous: ${describe(found)}; name it by index` };
      next = found[0];
      if (!next) {
        const other = here.find((r) => looseDisplayName(displayName(r)) === looseDisplayName(seg));
        if (other) return { ok: false, reason: `"${displayName(other)}" in ${where(parent)} is a ${displayClass(other) || 'display'}, not a group` };
        const names = groups.map(displayName);
        return { ok: false, reason: `no group "${seg}" in ${where(parent)} (groups there: ${names.length ? names.join(', ') : 'none'})` };
      }
    }
    parent = next;
  }
  return { ok: true, parent, where: where(parent) };
}

/** A display by name among `refs` (exact wins, then loose); ambiguity and absence are reasons. */
function byName(refs: readonly DisplayRef[], q: string, scope: string): FindResult {
  const exact = refs.filter((r) => displayName(r) === q);
  if (exact.length === 1) return { ok: true, ref: exact[0]! };
  if (exact.length > 1) return { ok: false, reason: `rviz: display name "${q}" is ambiguous${scope}: ${describe(exact)}; name it by path` };
  const key = looseDisplayName(q);
  const loose = refs.filter((r) => looseDisplayName(displayName(r)) === key);
  if (loose.length === 1) return { ok: true, ref: loose[0]! };
  if (loose.length > 1) return { ok: false, reason: `rviz: display name "${q}" is ambiguous${scope}: ${describe(loose)}` };
  const names = refs.map(displayName);
  return { ok: false, reason: `rviz: display "${q}" not found${scope} (displays${scope ? ' there' : ''}: ${names.length ? names.join(', ') : 'none'})` };
}

/**
 * Find a display by name (exact match wins; then loose) or by its path: the index path
 * (`Visualization Manager/Displays/3/Displays/0`) or the group names down to it (`Visualization Manager/Displays/robot1/Scan`;
 * names need only be unique within their group). Ambiguity is an error naming the candidates.
 */
export function findDisplay(doc: RvizDocument, query: string): FindResult {
  const refs = displayRefs(doc);
  const q = query.trim();
  if (q === '') return { ok: false, reason: 'rviz: no display named (the "display" field is empty)' };
  if (isDisplayPath(q)) {
    const ref = refs.find((r) => r.path === q);
    if (ref) return { ok: true, ref };
    const segs = displayPathSegments(q);
    const name = segs[segs.length - 1]!;
    if (segs.every((s) => /^\d+$/.test(s) || s === 'Displays')) return { ok: false, reason: `rviz: no display at path "${q}"` };
    const walk = walkGroups(refs, segs.slice(0, -1));
    if (!walk.ok) return { ok: false, reason: `rviz: no display at path "${q}": ${walk.reason}` };
    return byName(childrenOf(refs, walk.parent), name, ` in ${walk.where}`);
  }
  return byName(refs, q, '');
}

export type AddTarget = { ok: true; parent?: DisplayRef; name: string; scoped: boolean } | { ok: false; reason: string };

/**
 * Where add_display puts a display named `query`: a plain name goes to the top level (unique in the whole document, so
 * the name alone finds it); a path `Visualization Manager/Displays/<group>/…/<new name>` goes into that existing group
 * (groups by name or index, as findDisplay reads them), its name unique only within the group, as RViz allows.
 */
export function addTarget(doc: RvizDocument, query: string): AddTarget {
  const q = query.trim();
  if (!isDisplayPath(q)) return { ok: true, name: q, scoped: false };
  const segs = displayPathSegments(q);
  const name = segs[segs.length - 1]!;
  if (name === '' || /^\d+$/.test(name)) return { ok: false, reason: `the path "${q}" must end with the new display's name` };
  const walk = walkGroups(displayRefs(doc), segs.slice(0, -1));
  if (!walk.ok) return { ok: false, reason: walk.reason };
  return { ok: true, parent: walk.parent, name, scoped: true };
}

/** `base` if no display has it (loosely), else `base (2)`, `base (3)`, …; `among` limits the names that count. */
export function uniqueDisplayName(doc: RvizDocument, base: string, among: readonly DisplayRef[] = displayRefs(doc)): string {
  const taken = new Set(among.map((r) => looseDisplayName(displayName(r))));
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
