/** Exponential reconnect delays, capped: 0.5 s, 1 s, 2 s, … up to 10 s by default. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const defaultBackoff: Readonly<BackoffOptions> = Object.freeze({ initialMs: 500, maxMs: 10_000, factor: 2 });

/** Delay before attempt number `attempt` (0-based count of failures so far). */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff): number {
  const raw = options.initialMs * Math.pow(options.factor, Math.max(0, attempt));
  return Math.min(options.maxMs, raw);
}
