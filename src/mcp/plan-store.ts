/**
 * Plans made in one MCP session, by id. A plan remembers the document text it was made on: applying it to any other
 * text is refused as stale (the agent plans again), so a plan can never overwrite a change it did not see.
 */
import { randomBytes } from 'node:crypto';
import type { Plan } from '../core/rviz/action-types.ts';
import { LIMITS } from './limits.ts';

export interface StoredPlan {
  id: string;
  /** The request, or a summary of the actions the agent gave. */
  request: string;
  plan: Plan;
  /** The document text the plan was made on. */
  baseText: string;
  /** Which history step the document was at, to say what changed since (`applied plan p2`, `changed by another client`). */
  baseLabel: string | undefined;
  createdAt: number;
  applied: boolean;
}

export class PlanStore {
  private readonly plans = new Map<string, StoredPlan>();
  private counter = 0;

  public add(entry: Omit<StoredPlan, 'id' | 'createdAt' | 'applied'>): StoredPlan {
    // A counter for people, a random tail so an id from another session or server never matches by accident.
    const id = `p${++this.counter}-${randomBytes(3).toString('hex')}`;
    const stored: StoredPlan = { ...entry, id, createdAt: Date.now(), applied: false };
    this.plans.set(id, stored);
    for (const old of this.plans.keys()) {
      if (this.plans.size <= LIMITS.plansKept) break;
      this.plans.delete(old);
    }
    return stored;
  }

  public get(id: string): StoredPlan | undefined {
    return this.plans.get(id);
  }
}
