import type { ReactiveControllerHost } from 'lit';
import { parse, parseBytes, serialize, type ParseResult, type RvizDocument } from '../core/rviz/document.ts';
import { DocumentSession } from '../core/rviz/session.ts';
import type { History } from '../core/rviz/history.ts';
import type { DisplayTypeLookup } from '../core/rviz/lookup.ts';
import type { RvizAction } from '../core/rviz/action-types.ts';
import { DEFAULT_RVIZ_CONFIG } from '../core/default-rviz.ts';
import { parseSliced } from '../core/rviz/parse-sliced.ts';
import { openedConfig } from '../core/rviz/open-config.ts';
import type { RobotRef } from '../core/robot/config-sync.ts';

/** Where the open document came from: decides whether the robot's own config may replace it. */
export type DocumentSource = 'default' | 'robot' | 'file' | 'session';

const SESSION_KEY = 'rviz-companion.document';
/** Each robot's own document while another robot is connected (by robot key). */
const PARKED_KEY = 'rviz-companion.robot-documents';
/** Robots whose documents are kept (the newest first). */
const parkedLimit = 20;

interface SavedDocument {
  name: string;
  source: DocumentSource;
  session: unknown;
  /** The robot whose document this is. */
  slot?: RobotRef;
  /** The robot its text was opened for, when that is another one (a document brought over from another robot). */
  openedFor?: RobotRef;
  /** Hash of the robot config this document last saw (config-sync.ts). */
  base?: string;
}

/** A file handle from the File System Access API (Chromium), kept so Save writes the file back in place. */
interface WritableHandle {
  name: string;
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void> }>;
}

/**
 * `superseded`: a robot config whose parse ended after a newer one arrived or another robot's document opened.
 * `kept`: a robot config offered to open in place of the default, not opened because the user edited meanwhile.
 */
export type Outcome = { ok: true; message?: string; superseded?: true; kept?: true } | { ok: false; reason: string };

/**
 * The .rviz document the companion edits: open (file, robot, default), apply action lists as one undo step each,
 * undo/redo (kept in session storage across reloads), save back in place or download. A failure never changes
 * the open document.
 */
export class DocumentController {
  public name = 'companion.rviz';
  public source: DocumentSource = 'default';
  public dirty = false;
  /** The robot whose document this is (undefined until the first robot is identified). */
  public slot: RobotRef | undefined;
  /** The robot the text was opened for when it came from another robot's document; sending it asks first. */
  public openedFor: RobotRef | undefined;
  /** Hash of the robot config this document last saw: adopted, sent over, or seen when it was opened. */
  public base: string | undefined;
  /** Called after each edit (apply, undo, redo), not after opening or adopting a document: edits go on to RViz. */
  public onEdit: (() => void) | undefined;
  private session: DocumentSession;

  private handle: WritableHandle | undefined;
  private readonly host: ReactiveControllerHost;
  private readonly lookup: DisplayTypeLookup;
  private readonly storage: Storage | undefined;

  public constructor(host: ReactiveControllerHost, lookup: DisplayTypeLookup, storage: Storage | undefined = globalThis.sessionStorage) {
    this.host = host;
    this.lookup = lookup;
    this.storage = storage;
    // A document kept from before a reload wins; only without one is the built-in default parsed (startup time).
    this.session = this.restoreSession() ?? this.defaultSession();
  }

  public get doc(): RvizDocument { return this.session.doc; }
  public get history(): History { return this.session.history; }
  public get canUndo(): boolean { return this.history.canUndo; }
  public get canRedo(): boolean { return this.history.canRedo; }
  public get text(): string { return serialize(this.doc); }

  /** The robot this document belongs to for sending: the one it was opened for. */
  public get robot(): RobotRef | undefined { return this.openedFor ?? this.slot; }

  /** The built-in default, untouched: the robot's own config may replace it. */
  public get untouchedDefault(): boolean { return this.source === 'default' && !this.history.canUndo; }

  /** Opens text as the new document; on failure the open document stays as it was and the outcome says why. */
  public openText(text: string, name: string, source: DocumentSource, handle?: WritableHandle): Outcome {
    const result = parse(text, { name });
    return this.adopt(result, name, source, handle);
  }

  /**
   * Opens a file (Open…, a drop) as one undo step over the open document, so Undo brings it back byte for byte, also
   * after a reload. A ROS 1 config is converted (with a note saying what changed) or refused with the reason.
   */
  public openBytes(bytes: Uint8Array, name: string, handle?: WritableHandle): Outcome {
    const opened = openedConfig(parseBytes(bytes, { name }), name, this.lookup);
    if (!opened.ok) return this.fail(opened.reason);
    this.session.replace(opened.doc, `open ${name}`);
    this.name = name;
    this.source = 'file';
    this.handle = handle;
    this.dirty = false;
    return this.changed(opened.note);
  }

  /** The first robot identified takes the open document as its own (the user's work before connecting stays). */
  public claim(robot: RobotRef): void {
    this.slot = robot;
    this.persist();
  }

  /**
   * Another robot is connected: the open document is kept for its robot, and the new robot's own document (kept from
   * before) or the built-in default opens. Says which of the two.
   */
  public switchTo(robot: RobotRef): 'kept' | 'default' {
    this.robotOffers++; // a robot config still being parsed was the previous robot's business
    this.park();
    const parked = this.readParked()[robot.key];
    const restored = parked ? this.restoreSaved(parked) : undefined;
    if (!restored) {
      this.session = this.defaultSession();
      this.name = 'companion.rviz';
      this.source = 'default';
      this.openedFor = undefined;
      this.base = undefined;
    }
    this.slot = robot;
    this.handle = undefined;
    this.dirty = false;
    this.changed();
    return restored ? 'kept' : 'default';
  }

  /** Whether a document is kept for this robot. */
  public hasDocumentFor(key: string): boolean {
    return key === this.slot?.key || this.readParked()[key] !== undefined;
  }

  /** Brings the document kept for another robot here, as one undo step; sending it then asks first. */
  public useDocumentOf(robot: RobotRef): Outcome {
    const parked = this.readParked()[robot.key];
    const restored = parked && DocumentSession.fromJSON(parked.session, { lookup: this.lookup });
    if (!parked || !restored || !restored.ok) return this.fail(`no document is kept for ${robot.label}`);
    this.session.replace(restored.session.doc, `use the document of ${robot.label}`);
    this.name = parked.name;
    this.source = 'session';
    this.openedFor = robot;
    return this.changed(`opened the document of ${robot.label}; sending it to this robot asks first`);
  }

  /** After the user confirmed sending it here: the document now belongs to its slot's robot. */
  public confirmedFor(robot: RobotRef): void {
    this.openedFor = robot.key === this.slot?.key ? undefined : robot;
    this.persist();
  }

  public setBase(hash: string | undefined): void {
    if (hash === this.base) return;
    this.base = hash;
    this.persist();
  }

  /**
   * The robot's config, parsed in slices with `pause` between them (it arrives while the robot streams, and one 12 KB
   * parse would be a long main-thread task): `open` replaces the document with a fresh history (the robot's starting
   * point); `step` replaces it as one undo step (a change made by another client). Only the newest offer is taken.
   */
  public async takeRobotConfig(text: string, pause: () => Promise<void>, mode: 'open' | 'step', label: string): Promise<Outcome> {
    const offer = ++this.robotOffers;
    const result = await parseSliced(text, pause, { name: 'robot config' });
    if (offer !== this.robotOffers) return { ok: true, message: 'a newer robot config arrived', superseded: true };
    if (!result.ok) return this.fail(result.reason);
    if (mode === 'open') {
      // The user edited while it was read: their document stays; the robot's config is only what it replaces.
      if (!this.untouchedDefault) return { ok: true, message: 'the document was edited while the robot config was read', kept: true };
      return this.adopt(result, 'robot config', 'robot');
    }
    this.session.replace(result.doc, label);
    this.source = 'session';
    return this.changed();
  }

  private robotOffers = 0;

  /** Applies the actions all or nothing as one undo step. */
  public apply(actions: readonly RvizAction[], label: string): Outcome {
    const result = this.session.apply(actions, label);
    if (!result.ok) return this.fail(result.reason);
    return this.edited();
  }

  public undo(): Outcome {
    const moved = this.session.undo();
    if (!moved.ok) return this.fail(moved.reason);
    return this.edited(`undid: ${moved.step.label}`);
  }

  /**
   * Takes back the last step as if it had not happened (no redo step, nothing sent): a robot config adopted as a change
   * by another client that turned out to belong to another robot at the address.
   */
  public retractLastStep(label: string): boolean {
    if (this.history.undoLabel !== label) return false;
    const moved = this.session.undo();
    if (!moved.ok) return false;
    this.session.history.dropRedo();
    this.changed();
    return true;
  }

  public redo(): Outcome {
    const moved = this.session.redo();
    if (!moved.ok) return this.fail(moved.reason);
    return this.edited(`redid: ${moved.step.label}`);
  }

  /** Writes back to the opened file when the browser gave a handle; otherwise downloads. */
  public async save(): Promise<Outcome> {
    if (!this.handle) return this.download();
    try {
      const writable = await this.handle.createWritable();
      await writable.write(this.text);
      await writable.close();
      this.dirty = false;
      return this.changed(`saved ${this.handle.name}`);
    } catch (err) {
      return this.fail(`could not save ${this.handle.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  public async saveAs(): Promise<Outcome> {
    const picker = (globalThis as { showSaveFilePicker?: (o: unknown) => Promise<WritableHandle> }).showSaveFilePicker;
    if (!picker) return this.download();
    try {
      this.handle = await picker({ suggestedName: this.name, types: [{ description: 'RViz config', accept: { 'text/yaml': ['.rviz'] } }] });
      this.name = this.handle.name;
      return this.save();
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return { ok: true };
      return this.fail(`could not save: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  public download(): Outcome {
    const blob = new Blob([this.text], { type: 'text/yaml' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = this.name.endsWith('.rviz') ? this.name : `${this.name}.rviz`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.dirty = false;
    return this.changed(`downloaded ${a.download}`);
  }

  private adopt(result: ParseResult, name: string, source: DocumentSource, handle?: WritableHandle): Outcome {
    if (!result.ok) return this.fail(result.reason);
    this.openedFor = undefined;
    this.session = new DocumentSession(result.doc, { lookup: this.lookup });
    this.name = name;
    this.source = source;
    this.handle = handle;
    this.dirty = false;
    return this.changed();
  }

  private fail(reason: string): Outcome {
    this.host.requestUpdate();
    return { ok: false, reason };
  }

  private edited(message?: string): Outcome {
    this.dirty = true;
    const outcome = this.changed(message);
    this.onEdit?.();
    return outcome;
  }

  private changed(message?: string): Outcome {
    this.persist();
    this.host.requestUpdate();
    return message ? { ok: true, message } : { ok: true };
  }

  private saved(): SavedDocument {
    return {
      name: this.name, source: this.source === 'default' ? 'default' : 'session', session: this.session.toJSON(),
      ...(this.slot ? { slot: this.slot } : {}), ...(this.openedFor ? { openedFor: this.openedFor } : {}),
      ...(this.base !== undefined ? { base: this.base } : {}),
    };
  }

  private persist(): void {
    this.write(SESSION_KEY, this.saved());
  }

  private write(key: string, value: unknown): void {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the document still works, it just will not survive a reload.
    }
  }

  /** Keeps the open document for its robot (the newest robots' documents are kept). */
  private park(): void {
    if (!this.slot) return;
    const parked = this.readParked();
    delete parked[this.slot.key];
    const kept = Object.entries({ [this.slot.key]: this.saved(), ...parked }).slice(0, parkedLimit);
    this.write(PARKED_KEY, Object.fromEntries(kept));
  }

  private readParked(): Record<string, SavedDocument> {
    try {
      const parsed = JSON.parse(this.storage?.getItem(PARKED_KEY) ?? '{}') as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, SavedDocument> : {};
    } catch {
      return {};
    }
  }

  private defaultSession(): DocumentSession {
    const initial = parse(DEFAULT_RVIZ_CONFIG, { name: 'default config' });
    if (!initial.ok) throw new Error(`companion: the built-in default config does not parse: ${initial.reason}`);
    return new DocumentSession(initial.doc, { lookup: this.lookup });
  }

  private restoreSession(): DocumentSession | undefined {
    const raw = this.storage?.getItem(SESSION_KEY);
    if (!raw) return undefined;
    try {
      const saved = JSON.parse(raw) as SavedDocument;
      const session = this.restoreSaved(saved);
      if (session) this.slot = saved.slot;
      return session;
    } catch {
      return undefined; // a corrupt session entry is ignored; the default document is used
    }
  }

  /** Makes a saved document the open one; undefined (nothing changed) when it does not restore. */
  private restoreSaved(saved: SavedDocument): DocumentSession | undefined {
    const restored = DocumentSession.fromJSON(saved.session, { lookup: this.lookup });
    if (!restored.ok) return undefined; // another version or a history that does not fit: start clean
    this.session = restored.session;
    this.name = saved.name;
    this.source = saved.source;
    this.openedFor = saved.openedFor;
    this.base = saved.base;
    return restored.session;
  }
}
