/**
 * The QoS a display really subscribes with, as RViz2 decides it: one answer for the planner's QoS fixes and for the
 * diagnosis QoS rules.
 *
 * RViz2 builds the QoS properties of a topic display from `qos_profile(5)` (ros_topic_display.hpp); a display may then
 * subscribe with a profile of its own (RobotModel: KeepLast(1), Transient Local, robot_model_display.cpp), which the
 * catalog holds as `defaultQos`. Only a change of a QoS property fires `updateQosProfile()`
 * (qos_profile_property.cpp), which rebuilds the profile from the properties. Loading a file changes a property only
 * when its value differs from the property's default (Property::setValue), so a file whose QoS fields all equal the
 * defaults keeps the display's own profile, and one that changes any field subscribes with all the fields.
 */
import type { DisplayTypeSpec } from './types.ts';

export type QosValueSource = 'config' | 'RViz default';

export interface QosFieldValue {
  /** As written in the file, or as RViz2 starts with it: `Best Effort`, `Transient Local`, `Keep Last`. */
  text: string;
  source: QosValueSource;
}

export interface EffectiveQos {
  reliability: QosFieldValue;
  durability: QosFieldValue;
  history: QosFieldValue;
  depth?: { value: number; source: QosValueSource };
  /**
   * True when a QoS field differs from its property default, so RViz2 subscribes with the fields; false when the
   * display's own first profile (`defaultQos`) holds.
   */
  fromFields: boolean;
}

/** A plain-data value by `/` path; a map answers with its `Value`. Also used by diagnosis to read displays. */
export function valueAt(properties: Readonly<Record<string, unknown>> | undefined, path: string): unknown {
  let node: unknown = properties;
  for (const seg of path.split('/')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  if (node && typeof node === 'object' && !Array.isArray(node)) return (node as Record<string, unknown>)['Value'];
  return node;
}

const FIELDS = [
  ['reliability', 'Reliability Policy'],
  ['durability', 'Durability Policy'],
  ['history', 'History Policy'],
  ['depth', 'Depth'],
] as const;

type FieldKey = (typeof FIELDS)[number][0];

const sameText = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

function scalar(v: unknown): string | undefined {
  return v === undefined || v === null || typeof v === 'object' ? undefined : String(v);
}

/**
 * The QoS `spec` subscribes `topicProperty` with, given the display's plain-data properties (`properties`, the file)
 * and edits not yet in the file (`overrides`, full paths such as `Description Topic/Durability Policy`).
 * Undefined when neither the file nor the catalog gives a reliability and a durability.
 * @example
 * effectiveRequestedQos(robotModel, 'Description Topic', { 'Description Topic': { Value: '/robot_description', Depth: 5,
 *   'Durability Policy': 'Volatile' } })                     // durability Transient Local (RobotModel's own profile)
 * effectiveRequestedQos(robotModel, 'Description Topic', {}, new Map([['Description Topic/Depth', '1']]))
 *                                                           // durability Volatile: a changed field rebuilds the profile
 */
export function effectiveRequestedQos(
  spec: DisplayTypeSpec | undefined,
  topicProperty: string,
  properties: Readonly<Record<string, unknown>> | undefined,
  overrides?: ReadonlyMap<string, string>,
): EffectiveQos | undefined {
  const first = spec?.defaultQos?.[topicProperty];
  const fields = FIELDS.map(([key, name]) => {
    const own = `${topicProperty}/${name}`;
    // DepthCloud keeps one `Reliability Policy` for both of its topics at the display level.
    const shared = !spec || spec.properties.some((p) => p.path === name) ? name : undefined;
    const prop = spec?.properties.find((p) => p.path === own) ?? (shared ? spec?.properties.find((p) => p.path === shared) : undefined);
    const written = overrides?.get(own) ?? scalar(valueAt(properties, own))
      ?? (shared ? overrides?.get(shared) ?? scalar(valueAt(properties, shared)) : undefined);
    const propDefault = prop?.default === undefined ? undefined : String(prop.default);
    const changed = written !== undefined && propDefault !== undefined
      && (key === 'depth' ? Number(written) !== Number(propDefault) : !sameText(written, propDefault));
    const firstValue = first === undefined ? undefined : String(first[key]);
    return { key, written, propDefault, changed, firstValue, hasProperty: prop !== undefined };
  });
  const fromFields = first === undefined || fields.some((f) => f.changed);
  const pick = (key: FieldKey): QosFieldValue | undefined => {
    const f = fields.find((x) => x.key === key)!;
    // Rebuilt: fields with a property take its value; others keep the display's own profile (DepthCloud's durability).
    const text = fromFields && (f.hasProperty || f.written !== undefined)
      ? f.written ?? f.propDefault ?? f.firstValue
      : f.firstValue ?? f.written ?? f.propDefault;
    if (text === undefined) return undefined;
    return { text, source: f.written !== undefined && sameText(f.written, text) ? 'config' : 'RViz default' };
  };
  const reliability = pick('reliability');
  const durability = pick('durability');
  if (!reliability || !durability) return undefined;
  const history = pick('history') ?? { text: 'Keep Last', source: 'RViz default' };
  const depthText = pick('depth');
  const depth = depthText !== undefined && Number.isFinite(Number(depthText.text)) ? { value: Number(depthText.text), source: depthText.source } : undefined;
  return { reliability, durability, history, ...(depth ? { depth } : {}), fromFields };
}
