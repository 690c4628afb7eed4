/**
 * nav_msgs/OccupancyGrid → coloured cells, and map_msgs/OccupancyGridUpdate → a coloured patch over the last grid of
 * the same display. A GridStore keeps each display's cells (the worker's state), so updates and colour scheme changes
 * need no new full map.
 */
import { numbersOf } from './binary.ts';
import { DecodeError } from './errors.ts';
import { colorCells, paletteFor } from './map-palette.ts';
import { headerOf, numberOf, objectOf } from './message.ts';
import type { DecodedGrid, DecodedGridPatch, GridRequest, Pose } from './types.ts';

function poseOf(value: unknown): Pose {
  const p = value && typeof value === 'object' ? value as Record<string, unknown> : {};
  const pos = p.position && typeof p.position === 'object' ? p.position as Record<string, unknown> : {};
  const ori = p.orientation && typeof p.orientation === 'object' ? p.orientation as Record<string, unknown> : {};
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return { position: { x: n(pos.x, 0), y: n(pos.y, 0), z: n(pos.z, 0) },
    orientation: { x: n(ori.x, 0), y: n(ori.y, 0), z: n(ori.z, 0), w: n(ori.w, 1) } };
}

/** int8 cells as a byte array (CBOR gives Int8Array; JSON a number list). */
function cellsOf(value: unknown, what: string): Int8Array {
  if (value instanceof Int8Array) return value;
  if (value instanceof Uint8Array) return new Int8Array(value.buffer, value.byteOffset, value.byteLength);
  const nums = numbersOf(value, what);
  return Int8Array.from(nums as ArrayLike<number>);
}

function palette(request: GridRequest) {
  return paletteFor(request.colorScheme, request.binary ?? false, request.binaryThreshold ?? 100);
}

interface Kept { width: number; height: number; cells: Int8Array }

export class GridStore {
  private readonly grids = new Map<string, Kept>();

  public grid(key: string, message: unknown, request: GridRequest): DecodedGrid {
    const m = objectOf(message, 'OccupancyGrid');
    const { frameId, stampSec } = headerOf(m);
    const info = objectOf(m.info, 'OccupancyGrid: info');
    const width = numberOf(info, 'width', 'OccupancyGrid: info');
    const height = numberOf(info, 'height', 'OccupancyGrid: info');
    const resolution = numberOf(info, 'resolution', 'OccupancyGrid: info');
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
      throw new DecodeError(`OccupancyGrid: width ${width} × height ${height} must be whole numbers`);
    }
    if (!(resolution > 0)) throw new DecodeError(`OccupancyGrid: resolution ${resolution} must be above 0`);
    const cells = cellsOf(m.data, 'OccupancyGrid: data');
    if (cells.length !== width * height) {
      // RViz: "Data size doesn't match width*height" and draws nothing.
      throw new DecodeError(`OccupancyGrid: data has ${cells.length} cells, width ${width} × height ${height} needs ${width * height}`);
    }
    const own = new Int8Array(cells); // the message's buffer may be shared with other subscribers
    this.grids.set(key, { width, height, cells: own });
    const rgba = new Uint8ClampedArray(width * height * 4);
    colorCells(own, palette(request), rgba);
    return { kind: 'grid', frameId, stampSec, width, height, resolution, origin: poseOf(info.origin), rgba };
  }

  public update(key: string, message: unknown, request: GridRequest): DecodedGridPatch {
    const kept = this.grids.get(key);
    if (!kept) throw new DecodeError('OccupancyGridUpdate: no map received yet to update');
    const m = objectOf(message, 'OccupancyGridUpdate');
    const x = numberOf(m, 'x', 'OccupancyGridUpdate'), y = numberOf(m, 'y', 'OccupancyGridUpdate');
    const width = numberOf(m, 'width', 'OccupancyGridUpdate'), height = numberOf(m, 'height', 'OccupancyGridUpdate');
    const cells = cellsOf(m.data, 'OccupancyGridUpdate: data');
    if (cells.length !== width * height) {
      throw new DecodeError(`OccupancyGridUpdate: data has ${cells.length} cells, ${width} × ${height} needs ${width * height}`);
    }
    if (![x, y, width, height].every((v) => Number.isInteger(v) && v >= 0) || x + width > kept.width || y + height > kept.height) {
      // RViz's MapDisplay::incomingUpdate ignores updates that do not fit the map.
      throw new DecodeError(`OccupancyGridUpdate: ${width}×${height} at (${x}, ${y}) does not fit the ${kept.width}×${kept.height} map`);
    }
    const rgba = new Uint8ClampedArray(width * height * 4);
    const pal = palette(request);
    for (let row = 0; row < height; row++) {
      const src = cells.subarray(row * width, (row + 1) * width);
      kept.cells.set(src, (y + row) * kept.width + x);
      colorCells(src, pal, rgba, row * width);
    }
    return { kind: 'grid-patch', x, y, width, height, rgba };
  }

  public forget(key: string): void { this.grids.delete(key); }
}
