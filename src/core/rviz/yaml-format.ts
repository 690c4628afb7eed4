/**
 * Writing YAML text the way RViz2 does: plain scalars where YAML allows them, block maps with
 * two-space indentation, keys in the order given. Used only for the pieces an edit inserts.
 */
import { stringify } from 'yaml';

export type YamlScalar = string | number | boolean | null;

/** A scalar kept as its original source text (e.g. the old `Topic: /scan` value moved under `Value`). */
export class RawScalar {
  public constructor(public readonly text: string) {}
}

export type EmitValue = YamlScalar | RawScalar | EmitMap | EmitValue[];
export interface EmitMap { [key: string]: EmitValue }

function isEmitMap(v: EmitValue): v is EmitMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawScalar);
}

const FLOW_UNSAFE = /[,[\]{}]/;

/** One scalar as YAML text. In flow context, strings with flow indicators are double-quoted. */
export function formatScalar(value: YamlScalar | RawScalar, flow = false): string {
  if (value instanceof RawScalar) return value.text;
  if (value === null) return '~';
  if (typeof value === 'string' && /[\n\r]/.test(value)) {
    throw new Error(`rviz: value ${JSON.stringify(value)} spans lines; RViz properties are single-line`);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
  }
  if (typeof value === 'string' && value === '') return '""';
  if (flow && typeof value === 'string' && FLOW_UNSAFE.test(value)) return JSON.stringify(value);
  return stringify(value, { lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
}

export function formatKey(key: string, flow = false): string {
  return formatScalar(key, flow);
}

/** Block lines for a map at column `col`; nested maps and lists indent by two. */
export function emitBlockMapLines(map: EmitMap, col: number): string[] {
  const pad = ' '.repeat(col);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    const k = formatKey(key);
    if (isEmitMap(value)) {
      if (Object.keys(value).length === 0) lines.push(`${pad}${k}: {}`);
      else lines.push(`${pad}${k}:`, ...emitBlockMapLines(value, col + 2));
    } else if (Array.isArray(value)) {
      if (value.length === 0) lines.push(`${pad}${k}: []`);
      else lines.push(`${pad}${k}:`, ...emitBlockSeqLines(value, col + 2));
    } else {
      lines.push(`${pad}${k}: ${formatScalar(value)}`);
    }
  }
  return lines;
}

/** Block lines for a list at column `col` (the `-` sits at `col`). */
export function emitBlockSeqLines(items: EmitValue[], col: number): string[] {
  const pad = ' '.repeat(col);
  const lines: string[] = [];
  for (const item of items) {
    if (isEmitMap(item) && Object.keys(item).length > 0) {
      const inner = emitBlockMapLines(item, col + 2);
      lines.push(`${pad}- ${inner[0]!.slice(col + 2)}`, ...inner.slice(1));
    } else if (Array.isArray(item) && item.length > 0) {
      const inner = emitBlockSeqLines(item, col + 2);
      lines.push(`${pad}- ${inner[0]!.slice(col + 2)}`, ...inner.slice(1));
    } else {
      lines.push(`${pad}- ${emitFlow(item)}`);
    }
  }
  return lines;
}

/** Flow text: `{a: 1, b: [x, y]}`. */
export function emitFlow(value: EmitValue): string {
  if (Array.isArray(value)) return `[${value.map(emitFlow).join(', ')}]`;
  if (isEmitMap(value)) return `{${Object.entries(value).map(([k, v]) => `${formatKey(k, true)}: ${emitFlow(v)}`).join(', ')}}`;
  return formatScalar(value, true);
}
