/**
 * sensor_msgs/PointCloud2 → a PointSource. Reads every PointField datatype (INT8 … FLOAT64) in either byte order,
 * honours point_step padding and row_step, and drops points whose x, y or z is not finite (as RViz's
 * PointCloud2Display::filterOutInvalidPoints does).
 */
import { bytesOf } from './binary.ts';
import { DecodeError } from './errors.ts';
import { headerOf, numberOf, objectOf } from './message.ts';
import type { PointSource } from './point-source.ts';

export interface CloudField {
  name: string;
  offset: number;
  datatype: number;
  count: number;
}

/** Bytes per element of each PointField datatype. */
export const datatypeSize: Readonly<Record<number, number>> = Object.freeze({ 1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 6: 4, 7: 4, 8: 8 });

const datatypeName: Readonly<Record<number, string>> = Object.freeze({ 1: 'INT8', 2: 'UINT8', 3: 'INT16', 4: 'UINT16', 5: 'INT32', 6: 'UINT32', 7: 'FLOAT32', 8: 'FLOAT64' });

type Reader = (view: DataView, at: number) => number;

/** A reader for one datatype in one byte order. */
export function readerFor(datatype: number, littleEndian: boolean): Reader {
  switch (datatype) {
    case 1: return (v, at) => v.getInt8(at);
    case 2: return (v, at) => v.getUint8(at);
    case 3: return (v, at) => v.getInt16(at, littleEndian);
    case 4: return (v, at) => v.getUint16(at, littleEndian);
    case 5: return (v, at) => v.getInt32(at, littleEndian);
    case 6: return (v, at) => v.getUint32(at, littleEndian);
    case 7: return (v, at) => v.getFloat32(at, littleEndian);
    case 8: return (v, at) => v.getFloat64(at, littleEndian);
    default: throw new DecodeError(`PointCloud2: unknown PointField datatype ${datatype}`);
  }
}

function fieldsOf(value: unknown): CloudField[] {
  if (!Array.isArray(value)) throw new DecodeError('PointCloud2: fields is not a list');
  return value.map((f, i) => {
    const m = objectOf(f, `PointCloud2: fields[${i}]`);
    const name = typeof m.name === 'string' ? m.name : '';
    return { name, offset: numberOf(m, 'offset', `PointCloud2: field "${name}"`), datatype: numberOf(m, 'datatype', `PointCloud2: field "${name}"`),
      count: numberOf(m, 'count', `PointCloud2: field "${name}"`, 1) };
  });
}

export function pointCloud2Source(message: unknown): PointSource {
  const m = objectOf(message, 'PointCloud2');
  const { frameId, stampSec } = headerOf(m);
  const width = numberOf(m, 'width', 'PointCloud2');
  const height = numberOf(m, 'height', 'PointCloud2');
  const pointStep = numberOf(m, 'point_step', 'PointCloud2');
  let rowStep = numberOf(m, 'row_step', 'PointCloud2', width * pointStep);
  const littleEndian = !(m.is_bigendian === true || m.is_bigendian === 1);
  const fields = fieldsOf(m.fields);
  const data = bytesOf(m.data, 'PointCloud2: data');
  const sourceCount = width * height;
  if (![width, height, pointStep].every((n) => Number.isInteger(n) && n >= 0)) {
    throw new DecodeError(`PointCloud2: width ${width}, height ${height}, point_step ${pointStep} must be whole numbers`);
  }
  // Some drivers write row_step 0 or too small for dense clouds; a row is never shorter than its points.
  if (!Number.isInteger(rowStep) || rowStep < width * pointStep) rowStep = width * pointStep;
  for (const f of fields) {
    const size = datatypeSize[f.datatype];
    if (size === undefined) throw new DecodeError(`PointCloud2: field "${f.name}" has unknown datatype ${f.datatype}`);
    if (f.offset < 0 || f.offset + size > pointStep) {
      throw new DecodeError(`PointCloud2: field "${f.name}" (${datatypeName[f.datatype]} at offset ${f.offset}) does not fit in point_step ${pointStep}`);
    }
  }
  const needed = height === 0 || width === 0 ? 0 : (height - 1) * rowStep + width * pointStep;
  if (data.byteLength < needed) {
    throw new DecodeError(`PointCloud2: data has ${data.byteLength} bytes, ${width}×${height} points of ${pointStep} bytes (row_step ${rowStep}) need ${needed}`);
  }
  const byName = new Map<string, CloudField>();
  for (const f of fields) if (!byName.has(f.name)) byName.set(f.name, f);
  const fx = byName.get('x'), fy = byName.get('y'), fz = byName.get('z');
  if (!fx || !fy || !fz) {
    throw new DecodeError(`PointCloud2: no x, y, z fields to place points (fields: ${fields.map((f) => f.name).join(', ') || 'none'})`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const rx = readerFor(fx.datatype, littleEndian), ry = readerFor(fy.datatype, littleEndian), rz = readerFor(fz.datatype, littleEndian);
  // Byte offset of each kept point.
  const kept = new Uint32Array(sourceCount);
  const positions = new Float32Array(sourceCount * 3);
  let count = 0;
  for (let row = 0; row < height; row++) {
    let at = row * rowStep;
    for (let col = 0; col < width; col++, at += pointStep) {
      const x = rx(view, at + fx.offset), y = ry(view, at + fy.offset), z = rz(view, at + fz.offset);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
      kept[count] = at;
      const p = count * 3;
      positions[p] = x; positions[p + 1] = y; positions[p + 2] = z;
      count++;
    }
  }
  return {
    frameId, stampSec, sourceCount, count,
    positions: count * 3 === positions.length ? positions : positions.slice(0, count * 3),
    hasField: (name) => byName.has(name),
    datatype: (name) => byName.get(name)?.datatype,
    values: (name) => {
      const f = byName.get(name);
      if (!f) return undefined;
      const read = readerFor(f.datatype, littleEndian);
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = read(view, kept[i]! + f.offset);
      return out;
    },
    bits: (name) => {
      const f = byName.get(name);
      if (!f || (datatypeSize[f.datatype] ?? 0) !== 4) return undefined;
      const out = new Uint32Array(count);
      for (let i = 0; i < count; i++) out[i] = view.getUint32(kept[i]! + f.offset, littleEndian);
      return out;
    },
  };
}
