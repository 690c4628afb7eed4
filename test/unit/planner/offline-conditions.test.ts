// "if the local plan is red, make it white": a condition is checked against the document, never applied. What follows
// it is planned when it holds, left out when it does not, and offered as a choice when the planner cannot tell.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: a change on a condition', () => {
  it('changes nothing when the condition does not hold, and says what the document has', async () => {
    const r = await planOnScenario('turtlebot_nav', 'if the local plan is red, make it white');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"if the local plan is red": it is not so \(Local Plan Color is 0; 12; 255\)/);
  });

  it('makes the change when the condition holds (a colour, a switch), with "it" meaning what the condition named', async () => {
    expect((await planOnScenario('turtlebot_nav', 'if the local plan is blue, make it white')).actions).toEqual(['Set Color = 255; 255; 255 on "Local Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'if the grid is on, turn it off')).actions).toEqual(['Hide "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'if the grid is off turn it on')).actions).toEqual([]);
  });

  it('reads conditions in other languages (German "wenn", Portuguese "se")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Wenn der globale Pfad rot ist, mach ihn gelb')).actions).toEqual(['Set Color = 255; 255; 0 on "Global Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'Wenn der lokale Pfad rot ist, mach ihn gelb')).actions).toEqual([]);
  });

  it('offers the change as a choice when the condition is a comparison it cannot settle', async () => {
    const r = await planOnScenario('turtlebot_nav', 'if the laser is too small, make it red');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/cannot tell whether it is so/);
    expect(r.choices.flatMap((c) => c.actions)).toContain('Set Color = 255; 0; 0 on "LaserScan"');
  });
});
