/**
 * Decodes rosbridge's CBOR frames off the main thread (the 2.2 MB frame of a 100,000-point cloud takes 20-40 ms to
 * decode, a long task on a busy machine), exactly as roslib would (`cbor2.decode` with its defaults), and hands the
 * message back with its typed arrays' buffers transferred. Started by `workerCborDecoder()` (./cbor-decoder.ts).
 */
import { decode } from 'cbor2';

interface Scope { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((ev: MessageEvent<{ id: number; frame: ArrayBuffer }>) => void) | null }

const scope = self as unknown as Scope;

/** The distinct buffers under the typed arrays of a decoded message (bounded walk). */
function buffers(value: unknown, out: Set<ArrayBuffer>, depth = 0): void {
  if (depth > 16 || value === null || typeof value !== 'object') return;
  if (ArrayBuffer.isView(value)) { if (value.buffer instanceof ArrayBuffer) out.add(value.buffer); return; }
  for (const v of Array.isArray(value) ? value : Object.values(value)) buffers(v, out, depth + 1);
}

scope.onmessage = (ev) => {
  const { id, frame } = ev.data;
  try {
    const message = decode(new Uint8Array(frame));
    const transfer = new Set<ArrayBuffer>();
    buffers(message, transfer);
    scope.postMessage({ id, ok: true, message }, [...transfer]);
  } catch (err) {
    scope.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) }, []);
  }
};
