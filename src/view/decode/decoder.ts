/**
 * `createViewDecoder()`: the ViewDecoder the view uses. In a browser it runs the decoders in a module Web Worker
 * (Vite bundles ./worker.ts as its own chunk); where Workers are missing (Node tests, or `{ worker: false }`) it runs
 * the same code in-thread. Both keep decode-time statistics per kind.
 */
import { DecodeError } from './errors.ts';
import { GridStore } from './occupancy-grid.ts';
import { runJob, type DecodeJob } from './run.ts';
import { DecodeTimes } from './timing.ts';
import type { Decoded, DecodedGrid, DecodedGridPatch, DecodedImage, DecodedPoints, DecodeStats, GridRequest, ImageRequest, PointsRequest, Timed,
  ViewDecoder } from './types.ts';

abstract class BaseDecoder implements ViewDecoder {
  public abstract readonly where: 'worker' | 'in-thread';
  protected readonly times = new DecodeTimes();
  protected disposed = false;

  protected abstract run(job: DecodeJob): Promise<Timed<Decoded> | undefined>;

  private async timed<T extends Decoded>(job: DecodeJob): Promise<Timed<T>> {
    if (this.disposed) throw new DecodeError('decoder: disposed');
    const result = await this.run(job) as unknown as Timed<T>;
    this.times.record(result.kind === 'image' && job.op === 'compressed-image' ? 'compressed-image' : result.kind, result.timing.decodeMs);
    return result;
  }

  public points(type: string, message: unknown, request: PointsRequest): Promise<Timed<DecodedPoints>> {
    return this.timed({ op: 'points', type, message, request });
  }
  public grid(key: string, message: unknown, request: GridRequest): Promise<Timed<DecodedGrid>> {
    return this.timed({ op: 'grid', key, message, request });
  }
  public gridUpdate(key: string, update: unknown, request: GridRequest): Promise<Timed<DecodedGridPatch>> {
    return this.timed({ op: 'grid-patch', key, message: update, request });
  }
  public image(message: unknown, request: ImageRequest): Promise<Timed<DecodedImage>> {
    return this.timed({ op: 'image', message, request });
  }
  public compressedImage(message: unknown): Promise<Timed<DecodedImage>> {
    return this.timed({ op: 'compressed-image', message });
  }
  public forget(key: string): void {
    if (!this.disposed) void this.run({ op: 'forget', key }).catch(() => undefined);
  }
  public stats(): DecodeStats { return this.times.stats(); }
  public dispose(): void { this.disposed = true; }
}

/** Decodes on the calling thread (Node, tests, and the fallback where Workers are missing). */
export class InThreadDecoder extends BaseDecoder {
  public readonly where = 'in-thread' as const;
  private readonly grids = new GridStore();
  protected run(job: DecodeJob): Promise<Timed<Decoded> | undefined> { return runJob(job, this.grids, 'in-thread'); }
}

type Reply = { id: number; ok: true; result?: Timed<Decoded> } | { id: number; ok: false; error: { name: string; message: string } };

/** Decodes in a Web Worker; results arrive with their buffers transferred. */
export class WorkerDecoder extends BaseDecoder {
  public readonly where = 'worker' as const;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(r: Timed<Decoded> | undefined): void; reject(e: Error): void }>();

  public constructor(worker: Worker) {
    super();
    this.worker = worker;
    worker.onmessage = (ev: MessageEvent<Reply>) => {
      const reply = ev.data;
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result);
      else p.reject(reply.error.name === 'DecodeError' ? new DecodeError(reply.error.message) : new Error(reply.error.message));
    };
    worker.onerror = (ev) => {
      ev.preventDefault?.();
      this.failAll(`decoder: the worker failed (${ev.message || 'no message'})`);
    };
  }

  protected run(job: DecodeJob): Promise<Timed<Decoded> | undefined> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ id, job });
      } catch (err) {
        this.pending.delete(id);
        reject(new DecodeError(`decoder: the message could not be sent to the worker (${err instanceof Error ? err.message : String(err)})`));
      }
    });
  }

  private failAll(message: string): void {
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
  }

  public override dispose(): void {
    super.dispose();
    this.worker.terminate();
    this.failAll('decoder: disposed');
  }
}

export interface ViewDecoderOptions {
  /** Default true where `Worker` exists. */
  worker?: boolean;
}

export function createViewDecoder(options: ViewDecoderOptions = {}): ViewDecoder {
  if ((options.worker ?? true) && typeof Worker === 'function') {
    try {
      return new WorkerDecoder(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'view-decoder' }));
    } catch {
      // A page without worker support (or a blocked worker URL) still draws, decoding in-thread.
    }
  }
  return new InThreadDecoder();
}
