// add_display into groups: `display` as a path `Visualization Manager/Displays/<group>/…/<new name>`, names unique
// within their group, everything else in the text untouched, and the inverse exact.
import { describe, expect, it } from 'vitest';
import { BLANK_ACTION, type RvizAction } from '../../../src/core/rviz/action-types.ts';
import { applyAction, applyActions, applyChange, findDisplay, listDisplays, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { changedLines, doc, SAMPLE } from './helpers.ts';

const opts = { lookup: catalog };
const act = (a: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction => ({ ...BLANK_ACTION, ...a });
const add = (display: string, type = 'LaserScan', topic = ''): RvizAction => act({ action: 'add_display', display_type: type, topic, display });

function ok(d: RvizDocument, ...actions: RvizAction[]): { doc: RvizDocument; summaries: string[] } {
  const r = applyActions(d, actions, opts);
  if (!r.ok) throw new Error(r.reason);
  return r;
}

function fail(d: RvizDocument, a: RvizAction): string {
  const r = applyAction(d, a, opts);
  if (r.ok) throw new Error('expected a failure');
  return r.reason;
}

const where = (d: RvizDocument, name: string) => listDisplays(d, catalog).filter((x) => x.name === name).map((x) => `${x.groupPath.join('/')}|${x.path}`);

/** Two robots' groups, each with a "Scan"; robot1 holds a nested "Sensors" group written in flow style. */
const FLEET = `Visualization Manager:
  Class: ""
  Displays:
    - Class: rviz_default_plugins/Grid
      Enabled: true
      Name: Grid
      Value: true
    - Class: rviz_common/Group
      Displays:
        - Class: rviz_default_plugins/LaserScan
          Enabled: true
          Name: Scan
          Topic: /robot1/scan
          Value: true
        - {Class: rviz_common/Group, Displays: [], Enabled: true, Name: Sensors, Value: true}
      Enabled: true
      Name: robot1
      Value: true
    - Class: rviz_common/Group
      # robot2's displays
      Displays:
        - Class: rviz_default_plugins/LaserScan
          Enabled: true
          Name: Scan
          Topic: /robot2/scan
          Value: true
      Enabled: true
      Name: robot2
      Value: true
    - Class: rviz_common/Group
      Enabled: true
      Name: Empty
      Value: true
  Enabled: true
  Global Options:
    Fixed Frame: map
  Name: root
  Value: true
`;

describe('add_display into a group', () => {
  it('adds inside the named group, after its displays, leaving every other line as it was', () => {
    const before = doc(FLEET);
    const r = ok(before, add('Visualization Manager/Displays/robot2/Odometry', 'Odometry', '/robot2/odom'));
    expect(r.summaries).toEqual(['added Odometry "Odometry" in group "robot2" on /robot2/odom']);
    expect(where(r.doc, 'Odometry')).toEqual(['robot2|Visualization Manager/Displays/2/Displays/1']);
    expect(changedLines(FLEET, r.doc.text).removed).toBe(0);
    expect(r.doc.text).toContain('      # robot2\'s displays\n');
  });

  it('adds into nested groups by names, by index path, and into a flow-style empty group', () => {
    const r = ok(doc(FLEET), add('Visualization Manager/Displays/robot1/Sensors/Front Cloud', 'PointCloud2', '/robot1/points'),
      add('Visualization Manager/Displays/1/Displays/1/Rear Cloud', 'PointCloud2', '/robot1/rear'));
    expect(where(r.doc, 'Front Cloud')).toEqual(['robot1/Sensors|Visualization Manager/Displays/1/Displays/1/Displays/0']);
    expect(where(r.doc, 'Rear Cloud')).toEqual(['robot1/Sensors|Visualization Manager/Displays/1/Displays/1/Displays/1']);
    expect(listDisplays(r.doc, catalog).find((x) => x.name === 'Front Cloud')?.topics).toEqual([{ property: 'Topic', value: '/robot1/points' }]);
  });

  it('adds into a group that has no Displays list yet, and into a group the same plan added', () => {
    const r = ok(doc(FLEET), add('Visualization Manager/Displays/Empty/Map', 'Map', '/map'),
      add('robot3', 'Group'), add('Visualization Manager/Displays/robot3/Scan', 'LaserScan', '/robot3/scan'));
    expect(where(r.doc, 'Map')).toEqual(['Empty|Visualization Manager/Displays/3/Displays/0']);
    expect(where(r.doc, 'Scan').map((w) => w.split('|')[0])).toEqual(['robot1', 'robot2', 'robot3']);
  });

  it('refuses a missing group, a display that is not a group, and a path without a name, changing nothing', () => {
    const d = doc(FLEET);
    expect(fail(d, add('Visualization Manager/Displays/robot9/Scan'))).toBe('rviz: add_display: no group "robot9" in the top level (groups there: robot1, robot2, Empty)');
    expect(fail(d, add('Visualization Manager/Displays/robot1/Lidar/Scan'))).toBe('rviz: add_display: no group "Lidar" in group "robot1" (groups there: Sensors)');
    expect(fail(d, add('Visualization Manager/Displays/Grid/Scan'))).toBe('rviz: add_display: "Grid" in the top level is a rviz_default_plugins/Grid, not a group');
    expect(fail(d, add('Visualization Manager/Displays/0/Scan'))).toMatch(/"Grid" \(rviz_default_plugins\/Grid\) at Visualization Manager\/Displays\/0 is not a group/);
    expect(fail(d, add('Visualization Manager/Displays/robot1/'))).toMatch(/must end with the new display's name/);
    const all = applyActions(d, [add('Visualization Manager/Displays/robot1/Odometry', 'Odometry'), add('Visualization Manager/Displays/robot9/Scan')], opts);
    expect(all.ok).toBe(false);
    expect(all.ok ? '' : all.reason).toMatch(/^action 1 \(add_display\): rviz: add_display: no group "robot9"/);
  });

  it('keeps names unique within the group only: a clash inside gets "(2)", the same name in another group stays', () => {
    const r = ok(doc(FLEET), add('Visualization Manager/Displays/robot1/Scan', 'LaserScan', '/robot1/scan_rear'), add('Visualization Manager/Displays/robot1/Sensors/Scan'));
    expect(r.summaries[0]).toBe('added LaserScan "Scan (2)" in group "robot1" on /robot1/scan_rear');
    expect(where(r.doc, 'Scan').map((w) => w.split('|')[0])).toEqual(['robot1', 'robot1/Sensors', 'robot2']);
    // A plain name is unique in the whole document, so the name alone finds it later.
    expect(ok(doc(FLEET), add('Scan')).summaries).toEqual(['added LaserScan "Scan (2)"']);
  });

  it('finds displays by group names; a bare name shared by two groups is ambiguous', () => {
    const d = doc(FLEET);
    const hit = findDisplay(d, 'Visualization Manager/Displays/robot2/scan');
    expect(hit.ok && hit.ref.path).toBe('Visualization Manager/Displays/2/Displays/0');
    expect(findDisplay(d, 'Scan')).toMatchObject({ ok: false, reason: expect.stringMatching(/ambiguous/) });
    expect(findDisplay(d, 'Visualization Manager/Displays/robot2/Odometry')).toEqual({ ok: false, reason: 'rviz: display "Odometry" not found in group "robot2" (displays there: Scan)' });
    const set = ok(d, act({ action: 'set_property', display: 'Visualization Manager/Displays/robot2/Scan', property: 'Size (m)', value: '0.05' }));
    expect(set.doc.text).toMatch(/Name: Scan\n {10}Size \(m\): 0.05\n {10}Topic: \/robot2\/scan/);
  });

  it('renames within a group: a sibling clash is refused, a name used in another group is allowed', () => {
    const d = ok(doc(FLEET), add('Visualization Manager/Displays/robot1/Odom', 'Odometry')).doc;
    const clash = applyAction(d, act({ action: 'rename_display', display: 'Visualization Manager/Displays/robot1/Odom', value: 'scan' }), opts);
    expect(clash.ok ? '' : clash.reason).toBe('rviz: rename_display: another display is already named "Scan" (Visualization Manager/Displays/1/Displays/0)');
    const r = ok(doc(FLEET), act({ action: 'rename_display', display: 'Visualization Manager/Displays/robot1/Sensors', value: 'robot2' }));
    expect(r.summaries).toEqual(['renamed "Sensors" to "robot2"']);
  });

  it('undoes an add into a group exactly, by its inverse', () => {
    const before = doc(FLEET);
    const r = applyAction(before, add('Visualization Manager/Displays/robot1/Sensors/Cloud', 'PointCloud2', '/robot1/points'), opts);
    if (!r.ok) throw new Error(r.reason);
    const back = applyChange(r.doc.text, r.inverse);
    expect(back.ok && back.text).toBe(FLEET);
  });

  it('adds into a group of SAMPLE (block style, comments) without touching the rest', () => {
    const r = ok(doc(SAMPLE), add('Visualization Manager/Displays/Sensors/Rear Camera', 'Image', '/camera/rear'));
    expect(where(r.doc, 'Rear Camera')).toEqual(['Sensors|Visualization Manager/Displays/2/Displays/2']);
    expect(changedLines(SAMPLE, r.doc.text).removed).toBe(0);
  });
});

describe.skipIf(!corpusPresent)('add_display into every group of the real .rviz corpus', () => {
  it('adds a display into each group, by its path, losslessly and reversibly', () => {
    let groups = 0;
    for (const { name, text } of corpusFiles()) {
      const before = doc(text);
      for (const g of listDisplays(before, catalog).filter((x) => x.isGroup)) {
        groups++;
        const r = applyAction(before, add(`${g.path}/Probe`, 'Axes'), opts);
        if (!r.ok) throw new Error(`${name} ${g.path}: ${r.reason}`);
        expect(changedLines(text, r.doc.text).removed, `${name} ${g.path}`).toBe(0);
        const probe = listDisplays(r.doc, catalog).filter((x) => x.name === 'Probe' || x.name.startsWith('Probe ('));
        expect(probe.map((x) => x.path.slice(0, g.path.length)), `${name} ${g.path}`).toEqual([g.path]);
        const back = applyChange(r.doc.text, r.inverse);
        expect(back.ok && back.text).toBe(text);
      }
    }
    expect(groups).toBeGreaterThan(3);
  });
});
