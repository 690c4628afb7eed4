/**
 * What the colour transformers read from a cloud, whatever message it came from (PointCloud2, PointCloud, LaserScan):
 * the kept points' positions and, per field name, their values. Mirrors how RViz turns PointCloud and LaserScan into
 * PointCloud2 before its transformers run.
 */
export interface PointSource {
  frameId: string;
  stampSec: number;
  /** Points in the message. */
  sourceCount: number;
  /** Points kept (finite position, in range). */
  count: number;
  /** x, y, z of the kept points. */
  positions: Float32Array;
  /** Whether a field or channel of that name exists. */
  hasField(name: string): boolean;
  /** Datatype of a field (PointField constants; PointCloud channels and scan intensities are FLOAT32 = 7). */
  datatype(name: string): number | undefined;
  /** The field's values for the kept points, read as numbers (first element when count > 1). */
  values(name: string): Float32Array | undefined;
  /** The field's raw 32 bits for the kept points (packed rgb/rgba, stored as float or int), for RGB8. */
  bits(name: string): Uint32Array | undefined;
}

export const FLOAT32 = 7;
