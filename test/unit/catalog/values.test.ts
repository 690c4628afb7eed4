import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { catalog } from '../../../src/core/catalog/index.ts';
import type { PropertySpec, ValueCheck } from '../../../src/core/catalog/index.ts';

const scan = catalog.resolveType('LaserScan')!;
const grid = catalog.resolveType('Grid')!;
const map = catalog.resolveType('Map')!;
const p = (spec: typeof scan, path: string): PropertySpec => {
  const found = catalog.property(spec, path);
  if (!found) throw new Error(`test: no ${path}`);
  return found;
};
const ok = (r: ValueCheck) => (r.ok ? r.normalized : `ERR ${r.reason}`);

describe('checkValue', () => {
  it('bool: accepts common spellings and rejects others', () => {
    const sel = p(scan, 'Selectable');
    expect(ok(catalog.checkValue(sel, 'TRUE'))).toBe(true);
    expect(ok(catalog.checkValue(sel, 'off'))).toBe(false);
    expect(ok(catalog.checkValue(sel, false))).toBe(false);
    expect(catalog.checkValue(sel, 'maybe')).toEqual({ ok: false, reason: '"Selectable": "maybe" is not a boolean (use true or false)' });
  });

  it('int: needs a whole number within range', () => {
    const depth = p(scan, 'Topic/Depth');
    expect(ok(catalog.checkValue(depth, '10'))).toBe(10);
    expect(ok(catalog.checkValue(depth, 1))).toBe(1);
    expect(catalog.checkValue(depth, '0')).toEqual({ ok: false, reason: '"Topic/Depth": 0 is below the minimum 1' });
    expect(catalog.checkValue(depth, '2.5')).toEqual({ ok: false, reason: '"Topic/Depth": "2.5" is not an integer ≥ 1' });
    expect(catalog.checkValue(p(map, 'Binary threshold'), 101)).toEqual({ ok: false, reason: '"Binary threshold": 101 is above the maximum 100' });
  });

  it('float: numbers within range, percentages for 0..1 properties', () => {
    const alpha = p(scan, 'Alpha');
    expect(ok(catalog.checkValue(alpha, '0.5'))).toBe(0.5);
    expect(ok(catalog.checkValue(alpha, '50%'))).toBe(0.5);
    expect(catalog.checkValue(alpha, '1.5')).toEqual({ ok: false, reason: '"Alpha": 1.5 is above the maximum 1' });
    expect(catalog.checkValue(alpha, 'half')).toEqual({ ok: false, reason: '"Alpha": "half" is not a number in 0..1' });
    expect(catalog.checkValue(p(scan, 'Size (m)'), '0')).toEqual({ ok: false, reason: '"Size (m)": 0 is below the minimum 0.0001' });
  });

  it('enum: canonical spelling, value words, and a reason listing the allowed values', () => {
    const style = p(scan, 'Style');
    expect(ok(catalog.checkValue(style, 'flat squares'))).toBe('Flat Squares');
    expect(ok(catalog.checkValue(style, 'FlatSquares'))).toBe('Flat Squares');
    expect(ok(catalog.checkValue(p(scan, 'Topic/Reliability Policy'), 'best_effort'))).toBe('Best Effort');
    expect(ok(catalog.checkValue(p(map, 'Topic/Durability Policy'), 'latched'))).toBe('Transient Local');
    expect(catalog.checkValue(style, 'Blobs')).toEqual({
      ok: false, reason: '"Style": "Blobs" is not one of Points, Squares, Flat Squares, Spheres, Boxes, Tiles',
    });
    expect(catalog.checkValue(p(scan, 'Topic/Reliability Policy'), 'Sometimes')).toEqual({
      ok: false,
      reason: '"Topic/Reliability Policy": "Sometimes" is not one of System Default, Reliable, Best Effort (RViz2 would silently read it as its default)',
    });
    expect(catalog.checkValue(p(scan, 'Color Transformer'), 'MONO8').ok).toBe(false);
    // RViz2 saves "" before it has picked a transformer, and picks one on load.
    expect(ok(catalog.checkValue(p(scan, 'Color Transformer'), ''))).toBe('');
    expect(catalog.checkValue(p(scan, 'Style'), '').ok).toBe(false);
  });

  it('color: writes R; G; B from several notations', () => {
    const color = p(scan, 'Color');
    for (const [input, expected] of [['255; 0; 0', '255; 0; 0'], ['255,0,0', '255; 0; 0'], ['#00ff00', '0; 255; 0'], ['#fff', '255; 255; 255'],
      ['red', '255; 0; 0'], ['Grey', '128; 128; 128'], ['rgb(10, 20, 30)', '10; 20; 30'], ['1.0 0.5 0', '255; 128; 0']] as const) {
      expect([input, ok(catalog.checkValue(color, input))]).toEqual([input, expected]);
    }
    expect(catalog.checkValue(color, '300; 0; 0').ok).toBe(false);
    expect(catalog.checkValue(color, 'ultraviolet')).toEqual({
      ok: false, reason: '"Color": "ultraviolet" is not a colour (write R; G; B with 0–255 each, #rrggbb or a name such as red)',
    });
    expect(catalog.checkValue(color, true).ok).toBe(false);
    for (const word of ['__proto__', 'constructor', 'toString']) expect(catalog.checkValue(color, word).ok, word).toBe(false);
  });

  it('topic: ROS name rules', () => {
    const topic = p(scan, 'Topic');
    expect(ok(catalog.checkValue(topic, ' /scan '))).toBe('/scan');
    expect(ok(catalog.checkValue(topic, 'robot1/scan'))).toBe('robot1/scan');
    expect(catalog.checkValue(topic, '').ok).toBe(false);
    expect(catalog.checkValue(topic, '/2scan').ok).toBe(false);
    expect(catalog.checkValue(topic, '/scan//front').ok).toBe(false);
    expect(catalog.checkValue(topic, '/front scan')).toEqual({
      ok: false, reason: '"Topic": "/front scan" is not a valid ROS topic name (letters, digits and _ in /-separated parts, not starting with a digit)',
    });
  });

  it('frame: tf2 ids, the <Fixed Frame> placeholder, and no leading slash', () => {
    const frame = p(grid, 'Reference Frame');
    expect(ok(catalog.checkValue(frame, '<Fixed Frame>'))).toBe('<Fixed Frame>');
    expect(ok(catalog.checkValue(frame, 'base_link'))).toBe('base_link');
    expect(ok(catalog.checkValue(frame, '/map'))).toBe('map');
    expect(catalog.checkValue(frame, 'base link').ok).toBe(false);
  });

  it('vector: three numbers written x; y; z', () => {
    const offset = p(grid, 'Offset');
    expect(ok(catalog.checkValue(offset, '1, 2, 3'))).toBe('1; 2; 3');
    expect(ok(catalog.checkValue(offset, '(0 0 -0.5)'))).toBe('0; 0; -0.5');
    expect(catalog.checkValue(offset, '1; 2').ok).toBe(false);
  });

  it('string: kept as given', () => {
    expect(ok(catalog.checkValue(p(scan, 'Channel Name'), 'reflectivity'))).toBe('reflectivity');
  });
});

describe('checkValue is idempotent', () => {
  // Whatever checkValue accepts, it accepts again unchanged: normalised values are what RViz2 writes.
  const all = catalog.displays.flatMap((d) => d.properties);
  const texts = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map(String),
    fc.integer({ min: -300, max: 300 }).map(String),
    fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map((c) => c.join(',')),
    fc.constantFrom('true', 'off', 'Best effort', 'latched', 'flat squares', '#0f0', '1 2 3', '/scan', '/map', 'red', '<fixed frame>'),
  );

  it('holds for every property and many inputs', () => {
    fc.assert(fc.property(fc.constantFrom(...all), texts, (prop, text) => {
      const first = catalog.checkValue(prop, text);
      if (!first.ok) return true;
      const again = catalog.checkValue(prop, first.normalized);
      return again.ok && again.normalized === first.normalized;
    }), { numRuns: 3000 });
  });
});
