/**
 * When a property takes effect (RViz2 shows it): its `requires` (equal), `requiresNot` (differ) and `requiresOneOf`
 * (one of) as one list of conditions, how to test them against current values, and which value satisfies one.
 */
import type { DisplayTypeSpec, PropertySpec } from './types.ts';

export type ConditionOp = 'equals' | 'notEquals' | 'oneOf';

export interface Condition {
  /** The property the condition is on (`Style`, `Color Transformer`, `Links/Link Tree Style`). */
  path: string;
  op: ConditionOp;
  /** `equals`/`notEquals`: one value; `oneOf`: the allowed values. */
  values: readonly string[];
}

/** Every condition of a property, in the order equals, not-equals, one-of. */
export function conditionsOf(prop: PropertySpec): Condition[] {
  return [
    ...(prop.requires ?? []).map((r): Condition => ({ path: r.path, op: 'equals', values: [r.value] })),
    ...(prop.requiresNot ?? []).map((r): Condition => ({ path: r.path, op: 'notEquals', values: [r.value] })),
    ...(prop.requiresOneOf ?? []).map((r): Condition => ({ path: r.path, op: 'oneOf', values: r.values })),
  ];
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether `current` (the value the file or plan gives `cond.path`, undefined when unknown) satisfies the condition. */
export function conditionHolds(cond: Condition, current: string | undefined): boolean {
  if (current === undefined) return false;
  const hit = cond.values.some((v) => same(v, current));
  return cond.op === 'notEquals' ? !hit : hit;
}

/** `Style = Points`, `Style != Points`, `Links/Link Tree Style in Tree of links | Tree of links and joints`. */
export function conditionText(cond: Condition): string {
  switch (cond.op) {
    case 'equals': return `${cond.path} = ${cond.values[0]}`;
    case 'notEquals': return `${cond.path} != ${cond.values[0]}`;
    case 'oneOf': return `${cond.path} in ${cond.values.join(' | ')}`;
  }
}

/**
 * A value for `cond.path` that satisfies the condition, or undefined when none is known: the value itself (equals), the
 * target's default when allowed, else its first allowed value (one of), else its first value that differs (not equals;
 * `true`/`false` flip for booleans).
 */
export function satisfyingValue(spec: DisplayTypeSpec, cond: Condition): string | undefined {
  if (cond.op === 'equals') return cond.values[0];
  const target = spec.properties.find((p) => p.path === cond.path);
  const def = target?.default === undefined ? undefined : String(target.default);
  if (def !== undefined && def !== '' && conditionHolds(cond, def)) return def;
  if (cond.op === 'oneOf') return cond.values[0];
  const options = target?.kind === 'bool' ? ['true', 'false'] : target?.values ?? [];
  return options.find((v) => conditionHolds(cond, v));
}
