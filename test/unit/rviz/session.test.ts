import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DocumentSession, SESSION_VERSION } from '../../../src/core/rviz/index.ts';
import { doc, SAMPLE } from './helpers.ts';

const options = { lookup: catalog };

describe('DocumentSession', () => {
  it('opening bad input leaves the open document and its history untouched', () => {
    const s = new DocumentSession(doc(SAMPLE), options);
    s.apply([{ action: 'set_fixed_frame', frame: 'odom' }]);
    const before = s.doc.text;
    for (const bad of ['a: [', 'hello: 1\n', '\u0000\u0001', `Visualization Manager:\n# ${'x'.repeat(6 * 1024 * 1024)}\n`]) {
      const r = s.open(bad, 'dropped.rviz');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toContain('dropped.rviz');
      expect(s.doc.text).toBe(before);
      expect(s.history.canUndo).toBe(true);
    }
  });
  it('applies lists as one step, undoes, redoes, and survives a reload through JSON', () => {
    const s = new DocumentSession(doc(SAMPLE), options);
    const r = s.apply([{ action: 'add_display', display_type: 'Odometry', topic: '/odom' }, { action: 'set_enabled', display: 'grid', value: 'false' }]);
    expect(r.ok).toBe(true);
    expect(s.history.undoLabel).toBe('added Odometry "Odometry" on /odom; disabled "Grid"');
    const failed = s.apply([{ action: 'remove_display', display: 'nothing' }]);
    expect(failed.ok).toBe(false);
    expect(s.history.size).toBe(1);
    const saved = JSON.parse(JSON.stringify(s));
    expect(saved.version).toBe(SESSION_VERSION);
    const restored = DocumentSession.fromJSON(saved, options);
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.session.doc.text).toBe(s.doc.text);
    const u = restored.session.undo();
    expect(u.ok && restored.session.doc.text).toBe(SAMPLE);
    const again = restored.session.redo();
    expect(again.ok && restored.session.doc.text).toBe(s.doc.text);
  });
  it('refuses a saved session of another version or whose history does not fit its text', () => {
    const s = new DocumentSession(doc(SAMPLE), options);
    s.apply([{ action: 'set_fixed_frame', frame: 'odom' }]);
    const saved = s.toJSON();
    expect(DocumentSession.fromJSON({ ...saved, version: 2 }, options)).toEqual({ ok: false, reason: `rviz: saved session has version 2; this build reads version ${SESSION_VERSION}` });
    expect(DocumentSession.fromJSON({ ...saved, text: SAMPLE.replace('Fixed Frame: map', 'Fixed Frame: base') }, options))
      .toEqual({ ok: false, reason: 'rviz: saved history does not fit the saved document (undo step "set fixed frame to odom")' });
    expect(DocumentSession.fromJSON({ ...saved, history: { ...saved.history, version: 0 } }, options)).toMatchObject({ ok: false, reason: expect.stringContaining('saved history has version 0') });
    expect(DocumentSession.fromJSON({ ...saved, text: 'x: 1' }, options)).toMatchObject({ ok: false, reason: expect.stringContaining('not an RViz config') });
  });
});
