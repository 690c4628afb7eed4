/**
 * sensor_msgs/PointCloud (points + named float channels) → a PointSource, as RViz's
 * convertPointCloudToPointCloud2 does: each channel becomes a FLOAT32 field of that name (so an `rgb` channel holds
 * packed colour bits in a float, read by RGB8). Points with a non-finite coordinate are dropped.
 */
import { numbersOf } from './binary.ts';
import { DecodeError } from './errors.ts';
import { headerOf, numberOf, objectOf } from './message.ts';
import { FLOAT32, type PointSource } from './point-source.ts';

export function pointCloudSource(message: unknown): PointSource {
  const m = objectOf(message, 'PointCloud');
  const { frameId, stampSec } = headerOf(m);
  if (!Array.isArray(m.points)) throw new DecodeError('PointCloud: points is not a list');
  const points = m.points as unknown[];
  const channels = new Map<string, ArrayLike<number>>();
  if (Array.isArray(m.channels)) {
    m.channels.forEach((c, i) => {
      const ch = objectOf(c, `PointCloud: channels[${i}]`);
      const name = typeof ch.name === 'string' ? ch.name : '';
      if (!channels.has(name)) channels.set(name, numbersOf(ch.values, `PointCloud: channel "${name}"`));
    });
  }
  const n = points.length;
  const positions = new Float32Array(n * 3);
  const kept = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const p = objectOf(points[i], `PointCloud: points[${i}]`);
    const x = numberOf(p, 'x', `PointCloud: points[${i}]`), y = numberOf(p, 'y', `PointCloud: points[${i}]`), z = numberOf(p, 'z', `PointCloud: points[${i}]`);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    positions[count * 3] = x; positions[count * 3 + 1] = y; positions[count * 3 + 2] = z;
    kept[count++] = i;
  }
  const pick = (src: ArrayLike<number>): Float32Array => {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) { const k = kept[i]!; out[i] = k < src.length ? src[k]! : 0; }
    return out;
  };
  const xyz = (name: string) => name === 'x' || name === 'y' || name === 'z';
  return {
    frameId, stampSec, sourceCount: n, count,
    positions: positions.slice(0, count * 3),
    hasField: (name) => xyz(name) || channels.has(name),
    datatype: (name) => (xyz(name) || channels.has(name) ? FLOAT32 : undefined),
    values: (name) => {
      if (xyz(name)) {
        const axis = name === 'x' ? 0 : name === 'y' ? 1 : 2;
        const out = new Float32Array(count);
        for (let i = 0; i < count; i++) out[i] = positions[i * 3 + axis]!;
        return out;
      }
      const ch = channels.get(name);
      return ch ? pick(ch) : undefined;
    },
    bits: (name) => {
      const ch = channels.get(name);
      return ch ? new Uint32Array(pick(ch).buffer) : undefined;
    },
  };
}
