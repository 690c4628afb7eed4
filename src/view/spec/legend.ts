/**
 * The view's legend: one row per enabled display with the state the view can honestly claim. The wrong-type and
 * frame states come from the same findings the Displays panel shows (src/core/diagnosis); the scene adds what only it
 * knows (a message arrived, a transform resolved, objects drawn). Pure.
 */
import type { Finding } from '../../core/diagnosis/types.ts';
import type { ViewDisplay } from './draw-spec.ts';

export type LegendState = 'drawing' | 'no-data' | 'no-transform' | 'wrong-type' | 'rviz-only';

export const LEGEND_LABELS: Readonly<Record<LegendState, string>> = Object.freeze({
  drawing: 'drawing',
  'no-data': 'no data yet',
  'no-transform': 'no transform to the fixed frame',
  'wrong-type': 'wrong message type',
  'rviz-only': 'shown in RViz only',
});

/** What the scene knows about one display right now. */
export interface SceneStatus {
  /** A message (or, for topic-less displays, the frame) has been received. */
  hasData: boolean;
  /** The display's frame resolved to the fixed frame (undefined: not known yet). */
  transformOk?: boolean;
  /** Why the transform failed, from the view's TF lookup. */
  transformReason?: string;
  /** Scene objects currently drawn for it. */
  objects: number;
  /** Wall-clock ms of the last message used. */
  lastMessageAt?: number;
  /** Notes the scene wants shown once (a mesh drawn as its bounding box, an unsupported style). */
  notes: readonly string[];
}

export interface LegendRow {
  key: string;
  name: string;
  type: string;
  state: LegendState;
  label: string;
  /** The finding or lookup that decided the state, or the RViz-only reason. */
  detail?: string;
  notes: readonly string[];
  drawn: boolean;
  objects: number;
  lastMessageAt?: number;
}

function findingsFor(display: ViewDisplay, findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.subject.display === display.name || (f.subject.kind === 'display' && f.subject.name === display.name));
}

export function legendRow(display: ViewDisplay, status: SceneStatus | undefined, findings: readonly Finding[]): LegendRow {
  const base = { key: display.key, name: display.name, type: display.type, notes: status?.notes ?? [], objects: status?.objects ?? 0,
    ...(status?.lastMessageAt !== undefined ? { lastMessageAt: status.lastMessageAt } : {}) };
  const row = (state: LegendState, detail?: string): LegendRow => ({ ...base, state, label: LEGEND_LABELS[state],
    drawn: state === 'drawing' && base.objects > 0, ...(detail ? { detail } : {}) });
  if (display.spec.kind === 'rviz-only') return row('rviz-only', display.spec.reason);
  const mine = findingsFor(display, findings);
  const wrongType = mine.find((f) => f.code === 'TOPIC_TYPE_MISMATCH');
  if (wrongType) return row('wrong-type', wrongType.summary);
  const frame = mine.find((f) => f.code === 'DISPLAY_FRAME_NOT_IN_TF');
  const fixed = findings.find((f) => f.code === 'FIXED_FRAME_NOT_IN_TF');
  if (status?.transformOk === false) return row('no-transform', status.transformReason ?? frame?.summary ?? fixed?.summary);
  if (!status?.hasData) return row('no-data', mine.find((f) => f.code === 'NO_DATA' || f.code === 'TOPIC_NO_PUBLISHER')?.summary);
  if (status.transformOk === undefined && (frame || fixed)) return row('no-transform', (frame ?? fixed)!.summary);
  return row('drawing');
}

export function legendRows(displays: readonly ViewDisplay[], statuses: ReadonlyMap<string, SceneStatus>, findings: readonly Finding[]): LegendRow[] {
  return displays.map((d) => legendRow(d, statuses.get(d.key), findings));
}
