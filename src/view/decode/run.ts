/**
 * One decode request, run where it is called (in the worker, or in-thread): the request shape both sides share, the
 * dispatch to the decoders, the timing, and the buffers a result can hand over as transferables.
 */
import { wireOfField } from './binary.ts';
import { decodeCompressedImage } from './compressed-image.ts';
import { decodeImage } from './image.ts';
import { GridStore } from './occupancy-grid.ts';
import { decodePoints } from './points.ts';
import { now } from './timing.ts';
import type { Decoded, DecodeTiming, GridRequest, ImageRequest, PointsRequest, Timed } from './types.ts';

export type DecodeJob =
  | { op: 'points'; type: string; message: unknown; request: PointsRequest }
  | { op: 'grid'; key: string; message: unknown; request: GridRequest }
  | { op: 'grid-patch'; key: string; message: unknown; request: GridRequest }
  | { op: 'image'; message: unknown; request: ImageRequest }
  | { op: 'compressed-image'; message: unknown }
  | { op: 'forget'; key: string };

function payloadOf(job: DecodeJob): unknown {
  if (job.op === 'forget') return undefined;
  const m = job.message as Record<string, unknown> | null;
  if (!m || typeof m !== 'object') return undefined;
  return m.data ?? m.ranges ?? m.points;
}

export async function runJob(job: DecodeJob, grids: GridStore, where: DecodeTiming['where']): Promise<Timed<Decoded> | undefined> {
  if (job.op === 'forget') { grids.forget(job.key); return undefined; }
  const start = now();
  let result: Decoded;
  switch (job.op) {
    case 'points': result = decodePoints(job.type, job.message, job.request); break;
    case 'grid': result = grids.grid(job.key, job.message, job.request); break;
    case 'grid-patch': result = grids.update(job.key, job.message, job.request); break;
    case 'image': result = decodeImage(job.message, job.request); break;
    case 'compressed-image': result = await decodeCompressedImage(job.message); break;
  }
  const timing: DecodeTiming = { where, decodeMs: now() - start, wire: wireOfField(payloadOf(job)) };
  return Object.assign(result, { timing });
}

/** The distinct buffers of a result's typed arrays: moved to the main thread, not copied. */
export function transferablesOf(result: Decoded): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [];
  if (result.kind === 'points') { arrays.push(result.positions, result.colors); if (result.alphas) arrays.push(result.alphas); }
  else arrays.push(result.rgba);
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  return [...out];
}
