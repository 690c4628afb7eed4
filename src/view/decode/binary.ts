/**
 * The two wire forms of a message's arrays, made one: rosbridge's JSON gives `uint8[]` as base64 and numbers as lists
 * (NaN/Inf as null); its CBOR gives Uint8Array and little-endian typed arrays. Decoders read both through these.
 */
import { DecodeError } from './errors.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const lookup = new Uint8Array(256).fill(255);
for (let i = 0; i < BASE64.length; i++) lookup[BASE64.charCodeAt(i)] = i;
lookup['-'.charCodeAt(0)] = 62; // URL-safe alphabet too
lookup['_'.charCodeAt(0)] = 63;

/** Standard base64 (padding optional) → bytes. Table-driven: atob would build a 2 MB binary string for a big cloud. */
export function decodeBase64(text: string, what: string): Uint8Array {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end % 4 === 1) throw new DecodeError(`${what}: not base64 (length ${text.length})`);
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const a = lookup[text.charCodeAt(i)]!, b = lookup[text.charCodeAt(i + 1)]!;
    const c = lookup[text.charCodeAt(i + 2)]!, d = lookup[text.charCodeAt(i + 3)]!;
    if ((a | b | c | d) > 63) throw new DecodeError(`${what}: not base64 (bad character near ${i})`);
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16; out[o++] = (n >> 8) & 255; out[o++] = n & 255;
  }
  const rest = end - i;
  if (rest > 0) {
    const a = lookup[text.charCodeAt(i)]!, b = lookup[text.charCodeAt(i + 1)]!;
    const c = rest === 3 ? lookup[text.charCodeAt(i + 2)]! : 0;
    if ((a | b | c) > 63) throw new DecodeError(`${what}: not base64 (bad character near ${i})`);
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 255;
  }
  return out;
}

/** Bytes of a `uint8[]` field: Uint8Array (CBOR), base64 string (JSON) or a list of numbers. */
export function bytesOf(value: unknown, what: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'string') return decodeBase64(value, what);
  if (Array.isArray(value)) {
    const out = new Uint8Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v !== 'number') throw new DecodeError(`${what}: element ${i} is not a number`);
      out[i] = v;
    }
    return out;
  }
  if (value === undefined || value === null) return new Uint8Array(0);
  throw new DecodeError(`${what}: expected bytes (base64 text or a byte array), got ${typeof value}`);
}

/** A numeric array field: a typed array (CBOR) or a list with null for NaN/Inf (JSON) → numbers, null as NaN. */
export function numbersOf(value: unknown, what: string): ArrayLike<number> {
  if (value === undefined || value === null) return [];
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value instanceof BigInt64Array || value instanceof BigUint64Array) return Float64Array.from(value, Number);
    return value as unknown as ArrayLike<number>;
  }
  if (Array.isArray(value)) {
    const out = new Float64Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === 'number') out[i] = v;
      else if (v === null) out[i] = NaN;
      else throw new DecodeError(`${what}: element ${i} is not a number`);
    }
    return out;
  }
  throw new DecodeError(`${what}: expected a list of numbers, got ${typeof value}`);
}

/** The wire a message came over, judged by one of its array fields. */
export function wireOfField(value: unknown): 'cbor' | 'json' {
  return ArrayBuffer.isView(value) ? 'cbor' : 'json';
}
