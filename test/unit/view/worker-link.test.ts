// The page's link as the render worker sees it: feeds open and close on the page through messages, a message's
// handler frees the page-side feed only once it settled, and messages for feeds that are gone still free it.
import { describe, expect, it } from 'vitest';
import { WorkerLink } from '../../../src/view/remote/worker-link.ts';
import type { FromWorker } from '../../../src/view/remote/protocol.ts';

const status = (dropped: number) => ({ delivered: 1, dropped, asked: { throttleMs: 33, queueLength: 1, compression: 'cbor' as const } });

function setup(keepsTf = true) {
  const posted: FromWorker[] = [];
  const link = new WorkerLink(7, keepsTf, (m) => posted.push(m));
  return { link, posted };
}

describe('WorkerLink', () => {
  it('asks the page for a feed, with its link id, and ends it once', () => {
    const { link, posted } = setup();
    const feed = link.feed({ topic: '/scan', type: 'sensor_msgs/msg/LaserScan', frameRate: 30 }, () => undefined);
    expect(posted).toEqual([{ op: 'feed', feed: expect.any(Number), link: 7, request: { topic: '/scan', type: 'sensor_msgs/msg/LaserScan', frameRate: 30 } }]);
    const id = (posted[0] as { feed: number }).feed;
    feed.stop();
    feed.stop();
    expect(posted.slice(1)).toEqual([{ op: 'unfeed', feed: id }]);
  });

  it('frees the page-side feed after a synchronous handler, and after a promise settles (also when it rejects)', async () => {
    const { link, posted } = setup();
    const seen: unknown[] = [];
    let finish!: () => void;
    link.feed({ topic: '/a', type: 't' }, (m) => { seen.push(m); });
    link.feed({ topic: '/b', type: 't' }, () => new Promise<void>((resolve) => { finish = resolve; }));
    link.feed({ topic: '/c', type: 't' }, () => Promise.reject(new Error('bad message')));
    const [a, b, c] = posted.map((m) => (m as { feed: number }).feed) as [number, number, number];
    posted.length = 0;
    link.deliver(a, { x: 1 }, 100, status(0));
    expect(seen).toEqual([{ x: 1 }]);
    expect(posted).toEqual([{ op: 'done', feed: a }]);
    link.deliver(b, {}, 100, status(0));
    await Promise.resolve();
    expect(posted).toEqual([{ op: 'done', feed: a }]);
    finish();
    link.deliver(c, {}, 100, status(0));
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.slice(1)).toEqual(expect.arrayContaining([{ op: 'done', feed: b }, { op: 'done', feed: c }]));
  });

  it('reports the page-side feed status it was sent (the real dropped count)', () => {
    const { link, posted } = setup();
    const feed = link.feed({ topic: '/a', type: 't' }, () => undefined);
    link.deliver((posted[0] as { feed: number }).feed, {}, 5, status(4));
    expect(feed.status().dropped).toBe(4);
  });

  it('frees the page for a message whose feed already ended, and a throwing handler does not stop it', () => {
    const { link, posted } = setup();
    link.feed({ topic: '/a', type: 't' }, () => { throw new Error('boom'); });
    const id = (posted[0] as { feed: number }).feed;
    posted.length = 0;
    const errors = console.error;
    console.error = () => undefined;
    try { link.deliver(id, {}, 1, status(0)); } finally { console.error = errors; }
    link.deliver(999, {}, 1, status(0));
    expect(posted).toEqual([{ op: 'done', feed: id }, { op: 'done', feed: 999 }]);
  });

  it('gives the TF buffer the page sent, only when the page link keeps TF; close ends every feed', () => {
    const { link, posted } = setup();
    link.setTf(3, [{ parent: 'map', child: 'odom' } as never]);
    expect(link.tfTransforms?.()).toEqual({ version: 3, transforms: [{ parent: 'map', child: 'odom' }] });
    expect(setup(false).link.tfTransforms).toBeUndefined();
    link.feed({ topic: '/a', type: 't' }, () => undefined);
    link.feed({ topic: '/b', type: 't' }, () => undefined);
    posted.length = 0;
    link.close();
    expect(posted.map((m) => m.op)).toEqual(['unfeed', 'unfeed']);
  });
});
