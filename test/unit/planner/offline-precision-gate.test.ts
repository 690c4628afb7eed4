// The precision gate: a clause with a content word nothing accounts for never acts; what the rest of it says is offered
// as one choice (with the sure clauses' actions), the note names the words, and a sure clause beside it still acts.
import { describe, expect, it } from 'vitest';
import { planChoice } from '../../../src/core/planner/index.ts';
import { snapshot } from './fixtures.ts';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: the precision gate', () => {
  it('offers "hide the wobbly grid" as the choice "hide the grid" and hides nothing', async () => {
    const r = await planWhole('hide the wobbly grid');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([{ label: 'hide the grid', actions: ['Hide "Grid"'] }]);
    expect(r.notes.join(' | ')).toMatch(/did not understand "wobbly" in "hide the wobbly grid"; what the rest of it says is offered as a choice, not applied/);
  });

  it('still applies a sure clause beside an unsure one; the choice holds both', async () => {
    const r = await planWhole('hide the map, remove the wobbly grid');
    expect(r.actions).toEqual(['Hide "Map"']);
    expect(r.choices).toEqual([{ label: 'hide the map, remove the grid', actions: ['Hide "Map"', 'Remove "Grid"'] }]);
  });

  it('plans the gate\'s choice like a request when it is picked: one ordinary plan', async () => {
    const r = await planWhole('hide the wobbly grid');
    const picked = await planChoice({ document: r.document, snapshot: snapshot() }, r.plan.choices![0]!);
    expect(picked.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.value}`)).toEqual(['set_enabled Grid false']);
    expect(picked.plan.choices).toBeUndefined();
  });

  it('acts on a clause whose every word is accounted for', async () => {
    const r = await planWhole('hide the grid');
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect(r.choices).toEqual([]);
  });

  it('offers no choice when the unsure clause would change nothing', async () => {
    const r = await planWhole('make the laser sparkle');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/did not understand "sparkle"/);
  });
});
