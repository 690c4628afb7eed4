// Which group holds a robot's displays (several robots, one namespace each): found by the group's name or by the topics
// inside it, so a set-up or a new display of that robot goes where its other displays are.
import { splitCamel, tokenize } from '../../catalog/text.ts';
import { looseDisplayName } from '../../rviz/displays.ts';
import { isVirtualGroup, type VirtualDisplay } from '../state.ts';
import type { Planner } from './shared.ts';

/** `robot1/Scan` for a display in a group, its name at the top level. */
export function placeName(d: VirtualDisplay): string {
  return [...d.groupPath, d.name].join('/');
}

/** The topics shown by a display and every display inside it. */
function topicsWithin(p: Planner, g: VirtualDisplay): string[] {
  const inside = (d: VirtualDisplay): boolean => d.parent !== undefined && (d.parent === g || inside(d.parent));
  return p.state.live().filter(inside).flatMap((d) => [...d.topics.values()]).filter((t) => t !== '');
}

/**
 * The group a robot's displays live in: one named after the namespace (loosely: "Robot 1" is robot1; or holding it
 * as a word: "robot1 sensors"), else one whose displays all show that robot's topics; the outermost such group.
 */
export function robotGroup(p: Planner, ns: string): VirtualDisplay | undefined {
  const groups = p.state.live().filter(isVirtualGroup);
  const outermost = (gs: VirtualDisplay[]): VirtualDisplay | undefined => [...gs].sort((a, b) => a.groupPath.length - b.groupPath.length)[0];
  const key = looseDisplayName(ns);
  const named = groups.filter((g) => looseDisplayName(g.name) === key);
  if (named.length) return outermost(named);
  // The namespace's words in a row inside the group's name ("robot1 sensors", "Sensors (tb3_0)").
  const want = tokenize(splitCamel(ns));
  const worded = groups.filter((g) => {
    const have = tokenize(splitCamel(g.name));
    return want.length > 0 && have.some((_, i) => want.every((w, j) => have[i + j] === w));
  });
  if (worded.length) return outermost(worded);
  return outermost(groups.filter((g) => {
    const topics = topicsWithin(p, g);
    return topics.length > 0 && topics.every((t) => t.startsWith(`/${ns}/`));
  }));
}
