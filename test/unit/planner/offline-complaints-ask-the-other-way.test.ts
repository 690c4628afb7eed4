// A complaint about how something looks asks for the other way: "the dots are too tiny" makes them bigger, "the cloud
// looks too transparent" makes it more opaque, "too bright" more transparent — in English and the other languages. A
// complaint with no sure direction ("too busy") is offered as a choice, never applied.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';

// The Front Lidar's Size is 0.03 and the Map's Alpha 0.7 (precision-helpers.ts).
const bigger = 'Set Size (m) = 0.06 on "Front Lidar"';
const smaller = 'Set Size (m) = 0.015 on "Front Lidar"';

describe('offline planner: "too X" asks for the other way', () => {
  it.each([
    ['the laser dots are too tiny', bigger],
    ['the laser is too big', smaller],
    ['the laser is much too thin', 'Set Size (m) = 0.12 on "Front Lidar"'],
    ['el láser es demasiado pequeño', bigger],
    ['le laser est trop petit', bigger],
    ['il laser è troppo piccolo', bigger],
    ['o laser é pequeno demais', bigger],
    ['der Laser ist zu klein', bigger],
    ['激光点太小', bigger],
    ['レーザーが小さすぎ', bigger],
  ])('"%s" → %s', async (request, action) => {
    expect((await planWhole(request)).actions).toEqual([action]);
  });

  it('"the map is too see-through" makes it more opaque, "the map looks too solid" more transparent', async () => {
    expect((await planWhole('the map is too see-through')).actions).toEqual(['Set Alpha = 0.85 on "Map"']);
    expect((await planWhole('the map looks too solid')).actions).toEqual(['Set Alpha = 0.35 on "Map"']);
  });

  it('still reads "not too big" as before (smaller) and "too" as "also" after the change ("make the map 50 % transparent too")', async () => {
    expect((await planWhole('make the laser not too big')).actions).toEqual([smaller]);
    expect((await planWhole('make the map 50 % transparent too')).actions).toEqual(['Set Alpha = 0.5 on "Map"']);
  });
});

describe('offline planner: brightness is transparency, and a complaint with no sure direction is a choice', () => {
  it('"the map is too bright" makes it more transparent, "too dim" less', async () => {
    expect((await planWhole('the map is too bright')).actions).toEqual(['Set Alpha = 0.35 on "Map"']);
    expect((await planWhole('the map is too dim')).actions).toEqual(['Set Alpha = 0.85 on "Map"']);
  });

  it('"the map is too busy" changes nothing and offers "more transparent"', async () => {
    const r = await planWhole('the map is too busy');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([{ label: 'the map is more transparent', actions: ['Set Alpha = 0.35 on "Map"'] }]);
  });
});
