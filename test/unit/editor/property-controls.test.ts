import { describe, expect, it } from 'vitest';
import { colorToHex, globalOptionControls, hexToColor, previewVerdict, propertyControls, type PropertyControl } from '../../../src/core/editor/index.ts';
import { context, display } from './fixtures.ts';
import { doc } from '../planner/fixtures.ts';

function control(list: PropertyControl[], path: string): PropertyControl {
  const c = list.find((x) => x.path === path);
  if (!c) throw new Error(`no control ${path} (have ${list.map((x) => x.path).join(', ')})`);
  return c;
}

describe('property controls: the control each catalog property implies', () => {
  const ctx = context();
  const scan = propertyControls(ctx, display(ctx, 'LaserScan'));

  it('a float with a unit, its range and a step; named "<display> › <path>"', () => {
    const size = control(scan, 'Size (m)');
    expect(size).toMatchObject({ kind: 'number', value: '0.03', unit: 'm', min: 0.0001, range: '≥ 0.0001', label: 'LaserScan › Size (m)', slider: false, defaulted: false });
    expect(size.step).toBeGreaterThan(0);
    expect(control(scan, 'Alpha')).toMatchObject({ kind: 'number', min: 0, max: 1, range: '0..1', slider: true, step: 0.1 });
    expect(control(scan, 'Topic/Depth')).toMatchObject({ kind: 'number', step: 1, label: 'LaserScan › Topic › Depth', depth: 1 });
  });

  it('enums list the catalog values; booleans are switches; colours keep R; G; B', () => {
    expect(control(scan, 'Style')).toMatchObject({ kind: 'enum', options: ['Points', 'Squares', 'Flat Squares', 'Spheres', 'Boxes', 'Tiles'] });
    expect(control(scan, 'Use rainbow').kind).toBe('bool');
    const color = control(scan, 'Color');
    expect(color.kind).toBe('color');
    expect(color.value).toMatch(/^\d+; \d+; \d+$/);
    expect(colorToHex('255; 128; 0')).toBe('#ff8000');
    expect(hexToColor('#ff8000')).toBe('255; 128; 0');
    expect(colorToHex('300; 0; 0')).toBeUndefined();
  });

  it('a property RViz2 hides while its condition fails is marked inactive with the condition', () => {
    const ctx2 = context(doc(context().document.text.replace('Style: Flat Squares', 'Style: Points')));
    const size = control(propertyControls(ctx2, display(ctx2, 'LaserScan')), 'Size (m)');
    expect(size.active).toBe(false);
    expect(size.inactiveReason).toBe('takes effect only with Style != Points');
    expect(control(scan, 'Size (m)').active).toBe(true);
  });

  it('the topic lists live topics of an accepted type with their publishers\' QoS and the verdict', () => {
    const topic = control(scan, 'Topic');
    expect(topic.kind).toBe('topic');
    expect(topic.isTopic).toBe(true);
    expect(topic.topics?.map((t) => t.name)).toEqual(['/scan']);
    expect(topic.topics?.[0]?.chips).toEqual([{ node: '/lidar', text: 'best effort, volatile', source: 'reported' }]);
    expect(topic.topics?.[0]?.verdict?.level).toBe('ok'); // turtlebot's LaserScan asks Best Effort
    expect(topic.verdict?.level).toBe('ok');
  });

  it('a QoS field shows the verdict live for a value not yet committed', () => {
    const rel = control(scan, 'Topic/Reliability Policy');
    expect(rel.label).toBe('LaserScan › Topic › Reliability Policy');
    expect(rel.verdict?.level).toBe('ok');
    const d = display(ctx, 'LaserScan');
    const reliable = previewVerdict(ctx, d, rel, 'Reliable');
    expect(reliable?.level).toBe('mismatch');
    expect(reliable?.text).toMatch(/receives nothing from \/lidar/);
    expect(previewVerdict(ctx, d, rel, 'Best Effort')?.level).toBe('ok');
  });

  it('a latched map read Volatile is a mismatch; without a robot there is no verdict', () => {
    const map = propertyControls(ctx, display(ctx, 'Map'));
    const dur = control(map, 'Topic/Durability Policy');
    expect(previewVerdict(ctx, display(ctx, 'Map'), dur, 'Volatile')?.text).toMatch(/latched/);
    expect(previewVerdict(ctx, display(ctx, 'Map'), dur, 'Transient Local')?.level).toBe('ok');
    const offline = context(undefined, false);
    expect(control(propertyControls(offline, display(offline, 'Map')), 'Topic/Durability Policy').verdict).toBeUndefined();
  });

  it('frames come from the TF tree (and <Fixed Frame>); a frame not in TF is allowed with a warning', () => {
    const grid = control(propertyControls(ctx, display(ctx, 'Grid')), 'Reference Frame');
    expect(grid.kind).toBe('frame');
    expect(grid.frames).toEqual(['<Fixed Frame>', 'base_link', 'laser', 'map', 'odom']);
    expect(grid.warning).toBeUndefined();
    const ctx2 = context(doc(ctx.document.text.replace('Reference Frame: <Fixed Frame>', 'Reference Frame: camera_link')));
    expect(control(propertyControls(ctx2, display(ctx2, 'Grid')), 'Reference Frame').warning).toMatch(/camera_link is not in the TF tree/);
  });

  it('keys the catalog does not know are text with a note; a third-party display is all text', () => {
    const text = ctx.document.text.replace('Class: rviz_default_plugins/Grid', 'Class: my_plugins/Fancy');
    const ctx2 = context(doc(text));
    const fancy = propertyControls(ctx2, display(ctx2, 'Grid'));
    expect(fancy.every((c) => c.kind === 'text')).toBe(true);
    expect(control(fancy, 'Cell Size')).toMatchObject({ value: '1', note: expect.stringMatching(/my_plugins\/Fancy is not in the catalog/) });
    const withLink = context(doc(ctx.document.text.replace('        All Links Enabled: true\n', '        All Links Enabled: true\n        base_link:\n          Alpha: 1\n')));
    const link = control(propertyControls(withLink, display(withLink, 'RobotModel')), 'Links/base_link/Alpha');
    expect(link).toMatchObject({ kind: 'text', value: '1', label: 'RobotModel › Links › base_link › Alpha', note: expect.stringMatching(/not in the catalog for RobotModel/) });
  });

  it('Global Options: Fixed Frame from TF, Background Color, Frame Rate 1..1000', () => {
    const go = globalOptionControls(ctx);
    expect(control(go, 'Fixed Frame')).toMatchObject({ kind: 'frame', value: 'map', frames: ['base_link', 'laser', 'map', 'odom'], label: 'Global Options › Fixed Frame' });
    expect(control(go, 'Background Color')).toMatchObject({ kind: 'color', value: '48; 48; 48', label: 'Global Options › Background Color' });
    expect(control(go, 'Frame Rate')).toMatchObject({ kind: 'number', value: '30', min: 1, max: 1000, range: '1..1000', step: 1 });
  });
});
