/**
 * One model call's lifetime: the caller's AbortSignal and the timeout merged into one signal, and
 * a record of which of the two fired, so errors can say "timed out" or "cancelled" truthfully.
 */
import type { CallOptions } from '../core/model.ts';

export interface CallScope {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Why the call was stopped, if it was. */
  stopped(): 'timeout' | 'aborted' | undefined;
  /** Release the timer and cancel any request still open (e.g. a stream the consumer left early). */
  dispose(): void;
}

export function openScope(opts: CallOptions | undefined, defaultTimeoutMs: number): CallScope {
  const controller = new AbortController();
  const timeoutMs = opts?.timeoutMs ?? defaultTimeoutMs;
  let why: 'timeout' | 'aborted' | undefined;
  const onAbort = () => {
    why ??= 'aborted';
    controller.abort(opts?.signal?.reason);
  };
  if (opts?.signal?.aborted) onAbort();
  else opts?.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    why ??= 'timeout';
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  return {
    signal: controller.signal,
    timeoutMs,
    stopped: () => why,
    dispose: () => {
      clearTimeout(timer);
      opts?.signal?.removeEventListener('abort', onAbort);
      if (!controller.signal.aborted) controller.abort(new Error('call finished'));
    },
  };
}

/** A fetch that always carries the scope's signal (SDKs do not pass a signal on every path). */
export function scopedFetch(base: typeof fetch, signal: AbortSignal): typeof fetch {
  return (input, init) => base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
}
