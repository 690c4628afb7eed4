// Navigation messages: map and costmaps, odometry, plans, localisation, velocity commands and the footprint.
import { header, pose, type Generator, type Message, type Params, type RosTime } from './common.ts';
import { buildRoom, cellAt, circleSpeed, findFrame, planarPose, type Grid, type Pose2D } from './world.ts';
import type { Scenario } from '../types.ts';

const ROOM_CELLS = 60;
const ROOM_RESOLUTION = 0.2;

function gridMessage(grid: Grid, data: number[], frameId: string, stamp: RosTime): Message {
  return {
    header: { stamp, frame_id: frameId },
    info: {
      map_load_time: stamp,
      resolution: grid.resolution,
      width: grid.width,
      height: grid.height,
      origin: pose(grid.originX, grid.originY, 0, 0),
    },
    data,
  };
}

/** Cost 0..100 falling off with distance from obstacles, as a costmap's inflation layer does. */
function inflate(room: Grid, x: number, y: number, radius: number): number {
  const c = cellAt(room, x, y);
  if (c !== 0) return c === 100 ? 100 : -1;
  let best = Infinity;
  const r = Math.ceil(radius / room.resolution);
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      if (cellAt(room, x + dx * room.resolution, y + dy * room.resolution) === 100) best = Math.min(best, Math.hypot(dx, dy) * room.resolution);
    }
  }
  if (best === Infinity) return 0;
  return best <= 0.2 ? 99 : Math.max(1, Math.round(98 * Math.exp(-3 * (best - 0.2))));
}

/** nav_msgs/OccupancyGrid: `kind` map (the room), global_costmap (inflated room) or local_costmap (a window that follows the robot). */
export const occupancyGrid: Generator = {
  types: ['nav_msgs/msg/OccupancyGrid'],
  create(p: Params, scenario: Scenario) {
    const kind = p.str('kind', 'map');
    const frameId = p.str('frame', kind === 'local_costmap' ? 'odom' : 'map');
    const room = buildRoom(p.num('cells', ROOM_CELLS), p.num('resolution', ROOM_RESOLUTION));
    if (kind === 'map') {
      const data = Array.from(room.cells);
      return (tick) => gridMessage(room, data, frameId, tick.stamp);
    }
    if (kind === 'global_costmap') {
      const data = Array.from(room.cells, (_v, i) => {
        const col = i % room.width, row = Math.floor(i / room.width);
        return inflate(room, room.originX + (col + 0.5) * room.resolution, room.originY + (row + 0.5) * room.resolution, 0.6);
      });
      return (tick) => gridMessage(room, data, frameId, tick.stamp);
    }
    if (kind !== 'local_costmap') throw new Error(`params/kind: unknown grid kind "${kind}" (kinds: map, global_costmap, local_costmap)`);
    const robotFrame = p.str('robot_frame', 'base_link');
    const n = p.num('window_cells', 60), res = p.num('window_resolution', 0.05);
    return (tick) => {
      // The window is laid out in `frame` (odom) around the robot; the room is in the tree's root (map).
      const robot = planarPose(scenario, robotFrame, tick.t);
      const base = planarPose(scenario, frameId, tick.t);
      const c = Math.cos(base.yaw), s = Math.sin(base.yaw);
      const rx = c * (robot.x - base.x) + s * (robot.y - base.y), ry = -s * (robot.x - base.x) + c * (robot.y - base.y);
      const ox = rx - (n * res) / 2, oy = ry - (n * res) / 2;
      const data = new Array<number>(n * n);
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const lx = ox + (col + 0.5) * res, ly = oy + (row + 0.5) * res;
          data[row * n + col] = inflate(room, base.x + c * lx - s * ly, base.y + s * lx + c * ly, 0.4);
        }
      }
      return gridMessage({ width: n, height: n, resolution: res, originX: ox, originY: oy, cells: new Int8Array(0) }, data, frameId, tick.stamp);
    };
  },
};

function covariance(diag: number[]): number[] {
  const c = new Array<number>(36).fill(0);
  diag.forEach((v, i) => { c[i * 7] = v; });
  return c;
}

function robotPose(scenario: Scenario, frame: string, t: number): Pose2D {
  return planarPose(scenario, frame, t);
}

/** nav_msgs/Odometry that agrees with the odom→base_link transform. */
export const odometry: Generator = {
  types: ['nav_msgs/msg/Odometry'],
  create(p, scenario) {
    const frameId = p.str('frame', 'odom'), child = p.str('child', 'base_link');
    const moving = findFrame(scenario, child);
    const speed = moving && moving.motion === 'circle' ? circleSpeed(moving) : { linear: 0, angular: 0 };
    return (tick) => {
      const r = robotPose(scenario, child, tick.t);
      const odomPose = robotPose(scenario, frameId, tick.t);
      const c = Math.cos(-odomPose.yaw), s = Math.sin(-odomPose.yaw);
      const dx = r.x - odomPose.x, dy = r.y - odomPose.y;
      return {
        header: header(tick.stamp, frameId),
        child_frame_id: child,
        pose: { pose: pose(c * dx - s * dy, s * dx + c * dy, 0, r.yaw - odomPose.yaw), covariance: covariance([0.001, 0.001, 1e6, 1e6, 1e6, 0.01]) },
        twist: { twist: { linear: { x: speed.linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: speed.angular } }, covariance: covariance([0.001, 0.001, 1e6, 1e6, 1e6, 0.01]) },
      };
    };
  },
};

/** nav_msgs/Path: the next stretch of the robot's circle, in `frame`. */
export const path: Generator = {
  types: ['nav_msgs/msg/Path'],
  create(p, scenario) {
    const frameId = p.str('frame', 'map'), robotFrame = p.str('robot_frame', 'base_link');
    const count = p.num('poses', 30), horizon = p.num('horizon_sec', 20);
    return (tick) => {
      const poses: Message[] = [];
      for (let i = 0; i < count; i++) {
        const at = tick.t + (i * horizon) / count;
        const r = robotPose(scenario, robotFrame, at);
        poses.push({ header: header(tick.stamp, frameId), pose: pose(r.x, r.y, 0, r.yaw) });
      }
      return { header: header(tick.stamp, frameId), poses };
    };
  },
};

/** geometry_msgs/PoseWithCovarianceStamped (e.g. /amcl_pose). */
export const poseWithCovariance: Generator = {
  types: ['geometry_msgs/msg/PoseWithCovarianceStamped'],
  create(p, scenario) {
    const frameId = p.str('frame', 'map'), robotFrame = p.str('robot_frame', 'base_link');
    return (tick) => {
      const r = robotPose(scenario, robotFrame, tick.t);
      return { header: header(tick.stamp, frameId), pose: { pose: pose(r.x, r.y, 0, r.yaw), covariance: covariance([0.05, 0.05, 0, 0, 0, 0.02]) } };
    };
  },
};

/** geometry_msgs/PoseStamped (a goal ahead of the robot). */
export const poseStamped: Generator = {
  types: ['geometry_msgs/msg/PoseStamped'],
  create(p, scenario) {
    const frameId = p.str('frame', 'map'), robotFrame = p.str('robot_frame', 'base_link'), ahead = p.num('ahead_sec', 10);
    return (tick) => {
      const r = robotPose(scenario, robotFrame, tick.t + ahead);
      return { header: header(tick.stamp, frameId), pose: pose(r.x, r.y, 0, r.yaw) };
    };
  },
};

/** geometry_msgs/PoseArray: a particle cloud scattered around the robot (deterministic jitter). */
export const poseArray: Generator = {
  types: ['geometry_msgs/msg/PoseArray'],
  create(p, scenario) {
    const frameId = p.str('frame', 'map'), robotFrame = p.str('robot_frame', 'base_link'), count = p.num('count', 50);
    return (tick) => {
      const r = robotPose(scenario, robotFrame, tick.t);
      const poses: Message[] = [];
      for (let i = 0; i < count; i++) {
        const a = i * 2.399963 + tick.seq * 0.7; // golden-angle spiral, rotating per message
        const d = 0.3 * Math.sqrt((i + 1) / count);
        poses.push(pose(r.x + d * Math.cos(a), r.y + d * Math.sin(a), 0, r.yaw + 0.2 * Math.sin(a * 3)));
      }
      return { header: header(tick.stamp, frameId), poses };
    };
  },
};

/** geometry_msgs/Twist: the velocity command that drives the circle. */
export const twist: Generator = {
  types: ['geometry_msgs/msg/Twist'],
  create(p, scenario) {
    const moving = findFrame(scenario, p.str('robot_frame', 'base_link'));
    const speed = moving && moving.motion === 'circle' ? circleSpeed(moving) : { linear: 0, angular: 0 };
    return () => ({ linear: { x: speed.linear, y: 0, z: 0 }, angular: { x: 0, y: 0, z: speed.angular } });
  },
};

/** geometry_msgs/PolygonStamped: a rectangular (or round, `sides` > 4) robot footprint. */
export const footprint: Generator = {
  types: ['geometry_msgs/msg/PolygonStamped'],
  create(p) {
    const frameId = p.str('frame', 'base_link'), radius = p.num('radius', 0.22), sides = p.num('sides', 16);
    const points = Array.from({ length: sides }, (_v, i) => {
      const a = (i / sides) * Math.PI * 2;
      return { x: radius * Math.cos(a), y: radius * Math.sin(a), z: 0 };
    });
    return (tick) => ({ header: header(tick.stamp, frameId), polygon: { points } });
  },
};
