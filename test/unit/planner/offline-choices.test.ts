// Choices instead of nothing: a guess ("darker"), a near miss of a known word ("trasparent") or an abbreviation the
// planner is not sure of gives at most three choices, each validated like a plan, none applied; a choice picked is
// planned like a request (planChoice) and gives one ordinary plan.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { MAX_CHOICES, planChoice } from '../../../src/core/planner/index.ts';
import { editDistance, nearMisses } from '../../../src/core/planner/offline/near-miss.ts';
import { planWhole } from './precision-helpers.ts';
import { snapshot } from './fixtures.ts';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: choices', () => {
  it('offers both readings of "make the laser darker" and applies nothing; "dimmer" has one, applied', async () => {
    const r = await planWhole('make the laser darker');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toEqual(['make the laser more transparent', 'make the laser black']);
    expect(r.notes.join(' | ')).toMatch(/offered as choices, applied only when picked/);
    expect((await planWhole('make the laser dimmer')).actions).toEqual(['Set Alpha = 0.5 on "Front Lidar"']);
  });

  it('offers the known word a near miss stands for, never acting on it', async () => {
    const r = await planWhole('make the map trasparent');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toContain('make the map transparent');
    expect(r.choices.length).toBeLessThanOrEqual(MAX_CHOICES);
  });

  it('offers nothing when no reading plans to anything', async () => {
    const r = await planWhole('make the laser sparkle');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([]);
  });

  it('plans a picked choice like a request: validated, completed, one plan', async () => {
    const r = await planWhole('make the laser darker');
    const picked = await planChoice({ document: r.document, snapshot: snapshot() }, r.plan.choices![0]!);
    expect(picked.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.property}=${a.value}`)).toEqual(['set_property Front Lidar Alpha=0.5']);
    expect(picked.plan.choices).toBeUndefined();
  });

  it('reads everyday verbs from the data: "ditch the grid"', async () => {
    expect((await planWhole('ditch the grid')).actions).toEqual(['Remove "Grid"']);
  });

  it('never corrects a misspelt word by itself: "robot model colision on" offers the reading instead', async () => {
    const r = await planWhole('make the laser colour rde');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toContain('make the laser colour red');
  });
});

describe('near misses', () => {
  it('counts edits with swaps, capped', () => {
    expect(editDistance('trasparent', 'transparent')).toBe(1);
    expect(editDistance('colour', 'clouor')).toBe(2);
    expect(editDistance('abc', 'xyzxyz')).toBe(3);
  });

  it('finds known words near an unknown one, and none for a known one', () => {
    expect(nearMisses(catalog, 'trasparent')).toContain('transparent');
    expect(nearMisses(catalog, 'transparent')).toEqual([]);
    expect(nearMisses(catalog, 'xq')).toEqual([]);
  });
});

describe('offline planner: near misses when nothing was understood', () => {
  it('offers the near miss of a request with no known target as a choice, applying nothing', async () => {
    const r = await planOnScenario('turtlebot_nav', 'lazer decay 2 s');
    expect(r.actions).toEqual([]);
    expect(r.plan.choices?.map((c) => c.label)).toEqual(['laser decay 2 s']);
  });
});
