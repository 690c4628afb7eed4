// A negated restatement ("solid, not see-through", "off, not on", "bigger, not smaller") restates the clause before:
// it makes no change of its own and never selects another property.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: a negated restatement changes nothing more', () => {
  it.each([
    ['make the map solid, not see-through', ['Set Alpha = 1 on "Map"']],
    ['el mapa opaco, no transparente', ['Set Alpha = 1 on "Map"']],
    ['rends la carte opaque, pas transparente', ['Set Alpha = 1 on "Map"']],
    ['la mappa opaca, non trasparente', ['Set Alpha = 1 on "Map"']],
    ['the map off, not on', ['Hide "Map"']],
  ])('"%s" makes only the first clause\'s change', async (request, actions) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual(actions);
    expect(r.notes.join(' | ')).toMatch(/qualifies what came before/);
  });

  it('"solid" is opaque on its own too', async () => {
    expect((await planWhole('make the map solid')).actions).toEqual(['Set Alpha = 1 on "Map"']);
  });
});
