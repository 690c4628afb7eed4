/**
 * Service calls over one roslib `Ros` that always settle: answer, failure, timeout, abort, or
 * connection loss. We send `call_service` ourselves instead of roslib's `Service` because its call
 * has no client-side timeout, logs failures with console.error by default, and its response
 * listener cannot be removed when we give up; here the listener goes away with the call.
 */
import type { Ros, RosbridgeMessage } from 'roslib';
import { LinkError } from '../errors.ts';
import type { Timers } from '../timers.ts';

export const defaultCallTimeoutMs = 10_000;

interface Pending { reject: (err: LinkError) => void }

let counter = 0;

function failureText(values: unknown): string {
  if (typeof values === 'string' && values) return values;
  if (values === undefined || values === null || values === '') return 'no reason given';
  return JSON.stringify(values);
}

export class ServiceCaller {
  private readonly timers: Timers;
  private readonly pending = new Set<Pending>();

  public constructor(timers: Timers) { this.timers = timers; }

  public call<Res>(ros: Ros, name: string, args: Record<string, unknown>,
    options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Res> {
    const timeoutMs = options.timeoutMs ?? defaultCallTimeoutMs;
    const signal = options.signal;
    return new Promise<Res>((resolve, reject) => {
      if (signal?.aborted) { reject(new LinkError('aborted', `service ${name}: aborted`)); return; }
      const id = `call_service:${name}:${++counter}`;
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        this.timers.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        ros.off(id, onResponse);
        ros.off(`status:${id}`, onStatus);
        this.pending.delete(entry);
        settle();
      };
      const entry: Pending = { reject: (err) => finish(() => reject(err)) };
      const onAbort = () => entry.reject(new LinkError('aborted', `service ${name}: aborted`));
      const onResponse = (msg: RosbridgeMessage) => {
        if (msg.op !== 'service_response') return;
        if (msg.result === true) finish(() => resolve(msg.values as Res));
        else entry.reject(new LinkError('service-failed', `service ${name} failed: ${failureText(msg.values)}`));
      };
      // rosbridge reports some failures (unknown service, bad arguments) as a status message with the call's id.
      const onStatus = (msg: RosbridgeMessage) => {
        const status = msg as { level?: unknown; msg?: unknown };
        if (status.level === 'error') entry.reject(new LinkError('service-failed', `service ${name} failed: ${failureText(status.msg)}`));
      };
      const timer = this.timers.setTimeout(
        () => entry.reject(new LinkError('timeout', `service ${name}: no answer within ${timeoutMs} ms`)), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.add(entry);
      ros.on(id, onResponse);
      ros.on(`status:${id}`, onStatus);
      try {
        ros.callOnConnection({ op: 'call_service', id, service: name, args });
      } catch (err) {
        entry.reject(new LinkError('service-failed', `service ${name}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
      }
    });
  }

  /** Rejects every call still waiting (the connection they were sent on is gone). */
  public rejectAll(error: LinkError): void {
    for (const p of [...this.pending]) p.reject(error);
  }
}
