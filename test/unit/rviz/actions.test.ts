import { describe, expect, it } from 'vitest';
import { BLANK_ACTION, type RvizAction } from '../../../src/core/rviz/action-types.ts';
import { applyAction, applyActions, applyChange, getProperty, listDisplays, parse, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { changedLines, differingLines, doc, SAMPLE } from './helpers.ts';

const opts = { lookup: catalog };
const act = (a: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction => ({ ...BLANK_ACTION, ...a });

function ok(d: RvizDocument, ...actions: RvizAction[]): RvizDocument {
  const r = applyActions(d, actions, opts);
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

function fail(d: RvizDocument, a: RvizAction): string {
  const r = applyAction(d, a, opts);
  if (r.ok) throw new Error('expected a failure');
  return r.reason;
}

describe('add_display', () => {
  it('adds the catalog class with a unique name, enabled, topic with default QoS and Filter size', () => {
    const d = ok(doc(SAMPLE), act({ action: 'add_display', display_type: 'laser', topic: '/scan_rear' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 0, added: 11 });
    expect(d.text).toContain(`    - Class: rviz_default_plugins/LaserScan
      Enabled: true
      Name: LaserScan (2)
      Topic:
        Depth: 5
        Durability Policy: Volatile
        Filter size: 10
        History Policy: Keep Last
        Reliability Policy: Reliable
        Value: /scan_rear
      Value: true
  Enabled: true`);
    const last = listDisplays(d, catalog).at(-1)!;
    expect(last).toMatchObject({ name: 'LaserScan (2)', enabled: true, path: 'Visualization Manager/Displays/3', topics: [{ property: 'Topic', value: '/scan_rear' }] });
  });
  it('uses the catalog topic property and writes its QoS fields as RViz2 saves them (RobotModel: 5 / Volatile)', () => {
    const d = ok(doc(SAMPLE), act({ action: 'add_display', display_type: 'RobotModel', topic: '/robot_description', display: 'Robot' }));
    // RViz2 saves qos_profile(5) and subscribes KeepLast(1) Transient Local until a field changes (catalog defaultQos).
    expect(getProperty(d, 'Robot', 'Description Topic/Durability Policy')).toMatchObject({ value: 'Volatile' });
    expect(getProperty(d, 'Robot', 'Description Topic/Depth')).toMatchObject({ value: 5 });
    expect(getProperty(d, 'Robot', 'Description Source')).toMatchObject({ value: 'Topic' });
  });
  it('adds to an empty or null Displays list', () => {
    const empty = doc('Visualization Manager:\n  Class: ""\n  Displays: ~\n  Name: root\n');
    const d = ok(empty, act({ action: 'add_display', display_type: 'Grid' }));
    expect(d.text).toBe('Visualization Manager:\n  Class: ""\n  Displays:\n    - Class: rviz_default_plugins/Grid\n      Enabled: true\n      Name: Grid\n      Value: true\n  Name: root\n');
    const flow = ok(doc('Visualization Manager:\n  Displays: []\n'), act({ action: 'add_display', display_type: 'TF' }));
    expect(listDisplays(flow).map((x) => x.name)).toEqual(['TF']);
    const none = ok(doc('Visualization Manager:\n  Name: root\n'), act({ action: 'add_display', display_type: 'TF' }));
    expect(listDisplays(none).map((x) => x.name)).toEqual(['TF']);
  });
  it('refuses unknown types and topics on topic-less types', () => {
    expect(fail(doc(SAMPLE), act({ action: 'add_display', display_type: 'Hologram' }))).toBe('rviz: add_display: unknown display type "Hologram"');
    expect(fail(doc(SAMPLE), act({ action: 'add_display', display_type: 'TF', topic: '/tf' }))).toBe('rviz: add_display: display type TF takes no topic (got "/tf")');
  });
});

describe('set_property and both property forms', () => {
  it('changes only that property\'s line', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'grid', property: 'Alpha', value: '0.8' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 1, added: 1 });
    expect(d.text).toContain('    - Alpha: 0.8\n');
  });
  it('setting Topic/Depth on the scalar form converts it to the map form, keeping the comment above', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Topic/Depth', value: '10' }));
    expect(d.text).toContain('      # the front lidar\n      Size (m): 0.01\n      Topic:\n        Depth: 10\n        Value: /scan\n      Value: true\n');
    expect(getProperty(d, 'laser_scan', 'Topic')).toEqual({ ok: true, value: '/scan', form: 'map' });
  });
  it('setting Topic on the map form sets its Value', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'front camera', property: 'Topic', value: '/cam/image' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 1, added: 1 });
    expect(d.text).toContain('            Value: /cam/image\n');
  });
  it('writes RViz2 YAML types: numbers, bools, colours, canonical enum spelling', () => {
    let d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Color', value: '255,0,0' }));
    expect(d.text).toContain('      Color: 255; 0; 0\n');
    d = ok(d, act({ action: 'set_property', display: 'front camera', property: 'Topic/Reliability Policy', value: 'best effort' }));
    expect(d.text).toContain('Reliability Policy: Best Effort\n');
    d = ok(d, act({ action: 'set_property', display: 'laser_scan', property: 'Selectable', value: 'False' }));
    expect(getProperty(d, 'laser_scan', 'Selectable')).toMatchObject({ value: false });
    d = ok(d, act({ action: 'set_property', display: 'laser_scan', property: 'Autocompute Value Bounds/Max Value', value: '2.5' }));
    expect(getProperty(d, 'laser_scan', 'Autocompute Value Bounds/Max Value')).toMatchObject({ value: 2.5 });
    expect(parse(d.text).ok).toBe(true);
  });
  it('refuses values the catalog says RViz2 would not accept, naming the culprit', () => {
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Style', value: 'Blobs' })))
      .toBe('rviz: set_property on "Laser_Scan": "Style": "Blobs" is not one of Points, Squares, Flat Squares, Spheres, Boxes, Tiles');
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Alpha', value: '3' })))
      .toBe('rviz: set_property on "Laser_Scan": "Alpha": 3 is above the maximum 1');
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Topic/Reliability Policy', value: 'fast' })))
      .toMatch(/^rviz: set_property on "Laser_Scan": "Topic\/Reliability Policy": "fast" is not one of System Default, Reliable, Best Effort/);
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'Point Size', value: '3' })))
      .toMatch(/^rviz: set_property: LaserScan has no property "Point Size" \(properties: Topic, Selectable, Style, Size \(m\)/);
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'grid', property: 'Color', value: 'bluish' })))
      .toMatch(/^rviz: set_property on "Grid": "Color": "bluish" is not a colour/);
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'front camera', property: 'Topic/Value/X', value: '1' })))
      .toMatch(/^rviz: set_property: Image has no property "Topic\/Value\/X"/);
    expect(fail(doc(SAMPLE), act({ action: 'set_property', display: 'Particles', property: 'Topic/Value/X', value: '1' })))
      .toMatch(/is a value; it has no "X"/);
  });
  it('uses the catalog spelling of loose property paths and writes vectors as X/Y/Z maps', () => {
    let d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'laser_scan', property: 'size (M)', value: '0.05' }));
    expect(d.text).toContain('      Size (m): 0.05\n');
    d = ok(d, act({ action: 'set_property', display: 'laser_scan', property: 'reliability policy', value: 'best effort' }));
    expect(getProperty(d, 'laser_scan', 'Topic/Reliability Policy')).toMatchObject({ value: 'Best Effort' });
    d = ok(d, act({ action: 'set_property', display: 'grid', property: 'Offset', value: '1, 2, 3' }));
    expect(d.text).toContain('      Name: Grid\n      Offset:\n        X: 1\n        Y: 2\n        Z: 3\n      Value: true\n');
    d = ok(d, act({ action: 'set_property', display: 'grid', property: 'color', value: 'red' }));
    expect(d.text).toContain('      Color: 255; 0; 0\n');
  });
  it('third-party classes accept any property and the file keeps everything else', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_property', display: 'Particles', property: 'Shape', value: 'Arrow (Flat)' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 0, added: 1 });
    expect(d.text).toContain('          Name: Particles\n          Shape: Arrow (Flat)\n          Topic:');
  });
});

describe('set_topic, set_enabled, rename_display, remove_display, set_fixed_frame', () => {
  it('set_topic uses the display\'s topic property (both forms)', () => {
    let d = ok(doc(SAMPLE), act({ action: 'set_topic', display: 'laser scan', topic: '/scan_filtered' }));
    expect(d.text).toContain('      Topic: /scan_filtered\n');
    d = ok(d, act({ action: 'set_topic', display: 'Front Camera', topic: '/cam2/image' }));
    expect(getProperty(d, 'Front Camera', 'Topic')).toMatchObject({ value: '/cam2/image' });
    expect(fail(d, act({ action: 'set_topic', display: 'Grid', topic: '/x' }))).toBe('rviz: set_topic: display "Grid" (rviz_default_plugins/Grid) has no topic property');
    expect(fail(d, act({ action: 'set_topic', display: 'Grid', topic: 'a b' }))).toBe('rviz: set_topic: topic "a b" contains spaces');
  });
  it('set_enabled writes Enabled and Value', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_enabled', display: 'grid', value: 'false' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 3, added: 3 });
    expect(listDisplays(d)[0]!.enabled).toBe(false);
    expect(fail(d, act({ action: 'set_enabled', display: 'grid', value: 'maybe' }))).toBe('rviz: set_enabled expects value "true" or "false" (got "maybe")');
  });
  it('rename_display keeps the Image dock entry in Window Geometry', () => {
    const d = ok(doc(SAMPLE), act({ action: 'rename_display', display: 'front camera', value: 'Left Camera' }));
    expect(d.text).toContain('          Name: Left Camera\n');
    expect(d.text).toContain('Window Geometry:\n  Displays:\n    collapsed: false\n  Left Camera:\n    collapsed: false\n');
    expect(differingLines(SAMPLE, d.text)).toBe(2);
    expect(fail(d, act({ action: 'rename_display', display: 'grid', value: 'laser scan' })))
      .toBe('rviz: rename_display: another display is already named "Laser_Scan" (Visualization Manager/Displays/1)');
    expect(fail(d, act({ action: 'rename_display', display: 'Left Camera', value: 'Displays' })))
      .toBe('rviz: rename_display: "Displays" is already a window (dock) name in Window Geometry; pick another name');
  });
  it('remove_display removes the display (and a group with its children) and the dock entry', () => {
    const d = ok(doc(SAMPLE), act({ action: 'remove_display', display: 'sensors' }));
    expect(listDisplays(d).map((x) => x.name)).toEqual(['Grid', 'Laser_Scan']);
    expect(d.text).not.toContain('Front Camera');
    expect(d.text).toContain('Window Geometry:\n  Displays:\n    collapsed: false\n  Height: 800\n');
    const last = ok(doc(SAMPLE), act({ action: 'remove_display', display: 'particles' }), act({ action: 'remove_display', display: 'front camera' }));
    expect(last.text).toContain('    - Class: rviz_common/Group\n      Displays: []\n      Enabled: true\n');
  });
  it('set_fixed_frame sets Global Options/Fixed Frame, creating it when absent', () => {
    const d = ok(doc(SAMPLE), act({ action: 'set_fixed_frame', frame: 'odom' }));
    expect(changedLines(SAMPLE, d.text)).toEqual({ removed: 1, added: 1 });
    expect(d.text).toContain('    Fixed Frame: odom\n');
    const none = ok(doc('Visualization Manager:\n  Class: ""\n  Name: root\n'), act({ action: 'set_fixed_frame', frame: 'base_link' }));
    expect(none.text).toBe('Visualization Manager:\n  Class: ""\n  Global Options:\n    Fixed Frame: base_link\n  Name: root\n');
  });
});

describe('applyActions is all or nothing', () => {
  it('names the failing index and leaves the document untouched', () => {
    const d = doc(SAMPLE);
    const r = applyActions(d, [
      act({ action: 'set_fixed_frame', frame: 'odom' }),
      act({ action: 'set_enabled', display: 'nope', value: 'true' }),
    ], opts);
    expect(r).toEqual({ ok: false, index: 1, reason: 'action 1 (set_enabled): rviz: display "nope" not found (displays: Grid, Laser_Scan, Sensors, Front Camera, Particles)' });
    expect(d.text).toBe(SAMPLE);
  });
  it('rejects malformed actions from JSON', () => {
    const d = doc(SAMPLE);
    expect(applyActions(d, [{ action: 'explode' }], opts)).toMatchObject({ ok: false, index: 0, reason: expect.stringContaining('unknown action "explode"') });
    expect(applyActions(d, [{ action: 'set_fixed_frame', frame: { a: 1 } }], opts)).toMatchObject({ ok: false, reason: expect.stringContaining('action field "frame" must be a string') });
    expect(applyActions(d, ['x'], opts)).toMatchObject({ ok: false, reason: expect.stringContaining('an action must be a JSON object') });
  });
  it('returns one change whose inverse restores the text exactly', () => {
    const d = doc(SAMPLE);
    const r = applyActions(d, [
      act({ action: 'add_display', display_type: 'Map', topic: '/map' }),
      act({ action: 'set_property', display: 'Map', property: 'Topic/Durability Policy', value: 'Transient Local' }),
      act({ action: 'rename_display', display: 'front camera', value: 'Cam' }),
      act({ action: 'remove_display', display: 'grid' }),
    ], opts);
    if (!r.ok) throw new Error(r.reason);
    expect(r.summaries).toEqual(['added Map "Map" on /map', 'set Topic/Durability Policy of "Map" to Transient Local', 'renamed "Front Camera" to "Cam"', 'removed "Grid"']);
    const back = applyChange(r.doc.text, r.inverse);
    expect(back.ok && back.text).toBe(SAMPLE);
  });
});

describe.skipIf(!corpusPresent)('over the corpus', () => {
  const files = corpusFiles();
  it('one set_property changes only that property\'s lines (1 line when it exists, 1 added when it does not)', () => {
    const stats = { edits: 0, oneLine: 0, maxLines: 0, totalLines: 0 };
    for (const f of files) {
      const d = doc(f.text);
      // A sample per file keeps the suite fast; every display's scalars were measured once for the report.
      let budget = 3;
      for (const info of listDisplays(d, catalog)) {
        if (info.isGroup) continue;
        for (const [prop, value] of Object.entries(info.properties)) {
          if (budget <= 0) break;
          if (typeof value !== 'number' && typeof value !== 'boolean') continue;
          if (['Enabled', 'Value'].includes(prop)) continue;
          const next = typeof value === 'boolean' ? String(!value) : String(value + 1);
          const r = applyAction(d, act({ action: 'set_property', display: info.path, property: prop, value: next }), opts);
          if (!r.ok) continue; // catalog ranges can refuse value + 1
          budget--;
          const c = changedLines(f.text, r.doc.text);
          stats.edits++;
          stats.totalLines += c.added + c.removed;
          stats.maxLines = Math.max(stats.maxLines, c.added, c.removed);
          if (c.added === 1 && c.removed === 1) stats.oneLine++;
          // Everything outside the property's line is byte-identical.
          expect(r.change.removed.includes('\n') || r.change.inserted.includes('\n')).toBe(false);
        }
      }
    }
    console.log(`set_property over the corpus: ${stats.edits} edits, ${stats.oneLine} changed exactly one line, max ${stats.maxLines} line(s) changed per edit`);
    expect(stats.edits).toBeGreaterThan(100);
    expect(stats.oneLine).toBe(stats.edits);
  });
  it('third-party classes survive edits to other displays untouched', () => {
    let checked = 0;
    const third = (t: string) => listDisplays(doc(t)).filter((x) => !/^rviz_(default_plugins|common)\/|^rviz\//.test(x.classId)).map((x) => x.properties);
    for (const f of files) {
      if (third(f.text).length === 0) continue;
      checked++;
      const d = doc(f.text);
      const r = applyActions(d, [act({ action: 'add_display', display_type: 'Grid' }), act({ action: 'set_fixed_frame', frame: 'odom' })], opts);
      if (!r.ok) throw new Error(`${f.name}: ${r.reason}`);
      expect(third(r.doc.text)).toEqual(third(f.text));
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('flow-style YAML', () => {
  const FLOW = `Visualization Manager:
  Class: ""
  Displays:
    - {Class: rviz_default_plugins/Grid, Name: Grid, Enabled: true, Value: true}
    - {Class: rviz_default_plugins/LaserScan, Name: Scan, Enabled: true, Topic: /scan, Value: true}
    - {Class: rviz_default_plugins/Image, Name: Cam, Enabled: true, Topic: /img, Value: true}
  Global Options: {Background Color: 48; 48; 48, Fixed Frame: /map}
Window Geometry: {Cam: {collapsed: false}, Height: 3}
`;
  it('edits flow maps in flow style, quoting where flow needs it', () => {
    const d = ok(doc(FLOW),
      act({ action: 'set_property', display: 'scan', property: 'Topic/Depth', value: '3' }),
      act({ action: 'set_property', display: 'grid', property: 'Alpha', value: '0.2' }),
      act({ action: 'set_fixed_frame', frame: 'odom' }),
      act({ action: 'rename_display', display: 'cam', value: 'Front, Cam' }));
    expect(d.text).toContain('- {Class: rviz_default_plugins/LaserScan, Name: Scan, Enabled: true, Topic: {Depth: 3, Value: /scan}, Value: true}');
    expect(d.text).toContain('Name: Grid, Enabled: true, Value: true, Alpha: 0.2}');
    expect(d.text).toContain('Global Options: {Background Color: 48; 48; 48, Fixed Frame: odom}');
    expect(d.text).toContain('Window Geometry: {"Front, Cam": {collapsed: false}, Height: 3}');
    const removed = ok(d, act({ action: 'remove_display', display: 'Front, Cam' }));
    expect(removed.text).toContain('Window Geometry: {Height: 3}');
    expect(listDisplays(removed).map((x) => x.name)).toEqual(['Grid', 'Scan']);
  });
});

describe('Window Geometry entries that belong to panels', () => {
  it('are never renamed or removed with a display of the same name', () => {
    const text = SAMPLE.replace('Name: Front Camera', 'Name: Displays');
    const removed = ok(doc(text), act({ action: 'remove_display', display: 'Visualization Manager/Displays/2/Displays/0' }));
    expect(removed.text).toContain('Window Geometry:\n  Displays:\n    collapsed: false\n');
    const renamed = ok(doc(text), act({ action: 'rename_display', display: 'Visualization Manager/Displays/2/Displays/0', value: 'Cam' }));
    expect(renamed.text).toContain('Window Geometry:\n  Displays:\n    collapsed: false\n');
  });
});

describe('CRLF documents', () => {
  it('keep CRLF line endings in everything an edit writes, and undo exactly', () => {
    const crlf = SAMPLE.replace(/\n/g, '\r\n');
    const d0 = doc(crlf);
    const r = applyActions(d0, [
      act({ action: 'add_display', display_type: 'LaserScan', topic: '/rear' }),
      act({ action: 'set_property', display: 'laser_scan', property: 'Topic/Depth', value: '3' }),
      act({ action: 'remove_display', display: 'particles' }),
    ], opts);
    if (!r.ok) throw new Error(r.reason);
    expect(r.doc.text.replace(/\r\n/g, '')).not.toContain('\n');
    const back = applyChange(r.doc.text, r.inverse);
    expect(back.ok && back.text).toBe(crlf);
  });
});

describe('interactive markers', () => {
  it('take a namespace: an update topic given as the topic is trimmed to it', () => {
    const d = ok(doc(SAMPLE), act({ action: 'add_display', display_type: 'InteractiveMarkers', topic: '/basic_controls/update' }));
    expect(getProperty(d, 'InteractiveMarkers', 'Interactive Markers Namespace')).toMatchObject({ value: '/basic_controls' });
    const d2 = ok(d, act({ action: 'set_topic', display: 'InteractiveMarkers', topic: '/other/update_full' }));
    expect(getProperty(d2, 'InteractiveMarkers', 'Interactive Markers Namespace')).toMatchObject({ value: '/other' });
  });
});

describe('comments around removed displays', () => {
  const TEXT = `Visualization Manager:
  Displays:
    - Class: rviz_default_plugins/Grid
      Name: A
      Value: true

    # the laser
    - Class: rviz_default_plugins/LaserScan
      Name: B
    - Class: rviz_default_plugins/TF
      Name: C
  Name: root
`;
  it('a comment above a display goes with it; one above the next display stays', () => {
    expect(ok(doc(TEXT), act({ action: 'remove_display', display: 'B' })).text).toBe(TEXT.replace('    # the laser\n    - Class: rviz_default_plugins/LaserScan\n      Name: B\n', ''));
    expect(ok(doc(TEXT), act({ action: 'remove_display', display: 'A' })).text).toBe(TEXT.replace('    - Class: rviz_default_plugins/Grid\n      Name: A\n      Value: true\n', ''));
  });
});

describe('topic names', () => {
  it('are checked like rclcpp does before they reach the file', () => {
    expect(fail(doc(SAMPLE), act({ action: 'set_topic', display: 'laser_scan', topic: '/scan/' })))
      .toBe('rviz: set_topic: "/scan/" is not a valid ROS 2 topic name (tokens of letters, digits and _, not starting with a digit, separated by /)');
    expect(fail(doc(SAMPLE), act({ action: 'add_display', display_type: 'PointCloud2', topic: '/3d/points' }))).toMatch(/is not a valid ROS 2 topic name/);
    expect(ok(doc(SAMPLE), act({ action: 'set_topic', display: 'laser_scan', topic: 'robot1/scan' })).text).toContain('Topic: robot1/scan\n');
  });
});
