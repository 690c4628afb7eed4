// Visualisation messages: marker arrays, interactive marker updates and the robot description (URDF built from the TF tree).
import { header, pose, type Generator, type Message, type RosTime } from './common.ts';
import { planarPose } from './world.ts';
import type { Frame, Scenario } from '../types.ts';

const ZERO_DURATION = { sec: 0, nanosec: 0 };

function marker(stamp: RosTime, frameId: string, ns: string, id: number, type: number, extra: Message): Message {
  return {
    header: header(stamp, frameId), ns, id, type, action: 0,
    pose: pose(0, 0, 0, 0), scale: { x: 0.1, y: 0.1, z: 0.1 }, color: { r: 1, g: 1, b: 1, a: 1 },
    lifetime: ZERO_DURATION, frame_locked: false, points: [], colors: [], text: '', mesh_resource: '', mesh_use_embedded_materials: false,
    ...extra,
  };
}

const ARROW = 0, SPHERE = 2, LINE_STRIP = 4, TEXT_VIEW_FACING = 9;

/** visualization_msgs/MarkerArray: a goal sphere, a waypoint line, a label over the robot and a heading arrow. */
export const markerArray: Generator = {
  types: ['visualization_msgs/msg/MarkerArray'],
  create(p, scenario) {
    const frameId = p.str('frame', 'map'), robotFrame = p.str('robot_frame', 'base_link'), label = p.str('label', 'robot');
    return (tick) => {
      const r = planarPose(scenario, robotFrame, tick.t);
      const goal = planarPose(scenario, robotFrame, tick.t + 10);
      const waypoints = Array.from({ length: 8 }, (_v, i) => {
        const w = planarPose(scenario, robotFrame, tick.t + i * 2);
        return { x: w.x, y: w.y, z: 0.02 };
      });
      return {
        markers: [
          marker(tick.stamp, frameId, 'goal', 0, SPHERE, { pose: pose(goal.x, goal.y, 0.1, 0), scale: { x: 0.25, y: 0.25, z: 0.25 }, color: { r: 0.1, g: 0.9, b: 0.2, a: 0.9 } }),
          marker(tick.stamp, frameId, 'waypoints', 1, LINE_STRIP, { scale: { x: 0.03, y: 0, z: 0 }, points: waypoints, color: { r: 0.2, g: 0.5, b: 1, a: 1 } }),
          marker(tick.stamp, frameId, 'labels', 2, TEXT_VIEW_FACING, { pose: pose(r.x, r.y, 0.6, 0), scale: { x: 0, y: 0, z: 0.15 }, text: label }),
          marker(tick.stamp, frameId, 'heading', 3, ARROW, { pose: pose(r.x, r.y, 0.3, r.yaw), scale: { x: 0.5, y: 0.05, z: 0.05 }, color: { r: 1, g: 0.6, b: 0, a: 1 } }),
        ],
      };
    };
  },
};

const MOVE_AXIS = 3, ROTATE_AXIS = 5, INHERIT = 0, UPDATE = 1;

/** visualization_msgs/InteractiveMarkerUpdate: one 6-DOF-style marker (move and rotate about x, y, z) on `frame`. */
export const interactiveMarkers: Generator = {
  types: ['visualization_msgs/msg/InteractiveMarkerUpdate'],
  create(p) {
    const frameId = p.str('frame', 'base_link'), name = p.str('name', 'target'), server = p.str('server_id', '/interactive_marker_server');
    const axes: Array<[string, { x: number; y: number; z: number; w: number }]> = [
      ['x', { x: 0.7071, y: 0, z: 0, w: 0.7071 }], ['y', { x: 0, y: 0, z: 0.7071, w: 0.7071 }], ['z', { x: 0, y: 0.7071, z: 0, w: 0.7071 }],
    ];
    const controls = axes.flatMap(([axis, orientation]) => [MOVE_AXIS, ROTATE_AXIS].map((mode) => ({
      name: `${mode === MOVE_AXIS ? 'move' : 'rotate'}_${axis}`, orientation, orientation_mode: INHERIT, interaction_mode: mode,
      always_visible: false, markers: [], independent_marker_orientation: false, description: '',
    })));
    return (tick) => ({
      server_id: server,
      seq_num: tick.seq,
      type: UPDATE,
      markers: [{
        header: header(tick.stamp, frameId), pose: pose(0.4, 0, 0.5 + 0.05 * Math.sin(tick.t), 0), name,
        description: 'Drag to set the target pose', scale: 0.3, menu_entries: [], controls,
      }],
      poses: [],
      erases: [],
    });
  },
};

function round(v: number): string {
  return String(Math.round(v * 1e4) / 1e4);
}

function linkVisual(frame: Frame | undefined, link: string): string {
  if (/wheel/.test(link)) return `<visual><origin xyz="0 0 0" rpy="1.5708 0 0"/><geometry><cylinder radius="0.033" length="0.018"/></geometry></visual>`;
  if (link === 'base_link') return `<visual><origin xyz="0 0 0.07"/><geometry><cylinder radius="0.1" length="0.14"/></geometry><material name="dark"><color rgba="0.2 0.2 0.2 1"/></material></visual>`;
  if (frame?.motion === 'swing') return `<visual><origin xyz="0 0 0.15"/><geometry><box size="0.06 0.06 0.3"/></geometry><material name="orange"><color rgba="1 0.5 0.1 1"/></material></visual>`;
  return `<visual><geometry><box size="0.04 0.04 0.04"/></geometry></visual>`;
}

/** A small URDF derived from the TF frames below `root`: swinging frames become revolute joints, the rest fixed. */
export function buildUrdf(scenario: Scenario, root: string, robotName: string, prefix: string): string {
  const strip = (f: string): string => (prefix && f.startsWith(prefix) ? f.slice(prefix.length) : f);
  const children = new Map<string, Frame[]>();
  for (const f of scenario.tf.frames) children.set(f.parent, [...(children.get(f.parent) ?? []), f]);
  const links: string[] = [`<link name="${strip(root)}">${linkVisual(undefined, strip(root))}</link>`];
  const joints: string[] = [];
  const queue = [root];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const parent = queue.shift() as string;
    for (const f of children.get(parent) ?? []) {
      if (seen.has(f.child)) continue;
      seen.add(f.child);
      queue.push(f.child);
      const link = strip(f.child);
      links.push(`<link name="${link}">${linkVisual(f, link)}</link>`);
      const swing = f.dynamic && f.motion === 'swing';
      const axis = String(f.params['axis'] ?? 'z');
      const jointName = String(f.params['joint'] ?? `${link}_joint`);
      joints.push(`<joint name="${jointName}" type="${swing ? 'revolute' : 'fixed'}"><parent link="${strip(parent)}"/><child link="${link}"/>`
        + `<origin xyz="${f.xyz.map(round).join(' ')}" rpy="${f.rpy.map(round).join(' ')}"/>`
        + (swing ? `<axis xyz="${axis === 'x' ? '1 0 0' : axis === 'y' ? '0 1 0' : '0 0 1'}"/><limit lower="-3.14" upper="3.14" effort="50" velocity="2"/>` : '')
        + `</joint>`);
    }
  }
  return `<?xml version="1.0"?>\n<robot name="${robotName}">\n  ${links.join('\n  ')}\n  ${joints.join('\n  ')}\n</robot>\n`;
}

/** std_msgs/String carrying the URDF (for /robot_description). */
export const urdf: Generator = {
  types: ['std_msgs/msg/String'],
  create(p, scenario) {
    const root = p.str('root', 'base_footprint');
    if (!scenario.tf.frames.some((f) => f.parent === root || f.child === root)) throw new Error(`params/root: frame "${root}" is not in the scenario's TF frames`);
    const data = buildUrdf(scenario, root, p.str('robot', scenario.name), p.str('prefix', ''));
    return () => ({ data });
  },
};
