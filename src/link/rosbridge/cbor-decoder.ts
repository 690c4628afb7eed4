/**
 * Off-main-thread CBOR decoding for the guarded transport (./transport.ts): big binary frames (clouds, images, maps)
 * are decoded in a worker (./cbor-worker.ts) instead of inside the socket handler. Undefined where there are no
 * workers (Node: the link's tests and the CLI decode in-thread as roslib does).
 */
export type CborDecoder = (frame: ArrayBuffer) => Promise<unknown>;

export function workerCborDecoder(): CborDecoder | undefined {
  if (typeof Worker !== 'function') return undefined;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./cbor-worker.ts', import.meta.url), { type: 'module', name: 'rosbridge-cbor' });
  } catch {
    return undefined;
  }
  let nextId = 1;
  let broken: string | undefined;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  worker.onmessage = (ev: MessageEvent<{ id: number; ok: boolean; message?: unknown; error?: string }>) => {
    const p = pending.get(ev.data.id);
    if (!p) return;
    pending.delete(ev.data.id);
    if (ev.data.ok) p.resolve(ev.data.message);
    else p.reject(new Error(`CBOR frame could not be decoded: ${ev.data.error ?? 'unknown error'}`));
  };
  worker.onerror = (ev) => {
    ev.preventDefault?.();
    broken = `the CBOR worker failed (${ev.message || 'no message'})`;
    for (const p of pending.values()) p.reject(new Error(broken));
    pending.clear();
  };
  return (frame) => new Promise((resolve, reject) => {
    if (broken) { reject(new Error(broken)); return; }
    const id = nextId++;
    pending.set(id, { resolve, reject });
    // The frame is the socket's own buffer: transferred, not copied.
    worker.postMessage({ id, frame }, [frame]);
  });
}
