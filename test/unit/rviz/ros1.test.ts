import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { convertRos1, getProperty, isRos1, lintDocument, listDisplays, parse } from '../../../src/core/rviz/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { doc } from './helpers.ts';

const ROS1 = `Panels:
  - Class: rviz/Displays
    Name: Displays
  - Class: rviz/MyCustomPanel
    Name: Custom
Visualization Manager:
  Class: ""
  Displays:
    - Class: rviz/LaserScan
      Enabled: true
      Name: LaserScan
      Queue Size: 10
      Topic: /scan
      Unreliable: true
      Value: true
    - Class: rviz/Group
      Displays:
        - Class: rviz/Image
          Enabled: true
          Image Topic: /camera/image_raw
          Name: Image
          Queue Size: 2
          Transport Hint: raw
          Unreliable: false
          Value: true
        - Class: rviz/InteractiveMarkers
          Enabled: true
          Name: Markers
          Update Topic: /server/update
          Value: true
      Enabled: true
      Name: Sensors
    - Class: rviz/RobotModel
      Enabled: true
      Name: Robot
      Robot Description: robot_description
      Value: true
    - Class: rviz_plugin_tutorials/Imu
      Enabled: true
      Name: Imu
      Topic: /imu
    - Class: rviz/DepthCloud
      Enabled: true
      Name: Depth
      Queue Size: 5
      Value: true
  Tools:
    - Class: rviz/Interact
    - Class: rviz/SetGoal
      Topic: /move_base_simple/goal
  Views:
    Current:
      Class: rviz/Orbit
      Name: Current View
    Saved:
      - Class: rviz/FrameAligned
        Name: FrameAligned
`;

describe('convertRos1', () => {
  it('converts classes, QoS, renamed properties and lists what it cannot convert', () => {
    const d = doc(ROS1);
    expect(isRos1(d)).toBe(true);
    const r = convertRos1(d, { lookup: catalog });
    if (!r.ok) throw new Error(r.reason);
    const out = r.doc;
    expect(listDisplays(out).map((x) => x.classId)).toEqual([
      'rviz_default_plugins/LaserScan', 'rviz_common/Group', 'rviz_default_plugins/Image', 'rviz_default_plugins/InteractiveMarkers',
      'rviz_default_plugins/RobotModel', 'rviz_plugin_tutorials/Imu', 'rviz_default_plugins/DepthCloud',
    ]);
    expect(out.text).toContain('      Topic:\n        Depth: 10\n        Reliability Policy: Best Effort\n        Value: /scan\n');
    expect(out.text).not.toMatch(/Unreliable|Transport Hint|Robot Description/);
    expect(getProperty(out, 'Image', 'Topic')).toMatchObject({ value: '/camera/image_raw' });
    expect(getProperty(out, 'Image', 'Topic/Reliability Policy')).toMatchObject({ value: 'Reliable' });
    expect(getProperty(out, 'Image', 'Topic/Depth')).toMatchObject({ value: 2 });
    expect(getProperty(out, 'Markers', 'Interactive Markers Namespace')).toMatchObject({ value: '/server' });
    expect(getProperty(out, 'Robot', 'Description Topic')).toMatchObject({ value: 'robot_description' });
    expect(getProperty(out, 'Robot', 'Description Source')).toMatchObject({ value: 'Topic' });
    // DepthCloud keeps its own Queue Size in RViz2.
    expect(getProperty(out, 'Depth', 'Queue Size')).toMatchObject({ value: 5 });
    // The third-party display is untouched.
    expect(out.text).toContain('    - Class: rviz_plugin_tutorials/Imu\n      Enabled: true\n      Name: Imu\n      Topic: /imu\n');
    expect(out.text).toContain('  - Class: rviz_common/Displays\n');
    expect(out.text).toContain('    - Class: rviz_default_plugins/Interact\n    - Class: rviz_default_plugins/SetGoal\n');
    expect(out.text).toContain('      Class: rviz_default_plugins/Orbit\n');
    expect(r.unconverted.map((u) => [u.path, u.subject])).toEqual([
      ['Panels/1', 'panel "Custom" (rviz/MyCustomPanel)'],
      ['Visualization Manager/Displays/3', 'display "Imu" (rviz_plugin_tutorials/Imu)'],
      ['Visualization Manager/Views/Saved/0', 'view "FrameAligned" (rviz/FrameAligned)'],
    ]);
    expect(r.converted).toContain('Visualization Manager/Displays/0: display "LaserScan": "Unreliable: true" → "Topic/Reliability Policy: Best Effort"');
    expect(parse(out.text).ok).toBe(true);
  });
  it('leaves an RViz2 config unchanged', () => {
    const text = ROS1.replace(/rviz\//g, 'rviz_default_plugins/');
    const r = convertRos1(doc(text));
    expect(r.ok && r.doc.text).toBe(text);
    expect(r.ok && r.converted).toEqual([]);
  });
});

describe.skipIf(!corpusPresent)('ROS 1 files in the corpus convert', () => {
  const ros1 = corpusFiles().filter((f) => /Class: rviz\//.test(f.text));
  it.each(ros1.map((f) => [f.name, f.text] as const))('%s', (_name, text) => {
    const r = convertRos1(doc(text), { lookup: catalog });
    if (!r.ok) throw new Error(r.reason);
    const after = r.doc;
    // Every ROS 1 display class became an RViz2 one and no display lost its place.
    const before = listDisplays(doc(text));
    const now = listDisplays(after);
    expect(now.map((x) => x.path)).toEqual(before.map((x) => x.path));
    expect(now.filter((x) => x.classId.startsWith('rviz/'))).toEqual([]);
    expect(lintDocument(after, catalog).filter((f) => f.code === 'ROS1_CLASS')).toEqual([]);
    const converted = now.filter((x) => /^rviz_(default_plugins|common)\//.test(x.classId) && x.classId !== 'rviz_default_plugins/DepthCloud');
    expect(converted.filter((x) => ['Unreliable', 'Queue Size', 'Marker Topic', 'Image Topic'].some((k) => k in x.properties)).map((x) => x.name)).toEqual([]);
    // Third-party displays survive untouched.
    const third = (xs: typeof before) => xs.filter((x) => !/^rviz(_default_plugins|_common)?\//.test(x.classId)).map((x) => x.properties);
    expect(third(now)).toEqual(third(before));
  });
  it('covers the two ros2/rviz test configs', () => {
    expect(ros1.map((f) => f.name)).toEqual(expect.arrayContaining([
      'ros2__rviz__rviz2_test_tools_configs_all_ros1.rviz', 'ros2__rviz__rviz2_test_tools_configs_all_supported_configs.rviz',
    ]));
  });
});
