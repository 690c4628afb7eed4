// Sensor messages: laser scan (ray cast in the room), camera image and info, depth point cloud, joint states, wrench.
import { base64, header, type Generator, type Message } from './common.ts';
import { buildRoom, castRay, planarPose, swingAngle } from './world.ts';

/** sensor_msgs/LaserScan ray cast from the scan frame's pose in the room. */
export const laserScan: Generator = {
  types: ['sensor_msgs/msg/LaserScan'],
  create(p, scenario) {
    const frameId = p.str('frame', 'base_scan');
    const beams = p.num('beams', 360), rangeMax = p.num('range_max', 12), rangeMin = p.num('range_min', 0.12);
    const room = buildRoom(60, 0.2);
    const increment = (2 * Math.PI) / beams;
    const rate = p.num('scan_rate', 5);
    return (tick) => {
      const at = planarPose(scenario, frameId, tick.t);
      const ranges = new Array<number>(beams);
      const intensities = new Array<number>(beams);
      for (let i = 0; i < beams; i++) {
        const r = castRay(room, at.x, at.y, at.yaw - Math.PI + i * increment, rangeMax);
        ranges[i] = Math.round(Math.max(r, rangeMin) * 1000) / 1000;
        intensities[i] = r < rangeMax ? 100 + (i % 7) * 5 : 0;
      }
      return {
        header: header(tick.stamp, frameId),
        angle_min: -Math.PI,
        angle_max: Math.PI - increment,
        angle_increment: increment,
        time_increment: 1 / rate / beams,
        scan_time: 1 / rate,
        range_min: rangeMin,
        range_max: rangeMax,
        ranges,
        intensities,
      };
    };
  },
};

/** sensor_msgs/Image, rgb8 (default 32×24): a gradient with a moving bar, data as base64. */
export const image: Generator = {
  types: ['sensor_msgs/msg/Image'],
  create(p) {
    const frameId = p.str('frame', 'camera_rgb_optical_frame');
    const width = p.num('width', 32), height = p.num('height', 24);
    const encoding = p.str('encoding', 'rgb8');
    if (encoding !== 'rgb8' && encoding !== 'mono8') throw new Error(`params/encoding: "${encoding}" is not supported (rgb8, mono8)`);
    const channels = encoding === 'rgb8' ? 3 : 1;
    return (tick) => {
      const bytes = new Uint8Array(width * height * channels);
      const bar = tick.seq % width;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * channels;
          const lit = x === bar ? 255 : 0;
          bytes[i] = Math.max(lit, Math.round((x / width) * 255));
          if (channels === 3) {
            bytes[i + 1] = Math.max(lit, Math.round((y / height) * 255));
            bytes[i + 2] = 96;
          }
        }
      }
      return { header: header(tick.stamp, frameId), height, width, encoding, is_bigendian: 0, step: width * channels, data: base64(bytes) };
    };
  },
};

/** sensor_msgs/CameraInfo matching the image size (plumb bob, no distortion). */
export const cameraInfo: Generator = {
  types: ['sensor_msgs/msg/CameraInfo'],
  create(p) {
    const frameId = p.str('frame', 'camera_rgb_optical_frame');
    const width = p.num('width', 32), height = p.num('height', 24);
    const f = p.num('focal', width * 0.9), cx = width / 2, cy = height / 2;
    return (tick) => ({
      header: header(tick.stamp, frameId),
      height, width,
      distortion_model: 'plumb_bob',
      d: [0, 0, 0, 0, 0],
      k: [f, 0, cx, 0, f, cy, 0, 0, 1],
      r: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      p: [f, 0, cx, 0, 0, f, cy, 0, 0, 0, 1, 0],
      binning_x: 0, binning_y: 0,
      roi: { x_offset: 0, y_offset: 0, height: 0, width: 0, do_rectify: false },
    });
  },
};

const FLOAT32 = 7;

/** sensor_msgs/PointCloud2, organised width×height, fields x,y,z and `color` (rgb or intensity), little-endian, base64 data. */
export const pointCloud2: Generator = {
  types: ['sensor_msgs/msg/PointCloud2'],
  create(p) {
    const frameId = p.str('frame', 'camera_depth_optical_frame');
    const width = p.num('width', 16), height = p.num('height', 12);
    const color = p.str('color', 'rgb');
    if (color !== 'rgb' && color !== 'intensity') throw new Error(`params/color: "${color}" is not supported (rgb, intensity)`);
    const fields = ['x', 'y', 'z', color].map((name, i) => ({ name, offset: i * 4, datatype: FLOAT32, count: 1 }));
    const pointStep = 16;
    return (tick) => {
      const buf = Buffer.alloc(width * height * pointStep);
      for (let v = 0; v < height; v++) {
        for (let u = 0; u < width; u++) {
          const o = (v * width + u) * pointStep;
          // A wall 2 m ahead with a bump that moves: optical frame, z forward.
          const x = (u / (width - 1) - 0.5) * 1.6, y = (v / (height - 1) - 0.5) * 1.2;
          const z = 2 - 0.3 * Math.exp(-((x - Math.sin(tick.t)) ** 2 + y ** 2) * 4);
          buf.writeFloatLE(x, o);
          buf.writeFloatLE(y, o + 4);
          buf.writeFloatLE(z, o + 8);
          if (color === 'rgb') {
            // RViz's RGB8 transformer reads a float32 whose bytes are 0x00RRGGBB.
            buf.writeUInt32LE(((Math.round(255 * (2 - z) / 0.3) & 0xff) << 16) | (Math.round((u / width) * 255) << 8) | 160, o + 12);
          } else buf.writeFloatLE(100 * (2.1 - z), o + 12);
        }
      }
      return {
        header: header(tick.stamp, frameId),
        height, width, fields,
        is_bigendian: false,
        point_step: pointStep,
        row_step: pointStep * width,
        data: base64(buf),
        is_dense: true,
      };
    };
  },
};

/** sensor_msgs/JointState for every swinging (revolute) frame, named by its `joint` param, plus fixed `extra` joints at 0. */
export const jointState: Generator = {
  types: ['sensor_msgs/msg/JointState'],
  create(p, scenario) {
    const joints = scenario.tf.frames.filter((f) => f.dynamic && f.motion === 'swing');
    const extra = p.strList('extra', []);
    const name = [...joints.map((f) => String(f.params['joint'] ?? `${f.child}_joint`)), ...extra];
    return (tick) => {
      const position = [...joints.map((f) => swingAngle(f, tick.t)), ...extra.map(() => 0)];
      const velocity = joints.map((f) => (swingAngle(f, tick.t + 0.01) - swingAngle(f, tick.t)) / 0.01).concat(extra.map(() => 0));
      return { header: header(tick.stamp, ''), name, position, velocity, effort: name.map((_n, i) => Math.round(10 * Math.sin(tick.t + i)) / 10) };
    };
  },
};

/** geometry_msgs/WrenchStamped: a slowly varying force and torque at the tool. */
export const wrench: Generator = {
  types: ['geometry_msgs/msg/WrenchStamped'],
  create(p) {
    const frameId = p.str('frame', 'tool0');
    return (tick): Message => ({
      header: header(tick.stamp, frameId),
      wrench: {
        force: { x: 2 * Math.sin(tick.t), y: 1.5 * Math.cos(tick.t * 0.7), z: -9.8 + Math.sin(tick.t * 2) },
        torque: { x: 0.1 * Math.cos(tick.t), y: 0.05 * Math.sin(tick.t), z: 0.2 * Math.sin(tick.t * 0.5) },
      },
    });
  },
};
