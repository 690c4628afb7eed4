import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DocumentController } from '../../../src/ui/document-controller.ts';

/** sessionStorage as the browser keeps it across a reload (a Map behind the Storage methods). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; }, clear: () => m.clear(), key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, removeItem: (k: string) => { m.delete(k); },
  };
}

const host = { addController: () => undefined, removeController: () => undefined, requestUpdate: () => undefined, updateComplete: Promise.resolve(true) };
const bytes = (text: string) => new TextEncoder().encode(text);
const nav = readFileSync('sim/scenarios/turtlebot_nav.rviz', 'utf8');
const traps = readFileSync('sim/scenarios/qos_traps.rviz', 'utf8');
const arm = readFileSync('sim/scenarios/manipulator.rviz', 'utf8');
const odom = { action: 'set_fixed_frame', frame: 'odom', display_type: '', topic: '', display: '', property: '', value: '' } as const;
const robotA = { key: 'ws://h:1#a', label: 'the robot at h:1 (/amcl)' };
const robotB = { key: 'ws://h:1#b', label: 'the robot at h:1 (/arm)' };

describe('the document controller', () => {
  it('opens a file over an edited document as one undo step; Undo restores it byte for byte after a reload', () => {
    const storage = memoryStorage();
    const docs = new DocumentController(host, catalog, storage);
    expect(docs.openText(nav, 'nav.rviz', 'file').ok).toBe(true);
    expect(docs.apply([odom], 'fixed frame odom').ok).toBe(true);
    const edited = docs.text;
    expect(docs.openBytes(bytes(traps), 'traps.rviz').ok).toBe(true);
    expect(docs.text).toBe(traps);
    const reloaded = new DocumentController(host, catalog, storage);
    expect(reloaded.text).toBe(traps);
    expect(reloaded.undo().ok).toBe(true);
    expect(reloaded.text).toBe(edited);
  });

  it('refuses a file that does not parse and keeps the open document', () => {
    const docs = new DocumentController(host, catalog, memoryStorage());
    docs.openText(nav, 'nav.rviz', 'file');
    const outcome = docs.openBytes(bytes('a: [1'), 'bad.rviz');
    expect(outcome.ok).toBe(false);
    expect(docs.text).toBe(nav);
  });

  it("keeps each robot's document: another robot gets the default, coming back restores the first one with its history", () => {
    const storage = memoryStorage();
    const docs = new DocumentController(host, catalog, storage);
    docs.openText(nav, 'nav.rviz', 'file');
    docs.claim(robotA);
    docs.apply([odom], 'fixed frame odom');
    const first = docs.text;
    expect(docs.switchTo(robotB)).toBe('default');
    expect(docs.untouchedDefault).toBe(true);
    expect(docs.slot).toEqual(robotB);
    docs.openText(arm, 'robot config', 'robot');
    expect(docs.switchTo(robotA)).toBe('kept');
    expect(docs.text).toBe(first);
    expect(docs.canUndo).toBe(true);
    // …and B's after a reload.
    const reloaded = new DocumentController(host, catalog, storage);
    expect(reloaded.slot).toEqual(robotA);
    expect(reloaded.switchTo(robotB)).toBe('kept');
    expect(reloaded.text).toBe(arm);
  });

  it("brings another robot's document over as one undo step, marked as opened for that robot until confirmed", () => {
    const docs = new DocumentController(host, catalog, memoryStorage());
    docs.openText(nav, 'nav.rviz', 'file');
    docs.claim(robotA);
    docs.switchTo(robotB);
    docs.openText(arm, 'robot config', 'robot');
    expect(docs.useDocumentOf(robotA).ok).toBe(true);
    expect(docs.text).toBe(nav);
    expect(docs.robot).toEqual(robotA);
    expect(docs.slot).toEqual(robotB);
    docs.confirmedFor(robotB);
    expect(docs.robot).toEqual(robotB);
    expect(docs.undo().ok).toBe(true);
    expect(docs.text).toBe(arm);
    expect(docs.useDocumentOf({ key: 'ws://h:1#none', label: 'nobody' }).ok).toBe(false);
  });

  it("takes the robot's config as one undo step (a change by another client)", async () => {
    const docs = new DocumentController(host, catalog, memoryStorage());
    docs.openText(nav, 'nav.rviz', 'file');
    const outcome = await docs.takeRobotConfig(traps, () => Promise.resolve(), 'step', 'change by another client');
    expect(outcome.ok).toBe(true);
    expect(docs.text).toBe(traps);
    expect(docs.history.undoLabel).toBe('change by another client');
    docs.undo();
    expect(docs.text).toBe(nav);
  });
});
