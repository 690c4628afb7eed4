/**
 * Surgical edits of YAML text. Each function looks at the parsed AST (node ranges) and returns the
 * TextChange that makes the edit, touching only the lines involved. Callers reparse and verify.
 */
import { isMap, isScalar, isSeq, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import type { TextChange } from './text-change.ts';
import { emitBlockMapLines, emitBlockSeqLines, emitFlow, formatKey, formatScalar, RawScalar, type EmitMap, type EmitValue } from './yaml-format.ts';

type Range = [number, number, number];

export function rangeOf(node: unknown): Range {
  const r = (node as { range?: Range | null } | null)?.range;
  if (!r) throw new Error('rviz: internal: node has no source range');
  return r;
}

export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function columnOf(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

/** The position just after the `:` that follows a pair's key. */
function colonEnd(text: string, pair: Pair): number {
  const keyEnd = rangeOf(pair.key)[1];
  const colon = text.indexOf(':', keyEnd);
  if (colon < 0) throw new Error('rviz: internal: no ":" after key');
  return colon + 1;
}

export function keyText(pair: Pair): string {
  const k = pair.key;
  return isScalar(k) ? String(k.value) : String(k);
}

export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyText(p) === key);
}

/** Replace a pair's scalar value (or fill an empty one) with `value`. */
export function setPairScalar(text: string, pair: Pair, value: EmitValue, flow: boolean): TextChange {
  const node = pair.value;
  const inserted = formatScalarOrFlow(value, flow);
  if (isScalar(node) && (node as Scalar).source !== '' && rangeOf(node)[1] > rangeOf(node)[0]) {
    const [s, e] = rangeOf(node);
    return { at: s, removed: text.slice(s, e), inserted };
  }
  // `Key:` with nothing after it.
  const at = colonEnd(text, pair);
  return { at, removed: '', inserted: ` ${inserted}` };
}

function formatScalarOrFlow(value: EmitValue, flow: boolean): string {
  if (typeof value === 'object' && value !== null && !(value instanceof RawScalar)) return emitFlow(value);
  return formatScalar(value, flow);
}

/** Keys RViz writes are sorted; keep a sorted map sorted, else append. */
function insertionIndex(map: YAMLMap, key: string): number {
  const keys = map.items.map(keyText);
  const sorted = keys.every((k, i) => i === 0 || keys[i - 1]! <= k);
  if (!sorted) return keys.length;
  const idx = keys.findIndex((k) => k > key);
  return idx < 0 ? keys.length : idx;
}

/** Add `key: value` to a map (block or flow), keeping its layout. */
export function insertPair(text: string, map: YAMLMap, key: string, value: EmitValue): TextChange {
  const [s, e] = rangeOf(map);
  if (map.flow) {
    const entry = `${formatKey(key, true)}: ${formatScalarOrFlow(value, true)}`;
    if (text[e - 1] !== '}') throw new Error('rviz: internal: flow map does not end with "}"');
    if (map.items.length === 0) return { at: s, removed: text.slice(s, e), inserted: `{${entry}}` };
    return { at: e - 1, removed: '', inserted: `, ${entry}` };
  }
  const first = map.items[0]!;
  const col = columnOf(text, rangeOf(first.key)[0]);
  const lines = emitBlockMapLines({ [key]: value } as EmitMap, col);
  const idx = insertionIndex(map, key);
  if (idx < map.items.length) {
    // Insert before the key at idx, right at its column: works even when it shares a line with `- `.
    const at = rangeOf(map.items[idx]!.key)[0];
    return { at, removed: '', inserted: `${lines.join('\n').slice(col)}\n${' '.repeat(col)}` };
  }
  const end = blockEnd(text, map, e);
  return end.needsNewline
    ? { at: end.at, removed: '', inserted: `\n${lines.join('\n')}` }
    : { at: end.at, removed: '', inserted: `${lines.join('\n')}\n` };
}

/** Where to append after a block collection: the start of the line after its last content. */
function blockEnd(text: string, node: YAMLMap | YAMLSeq, end: number): { at: number; needsNewline: boolean } {
  // Block collection ranges end at the line start after the last item, unless the text ends first.
  if (end > 0 && text[end - 1] === '\n') return { at: end, needsNewline: false };
  const nl = text.indexOf('\n', end);
  if (nl >= 0) return { at: nl + 1, needsNewline: false };
  void node;
  return { at: text.length, needsNewline: true };
}

/** Replace a pair's whole value with a new (usually collection) value, keeping the parent's style. */
export function replacePairValue(text: string, pair: Pair, value: EmitValue, parentFlow: boolean): TextChange {
  const node = pair.value;
  const start = colonEnd(text, pair);
  let end = start;
  if (node !== null && node !== undefined) {
    const r = rangeOf(node);
    end = isBlockCollection(node) ? trimTrailingNewline(text, r[1]) : r[1];
  }
  if (parentFlow || !isCollectionValue(value)) {
    return { at: start, removed: text.slice(start, end), inserted: ` ${formatScalarOrFlow(value, parentFlow)}` };
  }
  const col = columnOf(text, rangeOf(pair.key)[0]) + 2;
  const lines = Array.isArray(value) ? emitBlockSeqLines(value, col) : emitBlockMapLines(value as EmitMap, col);
  if (lines.length === 0) return { at: start, removed: text.slice(start, end), inserted: Array.isArray(value) ? ' []' : ' {}' };
  return { at: start, removed: text.slice(start, end), inserted: `\n${lines.join('\n')}` };
}

function isCollectionValue(v: EmitValue): boolean {
  return typeof v === 'object' && v !== null && !(v instanceof RawScalar);
}

function isBlockCollection(node: unknown): boolean {
  return (isMap(node) || isSeq(node)) && !(node as YAMLMap).flow;
}

function trimTrailingNewline(text: string, end: number): number {
  let e = end;
  while (e > 0 && (text[e - 1] === '\n' || text[e - 1] === '\r')) e--;
  return e;
}

/** Append an item to the list held by `pair` (block, flow, empty or null). */
export function appendSeqItem(text: string, pair: Pair, item: EmitMap, parentFlow: boolean): TextChange {
  const seq = pair.value;
  if (!isSeq(seq) || seq.items.length === 0) return replacePairValue(text, pair, [item], parentFlow);
  const [, e] = rangeOf(seq);
  if (seq.flow) {
    if (text[e - 1] !== ']') throw new Error('rviz: internal: flow list does not end with "]"');
    return { at: e - 1, removed: '', inserted: `, ${emitFlow(item)}` };
  }
  const firstStart = rangeOf(seq.items[0])[0];
  const dash = text.lastIndexOf('-', firstStart);
  const col = columnOf(text, dash);
  const lines = emitBlockSeqLines([item], col);
  const end = blockEnd(text, seq, e);
  return end.needsNewline
    ? { at: end.at, removed: '', inserted: `\n${lines.join('\n')}` }
    : { at: end.at, removed: '', inserted: `${lines.join('\n')}\n` };
}

/** Remove item `index` from the list held by `pair`; the last item leaves `[]`. */
export function removeSeqItem(text: string, pair: Pair, index: number, parentFlow: boolean): TextChange {
  const seq = pair.value as YAMLSeq;
  if (seq.items.length === 1) return replacePairValue(text, pair, [], parentFlow);
  if (seq.flow) {
    const kept = seq.items.filter((_, i) => i !== index).map((n) => { const r = rangeOf(n); return text.slice(r[0], r[1]); });
    const [s, e] = rangeOf(seq);
    return { at: s, removed: text.slice(s, e), inserted: `[${kept.join(', ')}]` };
  }
  const item = seq.items[index];
  const start = withLeadingComments(text, lineStart(text, rangeOf(item)[0]));
  let end = index + 1 < seq.items.length ? lineStart(text, rangeOf(seq.items[index + 1])[0]) : blockEnd(text, seq, rangeOf(seq)[1]).at;
  // Comments and blank lines after the item belong to what follows it: keep them.
  const own = rangeOf(item)[1];
  if (isMap(item) && !item.flow && own > start && own < end && text[own - 1] === '\n') end = own;
  return { at: start, removed: text.slice(start, end), inserted: '' };
}

/** Move a line start up over the comment lines directly above it (they describe what follows). */
function withLeadingComments(text: string, start: number): number {
  let s = start;
  while (s > 0) {
    const prev = lineStart(text, s - 1);
    if (!text.slice(prev, s - 1).trim().startsWith('#')) break;
    s = prev;
  }
  return s;
}

/** Remove `key` (and its whole value) from a map. */
export function removePair(text: string, map: YAMLMap, key: string): TextChange {
  const index = map.items.findIndex((p) => keyText(p) === key);
  if (index < 0) throw new Error(`rviz: internal: key "${key}" not in map`);
  const pair = map.items[index]!;
  if (map.flow || map.items.length === 1) {
    // Rebuild from source slices so the other entries keep their exact text.
    const parts = map.items.filter((_, i) => i !== index).map((p) => text.slice(rangeOf(p.key)[0], pairEnd(text, p)));
    const [s, e] = rangeOf(map);
    if (map.flow) return { at: s, removed: text.slice(s, e), inserted: `{${parts.join(', ')}}` };
    const from = rangeOf(pair.key)[0];
    return { at: from, removed: text.slice(from, trimTrailingNewline(text, e)), inserted: '{}' };
  }
  const start = lineStart(text, rangeOf(pair.key)[0]);
  const next = map.items[index + 1];
  const end = next ? lineStart(text, rangeOf(next.key)[0]) : blockEnd(text, map, rangeOf(map)[1]).at;
  if (start !== rangeOf(pair.key)[0] - columnOf(text, rangeOf(pair.key)[0]) || text.slice(start, rangeOf(pair.key)[0]).trim() !== '') {
    // The key shares its line with `- `: cut from the key to the next key instead.
    const from = rangeOf(pair.key)[0];
    const to = next ? rangeOf(next.key)[0] : trimTrailingNewline(text, end);
    return { at: from, removed: text.slice(from, to), inserted: '' };
  }
  return { at: start, removed: text.slice(start, end), inserted: '' };
}

function pairEnd(text: string, pair: Pair): number {
  const v = pair.value;
  if (v === null || v === undefined) return colonEnd(text, pair);
  const r = rangeOf(v);
  return isBlockCollection(v) ? trimTrailingNewline(text, r[1]) : r[1];
}

/** Rename a key in place. */
export function renameKey(text: string, pair: Pair, newKey: string, flow: boolean): TextChange {
  const [s, e] = rangeOf(pair.key);
  return { at: s, removed: text.slice(s, e), inserted: formatKey(newKey, flow) };
}
