// The live view's pure parts: display properties → draw specs (catalog names and defaults), the document's camera,
// grid lines and TF fading, covariance ellipses, frame statistics.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from '../../../src/core/rviz/document.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { documentView } from '../../../src/view/spec/document-view.ts';
import { cameraFromViews, orbitEye, orthoHalfExtents } from '../../../src/view/spec/camera.ts';
import { gridSegments, tfFade } from '../../../src/view/spec/grid-lines.ts';
import { positionEllipsoid, symmetricEigen3 } from '../../../src/view/spec/covariance.ts';
import { FrameStats, minFrameInterval } from '../../../src/view/spec/frame-stats.ts';
import type { ViewDisplay } from '../../../src/view/spec/draw-spec.ts';

function docOf(text: string) {
  const r = parse(text, { name: 'test.rviz' });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

function wrap(displays: string, extra = ''): string {
  return `Visualization Manager:\n  Class: ""\n  Displays:\n${displays}\n  Global Options:\n    Background Color: 10; 20; 30\n    Fixed Frame: odom\n    Frame Rate: 15\n${extra}`;
}

function byName(list: ViewDisplay[], name: string): ViewDisplay {
  const d = list.find((x) => x.name === name);
  if (!d) throw new Error(`no display ${name} in ${list.map((x) => x.name).join(', ')}`);
  return d;
}

describe('documentView', () => {
  it('reads turtlebot_nav\'s own config: every enabled display with the properties it sets', () => {
    const v = documentView(docOf(readFileSync('sim/scenarios/turtlebot_nav.rviz', 'utf8')), catalog);
    expect(v.fixedFrame).toBe('map');
    expect(v.frameRate).toBe(30);
    expect(v.background).toEqual([48 / 255, 48 / 255, 48 / 255]);
    const scan = byName(v.displays, 'LaserScan');
    expect(scan.topic).toEqual({ name: '/scan', messageTypes: ['sensor_msgs/msg/LaserScan'] });
    expect(scan.spec).toMatchObject({ kind: 'points', style: 'Flat Squares', sizeM: 0.03, sizePx: 3, alpha: 1, decayTime: 0 });
    const map = byName(v.displays, 'Map');
    expect(map.spec).toMatchObject({ kind: 'map', alpha: 0.7, colorScheme: 'map', drawBehind: true, updateTopic: '/map_updates' });
    expect(byName(v.displays, 'Particle Cloud').spec).toMatchObject({ kind: 'pose-array', shape: 'Arrow (Flat)', color: [0, 180 / 255, 0] });
    const amcl = byName(v.displays, 'AMCL Pose').spec;
    expect(amcl).toMatchObject({ kind: 'pose', covariance: { enabled: true, position: { alpha: 0.3 }, orientation: { frame: 'Local', offset: 1 } } });
    expect(v.camera).toEqual({ kind: 'orbit', distance: 12, focal: [0, 0, 0], pitch: 0.785, yaw: 0.785, targetFrame: '<Fixed Frame>' });
    // Groups are not drawn themselves; their enabled children are.
    expect(v.displays.some((d) => d.classId === 'rviz_common/Group')).toBe(false);
    expect(v.displays.map((d) => d.name)).toContain('Global Costmap');
  });

  it('fills what the file leaves out with the catalog defaults and resolves <Fixed Frame>', () => {
    const v = documentView(docOf(wrap(`    - Class: rviz_default_plugins/Grid\n      Enabled: true\n      Name: G\n    - Class: rviz_default_plugins/PointCloud2\n      Enabled: true\n      Name: Cloud\n      Topic: /points`)), catalog);
    expect(byName(v.displays, 'G').spec).toEqual({ kind: 'grid', frame: 'odom', cellSize: 1, planeCellCount: 10, normalCellCount: 0,
      color: [160 / 255, 160 / 255, 164 / 255], alpha: 0.5, plane: 'XY', offset: [0, 0, 0], lineStyle: 'Lines', lineWidth: 0.03 });
    const cloud = byName(v.displays, 'Cloud');
    expect(cloud.spec).toMatchObject({ kind: 'points', style: 'Flat Squares', sizeM: 0.01, sizePx: 3, alpha: 1, decayTime: 0 });
    expect(v.frameRate).toBe(15);
    expect(v.background).toEqual([10 / 255, 20 / 255, 30 / 255]);
  });

  it('skips disabled displays and the children of disabled groups; lists other types as RViz-only', () => {
    const v = documentView(docOf(wrap([
      '    - Class: rviz_default_plugins/Axes', '      Enabled: false', '      Name: Off',
      '    - Class: rviz_common/Group', '      Enabled: false', '      Name: Hidden group', '      Displays:',
      '        - Class: rviz_default_plugins/Axes', '          Enabled: true', '          Name: Inside',
      '    - Class: rviz_default_plugins/Wrench', '      Enabled: true', '      Name: Force', '      Topic: /wrench',
      '    - Class: nav2_rviz_plugins/ParticleCloud', '      Enabled: true', '      Name: Particles',
      '    - Class: rviz_default_plugins/Axes', '      Enabled: true', '      Name: On', '      Reference Frame: /base_link', '      Length: 2',
    ].join('\n'))), catalog);
    expect(v.displays.map((d) => d.name)).toEqual(['Force', 'Particles', 'On']);
    expect(byName(v.displays, 'Force').spec.kind).toBe('rviz-only');
    expect(byName(v.displays, 'Particles').spec).toEqual({ kind: 'rviz-only', reason: "nav2_rviz_plugins/ParticleCloud is another package's display" });
    expect(byName(v.displays, 'On').spec).toEqual({ kind: 'axes', frame: 'base_link', length: 2, radius: 0.1 });
  });

  it('reads nested properties: Odometry Shape, Grid Line Style, Offset as a vector map, TF frame switches', () => {
    const v = documentView(docOf(wrap([
      '    - Class: rviz_default_plugins/Odometry', '      Enabled: true', '      Name: Odom', '      Topic: /odom', '      Keep: 5',
      '      Shape:', '        Value: Axes', '        Axes Length: 0.5', '        Color: 1; 2; 3',
      '    - Class: rviz_default_plugins/Grid', '      Enabled: true', '      Name: G', '      Plane: XZ', '      Normal Cell Count: 2',
      '      Line Style:', '        Value: Billboards', '        Line Width: 0.1', '      Offset:', '        X: 1', '        Y: 2', '        Z: 3',
      '    - Class: rviz_default_plugins/TF', '      Enabled: true', '      Name: TF', '      Frames:', '        All Enabled: false', '        odom:', '          Value: true',
    ].join('\n'))), catalog);
    expect(byName(v.displays, 'Odom').spec).toMatchObject({ kind: 'odometry', keep: 5, pose: { shape: 'Axes', axesLength: 0.5, color: [1 / 255, 2 / 255, 3 / 255] } });
    expect(byName(v.displays, 'G').spec).toMatchObject({ plane: 'XZ', normalCellCount: 2, lineStyle: 'Billboards', lineWidth: 0.1, offset: [1, 2, 3] });
    expect(byName(v.displays, 'TF').spec).toMatchObject({ kind: 'tf', allEnabled: false, frames: { odom: true }, frameTimeout: 15, markerScale: 1 });
  });
});

describe('camera from Views/Current', () => {
  it('puts the Orbit eye where RViz does: spherical around the focal point, Z up', () => {
    const cam = cameraFromViews({ Current: { Class: 'rviz_default_plugins/Orbit', Distance: 10, 'Focal Point': { X: 1, Y: 2, Z: 0 }, Pitch: Math.PI / 6, Yaw: Math.PI / 2 } });
    if (cam.kind !== 'orbit') throw new Error('not orbit');
    const [x, y, z] = orbitEye(cam);
    expect(x).toBeCloseTo(1, 9);
    expect(y).toBeCloseTo(2 + 10 * Math.cos(Math.PI / 6), 9);
    expect(z).toBeCloseTo(5, 9);
  });

  it('reads TopDownOrtho (Scale is pixels per metre) and falls back to Orbit with a note for other controllers', () => {
    const top = cameraFromViews({ Current: { Class: 'rviz_default_plugins/TopDownOrtho', Scale: 50, X: 3, Y: -1, Angle: 0.5 } });
    expect(top).toEqual({ kind: 'ortho', scale: 50, x: 3, y: -1, angle: 0.5, targetFrame: '<Fixed Frame>' });
    if (top.kind === 'ortho') expect(orthoHalfExtents(top, 800, 600)).toEqual({ halfWidth: 8, halfHeight: 6 });
    const fps = cameraFromViews({ Current: { Class: 'rviz_default_plugins/FPS', Pitch: 0.2, Yaw: 1 } });
    expect(fps).toMatchObject({ kind: 'orbit', pitch: 0.2, yaw: 1, distance: 10, note: 'the FPS view is shown as an Orbit view' });
    expect(cameraFromViews(undefined)).toMatchObject({ kind: 'orbit', note: 'the document has no current view: the default Orbit view' });
  });
});

describe('grid lines and TF fading', () => {
  it('draws cellCount + 1 lines each way per plane, plus vertical lines between planes', () => {
    expect(gridSegments(10, 1, 0).length / 6).toBe(22);
    const seg = gridSegments(2, 0.5, 0);
    // First line: x = +extent, from y = -extent to +extent.
    expect(Array.from(seg.slice(0, 6))).toEqual([0.5, -0.5, 0, 0.5, 0.5, 0]);
    expect(gridSegments(2, 1, 2).length / 6).toBe(3 * 6 + 9);
  });

  it('fades a frame to grey over the second third of Frame Timeout and out over the last', () => {
    expect(tfFade(1, 15)).toEqual({ greyness: 0, alpha: 1 });
    expect(tfFade(7.5, 15).greyness).toBeCloseTo(0.5, 9);
    expect(tfFade(12.5, 15)).toEqual({ greyness: 1, alpha: 0.5 });
    expect(tfFade(20, 15).alpha).toBe(0);
  });
});

describe('covariance', () => {
  it('decomposes a symmetric matrix into its eigenvalues', () => {
    const { values } = symmetricEigen3([2, 1, 0, 1, 2, 0, 0, 0, 5]);
    expect([...values].sort((a, b) => a - b).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 3, 5]);
  });

  it('gives the position ellipsoid diameters 2·√λ·scale along the eigenvectors', () => {
    const cov = new Array(36).fill(0);
    cov[0] = 0.25; cov[7] = 0.04; cov[14] = 0.01;
    const e = positionEllipsoid(cov, 2);
    expect([...e.diameters].sort((a, b) => a - b).map((d) => Math.round(d * 1e9) / 1e9)).toEqual([0.4, 0.8, 2]);
  });
});

describe('FrameStats', () => {
  it('reports nearest-rank p50 and p95 over the kept frames', () => {
    const s = new FrameStats(100);
    for (let i = 1; i <= 100; i++) s.add(i);
    expect(s.summary()).toEqual({ p50: 50, p95: 95, frames: 100 });
    for (let i = 0; i < 100; i++) s.add(1);
    expect(s.summary().p95).toBe(1);
  });

  it('caps rendering at the Frame Rate: every other 60 Hz frame at 30, every one at 60, RViz\'s 30 without a rate', () => {
    const frames = (rate: number | undefined) => {
      let last = -Infinity;
      let drawn = 0;
      // A 60 Hz display with ±1 ms jitter, for one second.
      for (let i = 0; i < 60; i++) {
        const t = i * 16.67 + (i % 2 ? 1 : -1);
        if (t - last >= minFrameInterval(rate)) { last = t; drawn++; }
      }
      return drawn;
    };
    expect(frames(30)).toBe(30);
    expect(frames(60)).toBe(60);
    expect(frames(10)).toBe(10);
    expect(frames(undefined)).toBe(30);
    expect(frames(0)).toBe(30);
  });
});
