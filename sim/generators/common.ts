// Helpers every message generator shares: ROS time, headers, quaternions, base64 and typed parameter reads.
import type { Scenario, TopicSpec } from '../types.ts';

export interface RosTime { sec: number; nanosec: number }

/** What a generator gets on each tick. */
export interface Tick {
  /** The stamp for headers: wall clock, or sim time from 0 when the topic's clock is sim_zero. */
  stamp: RosTime;
  /** Seconds since the simulation started (drives motion). */
  t: number;
  /** Wall-clock ROS time (for TF and anything that must be "now"). */
  now: RosTime;
  /** How many messages this topic has produced before. */
  seq: number;
}

export type Message = Record<string, unknown>;
export type Produce = (tick: Tick) => Message;

/** A generator: the message types it can produce and a factory that precomputes what it can. */
export interface Generator {
  types: readonly string[];
  create(params: Params, scenario: Scenario, topic: TopicSpec): Produce;
}

export function rosTimeFromMs(ms: number): RosTime {
  return rosTimeFromSeconds(ms / 1000);
}

/** Seconds as builtin_interfaces/Time; nanosec always in [0, 1e9). */
export function rosTimeFromSeconds(seconds: number): RosTime {
  let sec = Math.floor(seconds);
  let nanosec = Math.round((seconds - sec) * 1e9);
  if (nanosec >= 1e9) { sec += 1; nanosec -= 1e9; }
  return { sec, nanosec };
}

export function header(stamp: RosTime, frameId: string): Message {
  return { stamp, frame_id: frameId };
}

export interface Quaternion { x: number; y: number; z: number; w: number }

export function quatFromRpy(roll: number, pitch: number, yaw: number): Quaternion {
  const cr = Math.cos(roll / 2), sr = Math.sin(roll / 2);
  const cp = Math.cos(pitch / 2), sp = Math.sin(pitch / 2);
  const cy = Math.cos(yaw / 2), sy = Math.sin(yaw / 2);
  return {
    x: sr * cp * cy - cr * sp * sy,
    y: cr * sp * cy + sr * cp * sy,
    z: cr * cp * sy - sr * sp * cy,
    w: cr * cp * cy + sr * sp * sy,
  };
}

export function pose(x: number, y: number, z: number, yaw: number): Message {
  return { position: { x, y, z }, orientation: quatFromRpy(0, 0, yaw) };
}

/** rosbridge sends uint8[] fields as base64 strings in JSON mode. */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Typed reads of a generator's `params` with defaults; a wrong type is a load-time error naming the key. */
export class Params {
  public constructor(private readonly values: Record<string, unknown>, private readonly where: string) {}

  public num(key: string, fallback: number): number {
    const v = this.values[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${this.where}/params/${key}: expected a number, got ${JSON.stringify(v)}`);
    return v;
  }

  public str(key: string, fallback: string): string {
    const v = this.values[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'string') throw new Error(`${this.where}/params/${key}: expected a string, got ${JSON.stringify(v)}`);
    return v;
  }

  public strList(key: string, fallback: string[]): string[] {
    const v = this.values[key];
    if (v === undefined) return fallback;
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new Error(`${this.where}/params/${key}: expected an array of strings`);
    return v as string[];
  }
}
