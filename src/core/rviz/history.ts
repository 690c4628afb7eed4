/**
 * Undo/redo over text changes: one step per applied action list, bounded, and serializable to JSON
 * (the UI keeps it in session storage) with a version; a different version is refused with a reason.
 */
import { parse, type ParseOptions, type RvizDocument } from './document.ts';
import { applyChange, invertChange, type TextChange } from './text-change.ts';

export const HISTORY_VERSION = 1;

export interface HistoryStep {
  /** What the user sees: "add LaserScan on /scan". */
  label: string;
  /** The forward change; undo applies its inverse. */
  change: TextChange;
}

export interface HistoryOptions {
  /** Oldest steps are dropped beyond this many. */
  limit: number;
}

export const defaultHistoryOptions: HistoryOptions = { limit: 100 };

export interface HistoryJson {
  version: number;
  limit: number;
  undo: HistoryStep[];
  redo: HistoryStep[];
}

export type HistoryMove = { ok: true; doc: RvizDocument; step: HistoryStep } | { ok: false; reason: string };

function isChange(v: unknown): v is TextChange {
  const c = v as TextChange;
  return typeof c === 'object' && c !== null && Number.isInteger(c.at) && c.at >= 0 && typeof c.removed === 'string' && typeof c.inserted === 'string';
}

function isStep(v: unknown): v is HistoryStep {
  const s = v as HistoryStep;
  return typeof s === 'object' && s !== null && typeof s.label === 'string' && isChange(s.change);
}

export class History {
  private undoSteps: HistoryStep[] = [];
  private redoSteps: HistoryStep[] = [];
  public readonly limit: number;

  public constructor(options: Partial<HistoryOptions> = {}) {
    const limit = options.limit ?? defaultHistoryOptions.limit;
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`rviz: history limit must be a positive whole number (got ${limit})`);
    this.limit = limit;
  }

  public get canUndo(): boolean { return this.undoSteps.length > 0; }
  public get canRedo(): boolean { return this.redoSteps.length > 0; }
  public get undoLabel(): string | undefined { return this.undoSteps[this.undoSteps.length - 1]?.label; }
  public get redoLabel(): string | undefined { return this.redoSteps[this.redoSteps.length - 1]?.label; }
  public get size(): number { return this.undoSteps.length; }

  /** Record an applied change as one step; clears redo. Empty changes are not recorded. */
  public record(label: string, change: TextChange): void {
    if (change.removed === change.inserted) return;
    this.undoSteps.push({ label, change });
    if (this.undoSteps.length > this.limit) this.undoSteps.splice(0, this.undoSteps.length - this.limit);
    this.redoSteps = [];
  }

  public undo(doc: RvizDocument, parseOptions: Partial<ParseOptions> = {}): HistoryMove {
    const step = this.undoSteps[this.undoSteps.length - 1];
    if (!step) return { ok: false, reason: 'rviz: nothing to undo' };
    const moved = move(doc, invertChange(step.change), parseOptions);
    if (!moved.ok) return moved;
    this.undoSteps.pop();
    this.redoSteps.push(step);
    return { ok: true, doc: moved.doc, step };
  }

  public redo(doc: RvizDocument, parseOptions: Partial<ParseOptions> = {}): HistoryMove {
    const step = this.redoSteps[this.redoSteps.length - 1];
    if (!step) return { ok: false, reason: 'rviz: nothing to redo' };
    const moved = move(doc, step.change, parseOptions);
    if (!moved.ok) return moved;
    this.redoSteps.pop();
    this.undoSteps.push(step);
    return { ok: true, doc: moved.doc, step };
  }

  /** Forgets the redo steps (a step taken back for good). */
  public dropRedo(): void {
    this.redoSteps = [];
  }

  public clear(): void {
    this.undoSteps = [];
    this.redoSteps = [];
  }

  public toJSON(): HistoryJson {
    return { version: HISTORY_VERSION, limit: this.limit, undo: [...this.undoSteps], redo: [...this.redoSteps] };
  }

  /** Restore from JSON; refuses other versions and malformed data with a reason. */
  public static fromJSON(json: unknown): { ok: true; history: History } | { ok: false; reason: string } {
    const j = json as Partial<HistoryJson>;
    if (typeof j !== 'object' || j === null) return { ok: false, reason: 'rviz: saved history is not an object' };
    if (j.version !== HISTORY_VERSION) {
      return { ok: false, reason: `rviz: saved history has version ${JSON.stringify(j.version)}; this build reads version ${HISTORY_VERSION}` };
    }
    if (!Array.isArray(j.undo) || !Array.isArray(j.redo) || !j.undo.every(isStep) || !j.redo.every(isStep)) {
      return { ok: false, reason: 'rviz: saved history is malformed (undo/redo must be lists of {label, change})' };
    }
    let history: History;
    try {
      history = new History({ limit: j.limit ?? defaultHistoryOptions.limit });
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
    history.undoSteps = j.undo.slice(-history.limit);
    history.redoSteps = [...j.redo];
    return { ok: true, history };
  }
}

function move(doc: RvizDocument, change: TextChange, parseOptions: Partial<ParseOptions>): { ok: true; doc: RvizDocument } | { ok: false; reason: string } {
  const applied = applyChange(doc.text, change);
  if (!applied.ok) return { ok: false, reason: `${applied.reason}; history does not belong to this document` };
  const parsed = parse(applied.text, { ...parseOptions, maxBytes: Number.MAX_SAFE_INTEGER });
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  return { ok: true, doc: parsed.doc };
}
