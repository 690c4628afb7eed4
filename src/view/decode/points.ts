/** The points decoders by message type: LaserScan, PointCloud, PointCloud2 → coloured points. */
import { DecodeError } from './errors.ts';
import { laserScanSource } from './laserscan.ts';
import { colorize } from './point-colors.ts';
import { pointCloudSource } from './pointcloud.ts';
import { pointCloud2Source } from './pointcloud2.ts';
import type { PointSource } from './point-source.ts';
import type { DecodedPoints, PointsRequest } from './types.ts';

function sourceFor(type: string, message: unknown): PointSource {
  const short = type.replace('/msg/', '/');
  switch (short) {
    case 'sensor_msgs/PointCloud2': return pointCloud2Source(message);
    case 'sensor_msgs/LaserScan': return laserScanSource(message);
    case 'sensor_msgs/PointCloud': return pointCloudSource(message);
    default: throw new DecodeError(`points: message type "${type}" is not LaserScan, PointCloud or PointCloud2`);
  }
}

export function decodePoints(type: string, message: unknown, request: PointsRequest): DecodedPoints {
  return colorize(sourceFor(type, message), request);
}
