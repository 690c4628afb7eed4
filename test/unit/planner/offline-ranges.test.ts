// A value outside the setting's range, or of the wrong kind, is refused with the valid range: never rescaled, never
// clamped. A bare number that fits as a share ("alpha 7") is offered as "7 %", a choice only.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

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
