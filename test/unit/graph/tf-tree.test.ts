import { describe, expect, it } from 'vitest';
import { analyzeTf, TfBuffer } from '../../../src/core/graph/tf-tree.ts';

const tf = (parent: string, child: string, sec = 10) =>
  ({ header: { frame_id: parent, stamp: { sec, nanosec: 500_000_000 } }, child_frame_id: child });

function robotBuffer(now: number): TfBuffer {
  const b = new TfBuffer();
  b.addMessage({ transforms: [tf('map', 'odom'), tf('odom', 'base_link')] }, false, now - 100);
  b.addMessage({ transforms: [tf('base_link', 'base_scan'), tf('/base_link', '/camera_link')] }, true, now - 60_000);
  return b;
}

describe('TfBuffer', () => {
  it('keeps the latest edge per child and normalises leading slashes', () => {
    const b = robotBuffer(1000_000);
    b.addMessage({ transforms: [tf('map', 'odom', 20)] }, false, 1000_000);
    const edges = b.edges();
    expect(edges.map((e) => `${e.parent}->${e.child}`)).toEqual(['base_link->base_scan', 'odom->base_link', 'base_link->camera_link', 'map->odom']
      .sort((a, b2) => a.split('->')[1]!.localeCompare(b2.split('->')[1]!)));
    const odom = edges.find((e) => e.child === 'odom')!;
    expect(odom.stampSec).toBe(20.5);
    expect(odom.receivedAt).toBe(1000_000);
  });

  it('skips malformed transforms and says how many', () => {
    const b = new TfBuffer();
    const r = b.addMessage({ transforms: [{ header: { frame_id: 'a' } }, tf('a', 'a'), tf('a', 'b'), null] }, false, 0);
    expect(r).toEqual({ added: 1, skipped: 3 });
    expect(b.addMessage({ transforms: 'nope' }, false, 0)).toEqual({ added: 0, skipped: 0 });
  });
});

describe('analyzeTf', () => {
  const now = 1_000_000;

  it('finds the root, children and the chain to the root', () => {
    const tree = analyzeTf(robotBuffer(now).edges(), now);
    expect(tree.roots).toEqual(['map']);
    expect(tree.chain('base_scan')).toEqual(['base_scan', 'base_link', 'odom', 'map']);
    expect(tree.chain('/base_link')).toEqual(['base_link', 'odom', 'map']);
    expect(tree.frame('base_link')!.children).toEqual(['base_scan', 'camera_link']);
    expect(tree.components).toHaveLength(1);
    expect(tree.connected('camera_link', 'map')).toBe(true);
    expect(tree.chain('nowhere')).toEqual([]);
  });

  it('hasFrame tolerates a leading slash', () => {
    const tree = analyzeTf(robotBuffer(now).edges(), now);
    expect(tree.hasFrame('/odom')).toBe(true);
    expect(tree.hasFrame('odom')).toBe(true);
    expect(tree.hasFrame('/base_footprint')).toBe(false);
  });

  it('marks disconnected parts', () => {
    const b = robotBuffer(now);
    b.addMessage({ transforms: [tf('world', 'robot2/odom'), tf('robot2/odom', 'robot2/base_link')] }, false, now);
    const tree = analyzeTf(b.edges(), now);
    expect(tree.roots).toEqual(['map', 'world']);
    expect(tree.components).toEqual([
      ['base_link', 'base_scan', 'camera_link', 'map', 'odom'],
      ['robot2/base_link', 'robot2/odom', 'world'],
    ]);
    expect(tree.connected('base_link', 'robot2/base_link')).toBe(false);
    expect(tree.rootOf('robot2/base_link')).toBe('world');
  });

  it('marks stale dynamic edges, never static ones, with a default of 5 s and an option', () => {
    const b = robotBuffer(now);
    const later = now + 5_000; // dynamic edges are now 5.1 s old
    const tree = analyzeTf(b.edges(), later);
    expect(tree.frame('odom')).toMatchObject({ stale: true, ageMs: 5_100, isStatic: false });
    expect(tree.frame('base_scan')).toMatchObject({ stale: false, ageMs: 65_000, isStatic: true });
    expect(tree.frame('map')).toEqual({ name: 'map', children: ['odom'], stale: false });
    expect(analyzeTf(b.edges(), later, { staleAfterMs: 10_000 }).frame('odom')!.stale).toBe(false);
  });

  it('survives a cycle in malformed input', () => {
    const b = new TfBuffer();
    b.addMessage({ transforms: [tf('a', 'b'), tf('b', 'c'), tf('c', 'a'), tf('x', 'y')] }, false, now);
    const tree = analyzeTf(b.edges(), now);
    expect(tree.cycles).toEqual(['a', 'b', 'c']);
    expect(tree.roots).toEqual(['x']);
    expect(tree.chain('a')).toEqual(['a', 'c', 'b']);
    expect(tree.rootOf('a')).toBeUndefined();
  });
});
