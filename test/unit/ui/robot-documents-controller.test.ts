import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DocumentController } from '../../../src/ui/document-controller.ts';
import { RobotDocumentsController } from '../../../src/ui/robot-documents-controller.ts';
import type { LinkController } from '../../../src/ui/link-controller.ts';
import type { LinkState } from '../../../src/link/types.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; }, clear: () => m.clear(), key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, removeItem: (k: string) => { m.delete(k); },
  };
}

/** A scenario's graph as rosapi lists it (its nodes and topics plus rosbridge's own); `keep` takes part of it. */
function graph(name: string, keep: (i: number) => boolean = () => true) {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, `../../../sim/scenarios/${name}.json`), 'utf8')) as
    { nodes?: string[]; topics: { name: string; publishers?: { node: string }[] }[] };
  const nodes = new Set(['/rosapi', '/rosbridge_websocket', ...(s.nodes ?? [])]);
  for (const t of s.topics) for (const p of t.publishers ?? []) nodes.add(p.node);
  return { nodes: [...nodes].filter((_, i) => keep(i)), topics: s.topics.map((t) => ({ name: t.name })).filter((_, i) => keep(i)) };
}

const config = (name: string) => readFileSync(join(import.meta.dirname, `../../../sim/scenarios/${name}.rviz`), 'utf8');

/**
 * The app around the controller: a link whose presence the test drives, a LinkController's fields, sends recorded.
 * Passing the storages of an earlier setup is a reload of the page.
 */
function setup(storages = { session: memoryStorage(), local: memoryStorage() }) {
  const listeners = new Set<(s: LinkState) => void>();
  let state: LinkState = { url: 'ws://127.0.0.1:9090', presence: 'idle', problems: [] };
  const link = { url: state.url, onState: (l: (s: LinkState) => void) => { listeners.add(l); l(state); return () => listeners.delete(l); } };
  const robot = { link, snapshot: undefined as unknown };
  const host = { addController: () => undefined, removeController: () => undefined, requestUpdate: () => undefined, updateComplete: Promise.resolve(true) };
  const document = new DocumentController(host, catalog, storages.session);
  const sent: string[] = [];
  const docs = new RobotDocumentsController(host, robot as unknown as LinkController, document,
    { send: (t) => sent.push(t), wouldSend: () => true }, storages.session, storages.local);
  const presence = (p: LinkState['presence']) => { state = { ...state, presence: p }; for (const l of listeners) l(state); docs.hostUpdate(); };
  const snapshot = (g: ReturnType<typeof graph>) => { robot.snapshot = { ...g, takenAt: Date.now() }; docs.hostUpdate(); };
  /** Connected to the scenario's robot, identified, with its own config open. */
  const robotOpen = async (name: string) => {
    presence('connected');
    snapshot(graph(name));
    docs.onRobotConfig(config(name));
    await until(() => document.text === config(name), `${name}'s config opens`);
  };
  return { docs, document, sent, presence, snapshot, robotOpen, storages };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out: ${what}`);
}

const edit = { action: 'set_fixed_frame', frame: 'odom', display_type: '', topic: '', display: '', property: '', value: '' } as const;

describe('each robot its own document', () => {
  it("opens the first robot's config in place of the default once the robot is identified; its echo adds no step", async () => {
    const { docs, document, sent, presence, snapshot } = setup();
    presence('connected');
    docs.onRobotConfig(config('turtlebot_nav'));
    expect(document.untouchedDefault).toBe(true); // held until the robot is known
    snapshot(graph('turtlebot_nav'));
    await until(() => document.text === config('turtlebot_nav'), "the robot's config opens");
    document.apply([edit], 'odom');
    docs.requestSend(document.text);
    expect(sent).toEqual([document.text]);
    docs.onRobotConfig(document.text);
    expect(document.history.size).toBe(1);
  });

  it('another robot after a reconnect: its config opens, the first document is kept, and sending that one here asks naming both', async () => {
    const { docs, document, sent, presence, snapshot, robotOpen } = setup();
    await robotOpen('turtlebot_nav');
    document.apply([edit], 'odom');
    const first = document.text;
    const epoch = docs.viewEpoch;

    presence('reconnecting');
    presence('connected');
    docs.onRobotConfig(config('manipulator'));
    snapshot(graph('manipulator'));
    expect(docs.viewEpoch).toBe(epoch + 1);
    expect(docs.notice?.kind).toBe('other-robot');
    await until(() => document.text === config('manipulator'), "the new robot's config opens");
    expect(docs.notice?.text).toMatch(/The config its RViz runs is open; the document of the robot at 127\.0\.0\.1:9090 \(.*\/amcl.*\) is kept for it\./);

    expect(docs.usePrevious()?.ok).toBe(true);
    expect(document.text).toBe(first);
    docs.requestSend(document.text);
    expect(sent).toEqual([]);
    expect(docs.confirm?.question).toMatch(/was opened for the robot at 127\.0\.0\.1:9090 \(.*\/amcl.*\)\. Send it to the robot at 127\.0\.0\.1:9090 \(.*\/ft_sensor|\/controller_manager|\/camera.*\)/);
    docs.answer(false);
    expect(sent).toEqual([]);
    docs.requestSend(document.text);
    docs.answer(true);
    expect(sent).toEqual([first]);
    docs.requestSend(document.text); // confirmed once: the document is this robot's now
    expect(sent.length).toBe(2);
  });

  it('a robot first seen in part (still starting) that turns out to be another gets its own document and config', async () => {
    const { docs, document, presence, snapshot, robotOpen } = setup();
    await robotOpen('turtlebot_nav');
    presence('reconnecting');
    presence('connected');
    docs.onRobotConfig(config('qos_traps'));
    // qos_traps shares /scan, /map, /lidar_driver, /map_server with turtlebot_nav: a first partial graph looks alike.
    snapshot({ nodes: ['/rosapi', '/lidar_driver', '/map_server'], topics: [{ name: '/scan' }, { name: '/map' }] });
    await until(() => document.text === config('qos_traps'), 'taken for a change by another client at first');
    snapshot(graph('qos_traps'));
    expect(docs.notice?.kind).toBe('other-robot');
    await until(() => document.text === config('qos_traps'), "the new robot's config opens after all");
    expect(document.canUndo).toBe(false);
    // The first robot's document is kept as it was, without the config that was not its own.
    expect(docs.usePrevious()?.ok).toBe(true);
    expect(document.text).toBe(config('turtlebot_nav'));
  });

  it("a change by another client is one undo step; Undo brings ours back; a send over a config changed since asks", async () => {
    const { docs, document, sent, robotOpen } = setup();
    await robotOpen('turtlebot_nav');
    document.apply([edit], 'odom');
    docs.requestSend(document.text);
    docs.onRobotConfig(document.text); // the echo
    const ours = document.text;
    docs.onRobotConfig(config('qos_traps'));
    await until(() => document.text === config('qos_traps'), 'the external change');
    expect(docs.notice?.kind).toBe('external-change');
    expect(document.undo().ok).toBe(true);
    expect(document.text).toBe(ours);
    // Another change arrives and cannot be read: the document did not see it, so sending over it asks first.
    docs.onRobotConfig('Visualization Manager: [');
    await until(() => docs.notice?.text.includes('could not be read') === true, 'unreadable change said');
    docs.requestSend(document.text);
    expect(docs.confirm?.question).toMatch(/was changed by another client after this document last saw it/);
    expect(sent.length).toBe(1);
  });

  it('our send echoing back after a reload is ours, not a change by another client: the file opened meanwhile stays', async () => {
    const before = setup();
    await before.robotOpen('turtlebot_nav');
    before.document.apply([edit], 'odom');
    before.docs.requestSend(before.document.text);
    const edited = before.document.text;
    expect(before.document.openBytes(new TextEncoder().encode(config('qos_traps')), 'qos_traps.rviz').ok).toBe(true);

    // The page reloads before the bridge's echo of the edit arrives.
    const { docs, document, presence, snapshot } = setup(before.storages);
    presence('connected');
    snapshot(graph('turtlebot_nav'));
    docs.onRobotConfig(edited);
    for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 5)); // a step would be read in slices
    expect(document.text).toBe(config('qos_traps'));
    expect(docs.notice).toBeUndefined();
    expect(document.history.undoLabel).toBe('open qos_traps.rviz');
    expect(document.undo().ok).toBe(true);
    expect(document.text).toBe(edited);
  });

  it('holds a send while the robot is not identified, and sends once it is', () => {
    const { docs, document, sent, presence, snapshot } = setup();
    presence('connected');
    document.apply([edit], 'odom');
    docs.requestSend(document.text);
    expect(sent).toEqual([]);
    snapshot(graph('turtlebot_nav'));
    expect(sent).toEqual([document.text]);
  });

  it("an edit made while the robot's first config is still being read is kept: the config does not replace it", async () => {
    const { docs, document, sent, presence, snapshot } = setup();
    presence('connected');
    snapshot(graph('turtlebot_nav'));
    docs.onRobotConfig(config('turtlebot_nav')); // read in slices, so the user can act before it is open
    document.apply([edit], 'odom');
    const edited = document.text;
    docs.requestSend(edited);
    for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 5));
    expect(document.text).toBe(edited);
    expect(document.history.canUndo).toBe(true);
    expect(sent).toEqual([edited]);
    // The robot's config was seen: a later send is not held as "changed by another client".
    document.apply([{ ...edit, frame: 'base_link' }], 'base_link');
    docs.requestSend(document.text);
    expect(docs.confirm).toBeUndefined();
    expect(sent.at(-1)).toBe(document.text);
  });
});
