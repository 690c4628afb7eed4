// The buffers under a message's typed arrays, found once each, within the walk's bounds.
import { describe, expect, it } from 'vitest';
import { messageBuffers } from '../../../src/link/message-buffers.ts';

describe('messageBuffers', () => {
  it('finds each buffer once, nested in objects and short arrays', () => {
    const shared = new ArrayBuffer(16);
    const own = new Float32Array(4);
    const message = { header: { frame_id: 'laser' }, data: new Uint8Array(shared, 0, 8), again: new Uint8Array(shared, 8), fields: [{ values: own }] };
    expect([...messageBuffers(message)]).toEqual([shared, own.buffer]);
  });

  it('skips views under minBytes, levels past maxDepth and arrays longer than maxArrayItems', () => {
    const big = new Uint8Array(100), small = new Uint8Array(10), deep = new Uint8Array(100), inLong = new Uint8Array(100);
    const message = { big, small, a: { b: { c: deep } }, list: [inLong, 1, 2] };
    expect([...messageBuffers(message, { minBytes: 50, maxDepth: 2, maxArrayItems: 2 })]).toEqual([big.buffer]);
    expect(messageBuffers('text').size).toBe(0);
    expect(messageBuffers(null).size).toBe(0);
  });
});
