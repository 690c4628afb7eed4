/**
 * Service calls over one roslib `Ros` that always settle: answer, failure, timeout, abort, or
 * connection loss. roslib's own call has no client-side timeout and defaults failures to console.error.
 */
import { Service, type Ros } from 'roslib';
import { LinkError } from '../errors.ts';
import type { Timers } from '../timers.ts';

export const defaultCallTimeoutMs = 10_000;

interface Pending { reject: (err: LinkError) => void }

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
      let settled = false;
      const entry: Pending = { reject: (err) => finish(() => reject(err)) };
      const onAbort = () => entry.reject(new LinkError('aborted', `service ${name}: aborted`));
      const timer = this.timers.setTimeout(
        () => entry.reject(new LinkError('timeout', `service ${name}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        this.timers.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(entry);
        settle();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.add(entry);
      const service = new Service<Record<string, unknown>, Res>({ ros, name, serviceType: '' });
      try {
        service.callService(args,
          (values) => finish(() => resolve(values)),
          (error) => entry.reject(new LinkError('service-failed', `service ${name} failed: ${typeof error === 'string' && error ? error : JSON.stringify(error)}`)));
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
