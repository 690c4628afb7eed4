// The Global Options a plan may set besides the fixed frame (set_fixed_frame): set_property on the display name
// "Global Options" with one of these paths. Their specs check values like a display's properties do.
import type { PropertySpec } from '../catalog/types.ts';

export const GLOBAL_OPTIONS = 'Global Options';

export const GLOBAL_OPTION_SPECS: readonly PropertySpec[] = [
  { path: 'Background Color', kind: 'color', default: '48; 48; 48' },
  { path: 'Frame Rate', kind: 'int', default: 30, min: 1, max: 1000 },
];

/** Whether an action's display names the Global Options (loosely: "global options"). */
export function isGlobalOptions(display: string): boolean {
  return display.trim().toLowerCase().replace(/\s+/g, ' ') === 'global options';
}

export function globalOptionSpec(path: string): PropertySpec | undefined {
  const want = path.trim().toLowerCase();
  return GLOBAL_OPTION_SPECS.find((s) => s.path.toLowerCase() === want);
}
