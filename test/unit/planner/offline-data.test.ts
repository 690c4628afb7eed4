// The offline planner's data files load and agree with the catalog: catalog/recipes.json (goal-level set-ups) and
// catalog/lexicons/*.json (other languages) and catalog/concepts.json (English concepts and phrasings), each checked by its JSON Schema, like the catalog's own tests.
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { tokenize } from '../../../src/core/catalog/text.ts';
import { vocabulary } from '../../../src/core/planner/offline/accounting.ts';
import { CONCEPTS, rewritePhrasings } from '../../../src/core/planner/offline/concepts.ts';
import { LEXICONS, translate, type LexiconFile } from '../../../src/core/planner/offline/languages.ts';
import { RECIPES, type RecipeFile } from '../../../src/core/planner/offline/recipes.ts';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));

describe('catalog/concepts.json', () => {
  const validate = new Ajv({ strict: true, allErrors: true, allowMatchingProperties: true }).compile(read('catalog/concepts.schema.json') as object);

  it('passes its schema under ajv strict mode, and refuses an unknown field', () => {
    expect(validate(read('catalog/concepts.json')), JSON.stringify(validate.errors)).toBe(true);
    const copy = structuredClone(read('catalog/concepts.json')) as { rewrites: Record<string, unknown>[] };
    copy.rewrites[0]!.flags = 'g';
    expect(validate(copy)).toBe(false);
  });

  it('rewrites the example each phrasing gives of itself', () => {
    for (const r of CONCEPTS.rewrites) {
      const example = /"([^"]+)"/.exec(r.why)?.[1];
      expect(example, r.why).toBeDefined();
      expect(rewritePhrasings(example!), r.why).not.toBe(example);
    }
  });
});

describe('catalog/recipes.json', () => {
  const validate = new Ajv({ strict: true, allErrors: true, allowMatchingProperties: true }).compile(read('catalog/recipes.schema.json') as object);
  const onDisk = read('catalog/recipes.json') as RecipeFile;

  it('passes its schema under ajv strict mode', () => {
    expect(validate(onDisk), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a recipe display without a label and an unknown field', () => {
    const copy = structuredClone(onDisk);
    delete (copy.recipes[0]!.displays[0] as Partial<(typeof copy.recipes)[0]['displays'][0]>).label;
    expect(validate(copy)).toBe(false);
    const extra = structuredClone(onDisk) as unknown as { recipes: Record<string, unknown>[] };
    extra.recipes[0]!.colour = 'red';
    expect(validate(extra)).toBe(false);
  });

  it('has the six set-ups the planner promises', () => {
    expect(RECIPES.recipes.map((r) => r.id).sort()).toEqual(['localization', 'manipulation', 'mapping', 'multi-robot', 'navigation', 'perception']);
  });

  it('names only catalog display types, and sets only their properties to values the catalog accepts', () => {
    for (const r of RECIPES.recipes) {
      for (const d of r.displays) {
        const spec = catalog.resolveType(d.type);
        expect(spec?.name, `${r.id}: ${d.type}`).toBe(d.type);
        for (const [path, value] of Object.entries(d.set ?? {})) {
          const prop = catalog.property(spec!, path);
          expect(prop, `${r.id}: ${d.type} ${path}`).toBeDefined();
          expect(catalog.checkValue(prop!, value).ok, `${r.id}: ${d.type} ${path}=${value}`).toBe(true);
        }
      }
    }
  });

  it('gives each phrase to one recipe only', () => {
    const seen = new Map<string, string>();
    for (const r of RECIPES.recipes) for (const p of r.phrases) {
      expect(seen.get(p), `"${p}" in ${r.id} and ${seen.get(p)}`).toBeUndefined();
      seen.set(p, r.id);
    }
  });
});

describe('catalog/lexicons/*.json', () => {
  const validate = new Ajv({ strict: true, allErrors: true }).compile(read('catalog/lexicons/schema.json') as object);
  const codes = ['es', 'de', 'fr', 'pt', 'it', 'zh', 'ja'];
  const files = codes.map((c) => read(`catalog/lexicons/${c}.json`) as LexiconFile);
  const english = vocabulary(catalog);

  it('pass their schema under ajv strict mode, one per language the planner reads', () => {
    for (const f of files) expect(validate(f), `${f.language}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(files.map((f) => f.language)).toEqual(codes);
    expect(LEXICONS.map((l) => l.language)).toEqual(codes);
  });

  it('refuses an upper-case key and an English value that is not plain words', () => {
    const bad = structuredClone(files[0]!);
    bad.colours['Rojo'] = 'red';
    expect(validate(bad)).toBe(false);
    const worse = structuredClone(files[0]!);
    worse.colours['rojo'] = 'Red!';
    expect(validate(worse)).toBe(false);
  });

  it('map only to English the planner knows', () => {
    for (const f of files) {
      for (const section of ['verbs', 'types', 'properties', 'colours', 'numbers', 'units', 'words', 'filler', 'final'] as const) {
        for (const [k, v] of Object.entries(f[section] ?? {})) {
          for (const t of tokenize(v)) expect(english.has(t) || /^\d+$/.test(t), `${f.language} ${section} "${k}" → "${v}": "${t}"`).toBe(true);
        }
      }
    }
  });

  it('give one phrase one meaning within a language', () => {
    for (const f of files) {
      const seen = new Map<string, string>();
      for (const section of ['verbs', 'types', 'properties', 'colours', 'numbers', 'units', 'words', 'filler'] as const) {
        for (const [k, v] of Object.entries(f[section])) {
          const key = k.toLowerCase();
          const before = seen.get(key);
          expect(before === undefined || before === v, `${f.language}: "${k}" is "${before}" and "${v}"`).toBe(true);
          seen.set(key, v);
        }
      }
    }
  });

  it('leave English alone and read each language as English', () => {
    expect(translate('set the fixed frame to odom and make the robot model semi transparent', english)).toBeUndefined();
    expect(translate('muestra el láser en rojo', english)?.english).toBe('show laser in red');
    expect(translate('blende das Gitter aus', english)?.english).toBe('hide grid');
    expect(translate('tamaño de punto 0,05', english)?.english).toBe('point size 0.05');
    expect(translate('把激光雷达改成红色', english)).toEqual({ language: 'zh', name: 'Chinese', english: 'lidar set to red', unknown: [] });
    expect(translate('レーザーを赤くして', english)?.language).toBe('ja');
  });

  it('names what it could not read in a CJK request and plans nothing', () => {
    expect(translate('把激光雷达变成闪闪发光的', english)?.unknown).toEqual(['闪闪发光']);
  });
});
