// The offline planner's data files load and agree with the catalog: catalog/recipes.json (goal-level set-ups) and
// catalog/lexicons/*.json (other languages), each checked by its JSON Schema, like the catalog's own tests.
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { RECIPES, type RecipeFile } from '../../../src/core/planner/offline/recipes.ts';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));

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
