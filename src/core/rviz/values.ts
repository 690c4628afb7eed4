/**
 * Action values arrive as text (`0.05`, `true`, `Best Effort`, `255; 0; 0`). This turns them into the
 * YAML types RViz2 writes, checked against the catalog's property spec when there is one.
 */
import type { PropertySpec } from '../catalog/types.ts';
import type { YamlScalar } from './yaml-format.ts';

export type ValueResult = { ok: true; value: YamlScalar } | { ok: false; reason: string };

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const INT = /^[-+]?\d+$/;
/** ROS 2 topic names: `/a/b`, `a/b`, `~/a`; tokens start with a letter or `_`, may hold `{substitutions}`. */
export const TOPIC_NAME = /^(~\/|\/)?([A-Za-z_{][A-Za-z0-9_{}]*)(\/[A-Za-z_{][A-Za-z0-9_{}]*)*$/;

/** `255; 0; 0`, `255,0,0` or `255 0 0` → `255; 0; 0`; undefined when not a colour. */
export function normalizeColor(text: string): string | undefined {
  const parts = text.trim().split(/\s*[;,]\s*|\s+/);
  if (parts.length !== 3 || !parts.every((p) => INT.test(p))) return undefined;
  const nums = parts.map(Number);
  if (nums.some((n) => n < 0 || n > 255)) return undefined;
  return nums.join('; ');
}

function range(spec: PropertySpec, n: number, label: string): string | undefined {
  if (spec.min !== undefined && n < spec.min) return `rviz: ${label} must be at least ${spec.min} (got ${n})`;
  if (spec.max !== undefined && n > spec.max) return `rviz: ${label} must be at most ${spec.max} (got ${n})`;
  return undefined;
}

/** QoS policies are editable enums in RViz2, but unknown strings silently fall back to defaults: refuse them. */
function strictEnum(spec: PropertySpec): boolean {
  return !(spec.editable || spec.dynamicValues) || /Policy$/.test(spec.path);
}

/** Convert action text to a typed value for `spec` (or, without a spec, like the current value). */
export function coerceValue(text: string, spec: PropertySpec | undefined, current: unknown, label: string): ValueResult {
  const t = text.trim();
  if (/[\n\r]/.test(text)) return { ok: false, reason: `rviz: ${label}: the value spans lines; RViz properties are single-line` };
  if (spec) {
    switch (spec.kind) {
      case 'bool':
        if (/^(true|false)$/i.test(t)) return { ok: true, value: t.toLowerCase() === 'true' };
        return { ok: false, reason: `rviz: ${label} expects true or false (got "${text}")` };
      case 'int': {
        if (!INT.test(t)) return { ok: false, reason: `rviz: ${label} expects a whole number (got "${text}")` };
        const n = Number(t);
        const bad = range(spec, n, label);
        return bad ? { ok: false, reason: bad } : { ok: true, value: n };
      }
      case 'float': {
        if (!NUMBER.test(t)) return { ok: false, reason: `rviz: ${label} expects a number (got "${text}")` };
        const n = Number(t);
        const bad = range(spec, n, label);
        return bad ? { ok: false, reason: bad } : { ok: true, value: n };
      }
      case 'enum': {
        const values = spec.values ?? [];
        const exact = values.find((v) => v === t) ?? values.find((v) => v.toLowerCase() === t.toLowerCase());
        if (exact !== undefined) return { ok: true, value: exact };
        if (!strictEnum(spec)) return { ok: true, value: t };
        return { ok: false, reason: `rviz: ${label} must be one of ${values.map((v) => `"${v}"`).join(', ')} (got "${text}")` };
      }
      case 'color': {
        const c = normalizeColor(t);
        return c ? { ok: true, value: c } : { ok: false, reason: `rviz: ${label} expects a colour "R; G; B" with 0-255 each (got "${text}")` };
      }
      case 'vector':
        return { ok: false, reason: `rviz: ${label} is a vector; set its parts one at a time (${spec.path}/X, ${spec.path}/Y, ${spec.path}/Z)` };
      default:
        return { ok: true, value: text };
    }
  }
  if (typeof current === 'boolean') {
    if (/^(true|false)$/i.test(t)) return { ok: true, value: t.toLowerCase() === 'true' };
    return { ok: false, reason: `rviz: ${label} is true/false now; expected true or false (got "${text}")` };
  }
  if (typeof current === 'number') {
    if (NUMBER.test(t)) return { ok: true, value: Number(t) };
    return { ok: false, reason: `rviz: ${label} is a number now; expected a number (got "${text}")` };
  }
  if (typeof current === 'string') return { ok: true, value: text };
  if (/^(true|false)$/.test(t)) return { ok: true, value: t === 'true' };
  if (NUMBER.test(t)) return { ok: true, value: Number(t) };
  return { ok: true, value: text };
}

/** Why RViz2 would not accept `value` for `spec` (used by lint), or undefined when it would. */
export function checkValue(spec: PropertySpec, value: unknown): string | undefined {
  // Empty values are how RViz2 itself writes an unset choice (`Link Tree Style: ""`); it loads them.
  if (value === null || value === undefined || value === '') return undefined;
  switch (spec.kind) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : `expects true or false, has ${JSON.stringify(value)}`;
    case 'int':
    case 'float': {
      if (typeof value !== 'number') return `expects a number, has ${JSON.stringify(value)}`;
      if (spec.kind === 'int' && !Number.isInteger(value)) return `expects a whole number, has ${value}`;
      if (spec.min !== undefined && value < spec.min) return `must be at least ${spec.min}, has ${value}`;
      if (spec.max !== undefined && value > spec.max) return `must be at most ${spec.max}, has ${value}`;
      return undefined;
    }
    case 'enum': {
      const values = spec.values ?? [];
      if (values.includes(String(value))) return undefined;
      if (!spec.editable && !spec.dynamicValues) return `must be one of ${values.map((v) => `"${v}"`).join(', ')}, has ${JSON.stringify(value)}`;
      if (/Policy$/.test(spec.path)) return `is not one of ${values.map((v) => `"${v}"`).join(', ')} (has ${JSON.stringify(value)}); RViz2 silently uses its default instead`;
      return undefined;
    }
    case 'topic':
      // rclcpp refuses such names when subscribing ("Invalid topic name"); empty means "not set yet".
      return TOPIC_NAME.test(String(value)) ? undefined : `is not a valid ROS 2 topic name, has ${JSON.stringify(value)}`;
    case 'color':
      return typeof value === 'string' && normalizeColor(value) !== undefined && /^\d+; \d+; \d+$/.test(value.trim())
        ? undefined
        : `expects a colour "R; G; B", has ${JSON.stringify(value)}`;
    default:
      return undefined;
  }
}
