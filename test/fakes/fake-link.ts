// A RobotLink that serves a fixed snapshot: lets the app's components be tested without a socket.
import type { GraphSnapshot, TfEdge } from '../../src/core/graph/types.ts';
import type { DisplayFeed, LinkState, RobotLink } from '../../src/link/types.ts';

export class FakeLink implements RobotLink {
  public readonly capabilities = ['subscribe', 'tf'] as const;
  public closed = false;
  private listeners = new Set<(s: LinkState) => void>();
  private current: LinkState;

  public constructor(public readonly url: string, private readonly snap: GraphSnapshot) {
    this.current = { url, presence: 'idle', problems: [] };
  }

  public async connect(): Promise<void> {
    this.set({ presence: 'connected', snapshot: this.snap });
  }

  public close(): void {
    this.closed = true;
  }

  public state(): LinkState { return this.current; }

  public onState(listener: (s: LinkState) => void): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }

  public async snapshot(): Promise<GraphSnapshot> { return this.snap; }
  /** Counts as the rosbridge link does: one subscribe per call, one unsubscribe per first call of its stop function. */
  private readonly sent = { subscribes: 0, unsubscribes: 0 };
  public subscribe(): () => void {
    this.sent.subscribes++;
    let stopped = false;
    return () => { if (!stopped) { stopped = true; this.sent.unsubscribes++; } };
  }
  public stats() { return { ...this.sent }; }
  public async callService<Res>(): Promise<Res> { throw new Error('fake link: no services'); }
  public tf(): TfEdge[] { return [...this.snap.tf]; }
  public sampleRates(): () => void { return () => undefined; }
  public rates() { return {}; }
  public feed(): DisplayFeed {
    const stop = this.subscribe();
    return { status: () => ({ delivered: 0, dropped: 0, asked: { throttleMs: 0, queueLength: 0, compression: 'none' } }), stop };
  }

  private set(patch: Partial<LinkState>): void {
    this.current = { ...this.current, ...patch };
    for (const l of this.listeners) l(this.current);
  }
}

/** A small robot: a best-effort /scan, the map → odom → base_link chain. */
export function smallRobot(url: string, now = Date.now()): GraphSnapshot {
  const qos = { reliability: 'best_effort', durability: 'volatile', history: 'keep_last', depth: 5 } as const;
  return {
    takenAt: now, url, presence: 'connected', qosReported: true, problems: [], nodes: ['/lidar'], ros: { version: 2, distro: 'jazzy' },
    topics: [{ name: '/scan', type: 'sensor_msgs/msg/LaserScan', publishers: [{ node: '/lidar', qos, source: 'reported' }], subscribers: [] }],
    tf: [
      { parent: 'map', child: 'odom', isStatic: false, stampSec: now / 1000, receivedAt: now },
      { parent: 'odom', child: 'base_link', isStatic: false, stampSec: now / 1000, receivedAt: now },
    ],
  };
}
