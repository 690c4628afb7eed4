// The view's start-up runs its steps in slices of main-thread time: order, budget, replacement, errors.
import { describe, it, expect } from 'vitest';
import { SlicedJob } from '../../../src/view/spec/sliced-job.ts';

/** A hand-driven page: scheduled slices wait in a queue until the test runs the next one. */
function page() {
  const queue: (() => void)[] = [];
  let clock = 0;
  return {
    schedule: (run: () => void) => { queue.push(run); },
    now: () => clock,
    advance: (ms: number) => { clock += ms; },
    runNext: () => { const run = queue.shift(); if (!run) throw new Error('nothing scheduled'); run(); },
    get scheduled() { return queue.length; },
  };
}

/** A job whose steps each take `costs[i]` ms of the fake clock and record that they ran. */
function* costly(p: ReturnType<typeof page>, ran: number[], costs: readonly number[]): Generator<void> {
  for (let i = 0; i < costs.length; i++) {
    p.advance(costs[i]!);
    ran.push(i);
    if (i < costs.length - 1) yield;
  }
}

describe('SlicedJob', () => {
  it('runs nothing in the task that starts it, then as many steps as fit in the budget per slice, in order', () => {
    const p = page();
    const ran: number[] = [];
    let done = 0;
    const job = new SlicedJob(p.schedule, { budgetMs: 8, now: p.now, onDone: () => { done++; } });
    job.start(costly(p, ran, [3, 3, 3, 20, 1, 1]));
    expect(ran).toEqual([]);
    expect(job.busy).toBe(true);
    p.runNext();
    expect(ran).toEqual([0, 1, 2]); // 3 + 3 + 3 = 9 ms ≥ 8: the slice yields
    p.runNext();
    expect(ran).toEqual([0, 1, 2, 3]); // one step over the budget still runs alone
    p.runNext();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    expect(job.busy).toBe(false);
    expect(done).toBe(1);
    expect(p.scheduled).toBe(0);
    expect(job.slices).toBe(3);
  });

  it('a new job replaces the steps the old one had left', () => {
    const p = page();
    const a: number[] = [];
    const b: number[] = [];
    const job = new SlicedJob(p.schedule, { budgetMs: 5, now: p.now });
    job.start(costly(p, a, [5, 5, 5]));
    p.runNext();
    expect(a).toEqual([0]);
    job.start(costly(p, b, [1, 1]));
    while (p.scheduled) p.runNext();
    expect(a).toEqual([0]);
    expect(b).toEqual([0, 1]);
    expect(job.busy).toBe(false);
  });

  it('a step that starts another job inside a slice hands over to it', () => {
    const p = page();
    const ran: string[] = [];
    const job = new SlicedJob(p.schedule, { budgetMs: 100, now: p.now });
    function* inner(): Generator<void> { ran.push('inner 1'); yield; ran.push('inner 2'); }
    function* outer(): Generator<void> { ran.push('outer 1'); yield; job.start(inner()); ran.push('outer 2'); yield; ran.push('outer 3'); }
    job.start(outer());
    while (p.scheduled) p.runNext();
    expect(ran).toEqual(['outer 1', 'outer 2', 'inner 1', 'inner 2']);
  });

  it('a failing step ends the job, reports the error and keeps what was done', () => {
    const p = page();
    const errors: unknown[] = [];
    const ran: number[] = [];
    const job = new SlicedJob(p.schedule, { now: p.now, onError: (e) => errors.push(e) });
    function* failing(): Generator<void> { ran.push(1); yield; throw new Error('layer broke'); }
    job.start(failing());
    while (p.scheduled) p.runNext();
    expect(ran).toEqual([1]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['layer broke']);
    expect(job.busy).toBe(false);
  });

  it('flush runs every step left at once; cancel drops them', () => {
    const p = page();
    const ran: number[] = [];
    const job = new SlicedJob(p.schedule, { budgetMs: 1, now: p.now });
    job.start(costly(p, ran, [2, 2, 2]));
    job.flush();
    expect(ran).toEqual([0, 1, 2]);
    expect(job.busy).toBe(false);
    const later: number[] = [];
    job.start(costly(p, later, [1, 1]));
    job.cancel();
    while (p.scheduled) p.runNext();
    expect(later).toEqual([]);
  });
});
