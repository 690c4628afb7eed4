// Every generator of every scenario yields finite numbers and valid stamps at any time; ROS time conversion edge cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../../sim/generators/index.ts';
import { Params, rosTimeFromMs, rosTimeFromSeconds } from '../../../sim/generators/common.ts';
import { BRIDGE_GENERATORS, listScenarios, loadScenario } from '../../../sim/scenario.ts';

function badNumbers(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'number' && !Number.isFinite(value)) out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => badNumbers(v, `${path}/${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) badNumbers(v, `${path}/${k}`, out);
}

function badStamps(value: unknown, path: string, out: string[]): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) { value.forEach((v, i) => badStamps(v, `${path}/${i}`, out)); return; }
  const o = value as Record<string, unknown>;
  if ('stamp' in o) {
    const s = o['stamp'] as { sec: number; nanosec: number };
    if (!Number.isInteger(s.sec) || !Number.isInteger(s.nanosec) || s.nanosec < 0 || s.nanosec >= 1e9) out.push(`${path}/stamp`);
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'stamp') badStamps(v, `${path}/${k}`, out);
}

describe('generators', () => {
  it('produce finite numbers and valid stamps for every topic of every scenario', () => {
    for (const name of listScenarios()) {
      const r = loadScenario(name);
      if (!r.ok) throw new Error(r.reason);
      const seen = new Set<string>();
      for (const topic of r.scenario.topics) {
        if (topic.silent || BRIDGE_GENERATORS.has(topic.generator) || seen.has(topic.generator + topic.type)) continue;
        seen.add(topic.generator + topic.type);
        const produce = GENERATORS[topic.generator]!.create(new Params(topic.params, topic.name), r.scenario, topic);
        for (const t of [0, 7.3, 1234.5]) {
          const stamp = rosTimeFromMs(1.7e12 + t * 1000);
          const msg = produce({ t, seq: Math.round(t), stamp, now: stamp });
          const bad: string[] = [];
          badNumbers(msg, '', bad);
          badStamps(msg, '', bad);
          expect(bad, `${name} ${topic.name} at t=${t}`).toEqual([]);
          expect(() => JSON.stringify(msg)).not.toThrow();
        }
      }
    }
  });

  it('converts times to sec/nanosec with nanosec in [0, 1e9)', () => {
    expect(rosTimeFromSeconds(1.9999999999)).toEqual({ sec: 2, nanosec: 0 });
    expect(rosTimeFromSeconds(-0.5)).toEqual({ sec: -1, nanosec: 500_000_000 });
    fc.assert(fc.property(fc.double({ min: 0, max: 4e12, noNaN: true }), (ms) => {
      const t = rosTimeFromMs(ms);
      return Number.isInteger(t.sec) && Number.isInteger(t.nanosec) && t.nanosec >= 0 && t.nanosec < 1e9
        && Math.abs(t.sec * 1000 + t.nanosec / 1e6 - ms) < 1e-3 * Math.max(1, ms / 1e9);
    }));
  });
});

describe('robot model consistency', () => {
  it('manipulator joint_states name exactly the URDF revolute joints, and positions follow the TF swing', () => {
    const r = loadScenario('manipulator');
    if (!r.ok) throw new Error(r.reason);
    const s = r.scenario;
    const topic = (n: string) => {
      const t = s.topics.find((x) => x.name === n);
      if (!t) throw new Error(`no ${n}`);
      return GENERATORS[t.generator]!.create(new Params(t.params, t.name), s, t);
    };
    const tick = { t: 2.5, seq: 0, stamp: { sec: 1, nanosec: 0 }, now: { sec: 1, nanosec: 0 } };
    const urdf = (topic('/robot_description')(tick) as { data: string }).data;
    const revolute = [...urdf.matchAll(/<joint name="([^"]+)" type="revolute">/g)].map((m) => m[1]);
    const js = topic('/joint_states')(tick) as { name: string[]; position: number[] };
    expect([...js.name].sort()).toEqual([...revolute].sort());
    expect(revolute).toHaveLength(6);
    const tf = topic('/tf')(tick) as { transforms: Array<{ child_frame_id: string; transform: { rotation: { z: number; w: number } } }> };
    const pan = tf.transforms.find((t) => t.child_frame_id === 'shoulder_link')?.transform.rotation;
    const panAngle = js.position[js.name.indexOf('shoulder_pan_joint')] ?? NaN;
    expect(2 * Math.atan2(pan?.z ?? 0, pan?.w ?? 1)).toBeCloseTo(panAngle, 6);
  });
});
