// Questions never change the document: the plan says so, offers the question to the assistant (Plan.question) and,
// when the question stands for a change ("how do I make the laser red?"), offers that change as a choice only.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: questions', () => {
  it.each([
    'what does the decay time do on the laser?',
    'is the map transparent?',
    'which colour is the laser using right now?',
    'the grid cell size is 1 m?',
    '¿qué hace el tiempo de decaimiento del láser?',
    'o que faz a transparência do mapa?',
    'was macht die Abklingzeit beim Laser?',
  ])('"%s" changes nothing and is offered to the assistant', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.question).toBeTruthy();
    expect(r.notes.join(" | ")).toMatch(/question/);
  });

  it('offers the change a how-to question stands for as a choice, never applied', async () => {
    const r = await planWhole('how do I make the laser red?');
    expect(r.actions).toEqual([]);
    expect(r.question).toBe('how do I make the laser red?');
    expect(r.choices).toEqual([{ label: 'make the laser red', actions: ['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"'] }]);
  });

  it('plans the request beside a question: "is the map transparent? hide the grid"', async () => {
    const r = await planWhole('is the map transparent? hide the grid');
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect(r.question).toBe('is the map transparent?');
  });

  it('reads polite requests and complaints as requests, not questions', async () => {
    expect((await planWhole('can you make the laser red?')).actions).toContain('Set Color = 255; 0; 0 on "Front Lidar"');
    expect((await planWhole('why is the map not showing?')).question).toBeUndefined();
  });
});
