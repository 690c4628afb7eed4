// Properties over random inputs: the request rule always matches every publisher; the TF analysis partitions frames.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCompatibility, requiredRequest } from '../../../src/core/graph/qos.ts';
import { analyzeTf } from '../../../src/core/graph/tf-tree.ts';
import type { Endpoint, TfEdge } from '../../../src/core/graph/types.ts';

const endpoint: fc.Arbitrary<Endpoint> = fc.record({
  reliability: fc.constantFrom('reliable', 'best_effort', 'system_default', 'unknown'),
  durability: fc.constantFrom('volatile', 'transient_local', 'system_default', 'unknown'),
  depth: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
}).map(({ reliability, durability, depth }) => ({
  node: '/n', source: 'reported' as const,
  qos: depth === undefined ? { reliability, durability, history: 'keep_last' as const } : { reliability, durability, history: 'keep_last' as const, depth },
}));

describe('requiredRequest', () => {
  it('is never incompatible with any publisher, and gets latched data exactly when all publishers latch', () => {
    fc.assert(fc.property(fc.array(endpoint, { minLength: 1, maxLength: 6 }), (pubs) => {
      const req = requiredRequest(pubs);
      for (const p of pubs) expect(checkCompatibility(p.qos, req).compatible).toBe(true);
      const allLatch = pubs.every((p) => p.qos.durability === 'transient_local');
      expect(req.durability === 'transient_local').toBe(allLatch);
      if (allLatch) for (const p of pubs) expect(checkCompatibility(p.qos, req).receivesLatched).toBe(true);
    }));
  });
});

describe('analyzeTf', () => {
  // Random forests: frame i (i ≥ 1) optionally hangs under a lower-numbered frame, so there are no cycles.
  const forest = fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: 1, maxLength: 40 }).map((parents) => {
    const edges: TfEdge[] = [];
    parents.forEach((p, i) => {
      if (i > 0 && p !== undefined) edges.push({ child: `f${i}`, parent: `f${p % i}`, isStatic: i % 2 === 0, stampSec: 0, receivedAt: 0 });
    });
    return edges;
  });

  it('chains end at a root, components partition the frames, and each holds exactly one root', () => {
    fc.assert(fc.property(forest, (edges) => {
      const tree = analyzeTf(edges, 1000);
      const names = tree.frames.map((f) => f.name);
      expect(tree.cycles).toEqual([]);
      expect(tree.components.flat().sort()).toEqual([...names].sort());
      for (const c of tree.components) expect(c.filter((n) => tree.roots.includes(n))).toHaveLength(1);
      for (const n of names) {
        const chain = tree.chain(n);
        expect(chain[0]).toBe(n);
        expect(tree.roots).toContain(chain.at(-1));
        expect(tree.rootOf(n)).toBe(chain.at(-1));
        expect(tree.hasFrame(`/${n}`)).toBe(true);
      }
    }));
  });
});
