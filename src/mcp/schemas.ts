/**
 * The tools' input and output schemas (zod; the SDK publishes them as JSON Schema and checks both ways). Inputs are
 * strict and bounded (limits.ts): an unknown field, a wrong type or an oversized string is refused before any work.
 */
import * as z from 'zod';
import { ACTION_NAMES } from '../core/rviz/action-types.ts';
import { LIMITS } from './limits.ts';

const text = (max: number, what: string) => z.string().max(max, `${what} is longer than ${max} characters`);
const field = text(LIMITS.actionFieldChars, 'an action field').optional();
const notices = z.array(z.string()).describe('what happened since the last call, e.g. the robot\'s config changed by another client (said once)');

export const actionInput = z.object({
  action: z.enum(ACTION_NAMES),
  display_type: field, topic: field, display: field, property: field, value: field, frame: field,
}).strict();

// ---- inputs ----
export const snapshotInput = { match: text(LIMITS.matchChars, 'match').optional().describe('only topics whose name contains this') };
export const planInput = {
  request: text(LIMITS.requestChars, 'request').optional().describe('what to see, in plain words: "show the lidar coloured by height"'),
  actions: z.array(actionInput).max(LIMITS.actions, `at most ${LIMITS.actions} actions`).optional()
    .describe('instead of a request: Plan JSON actions (add_display, remove_display, set_topic, set_property, set_enabled, rename_display, set_fixed_frame)'),
};
export const applyInput = {
  plan_id: text(64, 'plan_id').describe('the plan_id plan_display_changes returned in this session'),
  uncheck: z.array(z.number().int().min(0)).max(LIMITS.uncheck).optional().describe('indexes of items to leave out'),
};
export const lintInput = { text: text(LIMITS.configChars, 'text').describe('a whole .rviz config (YAML)') };
export const searchInput = { query: text(LIMITS.queryChars, 'query').min(1, 'query is empty') };
export const checkCommandInput = { line: text(LIMITS.commandChars, 'line').min(1, 'line is empty').describe('one `ros2 …` or `rviz-companion …` command line') };

// ---- outputs ----
const endpoint = z.object({
  node: z.string(), reliability: z.string(), durability: z.string(), history: z.string(), depth: z.number().nullable(),
  source: z.enum(['reported', 'inferred', 'unknown']).describe('reported by the robot\'s bridge, inferred from conventions, or unknown'),
  reason: z.string().optional(),
});
const finding = z.object({
  code: z.string(), severity: z.enum(['info', 'warning', 'error']),
  subject: z.object({ kind: z.enum(['display', 'topic', 'frame']), name: z.string(), display: z.string().optional(), topic: z.string().optional() }),
  summary: z.string(), causes: z.array(z.string()), hint: z.string().optional(),
  check_commands: z.array(z.string()).describe('ros2 commands that show the fact behind the finding (read-only; run them yourself)'),
});
const item = z.object({
  index: z.number(), action: z.string(), display_type: z.string(), topic: z.string(), display: z.string(), property: z.string(),
  value: z.string(), frame: z.string(), description: z.string(),
  auto: z.boolean().describe('added by the companion (QoS fixes, what a request implies), not asked for'), checked: z.boolean(), note: z.string(),
});
const bridge = z.object({
  status: z.enum(['loaded', 'written', 'refused', 'rviz_exited', 'no bridge', 'timeout', 'not sent', 'lost', 'superseded']),
  delivered: z.boolean(), message: z.string(), reason: z.string().optional(), version: z.number().optional(), took_ms: z.number().optional(),
});

export const snapshotOutput = {
  url: z.string(), taken_at: z.string(), ros_distro: z.string().optional(), qos_reported: z.boolean(), bridge: z.boolean(),
  topics_total: z.number(),
  topics: z.array(z.object({ name: z.string(), type: z.string(), rate_hz: z.number().optional(), publishers: z.array(endpoint), subscribers: z.array(endpoint) })),
  nodes: z.array(z.string()),
  tf: z.array(z.object({ child: z.string(), parent: z.string(), static: z.boolean() })),
  problems: z.array(z.string()), notices,
};
export const findingsOutput = { config: z.string(), sampled_ms: z.number(), findings: z.array(finding), notices };
export const currentConfigOutput = {
  text: z.string(), started_from: z.string(), robot_reports_config: z.boolean(), same_as_robot: z.boolean().nullable(),
  can_undo: z.boolean(), can_redo: z.boolean(), undo_label: z.string().optional(), redo_label: z.string().optional(), notices,
};
export const planOutput = {
  plan_id: z.string(), request: z.string(), proposer: z.string(), undo_first: z.boolean(),
  items: z.array(item), rejected: z.array(z.object({ action: z.record(z.string(), z.string()), description: z.string(), reason: z.string() })),
  notes: z.array(z.string()),
  choices: z.array(z.object({ label: z.string(), actions: z.array(z.record(z.string(), z.string())) })).optional(),
  diff: z.string().describe('unified diff of the .rviz text if every checked item is applied'),
  diff_stats: z.object({ added: z.number(), removed: z.number() }), pipeline_ms: z.number(), notices,
};
export const applyOutput = {
  plan_id: z.string(), applied: z.array(z.string()), skipped: z.array(z.string()), undo_first: z.boolean(), bridge, can_undo: z.boolean(), notices,
};
export const moveOutput = { undone: z.string().optional(), redone: z.string().optional(), bridge, can_undo: z.boolean(), can_redo: z.boolean(), notices };
export const lintOutput = {
  problems: z.array(z.object({ severity: z.string(), code: z.string(), message: z.string(), path: z.string().optional() })),
  findings: z.array(finding), notices,
};
export const searchOutput = {
  query: z.string(), no_match: z.boolean(), entries: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), score: z.number() })), notices,
};
export const checkCommandOutput = { commands: z.array(z.object({ line: z.string(), valid: z.boolean(), problem: z.string().optional() })), notices };
