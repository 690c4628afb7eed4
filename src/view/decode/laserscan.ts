/**
 * sensor_msgs/LaserScan → a PointSource in the scan's frame, as laser_geometry's projectLaser (ROS 2) does for RViz:
 * point i at angle_min + i·angle_increment, kept when range_min <= r < range_max (NaN and ±Inf dropped), with an
 * `intensity` channel when the scan has intensities. (RViz also corrects for motion during the sweep via TF at each
 * point's time; the view draws the whole scan at its header stamp.)
 */
import { numbersOf } from './binary.ts';
import { headerOf, numberOf, objectOf } from './message.ts';
import { FLOAT32, type PointSource } from './point-source.ts';

export function laserScanSource(message: unknown): PointSource {
  const m = objectOf(message, 'LaserScan');
  const { frameId, stampSec } = headerOf(m);
  const angleMin = numberOf(m, 'angle_min', 'LaserScan');
  const increment = numberOf(m, 'angle_increment', 'LaserScan');
  const rangeMin = numberOf(m, 'range_min', 'LaserScan', 0);
  const rangeMax = numberOf(m, 'range_max', 'LaserScan', Infinity);
  const ranges = numbersOf(m.ranges, 'LaserScan: ranges');
  const intensities = numbersOf(m.intensities, 'LaserScan: intensities');
  const hasIntensity = intensities.length > 0;
  const n = ranges.length;
  const positions = new Float32Array(n * 3);
  const kept = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const r = ranges[i]!;
    if (!(r < rangeMax && r >= rangeMin)) continue;
    const a = angleMin + i * increment;
    positions[count * 3] = r * Math.cos(a);
    positions[count * 3 + 1] = r * Math.sin(a);
    kept[count++] = i;
  }
  const values = (name: string): Float32Array | undefined => {
    if (name !== 'intensity' || !hasIntensity) return undefined;
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) { const k = kept[i]!; out[i] = k < intensities.length ? intensities[k]! : 0; }
    return out;
  };
  return {
    frameId, stampSec, sourceCount: n, count,
    positions: positions.slice(0, count * 3),
    hasField: (name) => ['x', 'y', 'z'].includes(name) || (name === 'intensity' && hasIntensity),
    datatype: (name) => (['x', 'y', 'z'].includes(name) || (name === 'intensity' && hasIntensity) ? FLOAT32 : undefined),
    values: (name) => {
      if (name === 'x' || name === 'y' || name === 'z') {
        const axis = name === 'x' ? 0 : name === 'y' ? 1 : 2;
        const out = new Float32Array(count);
        for (let i = 0; i < count; i++) out[i] = positions[i * 3 + axis]!;
        return out;
      }
      return values(name);
    },
    bits: () => undefined,
  };
}
