/**
 * The displays as a plan would leave them, tracked action by action without touching the document: which exist
 * (existing, added, renamed, removed), their class, topic, enabled state and the property values the plan sets.
 * validate() and complete() use it to judge each action against the state the earlier actions produce.
 */
import type { DisplayTypeSpec } from '../catalog/index.ts';
import { looseDisplayName } from '../rviz/displays.ts';
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
  groupPath: string[];
}

export type FindVirtual = { ok: true; display: VirtualDisplay } | { ok: false; reason: string };

export class PlanState {
  public readonly displays: VirtualDisplay[] = [];
  public fixedFrame: string;
  private nextId = 0;

  public constructor(public readonly context: PlanContext) {
    this.fixedFrame = context.fixedFrame;
    for (const d of context.displays) {
      const spec = context.catalog.byClass(d.classId);
      this.displays.push({
        id: this.nextId++, name: d.name, classId: d.classId, spec, docProps: d.properties, planProps: new Map(),
        topics: new Map(d.topics.map((t) => [t.property, t.value])), enabled: d.enabled, added: false, removed: false,
        path: d.path, groupPath: d.groupPath,
      });
    }
  }

  public live(): VirtualDisplay[] {
    return this.displays.filter((d) => !d.removed);
  }

  /** A name no live display has (loosely): `base`, else `base (2)`, `base (3)`… as the document model would pick. */
  public uniqueName(base: string): string {
    const taken = new Set(this.live().map((d) => looseDisplayName(d.name)));
    if (!taken.has(looseDisplayName(base))) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base} (${n})`;
      if (!taken.has(looseDisplayName(candidate))) return candidate;
    }
  }

  public add(spec: DisplayTypeSpec, requestedName: string, topic: string): VirtualDisplay {
    const name = this.uniqueName(requestedName || spec.name);
    const d: VirtualDisplay = {
      id: this.nextId++, name, classId: spec.classId, spec, planProps: new Map(), topics: new Map(), enabled: true,
      added: true, removed: false, requestedName: requestedName || spec.name, groupPath: [],
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
    if (q.startsWith('Visualization Manager/Displays/')) {
      const byPath = live.find((d) => d.path === q);
      return byPath ? { ok: true, display: byPath } : { ok: false, reason: `no display at path "${q}"` };
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

  /** How an action should name the display so the document model finds exactly this one. */
  public handle(d: VirtualDisplay): string {
    const same = this.live().filter((x) => looseDisplayName(x.name) === looseDisplayName(d.name));
    return same.length > 1 && d.path ? d.path : d.name;
  }

  /** The value a property has after the plan so far: set by the plan, else in the document, else the catalog default. */
  public valueOf(d: VirtualDisplay, path: string): string | undefined {
    const planned = d.planProps.get(path);
    if (planned !== undefined) return planned;
    const fromDoc = readPlain(d.docProps, path);
    if (fromDoc !== undefined) return fromDoc;
    const def = d.spec?.properties.find((p) => p.path === path)?.default;
    return def === undefined ? undefined : String(def);
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
