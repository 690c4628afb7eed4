/**
 * The displays as a plan would leave them, tracked action by action without touching the document: which exist
 * (existing, added, renamed, removed), their class, topic, enabled state and the property values the plan sets.
 * validate() and complete() use it to judge each action against the state the earlier actions produce.
 */
import type { DisplayTypeSpec } from '../catalog/index.ts';
import { displayPathSegments, GROUP_CLASS, isDisplayPath, looseDisplayName, VM } from '../rviz/displays.ts';
import type { PlanContext } from './types.ts';

export interface VirtualDisplay {
  /** Stable id within one planning run. */
  id: number;
  name: string;
  classId: string;
  spec?: DisplayTypeSpec;
  /** The document's own keys as data; undefined for a display added by the plan. */
  docProps?: Record<string, unknown>;
  /** Values set by this plan, by canonical property path. */
  planProps: Map<string, string>;
  /** Topic per topic property, after the plan's changes. */
  topics: Map<string, string>;
  enabled: boolean;
  added: boolean;
  removed: boolean;
  /** The name the proposer asked for when adding (before it was made unique). */
  requestedName?: string;
  /** `Visualization Manager/Displays/3` for an existing display. */
  path?: string;
  /** Names of the enclosing groups, outermost first, as they were when the display was read or added. */
  groupPath: string[];
  /** The group it sits in (undefined at the top level). */
  parent?: VirtualDisplay;
}

/** Where a display goes: into `parent` (undefined: the top level) with its name unique among its siblings only. */
export interface Placement { parent?: VirtualDisplay }

export type PlaceResult = { ok: true; name: string; place?: Placement } | { ok: false; reason: string };

type GroupWalk = { ok: true; parent?: VirtualDisplay; where: string } | { ok: false; reason: string };

export function isVirtualGroup(d: VirtualDisplay): boolean {
  return d.classId === GROUP_CLASS || d.classId === 'rviz/Group' || Array.isArray(d.docProps?.Displays);
}

const INDEX = /^\d+$/;

export type FindVirtual = { ok: true; display: VirtualDisplay } | { ok: false; reason: string };

export class PlanState {
  public readonly displays: VirtualDisplay[] = [];
  public fixedFrame: string;
  private nextId = 0;

  public constructor(public readonly context: PlanContext) {
    this.fixedFrame = context.fixedFrame;
    const byPath = new Map<string, VirtualDisplay>();
    for (const d of context.displays) {
      const spec = context.catalog.byClass(d.classId);
      const v: VirtualDisplay = {
        id: this.nextId++, name: d.name, classId: d.classId, spec, docProps: d.properties, planProps: new Map(),
        topics: new Map(d.topics.map((t) => [t.property, t.value])), enabled: d.enabled, added: false, removed: false,
        path: d.path, groupPath: d.groupPath, parent: byPath.get(d.path.replace(/\/Displays\/\d+$/, '')),
      };
      byPath.set(d.path, v);
      this.displays.push(v);
    }
  }

  /** Displays not removed by the plan, nor inside a removed group. */
  public live(): VirtualDisplay[] {
    const gone = (d: VirtualDisplay): boolean => d.removed || (d.parent !== undefined && gone(d.parent));
    return this.displays.filter((d) => !gone(d));
  }

  /** The live displays directly in a group (undefined: the top level). */
  public children(parent: VirtualDisplay | undefined): VirtualDisplay[] {
    return this.live().filter((d) => d.parent === parent);
  }

  /**
   * A name no live display has (loosely): `base`, else `base (2)`, `base (3)`… as the document model would pick; among
   * `scope` only when given (a display added into a group by path is unique within its group).
   */
  public uniqueName(base: string, scope: readonly VirtualDisplay[] = this.live()): string {
    const taken = new Set(scope.map((d) => looseDisplayName(d.name)));
    if (!taken.has(looseDisplayName(base))) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base} (${n})`;
      if (!taken.has(looseDisplayName(candidate))) return candidate;
    }
  }

  /** Adds a display: at the top level with a name unique in the document, or per `place` (unique in its group). */
  public add(spec: DisplayTypeSpec, requestedName: string, topic: string, place?: Placement): VirtualDisplay {
    const base = requestedName || spec.name;
    const name = place ? this.uniqueName(base, this.children(place.parent)) : this.uniqueName(base);
    const groupPath = place?.parent ? [...place.parent.groupPath, place.parent.name] : [];
    const d: VirtualDisplay = {
      id: this.nextId++, name, classId: spec.classId, spec, planProps: new Map(), topics: new Map(), enabled: true,
      added: true, removed: false, requestedName: base, groupPath, parent: place?.parent,
    };
    const prop = spec.topicProperties[0];
    if (prop && topic) d.topics.set(prop, topic);
    this.displays.push(d);
    return d;
  }

  /**
   * A display by name: a display this plan added wins (by its final or requested name, loosely), then an existing one
   * (exact, then loose), or a path. Ambiguity and absence are reasons naming the candidates.
   */
  public find(query: string): FindVirtual {
    const q = query.trim();
    if (q === '') return { ok: false, reason: 'no display named (the "display" field is empty)' };
    const live = this.live();
    if (isDisplayPath(q)) {
      const byPath = live.find((d) => d.path === q);
      if (byPath) return { ok: true, display: byPath };
      const segs = displayPathSegments(q);
      if (segs.every((s) => INDEX.test(s) || s === 'Displays')) return { ok: false, reason: `no display at path "${q}"` };
      const walk = this.walkGroups(segs.slice(0, -1));
      if (!walk.ok) return { ok: false, reason: `no display at path "${q}": ${walk.reason}` };
      const here = this.children(walk.parent);
      const name = segs[segs.length - 1]!;
      const exact = here.filter((d) => d.name === name);
      const hits = exact.length > 0 ? exact : here.filter((d) => looseDisplayName(d.name) === looseDisplayName(name));
      if (hits.length === 1) return { ok: true, display: hits[0]! };
      if (hits.length > 1) return { ok: false, reason: `display name "${name}" is ambiguous in ${walk.where}` };
      return { ok: false, reason: `display "${name}" not found in ${walk.where} (displays there: ${here.map((d) => d.name).join(', ') || 'none'})` };
    }
    const key = looseDisplayName(q);
    const added = live.filter((d) => d.added);
    const addedHit = added.filter((d) => d.name === q).concat(added.filter((d) => d.name !== q && looseDisplayName(d.name) === key));
    if (addedHit.length > 0) return { ok: true, display: addedHit[addedHit.length - 1]! };
    // The prompt tells a model to name a display it adds by its type name: the latest such display is meant.
    const byRequested = added.filter((d) => d.requestedName !== undefined && looseDisplayName(d.requestedName) === key);
    if (byRequested.length > 0) return { ok: true, display: byRequested[byRequested.length - 1]! };
    const exact = live.filter((d) => d.name === q);
    if (exact.length === 1) return { ok: true, display: exact[0]! };
    const loose = exact.length > 1 ? exact : live.filter((d) => looseDisplayName(d.name) === key);
    if (loose.length === 1) return { ok: true, display: loose[0]! };
    if (loose.length > 1) return { ok: false, reason: `display name "${q}" is ambiguous (${loose.map((d) => `"${d.name}" at ${d.path ?? 'new'}`).join(', ')})` };
    const names = live.map((d) => d.name);
    return { ok: false, reason: `display "${q}" not found (displays: ${names.length ? names.join(', ') : 'none'})` };
  }

  /**
   * Follows group segments of a display path from the top level, as the document model does: a group's name (exact,
   * then loose) or its index in the document's list; a `Displays` after an index is skipped.
   */
  public walkGroups(segments: readonly string[]): GroupWalk {
    let parent: VirtualDisplay | undefined;
    const where = (g: VirtualDisplay | undefined): string => (g ? `group "${[...g.groupPath, g.name].join('/')}"` : 'the top level');
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const here = this.children(parent);
      const groups = here.filter(isVirtualGroup);
      if (seg === 'Displays' && i > 0 && INDEX.test(segments[i - 1]!) && !groups.some((g) => g.name === seg)) continue;
      let next: VirtualDisplay | undefined;
      if (INDEX.test(seg)) {
        const base = parent ? parent.path : VM;
        next = base === undefined ? undefined : here.find((d) => d.path === `${base}/Displays/${seg}`);
        if (!next) return { ok: false, reason: `no display at index ${seg} in ${where(parent)}` };
        if (!isVirtualGroup(next)) return { ok: false, reason: `"${next.name}" (${next.classId}) is not a group` };
      } else {
        const exact = groups.filter((g) => g.name === seg);
        const found = exact.length > 0 ? exact : groups.filter((g) => looseDisplayName(g.name) === looseDisplayName(seg));
        if (found.length > 1) return { ok: false, reason: `group name "${seg}" in ${where(parent)} is ambiguous` };
        next = found[0];
        if (!next) {
          const other = here.find((d) => looseDisplayName(d.name) === looseDisplayName(seg));
          if (other) return { ok: false, reason: `"${other.name}" in ${where(parent)} is a ${other.classId || 'display'}, not a group` };
          return { ok: false, reason: `no group "${seg}" in ${where(parent)} (groups there: ${groups.map((g) => g.name).join(', ') || 'none'})` };
        }
      }
      parent = next;
    }
    return { ok: true, parent, where: where(parent) };
  }

  /**
   * Where add_display's `display` puts a new display: a plain name at the top level; a path
   * `Visualization Manager/Displays/<group>/…/<name>` into that group (existing, or added earlier in the plan).
   */
  public placeFor(display: string): PlaceResult {
    const q = display.trim();
    if (!isDisplayPath(q)) return { ok: true, name: q };
    const segs = displayPathSegments(q);
    const name = segs[segs.length - 1]!;
    if (name === '' || INDEX.test(name)) return { ok: false, reason: `the path "${q}" must end with the new display's name` };
    const walk = this.walkGroups(segs.slice(0, -1));
    return walk.ok ? { ok: true, name, place: { parent: walk.parent } } : { ok: false, reason: walk.reason };
  }

  /**
   * The display's path by group names (`Visualization Manager/Displays/robot1/Scan`), as add_display takes it; a group
   * whose name its siblings share is named by its index path instead.
   */
  public addressOf(d: VirtualDisplay): string {
    const segs = [d.name];
    let base = `${VM}/Displays`;
    for (let g = d.parent; g; g = g.parent) {
      const shared = this.children(g.parent).filter((x) => looseDisplayName(x.name) === looseDisplayName(g!.name)).length > 1;
      if (shared && g.path) { base = g.path; break; }
      segs.unshift(g.name);
    }
    return `${base}/${segs.join('/')}`;
  }

  /**
   * How an action should name the display so the document model finds exactly this one: its name while no other has it;
   * a display the plan added into a group by its path always (a twin may join another group later in the plan).
   */
  public handle(d: VirtualDisplay): string {
    if (d.added && d.parent) return this.addressOf(d);
    const same = this.live().filter((x) => looseDisplayName(x.name) === looseDisplayName(d.name));
    if (same.length <= 1) return d.name;
    // A name other groups share: the group names down to it, which earlier removals cannot shift; the index path
    // only when its own group has a twin.
    const twinInGroup = this.children(d.parent).some((x) => x !== d && looseDisplayName(x.name) === looseDisplayName(d.name));
    return twinInGroup && d.path ? d.path : this.addressOf(d);
  }

  /** The value a property had before this plan: in the document, else the catalog default. */
  public valueBefore(d: VirtualDisplay, path: string): string | undefined {
    const fromDoc = readPlain(d.docProps, path);
    if (fromDoc !== undefined) return fromDoc;
    const def = d.spec?.properties.find((p) => p.path === path)?.default;
    return def === undefined ? undefined : String(def);
  }

  /** The value a property has after the plan so far: set by the plan, else in the document, else the catalog default. */
  public valueOf(d: VirtualDisplay, path: string): string | undefined {
    return d.planProps.get(path) ?? this.valueBefore(d, path);
  }
}

/** A property's value in plain data: a scalar, or a map's `Value`. */
export function readPlain(props: Record<string, unknown> | undefined, path: string): string | undefined {
  let node: unknown = props;
  for (const seg of path.split('/')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return seg === 'Value' && node !== undefined && node !== null ? String(node) : undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    const v = (node as Record<string, unknown>).Value;
    return v === undefined || v === null ? undefined : String(v);
  }
  return node === undefined || node === null ? undefined : String(node);
}
