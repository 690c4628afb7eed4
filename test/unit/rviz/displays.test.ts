import { describe, expect, it } from 'vitest';
import { findDisplay, getProperty, listDisplays, looseDisplayName, uniqueDisplayName } from '../../../src/core/rviz/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { doc, SAMPLE } from './helpers.ts';

describe('listDisplays', () => {
  it('flattens groups with paths, group names, classes, topics and enabled', () => {
    const list = listDisplays(doc(SAMPLE), catalog);
    expect(list.map((d) => [d.path, d.name, d.classId, d.groupPath, d.enabled])).toEqual([
      ['Visualization Manager/Displays/0', 'Grid', 'rviz_default_plugins/Grid', [], true],
      ['Visualization Manager/Displays/1', 'Laser_Scan', 'rviz_default_plugins/LaserScan', [], true],
      ['Visualization Manager/Displays/2', 'Sensors', 'rviz_common/Group', [], true],
      ['Visualization Manager/Displays/2/Displays/0', 'Front Camera', 'rviz_default_plugins/Image', ['Sensors'], true],
      ['Visualization Manager/Displays/2/Displays/1', 'Particles', 'nav2_rviz_plugins/ParticleCloud', ['Sensors'], true],
    ]);
    expect(list[1]!.topics).toEqual([{ property: 'Topic', value: '/scan' }]);
    expect(list[3]!.topics).toEqual([{ property: 'Topic', value: '/camera/image_raw' }]);
    // Third-party class: topics found by key name.
    expect(list[4]!.topics).toEqual([{ property: 'Topic', value: '/particle_cloud' }]);
    expect(list[2]!.isGroup).toBe(true);
    expect(list[3]!.depth).toBe(1);
    expect(list[0]!.properties).toMatchObject({ Alpha: 0.5, Color: '160; 160; 164' });
  });
});

describe('findDisplay', () => {
  const d = doc(SAMPLE);
  it('matches loosely: case, spaces, underscores, dashes', () => {
    expect(looseDisplayName('Laser_Scan')).toBe(looseDisplayName('laser scan'));
    for (const q of ['laser_scan', 'LaserScan', 'laser-scan', 'LASER SCAN']) {
      const r = findDisplay(d, q);
      expect(r.ok && r.ref.path).toBe('Visualization Manager/Displays/1');
    }
    const cam = findDisplay(d, 'front_camera');
    expect(cam.ok && cam.ref.path).toBe('Visualization Manager/Displays/2/Displays/0');
  });
  it('exact match wins over loose ones', () => {
    const two = doc(SAMPLE.replace('Name: Grid', 'Name: laser scan'));
    const r = findDisplay(two, 'laser scan');
    expect(r.ok && r.ref.path).toBe('Visualization Manager/Displays/0');
  });
  it('ambiguous names are an error naming the candidates', () => {
    const two = doc(SAMPLE.replace('Name: Grid', 'Name: laser-scan'));
    expect(findDisplay(two, 'LaserScan')).toEqual({
      ok: false,
      reason: 'rviz: display name "LaserScan" is ambiguous: "laser-scan" at Visualization Manager/Displays/0, "Laser_Scan" at Visualization Manager/Displays/1',
    });
  });
  it('unknown names list the displays; paths address displays directly', () => {
    expect(findDisplay(d, 'Odom')).toEqual({ ok: false, reason: 'rviz: display "Odom" not found (displays: Grid, Laser_Scan, Sensors, Front Camera, Particles)' });
    const p = findDisplay(d, 'Visualization Manager/Displays/2/Displays/1');
    expect(p.ok && p.ref.node.get('Name')).toBe('Particles');
    expect(findDisplay(d, 'Visualization Manager/Displays/9').ok).toBe(false);
  });
});

describe('uniqueDisplayName and getProperty', () => {
  it('adds (2), (3) when a name is taken (loosely)', () => {
    const d = doc(SAMPLE);
    expect(uniqueDisplayName(d, 'Odometry')).toBe('Odometry');
    expect(uniqueDisplayName(d, 'LaserScan')).toBe('LaserScan (2)');
    expect(uniqueDisplayName(doc(SAMPLE.replace('Name: Grid', 'Name: LaserScan (2)')), 'LaserScan')).toBe('LaserScan (3)');
  });
  it('reads both property forms', () => {
    const d = doc(SAMPLE);
    expect(getProperty(d, 'laser_scan', 'Topic')).toEqual({ ok: true, value: '/scan', form: 'scalar' });
    expect(getProperty(d, 'laser_scan', 'Topic/Value')).toEqual({ ok: true, value: '/scan', form: 'scalar' });
    expect(getProperty(d, 'Front Camera', 'Topic')).toEqual({ ok: true, value: '/camera/image_raw', form: 'map' });
    expect(getProperty(d, 'Front Camera', 'Topic/Reliability Policy')).toEqual({ ok: true, value: 'Reliable', form: 'scalar' });
    expect(getProperty(d, 'Grid', 'Size')).toEqual({ ok: false, reason: 'rviz: display "Grid" has no property "Size" (has: Alpha, Class, Color, Enabled, Name, Value)' });
  });
});

describe('globalOptions', () => {
  it('reads Global Options and the fixed frame', async () => {
    const { globalOptions, fixedFrame } = await import('../../../src/core/rviz/index.ts');
    expect(globalOptions(doc(SAMPLE))).toEqual({ 'Background Color': '48; 48; 48', 'Fixed Frame': 'map' });
    expect(fixedFrame(doc(SAMPLE))).toBe('map');
    expect(fixedFrame(doc('Visualization Manager:\n  Name: root\n'))).toBeUndefined();
  });
});
