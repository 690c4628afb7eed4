import { parse, type RvizDocument } from '../../../src/core/rviz/index.ts';

export function doc(text: string): RvizDocument {
  const r = parse(text);
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

/** Lines of `after` that differ from `before` (by a line-level LCS), counted both ways. */
export function changedLines(before: string, after: string): { removed: number; added: number } {
  const a = before.split('\n');
  const b = after.split('\n');
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let ea = a.length;
  let eb = b.length;
  while (ea > s && eb > s && a[ea - 1] === b[eb - 1]) { ea--; eb--; }
  return { removed: ea - s, added: eb - s };
}

/** Lines that differ position by position (for edits that keep the line count). */
export function differingLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return Math.abs(a.length - b.length) + Math.min(a.length, b.length);
  return a.filter((line, i) => line !== b[i]).length;
}

export const SAMPLE = `Panels:
  - Class: rviz_common/Displays
    Name: Displays
Visualization Manager:
  Class: ""
  Displays:
    - Alpha: 0.5
      Class: rviz_default_plugins/Grid
      Color: 160; 160; 164
      Enabled: true
      Name: Grid
      Value: true
    - Class: rviz_default_plugins/LaserScan
      Enabled: true
      Name: Laser_Scan
      # the front lidar
      Size (m): 0.01
      Topic: /scan
      Value: true
    - Class: rviz_common/Group
      Displays:
        - Class: rviz_default_plugins/Image
          Enabled: true
          Name: Front Camera
          Topic:
            Depth: 5
            Durability Policy: Volatile
            History Policy: Keep Last
            Reliability Policy: Reliable
            Value: /camera/image_raw
          Value: true
        - Class: nav2_rviz_plugins/ParticleCloud
          Enabled: true
          Name: Particles
          Topic:
            Value: /particle_cloud
          Value: true
      Enabled: true
      Name: Sensors
      Value: true
  Enabled: true
  Global Options:
    Background Color: 48; 48; 48
    Fixed Frame: map
  Name: root
  Value: true
Window Geometry:
  Displays:
    collapsed: false
  Front Camera:
    collapsed: false
  Height: 800
`;
