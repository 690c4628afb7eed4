/**
 * The control each property of a display implies, read from the catalog and the document (never written here):
 * enums as a list of the catalog's values, booleans as switches, numbers with unit, range and step, colours as
 * `R; G; B`, topics as the live topics the display accepts (with their publishers' QoS and the verdict), frames from the
 * TF tree, QoS fields with the verdict, and keys the catalog does not know as text with a note. The UI renders these
 * descriptions; what is valid is decided when an edit is committed (edit-actions.ts).
 */
import { conditionHolds, conditionsOf, conditionText, globalOptionSpecs, GLOBAL_OPTIONS, type DisplayTypeSpec, type PropertySpec } from '../catalog/index.ts';
import { valueAt } from '../catalog/qos.ts';
import type { TopicInfo } from '../graph/types.ts';
import type { PlanContext } from '../planner/types.ts';
import { topicsForSpec } from '../planner/topics.ts';
import type { DisplayInfo } from '../rviz/displays.ts';
import { globalOptions } from '../rviz/displays.ts';
import { publisherChips, qosVerdict, type QosChip, type QosVerdict } from './qos-verdict.ts';

export type ControlKind = 'enum' | 'bool' | 'number' | 'color' | 'topic' | 'frame' | 'vector' | 'text';

export interface TopicOption {
  name: string;
  type: string;
  chips: QosChip[];
  /** Whether the display, with its QoS as now, receives from this topic's publishers. */
  verdict?: QosVerdict;
}

export interface PropertyControl {
  /** As written in the file, `/`-separated: `Size (m)`, `Topic/Reliability Policy`. */
  path: string;
  /** The accessible name: `<display name> › <path parts joined by ›>`. */
  label: string;
  /** The last part of the path, shown beside the control. */
  caption: string;
  /** How many parents the path has (sub-properties indent). */
  depth: number;
  kind: ControlKind;
  /** The value as text (`0.03`, `true`, `255; 0; 0`); '' when the file does not set it and the catalog has no default. */
  value: string;
  /** Whether the value is the catalog default because the file does not set it. */
  defaulted: boolean;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  /** A slider beside the field (numbers with both bounds). */
  slider?: boolean;
  /** `0..1`, `≥ 0.0001`: said next to the field and in a refusal. */
  range?: string;
  options?: string[];
  topics?: TopicOption[];
  frames?: string[];
  /** A frame not in TF (allowed), a topic the robot does not have… */
  warning?: string;
  /** QoS fields and topics: will the display receive? */
  verdict?: QosVerdict;
  /** For QoS fields and topics: the topic property the verdict is about (`Topic`). */
  qosOf?: string;
  /** Why it is text: the catalog does not know it; or what RViz2 does with it. */
  note?: string;
  /** False while RViz2 hides it (its conditions do not hold): `takes effect only with Style != Points`. */
  active: boolean;
  inactiveReason?: string;
  /** A topic property: committed as set_topic. */
  isTopic: boolean;
}

/** Keys that are the display's identity or children, edited by the row's own controls, never as properties. */
const ROW_KEYS = new Set(['Class', 'Name', 'Enabled', 'Value', 'Displays']);
/** The QoS fields that decide whether data flows (history and depth never do). */
const QOS_FIELD = /^(.*)\/(Reliability Policy|Durability Policy)$/;

export function controlLabel(displayName: string, path: string): string {
  return `${displayName} › ${path.split('/').join(' › ')}`;
}

/** `Size (m)` → `m`, `Size (Pixels)` → `px`. */
export function unitOf(path: string): string | undefined {
  const m = /\(([^)]+)\)\s*$/.exec(path);
  if (!m) return undefined;
  return m[1]!.toLowerCase() === 'pixels' ? 'px' : m[1]!;
}

export function rangeOf(spec: PropertySpec): string | undefined {
  if (spec.min !== undefined && spec.max !== undefined) return `${spec.min}..${spec.max}`;
  if (spec.min !== undefined) return `≥ ${spec.min}`;
  if (spec.max !== undefined) return `≤ ${spec.max}`;
  return undefined;
}

/** A step fine enough for the property: 1 for integers; for floats a tenth of the span's order or of the default's. */
export function stepOf(spec: PropertySpec): number | undefined {
  if (spec.kind === 'int') return 1;
  if (spec.kind !== 'float') return undefined;
  const span = spec.min !== undefined && spec.max !== undefined ? spec.max - spec.min : undefined;
  const scale = span !== undefined && span > 0 ? span : Math.abs(Number(spec.default ?? 1)) || 1;
  return 10 ** (Math.floor(Math.log10(scale)) - 1);
}

function text(v: unknown): string | undefined {
  if (v === undefined || v === null || typeof v === 'object') return undefined;
  return String(v);
}

function kindOf(spec: PropertySpec): ControlKind {
  switch (spec.kind) {
    case 'int': case 'float': return 'number';
    case 'string': return 'text';
    default: return spec.kind;
  }
}

function topicOptions(ctx: PlanContext, spec: DisplayTypeSpec, prop: string, props: Record<string, unknown> | undefined): TopicOption[] {
  // Only the main topic property is read with the display's message types; other ones list nothing to pick.
  if (spec.topicProperties[0] !== prop) return [];
  return topicsForSpec(ctx, spec).map((t) => ({
    name: t.name, type: t.type, chips: publisherChips(t), verdict: qosVerdict(spec, prop, props, t),
  }));
}

function frameWarning(ctx: PlanContext, frame: string): string | undefined {
  if (ctx.frames.length === 0 || frame === '' || frame === '<Fixed Frame>' || ctx.frames.includes(frame)) return undefined;
  return `frame ${frame} is not in the TF tree now (allowed: it may appear later)`;
}

function liveTopic(ctx: PlanContext, name: string | undefined): TopicInfo | undefined {
  if (!name) return undefined;
  return ctx.topicByName.get(name.startsWith('/') ? name : `/${name}`);
}

function catalogControl(ctx: PlanContext, display: DisplayInfo, spec: DisplayTypeSpec, p: PropertySpec): PropertyControl {
  const props = display.properties;
  const written = text(valueAt(props, p.path));
  const value = written ?? text(p.default) ?? '';
  const conds = conditionsOf(p).filter((c) => !conditionHolds(c, text(valueAt(props, c.path)) ?? text(spec.properties.find((x) => x.path === c.path)?.default)));
  const control: PropertyControl = {
    path: p.path, label: controlLabel(display.name, p.path), caption: p.path.split('/').pop()!, depth: p.path.split('/').length - 1,
    kind: kindOf(p), value, defaulted: written === undefined, active: conds.length === 0, isTopic: spec.topicProperties.includes(p.path),
    ...(conds.length ? { inactiveReason: `takes effect only with ${conds.map(conditionText).join(' and ')}` } : {}),
    ...(p.note ? { note: p.note } : {}),
  };
  if (control.kind === 'number') {
    Object.assign(control, { unit: unitOf(p.path), min: p.min, max: p.max, step: stepOf(p), slider: p.min !== undefined && p.max !== undefined, range: rangeOf(p) });
  }
  if (p.kind === 'enum') {
    const values = [...(p.values ?? [])];
    // A value the data chose (a cloud's field name) stays selectable.
    if (value !== '' && !values.includes(value)) values.push(value);
    control.options = values;
  }
  if (p.kind === 'frame') {
    control.frames = [...(p.path === 'Fixed Frame' ? [] : ['<Fixed Frame>']), ...ctx.frames];
    const w = frameWarning(ctx, value);
    if (w) control.warning = w;
  }
  if (p.kind === 'topic') {
    control.topics = topicOptions(ctx, spec, p.path, props);
    if (spec.defaultQos?.[p.path]) {
      control.qosOf = p.path;
      const v = qosVerdict(spec, p.path, props, liveTopic(ctx, value));
      if (v && ctx.snapshot) control.verdict = v;
    }
  }
  const qos = QOS_FIELD.exec(p.path);
  if (qos && spec.defaultQos?.[qos[1]!]) {
    control.qosOf = qos[1]!;
    const topicName = text(valueAt(props, qos[1]!));
    const v = qosVerdict(spec, qos[1]!, props, liveTopic(ctx, topicName));
    // Without a publisher there is nothing to judge a policy against; the topic field says so once.
    if (v && ctx.snapshot && v.level !== 'no-publisher') control.verdict = v;
  }
  return control;
}

/** Leaf paths of plain data: nested maps joined with `/`; a map's `Value` stands for the map itself. */
function leaves(value: Record<string, unknown>, prefix = '', out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(value)) {
    if (prefix === '' && ROW_KEYS.has(k)) continue;
    const path = prefix ? `${prefix}/${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) leaves(v as Record<string, unknown>, path, out);
    else out.push([path.endsWith('/Value') ? path.slice(0, -'/Value'.length) : path, v]);
  }
  return out;
}

function unknownControl(display: DisplayInfo, path: string, value: unknown, why: string): PropertyControl {
  return {
    path, label: controlLabel(display.name, path), caption: path.split('/').pop()!, depth: path.split('/').length - 1,
    kind: 'text', value: Array.isArray(value) ? JSON.stringify(value) : text(value) ?? '', defaulted: false, active: true,
    isTopic: false, note: why,
  };
}

/**
 * Every property of a display, catalog order first (those RViz2 never shows left out), then the keys the catalog does
 * not know (a plugin's own, per-link and per-namespace children) as text.
 */
export function propertyControls(ctx: PlanContext, display: DisplayInfo): PropertyControl[] {
  const spec = ctx.catalog.byClass(display.classId);
  const out: PropertyControl[] = [];
  const known = new Set<string>();
  if (spec) {
    for (const p of spec.properties) {
      if (p.hidden) continue;
      known.add(p.path);
      out.push(catalogControl(ctx, display, spec, p));
    }
  }
  const why = spec
    ? `not in the catalog for ${spec.name} (a child RViz2 adds from the data, or another version's setting): edited as text`
    : `${display.classId} is not in the catalog (a third-party plugin): edited as text, written as typed`;
  for (const [path, value] of leaves(display.properties)) {
    if (known.has(path) || spec?.properties.some((p) => p.path === path && p.hidden)) continue;
    out.push(unknownControl(display, path, value, why));
  }
  return out;
}

/** The Global Options as controls: Fixed Frame from the TF tree, Background Color, Frame Rate, Default Light. */
export function globalOptionControls(ctx: PlanContext): PropertyControl[] {
  const current = globalOptions(ctx.document);
  return globalOptionSpecs.map((p) => {
    const written = text(current[p.path]);
    const value = written ?? text(p.default) ?? '';
    const control: PropertyControl = {
      path: p.path, label: controlLabel(GLOBAL_OPTIONS, p.path), caption: p.path, depth: 0, kind: kindOf(p), value,
      defaulted: written === undefined, active: true, isTopic: false, ...(p.note ? { note: p.note } : {}),
    };
    if (control.kind === 'number') Object.assign(control, { min: p.min, max: p.max, step: stepOf(p), slider: false, range: rangeOf(p) });
    if (p.kind === 'frame') {
      control.frames = [...ctx.frames];
      const w = frameWarning(ctx, value);
      if (w) control.warning = w;
    }
    return control;
  });
}

/**
 * The verdict a QoS field (or topic) would give with `value` not yet committed: shown live while the user picks.
 * Undefined when the control has no QoS verdict or there is no robot.
 */
export function previewVerdict(ctx: PlanContext, display: DisplayInfo, control: PropertyControl, value: string): QosVerdict | undefined {
  const spec = ctx.catalog.byClass(display.classId);
  if (!spec || !control.qosOf || !ctx.snapshot) return undefined;
  const topicName = control.isTopic ? value : text(valueAt(display.properties, control.qosOf));
  const overrides = control.isTopic ? undefined : new Map([[control.path, value]]);
  const v = qosVerdict(spec, control.qosOf, display.properties, liveTopic(ctx, topicName), overrides);
  return v && (control.isTopic || v.level !== 'no-publisher') ? v : undefined;
}

/** `255; 0; 0` → `#ff0000` for a colour picker; undefined when the text is not an RViz colour. */
export function colorToHex(value: string): string | undefined {
  const parts = value.split(';').map((p) => Number(p.trim()));
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return undefined;
  return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/** `#ff0000` → `255; 0; 0`, as RViz2 writes colours. */
export function hexToColor(hex: string): string | undefined {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  return [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16)).join('; ');
}
