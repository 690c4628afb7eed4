/**
 * RViz2's Global Options (catalog/global-options.json, checked by catalog/global-options.schema.json): Fixed Frame,
 * Background Color, Frame Rate, Default Light. They are properties of the whole view, addressed in actions as the
 * display `Global Options` (set_property) or by set_fixed_frame.
 */
import data from '../../../catalog/global-options.json';
import type { PropertySpec } from './types.ts';

/** The name actions use for the view's own settings (`set_property` with `display: "Global Options"`). */
export const GLOBAL_OPTIONS = 'Global Options';

export interface GlobalOptionsFile {
  schemaVersion: 1;
  properties: PropertySpec[];
  sources: string[];
}

const file = Object.freeze(data as unknown as GlobalOptionsFile);
for (const p of file.properties) Object.freeze(p);

export const globalOptionSpecs: readonly PropertySpec[] = Object.freeze([...file.properties]);

/** A Global Option by its path, loosely (`background color`, `Frame rate`). */
export function globalOptionSpec(path: string): PropertySpec | undefined {
  const key = path.trim().toLowerCase().replace(/\s+/g, ' ');
  return globalOptionSpecs.find((p) => p.path.toLowerCase() === key);
}

/** Whether an action's `display` names the Global Options rather than a display. */
export function isGlobalOptions(display: string): boolean {
  return display.trim() === GLOBAL_OPTIONS;
}
