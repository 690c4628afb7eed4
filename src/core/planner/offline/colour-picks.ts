// "make the red path thicker", "hide the green one": a colour word between "the" and a type word (or "one") picks the
// display drawn in that colour, when exactly one display of that kind is; the clause then names it. With none or
// several, the clause is left as written (the colour may be the value, or the choice stays open).
import { namedColors } from '../../catalog/index.ts';
import { escapeRegExp } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import type { Planner } from './shared.ts';

const COLOUR_WORDS = Object.keys(namedColors).map(escapeRegExp).join('|');
const PICK = new RegExp(`\\b(?:the|that|this)\\s+(${COLOUR_WORDS})\\s+(one|[a-z]+)\\b`, 'i');

/** Two RGB colours a user would call the same ("red" for 255; 10; 0). */
export function nearColour(a: readonly number[], b: readonly number[]): boolean {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) < 100;
}

/** The colour a display is drawn in: its `Color` setting as the plan leaves it (no other colour setting counts). */
function drawnIn(p: Planner, d: VirtualDisplay): number[] | undefined {
  if (!d.spec?.properties.some((x) => x.path === 'Color' && x.kind === 'color')) return undefined;
  const v = p.state.valueOf(d, 'Color');
  const rgb = v?.split(';').map(Number);
  return rgb && rgb.length === 3 && rgb.every(Number.isFinite) ? rgb : undefined;
}

/** The clause with "the <colour> <type>" written as the one display it picks; unchanged when it picks none or several. */
export function pickByColour(p: Planner, clause: string): string {
  const m = PICK.exec(clause);
  if (!m) return clause;
  const want = namedColors[m[1]!.toLowerCase()]!;
  const noun = m[2]!.toLowerCase();
  const types = noun === 'one' ? undefined : new Set(p.ctx.catalog.typesForWords(noun).map((s) => s.classId));
  if (types && types.size === 0) return clause;
  const picked = p.state.live().filter((d) => { const rgb = drawnIn(p, d); return d.enabled && (!types || types.has(d.classId)) && rgb !== undefined && nearColour(rgb, want); });
  if (picked.length !== 1) return clause;
  p.notes.push(`"${m[0]}" is ${picked[0]!.name}, the one drawn in ${m[1]}`);
  return clause.slice(0, m.index) + picked[0]!.name + clause.slice(m.index + m[0].length);
}
