// The browser bundle's kb (Vite's import.meta.glob, also resolved by Vitest) holds the same entries as the files.
import { describe, expect, it } from 'vitest';
import { bundledKbSources } from '../../../src/ui/kb-data.ts';
import { readKbSources } from '../../../src/cli/kb-files.ts';

describe('bundled kb (browser)', () => {
  it('globs every kb file except the schema, with its path', async () => {
    const { sources } = await readKbSources();
    const bundled = bundledKbSources();
    expect(bundled.map((s) => s.path)).toEqual(sources.map((s) => s.path.replace(/^.*?kb\//, 'kb/')));
    expect(bundled.map((s) => s.value)).toEqual(sources.map((s) => s.value));
  });
});
