/**
 * Problems kept under stable ids (`link:connection-failed`, `qos-bridge:invalid`), cleared by id or
 * prefix on recovery. `list()` returns the same array until something changes, so change detection
 * is a reference comparison.
 */
import type { Problem } from './types.ts';

export class ProblemStore {
  private readonly byId = new Map<string, Problem>();
  private cached: readonly Problem[] = Object.freeze([]);
  private dirty = false;

  /** Adds or replaces a problem; returns true when something changed. */
  public set(problem: Problem): boolean {
    const old = this.byId.get(problem.id);
    if (old && old.severity === problem.severity && old.message === problem.message && old.tip === problem.tip) return false;
    this.byId.set(problem.id, { ...problem });
    this.dirty = true;
    return true;
  }

  public delete(id: string): boolean {
    const had = this.byId.delete(id);
    if (had) this.dirty = true;
    return had;
  }

  public deletePrefix(prefix: string): boolean {
    let changed = false;
    for (const id of [...this.byId.keys()]) {
      if (id.startsWith(prefix)) { this.byId.delete(id); changed = true; }
    }
    if (changed) this.dirty = true;
    return changed;
  }

  public has(id: string): boolean { return this.byId.has(id); }

  public get(id: string): Problem | undefined { return this.byId.get(id); }

  public list(): readonly Problem[] {
    if (this.dirty) {
      this.cached = Object.freeze([...this.byId.values()].map((p) => Object.freeze({ ...p })));
      this.dirty = false;
    }
    return this.cached;
  }
}
