// Ranges on a display whose class the catalog does not know ("voxels height limits 0 to 2.5" on an
// octomap_rviz_plugins/OccupancyGrid): its own document keys are the only settings known, so a range goes to a Min/Max
// pair among them (top-level numeric keys whose names start with Min and Max and are otherwise the same, such as
// "Min. Height Display" / "Max. Height Display"), picked by the clause's words when there are several. Nothing else
// of a plugin is guessed.
import { singular, tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import type { Quantity } from './quantities.ts';
import { round } from './settings.ts';

const MIN_KEY = /^min(?:imum)?\b\.?\s*/i;
const GENERIC = new Set(['min', 'max', 'minimum', 'maximum', 'display', 'value', 'values', 'limit', 'limits']);

/** The Min/Max keys of the document that a range names, or a question when several fit and the words tell none apart. */
export function pluginRange(d: VirtualDisplay, tokens: readonly string[], range: Quantity): { settings: { path: string; value: string }[] } | { question: string } | undefined {
  if (range.to === undefined || !d.docProps) return undefined;
  const keys = Object.entries(d.docProps).filter(([, v]) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))));
  const pairs: [string, string][] = [];
  for (const [key] of keys) {
    const m = MIN_KEY.exec(key);
    if (!m) continue;
    const rest = key.slice(m[0].length);
    const partner = keys.find(([k]) => k !== key && /^max(?:imum)?\b\.?\s*/i.test(k) && k.replace(/^max(?:imum)?\b\.?\s*/i, '') === rest);
    if (partner) pairs.push([key, partner[0]]);
  }
  if (pairs.length === 0) return undefined;
  const have = new Set(tokens.map(singular));
  const score = ([min]: [string, string]): number => tokenize(min).map(singular).filter((t) => !GENERIC.has(t) && have.has(t)).length;
  const best = Math.max(...pairs.map(score));
  const named = pairs.length === 1 ? pairs : pairs.filter((pr) => best > 0 && score(pr) === best);
  if (named.length !== 1) return { question: `${d.name}: which range is meant (${pairs.map(([a, b]) => `${a} … ${b}`).join(' or ')}) for ${range.value} to ${range.to}?` };
  const [min, max] = named[0]!;
  return { settings: [{ path: min, value: round(range.value) }, { path: max, value: round(range.to) }] };
}
