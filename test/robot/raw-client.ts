// A bare rosbridge v2 client for the parity probe: sends ops as written and keeps every frame it receives, so the
// probe sees exactly what a server sends (roslib would hide status frames and decode CBOR itself).
import WebSocket from 'ws';

export type Frame = { kind: 'text'; data: Record<string, unknown> } | { kind: 'binary'; data: Uint8Array };

export class RawClient {
  public readonly frames: Frame[] = [];
  private nextId = 0;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.frames.push({ kind: 'binary', data: new Uint8Array(data) });
      else {
        try { this.frames.push({ kind: 'text', data: JSON.parse(data.toString()) as Record<string, unknown> }); } catch { /* not JSON: ignored */ }
      }
    });
  }

  public static open(url: string, timeoutMs = 10_000): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new RawClient(ws); // listening from the first frame on
      const timer = setTimeout(() => { ws.terminate(); reject(new Error(`no WebSocket to ${url} within ${timeoutMs} ms`)); }, timeoutMs);
      ws.once('open', () => { clearTimeout(timer); resolve(client); });
      ws.once('error', (err) => { clearTimeout(timer); reject(err); });
    });
  }

  public id(prefix: string): string { return `${prefix}:${++this.nextId}`; }

  public send(op: Record<string, unknown>): void { this.ws.send(JSON.stringify(op)); }

  /** The first frame (already received or coming) that matches, or undefined after `timeoutMs`. */
  public async next(match: (f: Frame) => boolean, timeoutMs: number): Promise<Frame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Calls a service and returns its `service_response` frame (undefined when none came). */
  public async call(service: string, args: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<Record<string, unknown> | undefined> {
    const id = this.id('call');
    this.send({ op: 'call_service', id, service, args });
    const f = await this.next((x) => x.kind === 'text' && x.data['op'] === 'service_response' && x.data['id'] === id, timeoutMs);
    return f?.kind === 'text' ? f.data : undefined;
  }

  public close(): void { this.ws.close(); }
}
