// Accounting for numbers: a number the user wrote is content. When a clause's number went into no action and no note
// ("robot1 odometry arrows green, and keep 50" where the 50 reached nothing), the plan does less than was asked, and
// applying the rest would half-apply the request; the caller offers it as a choice instead.
import type { RvizAction } from '../../rviz/action-types.ts';
import { tokenize } from '../../catalog/text.ts';
import { numbersIn } from './mentions.ts';
import { topicTokens, type Planner } from './shared.ts';
import type { PlanContext } from '../types.ts';

/** A question back about where a number goes, or a clause (or the number) not understood at all. */
const NOT_PLACED = /which setting .*should be|which setting did you mean|^did not understand "[^"]*"$/;
/** "keep 50 instead of 20", "from 0.3 up to 0.5": the number after these is the value now, not one to set. */
const OLD_VALUE = /\b(?:instead\s+of|rather\s+than|from|not)\s*$/i;
/** "the depth stays at 5", "alpha remains 0.3": a number of what is kept as it is. */
const STAYS = new Set(['stay', 'stays', 'remain', 'remains', 'staying', 'remaining']);

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Every number an action's value holds ("0.5", "255; 0; 0" → 255, 0, 0). */
function valuesOf(actions: readonly RvizAction[]): number[] {
  return actions.flatMap((a) => (typeof a.value === 'string' ? (a.value.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number) : []));
}

/** The words of the robot's topics and frames, worked out once per plan context (big graphs hold thousands of topics). */
const graphWords = new WeakMap<PlanContext, ReadonlySet<string>>();

/** Whether a number is a word of a name here: a topic ("sensor 250" of /fleet/sensor_250/…), a display, a frame. */
function namesIt(p: Planner, written: string): boolean {
  // ("robot 2", "the one of 1" beside robot1 and robot2: a number that is, or ends, a word of a namespace or a display.)
  const ends = new RegExp(`(?:^|[a-z_])${written}$`);
  if (p.ctx.namespaces.some((n) => ends.test(n.toLowerCase())) || p.state.live().some((d) => tokenize(d.name).some((t) => ends.test(t)))) return true;
  let words = graphWords.get(p.ctx);
  if (!words) {
    words = new Set([...p.ctx.topics.flatMap((t) => topicTokens(t.name)), ...p.ctx.frames.flatMap((f) => tokenize(f))]);
    graphWords.set(p.ctx, words);
  }
  return words.has(written);
}

/**
 * The numbers of a clause (as written) that nothing used: no value of the clause's actions is the number (in its unit,
 * as a share of 1, or as what is left of 1), the clause set no number of its own (a number it worked out, "0.05 m
 * smaller", counts as the number used), and no note of the clause answers it other than by asking where it goes. Shares written as words ("half") are factors,
 * read elsewhere; a number that is a word of a name here ("cam 5") is no value, nor one a translation wrote.
 */
export function unusedNumbers(p: Planner, request: string, clause: string, actions: readonly RvizAction[], notes: readonly string[]): string[] {
  if (tokenize(clause).some((t) => STAYS.has(t))) return [];
  const words = clause.split(/[\s,;:()]+/).filter((w) => w.length > 0);
  const values = valuesOf(actions);
  const setsNumber = actions.some((a) => a.action === 'set_property' && typeof a.value === 'string' && /^-?\d+(?:\.\d+)?$/.test(a.value.trim()));
  const out: string[] = [];
  for (const m of numbersIn(clause)) {
    if (m.word !== undefined) continue;
    const word = words[m.index] ?? '';
    const written = (/-?\d+(?:\.\d+)?/.exec(word) ?? [])[0] ?? word.replace(/[.!?]+$/, '');
    // (Only a number the user wrote: "緑一色" is read "green 1 colour", and the 1 is no value.)
    if (!written || !(request.includes(written) || request.includes(written.replace('.', ',')))) continue;
    if (OLD_VALUE.test(words.slice(0, m.index).join(' '))) continue;
    if (setsNumber || namesIt(p, written.replace(/^-/, ''))) continue;
    const v = m.value;
    const forms = m.percent ? [v, v / 100, 1 - v / 100] : [v, v / 100, v / 1000, v * 1000];
    if (values.some((x) => forms.some((f) => close(x, f)))) continue;
    // ("hide 2 costmaps": a count of the displays the clause acts on.)
    if (!m.percent && v === new Set(actions.map((a) => a.display).filter((d) => d)).size) continue;
    // (A clause answered with a reason, "Alpha takes 0–1; 7 is out of range", "there is no Odometry display", "no Image
    // setting takes "50 %"", "could mean Mist or Trail", used its words, as did one left out for a word it did not
    // understand, which says so. A question back for the number, "which setting should be 0.08?", or "did not understand
    // "80"" is no use of it.)
    if (notes.some((n) => !NOT_PLACED.test(n) && !n.startsWith('read as '))) continue;
    out.push(written);
  }
  return out;
}
