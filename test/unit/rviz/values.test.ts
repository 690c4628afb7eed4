import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { applyActions, checkValue, coerceValue, findDisplay, getProperty, History, listDisplays, normalizeColor } from '../../../src/core/rviz/index.ts';
import { doc, SAMPLE } from './helpers.ts';

const opts = { lookup: catalog };
const oneLine = fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' }).filter((s) => !/[\r\n\u0000\uFFFD\u2028\u2029\u0085]/.test(s) && s.trim() !== '' && s.trim() === s);

describe('any single-line text round-trips through YAML quoting', () => {
  it('rename_display and string properties read back exactly; undo restores the text (block and flow)', () => {
    const flow = SAMPLE.replace('    - Alpha: 0.5\n      Class: rviz_default_plugins/Grid\n      Color: 160; 160; 164\n      Enabled: true\n      Name: Grid\n      Value: true\n',
      '    - {Alpha: 0.5, Class: rviz_default_plugins/Grid, Color: 160; 160; 164, Enabled: true, Name: Grid, Value: true}\n');
    const base = [doc(SAMPLE), doc(flow)];
    fc.assert(fc.property(fc.constantFrom(0, 1), oneLine, (which, text) => {
      const d = base[which]!;
      const taken = listDisplays(d).some((x) => x.name.toLowerCase().replace(/[\s_-]+/g, '') === text.toLowerCase().replace(/[\s_-]+/g, ''));
      const r = applyActions(d, [
        { action: 'rename_display', display: 'Grid', value: text },
        { action: 'set_property', display: 'Particles', property: 'Note', value: `note ${text}` },
      ], opts);
      if (taken || text.startsWith('Visualization Manager/Displays/')) return;
      if (!r.ok) throw new Error(r.reason);
      const found = findDisplay(r.doc, text);
      expect(found.ok).toBe(true);
      expect(getProperty(r.doc, 'Particles', 'Note')).toMatchObject({ ok: true, value: `note ${text}` });
      const h = new History();
      h.record('x', r.change);
      const u = h.undo(r.doc);
      expect(u.ok && u.doc.text).toBe(d.text);
    }), { numRuns: Number(process.env.RVIZ_FC_RUNS ?? 150) });
  });
});

describe('coerceValue without a catalog entry follows the current value', () => {
  it('keeps the current type, infers for new keys', () => {
    expect(coerceValue('0.3', undefined, 1, 'x')).toEqual({ ok: true, value: 0.3 });
    expect(coerceValue('abc', undefined, 1, '"Size" of "A"')).toEqual({ ok: false, reason: 'rviz: "Size" of "A" is a number now; expected a number (got "abc")' });
    expect(coerceValue('TRUE', undefined, false, 'x')).toEqual({ ok: true, value: true });
    expect(coerceValue('12', undefined, 'name', 'x')).toEqual({ ok: true, value: '12' });
    expect(coerceValue('12', undefined, undefined, 'x')).toEqual({ ok: true, value: 12 });
    expect(coerceValue('a\nb', undefined, undefined, 'x')).toMatchObject({ ok: false });
    expect(normalizeColor('255, 0,0')).toBe('255; 0; 0');
    expect(normalizeColor('256; 0; 0')).toBeUndefined();
  });
});

describe('checkValue (what lint flags)', () => {
  it('flags wrong kinds, ranges, enum values; QoS typos are soft', () => {
    expect(checkValue({ path: 'Alpha', kind: 'float', min: 0, max: 1 }, 2)).toBe('must be at most 1, has 2');
    expect(checkValue({ path: 'Depth', kind: 'int', min: 1 }, 1.5)).toBe('expects a whole number, has 1.5');
    expect(checkValue({ path: 'Selectable', kind: 'bool' }, 'yes')).toBe('expects true or false, has "yes"');
    expect(checkValue({ path: 'Style', kind: 'enum', values: ['Points'] }, 'Dots')).toBe('must be one of "Points", has "Dots"');
    expect(checkValue({ path: 'Topic/Reliability Policy', kind: 'enum', values: ['Reliable'], editable: true }, 'Fast')).toContain('RViz2 silently uses its default');
    expect(checkValue({ path: 'Color Transformer', kind: 'enum', values: ['RGB8'], editable: true }, 'MyPlugin')).toBeUndefined();
    expect(checkValue({ path: 'Color', kind: 'color' }, '255; 0; 0')).toBeUndefined();
    expect(checkValue({ path: 'Color', kind: 'color' }, 'red')).toBe('expects a colour "R; G; B", has "red"');
    expect(checkValue({ path: 'Link Tree Style', kind: 'enum', values: ['Tree of links'] }, '')).toBeUndefined();
    for (const good of ['/scan', 'scan', '~/points', '/robot1/camera/image_raw', '_private/x']) expect(checkValue({ path: 'Topic', kind: 'topic' }, good)).toBeUndefined();
    for (const bad of ['/front scan', '/scan/', '//scan', '/3d/points', 'scan-raw']) expect(checkValue({ path: 'Topic', kind: 'topic' }, bad)).toMatch(/is not a valid ROS 2 topic name/);
  });
});
