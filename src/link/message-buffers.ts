/**
 * The distinct ArrayBuffers under a decoded message's typed arrays (a CBOR cloud's `data`, an image's pixels), for
 * handing a message to another thread without copying them. A bounded walk: `maxDepth` levels, arrays of at most
 * `maxArrayItems` entries (longer ones are number lists, not containers of binary fields), views of `minBytes` or more.
 */
export interface MessageBufferOptions { minBytes?: number; maxDepth?: number; maxArrayItems?: number }

export function messageBuffers(message: unknown, options: MessageBufferOptions = {}): Set<ArrayBuffer> {
  const { minBytes = 0, maxDepth = 16, maxArrayItems = Infinity } = options;
  const out = new Set<ArrayBuffer>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > maxDepth || value === null || typeof value !== 'object') return;
    if (ArrayBuffer.isView(value)) {
      if (value.byteLength >= minBytes && value.buffer instanceof ArrayBuffer) out.add(value.buffer);
      return;
    }
    if (Array.isArray(value)) { if (value.length <= maxArrayItems) for (const v of value) walk(v, depth + 1); return; }
    for (const v of Object.values(value)) walk(v, depth + 1);
  };
  walk(message, 0);
  return out;
}
