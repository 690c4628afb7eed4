/**
 * Marker bookkeeping as RViz's MarkerCommon does it, without any drawing: ADD/MODIFY replaces the marker with the
 * same (ns, id), DELETE removes it, DELETEALL removes every marker (or, with a namespace, that namespace's), a lifetime
 * over 100 µs expires the marker that long after it arrived, frame_locked markers follow their frame every frame.
 * Pure: the scene draws what `live()` returns and redraws one key when `version` of that entry changes.
 */

export const MARKER_TYPES = {
  ARROW: 0, CUBE: 1, SPHERE: 2, CYLINDER: 3, LINE_STRIP: 4, LINE_LIST: 5, CUBE_LIST: 6, SPHERE_LIST: 7, POINTS: 8,
  TEXT_VIEW_FACING: 9, MESH_RESOURCE: 10, TRIANGLE_LIST: 11,
} as const;

export const MARKER_ACTIONS = { ADD: 0, MODIFY: 1, DELETE: 2, DELETEALL: 3 } as const;

export interface Vector3Msg { x: number; y: number; z: number }
export interface QuaternionMsg { x: number; y: number; z: number; w: number }
export interface ColorMsg { r: number; g: number; b: number; a: number }

/** The fields of visualization_msgs/Marker the view uses (rosbridge JSON). */
export interface MarkerMsg {
  header?: { frame_id?: string; stamp?: unknown };
  ns?: string;
  id?: number;
  type?: number;
  action?: number;
  pose?: { position?: Partial<Vector3Msg>; orientation?: Partial<QuaternionMsg> };
  scale?: Partial<Vector3Msg>;
  color?: Partial<ColorMsg>;
  lifetime?: { sec?: number; nanosec?: number; secs?: number; nsecs?: number };
  frame_locked?: boolean;
  points?: Partial<Vector3Msg>[];
  colors?: Partial<ColorMsg>[];
  text?: string;
  mesh_resource?: string;
}

export interface MarkerEntry {
  key: string;
  ns: string;
  id: number;
  message: MarkerMsg;
  receivedAt: number;
  /** Wall-clock ms after which it is gone; undefined: never. */
  expiresAt?: number;
  /** Increases on every replacement, so the scene knows what to rebuild. */
  version: number;
}

export function markerKey(ns: string, id: number): string {
  return `${ns}\u0000${id}`;
}

function lifetimeMs(l: MarkerMsg['lifetime']): number {
  if (!l) return 0;
  const sec = l.sec ?? l.secs ?? 0;
  const ns = l.nanosec ?? l.nsecs ?? 0;
  return sec * 1000 + ns / 1e6;
}

export class MarkerStore {
  private readonly entries = new Map<string, MarkerEntry>();
  private counter = 0;
  /** Unknown action or type numbers seen, for one note each. */
  public readonly problems = new Set<string>();

  public apply(message: MarkerMsg, now: number): void {
    const ns = message.ns ?? '';
    const id = message.id ?? 0;
    const action = message.action ?? MARKER_ACTIONS.ADD;
    switch (action) {
      case MARKER_ACTIONS.ADD: case MARKER_ACTIONS.MODIFY: {
        const key = markerKey(ns, id);
        const life = lifetimeMs(message.lifetime);
        this.entries.set(key, { key, ns, id, message, receivedAt: now, ...(life > 0.1 ? { expiresAt: now + life } : {}), version: ++this.counter });
        return;
      }
      case MARKER_ACTIONS.DELETE: this.entries.delete(markerKey(ns, id)); return;
      case MARKER_ACTIONS.DELETEALL:
        if (ns === '') this.entries.clear();
        else for (const [k, e] of this.entries) if (e.ns === ns) this.entries.delete(k);
        return;
      default: this.problems.add(`unknown marker action ${action}`);
    }
  }

  /** A MarkerArray: its markers in order (a DELETEALL first clears what came before it, as in RViz). */
  public applyArray(message: { markers?: MarkerMsg[] }, now: number): void {
    for (const m of message.markers ?? []) this.apply(m, now);
  }

  /** Drops expired markers; returns the keys removed. */
  public expire(now: number): string[] {
    const gone: string[] = [];
    for (const [k, e] of this.entries) if (e.expiresAt !== undefined && e.expiresAt <= now) { this.entries.delete(k); gone.push(k); }
    return gone;
  }

  /** The markers to draw, hiding namespaces the display switched off (`Namespaces: {ns: false}`). */
  public live(namespaces: Readonly<Record<string, boolean>> = {}): MarkerEntry[] {
    return [...this.entries.values()].filter((e) => namespaces[e.ns] !== false);
  }

  public get size(): number { return this.entries.size; }

  public clear(): void { this.entries.clear(); }
}
