/**
 * Decodes rosbridge's CBOR frames off the main thread (the 2.2 MB frame of a 100,000-point cloud takes 20-40 ms to
 * decode, a long task on a busy machine), exactly as roslib would (`cbor2.decode` with its defaults), and hands the
 * message back with its typed arrays' buffers transferred. Started by `workerCborDecoder()` (./cbor-decoder.ts).
 */
import { decode } from 'cbor2';
import { messageBuffers } from '../message-buffers.ts';

interface Scope { postMessage(message: unknown, transfer: Transferable[]): void; onmessage: ((ev: MessageEvent<{ id: number; frame: ArrayBuffer }>) => void) | null }

const scope = self as unknown as Scope;

scope.onmessage = (ev) => {
  const { id, frame } = ev.data;
  try {
    const message = decode(new Uint8Array(frame));
    scope.postMessage({ id, ok: true, message }, [...messageBuffers(message)]);
  } catch (err) {
    scope.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) }, []);
  }
};
