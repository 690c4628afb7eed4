/** Geometry rules of the Grid and TF displays that need no three.js: grid line endpoints, TF frame fading. */

/** Line segment endpoints (x, y, z pairs) of a grid in its XY plane, normal Z. */
export function gridSegments(cellCount: number, cellSize: number, normalCount: number): Float32Array {
  const out: number[] = [];
  const extent = (cellSize * cellCount) / 2;
  for (let h = 0; h <= normalCount; h++) {
    const z = (normalCount / 2 - h) * cellSize;
    for (let i = 0; i <= cellCount; i++) {
      const inc = extent - i * cellSize;
      out.push(inc, -extent, z, inc, extent, z, -extent, inc, z, extent, inc, z);
    }
  }
  if (normalCount > 0) {
    const top = (normalCount / 2) * cellSize;
    for (let x = 0; x <= cellCount; x++) {
      for (let y = 0; y <= cellCount; y++) {
        const xr = extent - x * cellSize, yr = extent - y * cellSize;
        out.push(xr, yr, top, xr, yr, -top);
      }
    }
  }
  return new Float32Array(out);
}

/** RViz's fading: full colour, then a blend to grey over the second third, then grey fading out (alpha) over the last. */
export function tfFade(ageSec: number, timeoutSec: number): { greyness: number; alpha: number } {
  const third = timeoutSec / 3;
  if (ageSec <= third) return { greyness: 0, alpha: 1 };
  if (ageSec <= 2 * third) return { greyness: 1 - Math.max(0, (2 * third - ageSec) / third), alpha: 1 };
  return { greyness: 1, alpha: Math.max(0, (timeoutSec - ageSec) / third) };
}

