import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLANK_ACTION, type RvizAction } from '../../../src/core/rviz/action-types.ts';
import { applyActions, History, HISTORY_VERSION, listDisplays, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { doc, SAMPLE } from './helpers.ts';

const opts = { lookup: catalog };
const act = (a: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction => ({ ...BLANK_ACTION, ...a });

function step(h: History, d: RvizDocument, label: string, ...actions: RvizAction[]): RvizDocument {
  const r = applyActions(d, actions, opts);
  if (!r.ok) throw new Error(r.reason);
  h.record(label, r.change);
  return r.doc;
}

describe('History', () => {
  it('undoes and redoes whole action lists as one step each, restoring the exact text', () => {
    const h = new History();
    const d0 = doc(SAMPLE);
    const d1 = step(h, d0, 'add lidar', act({ action: 'add_display', display_type: 'LaserScan', topic: '/scan2' }), act({ action: 'set_fixed_frame', frame: 'odom' }));
    const d2 = step(h, d1, 'hide grid', act({ action: 'set_enabled', display: 'grid', value: 'false' }));
    expect(h.size).toBe(2);
    expect(h.undoLabel).toBe('hide grid');
    const u1 = h.undo(d2);
    if (!u1.ok) throw new Error(u1.reason);
    expect(u1.doc.text).toBe(d1.text);
    const u2 = h.undo(u1.doc);
    if (!u2.ok) throw new Error(u2.reason);
    expect(u2.doc.text).toBe(SAMPLE);
    expect(h.undo(u2.doc)).toEqual({ ok: false, reason: 'rviz: nothing to undo' });
    expect(h.redoLabel).toBe('add lidar');
    const r1 = h.redo(u2.doc);
    if (!r1.ok) throw new Error(r1.reason);
    expect(r1.doc.text).toBe(d1.text);
    // A new step clears redo.
    step(h, r1.doc, 'frame', act({ action: 'set_fixed_frame', frame: 'base_link' }));
    expect(h.canRedo).toBe(false);
  });
  it('is bounded (oldest steps dropped) and refuses bad limits', () => {
    const h = new History({ limit: 2 });
    let d = doc(SAMPLE);
    for (const f of ['a', 'b', 'c']) d = step(h, d, f, act({ action: 'set_fixed_frame', frame: f }));
    expect(h.size).toBe(2);
    expect(() => new History({ limit: 0 })).toThrow('rviz: history limit must be a positive whole number (got 0)');
  });
  it('refuses a change that does not belong to the document', () => {
    const h = new History();
    const d = step(h, doc(SAMPLE), 'frame', act({ action: 'set_fixed_frame', frame: 'odom' }));
    void d;
    const other = doc(SAMPLE.replace('Height: 800', 'Height: 900'));
    const r = h.undo(other);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/does not match the document.*history does not belong to this document/);
    expect(h.size).toBe(1);
  });
  it('round-trips through JSON with a version; other versions and malformed data are refused', () => {
    const h = new History({ limit: 7 });
    const d1 = step(h, doc(SAMPLE), 'frame', act({ action: 'set_fixed_frame', frame: 'odom' }));
    const json = JSON.parse(JSON.stringify(h));
    expect(json.version).toBe(HISTORY_VERSION);
    const restored = History.fromJSON(json);
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.history.limit).toBe(7);
    const u = restored.history.undo(d1);
    expect(u.ok && u.doc.text).toBe(SAMPLE);
    expect(History.fromJSON({ ...json, version: 99 })).toEqual({ ok: false, reason: `rviz: saved history has version 99; this build reads version ${HISTORY_VERSION}` });
    expect(History.fromJSON({ ...json, undo: [{ label: 1 }] })).toMatchObject({ ok: false, reason: expect.stringContaining('malformed') });
    expect(History.fromJSON('x')).toMatchObject({ ok: false });
  });
});

/** An action chosen by indices, resolved against the document's displays when applied. */
type AbstractAction =
  | { kind: 'add'; type: number; topic: string }
  | { kind: 'remove' | 'enable' | 'rename' | 'topic' | 'prop'; target: number; n: number; text: string }
  | { kind: 'frame'; text: string };

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
const abstractAction: fc.Arbitrary<AbstractAction> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), type: fc.nat(), topic: fc.oneof(fc.constant(''), word.map((w) => `/${w}`)) }),
  fc.record({ kind: fc.constantFrom('remove' as const, 'enable' as const, 'rename' as const, 'topic' as const, 'prop' as const), target: fc.nat(), n: fc.integer({ min: 0, max: 100 }), text: word }),
  fc.record({ kind: fc.constant('frame' as const), text: word }),
);

function concrete(d: RvizDocument, a: AbstractAction): RvizAction | undefined {
  if (a.kind === 'add') {
    const spec = catalog.displays[a.type % catalog.displays.length]!;
    return act({ action: 'add_display', display_type: spec.classId, topic: spec.topicProperties.length ? a.topic : '' });
  }
  if (a.kind === 'frame') return act({ action: 'set_fixed_frame', frame: a.text });
  const displays = listDisplays(d, catalog);
  if (displays.length === 0) return undefined;
  const t = displays[a.target % displays.length]!;
  switch (a.kind) {
    case 'remove': return act({ action: 'remove_display', display: t.path });
    case 'enable': return act({ action: 'set_enabled', display: t.path, value: String(a.n % 2 === 0) });
    case 'rename': return act({ action: 'rename_display', display: t.path, value: `${a.text} ${a.n}` });
    case 'topic': return t.topics.length ? act({ action: 'set_topic', display: t.path, topic: `/${a.text}` }) : undefined;
    case 'prop': {
      const scalars = Object.entries(t.properties).filter(([k, v]) => (typeof v === 'number' || typeof v === 'boolean') && k !== 'Enabled' && k !== 'Value');
      const options: [string, string][] = [...scalars.map(([k, v]): [string, string] => [k, typeof v === 'boolean' ? String(a.n % 2 === 0) : String(a.n / 100)]), ['Topic/Depth', String(1 + a.n)]];
      const [property, value] = options[a.n % options.length]!;
      return act({ action: 'set_property', display: t.path, property, value });
    }
  }
}

describe.skipIf(!corpusPresent)('property: undoing every random action sequence restores the original text', () => {
  const files = corpusFiles();
  it('holds over corpus files', () => {
    let applied = 0;
    fc.assert(fc.property(fc.constantFrom(...files), fc.array(abstractAction, { minLength: 1, maxLength: 5 }), (file, seq) => {
      const original = doc(file.text);
      const h = new History();
      let d = original;
      for (const a of seq) {
        const c = concrete(d, a);
        if (!c) continue;
        const r = applyActions(d, [c], opts);
        // Refused actions (range, name clash) change nothing; an internal error is a bug.
        if (!r.ok) { expect(r.reason).not.toContain('internal'); continue; }
        h.record(c.action, r.change);
        d = r.doc;
        applied++;
      }
      const finalText = d.text;
      while (h.canUndo) {
        const u = h.undo(d);
        if (!u.ok) throw new Error(u.reason);
        d = u.doc;
      }
      expect(d.text).toBe(file.text);
      while (h.canRedo) {
        const r = h.redo(d);
        if (!r.ok) throw new Error(r.reason);
        d = r.doc;
      }
      expect(d.text).toBe(finalText);
    }), { numRuns: Number(process.env.RVIZ_FC_RUNS ?? 20) });
    expect(applied).toBeGreaterThan(15);
  }, 60_000);
});
