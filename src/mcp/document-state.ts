/**
 * The MCP session's document: the .rviz it plans against and sends, with its undo history. Besides applied plans it
 * takes changes made elsewhere (another client, `push`, RViz restarted with another file) as one undo step each, so
 * an agent's Undo can go back past them knowingly and nothing is overwritten without a trace.
 */
import { catalog } from '../core/catalog/index.ts';
import {
  applyActions, applyChange, diffTexts, History, invertChange, parse, type ApplyActionsResult, type HistoryMove, type RvizDocument,
} from '../core/rviz/index.ts';

export class DocumentState {
  private current: RvizDocument;
  public readonly history = new History();

  public constructor(doc: RvizDocument) {
    this.current = doc;
  }

  public get doc(): RvizDocument { return this.current; }
  public get text(): string { return this.current.text; }

  /** All or nothing; one undo step labelled `label`. */
  public apply(actions: readonly unknown[], label: string): ApplyActionsResult {
    const result = applyActions(this.current, actions, { lookup: catalog });
    if (result.ok) {
      this.history.record(label, result.change);
      this.current = result.doc;
    }
    return result;
  }

  /** Replaces the document with a text that came from elsewhere, as one undo step; bad text changes nothing. */
  public adopt(text: string, label: string): { ok: true } | { ok: false; reason: string } {
    const parsed = parse(text, { name: 'the robot\'s current config' });
    if (!parsed.ok) return { ok: false, reason: parsed.reason };
    this.history.record(label, diffTexts(this.current.text, text));
    this.current = parsed.doc;
    return { ok: true };
  }

  public undo(): HistoryMove {
    const moved = this.history.undo(this.current);
    if (moved.ok) this.current = moved.doc;
    return moved;
  }

  public redo(): HistoryMove {
    const moved = this.history.redo(this.current);
    if (moved.ok) this.current = moved.doc;
    return moved;
  }

  /** The document as Undo would leave it (planned against by "undo that and …"), without changing anything. */
  public undoPreview(): RvizDocument | undefined {
    const step = this.history.toJSON().undo.at(-1);
    if (!step) return undefined;
    const back = applyChange(this.current.text, invertChange(step.change));
    if (!back.ok) return undefined;
    const parsed = parse(back.text, { name: 'config', maxBytes: Number.MAX_SAFE_INTEGER });
    return parsed.ok ? parsed.doc : undefined;
  }
}
