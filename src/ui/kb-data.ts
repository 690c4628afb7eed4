/// <reference types="vite/client" />
// The knowledge entries bundled into the browser app: Vite inlines every kb/*.json at build time, and
// they go through the same validator as on the CLI, so a bad file is reported with its path, never used.
import { loadKbEntries, type KbLoadResult, type KbSource } from '../core/assistant/kb.ts';
import { compareText } from '../core/compare-text.ts';

const modules: Record<string, unknown> = import.meta.glob(['/kb/*.json', '!/kb/schema.json'], { eager: true, import: 'default' });

/** The bundled files as sources (path → parsed JSON), sorted by path. */
export function bundledKbSources(): KbSource[] {
  return Object.entries(modules)
    .sort(([a], [b]) => compareText(a, b))
    .map(([path, value]) => ({ path: path.replace(/^\//, ''), value }));
}

let cached: KbLoadResult | undefined;

/** Entries validated once per page load. */
export function bundledKb(): KbLoadResult {
  cached ??= loadKbEntries(bundledKbSources());
  return cached;
}
