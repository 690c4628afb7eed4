// A type named in the singular ("hide the path", "make the costmap darker") where the document holds several displays
// of that type ("Global Plan" and "Local Plan"): which one is meant is not said. The clause acts on none; each display,
// and all of them together, are offered as choices. "both", "all", a plural or a display's own name decide it; in a
// language that marks no plural (Chinese, Japanese) the noun says nothing about how many, so all are meant.
import { singular, splitCamel, tokenize } from '../../catalog/text.ts';
import { ALL_WORDS } from './lexicon.ts';
import type { Planner, Target, TargetReading } from './shared.ts';

/** Words that say the clause means every one of them. */
const EVERY_ONE = new Set([...ALL_WORDS, 'either', 'them', 'they', 'those', 'these', 'two', 'three', 'ones']);

export function readSeveralOfOneType(p: Planner, tokens: readonly string[], targets: Target[]): TargetReading {
  const sure = { targets, unsure: false };
  if (targets.length !== 1 || p.numberless || p.everyRobot) return sure;
  const t = targets[0]!;
  if (!t.spec || !t.span || t.displays.length < 2 || t.within || t.ns !== undefined || t.topics.length > 0) return sure;
  const live = new Set(p.state.live());
  if (t.displays.some((d) => d.spec !== t.spec || d.classId === 'rviz_common/Group' || !live.has(d))) return sure;
  if (tokens.some((w) => EVERY_ONE.has(w))) return sure;
  const said = tokens.slice(t.span.start, t.span.start + t.span.length);
  const noun = said.at(-1);
  // (A type named in the plural, "Axes", says nothing about how many by its own name.)
  const ownName = tokenize(splitCamel(t.spec.name)).at(-1);
  if (noun === undefined || (singular(noun) !== noun && noun !== ownName)) return sure;
  // (A name two of them share, as "Scan" in each robot's group, decides nothing.)
  if (t.displays.filter((d) => tokenize(splitCamel(d.name)).join(' ') === said.join(' ')).length === 1) return sure;
  return { targets: t.displays.map((d) => ({ ...t, displays: [d], plural: false })), unsure: true };
}
