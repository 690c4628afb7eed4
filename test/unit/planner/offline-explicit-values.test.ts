// An explicit value beats a word for it: a number triple, R= G= B=, rgb(…) or #RRGGBB is the colour of its clause and
// a colour word beside it only describes it; one setting given two values in different clauses is a choice per value,
// unless the later clause corrects the earlier ("actually …", "no, …", "make it …"), then the later value wins.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';
import { explicitColours } from '../../../src/core/planner/offline/explicit-values.ts';
import { planWhole } from './precision-helpers.ts';

const colourOf = (actions: string[]): string | undefined => actions.map((a) => /^Set Color = (.+) on "Front Lidar"$/.exec(a)?.[1]).find((x) => x !== undefined);

describe('offline planner: an explicit colour beats the colour word beside it', () => {
  it.each([
    ['make the laser light grey (220 220 220)', '220; 220; 220'],
    ['make the laser dark grey, say 20 20 20', '20; 20; 20'],
    ['laser colour navy: 0; 0; 80', '0; 0; 80'],
    ['make the laser blue, rgb(0, 128, 255)', '0; 128; 255'],
    ['colour the laser green R=10 G=200 B=10', '10; 200; 10'],
    ['laser orange #FF8000', '255; 128; 0'],
    ['set the laser colour to #dcdcdc', '220; 220; 220'],
    ['pon el láser gris claro (220 220 220)', '220; 220; 220'],
    ['mets le laser en gris foncé, disons 20 20 20', '20; 20; 20'],
    ['colora il laser di grigio chiaro (200 200 200)', '200; 200; 200'],
  ])('"%s" sets Color %s', async (request, rgb) => {
    const r = await planWhole(request);
    expect(colourOf(r.actions)).toBe(rgb);
  });

  it('reads three numbers as a colour only where the sentence speaks of colour (an offset stays an offset)', () => {
    expect(explicitColours('offset the grid 0 0 1', () => true)).toBe('offset the grid 0 0 1');
    expect(explicitColours('make the grid red and 0 0 255', () => true)).toContain('#0000ff');
  });

  it('keeps a clause apart when the value after the comma belongs to another thing', () => {
    expect(explicitColours('hide the grid, 255 0 0 for the laser', () => true)).toBe('hide the grid, 255 0 0 for the laser');
  });
});

describe('offline planner: a setting given two values', () => {
  it.each([
    ['make the laser blue, make it black', '0; 0; 0'],
    ['make the laser red... actually yellow', '255; 255; 0'],
    ['make the laser red, no, blue', '0; 0; 255'],
    ['make the laser red, no wait, blue', '0; 0; 255'],
    ['mets le laser en bleu, non pardon, en blanc', '255; 255; 255'],
    ['mach den Laser rot, nein, blau', '0; 0; 255'],
    ['deixa o laser verde, aliás, preto', '0; 0; 0'],
    ['colora il laser di rosso, anzi blu', '0; 0; 255'],
  ])('"%s": the correcting clause wins (%s)', async (request, rgb) => {
    const r = await planWhole(request);
    expect(colourOf(r.actions)).toBe(rgb);
    expect(r.actions.filter((a) => a.startsWith('Set Color ='))).toHaveLength(1);
  });

  it('with no correction, changes nothing and offers one choice per value', async () => {
    const r = await planWhole('make the laser red. make the laser green.');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/gives Color 2 values/);
    expect(r.choices.map((c) => colourOf(c.actions))).toEqual(['255; 0; 0', '0; 255; 0']);
  });

  it('leaves values of different settings or displays alone', async () => {
    const r = await planWhole('make the laser red and the map 50 % transparent');
    expect(colourOf(r.actions)).toBe('255; 0; 0');
    expect(r.actions).toContain('Set Alpha = 0.5 on "Map"');
  });

  it('takes the value written out after a comparative of the same setting ("thicker, about 0.1 wide")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the global plan thicker, about 0.1 wide');
    expect(r.actions.filter((a) => a.includes('Line Width'))).toEqual(['Set Line Width = 0.1 on "Global Plan"']);
    expect(r.notes.join(' | ')).toMatch(/Line Width takes the value written out/);
  });

  it('takes back what a correction then "leave it" or "never mind" names, and no completion puts a frame back', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the grid, make the laser red... no, leave it')).actions).toEqual(['Hide "Grid"']);
    const frame = await planOnScenario('multi_robot', 'Set the fixed frame to robot2/odom... actually never mind, leave the fixed frame alone.');
    expect(frame.plan.actions.filter((a) => a.checked)).toEqual([]);
    expect(frame.notes.join(' | ')).toMatch(/takes back what was asked before it/);
    // Without a correction, "leave the map alone" keeps only the map.
    expect((await planOnScenario('turtlebot_nav', 'make the laser red and leave the map alone')).actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
  });
});

describe('offline planner: a Global Option given two values', () => {
  it.each([
    ['make the background grey, make it black', '0; 0; 0'],
    ['background grey, actually black', '0; 0; 0'],
    ['sfondo grigio, mettilo nero', '0; 0; 0'],
    ['background light grey (220 220 220)', '220; 220; 220'],
  ])('"%s" sets Background Color %s', async (request, rgb) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([`Set Background Color = ${rgb} on "Global Options"`]);
  });
});
