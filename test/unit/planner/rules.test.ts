// validate() and complete() rule by rule, against hand-made robots and documents.
import { describe, expect, it } from 'vitest';
import { buildContext, complete, validate } from '../../../src/core/planner/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { applyActions } from '../../../src/core/rviz/index.ts';
import { doc, snapshot, topic, SENSOR, LATCHED, trapDoc, defaultTopics } from './fixtures.ts';

function withLaserScan() {
  const r = applyActions(doc(), [{ action: 'add_display', display_type: 'LaserScan', topic: '/scan' }], { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

const a = (o: Record<string, string>) => ({ display_type: '', topic: '', display: '', property: '', value: '', frame: '', ...o });

function run(actions: unknown[], opts: { document?: ReturnType<typeof doc>; request?: string; snap?: ReturnType<typeof snapshot> } = {}) {
  const ctx = buildContext({ document: opts.document ?? doc(), snapshot: opts.snap ?? snapshot() });
  const v = validate(actions, ctx);
  const c = complete(v.actions, v.state, opts.request ?? '');
  return { ...v, completed: c.actions, notes: c.notes };
}

describe('validate', () => {
  it('rejects unknown actions and display types with reasons', () => {
    const r = run([{ action: 'explode' }, a({ action: 'add_display', display_type: 'Hologram' })]);
    expect(r.actions).toHaveLength(0);
    expect(r.rejected[0]!.reason).toMatch(/unknown action "explode"/);
    expect(r.rejected[1]!.reason).toMatch(/unknown display type "Hologram"/);
  });

  it('rejects a target display that does not exist, unless the plan added it earlier (loose name)', () => {
    const r = run([
      a({ action: 'set_property', display: 'Laser', property: 'Alpha', value: '0.5' }),
      a({ action: 'add_display', display_type: 'LaserScan', display: 'Laser' }),
      a({ action: 'set_property', display: 'laser', property: 'Alpha', value: '0.5' }),
    ]);
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]!.reason).toBe('display "Laser" not found (displays: Grid, TF)');
    expect(r.actions.map((x) => x.action)).toEqual(['add_display', 'set_property']);
    expect(r.actions[1]!.display).toBe('Laser');
  });

  it('resolves a type name to the display the same plan added, even when an older display has that name', () => {
    const r = run([
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/scan' }),
      a({ action: 'add_display', display_type: 'LaserScan', topic: '/scan' }),
      a({ action: 'set_property', display: 'LaserScan', property: 'Style', value: 'Spheres' }),
    ], { document: withLaserScan() });
    expect(r.actions.map((x) => x.display)).toEqual(['LaserScan (2)', 'LaserScan (3)', 'LaserScan (3)']);
  });

  it('rejects a live topic of the wrong type, naming its type and what the display accepts', () => {
    const r = run([a({ action: 'add_display', display_type: 'LaserScan', topic: '/chatter' })]);
    expect(r.rejected[0]!.reason).toBe('topic /chatter carries std_msgs/msg/String; LaserScan displays accept sensor_msgs/msg/LaserScan');
  });

  it('allows a topic that does not exist yet, with a note', () => {
    const r = run([a({ action: 'add_display', display_type: 'LaserScan', topic: '/rear_scan' })]);
    expect(r.actions[0]!.note).toMatch(/\/rear_scan is not publishing yet/);
  });

  it('fills the topic of add_display: the single live topic, else the conventional default', () => {
    const r = run([a({ action: 'add_display', display_type: 'PointCloud2' }), a({ action: 'add_display', display_type: 'Range' })]);
    expect(r.actions[0]!.topic).toBe('/points');
    expect(r.actions[1]!.topic).toBe('/range');
    expect(r.actions[1]!.note).toMatch(/not publishing yet/);
  });

  it('normalises nested paths and rejects unknown properties and values not allowed', () => {
    const r = run([
      a({ action: 'set_property', display: 'Front Scan', property: 'Color Transformer/Axis', value: 'z' }),
      a({ action: 'set_property', display: 'Front Scan', property: 'Sparkle', value: 'yes' }),
      a({ action: 'set_property', display: 'Front Scan', property: 'Style', value: 'Dots3D' }),
    ], { document: trapDoc() });
    expect(r.actions[0]).toMatchObject({ property: 'Axis', value: 'Z' });
    expect(r.rejected[0]!.reason).toMatch(/LaserScan has no property "Sparkle"/);
    expect(r.rejected[1]!.reason).toMatch(/"Dots3D" is not one of Points, Squares, Flat Squares, Spheres, Boxes, Tiles/);
  });

  it('lets any property through on a display added in the same plan', () => {
    const r = run([a({ action: 'add_display', display_type: 'rviz_default_plugins/Odometry' }), a({ action: 'set_property', display: 'Odometry', property: 'Custom Thing', value: '1' })]);
    expect(r.rejected).toHaveLength(0);
  });

  it('allows a frame missing from the TF tree, with a note', () => {
    const r = run([a({ action: 'set_fixed_frame', frame: 'laser_mount' })]);
    expect(r.actions[0]!.note).toMatch(/frame 'laser_mount' is not in the TF tree/);
  });
});

describe('complete', () => {
  it('adds catalog dependencies as auto actions with reasons', () => {
    const r = run([a({ action: 'set_property', display: 'Front Scan', property: 'Axis', value: 'Z' })], { document: trapDoc() });
    const auto = r.completed.find((x) => x.origin === 'auto' && x.property === 'Color Transformer');
    expect(auto).toMatchObject({ value: 'AxisColor', checked: true });
    expect(auto!.note).toMatch(/Axis takes effect only with Color Transformer = AxisColor/);
  });

  it('derives QoS from the publishers: best effort scan, latched map', () => {
    const r = run([a({ action: 'add_display', display_type: 'LaserScan' }), a({ action: 'add_display', display_type: 'Map' })]);
    const autos = r.completed.filter((x) => x.origin === 'auto').map((x) => `${x.display} ${x.property}=${x.value}`);
    expect(autos).toEqual(['LaserScan Topic/Reliability Policy=Best Effort', 'Map Topic/Durability Policy=Transient Local']);
  });

  it('gives a best-effort display on a latched topic Reliable, using the display\'s own topic property', () => {
    const r = run([a({ action: 'add_display', display_type: 'RobotModel' }), a({ action: 'set_property', display: 'RobotModel', property: 'Description Topic/Reliability Policy', value: 'Best Effort' })]);
    const qos = r.completed.filter((x) => x.property.startsWith('Description Topic/'));
    expect(qos.map((x) => `${x.property}=${x.value}`)).toContain('Description Topic/Reliability Policy=Reliable');
    expect(qos.find((x) => x.property.endsWith('Reliability Policy'))!.note).toMatch(/corrected to Reliable/);
  });

  it('unticks a proposed disable of a display whose QoS it fixes, unless the user asked to hide', () => {
    const unticked = run([a({ action: 'set_enabled', display: 'Front Scan', value: 'false' })], { document: trapDoc(), request: 'the scan has a warning' });
    expect(unticked.completed.find((x) => x.action === 'set_enabled')!.checked).toBe(false);
    expect(unticked.completed.some((x) => x.origin === 'auto' && x.value === 'Best Effort')).toBe(true);
    const hidden = run([a({ action: 'set_enabled', display: 'Front Scan', value: 'false' })], { document: trapDoc(), request: 'hide the scan' });
    expect(hidden.completed).toHaveLength(1);
    expect(hidden.completed[0]!.checked).toBe(true);
  });

  it('adds the fixed frame a request names when the proposal skipped it', () => {
    const r = run([], { request: 'use the odom frame' });
    expect(r.completed).toEqual([expect.objectContaining({ action: 'set_fixed_frame', frame: 'odom', origin: 'auto' })]);
    expect(run([], { request: 'odom and base_link frame' }).completed).toHaveLength(0);
    expect(run([], { request: 'mude o frame fixo para odom' }).completed).toEqual([expect.objectContaining({ action: 'set_fixed_frame', frame: 'odom' })]);
  });

  it('adds no fixed frame for a frame named apart from "frame", kept from a list, or beside another setting\'s words', () => {
    for (const request of ['hide every tf frame except odom', 'show the frame names of odom', 'hide the frames, odom is fine']) {
      expect(run([], { request }).completed, request).toHaveLength(0);
    }
  });

  it('draws a Map added on a costmap topic with the costmap scheme, unless the plan sets a scheme itself', () => {
    const snap = snapshot(defaultTopics().concat(topic('/local_costmap/costmap', 'nav_msgs/msg/OccupancyGrid', [LATCHED('/c')])));
    const added = run([a({ action: 'add_display', display_type: 'Map', topic: '/local_costmap/costmap' })], { snap });
    const scheme = added.completed.find((x) => x.property === 'Color Scheme');
    expect(scheme).toMatchObject({ origin: 'auto', value: 'costmap' });
    expect(scheme!.note).toMatch(/costmap scheme/);
    const raw = run([a({ action: 'add_display', display_type: 'Map', topic: '/local_costmap/costmap' }), a({ action: 'set_property', display: 'Map', property: 'Color Scheme', value: 'raw' })], { snap });
    expect(raw.completed.filter((x) => x.property === 'Color Scheme').map((x) => x.value)).toEqual(['raw']);
    expect(run([a({ action: 'add_display', display_type: 'Map', topic: '/map' })]).completed.some((x) => x.property === 'Color Scheme')).toBe(false);
  });

  it('keeps the first of repeated settings', () => {
    const r = run([
      a({ action: 'set_property', display: 'Front Scan', property: 'Alpha', value: '0.2' }),
      a({ action: 'set_property', display: 'Front Scan', property: 'Alpha', value: '0.9' }),
    ], { document: trapDoc(), snap: snapshot(defaultTopics().filter((t) => t.name !== '/scan').concat(topic('/scan', 'sensor_msgs/msg/LaserScan', [SENSOR('/l')]))) });
    const alphas = r.completed.filter((x) => x.property === 'Alpha');
    expect(alphas.map((x) => x.value)).toEqual(['0.2']);
    expect(r.notes[0]).toMatch(/dropped a repeated setting/);
  });
});

describe('complete: what a RobotModel really requests, and the not-equal / one-of conditions', () => {
  function withRobot(fields = '') {
    const r = applyActions(doc(), [{ action: 'add_display', display_type: 'RobotModel', topic: '/robot_description', display: 'Robot' }], { lookup: catalog });
    if (!r.ok) throw new Error(r.reason);
    if (!fields) return r.doc;
    const e = applyActions(r.doc, [{ action: 'set_property', display: 'Robot', property: 'Description Topic/Depth', value: fields }], { lookup: catalog });
    if (!e.ok) throw new Error(e.reason);
    return e.doc;
  }
  const autos = (r: ReturnType<typeof run>) => r.completed.filter((x) => x.origin === 'auto').map((x) => `${x.display} ${x.property}=${x.value}`);

  it('an unedited RobotModel on the latched /robot_description needs no QoS fix (it subscribes Transient Local)', () => {
    const r = run([a({ action: 'set_property', display: 'Robot', property: 'Alpha', value: '0.5' })], { document: withRobot() });
    expect(autos(r)).toEqual([]);
  });

  it('a RobotModel whose Depth was edited subscribes with its fields (Volatile): the fix asks for Transient Local', () => {
    const r = run([a({ action: 'set_property', display: 'Robot', property: 'Alpha', value: '0.5' })], { document: withRobot('1') });
    expect(autos(r)).toEqual(['Robot Description Topic/Durability Policy=Transient Local']);
  });

  it('a fix that changes one field accounts for the rebuilt profile (best-effort latched description: both fields)', () => {
    const snap = snapshot([...defaultTopics().filter((t) => t.name !== '/robot_description'),
      topic('/robot_description', 'std_msgs/msg/String', [{ node: '/rsp', qos: { reliability: 'best_effort', durability: 'transient_local', history: 'keep_last', depth: 1 }, source: 'reported' }])]);
    const r = run([a({ action: 'set_property', display: 'Robot', property: 'Alpha', value: '0.5' })], { document: withRobot(), snap });
    expect(autos(r).sort()).toEqual(['Robot Description Topic/Durability Policy=Transient Local', 'Robot Description Topic/Reliability Policy=Best Effort']);
  });

  it('adds what a not-equal or one-of condition needs: Size (m) leaves Points, Expand Tree picks a tree style', () => {
    const cloud = run([
      a({ action: 'add_display', display_type: 'PointCloud2', topic: '/points' }),
      a({ action: 'set_property', display: 'PointCloud2', property: 'Style', value: 'Points' }),
      a({ action: 'set_property', display: 'PointCloud2', property: 'Size (m)', value: '0.05' }),
    ]);
    // The plan already sets Style (to Points), so complete() does not overrule it; alone, Size (m) gets Style = Flat Squares.
    expect(autos(cloud).filter((x) => x.includes('Style'))).toEqual([]);
    const points = applyActions(doc(), [{ action: 'add_display', display_type: 'PointCloud2', topic: '/points', display: 'Cloud' },
      { action: 'set_property', display: 'Cloud', property: 'Style', value: 'Points' }], { lookup: catalog });
    if (!points.ok) throw new Error(points.reason);
    const size = run([a({ action: 'set_property', display: 'Cloud', property: 'Size (m)', value: '0.05' })], { document: points.doc });
    const style = size.completed.find((x) => x.property === 'Style')!;
    expect(style).toMatchObject({ value: 'Flat Squares', origin: 'auto' });
    expect(style.note).toBe('Size (m) takes effect only with Style != Points');
    const tree = run([a({ action: 'set_property', display: 'Robot', property: 'Links/Expand Tree', value: 'true' })], { document: withRobot() });
    expect(tree.completed.find((x) => x.property === 'Links/Link Tree Style')).toMatchObject({ value: 'Tree of links', origin: 'auto' });
  });
});
