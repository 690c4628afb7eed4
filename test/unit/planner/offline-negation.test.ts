// Negation scope: a negated change is not made, a negated wish to see hides, "leave it / it's fine" changes nothing on
// what it names, and negated or lessened comparatives point the other way — in English and the other languages.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

describe('offline planner: a negated change is not made', () => {
  it.each([
    "don't make the laser red",
    'never make the laser red',
    'the laser should not be red',
    'make the laser not red',
    'mach den Laser nicht rot',
    'ne mets pas le laser en rouge',
    'no pongas el láser en rojo',
    'não deixe o laser vermelho',
    'non fare il laser rosso',
    'レーザーを赤にしないで',
  ])('"%s" changes nothing and says so', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/not|nothing/i);
  });

  it('keeps the other clause of the request: "never change the laser size, just make it red"', async () => {
    const r = await planWhole('never change the laser size, just make it red');
    expect(r.actions).toEqual(['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"']);
    expect(r.notes.join(' | ')).toMatch(/says not to/);
  });

  it('does not hide on "don\'t hide the grid"', async () => {
    expect((await planWhole("don't hide the grid")).actions).toEqual([]);
  });
});

describe('offline planner: a negated wish to see is a hide', () => {
  it.each(["I don't need the grid anymore", 'I do not want to see the grid', 'no quiero ver la cuadrícula', 'ich brauche das Gitter nicht mehr', 'non voglio vedere la griglia'])(
    '"%s" hides the grid', async (request) => {
      expect((await planWhole(request)).actions).toEqual(['Hide "Grid"']);
    });
});

describe('offline planner: "fine", "leave it" and "keep as is" change nothing on what they name', () => {
  it('reads "the map looks fine, leave it alone" as English and changes nothing', async () => {
    const r = await planWhole('the map looks fine, leave it alone');
    expect(r.actions).toEqual([]);
    expect(r.notes.some((n) => /read as/.test(n))).toBe(false);
    expect(r.notes.join(' | ')).toMatch(/left Map as it is/);
  });

  it('keeps the laser and still hides the grid: "keep the laser as it is and hide the grid"', async () => {
    expect((await planWhole('keep the laser as it is and hide the grid')).actions).toEqual(['Hide "Grid"']);
  });

  it.each(['never mind, leave everything as is', 'el mapa está bien, déjalo así', 'die Karte ist gut so, lass sie so', 'la carte est bien, laisse-la comme ça'])(
    '"%s" changes nothing', async (request) => {
      expect((await planWhole(request)).actions).toEqual([]);
    });
});

describe('offline planner: direction words compose with negation and comparatives', () => {
  it.each([
    ['make the laser a little less big', 'Set Size (m) = 0.015 on "Front Lidar"'],
    ['the laser should not be so big', 'Set Size (m) = 0.015 on "Front Lidar"'],
    ['make the laser not as thin', 'Set Size (m) = 0.06 on "Front Lidar"'],
    ['make the map less see-through', 'Set Alpha = 0.85 on "Map"'],
    ['make the map not so transparent', 'Set Alpha = 0.85 on "Map"'],
    ['make the map less opaque', 'Set Alpha = 0.35 on "Map"'],
    ['die Karte weniger durchsichtig machen', 'Set Alpha = 0.85 on "Map"'],
  ])('"%s" → %s', async (request, action) => {
    expect((await planWhole(request)).actions).toEqual([action]);
  });
});
