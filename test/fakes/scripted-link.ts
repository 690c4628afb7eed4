// A link for the view's tests: each display feed gets the messages the test emits; TF comes from a real TfBuffer.
import { TfBuffer } from '../../src/core/graph/tf-tree.ts';
import type { DisplayFeed, DisplayFeedRequest, FeedHandler, RobotLink } from '../../src/link/types.ts';

/** A link that hands each feed the messages the test emits, and TF from a real TfBuffer. */
export class ScriptedLink {
  public readonly tfBuffer = new TfBuffer();
  private readonly handlers = new Map<string, FeedHandler<unknown>[]>();
  /** One subscribe per feed opened, one unsubscribe per feed stopped (the first stop; stop is idempotent). */
  private readonly sent = { subscribes: 0, unsubscribes: 0 };
  public stats() { return { ...this.sent }; }
  public feed<T>(request: DisplayFeedRequest, onMessage: FeedHandler<T>): DisplayFeed {
    this.sent.subscribes++;
    let stopped = false;
    const list = this.handlers.get(request.topic) ?? [];
    list.push(onMessage as FeedHandler<unknown>);
    this.handlers.set(request.topic, list);
    return { status: () => ({ delivered: 0, dropped: 0, asked: { throttleMs: 0, queueLength: 0, compression: 'none' } }),
      stop: () => { if (!stopped) { stopped = true; this.sent.unsubscribes++; } this.handlers.set(request.topic, (this.handlers.get(request.topic) ?? []).filter((h) => h !== onMessage)); } };
  }
  /** Feeds open on a topic (a display removed or a link switched closes its feeds). */
  public feedsOn(topic: string): number { return this.handlers.get(topic)?.length ?? 0; }
  public async emit(topic: string, message: unknown): Promise<void> {
    await Promise.all((this.handlers.get(topic) ?? []).map((h) => h(message, Date.now())));
  }
  public tfTransforms() { return { version: this.tfBuffer.version, transforms: this.tfBuffer.transforms() }; }
  public subscribe() {
    this.sent.subscribes++;
    let stopped = false;
    return () => { if (!stopped) { stopped = true; this.sent.unsubscribes++; } };
  }
  public addTf(parent: string, child: string, x: number, y: number, z: number): void {
    this.tfBuffer.addMessage({ transforms: [{ header: { frame_id: parent, stamp: { sec: 1, nanosec: 0 } }, child_frame_id: child,
      transform: { translation: { x, y, z }, rotation: { x: 0, y: 0, z: 0, w: 1 } } }] }, false, Date.now());
  }
  public asLink(): RobotLink { return this as unknown as RobotLink; }
}

