// The offline planner: ranges on any Min/Max pair (dashes, degrees on a non-angle), transparency words,
// "only X" on switches, settings of rarer types, verbless changes, numbered devices, typos, "behind", and complaints
// that are fixes. Refusals first: what the planner must not guess. (The dev-r4 bench cases cover the kinds on the
// scenarios.)
import { describe, expect, it } from 'vitest';
import { oneEdit } from '../../../src/core/planner/offline/typos.ts';
import { planned as plan, plannedOnScenario as onScenario } from './planned.ts';

describe('offline planner, ranges, switches and typos: refusals', () => {
  it('a value with no verb on a type with no display says there is none and adds nothing', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'odometry: 10 arrows max');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/there is no Odometry display to change; say "show the odometry"/);
  });

  it('a misspelt word one edit from two catalog words is not guessed', async () => {
    const r = await plan('make the lidar colurs blue');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/did not understand "colurs"/);
  });

  it('a numbered device with no topic carrying that number adds nothing on a made-up topic', async () => {
    const r = await onScenario('big_graph', 'gateway-ops.rviz', 'show camera 500');
    expect(r.actions.some((a) => a.includes('cam_500'))).toBe(false);
  });

  it('a robot namespace with a number is never read as a numbered device', async () => {
    const r = await onScenario('multi_robot', undefined, "hide robot2's lidar");
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]).toMatch(/^set_enabled .*Scan =false$/);
  });

  it('"X never shows up" is a complaint: it never disables X', async () => {
    const r = await onScenario('qos_traps', undefined, 'the laser never shows up');
    expect(r.actions.filter((a) => a.startsWith('set_enabled') && a.endsWith('=false'))).toEqual([]);
    expect(r.actions.join('\n')).toMatch(/Reliability Policy=Best Effort/);
  });

  it('"only the last 10" limits a count and turns no sibling switch off', async () => {
    const r = await onScenario('qos_traps', undefined, 'odometry: only the last 10 arrows');
    expect(r.actions).toEqual(['set_property Odometry Keep=10']);
  });

  it('degrees on an angle setting are still radians; on a temperature pair they are the numbers written', async () => {
    const t = await onScenario('big_graph', 'gateway-ops.rviz', 'rack seven intensity from 20 to 40 degrees');
    expect(t.actions).toEqual(expect.arrayContaining(['set_property Rack Seven Min Intensity=20', 'set_property Rack Seven Max Intensity=40']));
  });
});

describe('offline planner, ranges, switches and typos: what it reads', () => {
  it('reads dash ranges and transparency words', async () => {
    expect((await plan('lidar intensity: use 0-0.5')).actions).toEqual(expect.arrayContaining(['set_property Front Lidar Min Intensity=0', 'set_property Front Lidar Max Intensity=0.5']));
    expect((await plan('lidar 70 % see-through')).actions).toContain('set_property Front Lidar Alpha=0.3');
    expect((await plan('lidar 40 % opaque')).actions).toContain('set_property Front Lidar Alpha=0.4');
  });

  it('a new name is kept as written: no typo fix or numbered device inside it', async () => {
    const r = await plan('rename the lidar to Colision Lidar 2');
    expect(r.actions).toEqual(['rename_display Front Lidar =Colision Lidar 2']);
  });

  it('reads a function word with two letters swapped as that word, and never a word of its own', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'hide teh footprint and set the local plan to yellow')).actions).toEqual(['set_enabled Footprint =false', 'set_property Local Plan Color=255; 255; 0']);
    expect((await onScenario('turtlebot_nav', undefined, 'make the tf frames three times as big')).actions).toEqual(['set_property TF Marker Scale=3']);
  });

  it('one edit apart means one letter added, dropped, changed or two swapped', () => {
    expect(oneEdit('torqe', 'torque')).toBe(true);
    expect(oneEdit('colision', 'collision')).toBe(true);
    expect(oneEdit('alpah', 'alpha')).toBe(true);
    expect(oneEdit('widht', 'width')).toBe(true);
    expect(oneEdit('scale', 'scale')).toBe(false);
    expect(oneEdit('scle', 'scales')).toBe(false);
  });
});
