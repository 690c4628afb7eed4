// One request, one setting, two values: the later one wins only when it says it corrects ("…, actually yellow",
// "no, blue", "…, make it black": a correction marker or a clause that refers back with a pronoun); otherwise the
// request is unsure which it meant, so neither is applied and each is offered as a choice. What a "stays / keep /
// leave" clause protects is changed by no clause of the request, and what a correction takes back ("no, leave it") is
// not planned.
import { singular, splitCamel, tokenize } from '../../catalog/text.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import { CONCEPTS } from './concepts.ts';
import { FILLER } from './lexicon.ts';
import { colourIn, hasPhrase, numbersIn, type Span } from './mentions.ts';
import { act, offerEachReading, type Planner } from './shared.ts';
import { findVerb } from './phrases.ts';
import { qosTopicProperty } from '../qos-fix.ts';
import { isVirtualGroup, type VirtualDisplay } from '../state.ts';
import type { KeptSettings } from '../types.ts';

/** The actions one clause produced: `p.actions[start, end)`. */
export interface ClauseActions { text: string; start: number; end: number }

const LEADING = new Set(['and', 'but', 'or', 'so', 'well', 'oh', 'hmm', 'um', 'uh', 'ok', 'okay']);

/** The clause's words after leading connectives and filler. */
function content(clause: string): string[] {
  const t = tokenize(clause);
  let i = 0;
  while (i < t.length && (LEADING.has(t[i]!) || (FILLER.has(t[i]!) && !CONCEPTS.corrections.markers.includes(t[i]!)))) i++;
  return t.slice(i);
}

const marker = (tokens: readonly string[]): number => {
  for (const m of [...CONCEPTS.corrections.markers].sort((a, b) => tokenize(b).length - tokenize(a).length)) {
    const at = hasPhrase(tokens, m);
    if (at && at.start === 0) return at.length;
  }
  return 0;
};

/** A clause that is only correction markers ("no", "wait", "no sorry"): it says the next clause corrects. */
export function correctionOnly(clause: string): boolean {
  let t = content(clause);
  if (t.length === 0) return false;
  for (let n = marker(t); n > 0 && t.length > 0; n = marker(t)) t = t.slice(n);
  return t.length === 0;
}

/** A clause led by a correction marker ("actually …", "no, …"). */
export function startsWithCorrection(tokens: readonly string[]): boolean {
  return marker(tokens) > 0;
}

/** A clause that ends on a correction marker ("make it white… no"): the next clause corrects it. */
export function endsWithCorrection(clause: string): boolean {
  const t = tokenize(clause);
  return t.length > 1 && ['no', 'nope', 'wait', 'sorry'].includes(t[t.length - 1]!);
}

/** Whether a clause corrects what came before: led by a marker, after a marker-only clause, or referring back by pronoun. */
function corrects(spans: readonly ClauseActions[], k: number, byPronoun = true): boolean {
  const t = content(spans[k]!.text);
  if (marker(t) > 0) return true;
  if (k > 0 && correctionOnly(spans[k - 1]!.text)) return true;
  // ("fai il footprint rosso... anzi no, blu" read as "make footprint red actually no, blue": the clause before ends on it.)
  if (k > 0 && endsWithCorrection(spans[k - 1]!.text)) return true;
  // "make it black", "change that to red": the clause's target is a pronoun (a verb, then the pronoun).
  return byPronoun && t.slice(0, 3).some((w, i) => i > 0 && CONCEPTS.corrections.pronouns.includes(w));
}

/** The key a display's shown / hidden state is settled under, beside its settings' paths. */
const SHOWN = '\u0001shown';

/** Settles a setting given two values in different clauses of the request (see the file's comment). */
export function settleRepeatedValues(p: Planner, spans: readonly ClauseActions[]): void {
  const clauseOf = (i: number): number => spans.findIndex((s) => i >= s.start && i < s.end);
  const byKey = new Map<string, { clause: number; action: RvizAction }[]>();
  p.actions.forEach((a, i) => {
    // ("turn off Gripper Axes? no wait, keep it on": whether it is shown is settled as a setting is.)
    if (!(a.action === 'set_property' && a.property) && a.action !== 'set_enabled') return;
    const clause = clauseOf(i);
    if (clause < 0) return;
    const key = `${a.display}\u0000${a.action === 'set_enabled' ? SHOWN : a.property}`;
    byKey.set(key, [...(byKey.get(key) ?? []), { clause, action: a }]);
  });
  // A display this plan adds is named by a name a twin added later may share: two of them are not one setting.
  const added = new Set(p.actions.filter((a) => a.action === 'add_display').map((a) => a.display));
  const dropped = new Set<RvizAction>();
  for (const entries of byKey.values()) {
    if (added.has(entries[0]!.action.display)) continue;
    const values = new Set(entries.map((e) => e.action.value.toLowerCase()));
    const clauses = [...new Set(entries.map((e) => e.clause))];
    if (values.size < 2 || clauses.length < 2) continue;
    const last = Math.max(...clauses);
    const { display } = entries[0]!.action;
    const shown = entries[0]!.action.action === 'set_enabled';
    const property = shown ? 'whether it is shown' : entries[0]!.action.property;
    // (Whether it is shown is corrected only by a correction word: "…, I still need that one" is about another display.)
    // (…and by a clause that says to show or hide, "keep it on": "there's no octomap on this robot" says why.)
    const saysShown = (text: string): boolean => findVerb(tokenize(text), []) !== undefined || /\b(?:keep|leave)\s+(?:it|them|that|this)\s+(?:on|off|visible|hidden|shown|up)\b/i.test(text);
    if (corrects(spans, last, !shown) && (!shown || saysShown(spans[last]!.text))) {
      for (const e of entries) if (e.clause !== last) dropped.add(e.action);
      p.notes.push(`${display}: "${spans[last]!.text.trim()}" corrects ${shown ? property : `the ${property}`} asked for before; the later value is used`);
      continue;
    }
    if (shown) continue;
    // Unsure only when each clause writes its value out (a colour, a number): a comparative or a mode a setting needs
    // ("bigger, 20 cells", "by intensity … red") is refined by the clause after it, as before (complete() keeps one).
    if (entries.some((e) => p.held?.has(e.action))) continue;
    // "thicker, about 0.1 wide": a comparative made exact by the one value written out after it takes that value.
    const written = clauses.filter((k) => explicitValue(spans[k]!.text));
    if (written.length === 1 && written[0] === last) {
      for (const e of entries) if (e.clause !== last) dropped.add(e.action);
      p.notes.push(`${display}: ${property} takes the value written out ("${spans[last]!.text.trim()}")`);
      continue;
    }
    // "a bit see-through, say 0.5": a value offered as the amount ("say", "like", "around …") right after says how much.
    if (clauses.length === 2 && last === clauses[0]! + 1 && /^\s*(?:say|like|maybe|around|about|roughly|approximately|so)\s+-?\d/i.test(spans[last]!.text)) {
      for (const e of entries) if (e.clause !== last) dropped.add(e.action);
      p.notes.push(`${display}: ${property} takes the amount said after it ("${spans[last]!.text.trim()}")`);
      continue;
    }
    if (!clauses.every((k) => explicitValue(spans[k]!.text))) continue;
    const onDisplay = (k: number): RvizAction[] => p.actions.slice(spans[k]!.start, spans[k]!.end).filter((a) => a.display === display);
    // What more than one of these clauses sets there (the setting, and a mode each needs for it: Color Transformer
    // FlatColor) is what the choice decides; what only one clause sets there comes with every choice.
    const setBy = (k: number): string[] => onDisplay(k).filter((a) => a.action === 'set_property').map((a) => a.property);
    const shared = new Set(clauses.flatMap(setBy).filter((x) => clauses.filter((k) => setBy(k).includes(x)).length > 1));
    offerEachReading(p, clauses.flatMap(onDisplay), clauses.map((k) => {
      const others = clauses.filter((o) => o !== k).flatMap(onDisplay).filter((a) => !(a.action === 'set_property' && shared.has(a.property)));
      const value = entries.find((e) => e.clause === k)!.action.value;
      return { label: `${spans[k]!.text.trim()} (${display} ${property} ${value})`, actions: [...onDisplay(k), ...others] };
    }), `${display}: the request gives ${property} ${clauses.length} values (${clauses.map((k) => `"${spans[k]!.text.trim()}"`).join(', ')}) and does not say which one it means; nothing was changed for it, each is offered as a choice`);
  }
  if (dropped.size > 0) p.actions = p.actions.filter((a) => !dropped.has(a));
}

/** Whether a clause writes a value out: a colour (word or numbers) or a number. */
function explicitValue(clause: string): boolean {
  return colourIn(clause) !== undefined || numbersIn(clause).length > 0;
}

const QOS_WORDS = ['qos', 'quality of service', 'reliability', 'durability'];

/**
 * The settings of a display a "leave / don't touch" clause names besides the display itself ("don't touch the map's
 * QoS", "leave its colour scheme alone"): their paths, each with the settings under it. None: the clause keeps it whole.
 */
export function namedSettings(p: Planner, d: VirtualDisplay, tokens: readonly string[], nameSpans: readonly Span[]): string[] {
  if (!d.spec) return [];
  const spec = d.spec;
  const own = tokens.filter((_, i) => !nameSpans.some((s) => i >= s.start && i < s.start + s.length));
  const paths = p.ctx.catalog.propertyForWords(spec, own.join(' ')).filter((m) => m.via !== 'requires').map((m) => m.property.path);
  const qos = qosTopicProperty(spec);
  if (qos && QOS_WORDS.some((w) => hasPhrase(own, w))) paths.push(...spec.properties.filter((x) => x.path.startsWith(`${qos}/`) && /Policy|Depth/.test(x.path)).map((x) => x.path));
  if (paths.length === 0) paths.push(...settingsByOwnWord(spec, tokens, d.name));
  return [...new Set(paths)];
}

/**
 * "leave the torque arrows as they are" of a Wrench: a word that names some of the display's settings but not all
 * (torque: Torque Arrow Scale, Torque Color), and is not a word of the display's own name. Of several such words, the
 * one naming the fewest settings ("torque", not "arrows"). The topic's QoS is never named this way: "keep the depth
 * points" keeps the display, not its QoS Depth.
 */
function settingsByOwnWord(spec: NonNullable<VirtualDisplay['spec']>, tokens: readonly string[], name: string): string[] {
  const own = new Set(tokenize(name).map(singular));
  const leaves = spec.properties.filter((x) => !x.path.startsWith('Topic/'));
  const words = (path: string): string[] => tokenize(splitCamel(path.split('/').pop()!)).map(singular);
  let best: string[] = [];
  for (const t of new Set(tokens.map(singular))) {
    if (own.has(t) || FILLER.has(t) || t.length < 4) continue;
    const named = leaves.filter((x) => words(x.path).includes(t)).map((x) => x.path);
    if (named.length > 0 && named.length < leaves.length && (best.length === 0 || named.length < best.length)) best = named;
  }
  return best;
}

/**
 * "I don't need the camera, but the point cloud stays", where both are in the Camera group: hiding the group would hide
 * what the request keeps, so the group's other displays are hidden instead.
 */
function hideAroundProtected(p: Planner): void {
  // (A display that only stays shown is kept out of a hidden group as well.)
  const kept = new Set([...(p.protectedDisplays ?? []), ...(p.protectedShown ?? [])]);
  if (kept.size === 0) return;
  const inside = (d: VirtualDisplay, g: VirtualDisplay): boolean => { for (let x = d.parent; x; x = x.parent) if (x === g) return true; return false; };
  const holds = (g: VirtualDisplay): boolean => [...kept].some((d) => inside(d, g));
  const out: RvizAction[] = [];
  for (const a of p.actions) {
    const found = a.action === 'set_enabled' && a.value === 'false' ? p.state.find(a.display) : undefined;
    const g = found?.ok && isVirtualGroup(found.display) ? found.display : undefined;
    if (!g || !holds(g)) { out.push(a); continue; }
    g.enabled = true;
    const hideIn = (group: VirtualDisplay): void => {
      for (const c of p.state.children(group)) {
        if (kept.has(c)) continue;
        if (isVirtualGroup(c) && holds(c)) hideIn(c);
        else if (c.enabled) { out.push(act({ action: 'set_enabled', display: p.state.handle(c), value: 'false' })); c.enabled = false; }
      }
    };
    hideIn(g);
    p.notes.push(`${g.name} holds ${[...kept].filter((d) => inside(d, g)).map((d) => d.name).join(', ')}, which the request keeps: the group's other displays were hidden instead`);
  }
  p.actions = out;
}

/** The settings kept by name, for completion (which must not change them either). */
export function keptSettings(p: Planner): KeptSettings[] {
  return [...(p.protectedSettings ?? [])].map(([d, properties]) => ({ display: p.state.handle(d), properties }));
}

/**
 * Takes out every action on a display a "stays / keep / leave" clause protects, whichever clause planned it; of a
 * display whose settings it named, only the changes to those settings (or to settings under them).
 */
export function keepProtected(p: Planner): void {
  hideAroundProtected(p);
  const whole = new Map([...(p.protectedDisplays ?? [])].map((d) => [p.state.handle(d), d.name]));
  const settings = new Map([...(p.protectedSettings ?? [])].map(([d, paths]) => [p.state.handle(d), { name: d.name, paths }]));
  const shown = new Map([...(p.protectedShown ?? [])].map((d) => [p.state.handle(d), d.name]));
  const hidden = new Map([...(p.protectedHidden ?? [])].map((d) => [p.state.handle(d), d.name]));
  if (whole.size === 0 && settings.size === 0 && shown.size === 0 && hidden.size === 0) return;
  const kept = (a: RvizAction): string | undefined => {
    if (!a.display) return undefined;
    if (whole.has(a.display)) return whole.get(a.display);
    if (shown.has(a.display) && (a.action === 'remove_display' || (a.action === 'set_enabled' && a.value === 'false'))) return shown.get(a.display);
    if (hidden.has(a.display) && a.action === 'set_enabled' && a.value === 'true') return hidden.get(a.display);
    const s = settings.get(a.display);
    return s && a.action === 'set_property' && s.paths.some((x) => a.property === x || a.property.startsWith(`${x}/`)) ? `${s.name} ${a.property}` : undefined;
  };
  const out = p.actions.filter((a) => kept(a) === undefined);
  if (out.length === p.actions.length) return;
  const names = [...new Set(p.actions.map(kept).filter((n): n is string => n !== undefined))];
  const onlyShows = p.actions.every((a) => kept(a) === undefined || (hidden.has(a.display) && a.action === 'set_enabled'));
  if (onlyShows) p.notes.push(`${names.join(', ')}: ${names.length === 1 ? 'stays' : 'stay'} off, as the request says`);
  else p.notes.push(`${names.join(', ')}: kept as ${names.length === 1 ? 'it is' : 'they are'}, as the request says; what else it asked of ${names.length === 1 ? 'it' : 'them'} was left out`);
  p.actions = out;
}

/** Drops what a taking-back clause ("no, leave it") takes back: the actions before it on what it names, else all of them. */
export function takeBack(p: Planner): void {
  if (!p.takeBack?.length) return;
  const dropped = new Set<RvizAction>();
  for (const t of p.takeBack) {
    const handles = new Set([...t.displays].map((d) => p.state.handle(d)));
    const all = handles.size === 0 && !t.fixedFrame;
    for (const a of p.actions.slice(0, t.before)) {
      if (all || (a.action === 'set_fixed_frame' ? t.fixedFrame : handles.has(a.display))) dropped.add(a);
    }
    if (p.actions.slice(0, t.before).some((a) => dropped.has(a))) p.notes.push(`"${t.clause}" takes back what was asked before it; that was not planned`);
  }
  p.actions = p.actions.filter((a) => !dropped.has(a));
  // Nor is it offered as a choice.
  if (p.alternatives) p.alternatives = p.alternatives.filter((alt) => !alt.actions.some((a) => dropped.has(a)));
}
