import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { planEdit, type Edit } from '../../../src/core/editor/index.ts';
import { DocumentSession, getProperty, serialize, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { context, display } from './fixtures.ts';
import { doc } from '../planner/fixtures.ts';

/** Plans the edit on the document and applies it as one undo step, as the app does. */
function commit(document: RvizDocument, edit: Edit, withRobot = true) {
  const session = new DocumentSession(document, { lookup: catalog });
  const planned = planEdit(edit, context(document, withRobot));
  if (!planned.ok) return { planned, session };
  const applied = session.apply(planned.actions, planned.label);
  if (!applied.ok) throw new Error(applied.reason);
  return { planned, session };
}

const prop = (displayName: string, path: string, value: string, isTopic = false): Edit => ({
  kind: 'property', display: displayName, displayName, control: { path, isTopic }, value,
});

describe('edit actions: a hand edit is one action through validate() and complete()', () => {
  it('Size (m) becomes one set_property, one undo step that restores the text byte for byte', () => {
    const before = context().document;
    const { planned, session } = commit(before, prop('LaserScan', 'Size (m)', '0.1'));
    expect(planned.ok && planned.actions.map((a) => [a.action, a.property, a.value, a.origin])).toEqual([['set_property', 'Size (m)', '0.1', 'model']]);
    expect(serialize(session.doc)).toContain('      Size (m): 0.1\n');
    expect(serialize(session.doc).replace('Size (m): 0.1', 'Size (m): 0.03')).toBe(serialize(before));
    expect(session.history.canUndo).toBe(true);
    const undone = session.undo();
    expect(undone.ok).toBe(true);
    expect(serialize(session.doc)).toBe(serialize(before));
  });

  it('a value out of range is refused with the range, and nothing is applied', () => {
    const planned = planEdit(prop('LaserScan', 'Alpha', '1.5'), context());
    expect(planned).toEqual({ ok: false, reason: expect.stringMatching(/Alpha.*1\.5 is above the maximum 1/) });
    const negative = planEdit(prop('LaserScan', 'Size (m)', '-1'), context());
    expect(negative.ok).toBe(false);
    expect(!negative.ok && negative.reason).toMatch(/below the minimum 0\.0001/);
    expect(planEdit(prop('Map', 'Color Scheme', 'rainbow'), context()).ok).toBe(false);
  });

  it('a dependency is added as automatic: Axis needs Color Transformer = AxisColor', () => {
    const { planned } = commit(context().document, prop('LaserScan', 'Axis', 'X'));
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.auto.map((a) => [a.property, a.value])).toEqual([['Color Transformer', 'AxisColor']]);
    expect(planned.auto[0]!.note).toMatch(/Axis takes effect only with Color Transformer = AxisColor/);
  });

  it('Add by topic /scan: a LaserScan whose Best Effort is completed from the publisher', () => {
    const { planned, session } = commit(doc(), { kind: 'add', displayType: 'rviz_default_plugins/LaserScan', topic: '/scan' });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.actions[0]).toMatchObject({ action: 'add_display', topic: '/scan', origin: 'model' });
    expect(planned.auto.map((a) => [a.property, a.value])).toEqual([['Topic/Reliability Policy', 'Best Effort']]);
    expect(serialize(session.doc)).toMatch(/Reliability Policy: Best Effort\n\s+Value: \/scan/);
    expect(session.history.canUndo).toBe(true);
  });

  it('a topic edit is set_topic; a topic of the wrong type is refused', () => {
    const ok = planEdit(prop('LaserScan', 'Topic', '/scan', true), context());
    expect(ok.ok && ok.actions[0]?.action).toBe('set_topic');
    const wrong = planEdit(prop('LaserScan', 'Topic', '/map', true), context());
    expect(!wrong.ok && wrong.reason).toMatch(/\/map carries nav_msgs\/msg\/OccupancyGrid/);
  });

  it('a Map\'s Color Scheme changes to costmap', () => {
    const { session } = commit(context().document, prop('Map', 'Color Scheme', 'costmap'));
    expect(getProperty(session.doc, 'Map', 'Color Scheme')).toMatchObject({ ok: true, value: 'costmap' });
    expect(getProperty(session.doc, 'Global Costmap', 'Color Scheme')).toMatchObject({ ok: true, value: 'costmap' });
  });

  it('rename, enable and remove are their own actions; a disable stays a disable', () => {
    const ctx = context();
    const scan = display(ctx, 'LaserScan');
    const renamed = commit(ctx.document, { kind: 'rename', display: scan.path, displayName: 'LaserScan', name: 'Front Laser' });
    expect(serialize(renamed.session.doc)).toContain('Name: Front Laser');
    expect(planEdit({ kind: 'rename', display: scan.path, displayName: 'LaserScan', name: 'Map' }, ctx)).toEqual({ ok: false, reason: expect.stringMatching(/already named "Map"/) });
    const off = planEdit({ kind: 'enabled', display: scan.path, displayName: 'LaserScan', on: false }, ctx);
    expect(off.ok && off.actions.map((a) => [a.action, a.value, a.checked])).toEqual([['set_enabled', 'false', true]]);
    const removed = commit(ctx.document, { kind: 'remove', display: scan.path, displayName: 'LaserScan' });
    expect(serialize(removed.session.doc)).not.toContain('rviz_default_plugins/LaserScan');
  });

  it('Global Options: Background Color, Frame Rate in 1..1000, Fixed Frame with a TF note', () => {
    const bg = commit(context().document, { kind: 'global', path: 'Background Color', value: '#ff0000' });
    expect(bg.planned.ok && bg.planned.actions[0]).toMatchObject({ action: 'set_property', display: 'Global Options', property: 'Background Color', value: '255; 0; 0' });
    expect(serialize(bg.session.doc)).toContain('    Background Color: 255; 0; 0\n');
    const rate = commit(context().document, { kind: 'global', path: 'Frame Rate', value: '60' });
    expect(serialize(rate.session.doc)).toContain('    Frame Rate: 60\n');
    expect(planEdit({ kind: 'global', path: 'Frame Rate', value: '0' }, context())).toEqual({ ok: false, reason: expect.stringMatching(/below the minimum 1/) });
    const frame = planEdit({ kind: 'global', path: 'Fixed Frame', value: 'nowhere' }, context());
    expect(frame.ok && frame.actions[0]).toMatchObject({ action: 'set_fixed_frame', frame: 'nowhere', note: expect.stringMatching(/not in the TF tree/) });
    expect(planEdit({ kind: 'global', path: 'Gravity', value: '1' }, context()).ok).toBe(false);
  });
});

describe('edit actions: what complete() would correct is refused by hand', () => {
  it('Reliable on a Best Effort scan is refused with why; the companion keeps Best Effort', () => {
    const planned = planEdit(prop('LaserScan', 'Topic/Reliability Policy', 'Reliable'), context());
    expect(planned).toEqual({ ok: false, reason: expect.stringMatching(/\/scan: publisher \/lidar offers only Best Effort; a Reliable request receives nothing; the companion keeps Best Effort/) });
  });
});
