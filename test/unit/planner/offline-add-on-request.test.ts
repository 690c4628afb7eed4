// Add only on request: add_display comes from a show/add verb (or a recipe) in the clause that names the type, never
// from a noun of a list another verb governs, nor from a clause of politeness alone.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: a list adds nothing not asked for', () => {
  it.each([
    'hide the grid, the odometry and the map',
    'make the laser and the odometry red',
    'the laser red and the odometry, please',
    'oculta la rejilla, la odometría y el mapa',
    'blende das Gitter, die Odometrie und die Karte aus',
  ])('"%s" adds no Odometry display', async (request) => {
    const r = await planWhole(request);
    expect(r.actions.some((a) => a.startsWith('Add'))).toBe(false);
    expect(r.notes.join(' | ')).toMatch(/no Odometry display/);
  });

  it('still adds on a show verb: "hide the grid and show the odometry"', async () => {
    const r = await planWhole('hide the grid and show the odometry');
    expect(r.actions.some((a) => /^Add .*Odometry/.test(a))).toBe(true);
  });
});
