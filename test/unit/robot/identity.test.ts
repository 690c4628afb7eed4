import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintOf, identify, newIdentity, overlap, parseIdentities, rememberIdentity, robotLabel } from '../../../src/core/robot/identity.ts';

/** A scenario's graph as rosapi reports it: its nodes (listed and publishing) and topics, plus rosbridge's own. */
function scenarioGraph(name: string): { nodes: string[]; topics: { name: string }[] } {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, `../../../sim/scenarios/${name}.json`), 'utf8')) as
    { nodes?: string[]; topics: { name: string; publishers?: { node: string }[] }[] };
  const nodes = new Set(['/rosapi', '/rosbridge_websocket', ...(s.nodes ?? [])]);
  for (const t of s.topics) for (const p of t.publishers ?? []) nodes.add(p.node);
  return { nodes: [...nodes], topics: [...s.topics.map((t) => ({ name: t.name })), { name: '/rosout' }, { name: '/rviz_companion/qos' }] };
}

const url = 'ws://127.0.0.1:9090';

describe('robot identity', () => {
  it("leaves rosbridge's and the companion bridge's own nodes and topics out", () => {
    const fp = fingerprintOf({ nodes: ['/rosapi', '/rosbridge_websocket', '/_ros2cli_1234', '/lidar'], topics: [{ name: '/rosout' }, { name: '/rviz_companion/qos' }, { name: '/scan' }] });
    expect(fp?.names).toEqual(['node:/lidar', 'topic:/scan']);
    expect(fingerprintOf({ nodes: ['/rosapi', '/rosbridge_websocket'], topics: [{ name: '/rosout' }] })).toBeUndefined();
  });

  it("leaves out topics only rosbridge uses (the app's own subscriptions, echoed after a reconnect)", () => {
    const fp = fingerprintOf({ nodes: ['/arm'], topics: [
      { name: '/scan', publishers: [], subscribers: [{ node: '/rosbridge_websocket' }] },
      { name: '/joint_trajectory', publishers: [{ node: '/arm' }], subscribers: [{ node: '/rosbridge_websocket' }] },
    ] });
    expect(fp?.names).toEqual(['node:/arm', 'topic:/joint_trajectory']);
  });

  it('records namespaces of namespaced nodes', () => {
    expect(fingerprintOf({ nodes: ['/robot1/amcl'], topics: [] })?.names).toEqual(['node:/robot1/amcl', 'ns:/robot1']);
  });

  it('tells each pair of simulated robots apart', () => {
    const names = ['turtlebot_nav', 'manipulator', 'qos_traps', 'multi_robot'];
    for (const a of names) {
      for (const b of names) {
        const o = overlap(fingerprintOf(scenarioGraph(a))!, fingerprintOf(scenarioGraph(b))!);
        if (a === b) expect(o, `${a} vs itself`).toBe(1);
        else expect(o, `${a} vs ${b}`).toBeLessThan(0.75);
      }
    }
  });

  it('takes a robot still coming up (part of its graph) for itself, and grows what it knows', () => {
    const full = fingerprintOf(scenarioGraph('turtlebot_nav'))!;
    const current = newIdentity(url, { names: full.names.filter((_, i) => i % 3 === 0) });
    const result = identify(url, full, current, [current]);
    expect(result.kind).toBe('same');
    expect(result.kind === 'same' && result.identity.fingerprint.names.length).toBe(full.names.length);
    expect(result.kind === 'same' && result.identity.key).toBe(current.key);
  });

  it('says another robot at the same address is another, and recognises one seen before', () => {
    const nav = newIdentity(url, fingerprintOf(scenarioGraph('turtlebot_nav'))!);
    const arm = fingerprintOf(scenarioGraph('manipulator'))!;
    const first = identify(url, arm, nav, [nav]);
    expect(first.kind).toBe('other');
    if (first.kind !== 'other') return;
    expect(first.seenBefore).toBe(false);
    expect(first.identity.key).not.toBe(nav.key);
    const back = identify(url, fingerprintOf(scenarioGraph('turtlebot_nav')), first.identity, [first.identity, nav]);
    expect(back).toMatchObject({ kind: 'other', seenBefore: true, identity: { key: nav.key } });
  });

  it('the same robot at another address is another robot (documents are keyed by address too)', () => {
    const fp = fingerprintOf(scenarioGraph('turtlebot_nav'))!;
    const here = newIdentity(url, fp);
    const there = identify('ws://10.0.0.2:9090', fp, here, [here]);
    expect(there.kind).toBe('other');
  });

  it('waits while only names most robots have are visible', () => {
    const nav = newIdentity(url, fingerprintOf(scenarioGraph('turtlebot_nav'))!);
    expect(identify(url, fingerprintOf({ nodes: ['/robot_state_publisher'], topics: [{ name: '/tf' }] }), nav, [nav]).kind).toBe('undecided');
    expect(identify(url, undefined, nav, [nav]).kind).toBe('undecided');
  });

  it('labels a robot by its address and telling node names', () => {
    expect(robotLabel(url, { names: ['node:/amcl', 'node:/lidar', 'node:/map_server', 'node:/planner', 'node:/robot_state_publisher', 'topic:/scan'] }))
      .toBe('the robot at 127.0.0.1:9090 (/amcl, /lidar, /map_server +1)');
    expect(robotLabel(url, { names: ['topic:/scan'] })).toBe('the robot at 127.0.0.1:9090 (/scan)');
  });

  it('keeps at most the newest identities and drops malformed stored ones', () => {
    const ids = Array.from({ length: 25 }, (_, i) => newIdentity(url, { names: [`node:/n${i}`] }));
    let known = ids.reduce((k, id) => rememberIdentity(k, id), [] as ReturnType<typeof rememberIdentity>);
    expect(known.length).toBe(20);
    expect(known[0]!.key).toBe(ids[24]!.key);
    known = rememberIdentity(known, ids[10]!);
    expect(known[0]!.key).toBe(ids[10]!.key);
    expect(parseIdentities([known[0], { key: 1 }, null, 'x'])).toEqual([known[0]]);
    expect(parseIdentities('nope')).toEqual([]);
  });
});
