// A handler that joins an existing subscription of a latched topic still gets its message: rosbridge sends it once per
// subscription, so the registry hands the newest one to late joiners (the live view after the diagnosis sampler).
import { describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { createRosbridgeLink } from '../../../src/link/index.ts';
import type { RobotLink } from '../../../src/link/types.ts';
import { until, closeAfterEach, discoveredAtOnce } from './helpers.ts';

let sim: SimHandle | undefined;
let link: RobotLink | undefined;
closeAfterEach(() => ({ link, sim }));

describe('late joiners of a latched topic', () => {
  it('get the message the shared subscription already received', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: discoveredAtOnce });
    link = createRosbridgeLink(sim.url);
    await link.connect();
    const first: unknown[] = [];
    link.subscribe('/robot_description', 'std_msgs/msg/String', (m) => first.push(m));
    await until(() => first[0], 'the first handler\'s message');
    const late: { data?: unknown }[] = [];
    link.subscribe<{ data?: unknown }>('/robot_description', 'std_msgs/msg/String', (m) => late.push(m));
    await until(() => late[0], 'the late handler\'s message', 2000);
    expect(typeof late[0]!.data).toBe('string');
    expect(late[0]).toEqual(first[0]);
  });
});
