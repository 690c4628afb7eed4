/**
 * PLAN_SCHEMA: the JSON a model is asked for (constrained decoding where the provider has it). The seven actions, one
 * flat object each with every field required (unused = ""), at most MAX_ACTIONS of them; display types, TF frames and
 * topics (the live ones plus any topic the request names, which may not publish yet) as enums; `display` takes any
 * name (a new display needs one; existing ones are matched loosely). A reply is not refused for breaking this schema:
 * normalise.ts checks its shape and repairs each action, validate() judges them. checkPlanJson says whether a reply
 * matched exactly.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../model.ts';
import { ACTION_NAMES } from '../rviz/action-types.ts';
import { MAX_ACTIONS } from './prompt.ts';
import { topicsInRequest } from './normalise.ts';
import type { PlanContext } from './types.ts';

export interface SchemaOptions {
  /** Put live names in enums (Ollama and OpenAI structured outputs support them). Default true. */
  enums: boolean;
  maxActions: number;
  /** Lists longer than this stay free strings (a 1,000-topic enum helps no model). */
  maxEnum: number;
}

export const defaultSchemaOptions: SchemaOptions = { enums: true, maxActions: MAX_ACTIONS, maxEnum: 400 };

/** The JSON shape of a model's plan. */
export interface ModelPlan {
  actions: { action: string; display_type: string; topic: string; display: string; property: string; value: string; frame: string }[];
  notes: string[];
  undo_first: boolean;
}

function field(values: readonly string[] | undefined, opts: SchemaOptions): Record<string, unknown> {
  if (!opts.enums || values === undefined || values.length === 0 || values.length > opts.maxEnum) return { type: 'string' };
  return { type: 'string', enum: ['', ...[...new Set(values)].filter((v) => v !== '').sort()] };
}

export function buildPlanSchema(ctx: PlanContext, options: Partial<SchemaOptions> = {}, request = ''): JsonSchema {
  const opts = { ...defaultSchemaOptions, ...options };
  const types = ctx.catalog.displays.flatMap((d) => [d.name, d.classId]);
  const fields = {
    action: { type: 'string', enum: [...ACTION_NAMES] },
    display_type: field(types, opts),
    topic: ctx.topics.length ? field([...ctx.topics.map((t) => t.name), ...topicsInRequest(request)], opts) : { type: 'string' },
    // Any name: a new display needs one ("Front Lidar"), and existing displays are matched loosely anyway.
    display: {
      type: 'string',
      description: 'a display\'s name (loose match) or path; for add_display the new name, or "Visualization Manager/Displays/<group>/…/<name>" to add it inside that existing group (names are unique within a group)',
    },
    property: { type: 'string' },
    value: { type: 'string' },
    frame: ctx.frames.length ? field(ctx.frames, opts) : { type: 'string' },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['actions', 'notes', 'undo_first'],
    properties: {
      actions: {
        type: 'array',
        maxItems: opts.maxActions,
        items: { type: 'object', additionalProperties: false, required: Object.keys(fields), properties: fields },
      },
      notes: { type: 'array', maxItems: 20, items: { type: 'string' } },
      undo_first: { type: 'boolean' },
    },
  };
}

const ajv = new Ajv({ allErrors: true, strict: true });
const cache = new Map<string, ValidateFunction>();
const CACHE_LIMIT = 16;

/** A compiled validator for a schema (cached by content: the same robot gives the same schema). */
export function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) return hit;
  const fn = ajv.compile(schema);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, fn);
  return fn;
}

export type SchemaCheck = { ok: true; value: ModelPlan } | { ok: false; reason: string };

/** Checks a parsed model reply against the schema; the reason names the first few violations with their paths. */
export function checkPlanJson(value: unknown, schema: JsonSchema): SchemaCheck {
  const max = ((schema.properties as Record<string, { maxItems?: number }> | undefined)?.actions?.maxItems) ?? MAX_ACTIONS;
  const o = value as { actions?: unknown };
  if (typeof o === 'object' && o !== null && Array.isArray(o.actions) && o.actions.length > max) {
    return { ok: false, reason: `the reply has ${o.actions.length} actions; at most ${max} are allowed` };
  }
  const fn = validatorFor(schema);
  if (fn(value)) return { ok: true, value: value as ModelPlan };
  const errors = (fn.errors ?? []).slice(0, 6).map((e) => {
    const extra = e.keyword === 'enum' ? ` (allowed: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).slice(0, 12).map((v) => JSON.stringify(v)).join(', ')})`
      : e.keyword === 'additionalProperties' ? ` ("${String((e.params as { additionalProperty?: unknown }).additionalProperty)}")` : '';
    return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${extra}`;
  });
  return { ok: false, reason: errors.join('; ') };
}
