// Accounting made visible: each action the offline planner proposes cites the words of the request that produced it
// (`from` on a planned action), through validate(); a model's actions cite nothing, and what complete() adds neither.
import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/core/planner/validate.ts';
import { buildContext } from '../../../src/core/planner/context.ts';
import { planWhole, scanAndMap } from './precision-helpers.ts';
import { snapshot } from './fixtures.ts';
import { catalog } from '../../../src/core/catalog/index.ts';

describe('offline planner: each action cites its words', () => {
  it('cites the clause of each action, and the fixed-frame words', async () => {
    const r = await planWhole('hide the grid, laser red, fixed frame odom');
    const cited = r.plan.actions.filter((a) => a.origin === 'model').map((a) => `${a.action} ${a.display || a.frame} ← ${a.from}`);
    expect(cited).toEqual([
      'set_fixed_frame odom ← fixed frame odom',
      'set_enabled Grid ← hide the grid',
      'set_property Front Lidar ← laser red',
    ]);
    // The Color Transformer complete() adds for the colour cites nothing: it is the companion's, marked auto.
    expect(r.plan.actions.filter((a) => a.origin === 'auto').every((a) => a.from === undefined)).toBe(true);
  });

  it('ends a clause at a dash between words, so each value stays on its own clause\'s target', async () => {
    const r = await planWhole('grid off — laser red — map 40% opaque');
    expect(r.plan.actions.filter((a) => a.origin === 'model').map((a) => `${a.action} ${a.display} ${a.property ?? ''}${a.value ?? ''} ← ${a.from}`)).toEqual([
      'set_enabled Grid false ← grid off',
      'set_property Front Lidar Color255; 0; 0 ← laser red',
      'set_property Map Alpha0.4 ← map 40% opaque',
    ]);
  });

  it('reads "base_link as fixed frame" opening a request as the fixed frame, beside the clause after it', async () => {
    const r = await planWhole('base_link as fixed frame and hide the grid');
    expect(r.actions).toEqual(['Set the fixed frame to base_link', 'Hide "Grid"']);
    expect(r.plan.actions[0]!.from).toBe('base_link as fixed frame');
  });

  it('cites a Global Option clause on its own action', async () => {
    const r = await planWhole('grid off, black background');
    expect(r.plan.actions.map((a) => a.from)).toEqual(['grid off', 'black background']);
  });

  it('keeps `from` through validate() and adds none to an action proposed without it', () => {
    const ctx = buildContext({ document: scanAndMap(), snapshot: snapshot(), findings: [], catalog });
    const v = validate([
      { action: 'set_enabled', display: 'Grid', value: 'false', from: 'grid off' },
      { action: 'set_enabled', display: 'Map', value: 'false' },
    ], ctx);
    expect(v.actions.map((a) => a.from)).toEqual(['grid off', undefined]);
    expect('from' in v.actions[1]!).toBe(false);
  });
});
