// Message definitions for rosapi's `topics_and_raw_types` (the .msg text with its dependencies) and `message_details`
// (TypeDefs), derived from the field types the sim already keeps for CBOR (cbor/message-fields.json).
import fields from './cbor/message-fields.json' with { type: 'json' };

const TYPES = (fields as { types: Record<string, Record<string, string>> }).types;
const SEPARATOR = '='.repeat(80);

/** `sensor_msgs/msg/LaserScan` or `sensor_msgs/LaserScan` → the key of message-fields.json (`sensor_msgs/LaserScan`). */
function key(type: string): string {
  return type.replace('/msg/', '/');
}

const PRIMITIVE: Record<string, string> = {
  boolean: 'bool', octet: 'byte', float: 'float32', double: 'float64', int8: 'int8', uint8: 'uint8', int16: 'int16',
  uint16: 'uint16', int32: 'int32', uint32: 'uint32', int64: 'int64', uint64: 'uint64', string: 'string',
};

/** rclpy's spelling (`sequence<float>`, `double[36]`, `std_msgs/Header`) → the .msg form, base type and array length. */
function parseField(rclpyType: string): { msgType: string; base: string; arrayLen: number } {
  const seq = /^sequence<([^,>]+)(?:, ?(\d+))?>$/.exec(rclpyType);
  const fixed = /^(.+)\[(\d+)\]$/.exec(rclpyType);
  const inner = seq?.[1] ?? fixed?.[1] ?? rclpyType;
  const base = PRIMITIVE[inner] ?? inner;
  if (seq) return { msgType: `${base}[${seq[2] ? `<=${seq[2]}` : ''}]`, base, arrayLen: -1 };
  if (fixed) return { msgType: `${base}[${fixed[2]}]`, base, arrayLen: Number(fixed[2]) };
  return { msgType: base, base, arrayLen: -1 };
}

/** The type and every message type it uses, depth first, each once; unknown types are left out. */
function closure(type: string, seen = new Set<string>()): string[] {
  const k = key(type);
  if (seen.has(k) || !TYPES[k]) return [];
  seen.add(k);
  const out = [k];
  for (const t of Object.values(TYPES[k])) {
    const { base } = parseField(t);
    if (base.includes('/')) out.push(...closure(base, seen));
  }
  return out;
}

/** The full text rosbridge gives `typedefs_full_text`: the type's fields, then `MSG: pkg/Type` sections. "" when unknown. */
export function fullText(type: string): string {
  const [first, ...deps] = closure(type);
  if (!first) return '';
  const body = (k: string) => Object.entries(TYPES[k]!).map(([name, t]) => `${parseField(t).msgType} ${name}`).join('\n');
  return [body(first), ...deps.map((d) => `${SEPARATOR}\nMSG: ${d}\n${body(d)}`)].join('\n');
}

export interface TypeDef {
  type: string; fieldnames: string[]; fieldtypes: string[]; fieldarraylen: number[]; examples: string[];
  constnames: string[]; constvalues: string[];
}

/** rosapi's `message_details` reply: a TypeDef for the type and each message type it uses. */
export function typedefs(type: string): TypeDef[] {
  return closure(type).map((k) => {
    const entries = Object.entries(TYPES[k]!);
    const parsed = entries.map(([, t]) => parseField(t));
    return {
      type: k, fieldnames: entries.map(([n]) => n), fieldtypes: parsed.map((p) => p.base),
      fieldarraylen: parsed.map((p) => p.arrayLen), examples: parsed.map((p) => (p.arrayLen >= 0 || p.msgType.endsWith(']') ? '[]' : p.base.includes('/') ? '{}' : '0')),
      constnames: [], constvalues: [],
    };
  });
}
