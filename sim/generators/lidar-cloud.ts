// A spinning 3D lidar (velodyne_pointcloud's XYZIRT layout): `rings` × `columns` points per sweep, ray cast in the
// room the robot drives in. One horizontal ray cast per column finds the wall; each ring's elevation then hits the
// floor, the wall, or nothing above the wall's top (those points are NaN, as drivers publish organised clouds).
import { base64, header, type Generator } from './common.ts';
import { buildRoom, castRay, planarPose } from './world.ts';

const FLOAT32 = 7;
const UINT16 = 4;
/** x, y, z, intensity float32; ring uint16 at 16; time float32 at 18 (unaligned, as the Velodyne driver packs it). */
const FIELDS = [
  { name: 'x', offset: 0, datatype: FLOAT32, count: 1 },
  { name: 'y', offset: 4, datatype: FLOAT32, count: 1 },
  { name: 'z', offset: 8, datatype: FLOAT32, count: 1 },
  { name: 'intensity', offset: 12, datatype: FLOAT32, count: 1 },
  { name: 'ring', offset: 16, datatype: UINT16, count: 1 },
  { name: 'time', offset: 18, datatype: FLOAT32, count: 1 },
];
const POINT_STEP = 22;

export const lidarCloud: Generator = {
  types: ['sensor_msgs/msg/PointCloud2'],
  create(p, scenario) {
    const frameId = p.str('frame', 'velodyne');
    const rings = p.num('rings', 50), columns = p.num('columns', 2000);
    const mountHeight = p.num('mount_height', 0.5), wallHeight = p.num('wall_height', 2.5);
    const fovDown = (p.num('fov_down_deg', -15) * Math.PI) / 180, fovUp = (p.num('fov_up_deg', 15) * Math.PI) / 180;
    const rangeMax = p.num('range_max', 30);
    const sweepSec = 1 / p.num('spin_hz', 10);
    if (!(rings >= 1 && columns >= 1 && Number.isInteger(rings) && Number.isInteger(columns))) throw new Error('params: rings and columns must be whole numbers ≥ 1');
    const room = buildRoom(60, 0.2);
    const elev = Array.from({ length: rings }, (_, r) => (rings === 1 ? 0 : fovDown + ((fovUp - fovDown) * r) / (rings - 1)));
    const tanE = elev.map(Math.tan);
    const buf = Buffer.alloc(rings * columns * POINT_STEP);
    return (tick) => {
      const at = planarPose(scenario, frameId, tick.t);
      for (let c = 0; c < columns; c++) {
        const az = (2 * Math.PI * c) / columns - Math.PI;
        const wall = castRay(room, at.x, at.y, at.yaw + az, rangeMax);
        const ca = Math.cos(az), sa = Math.sin(az);
        for (let r = 0; r < rings; r++) {
          // Organised as rings rows × columns, one row per laser.
          const o = (r * columns + c) * POINT_STEP;
          let d = wall, z = d * tanE[r]!;
          let intensity = 40 + 60 * Math.abs(Math.sin(3 * az + tick.t));
          if (tanE[r]! < 0 && mountHeight / -tanE[r]! < wall) { d = mountHeight / -tanE[r]!; z = -mountHeight; intensity = 15; }
          const valid = wall < rangeMax && z + mountHeight <= wallHeight;
          buf.writeFloatLE(valid ? d * ca : NaN, o);
          buf.writeFloatLE(valid ? d * sa : NaN, o + 4);
          buf.writeFloatLE(valid ? z : NaN, o + 8);
          buf.writeFloatLE(valid ? intensity : 0, o + 12);
          buf.writeUInt16LE(r, o + 16);
          buf.writeFloatLE((c / columns) * sweepSec, o + 18);
        }
      }
      return {
        header: header(tick.stamp, frameId),
        height: rings, width: columns, fields: FIELDS,
        is_bigendian: false, point_step: POINT_STEP, row_step: POINT_STEP * columns,
        data: base64(buf), is_dense: false,
      };
    };
  },
};
