/**
 * Reads a display's properties as the .rviz file writes them (scalars, or maps with `Value`), falling back to the
 * catalog's default for anything the file leaves out. Pure: no DOM, no three.js.
 */
import type { DisplayTypeSpec } from '../../core/catalog/types.ts';

/** An RGB colour with components in 0..1. */
export type Rgb = readonly [number, number, number];
export type Vec3 = readonly [number, number, number];

function lookupPath(props: Record<string, unknown>, path: string): unknown {
  let node: unknown = props;
  for (const seg of path.split('/')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[seg];
    if (node === undefined) return undefined;
  }
  if (node !== null && typeof node === 'object' && !Array.isArray(node) && 'Value' in (node as object)) return (node as Record<string, unknown>)['Value'];
  return node;
}

/** `R; G; B` (0..255) → 0..1 components; undefined when the text is not a colour. */
export function parseRgb(value: unknown): Rgb | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split(';').map((s) => Number(s.trim()));
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return undefined;
  return [clamp01(parts[0]! / 255), clamp01(parts[1]! / 255), clamp01(parts[2]! / 255)];
}

/** `x; y; z` or `{X, Y, Z}` → a vector; undefined when it is neither. */
export function parseVec3(value: unknown): Vec3 | undefined {
  if (typeof value === 'string') {
    const parts = value.split(';').map((s) => Number(s.trim()));
    if (parts.length === 3 && parts.every((n) => Number.isFinite(n))) return [parts[0]!, parts[1]!, parts[2]!];
    return undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const n = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : Number(o[k] ?? 0));
    const v: Vec3 = [n('X'), n('Y'), n('Z')];
    return v.every((c) => Number.isFinite(c)) ? v : undefined;
  }
  return undefined;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** Typed reads of one display's properties with the catalog's defaults. */
export class DisplayProps {
  private readonly props: Record<string, unknown>;
  private readonly spec: DisplayTypeSpec | undefined;

  public constructor(props: Record<string, unknown>, spec: DisplayTypeSpec | undefined) {
    this.props = props;
    this.spec = spec;
  }

  /** The value as written, or the catalog default, or undefined. */
  public raw(path: string): unknown {
    const v = lookupPath(this.props, path);
    if (v !== undefined && v !== null && v !== '') return v;
    return this.spec?.properties.find((p) => p.path === path)?.default;
  }

  public num(path: string, fallback: number): number {
    const v = this.raw(path);
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : fallback;
  }

  public bool(path: string, fallback: boolean): boolean {
    const v = this.raw(path);
    if (typeof v === 'boolean') return v;
    if (v === 'true') return true;
    if (v === 'false') return false;
    return fallback;
  }

  public str(path: string, fallback: string): string {
    const v = this.raw(path);
    return v === undefined || v === null ? fallback : String(v);
  }

  /** One of the allowed strings, else the fallback (RViz reads an unknown enum string as its default). */
  public oneOf<T extends string>(path: string, allowed: readonly T[], fallback: T): T {
    const v = this.str(path, fallback);
    return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  }

  public rgb(path: string, fallback: Rgb): Rgb {
    return parseRgb(this.raw(path)) ?? fallback;
  }

  public vec3(path: string, fallback: Vec3): Vec3 {
    return parseVec3(lookupPath(this.props, path)) ?? parseVec3(this.spec?.properties.find((p) => p.path === path)?.default) ?? fallback;
  }

  /** A map of booleans under a key (`Namespaces`, `Frames`), values read from `Value` when written as maps. */
  public flags(path: string): Record<string, boolean> {
    let node: unknown = this.props;
    for (const seg of path.split('/')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
    const out: Record<string, boolean> = {};
    if (!node || typeof node !== 'object' || Array.isArray(node)) return out;
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      const b = v && typeof v === 'object' ? (v as Record<string, unknown>)['Value'] : v;
      if (typeof b === 'boolean') out[k] = b;
    }
    return out;
  }
}
