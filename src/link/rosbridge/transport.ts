/**
 * A roslib transport that guards the client against what a server may send: a frame over the size
 * limit or a frame that is not JSON is dropped and reported through `onFrameProblem` instead of
 * reaching roslib's decoder (which would emit a bare "error"). Works over the browser's WebSocket
 * and, in Node (no global WebSocket on Node 20), over `ws`, loaded lazily.
 */
import { AbstractTransport, type ITransportFactory, type RosbridgeMessage } from 'roslib';
import { workerCborDecoder, type CborDecoder } from './cbor-decoder.ts';

export interface FrameProblem {
  kind: 'oversized' | 'not-json' | 'not-rosbridge-message';
  message: string;
}

export interface GuardOptions {
  /** Frames larger than this (bytes; characters for text frames) are dropped. Default 16 MB. */
  maxFrameBytes: number;
  onFrameProblem: (problem: FrameProblem) => void;
  /**
   * Decodes binary (CBOR) frames of at least `offThreadMinBytes` elsewhere (the browser: a worker), as roslib would;
   * frames keep their order (later frames wait for a pending decode). Without it roslib decodes in the handler.
   */
  decodeCbor?: CborDecoder;
  /** Default 64 kB: smaller frames decode in well under a millisecond, a worker's round trip would only delay them. */
  offThreadMinBytes?: number;
}

export const defaultOffThreadMinBytes = 64 * 1024;

export const defaultMaxFrameBytes = 16 * 1024 * 1024;

/** The members we use, common to the browser WebSocket and ws's WebSocket. */
interface SocketLike {
  readyState: number;
  binaryType: string;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

function frameSize(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  return 0;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}

export class GuardedTransport extends AbstractTransport {
  private readonly socket: SocketLike;
  private readonly guard: GuardOptions;

  public constructor(socket: SocketLike, guard: GuardOptions) {
    super();
    this.socket = socket;
    this.guard = guard;
    socket.binaryType = 'arraybuffer';
    socket.onopen = (e) => { this.emit('open', e); };
    socket.onclose = (e) => { this.emit('close', e); };
    socket.onerror = (e) => { this.emit('error', e); };
    socket.onmessage = (e) => { this.handleRawMessage(e.data); };
  }

  public send(message: RosbridgeMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  public close(): void { this.socket.close(); }
  public isConnecting(): boolean { return this.socket.readyState === CONNECTING; }
  public isOpen(): boolean { return this.socket.readyState === OPEN; }
  public isClosing(): boolean { return this.socket.readyState === CLOSING; }
  public isClosed(): boolean { return this.socket.readyState === CLOSED; }

  /** Frames in arrival order while a decode elsewhere is pending: each delivered once it and all before it are ready. */
  private readonly inbox: { ready: boolean; deliver: () => void }[] = [];

  protected override handleRawMessage(data: unknown): void {
    const size = frameSize(data);
    const decode = this.guard.decodeCbor;
    if (decode && data instanceof ArrayBuffer && size >= (this.guard.offThreadMinBytes ?? defaultOffThreadMinBytes) && size <= this.guard.maxFrameBytes) {
      const slot = { ready: false, deliver: (): void => undefined };
      this.inbox.push(slot);
      const done = (deliver: () => void) => { slot.deliver = deliver; slot.ready = true; this.flush(); };
      decode(data).then(
        (message) => done(() => { this.deliverDecoded(message); }),
        // Not decodable: the error roslib's own decode would have emitted.
        (err: unknown) => done(() => { this.emit('error', err); }),
      );
      return;
    }
    if (this.inbox.length > 0) { this.inbox.push({ ready: true, deliver: () => { this.handleNow(data, size); } }); return; }
    this.handleNow(data, size);
  }

  private flush(): void {
    while (this.inbox[0]?.ready) this.inbox.shift()!.deliver();
  }

  /** A CBOR frame decoded elsewhere: what roslib does after its own decode. */
  private deliverDecoded(message: unknown): void {
    if (message === null || typeof message !== 'object' || typeof (message as { op?: unknown }).op !== 'string') {
      this.emit('error', new Error('Decoded CBOR data was invalid!'));
      return;
    }
    super.handleRawMessage(message);
  }

  private handleNow(data: unknown, size: number): void {
    if (size > this.guard.maxFrameBytes) {
      this.report({ kind: 'oversized',
        message: `dropped a ${size}-byte frame from the server (limit ${this.guard.maxFrameBytes} bytes)` });
      return;
    }
    if (typeof data === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch (err) {
        this.report({ kind: 'not-json', message: `dropped a frame that is not JSON (${err instanceof Error ? err.message : String(err)}): "${preview(data)}"` });
        return;
      }
      if (parsed === null || typeof parsed !== 'object' || typeof (parsed as { op?: unknown }).op !== 'string') {
        this.report({ kind: 'not-rosbridge-message', message: `dropped a JSON frame without an "op" field: "${preview(data)}"` });
        return;
      }
      const msg = parsed as { op: string; id?: unknown };
      if (msg.op === 'service_response' && (typeof msg.id !== 'string' || msg.id === '')) {
        // roslib would console.error this; nobody could be waiting for an answer without an id.
        this.report({ kind: 'not-rosbridge-message', message: `dropped a service_response without an "id": "${preview(data)}"` });
        return;
      }
      super.handleRawMessage(parsed);
      return;
    }
    // Binary (CBOR/BSON) frames: roslib decodes them and emits "error" on failure.
    super.handleRawMessage(data);
  }

  private report(problem: FrameProblem): void {
    try {
      this.guard.onFrameProblem(problem);
    } catch {
      // A failing reporter must not take the socket down with it.
    }
  }
}

/**
 * A roslib `transportFactory` producing guarded transports.
 * @example new Ros({ transportFactory: guardedTransportFactory({maxFrameBytes, onFrameProblem}) })
 */
export function guardedTransportFactory(guard: GuardOptions): ITransportFactory {
  return async (url: string) => {
    if (typeof globalThis.WebSocket === 'function') {
      // A decoder per connection (a worker where there are workers); a new connection starts with an empty queue.
      const decodeCbor = guard.decodeCbor ?? workerCborDecoder();
      return new GuardedTransport(new globalThis.WebSocket(url) as unknown as SocketLike, { ...guard, ...(decodeCbor ? { decodeCbor } : {}) });
    }
    const ws = await import('ws');
    // ws closes the connection itself beyond maxPayload; frames between the limit and twice it are dropped by us.
    const socket = new ws.WebSocket(url, { maxPayload: guard.maxFrameBytes * 2 });
    return new GuardedTransport(socket as unknown as SocketLike, guard);
  };
}
