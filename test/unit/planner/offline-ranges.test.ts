// A value outside the setting's range, or of the wrong kind, is refused with the valid range: never rescaled, never
// clamped. A bare number that fits as a share ("alpha 7") is offered as "7 %", a choice only.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: values out of range are refused with the range', () => {
  it.each(['set the map alpha to 7', 'map opacity 1.5', 'laser alpha 70', 'map alpha 150 %'])('"%s" changes nothing and names 0–1', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/takes 0–1 or 0–100 %/);
  });

  it('offers "7 %" as a choice for "set the map alpha to 7"', async () => {
    const r = await planWhole('set the map alpha to 7');
    expect(r.choices).toEqual([{ label: 'set the map alpha to 7 %', actions: ['Set Alpha = 0.07 on "Map"'] }]);
  });

  it('refuses a negative decay time instead of clamping it to 0', async () => {
    const r = await planWhole('set the laser decay time to -3');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Decay Time takes 0 or more/);
  });

  it.each([
    ['turtlebot_nav', undefined, 'set the laser decay time to minus 5 seconds'],
    ['qos_traps', 'traps-faults.rviz', 'imposta il decay time della Depth Cloud a meno 5 secondi'],
    ['turtlebot_nav', undefined, 'pon el decay time del laser a menos 5 segundos'],
    ['turtlebot_nav', undefined, 'mets le decay time du laser à moins 5 secondes'],
  ])('reads a sign written out as a word and refuses the value: "%s" (%s)', async (scenario, config, request) => {
    const r = await planOnScenario(scenario!, request!, config);
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Decay Time takes 0 or more; -5 s is out of range/);
  });

  it('still takes a share written as one: "map alpha 30 %"', async () => {
    expect((await planWhole('map alpha 30 %')).actions).toEqual(['Set Alpha = 0.3 on "Map"']);
  });

  it('refuses a frame rate that is no whole number of frames', async () => {
    const r = await planWhole('set the frame rate to 0');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Frame Rate takes a whole number in the range 1–1000/);
  });
});

describe('offline planner: a value of the wrong kind for the setting named', () => {
  it('refuses a colour for a size instead of colouring the display', async () => {
    const r = await planWhole('set the laser size to green');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Size \(m\) is a size in metres; a colour is not one; nothing was changed/);
  });

  it('still colours what a colour setting of its own names ("the laser red", "laser colour red")', async () => {
    expect((await planWhole('make the laser red')).actions).toContain('Set Color = 255; 0; 0 on "Front Lidar"');
    expect((await planWhole('laser colour red')).actions).toContain('Set Color = 255; 0; 0 on "Front Lidar"');
  });
});

describe('offline planner: a colour part past 255', () => {
  it('refuses "300, 40, 40" whole with the range, never reading its numbers as other settings', async () => {
    const r = await planOnScenario('turtlebot_nav', 'set the grid colour to 300, 40, 40');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Color takes R; G; B from 0 to 255 each; "300, 40, 40" is out of range/);
    expect((await planOnScenario('turtlebot_nav', 'grid colour 255, 40, 40')).actions).toEqual(['Set Color = 255; 40; 40 on "Grid"']);
  });
});

describe('offline planner: a size is never below nothing', () => {
  it('refuses a negative scale with its range and switches nothing on for it; a positive one sets the ellipse, not the arrow', async () => {
    const r = await planOnScenario('turtlebot_nav', 'set the amcl covariance ellipse scale to -2');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Covariance\/Position\/Scale takes 0 or more; -2 is out of range; nothing was changed/);
    expect((await planOnScenario('turtlebot_nav', 'set the amcl covariance ellipse scale to 2')).actions)
      .toEqual(['Set Covariance = true on "AMCL Pose"', 'Set Covariance/Position/Scale = 2 on "AMCL Pose"']);
  });
});
