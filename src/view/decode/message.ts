/** Reading the plain parts of a message: header, numbers, objects, with errors that name the field. */
import { DecodeError } from './errors.ts';

export function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new DecodeError(`${what}: expected an object`);
  return value as Record<string, unknown>;
}

export function numberOf(m: Record<string, unknown>, key: string, what: string, fallback?: number): number {
  const v = m[key];
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v === null) return NaN; // rosbridge JSON writes NaN/Inf as null
  if (v === undefined && fallback !== undefined) return fallback;
  throw new DecodeError(`${what}: ${key} is ${v === undefined ? 'missing' : `not a number (${typeof v})`}`);
}

export function boolOf(m: Record<string, unknown>, key: string): boolean {
  const v = m[key];
  return v === true || v === 1;
}

export interface Header { frameId: string; stampSec: number }

/** std_msgs/Header, ROS 2 (`stamp.sec/nanosec`) or ROS 1 (`stamp.secs/nsecs`); absent parts read as empty / 0. */
export function headerOf(message: Record<string, unknown>): Header {
  const h = message.header;
  if (!h || typeof h !== 'object') return { frameId: '', stampSec: 0 };
  const hh = h as Record<string, unknown>;
  const frameId = typeof hh.frame_id === 'string' ? hh.frame_id : '';
  const s = hh.stamp && typeof hh.stamp === 'object' ? hh.stamp as Record<string, unknown> : {};
  const sec = Number(s.sec ?? s.secs ?? 0);
  const nsec = Number(s.nanosec ?? s.nsecs ?? 0);
  return { frameId, stampSec: (Number.isFinite(sec) ? sec : 0) + (Number.isFinite(nsec) ? nsec : 0) / 1e9 };
}
