// The cloud_100k scenario's lidar: 100,000 points in the velodyne layout, decodable, with NaN where beams miss.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../sim/scenario.ts';
import { Params } from '../../../sim/generators/common.ts';
import { lidarCloud } from '../../../sim/generators/lidar-cloud.ts';
import { decodePoints } from '../../../src/view/decode/points.ts';
import { defaultPointColorOptions } from '../../../src/view/decode/color-options.ts';

describe('lidar_cloud generator', () => {
  it('publishes 50 × 2000 points at 22 bytes, drops beams over the wall, colours by intensity', () => {
    const loaded = loadScenario('cloud_100k');
    if (!loaded.ok) throw new Error(loaded.reason);
    const scenario = loaded.scenario;
    const spec = scenario.topics.find((t) => t.name === '/velodyne_points')!;
    expect(spec.rate).toBe(10);
    const produce = lidarCloud.create(new Params(spec.params, spec.name), scenario, spec);
    const msg = produce({ stamp: { sec: 5, nanosec: 0 }, now: { sec: 5, nanosec: 0 }, t: 5, seq: 0 }) as Record<string, unknown>;
    expect(msg).toMatchObject({ width: 2000, height: 50, point_step: 22, row_step: 44000, is_dense: false });
    expect(Buffer.from(msg.data as string, 'base64').length).toBe(100_000 * 22);
    const p = decodePoints('sensor_msgs/msg/PointCloud2', msg, { colors: { ...defaultPointColorOptions, transformer: 'Intensity' } });
    expect(p.sourceCount).toBe(100_000);
    // Upward beams beyond the 2.5 m wall top return nothing; the floor and walls do.
    expect(p.count).toBeGreaterThan(40_000);
    expect(p.count).toBeLessThan(100_000);
    let minZ = Infinity, maxZ = -Infinity;
    for (let i = 2; i < p.positions.length; i += 3) { minZ = Math.min(minZ, p.positions[i]!); maxZ = Math.max(maxZ, p.positions[i]!); }
    expect(minZ).toBeCloseTo(-0.5, 3); // the floor, 0.5 m below the sensor
    expect(maxZ).toBeLessThanOrEqual(2.0 + 1e-3); // wall top 2.5 m above the floor
    expect(p.valueRange!.min).toBeGreaterThanOrEqual(15);
  });
});
