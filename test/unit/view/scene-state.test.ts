// The live view's bookkeeping: markers as RViz's MarkerCommon keeps them, latest-transform lookups, legend states.
import { describe, it, expect } from 'vitest';
import { MARKER_ACTIONS, MARKER_TYPES, MarkerStore, type MarkerMsg } from '../../../src/view/spec/markers.ts';
import { TransformBuffer, compose, invert, rotate, yawOf, type Pose } from '../../../src/view/spec/transforms.ts';
import { TfBuffer } from '../../../src/core/graph/tf-tree.ts';
import { legendRow, legendRows, type SceneStatus } from '../../../src/view/spec/legend.ts';
import type { ViewDisplay } from '../../../src/view/spec/draw-spec.ts';
import type { Finding } from '../../../src/core/diagnosis/types.ts';

const m = (ns: string, id: number, extra: Partial<MarkerMsg> = {}): MarkerMsg => ({ ns, id, type: MARKER_TYPES.CUBE, action: MARKER_ACTIONS.ADD, ...extra });

describe('MarkerStore', () => {
  it('replaces by (ns, id), deletes one, DELETEALL clears all or one namespace', () => {
    const s = new MarkerStore();
    s.apply(m('a', 1), 0);
    s.apply(m('a', 1, { type: MARKER_TYPES.SPHERE }), 1);
    s.apply(m('a', 2), 1);
    s.apply(m('b', 1), 1);
    expect(s.size).toBe(3);
    expect(s.live().find((e) => e.ns === 'a' && e.id === 1)!.message.type).toBe(MARKER_TYPES.SPHERE);
    s.apply(m('a', 2, { action: MARKER_ACTIONS.DELETE }), 2);
    expect(s.live().map((e) => `${e.ns}/${e.id}`)).toEqual(['a/1', 'b/1']);
    s.apply({ ns: 'b', action: MARKER_ACTIONS.DELETEALL }, 3);
    expect(s.live().map((e) => `${e.ns}/${e.id}`)).toEqual(['a/1']);
    s.applyArray({ markers: [{ ns: '', action: MARKER_ACTIONS.DELETEALL }, m('c', 7)] }, 4);
    expect(s.live().map((e) => `${e.ns}/${e.id}`)).toEqual(['c/7']);
  });

  it('expires markers after their lifetime (over 100 µs) and hides switched-off namespaces', () => {
    const s = new MarkerStore();
    s.apply(m('life', 1, { lifetime: { sec: 1, nanosec: 500_000_000 } }), 1000);
    s.apply(m('life', 2, { lifetime: { sec: 0, nanosec: 50_000 } }), 1000); // below RViz's threshold: forever
    s.apply(m('quiet', 1), 1000);
    expect(s.expire(2400)).toEqual([]);
    expect(s.expire(2500).length).toBe(1);
    expect(s.live().map((e) => `${e.ns}/${e.id}`)).toEqual(['life/2', 'quiet/1']);
    expect(s.live({ quiet: false }).map((e) => e.ns)).toEqual(['life']);
    s.apply(m('x', 1, { action: 9 }), 0);
    expect([...s.problems]).toEqual(['unknown marker action 9']);
  });
});

function tfMsg(parent: string, child: string, t: [number, number, number], yaw = 0) {
  return { transforms: [{ header: { frame_id: parent, stamp: { sec: 1, nanosec: 0 } }, child_frame_id: child,
    transform: { translation: { x: t[0], y: t[1], z: t[2] }, rotation: { x: 0, y: 0, z: Math.sin(yaw / 2), w: Math.cos(yaw / 2) } } }] };
}

describe('TransformBuffer', () => {
  it('composes chains up and down to the fixed frame', () => {
    const tf = new TransformBuffer();
    tf.addMessage(tfMsg('map', 'odom', [1, 0, 0], Math.PI / 2), false, 0);
    tf.addMessage(tfMsg('odom', 'base_link', [2, 0, 0]), false, 0);
    tf.addMessage(tfMsg('/base_link', 'laser', [0, 0, 0.5]), true, 0);
    const r = tf.lookup('map', 'laser');
    if (!r.ok) throw new Error(r.reason);
    expect(r.pose.t.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 2, 0.5]);
    expect(yawOf(r.pose.q)).toBeCloseTo(Math.PI / 2, 9);
    const back = tf.lookup('laser', 'map');
    if (!back.ok) throw new Error(back.reason);
    const id = compose(r.pose, back.pose);
    expect(id.t.map((v) => Math.abs(v) < 1e-9)).toEqual([true, true, true]);
    expect(tf.lookup('odom', 'odom')).toEqual({ ok: true, pose: { t: [0, 0, 0], q: [0, 0, 0, 1] } });
  });

  it('says why a frame cannot be placed instead of guessing', () => {
    const tf = new TransformBuffer();
    tf.addMessage(tfMsg('map', 'odom', [0, 0, 0]), false, 0);
    tf.addMessage(tfMsg('world', 'camera', [0, 0, 0]), false, 0);
    expect(tf.lookup('map', 'nowhere')).toEqual({ ok: false, reason: 'frame "nowhere" is not in TF' });
    expect(tf.lookup('base', 'odom')).toEqual({ ok: false, reason: 'fixed frame "base" is not in TF' });
    expect(tf.lookup('map', 'camera')).toEqual({ ok: false, reason: 'frame "camera" does not connect to the fixed frame "map"' });
  });

  it('follows the link\'s TF buffer by version and ages only dynamic frames', () => {
    const link = new TfBuffer();
    link.addMessage(tfMsg('map', 'odom', [3, 0, 0]), false, 1000);
    link.addMessage(tfMsg('odom', 'base', [0, 1, 0]), true, 1000);
    const tf = new TransformBuffer();
    expect(tf.sync({ version: link.version, transforms: link.transforms() })).toBe(true);
    expect(tf.sync({ version: link.version, transforms: link.transforms() })).toBe(false);
    const r = tf.lookup('map', 'base');
    expect(r.ok && r.pose.t).toEqual([3, 1, 0]);
    expect(tf.ageMs('odom', 4000)).toBe(3000);
    expect(tf.ageMs('base', 4000)).toBeUndefined();
  });

  it('rotates and inverts consistently', () => {
    const p: Pose = { t: [1, 2, 3], q: [0, Math.sin(0.3), 0, Math.cos(0.3)] };
    const v = rotate(p.q, [1, 0, 0]);
    expect(Math.hypot(...v)).toBeCloseTo(1, 12);
    const i = compose(invert(p), p);
    expect(i.t.every((x) => Math.abs(x) < 1e-12)).toBe(true);
  });
});

const display = (name: string, kind: ViewDisplay['spec']['kind'] = 'points'): ViewDisplay => ({
  name, key: `Visualization Manager/Displays/${name}`, classId: 'rviz_default_plugins/LaserScan', type: 'LaserScan',
  topic: { name: '/scan', messageTypes: ['sensor_msgs/msg/LaserScan'] },
  spec: kind === 'rviz-only' ? { kind: 'rviz-only', reason: 'wrenches are drawn by RViz only' } : ({ kind } as ViewDisplay['spec']),
});
const status = (s: Partial<SceneStatus>): SceneStatus => ({ hasData: false, objects: 0, notes: [], ...s });
const finding = (code: Finding['code'], displayName: string): Finding => ({ code, severity: 'error', subject: { kind: 'display', name: displayName, display: displayName }, summary: `${code} on ${displayName}`, evidence: [] });

describe('legend', () => {
  it('takes wrong type and frame problems from the diagnosis, data and drawing from the scene', () => {
    expect(legendRow(display('Scan'), status({ hasData: true, transformOk: true, objects: 1, lastMessageAt: 5 }), []))
      .toMatchObject({ state: 'drawing', label: 'drawing', drawn: true, objects: 1, lastMessageAt: 5 });
    expect(legendRow(display('Scan'), status({ hasData: true, objects: 1 }), [finding('TOPIC_TYPE_MISMATCH', 'Scan')]))
      .toMatchObject({ state: 'wrong-type', label: 'wrong message type', detail: 'TOPIC_TYPE_MISMATCH on Scan', drawn: false });
    expect(legendRow(display('Scan'), status({ hasData: true, transformOk: false, transformReason: 'frame "laser" is not in TF', objects: 1 }), []))
      .toMatchObject({ state: 'no-transform', label: 'no transform to the fixed frame', detail: 'frame "laser" is not in TF' });
    expect(legendRow(display('Scan'), undefined, [finding('NO_DATA', 'Scan')])).toMatchObject({ state: 'no-data', label: 'no data yet', detail: 'NO_DATA on Scan' });
    expect(legendRow(display('Scan'), status({ hasData: true }), [finding('DISPLAY_FRAME_NOT_IN_TF', 'Scan')])).toMatchObject({ state: 'no-transform' });
  });

  it('lists a display the view cannot draw as shown in RViz only, never dropping it', () => {
    const rows = legendRows([display('Force', 'rviz-only'), display('Scan')], new Map(), []);
    expect(rows.map((r) => [r.name, r.state, r.label])).toEqual([['Force', 'rviz-only', 'shown in RViz only'], ['Scan', 'no-data', 'no data yet']]);
    expect(rows[0]!.detail).toBe('wrenches are drawn by RViz only');
  });
});
