/**
 * What tools return, built from the core's objects: flat, JSON-friendly, named for an agent to read. Robot and model
 * text stays as it came (data in string fields), never merged into the tool's own sentences as instructions.
 */
import { describeSendOutcome, type SendOutcome } from '../core/bridge/messages.ts';
import type { Finding } from '../core/diagnosis/index.ts';
import type { Endpoint, GraphSnapshot } from '../core/graph/types.ts';
import { describeAction } from '../core/planner/index.ts';
import type { PlannedAction, RvizAction } from '../core/rviz/action-types.ts';
import { lineDiff } from '../core/review/line-diff.ts';
import { checkCommandsFor } from './finding-checks.ts';

export function endpointResult(e: Endpoint) {
  return {
    node: e.node, reliability: e.qos.reliability, durability: e.qos.durability, history: e.qos.history,
    depth: e.qos.depth ?? null, source: e.source, ...(e.reason ? { reason: e.reason } : {}),
  };
}

/** Topics (optionally those whose name contains `match`), QoS with sources, TF edges, problems. */
export function snapshotResult(snap: GraphSnapshot, bridge: boolean, match?: string) {
  const topics = match ? snap.topics.filter((t) => t.name.includes(match)) : snap.topics;
  return {
    url: snap.url,
    taken_at: new Date(snap.takenAt).toISOString(),
    ...(snap.ros?.distro ? { ros_distro: snap.ros.distro } : {}),
    qos_reported: snap.qosReported,
    bridge,
    topics_total: snap.topics.length,
    topics: topics.map((t) => ({
      name: t.name, type: t.type,
      ...(t.rateHz !== undefined ? { rate_hz: Math.round(t.rateHz * 100) / 100 } : {}),
      publishers: t.publishers.map(endpointResult), subscribers: t.subscribers.map(endpointResult),
    })),
    nodes: snap.nodes,
    tf: snap.tf.map((e) => ({ child: e.child, parent: e.parent, static: e.isStatic })),
    problems: snap.problems.map((p) => p.message),
  };
}

export function findingResult(f: Finding) {
  return {
    code: f.code, severity: f.severity,
    subject: { kind: f.subject.kind, name: f.subject.name, ...(f.subject.display ? { display: f.subject.display } : {}), ...(f.subject.topic ? { topic: f.subject.topic } : {}) },
    summary: f.summary,
    causes: f.evidence,
    ...(f.hint ? { hint: f.hint } : {}),
    check_commands: checkCommandsFor(f),
  };
}

const actionFields = (a: RvizAction) => ({
  action: a.action, display_type: a.display_type, topic: a.topic, display: a.display, property: a.property, value: a.value, frame: a.frame,
});

export function itemResult(a: PlannedAction, index: number) {
  return { index, ...actionFields(a), description: describeAction(a), auto: a.origin === 'auto', checked: a.checked, note: a.note };
}

export function rawActionResult(a: Record<string, unknown>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}

/** A unified diff (`@@ -12 +12 @@`, ` `, `-`, `+` lines) of two .rviz texts, as `diff -u` people read. */
export function unifiedDiff(before: string, after: string): { text: string; added: number; removed: number } {
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  for (const h of lineDiff(before, after, { context: 2 })) {
    lines.push(`@@ -${h.oldStart} +${h.newStart} @@`);
    for (const l of h.lines) {
      if (l.kind === 'added') added++;
      if (l.kind === 'removed') removed++;
      lines.push(`${l.kind === 'added' ? '+' : l.kind === 'removed' ? '-' : ' '}${l.text}`);
    }
  }
  return { text: lines.join('\n'), added, removed };
}

export type BridgeStatusName = 'loaded' | 'written' | 'refused' | 'rviz_exited' | 'no bridge' | 'timeout' | 'not sent' | 'lost' | 'superseded';

export interface BridgeResult {
  status: BridgeStatusName;
  /** RViz (or the bridge's file) has the document now. */
  delivered: boolean;
  message: string;
  reason?: string;
  version?: number;
  took_ms?: number;
}

export function bridgeResult(outcome: SendOutcome): BridgeResult {
  const message = describeSendOutcome(outcome).text;
  switch (outcome.kind) {
    case 'status': {
      const s = outcome.status;
      const delivered = s.action === 'loaded' || s.action === 'written';
      return { status: s.action, delivered, message, ...(s.reason ? { reason: s.reason } : {}), version: s.version, took_ms: Math.round(s.took_ms) };
    }
    case 'timeout': return { status: 'timeout', delivered: false, message };
    case 'not-sent': return { status: 'not sent', delivered: false, message, reason: outcome.reason };
    case 'lost': return { status: 'lost', delivered: false, message, reason: outcome.reason };
    case 'superseded': return { status: 'superseded', delivered: false, message };
  }
}

export function noBridgeResult(url: string): BridgeResult {
  return {
    status: 'no bridge', delivered: false,
    message: `No rviz_companion bridge on ${url}: the session's document changed, RViz did not. Read it with current_config and open it in RViz2, `
      + 'or run `ros2 launch rviz_companion_bridge companion.launch.py` where RViz2 runs.',
  };
}
