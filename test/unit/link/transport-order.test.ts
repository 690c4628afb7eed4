// The guarded transport decodes big CBOR frames elsewhere (the browser: a worker) and keeps every frame in order.
import { describe, it, expect } from 'vitest';
import { encode } from 'cbor2';
import { GuardedTransport } from '../../../src/link/rosbridge/transport.ts';

function fakeSocket() {
  return { readyState: 1, binaryType: '', send: () => undefined, close: () => undefined,
    onopen: null, onclose: null, onerror: null, onmessage: null as ((ev: { data: unknown }) => void) | null };
}

/** A decoder whose decodes the test settles by hand, in any order. */
function handDecoder() {
  const waiting: { frame: ArrayBuffer; settle(ok: boolean): void }[] = [];
  const decode = (frame: ArrayBuffer) => new Promise<unknown>((resolve, reject) => {
    waiting.push({ frame, settle: (ok) => (ok ? resolve(JSON.parse(new TextDecoder().decode(frame))) : reject(new Error('bad frame'))) });
  });
  return { decode, waiting };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const frameOf = (msg: object) => new TextEncoder().encode(JSON.stringify(msg)).buffer as ArrayBuffer;

/** A transport decoding frames of 10 bytes and more elsewhere, by hand, and the topics it delivered, in order. */
function topicsInOrder() {
  const socket = fakeSocket();
  const d = handDecoder();
  const t = new GuardedTransport(socket, { maxFrameBytes: 1 << 20, onFrameProblem: () => undefined, decodeCbor: d.decode, offThreadMinBytes: 10 });
  const got: string[] = [];
  t.on('message', (m) => { got.push((m as { topic?: string }).topic ?? '?'); });
  return { socket, d, t, got };
}

describe('GuardedTransport with a decoder elsewhere', () => {
  it('delivers frames in arrival order while big frames decode elsewhere, whatever order the decodes finish in', async () => {
    const { socket, d, got } = topicsInOrder();
    socket.onmessage!({ data: frameOf({ op: 'publish', topic: '/big1', msg: {} }) });
    socket.onmessage!({ data: JSON.stringify({ op: 'publish', topic: '/text', msg: {} }) });
    socket.onmessage!({ data: frameOf({ op: 'publish', topic: '/big2', msg: {} }) });
    expect(got).toEqual([]);
    d.waiting[1]!.settle(true);
    await tick();
    expect(got).toEqual([]);
    d.waiting[0]!.settle(true);
    await tick();
    expect(got).toEqual(['/big1', '/text', '/big2']);
    // Nothing pending: a text frame is handled at once again.
    socket.onmessage!({ data: JSON.stringify({ op: 'publish', topic: '/now', msg: {} }) });
    expect(got).toEqual(['/big1', '/text', '/big2', '/now']);
  });

  it('a frame that does not decode is an error in its place; the frames after it still arrive', async () => {
    const { socket, d, t, got } = topicsInOrder();
    t.on('error', () => { got.push('error'); });
    socket.onmessage!({ data: frameOf({ op: 'publish', topic: '/bad', msg: {} }) });
    socket.onmessage!({ data: JSON.stringify({ op: 'publish', topic: '/after', msg: {} }) });
    d.waiting[0]!.settle(false);
    await tick();
    expect(got).toEqual(['error', '/after']);
  });

  it('small binary frames and frames without a decoder are decoded in the handler as roslib does', () => {
    const socket = fakeSocket();
    const d = handDecoder();
    const t = new GuardedTransport(socket, { maxFrameBytes: 1 << 20, onFrameProblem: () => undefined, decodeCbor: d.decode, offThreadMinBytes: 1 << 16 });
    const got: unknown[] = [];
    t.on('message', (m) => { got.push(m); });
    const cbor = encode({ op: 'publish', topic: '/scan', msg: { ranges: new Float32Array([1, 2]) } });
    socket.onmessage!({ data: cbor.buffer.slice(cbor.byteOffset, cbor.byteOffset + cbor.byteLength) });
    expect(d.waiting).toHaveLength(0);
    expect(got).toHaveLength(1);
    expect((got[0] as { msg: { ranges: Float32Array } }).msg.ranges).toEqual(new Float32Array([1, 2]));
  });
});
