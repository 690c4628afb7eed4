// rosbridge's `compression: "cbor"`: the whole publish envelope CBOR-encoded into one binary frame, as
// rosbridge_library's cbor_conversion.py builds it: uint8[]/char[] sequences as plain byte strings, numeric sequences
// as little-endian typed-array tags (RFC 8746: 69 uint16 … 86 float64), strings, bools and numbers as themselves.
// Fixed-size arrays (double[36]) become plain arrays (rosbridge's fix for them, PR #1161). The simulated robot's
// messages are built in rosbridge's JSON form (base64 bytes, null for NaN), so this converts from that form.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { encode } from 'cbor2';

type Fields = Record<string, string>;

const HERE = dirname(fileURLToPath(import.meta.url));

function loadFields(): Record<string, Fields> {
  const file = join(HERE, 'message-fields.json');
  const schema = JSON.parse(readFileSync(join(HERE, 'message-fields.schema.json'), 'utf8')) as object;
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const validate = new Ajv({ allErrors: false, strict: false }).compile<{ types: Record<string, Fields> }>(schema);
  if (!validate(data)) {
    const e = validate.errors?.[0];
    throw new Error(`${file}: ${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}`);
  }
  return data.types;
}

let FIELDS: Record<string, Fields> | undefined;

/** `sensor_msgs/msg/LaserScan` → `sensor_msgs/LaserScan` (the form rclpy's field types use). */
function shortType(type: string): string {
  return type.replace('/msg/', '/');
}

/** Field types of a message type, or undefined when the file does not list it. */
export function messageFields(type: string): Fields | undefined {
  FIELDS ??= loadFields();
  return FIELDS[shortType(type)];
}

const TYPED: Readonly<Record<string, (n: number[]) => ArrayBufferView>> = {
  uint16: (n) => Uint16Array.from(n),
  uint32: (n) => Uint32Array.from(n),
  uint64: (n) => BigUint64Array.from(n, (v) => BigInt(Math.trunc(v))),
  byte: (n) => Int8Array.from(n),
  int8: (n) => Int8Array.from(n),
  int16: (n) => Int16Array.from(n),
  int32: (n) => Int32Array.from(n),
  int64: (n) => BigInt64Array.from(n, (v) => BigInt(Math.trunc(v))),
  float: (n) => Float32Array.from(n),
  double: (n) => Float64Array.from(n),
};

function numbers(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => (typeof v === 'number' ? v : v === null ? NaN : Number(v)));
}

function bytes(value: unknown): Uint8Array {
  if (typeof value === 'string') return new Uint8Array(Buffer.from(value, 'base64'));
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return Uint8Array.from(value as number[]);
  return new Uint8Array(0);
}

/** One field's value, by its rclpy type string. */
function convertField(fieldType: string, value: unknown): unknown {
  const seq = /^sequence<(.+)>$/.exec(fieldType);
  if (seq) {
    const inner = seq[1]!;
    if (inner === 'uint8' || inner === 'char') return bytes(value);
    const typed = TYPED[inner];
    if (typed) return typed(numbers(value));
    if (!Array.isArray(value)) return [];
    return inner.includes('/') ? value.map((v) => convertMessage(inner, v)) : value;
  }
  const fixed = /^(.+)\[\d+\]$/.exec(fieldType);
  if (fixed) {
    const inner = fixed[1]!;
    if (!Array.isArray(value)) return [];
    return inner.includes('/') ? value.map((v) => convertMessage(inner, v)) : value.map((v) => (v === null ? NaN : v));
  }
  if (fieldType.includes('/')) return convertMessage(fieldType, value);
  if (value === null && (fieldType === 'float' || fieldType === 'double')) return NaN;
  return value;
}

/** A message in rosbridge's JSON form → the values rosbridge would CBOR-encode. Unknown types pass through as they are. */
export function convertMessage(type: string, message: unknown): unknown {
  const fields = messageFields(type);
  if (!fields || !message || typeof message !== 'object' || Array.isArray(message)) return message;
  const m = message as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, fieldType] of Object.entries(fields)) {
    if (name in m) out[name] = convertField(fieldType, m[name]);
  }
  return out;
}

/** The CBOR frame of a JSON publish envelope (`{"op":"publish","topic",...,"msg"}`) of a topic of `type`. */
export function cborEnvelope(envelope: string, type: string): Uint8Array {
  const parsed = JSON.parse(envelope) as { op: string; topic: string; msg: unknown };
  return encode({ op: parsed.op, topic: parsed.topic, msg: convertMessage(type, parsed.msg) });
}

/**
 * The last CBOR frame per topic, so N CBOR subscribers cost one encode. Keyed by the envelope string itself: the same
 * string object compares equal at once.
 */
export class CborCache {
  private readonly last = new Map<string, { envelope: string; frame: Uint8Array }>();

  public frame(topic: string, type: string, envelope: string): Uint8Array {
    const hit = this.last.get(topic);
    if (hit && hit.envelope === envelope) return hit.frame;
    const frame = cborEnvelope(envelope, type);
    this.last.set(topic, { envelope, frame });
    return frame;
  }
}

export const sharedCborCache = new CborCache();
