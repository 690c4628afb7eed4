import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/core/assistant/search/tokenizer.ts';

const has = (text: string, ...terms: string[]): void => {
  const got = analyze(text);
  for (const t of terms) expect(got, `${text} → ${got.join(' ')}`).toContain(t);
};

describe('analyze', () => {
  it('splits snake_case identifiers and keeps the joined form', () => {
    const code = analyze('DOMAIN_MISMATCH');
    expect(code).toEqual(expect.arrayContaining(analyze('domain mismatch')));
    expect(code).toContain('domainmismatch');
  });

  it('splits ROS type names on slashes and camelCase, keeping pointcloud and pointcloud2', () => {
    const terms = analyze('sensor_msgs/msg/PointCloud2');
    expect(terms).toEqual(expect.arrayContaining([...analyze('point cloud'), '2', 'pointcloud', 'pointcloud2']));
    expect(terms).toEqual(expect.arrayContaining(analyze('sensor msgs')));
  });

  it('splits use_sim_time into use, sim, time', () => {
    expect(analyze('use_sim_time')).toEqual(expect.arrayContaining(analyze('use sim time').concat(analyze('uses'))));
    expect(analyze('use_sim_time')).toContain('sim');
  });

  it('keeps ros2 and tf2 as tokens', () => {
    has('ros2 topic list', 'ros2');
    has('tf2_ros buffer', 'tf2');
  });

  it('folds case, plurals and inflections', () => {
    expect(analyze('Frames TRANSFORMS clouds')).toEqual(analyze('frame transform cloud'));
    expect(analyze('subscribing')).toEqual(analyze('subscribe'));
  });

  it('drops stop words and single letters', () => {
    expect(analyze('what is the point of it')).toEqual(analyze('point'));
    expect(analyze('ros2 topic info -v')).not.toContain('v');
  });

  it('folds accents and survives any Unicode, including CJK (bigrams)', () => {
    expect(analyze('tópico')).toEqual(analyze('topico'));
    const zh = analyze('RViz 里提示 Fixed Frame 不存在');
    expect(zh).toContain('rviz');
    expect(zh).toContain('不存');
    expect(zh).toContain('存在');
    expect(() => analyze('🙂 \u0000 \uFFFF ℝ ß Ω')).not.toThrow();
    expect(analyze('')).toEqual([]);
  });

  it('treats query-syntax characters as plain text', () => {
    expect(analyze('frame:odom')).toEqual(analyze('frame odom'));
    expect(analyze('"fixed frame" * -v +map ~ AND OR')).toEqual(analyze('fixed frame map and or'));
  });
});
