/**
 * RViz's colour transformers (rviz_default_plugins/displays/pointcloud/transformers/*), applied to a PointSource:
 * the automatic choice of transformer, Intensity, AxisColor, FlatColor, RGB8 and RGBF32.
 */
import { blendInto, rainbowInto } from './colors.ts';
import { FLOAT32, type PointSource } from './point-source.ts';
import type { ColorTransformerName, DecodedPoints, PointsRequest, Transform } from './types.ts';

const INT32 = 5;
const UINT32 = 6;

function rgb8Field(source: PointSource): 'rgb' | 'rgba' | undefined {
  // RGB8PCTransformer::supports: max(index of rgb, index of rgba); we prefer rgb as its transform does.
  for (const name of ['rgb', 'rgba'] as const) {
    const t = source.datatype(name);
    if (t === INT32 || t === UINT32 || t === FLOAT32) return name;
  }
  return undefined;
}

function rgbf32Supported(source: PointSource): boolean {
  return source.hasField('r') && source.hasField('g') && source.hasField('b') && source.datatype('r') === FLOAT32;
}

/**
 * PointCloudCommon::updateTransformers: the transformer written in the document when it applies to this cloud, else
 * RGB8 when it applies, else the highest-scored one (Intensity; AxisColor ties on score and loses on name order).
 */
export function chooseTransformer(written: string, source: PointSource): ColorTransformerName {
  const valid = (name: string): name is ColorTransformerName => {
    switch (name) {
      case 'Intensity': case 'AxisColor': case 'FlatColor': return true;
      case 'RGB8': return rgb8Field(source) !== undefined;
      case 'RGBF32': return rgbf32Supported(source);
      default: return false;
    }
  };
  if (valid(written)) return written;
  return rgb8Field(source) ? 'RGB8' : 'Intensity';
}

function rotate(t: Transform, x: number, y: number, z: number): [number, number, number] {
  const { x: qx, y: qy, z: qz, w: qw } = t.rotation;
  // v' = v + 2w(q×v) + 2q×(q×v)
  const cx = qy * z - qz * y, cy = qz * x - qx * z, cz = qx * y - qy * x;
  const ccx = qy * cz - qz * cy, ccy = qz * cx - qx * cz, ccz = qx * cy - qy * cx;
  return [x + 2 * (qw * cx + ccx) + t.translation.x, y + 2 * (qw * cy + ccy) + t.translation.y, z + 2 * (qw * cz + ccz) + t.translation.z];
}

/** Colours a source's kept points as RViz would, and packs the result. */
export function colorize(source: PointSource, request: PointsRequest): DecodedPoints {
  const o = request.colors;
  const n = source.count;
  const colors = new Float32Array(n * 3).fill(1); // RViz's default point colour is white
  const notes: string[] = [];
  const transformer = chooseTransformer(o.transformer, source);
  const out: DecodedPoints = { kind: 'points', frameId: source.frameId, stampSec: source.stampSec, count: n, sourceCount: source.sourceCount,
    positions: source.positions, colors, transformer, notes };

  if (transformer === 'FlatColor') {
    for (let i = 0; i < n * 3; i += 3) { colors[i] = o.flatColor.r; colors[i + 1] = o.flatColor.g; colors[i + 2] = o.flatColor.b; }
  } else if (transformer === 'Intensity') {
    let channel = o.channelName;
    if (!source.hasField(channel) && channel === 'intensity' && source.hasField('intensities')) channel = 'intensities';
    const values = source.values(channel);
    if (!values) {
      notes.push(`channel "${o.channelName}" is not in the message: points drawn white`);
    } else {
      let min: number, max: number;
      if (o.autocomputeIntensityBounds) {
        min = 999999; max = -999999;
        for (let i = 0; i < n; i++) { const v = values[i]!; if (v < min) min = v; if (v > max) max = v; }
        min = Math.max(-999999, min); max = Math.min(999999, max);
      } else {
        min = o.minIntensity; max = o.maxIntensity;
      }
      out.valueRange = { min, max };
      const diff = max - min === 0 ? 1e20 : max - min; // equal bounds: uniform colour, as RViz does
      if (o.useRainbow) {
        for (let i = 0; i < n; i++) {
          let value = 1 - (values[i]! - min) / diff;
          if (o.invertRainbow) value = 1 - value;
          rainbowInto(value, colors, i * 3);
        }
      } else {
        for (let i = 0; i < n; i++) blendInto((values[i]! - min) / diff, o.minColor, o.maxColor, colors, i * 3);
      }
    }
  } else if (transformer === 'AxisColor') {
    const axis = o.axis === 'X' ? 0 : o.axis === 'Y' ? 1 : 2;
    const values = new Float32Array(n);
    const p = source.positions;
    const t = o.useFixedFrame ? request.toFixedFrame : undefined;
    if (t) {
      for (let i = 0; i < n; i++) values[i] = rotate(t, p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!)[axis];
    } else {
      for (let i = 0; i < n; i++) values[i] = p[i * 3 + axis]!;
    }
    out.axisFrame = t ? 'fixed' : 'local';
    let min: number, max: number;
    if (o.autocomputeValueBounds) {
      min = 9999; max = -9999;
      for (let i = 0; i < n; i++) { const v = values[i]!; if (v < min) min = v; if (v > max) max = v; }
    } else {
      min = o.minValue; max = o.maxValue;
    }
    out.valueRange = { min, max };
    const range = max - min === 0 ? 0.001 : max - min;
    for (let i = 0; i < n; i++) rainbowInto(1 - (values[i]! - min) / range, colors, i * 3);
  } else if (transformer === 'RGB8') {
    const field = rgb8Field(source)!;
    const bits = source.bits(field)!;
    const alphas = field === 'rgba' ? new Float32Array(n) : undefined;
    for (let i = 0; i < n; i++) {
      const v = bits[i]!;
      colors[i * 3] = ((v >>> 16) & 255) / 255;
      colors[i * 3 + 1] = ((v >>> 8) & 255) / 255;
      colors[i * 3 + 2] = (v & 255) / 255;
      if (alphas) alphas[i] = (v >>> 24) / 255;
    }
    if (alphas) out.alphas = alphas;
  } else {
    const r = source.values('r')!, g = source.values('g')!, b = source.values('b')!;
    const c = (v: number) => (v > 0 ? (v < 1 ? v : 1) : 0);
    for (let i = 0; i < n; i++) { colors[i * 3] = c(r[i]!); colors[i * 3 + 1] = c(g[i]!); colors[i * 3 + 2] = c(b[i]!); }
  }
  return out;
}
