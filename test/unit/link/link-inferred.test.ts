import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { closeAfterEach, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

describe('RosbridgeLink without the bridge topic (multi_robot)', () => {
  it('labels QoS inferred from conventions or unknown, never reported', async () => {
    sim = await startSim({ scenario: 'multi_robot', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const snap = await link.snapshot();
    expect(snap.qosReported).toBe(false);
    const pub = (name: string) => snap.topics.find((t) => t.name === name)!.publishers[0]!;
    expect(pub('/robot1/scan')).toMatchObject({ source: 'inferred', qos: { reliability: 'best_effort', durability: 'volatile' } });
    expect(pub('/robot2/robot_description')).toMatchObject({ source: 'inferred', qos: { reliability: 'reliable', durability: 'transient_local', depth: 1 } });
    expect(pub('/map')).toMatchObject({ source: 'inferred', qos: { durability: 'transient_local' } });
    expect(pub('/tf')).toMatchObject({ source: 'inferred', qos: { depth: 100 } });
    expect(pub('/robot1/cmd_vel')).toEqual(expect.objectContaining({ source: 'unknown',
      qos: { reliability: 'unknown', durability: 'unknown', history: 'unknown' } }));
    expect(pub('/robot1/scan').reason).toMatch(/SensorDataQoS/);
    const sources = new Set(snap.topics.flatMap((t) => t.publishers.map((p) => p.source)));
    expect(sources.has('reported')).toBe(false);
    expect(snap.topics.filter((t) => t.name.startsWith('/robot')).every((t) => t.type !== '')).toBe(true);
  });
});
