/**
 * The bridge's answer on `/rviz_companion/rviz_config_status` (std_msgs/String holding JSON, DESIGN.md "Bridge
 * topics"): `{stamp, ok, action, reason, file, version, took_ms}`. A status that does not fit becomes a Problem,
 * never a throw: the robot's text is data.
 */
import type { Problem } from '../graph/types.ts';

export const bridgeConfigTopic = '/rviz_companion/rviz_config';
export const bridgeConfigCurrentTopic = '/rviz_companion/rviz_config_current';
export const bridgeConfigStatusTopic = '/rviz_companion/rviz_config_status';
export const bridgeStringType = 'std_msgs/msg/String';

export const bridgeStatusActions = ['loaded', 'written', 'refused', 'rviz_exited'] as const;
/** How the bridge runs, in every status of bridges since the `mode` field (older ones leave it out). */
export const bridgeModes = ['supervised', 'write-only', 'read-only'] as const;
export type BridgeMode = (typeof bridgeModes)[number];
export type BridgeStatusAction = (typeof bridgeStatusActions)[number];

export interface BridgeStatus {
  /** Unix seconds (the robot's clock). */
  stamp: number;
  ok: boolean;
  action: BridgeStatusAction;
  /** Why it was refused, or what happened to RViz; empty when there is nothing to say. */
  reason: string;
  /** Where the bridge wrote the config (empty when it wrote nothing). */
  file: string;
  /** The bridge's version counter of written configs. */
  version: number;
  /** From receiving the config to RViz having loaded it (or to the refusal). */
  took_ms: number;
  /** supervised: an RViz the bridge restarts follows; write-only: it writes files; read-only: it takes nothing. */
  mode?: BridgeMode;
}

export type BridgeStatusResult = { ok: true; value: BridgeStatus } | { ok: false; problem: Problem };

/** Robot text shown in the UI is cut to this many characters (a status is a line, not a log). */
const maxReasonChars = 500;

function bad(message: string): BridgeStatusResult {
  return { ok: false, problem: { id: 'rviz-bridge:status-invalid', severity: 'warning',
    message: `the bridge sent a status the companion cannot read: ${message}`,
    tip: 'the robot-side bridge may be another version; update rviz_companion_bridge' } };
}

/**
 * Parses the `data` of one status message. Extra fields are allowed (newer bridges stay readable); every documented
 * field must be there with its type, except that `reason` and `file` may be missing or null (read as "").
 *
 * @example parseBridgeStatus('{"stamp":1,"ok":true,"action":"loaded","reason":"","file":"/x.rviz","version":3,"took_ms":1900}')
 */
export function parseBridgeStatus(data: unknown): BridgeStatusResult {
  if (typeof data !== 'string') return bad('the message has no text "data" field');
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (err) {
    return bad(`not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return bad('(root): must be an object');
  const o = json as Record<string, unknown>;
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!finite(o.stamp)) return bad('/stamp: must be a number');
  if (typeof o.ok !== 'boolean') return bad('/ok: must be true or false');
  if (typeof o.action !== 'string' || !(bridgeStatusActions as readonly string[]).includes(o.action)) {
    return bad(`/action: must be one of ${bridgeStatusActions.join(', ')} (got ${JSON.stringify(o.action)?.slice(0, 40)})`);
  }
  for (const key of ['reason', 'file'] as const) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== 'string') return bad(`/${key}: must be a string`);
  }
  if (!finite(o.version) || !Number.isInteger(o.version) || o.version < 0) return bad('/version: must be a whole number ≥ 0');
  if (!finite(o.took_ms) || o.took_ms < 0) return bad('/took_ms: must be a number ≥ 0');
  const action = o.action as BridgeStatusAction;
  const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, maxReasonChars) : '');
  // An unknown mode (a newer bridge) is left out: the action and reason still tell what they can.
  const mode = (bridgeModes as readonly unknown[]).includes(o.mode) ? o.mode as BridgeMode : undefined;
  return { ok: true, value: { stamp: o.stamp, ok: o.ok, action, reason: text(o.reason), file: text(o.file),
    version: o.version, took_ms: o.took_ms, ...(mode ? { mode } : {}) } };
}

/** Whether a refusal says the bridge is read-only (its `read_only` parameter); the reason text is all it carries. */
export function isReadOnlyRefusal(status: BridgeStatus): boolean {
  return status.action === 'refused' && (status.mode === 'read-only' || /^read[-_ ]?only\b/i.test(status.reason));
}

/** Two statuses are the same message (a latched replay after reconnecting is not a new answer). */
export function sameStatus(a: BridgeStatus | undefined, b: BridgeStatus | undefined): boolean {
  return !!a && !!b && a.stamp === b.stamp && a.action === b.action && a.version === b.version && a.reason === b.reason;
}
