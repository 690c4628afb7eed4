import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalog, catalogProblems, globalOptionSpecs } from '../../../src/core/catalog/index.ts';
import { namespaceOf, topicChoices, typeChoices } from '../../../src/core/editor/index.ts';
import { buildContext } from '../../../src/core/planner/context.ts';
import { applyActions, parse } from '../../../src/core/rviz/index.ts';
import { DEFAULT, doc, snapshot, topic } from '../planner/fixtures.ts';

const json = (path: string) => JSON.parse(readFileSync(new URL(`../../../catalog/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('Add display choices', () => {
  it('by display type: every catalog type with its summary, sorted by name', () => {
    const types = typeChoices(catalog);
    expect(types).toHaveLength(catalog.displays.length);
    expect(types.map((t) => t.name)).toEqual([...types.map((t) => t.name)].sort((a, b) => a.localeCompare(b)));
    expect(types.find((t) => t.name === 'LaserScan')?.summary.length).toBeGreaterThan(10);
  });

  it('by topic: live topics grouped by namespace, each with the types that accept it; unshowable topics left out', () => {
    const ctx = buildContext({ document: doc(), snapshot: snapshot([...[
      topic('/scan', 'sensor_msgs/msg/LaserScan', [DEFAULT('/lidar')]),
      topic('/camera/image_raw', 'sensor_msgs/msg/Image', [DEFAULT('/cam')]),
      topic('/robot1/scan', 'sensor_msgs/msg/LaserScan', []),
      topic('/chatter', 'example_interfaces/msg/Nothing', [DEFAULT('/talker')]),
    ]]) });
    const groups = topicChoices(ctx);
    expect(groups.map((g) => g.namespace)).toEqual(['/', '/camera', '/robot1']);
    expect(groups[0]!.topics.map((t) => t.name)).toEqual(['/scan']);
    expect(groups[0]!.topics[0]!.types.map((t) => t.name)).toEqual(['LaserScan']);
    expect(groups[1]!.topics[0]!.types.map((t) => t.name)).toEqual(expect.arrayContaining(['Image', 'Camera']));
    expect(namespaceOf('/camera/depth/points')).toBe('/camera/depth');
  });
});

describe('Global Options data', () => {
  it('catalog/global-options.json passes its schema (ajv strict) and holds only sound defaults', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    ajv.addSchema(json('schema.json'));
    const validate = ajv.compile(json('global-options.schema.json'));
    expect(validate(json('global-options.json'))).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
    // The same cross-field checks as the display catalog (defaults fit their kind and range).
    expect(catalogProblems({ schemaVersion: 1, displays: [{ classId: 'x/GlobalOptions', name: 'GlobalOptions', summary: 'Global Options as a display for the checks', messageTypes: [], topicProperties: [], properties: [...globalOptionSpecs], words: ['global options'], sources: ['-'] }] })).toEqual([]);
  });

  it('set_property on "Global Options" writes the option and refuses unknown ones', () => {
    const d = doc();
    const ok = applyActions(d, [{ action: 'set_property', display: 'Global Options', property: 'background color', value: 'red' }], { lookup: catalog });
    expect(ok.ok && parse(ok.doc.text).ok && ok.doc.text).toContain('Background Color: 255; 0; 0');
    const bad = applyActions(d, [{ action: 'set_property', display: 'Global Options', property: 'Gravity', value: '1' }], { lookup: catalog });
    expect(bad.ok).toBe(false);
  });
});
