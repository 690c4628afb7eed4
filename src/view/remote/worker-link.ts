/**
 * The page's link inside the render worker: display feeds whose messages the page forwards (one page-side feed per
 * worker feed, so throttling, CBOR, coalescing and dropped counts stay the link's own), and the TF buffer the page
 * sends whenever its version changes. Only what the scene uses (ViewLink).
 */
import type { TfTransform } from '../../core/graph/tf-tree.ts';
import type { DisplayFeed, DisplayFeedRequest, DisplayFeedStatus, FeedHandler } from '../../link/types.ts';
import type { ViewLink } from '../scene/layer.ts';
import type { FromWorker } from './protocol.ts';

interface WorkerFeed { handler: FeedHandler<unknown>; status: DisplayFeedStatus }

let nextFeed = 1;

export class WorkerLink implements ViewLink {
  private readonly feeds = new Map<number, WorkerFeed>();
  private tf: { version: number; transforms: readonly TfTransform[] } = { version: -1, transforms: [] };
  public readonly tfTransforms: (() => { version: number; transforms: readonly TfTransform[] }) | undefined;

  public constructor(public readonly id: number, keepsTf: boolean, private readonly post: (m: FromWorker) => void) {
    this.tfTransforms = keepsTf ? () => this.tf : undefined;
  }

  public feed<T = unknown>(request: DisplayFeedRequest, onMessage: FeedHandler<T>): DisplayFeed {
    const id = nextFeed++;
    const entry: WorkerFeed = { handler: onMessage as FeedHandler<unknown>,
      status: { delivered: 0, dropped: 0, asked: { throttleMs: 0, queueLength: 1, compression: 'none' } } };
    this.feeds.set(id, entry);
    this.post({ op: 'feed', feed: id, link: this.id, request });
    return {
      status: () => entry.status,
      stop: () => { if (this.feeds.delete(id)) this.post({ op: 'unfeed', feed: id }); },
    };
  }

  /** A message the page forwarded: handled, then the page is told the handler is free. */
  public deliver(feed: number, message: unknown, at: number, status: DisplayFeedStatus): void {
    const entry = this.feeds.get(feed);
    if (!entry) { this.post({ op: 'done', feed }); return; }
    entry.status = status;
    let result: void | Promise<unknown> = undefined;
    try {
      result = entry.handler(message, at);
    } catch (err) {
      console.error('live view: a feed handler failed', err);
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).catch(() => undefined).finally(() => this.post({ op: 'done', feed }));
    } else {
      this.post({ op: 'done', feed });
    }
  }

  public setTf(version: number, transforms: readonly TfTransform[]): void { this.tf = { version, transforms }; }

  /** This link is gone (another robot, or the view closed): its feeds end. */
  public close(): void {
    for (const id of this.feeds.keys()) this.post({ op: 'unfeed', feed: id });
    this.feeds.clear();
  }
}
