// One display made to look like another: "make robot2's plan look like robot1's", "make the local costmap look like the
// global costmap". The other display is the model: its settings (all but the topic) are copied. A robot named as the
// model is that robot's one display of the same type.

import { tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { act, type Planner } from './shared.ts';
import { resolveTargets } from './targets.ts';

/** The one display of `d`'s type that robot `ns` has (not one this plan added). */
function robotsOwn(p: Planner, d: VirtualDisplay, ns: string): VirtualDisplay[] {
  return p.state.live().filter((x) => x !== d && !x.added && x.classId === d.classId && [...x.topics.values()].some((t) => t.startsWith(`/${ns}/`)));
}

/** `to` takes every setting of `from` but the topic; the note says what was copied. */
function copySettings(p: Planner, from: VirtualDisplay, to: VirtualDisplay): void {
  let copied = 0;
  for (const prop of to.spec?.properties ?? []) {
    if (prop.kind === 'topic') continue;
    const value = p.state.valueOf(from, prop.path);
    if (value === undefined || value === p.state.valueOf(to, prop.path)) continue;
    p.actions.push(act({ action: 'set_property', display: p.state.handle(to), property: prop.path, value }));
    to.planProps.set(prop.path, value);
    copied++;
  }
  p.notes.push(`${to.name}: set like ${from.name} (${copied === 0 ? 'nothing differed' : `${copied} setting${copied === 1 ? '' : 's'} copied`})`);
}

const LOOK_LIKE = /^(?:please\s+)?make\s+(.+?)\s+look\s+(?:just\s+|exactly\s+)?(?:like|the\s+same\s+as)\s+(.+?)\s*[.!]*$/i;

/** "make robot2's plan look like robot1's": one display takes another's settings. False when the clause is not one. */
export function lookAlike(p: Planner, clause: string): boolean {
  const m = LOOK_LIKE.exec(clause.trim());
  if (!m) return false;
  const one = (phrase: string): VirtualDisplay[] => {
    const tokens = tokenize(phrase.replace(/['’]s\b/g, ''));
    return [...new Set(resolveTargets(p, tokens.join(' '), tokens, []).flatMap((t) => t.displays))];
  };
  const targets = one(m[1]!);
  if (targets.length !== 1 || !targets[0]!.spec) return false;
  const target = targets[0]!;
  const model = tokenize(m[2]!.replace(/['’]s\b/g, '')).filter((t) => !['the', 'one', 'ones'].includes(t));
  const ns = model.length === 1 ? p.ctx.namespaces.find((n) => n.toLowerCase() === model[0]) : undefined;
  const sources = ns ? robotsOwn(p, target, ns) : one(m[2]!).filter((d) => d !== target && d.classId === target.classId);
  if (sources.length !== 1) {
    p.notes.push(`"${clause.trim()}": no one ${target.spec!.name} display to copy from${sources.length > 1 ? ` (${sources.map((d) => d.name).join(', ')})` : ''}; nothing was changed`);
    p.last = [];
    return true;
  }
  copySettings(p, sources[0]!, target);
  p.last = [{ spec: target.spec, displays: [target], topics: [], phrase: target.name, plural: false }];
  return true;
}
