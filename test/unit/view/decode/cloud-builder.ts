// Builds PointCloud2 messages byte by byte for the decoder tests (any datatype, padding, byte order).
export interface FieldSpec { name: string; offset: number; datatype: number }

export function writeValue(view: DataView, at: number, datatype: number, value: number, little: boolean): void {
  switch (datatype) {
    case 1: view.setInt8(at, value); break;
    case 2: view.setUint8(at, value); break;
    case 3: view.setInt16(at, value, little); break;
    case 4: view.setUint16(at, value, little); break;
    case 5: view.setInt32(at, value, little); break;
    case 6: view.setUint32(at, value, little); break;
    case 7: view.setFloat32(at, value, little); break;
    case 8: view.setFloat64(at, value, little); break;
    default: throw new Error(`datatype ${datatype}`);
  }
}

/** rows[r][c] is a point: values by field name. Unwritten bytes (padding) are 0xEE so a misread shows. */
export function buildCloud(fields: FieldSpec[], rows: Record<string, number>[][], opts: { pointStep: number; rowStep?: number; bigEndian?: boolean; frameId?: string }) {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const rowStep = opts.rowStep ?? width * opts.pointStep;
  const data = new Uint8Array(height * rowStep).fill(0xee);
  const view = new DataView(data.buffer);
  const little = !opts.bigEndian;
  rows.forEach((row, r) => row.forEach((point, c) => {
    for (const f of fields) {
      const v = point[f.name];
      if (v !== undefined) writeValue(view, r * rowStep + c * opts.pointStep + f.offset, f.datatype, v, little);
    }
  }));
  return {
    header: { frame_id: opts.frameId ?? 'lidar', stamp: { sec: 12, nanosec: 500_000_000 } },
    height, width, is_bigendian: Boolean(opts.bigEndian), point_step: opts.pointStep, row_step: rowStep, is_dense: false,
    fields: fields.map((f) => ({ ...f, count: 1 })),
    data,
  };
}

/** The JSON form rosbridge sends: data as base64. */
export function asJson<T extends { data: Uint8Array }>(msg: T): Omit<T, 'data'> & { data: string } {
  return { ...msg, data: Buffer.from(msg.data).toString('base64') };
}

export const XYZ: FieldSpec[] = [{ name: 'x', offset: 0, datatype: 7 }, { name: 'y', offset: 4, datatype: 7 }, { name: 'z', offset: 8, datatype: 7 }];
