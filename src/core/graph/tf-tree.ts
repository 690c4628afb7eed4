/**
 * A TF buffer (latest edge per child frame, static or dynamic) and the analysis of the tree it
 * forms: roots, children, the chain from a frame to its root, disconnected parts, ages and staleness.
 * Frame names are normalised without a leading `/` (tf2 rejects it; ROS 1 habits still send it).
 */
import type { TfEdge } from './types.ts';
import { compareText } from '../compare-text.ts';

export interface TfTreeOptions {
  /** A dynamic edge older than this (ms, wall clock at the client) is stale. Static edges never are. */
  staleAfterMs: number;
}

export const defaultTfTreeOptions: Readonly<TfTreeOptions> = Object.freeze({ staleAfterMs: 5000 });

/** The fields of a geometry_msgs/TransformStamped we need. */
export interface TransformStampedLike {
  header?: { frame_id?: unknown; stamp?: { sec?: unknown; nanosec?: unknown; nsec?: unknown; secs?: unknown } };
  child_frame_id?: unknown;
  transform?: { translation?: { x?: unknown; y?: unknown; z?: unknown }; rotation?: { x?: unknown; y?: unknown; z?: unknown; w?: unknown } };
}

/** The latest transform parent ← child (the live view draws with it; the graph keeps only the edge). */
export interface TfTransform {
  parent: string;
  child: string;
  translation: { x: number; y: number; z: number };
  rotation: { x: number; y: number; z: number; w: number };
  isStatic: boolean;
  receivedAt: number;
}

function finite(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function normalizeFrame(name: string): string {
  return name.replace(/^\/+/, '').trim();
}

function stampSeconds(stamp: NonNullable<TransformStampedLike['header']>['stamp']): number {
  if (!stamp) return 0;
  const sec = typeof stamp.sec === 'number' ? stamp.sec : typeof stamp.secs === 'number' ? stamp.secs : 0;
  const ns = typeof stamp.nanosec === 'number' ? stamp.nanosec : typeof stamp.nsec === 'number' ? stamp.nsec : 0;
  return sec + ns / 1e9;
}

/** Keeps the latest edge per child frame. */
export class TfBuffer {
  private readonly byChild = new Map<string, TfEdge>();
  private readonly transformByChild = new Map<string, TfTransform>();
  /** Bumped on every added transform, so a drawing can tell when nothing moved. */
  public version = 0;

  /**
   * Adds the transforms of one tf2_msgs/TFMessage. Entries without both frame names are skipped
   * and counted in the return value, so callers can report malformed input.
   */
  public addMessage(msg: { transforms?: unknown }, isStatic: boolean, receivedAt: number): { added: number; skipped: number } {
    const list = Array.isArray(msg.transforms) ? (msg.transforms as TransformStampedLike[]) : [];
    let added = 0;
    let skipped = 0;
    for (const t of list) {
      const parent = typeof t?.header?.frame_id === 'string' ? normalizeFrame(t.header.frame_id) : '';
      const child = typeof t?.child_frame_id === 'string' ? normalizeFrame(t.child_frame_id) : '';
      if (!parent || !child || parent === child) { skipped++; continue; }
      this.byChild.set(child, { child, parent, isStatic, stampSec: stampSeconds(t.header?.stamp), receivedAt });
      const tr = t.transform?.translation, ro = t.transform?.rotation;
      this.transformByChild.set(child, { parent, child, isStatic, receivedAt,
        translation: { x: finite(tr?.x, 0), y: finite(tr?.y, 0), z: finite(tr?.z, 0) },
        rotation: { x: finite(ro?.x, 0), y: finite(ro?.y, 0), z: finite(ro?.z, 0), w: finite(ro?.w, 1) } });
      added++;
    }
    if (added > 0) this.version++;
    return { added, skipped };
  }

  /** The latest transform per child frame (what addMessage read; edges added by addEdge have none). */
  public transforms(): TfTransform[] {
    return [...this.transformByChild.values()];
  }

  public addEdge(edge: TfEdge): void {
    const child = normalizeFrame(edge.child);
    this.byChild.set(child, { ...edge, child, parent: normalizeFrame(edge.parent) });
  }

  public edges(): TfEdge[] {
    return [...this.byChild.values()].sort((a, b) => compareText(a.child, b.child));
  }

  public get size(): number { return this.byChild.size; }

  public clear(): void { this.byChild.clear(); this.transformByChild.clear(); this.version++; }
}

export interface TfFrameInfo {
  name: string;
  /** Undefined for a root. */
  parent?: string;
  children: string[];
  /** Undefined for a root (no edge names it as a child). */
  isStatic?: boolean;
  /** ms since the edge to its parent was received; undefined for a root. */
  ageMs?: number;
  stale: boolean;
}

export interface TfTree {
  frames: TfFrameInfo[];
  /** Frames with no parent, sorted. More than one root means disconnected parts. */
  roots: string[];
  /** Connected components, each sorted, largest first. */
  components: string[][];
  /** Frames whose parent chain loops (malformed input); they have no root. */
  cycles: string[];
  hasFrame(name: string): boolean;
  frame(name: string): TfFrameInfo | undefined;
  /** Frames from `name` up to its root (inclusive); empty when the frame is unknown. */
  chain(name: string): string[];
  /** The root above `name`, or undefined when unknown or in a cycle. */
  rootOf(name: string): string | undefined;
  /** True when both frames are known and share a root. */
  connected(a: string, b: string): boolean;
}

/**
 * @example
 * const tree = analyzeTf(buffer.edges(), Date.now());
 * tree.chain('base_link') // ['base_link', 'odom', 'map']
 */
export function analyzeTf(edges: readonly TfEdge[], now: number, options: Partial<TfTreeOptions> = {}): TfTree {
  const opts = { ...defaultTfTreeOptions, ...options };
  const parentOf = new Map<string, TfEdge>();
  const children = new Map<string, string[]>();
  const names = new Set<string>();
  for (const e of edges) {
    const child = normalizeFrame(e.child);
    const parent = normalizeFrame(e.parent);
    parentOf.set(child, { ...e, child, parent });
    names.add(child);
    names.add(parent);
  }
  for (const e of parentOf.values()) {
    const list = children.get(e.parent) ?? [];
    list.push(e.child);
    children.set(e.parent, list);
  }

  const rootCache = new Map<string, string | undefined>();
  const cycles = new Set<string>();
  const rootOfKnown = (start: string): string | undefined => {
    if (rootCache.has(start)) return rootCache.get(start);
    const seen = new Set<string>();
    let cur = start;
    const path: string[] = [];
    while (true) {
      if (rootCache.has(cur)) { const r = rootCache.get(cur); for (const p of path) rootCache.set(p, r); return r; }
      if (seen.has(cur)) { for (const p of path) { rootCache.set(p, undefined); cycles.add(p); } return undefined; }
      seen.add(cur);
      path.push(cur);
      const edge = parentOf.get(cur);
      if (!edge) { for (const p of path) rootCache.set(p, cur); return cur; }
      cur = edge.parent;
    }
  };

  const frames: TfFrameInfo[] = [...names].sort().map((name) => {
    const edge = parentOf.get(name);
    const kids = (children.get(name) ?? []).slice().sort();
    if (!edge) return { name, children: kids, stale: false };
    const ageMs = Math.max(0, now - edge.receivedAt);
    return { name, parent: edge.parent, children: kids, isStatic: edge.isStatic, ageMs,
      stale: !edge.isStatic && ageMs > opts.staleAfterMs };
  });
  const byName = new Map(frames.map((f) => [f.name, f]));
  for (const n of names) rootOfKnown(n);

  const roots = frames.filter((f) => f.parent === undefined).map((f) => f.name);
  const groups = new Map<string, string[]>();
  for (const n of [...names].sort()) {
    const key = rootCache.get(n) ?? '\u0000cycle';
    const g = groups.get(key) ?? [];
    g.push(n);
    groups.set(key, g);
  }
  const components = [...groups.values()].sort((a, b) => b.length - a.length || compareText(a[0]!, b[0]!));

  const find = (name: string): string | undefined => {
    const n = normalizeFrame(name);
    return byName.has(n) ? n : undefined;
  };

  return {
    frames,
    roots,
    components,
    cycles: [...cycles].sort(),
    hasFrame: (name) => find(name) !== undefined,
    frame: (name) => { const n = find(name); return n === undefined ? undefined : byName.get(n); },
    chain: (name) => {
      const n = find(name);
      if (n === undefined) return [];
      const out: string[] = [];
      const seen = new Set<string>();
      let cur: string | undefined = n;
      while (cur !== undefined && !seen.has(cur)) {
        out.push(cur);
        seen.add(cur);
        cur = parentOf.get(cur)?.parent;
      }
      return out;
    },
    rootOf: (name) => { const n = find(name); return n === undefined ? undefined : rootCache.get(n); },
    connected: (a, b) => {
      const na = find(a);
      const nb = find(b);
      if (na === undefined || nb === undefined) return false;
      const ra = rootCache.get(na);
      return ra !== undefined && ra === rootCache.get(nb);
    },
  };
}
