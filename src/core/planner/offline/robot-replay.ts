// "now the same for robot 2", "the other one too" after a change on one robot: the last turn's changes made again on
// the other robot's counterparts (the display of the same type in its namespace, by name when it has several; the
// fixed frame in its TF tree). The changes are translated, never read again from the words: "bigger" read again would
// start from the other display's size, and "robot1/odom" read again on robot2 is no frame at all.
import type { PlannerTurn } from '../types.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import type { VirtualDisplay } from '../state.ts';
import { act, belongsTo, type Planner } from './shared.ts';

/** The one display of `ns` that is `d`'s counterpart: the same type, and the same name when there are several. */
function counterpart(p: Planner, d: VirtualDisplay, from: string, ns: string): VirtualDisplay | undefined {
  const mates = p.state.live().filter((x) => x !== d && x.classId === d.classId && belongsTo(x, ns) && !belongsTo(x, from));
  if (mates.length === 1) return mates[0];
  const named = mates.filter((x) => x.name === d.name);
  return named.length === 1 ? named[0] : undefined;
}

/** The turn's changes on robot `ns` instead of `from`; undefined when one of them has no single counterpart there. */
export function translatedTurn(p: Planner, turn: PlannerTurn, from: string, ns: string): RvizAction[] | undefined {
  const swap = (s: string): string => s.replace(new RegExp(`(^|/)${from}(?=/|$)`, 'g'), `$1${ns}`);
  const out: RvizAction[] = [];
  for (const a of turn.actions ?? []) {
    // (What completion added, it adds again.)
    if (a.origin === 'auto') continue;
    if (a.action === 'set_fixed_frame') {
      if (swap(a.frame) === a.frame || !p.ctx.frames.includes(swap(a.frame))) return undefined;
      out.push(act({ action: 'set_fixed_frame', frame: swap(a.frame) }));
      continue;
    }
    if (!['set_property', 'set_enabled', 'set_topic'].includes(a.action)) return undefined;
    const found = p.state.find(a.display);
    const twin = found.ok ? counterpart(p, found.display, from, ns) : undefined;
    if (!twin) return undefined;
    out.push(act({ action: a.action, display: p.state.handle(twin), property: a.property, value: a.value, topic: swap(a.topic) }));
  }
  return out.length > 0 ? out : undefined;
}

/** Plans the translated changes, as the state will hold them; false when the turn does not translate. */
export function replayTranslated(p: Planner, turn: PlannerTurn, from: string, ns: string): boolean {
  if (turn.outcome !== 'applied' || from === ns) return false;
  const actions = translatedTurn(p, turn, from, ns);
  if (!actions) return false;
  for (const a of actions) {
    const found = a.display ? p.state.find(a.display) : undefined;
    const d = found?.ok ? found.display : undefined;
    if (d && a.action === 'set_property') d.planProps.set(a.property, a.value);
    if (d && a.action === 'set_enabled') d.enabled = a.value === 'true';
    if (d && a.action === 'set_topic' && d.spec?.topicProperties[0]) d.topics.set(d.spec.topicProperties[0], a.topic);
  }
  p.actions.push(...actions);
  return true;
}
