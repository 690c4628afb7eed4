/**
 * An open document with its undo history: what the UI (and anything long-lived) holds. Opening bad
 * input leaves the current document untouched; applying is all or nothing and one history step.
 */
import { applyActions, type ApplyActionsResult } from './actions.ts';
import { parse, type ParseFailure, type ParseOptions, type RvizDocument } from './document.ts';
import { History, type HistoryJson, type HistoryMove, type HistoryOptions } from './history.ts';
import type { DisplayTypeLookup } from './lookup.ts';
import { applyChange, diffTexts, invertChange } from './text-change.ts';

export const SESSION_VERSION = 1;

export interface SessionJson {
  version: number;
  text: string;
  history: HistoryJson;
}

export interface SessionOptions {
  lookup: DisplayTypeLookup;
  history?: Partial<HistoryOptions>;
  parse?: Partial<ParseOptions>;
}

export class DocumentSession {
  private current: RvizDocument;
  public readonly history: History;

  public constructor(doc: RvizDocument, private readonly options: SessionOptions, history?: History) {
    this.current = doc;
    this.history = history ?? new History(options.history);
  }

  public get doc(): RvizDocument { return this.current; }

  /** Replace the document with new text; on failure nothing changes. History starts afresh. */
  public open(text: string, name?: string): { ok: true } | ParseFailure {
    const parsed = parse(text, { ...this.options.parse, ...(name ? { name } : {}) });
    if (!parsed.ok) return parsed;
    this.current = parsed.doc;
    this.history.clear();
    return { ok: true };
  }

  /**
   * Replace the whole document by `doc` as one undoable step (opening a file over an edited document, a config changed
   * by another client): Undo brings the previous text back byte for byte. Nothing is recorded when the text is equal.
   */
  public replace(doc: RvizDocument, label: string): void {
    this.history.record(label, diffTexts(this.current.text, doc.text));
    this.current = doc;
  }

  /** Apply a list of actions as one undoable step labelled `label` (default: the summaries). */
  public apply(actions: readonly unknown[], label?: string): ApplyActionsResult {
    const result = applyActions(this.current, actions, { lookup: this.options.lookup, ...(this.options.parse ? { parse: this.options.parse } : {}) });
    if (result.ok) {
      this.history.record(label ?? result.summaries.join('; '), result.change);
      this.current = result.doc;
    }
    return result;
  }

  public undo(): HistoryMove {
    const moved = this.history.undo(this.current, this.options.parse);
    if (moved.ok) this.current = moved.doc;
    return moved;
  }

  public redo(): HistoryMove {
    const moved = this.history.redo(this.current, this.options.parse);
    if (moved.ok) this.current = moved.doc;
    return moved;
  }

  public toJSON(): SessionJson {
    return { version: SESSION_VERSION, text: this.current.text, history: this.history.toJSON() };
  }

  /** Restore from session storage; a different version, bad text or a foreign history is refused with a reason. */
  public static fromJSON(json: unknown, options: SessionOptions): { ok: true; session: DocumentSession } | { ok: false; reason: string } {
    const j = json as Partial<SessionJson>;
    if (typeof j !== 'object' || j === null) return { ok: false, reason: 'rviz: saved session is not an object' };
    if (j.version !== SESSION_VERSION) return { ok: false, reason: `rviz: saved session has version ${JSON.stringify(j.version)}; this build reads version ${SESSION_VERSION}` };
    if (typeof j.text !== 'string') return { ok: false, reason: 'rviz: saved session has no document text' };
    const parsed = parse(j.text, options.parse);
    if (!parsed.ok) return { ok: false, reason: parsed.reason };
    const history = History.fromJSON(j.history);
    if (!history.ok) return history;
    // Every undo step must fit the saved text walking back (and redo steps walking forward); text checks only, no reparse.
    const fit = fits(j.text, history.history.toJSON());
    if (fit) return { ok: false, reason: `rviz: saved history does not fit the saved document (${fit})` };
    return { ok: true, session: new DocumentSession(parsed.doc, options, history.history) };
  }
}

/** Why the history's changes do not apply to `text`, or undefined when they do. */
function fits(text: string, history: HistoryJson): string | undefined {
  let back = text;
  for (let i = history.undo.length - 1; i >= 0; i--) {
    const r = applyChange(back, invertChange(history.undo[i]!.change));
    if (!r.ok) return `undo step "${history.undo[i]!.label}"`;
    back = r.text;
  }
  let forward = text;
  for (let i = history.redo.length - 1; i >= 0; i--) {
    const r = applyChange(forward, history.redo[i]!.change);
    if (!r.ok) return `redo step "${history.redo[i]!.label}"`;
    forward = r.text;
  }
  return undefined;
}
