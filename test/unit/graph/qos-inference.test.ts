import { describe, expect, it } from 'vitest';
import { inferPublisherQos } from '../../../src/core/graph/qos-inference.ts';

describe('inferPublisherQos', () => {
  it.each([
    ['/map', 'nav_msgs/msg/OccupancyGrid'],
    ['/robot1/map', 'nav_msgs/msg/OccupancyGrid'],
    ['/map_metadata', 'nav_msgs/msg/MapMetaData'],
    ['/global_costmap/costmap', 'nav_msgs/msg/OccupancyGrid'],
    ['/robot_description', 'std_msgs/msg/String'],
    ['/tf_static', 'tf2_msgs/msg/TFMessage'],
  ])('%s is latched by convention', (topic, type) => {
    const r = inferPublisherQos(topic, type);
    expect(r.source).toBe('inferred');
    expect(r.qos).toEqual({ reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1 });
    expect(r.reason).toMatch(/latched by convention/);
  });

  it('/tf is reliable volatile depth 100', () => {
    expect(inferPublisherQos('/tf', 'tf2_msgs/msg/TFMessage').qos)
      .toEqual({ reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 100 });
  });

  it.each(['sensor_msgs/msg/LaserScan', 'sensor_msgs/msg/PointCloud2', 'sensor_msgs/msg/Image',
    'sensor_msgs/msg/CompressedImage', 'sensor_msgs/msg/CameraInfo', 'sensor_msgs/msg/Imu'])('%s is best effort', (type) => {
    const r = inferPublisherQos('/anything', type);
    expect(r.source).toBe('inferred');
    expect([r.qos.reliability, r.qos.durability]).toEqual(['best_effort', 'volatile']);
    expect(r.reason).toContain('driver');
  });

  it('a name convention needs the matching type', () => {
    expect(inferPublisherQos('/map', 'std_msgs/msg/String').source).toBe('unknown');
  });

  it('everything else is unknown, without a reason', () => {
    const r = inferPublisherQos('/cmd_vel', 'geometry_msgs/msg/Twist');
    expect(r).toEqual({ source: 'unknown', qos: { reliability: 'unknown', durability: 'unknown', history: 'unknown' } });
  });
});
