/**
 * Runs a job (an iterator whose every `next()` is one small step) in slices: as many steps as fit in `budgetMs`, at
 * least one, then it yields to the page (the scheduler it was given) and goes on in a later task. The view's start-up
 * (building one layer per step) uses it so no main-thread task grows past the 50 ms a long task is counted from.
 * Starting a new job drops the steps the old one had left (the new one is computed from the current state).
 * Pure: the scheduler and the clock are passed in, so Node tests drive it by hand.
 */
export type Schedule = (run: () => void) => void;

export interface SlicedJobOptions {
  /** Time one slice may take before it yields (default 8 ms: a slice and a frame fit in one 16 ms display frame). */
  budgetMs?: number;
  now?: () => number;
  /** A step threw: the job ends there (the steps done so far stay done). Default: rethrown in a later task. */
  onError?: (err: unknown) => void;
  /** Called once a job has run its last step (not when it was replaced or cancelled). */
  onDone?: () => void;
}

export class SlicedJob {
  private job: Iterator<unknown> | undefined;
  private generation = 0;
  private scheduled = false;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  private readonly onDone: () => void;
  /** Slices run so far (tests, bench). */
  public slices = 0;

  public constructor(private readonly schedule: Schedule, options: SlicedJobOptions = {}) {
    this.budgetMs = options.budgetMs ?? 8;
    this.now = options.now ?? (() => Date.now());
    this.onError = options.onError ?? ((err) => { setTimeout(() => { throw err; }, 0); });
    this.onDone = options.onDone ?? (() => undefined);
  }

  /** Whether steps are left. */
  public get busy(): boolean { return this.job !== undefined; }

  /** Replaces any unfinished job by `job`; its first slice runs in a later task. */
  public start(job: Iterable<unknown>): void {
    this.job = job[Symbol.iterator]();
    this.generation++;
    this.request();
  }

  /** Drops the steps left. */
  public cancel(): void {
    this.job = undefined;
    this.generation++;
  }

  /** Runs every step left now, in this task (tests, and callers that must see the finished state at once). */
  public flush(): void {
    while (this.job) this.step();
  }

  private request(): void {
    if (this.scheduled || !this.job) return;
    this.scheduled = true;
    this.schedule(() => { this.scheduled = false; this.slice(); });
  }

  private slice(): void {
    if (!this.job) return;
    this.slices++;
    const started = this.now();
    const generation = this.generation;
    do {
      this.step();
    } while (this.job && generation === this.generation && this.now() - started < this.budgetMs);
    this.request();
  }

  private step(): void {
    const job = this.job!;
    let done: boolean | undefined;
    try {
      done = job.next().done;
    } catch (err) {
      if (this.job === job) this.job = undefined;
      this.onError(err);
      return;
    }
    // A step may itself start another job (a document change inside a layer's start): that one goes on.
    if (done && this.job === job) { this.job = undefined; this.onDone(); }
  }
}

/** The page's way of yielding: a macrotask through a MessageChannel (no 4 ms timer clamp), else setTimeout. */
export function taskScheduler(): Schedule {
  if (typeof MessageChannel === 'function') {
    const queue: (() => void)[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { queue.shift()?.(); };
    return (run) => { queue.push(run); channel.port2.postMessage(0); };
  }
  return (run) => { setTimeout(run, 0); };
}
