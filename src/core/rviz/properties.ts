/**
 * Property paths below a display (`Topic/Reliability Policy`, `Autocompute Value Bounds/Max Value`)
 * in both forms RViz2 reads: `Topic: /scan` (scalar) and `Topic: {Value: /scan, Depth: 5}` (map).
 */
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import type { TextChange } from './text-change.ts';
import { findPair, insertPair, keyText, rangeOf, replacePairValue, setPairScalar } from './yaml-edit.ts';
import { RawScalar, type EmitMap, type YamlScalar } from './yaml-format.ts';

export function splitPath(path: string): string[] {
  return path.split('/').map((s) => s.trim()).filter((s) => s !== '');
}

export type PropertyRead =
  | { ok: true; value: unknown; form: 'scalar' | 'map' }
  | { ok: false; reason: string };

/** Read a property: a scalar's value, or a map's `Value` (the map itself as data when it has none). */
export function readProperty(display: YAMLMap, path: string, displayLabel: string): PropertyRead {
  const segs = splitPath(path);
  if (segs.length === 0) return { ok: false, reason: `rviz: empty property path for display "${displayLabel}"` };
  let node: unknown = display;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (isScalar(node) && seg === 'Value' && i === segs.length - 1) return { ok: true, value: node.value, form: 'scalar' };
    if (!isMap(node)) return { ok: false, reason: `rviz: display "${displayLabel}" has no property "${segs.slice(0, i + 1).join('/')}"` };
    const pair = findPair(node, seg);
    if (!pair) {
      const keys = node.items.map(keyText);
      return { ok: false, reason: `rviz: display "${displayLabel}" has no property "${segs.slice(0, i + 1).join('/')}" (has: ${keys.join(', ')})` };
    }
    node = pair.value;
  }
  if (isScalar(node)) return { ok: true, value: node.value, form: 'scalar' };
  if (isMap(node)) {
    const v = node.get('Value', true);
    if (isScalar(v)) return { ok: true, value: v.value, form: 'map' };
    return { ok: true, value: node.toJSON(), form: 'map' };
  }
  if (isSeq(node)) return { ok: true, value: node.toJSON(), form: 'map' };
  return { ok: true, value: null, form: 'scalar' };
}

function nest(segs: string[], value: YamlScalar): EmitMap | YamlScalar {
  let out: EmitMap | YamlScalar = value;
  for (let i = segs.length - 1; i >= 0; i--) out = { [segs[i]!]: out };
  return out;
}

/**
 * The change that sets a property. Missing keys are created in RViz's sorted order; setting a child of
 * a scalar property turns it into the map form (`Topic: /scan` + `Topic/Depth` → `Topic: {Depth, Value}`);
 * setting a map-form property sets its `Value`.
 */
export function planSetProperty(text: string, map: YAMLMap, segs: string[], value: YamlScalar, label: string, done: string[] = []): TextChange {
  const [head, ...rest] = segs;
  if (head === undefined) throw new Error(`rviz: empty property path for display "${label}"`);
  const pair = findPair(map, head);
  const here = [...done, head].join('/');
  if (!pair) return insertPair(text, map, head, nest(rest, value));
  const v = pair.value;
  if (rest.length === 0) {
    if (isMap(v)) {
      if (findPair(v, 'Value')) return planSetProperty(text, v, ['Value'], value, label, [...done, head]);
      const keys = v.items.map(keyText);
      throw new Error(`rviz: property "${here}" of display "${label}" is a group of properties; name one of them (${keys.join(', ')})`);
    }
    if (isSeq(v)) throw new Error(`rviz: property "${here}" of display "${label}" is a list and cannot be set to one value`);
    return setPairScalar(text, pair, value, Boolean(map.flow));
  }
  if (isMap(v)) return planSetProperty(text, v, rest, value, label, [...done, head]);
  if (isSeq(v)) throw new Error(`rviz: property "${here}" of display "${label}" is a list; it has no "${rest.join('/')}"`);
  if (rest.length === 1 && rest[0] === 'Value') return setPairScalar(text, pair, value, Boolean(map.flow));
  if (head === 'Value') throw new Error(`rviz: property "${here}" of display "${label}" is a value; it has no "${rest.join('/')}"`);
  if (rest[0] === 'Value') throw new Error(`rviz: property "${here}/Value" of display "${label}" is a value; it has no "${rest.slice(1).join('/')}"`);
  // Scalar (or empty) property gaining a child: convert to the map form, the old value under `Value`.
  const old = isScalar(v) && v.source !== '' && rangeOf(v)[1] > rangeOf(v)[0] ? new RawScalar(text.slice(rangeOf(v)[0], rangeOf(v)[1])) : undefined;
  const entries: EmitMap = {};
  const child = nest(rest.slice(1), value);
  const names = [rest[0]!, ...(old ? ['Value'] : [])].sort();
  for (const n of names) entries[n] = n === 'Value' ? old! : child;
  return replacePairValue(text, pair, entries, Boolean(map.flow));
}
