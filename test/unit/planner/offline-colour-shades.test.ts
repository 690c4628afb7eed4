// A shade word composes with the colour it comes before ("dark grey" is half way to black, "light blue" half way to
// white); it is never dropped, so "dark grey" does not become plain grey — on a display and on the background alike.
import { describe, expect, it } from 'vitest';
import { colourIn } from '../../../src/core/planner/offline/mentions.ts';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: colour shades', () => {
  it('reads the shade with the colour', () => {
    expect([colourIn('dark grey'), colourIn('light blue'), colourIn('deep red'), colourIn('pale green'), colourIn('grey')])
      .toEqual(['64; 64; 64', '128; 128; 255', '128; 0; 0', '128; 255; 128', '128; 128; 128']);
  });

  it('sets a shaded colour on a display and on the background', async () => {
    expect((await planWhole('make the laser light blue')).actions).toContain('Set Color = 128; 128; 255 on "Front Lidar"');
    expect((await planWhole('background dark grey, grid stays')).actions).toEqual(['Set Background Color = 64; 64; 64 on "Global Options"']);
  });
});
