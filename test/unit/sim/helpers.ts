// Shared helpers for the sim tests: a connected roslib client, promise wrappers and a raw WebSocket client.
import { Ros, Service, Topic } from 'roslib';
import { WebSocket } from 'ws';

export async function connectRos(url: string): Promise<Ros> {
  const ros = new Ros({});
  const opened = new Promise<void>((resolve, reject) => {
    ros.on('connection', () => resolve());
    ros.on('error', (e) => reject(new Error(`roslib: ${String(e)}`)));
  });
  await ros.connect(url);
  await opened;
  return ros;
}

export function callService<T>(ros: Ros, name: string, args: Record<string, unknown> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    new Service({ ros, name, serviceType: '' }).callService(args, (v: unknown) => resolve(v as T), (e: unknown) => reject(new Error(String(e))));
  });
}

/** Collects messages from a topic until `count` arrived (or the timeout), then unsubscribes. */
export function collect<T = Record<string, unknown>>(ros: Ros, name: string, count: number, opts: { throttle_rate?: number; queue_length?: number; messageType?: string; timeoutMs?: number } = {}): Promise<T[]> {
  const topic = new Topic<T>({ ros, name, messageType: opts.messageType ?? '', throttle_rate: opts.throttle_rate ?? 0, queue_length: opts.queue_length ?? 0 });
  const got: T[] = [];
  return new Promise<T[]>((resolve) => {
    const done = (): void => { topic.unsubscribe(); resolve(got); };
    const timer = setTimeout(done, opts.timeoutMs ?? 3000);
    topic.subscribe((m) => {
      got.push(m);
      if (got.length >= count) { clearTimeout(timer); done(); }
    });
  });
}

/** A bare WebSocket client that records every parsed frame (or the raw text when it is not JSON). */
export class RawClient {
  public readonly frames: unknown[] = [];
  private constructor(public readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      try { this.frames.push(JSON.parse(text)); } catch { this.frames.push(text); }
    });
  }

  public static async open(url: string): Promise<RawClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    return new RawClient(ws);
  }

  public send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits until a frame matching `pred` has arrived. */
  public async waitFor(pred: (f: Record<string, unknown>) => boolean, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.frames.find((f) => typeof f === 'object' && f !== null && pred(f as Record<string, unknown>));
      if (hit) return hit as Record<string, unknown>;
      if (Date.now() > deadline) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  public close(): void {
    this.ws.close();
  }
}

/** Retries an async check until it passes or the timeout ends (for effects that cross connections). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/**
 * For tests of the protocol itself, not of start-up: every publisher known at once and refusals answered with status
 * frames (rosbridge-server-rs). The defaults are a real robot's (sim/scenario.ts defaultServerSettings).
 */
export const protocolServer = Object.freeze({ discoveryDelayMs: 0, statusFrames: true });
