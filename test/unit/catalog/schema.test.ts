import { describe, it, expect } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalogFile, catalogProblems } from '../../../src/core/catalog/index.ts';
import type { CatalogFile, DerivedTopic, DisplayTypeSpec } from '../../../src/core/catalog/index.ts';

const schema = JSON.parse(readFileSync(new URL('../../../catalog/schema.json', import.meta.url), 'utf8')) as object;
const onDisk = JSON.parse(readFileSync(new URL('../../../catalog/displays.json', import.meta.url), 'utf8')) as CatalogFile;
const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);

function withDisplay(change: (d: DisplayTypeSpec) => void): CatalogFile {
  const copy = structuredClone(onDisk);
  change(copy.displays.find((d) => d.name === 'LaserScan')!);
  return copy;
}

function prop(d: DisplayTypeSpec, path: string) {
  return d.properties.find((p) => p.path === path)!;
}

describe('catalog/schema.json', () => {
  it('accepts catalog/displays.json under ajv strict mode', () => {
    const ok = validate(onDisk);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('rejects an enum property without values', () => {
    expect(validate(withDisplay((d) => { delete prop(d, 'Style').values; }))).toBe(false);
  });

  it('rejects a default of the wrong type for its kind', () => {
    expect(validate(withDisplay((d) => { prop(d, 'Selectable').default = 'yes'; }))).toBe(false);
    expect(validate(withDisplay((d) => { prop(d, 'Topic/Depth').default = 2.5; }))).toBe(false);
    expect(validate(withDisplay((d) => { prop(d, 'Color').default = '255, 0, 0'; }))).toBe(false);
  });

  it('rejects values on a non-enum property, unknown fields and a bad QoS string', () => {
    expect(validate(withDisplay((d) => { prop(d, 'Alpha').values = ['1']; }))).toBe(false);
    expect(validate(withDisplay((d) => { (d as unknown as Record<string, unknown>)['colour'] = 'red'; }))).toBe(false);
    expect(validate(withDisplay((d) => { d.defaultQos!['Topic']!.reliability = 'best effort' as 'Best Effort'; }))).toBe(false);
  });

  it('checks the optional parts: transports, derived topics, empty values, other phrases', () => {
    const withCamera = (change: (d: DisplayTypeSpec) => void): CatalogFile => {
      const copy = structuredClone(onDisk);
      change(copy.displays.find((d) => d.name === 'Camera')!);
      return copy;
    };
    expect(validate(withCamera((d) => { d.transports!.push({ suffix: 'x/y' }); }))).toBe(false);
    expect(validate(withCamera((d) => { delete (d.derivedTopics![0] as Partial<DerivedTopic>).note; }))).toBe(false);
    expect(validate(withCamera((d) => { d.derivedTopics![0]!.rule = 'prefix' as 'suffix'; }))).toBe(false);
    expect(validate(withDisplay((d) => { prop(d, 'Alpha').emptyAllowed = true; }))).toBe(false);
    expect(validate({ ...structuredClone(onDisk), otherPhrases: ['Fixed Frame'] })).toBe(false);
  });

  it('rejects upper-case words and a malformed message type', () => {
    expect(validate(withDisplay((d) => { d.words.push('Lidar'); }))).toBe(false);
    expect(validate(withDisplay((d) => { d.messageTypes = ['sensor_msgs/LaserScan']; }))).toBe(false);
  });
});

describe('catalogProblems (cross-field rules)', () => {
  it('finds none in the shipped catalog, which is the file on disk', () => {
    expect(catalogProblems(catalogFile)).toEqual([]);
    expect(catalogFile).toEqual(onDisk);
  });

  it('reports a default outside its range or values', () => {
    const bad = withDisplay((d) => { prop(d, 'Alpha').default = 1.5; prop(d, 'Style').default = 'Blobs'; });
    const problems = catalogProblems(bad);
    expect(problems.some((p) => p.startsWith('LaserScan "Alpha": default does not fit'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LaserScan "Style": default does not fit'))).toBe(true);
  });

  it('reports broken references', () => {
    const bad = withDisplay((d) => {
      prop(d, 'Axis').requires = [{ path: 'Colour Transformer', value: 'AxisColor' }];
      d.topicProperties.push('Scan Topic');
      prop(d, 'Style').valueWords!.push({ value: 'Dots', words: ['dots'] });
    });
    expect(catalogProblems(bad)).toEqual([
      'LaserScan: topic property "Scan Topic" is not a property of kind topic',
      'LaserScan "Style": value word target "Dots" is not one of its values',
      'LaserScan "Axis": requires unknown property "Colour Transformer"',
    ]);
  });
});
