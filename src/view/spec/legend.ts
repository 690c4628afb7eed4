/**
 * The view's legend: one row per enabled display with the state the view can honestly claim. The state itself is the
 * one truth of src/core/diagnosis/display-state.ts (the Displays panel and the kiosk show the same); the wrong-type,
 * frame and QoS causes come from the diagnosis, the scene adds what only it knows (a message arrived, a transform
 * resolved, objects drawn, the period of its messages). Pure.
 */
import type { Finding } from '../../core/diagnosis/types.ts';
import { DISPLAY_STATE_LABELS, displayState, type DisplayState, type StaleOptions } from '../../core/diagnosis/display-state.ts';
import type { ViewDisplay } from './draw-spec.ts';

export type LegendState = DisplayState;

export const LEGEND_LABELS = DISPLAY_STATE_LABELS;

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
  /** Measured interval between the messages it received (ms), once two arrived. */
  periodMs?: number;
  /** Notes the scene wants shown once (a mesh drawn as its bounding box, an unsupported style). */
  notes: readonly string[];
}

/** What decides staleness and QoS gating besides the scene: the link and the robot's graph, now. */
export interface LegendContext {
  now: number;
  /** The link is connected (else everything drawn is stale at once). */
  live: boolean;
  /** Per display key: why RViz would receive nothing (`qosBlocks`). */
  qosBlocks?: ReadonlyMap<string, string>;
  /** Topics whose publishers are all latched (their one message never goes stale). */
  latched?: ReadonlySet<string>;
  /** Rates the link measured, by topic (Hz). */
  rates?: Readonly<Record<string, number | undefined>>;
  stale?: StaleOptions;
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
  return findings.filter((f) => f.code === 'FIXED_FRAME_NOT_IN_TF'
    || f.subject.display === display.name || (f.subject.kind === 'display' && f.subject.name === display.name));
}

/** Without a context (tests of the scene alone) the link counts as connected and no time passes. */
export function legendRow(display: ViewDisplay, status: SceneStatus | undefined, findings: readonly Finding[], ctx?: LegendContext): LegendRow {
  const topic = display.topic?.name;
  const result = displayState({
    ...(display.spec.kind === 'rviz-only' ? { rvizOnly: display.spec.reason } : {}),
    hasTopic: topic !== undefined,
    findings: findingsFor(display, findings),
    ...(ctx?.qosBlocks?.get(display.key) ? { qosBlock: ctx.qosBlocks.get(display.key)! } : {}),
    ...(status ? { scene: status } : {}),
    live: ctx?.live ?? true,
    latched: topic !== undefined && ctx?.latched?.has(topic) === true,
    ...(topic !== undefined && ctx?.rates?.[topic] !== undefined ? { rateHz: ctx.rates[topic]! } : {}),
    now: ctx?.now ?? (status?.lastMessageAt ?? 0),
    ...(ctx?.stale ? { stale: ctx.stale } : {}),
  });
  const objects = status?.objects ?? 0;
  return { key: display.key, name: display.name, type: display.type, state: result.state,
    label: result.label,
    ...(result.detail ? { detail: result.detail } : {}), notes: status?.notes ?? [],
    drawn: result.state === 'drawing' && objects > 0, objects,
    ...(status?.lastMessageAt !== undefined ? { lastMessageAt: status.lastMessageAt } : {}) };
}

export function legendRows(displays: readonly ViewDisplay[], statuses: ReadonlyMap<string, SceneStatus>, findings: readonly Finding[],
  ctx?: LegendContext): LegendRow[] {
  return displays.map((d) => legendRow(d, statuses.get(d.key), findings, ctx));
}
