/**
 * One truth per display: the state the live view's legend, the Displays panel and the kiosk all show, from the
 * diagnosis' findings, what the scene knows (a message arrived, a transform resolved) and whether data is arriving
 * now. `drawing` means data is arriving now AND RViz would receive it: a display whose requested QoS cannot match any
 * of its topic's publishers is `no-data` with the QoS cause, even when rosbridge (which subscribes with its own QoS)
 * delivers the messages to the companion. Pure: the caller passes the clock.
 */
import type { Catalog } from '../catalog/index.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import type { RvizDocument } from '../rviz/document.ts';
import { documentFacts, type DisplaySubscription } from './display-topics.ts';
import { judge, typeMismatch } from './rules/qos-common.ts';
import type { Finding } from './types.ts';

export const DISPLAY_STATES = ['drawing', 'stale', 'no-data', 'no-transform', 'wrong-type', 'rviz-only'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];

/** The fixed part of each state's label (a stale label adds how long ago the last data came). */
export const DISPLAY_STATE_LABELS: Readonly<Record<DisplayState, string>> = Object.freeze({
  drawing: 'drawing',
  stale: 'stale',
  'no-data': 'no data yet',
  'no-transform': 'no transform to the fixed frame',
  'wrong-type': 'wrong message type',
  'rviz-only': 'shown in RViz only',
});

export interface StaleOptions {
  /** A topic's data is stale after twice its measured period, never sooner than this (ms): the legend refreshes
   * twice a second and a loaded machine delays messages by a few hundred ms. */
  minMs: number;
  /** ...and never later than this (ms), also when the period is unknown (one message so far). */
  maxMs: number;
}

export const defaultStaleOptions: StaleOptions = Object.freeze({ minMs: 1000, maxMs: 5000 });

/** How long after its last message a display's data is stale: twice the measured period, within [minMs, maxMs]. */
export function staleAfterMs(periodMs: number | undefined, options: StaleOptions = defaultStaleOptions): number {
  if (periodMs === undefined || !Number.isFinite(periodMs) || periodMs <= 0) return options.maxMs;
  return Math.min(options.maxMs, Math.max(options.minMs, 2 * periodMs));
}

/** What the scene knows about one display (the view's layer status). */
export interface SceneFacts {
  /** A message (or, for topic-less displays, the frame) has been received. */
  hasData: boolean;
  /** The display's frame resolved to the fixed frame (undefined: not known yet). */
  transformOk?: boolean;
  transformReason?: string;
  /** Wall-clock ms of the newest message the display received. */
  lastMessageAt?: number;
  /** Measured interval between its messages (ms), once two arrived. */
  periodMs?: number;
}

export interface DisplayStateInput {
  /** Set when the view does not draw this type: why (it is shown in RViz only). */
  rvizOnly?: string;
  /** Whether the display reads a topic (Grid, Axes and TF do not: they only go stale when the robot is gone). */
  hasTopic: boolean;
  /** The findings about this display, and the document-wide ones (FIXED_FRAME_NOT_IN_TF). */
  findings: readonly Finding[];
  /** Why RViz would receive nothing on the display's topic (its QoS request matches no publisher), from `qosBlocks`. */
  qosBlock?: string;
  scene?: SceneFacts;
  /** The link is connected now (else nothing is arriving: everything drawn is stale at once). */
  live: boolean;
  /** The topic is latched (every publisher Transient Local): its one message stays current, it never goes stale by time. */
  latched?: boolean;
  /** A rate measured by the link (Hz), used when the scene has not measured a period yet. */
  rateHz?: number;
  now: number;
  stale?: StaleOptions;
}

export interface DisplayStateResult {
  state: DisplayState;
  /** What to show: the state's label, with how long ago for stale data. */
  label: string;
  /** The cause: the finding or lookup that decided it, or the RViz-only reason. */
  detail?: string;
  /** ms since the display's last message, when it had one. */
  ageMs?: number;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

export function displayState(input: DisplayStateInput): DisplayStateResult {
  const scene = input.scene;
  const ageMs = scene?.lastMessageAt !== undefined ? Math.max(0, input.now - scene.lastMessageAt) : undefined;
  const out = (state: DisplayState, detail?: string, label: string = DISPLAY_STATE_LABELS[state]): DisplayStateResult =>
    ({ state, label, ...(detail ? { detail } : {}), ...(ageMs !== undefined ? { ageMs } : {}) });
  if (input.rvizOnly !== undefined) return out('rviz-only', input.rvizOnly);
  const wrongType = input.findings.find((f) => f.code === 'TOPIC_TYPE_MISMATCH');
  if (wrongType) return out('wrong-type', wrongType.summary);
  // RViz would receive nothing: nothing is drawn, whatever rosbridge delivers to us.
  if (input.qosBlock) return out('no-data', input.qosBlock, 'no data: QoS mismatch');
  const frame = input.findings.find((f) => f.code === 'DISPLAY_FRAME_NOT_IN_TF');
  const fixed = input.findings.find((f) => f.code === 'FIXED_FRAME_NOT_IN_TF');
  if (scene?.transformOk === false) return out('no-transform', scene.transformReason ?? frame?.summary ?? fixed?.summary);
  if (!scene?.hasData) {
    const why = input.findings.find((f) => f.code === 'TOPIC_NO_PUBLISHER' || f.code === 'NO_DATA')?.summary;
    return out('no-data', why ?? (input.live ? undefined : 'not connected to the robot'));
  }
  if (scene.transformOk === undefined && (frame || fixed)) return out('no-transform', (frame ?? fixed)!.summary);
  if (!input.live) {
    const detail = ageMs !== undefined ? `the robot is not connected; last data ${seconds(ageMs)} ago` : 'the robot is not connected';
    return out('stale', detail, ageMs !== undefined ? `stale · ${seconds(ageMs)} ago` : 'stale');
  }
  if (input.hasTopic && !input.latched && ageMs !== undefined) {
    const period = scene.periodMs ?? (input.rateHz && input.rateHz > 0 ? 1000 / input.rateHz : undefined);
    const limit = staleAfterMs(period, input.stale);
    if (ageMs > limit) {
      return out('stale', `no message for ${seconds(ageMs)} (expected within ${seconds(limit)})`, `stale · ${seconds(ageMs)} ago`);
    }
  }
  return out('drawing');
}

/** Whether every publisher of a topic is latched (Transient Local, known): one message is the whole stream. */
export function latchedTopic(topic: TopicInfo | undefined): boolean {
  return !!topic && topic.publishers.length > 0
    && topic.publishers.every((p) => p.source !== 'unknown' && p.qos.durability === 'transient_local');
}

function qosBlockOf(sub: DisplaySubscription, topic: TopicInfo): string | undefined {
  const label = `${sub.typeName} "${sub.display}"`;
  const reliability = judge(sub, topic, 'reliability');
  if (reliability.broken.length > 0 && reliability.fine.length === 0 && reliability.unknown.length === 0) {
    return `${label} requests Reliable but ${topic.name} is published Best Effort: RViz receives nothing, so nothing is drawn`;
  }
  const durability = judge(sub, topic, 'durability');
  if (durability.broken.length > 0 && durability.fine.length === 0 && durability.unknown.length === 0) {
    return `${label} requests Transient Local but ${topic.name} is published Volatile: RViz receives nothing, so nothing is drawn`;
  }
  return undefined;
}

/**
 * The displays (by document path) whose main topic RViz would receive nothing from: their requested QoS breaks the
 * offer of every publisher (known, not unknown QoS), the same verdicts as the QoS findings' "no data will arrive".
 */
export function qosBlocks(doc: RvizDocument, snapshot: GraphSnapshot | undefined, catalog: Catalog): Map<string, string> {
  const out = new Map<string, string>();
  if (!snapshot) return out;
  const topics = new Map(snapshot.topics.map((t) => [t.name, t]));
  for (const sub of documentFacts(doc, catalog).subscriptions) {
    if (!sub.primary || !sub.requested) continue;
    const topic = topics.get(sub.topic);
    if (!topic || topic.publishers.length === 0 || typeMismatch(sub, topic)) continue;
    const block = qosBlockOf(sub, topic);
    if (block && !out.has(sub.path)) out.set(sub.path, block);
  }
  return out;
}
