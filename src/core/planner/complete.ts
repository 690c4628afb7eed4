/**
 * complete(): what small models forget, added deterministically. Every added action has origin `auto` and a reason:
 * catalog dependencies (`requires`), QoS fixes derived from the publishers (publisher QoS wins, corrected in place when
 * the proposal set a conflicting value), the fixed frame a request names, and de-duplication (first setting wins).
 */
import { conditionHolds, conditionsOf, conditionText, satisfyingValue } from '../catalog/index.ts';
import { escapeRegExp, tokenize } from '../catalog/text.ts';
import { VERB_PHRASES } from './offline/lexicon.ts';
import { BLANK_ACTION, type PlannedAction } from '../rviz/action-types.ts';
import { qosTopicProperty, settledQosFixes } from './qos-fix.ts';
import type { PlanState, VirtualDisplay } from './state.ts';
import type { KeptSettings } from './types.ts';
import { absoluteTopic } from './topics.ts';
import { frameNote } from './validate.ts';

export interface Completed {
  actions: PlannedAction[];
  notes: string[];
}

/** Words that make a request a "hide" request (then a proposed disable is what the user asked for). */
const HIDE_WORDS = VERB_PHRASES.filter(([, verb]) => verb === 'hide' || verb === 'remove').map(([words]) => words);

function mentionsHide(request: string): boolean {
  const text = ` ${tokenize(request).join(' ')} `;
  return HIDE_WORDS.some((w) => text.includes(` ${w} `));
}

function auto(partial: Partial<PlannedAction> & Pick<PlannedAction, 'action' | 'note'>): PlannedAction {
  return { ...BLANK_ACTION, ...partial, origin: 'auto', checked: true };
}

/** The display an accepted action is about (by its handle), among those the plan leaves. */
function displayOf(state: PlanState, a: PlannedAction): VirtualDisplay | undefined {
  if (a.action === 'set_fixed_frame' || a.display === '') return undefined;
  const found = state.find(a.display);
  return found.ok ? found.display : undefined;
}

/** Catalog conditions: Axis needs `Color Transformer = AxisColor`, Size (m) needs `Style != Points`, … (followed transitively). */
function addDependencies(state: PlanState, actions: PlannedAction[]): void {
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (a.action !== 'set_property' || !a.checked) continue;
    const d = displayOf(state, a);
    const spec = d?.spec?.properties.find((p) => p.path === a.property);
    if (!d?.spec || !spec) continue;
    let insertAt = i + 1;
    for (const cond of conditionsOf(spec)) {
      if (conditionHolds(cond, state.valueOf(d, cond.path))) continue;
      const planned = actions.some((x) => x.action === 'set_property' && x.display === a.display && x.property === cond.path);
      const value = satisfyingValue(d.spec, cond);
      if (planned || value === undefined) continue;
      actions.splice(insertAt++, 0, auto({
        action: 'set_property', display: a.display, property: cond.path, value,
        note: `${a.property} takes effect only with ${conditionText(cond)}`,
      }));
      d.planProps.set(cond.path, value);
    }
  }
}

/**
 * A display the plan adds on a topic whose name holds a convention's word takes the convention's settings ("add the
 * global costmap": Color Scheme costmap), unless the plan sets them itself.
 */
function addTopicDefaults(state: PlanState, actions: PlannedAction[]): void {
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (a.action !== 'add_display' || !a.checked) continue;
    const d = displayOf(state, a);
    const topicPath = d?.spec?.topicProperties[0];
    if (!d?.spec?.topicDefaults || !topicPath) continue;
    const topic = d.topics.get(topicPath) ?? '';
    const words = tokenize(topic);
    let insertAt = i + 1;
    for (const convention of d.spec.topicDefaults) {
      if (!words.includes(convention.topicWord)) continue;
      for (const [property, value] of Object.entries(convention.set)) {
        if (actions.some((x) => x.action === 'set_property' && x.display === a.display && x.property === property)) continue;
        actions.splice(insertAt++, 0, auto({ action: 'set_property', display: a.display, property, value, note: `${d.spec.name} on ${topic}: ${convention.why}` }));
        d.planProps.set(property, value);
      }
    }
  }
}

/** Displays the plan touches (added, re-pointed, changed, shown), with the index of the last action on each. */
function touched(state: PlanState, actions: PlannedAction[]): Map<VirtualDisplay, number> {
  const out = new Map<VirtualDisplay, number>();
  actions.forEach((a, i) => {
    if (a.action === 'remove_display' || a.action === 'set_fixed_frame' || a.action === 'rename_display') return;
    if (a.action === 'set_enabled' && a.value === 'false') return;
    const d = displayOf(state, a);
    if (d && !d.removed) out.set(d, i);
  });
  return out;
}

/** Publisher QoS wins: settings a display must request are fixed in place or added after its last action. */
function addQosFixes(state: PlanState, actions: PlannedAction[], request: string, literal: boolean): void {
  const ctx = state.context;
  const hiding = literal || mentionsHide(request);
  const targets = touched(state, actions);
  // Proposed disables of a display whose only trouble is QoS: fix instead, and untick the disable.
  for (const a of actions) {
    if (a.action !== 'set_enabled' || a.value !== 'false' || hiding) continue;
    const d = displayOf(state, a);
    if (d && !targets.has(d)) targets.set(d, actions.indexOf(a));
  }
  const inserts: { at: number; action: PlannedAction }[] = [];
  for (const [d, lastIndex] of targets) {
    const prop = qosTopicProperty(d.spec);
    const topicName = prop ? d.topics.get(prop) : undefined;
    const topic = topicName ? ctx.topicByName.get(absoluteTopic(topicName)) : undefined;
    if (!prop || !topic) continue;
    // What RViz2 subscribes with after the plan's edits (a changed QoS field rebuilds the whole profile).
    const fixes = settledQosFixes(d.spec, topic, prop, d.docProps, d.planProps);
    if (fixes.length === 0) continue;
    for (const fix of fixes) {
      const existing = actions.find((x) => x.action === 'set_property' && x.property === fix.property && displayOf(state, x) === d);
      if (existing) {
        existing.note = `corrected to ${fix.value} (was ${existing.value}): ${fix.reason}`;
        existing.value = fix.value;
      } else {
        inserts.push({ at: lastIndex + 1, action: auto({ action: 'set_property', display: state.handle(d), property: fix.property, value: fix.value, note: fix.reason }) });
      }
      d.planProps.set(fix.property, fix.value);
    }
    for (const a of actions) {
      if (a.action === 'set_enabled' && a.value === 'false' && a.origin === 'model' && !hiding && displayOf(state, a) === d) {
        a.checked = false;
        a.note = `unticked: "${d.name}" was not receiving because of its QoS, which this plan fixes`;
      }
    }
  }
  // Insert from the back so earlier indices stay valid.
  inserts.sort((x, y) => y.at - x.at).forEach(({ at, action }) => actions.splice(at, 0, action));
}

/**
 * One TF frame named beside the word "frame" ("fixed frame odom", "in the base_link frame") → set_fixed_frame, when the
 * proposal skipped it. A frame named apart from it, or kept from a list ("every tf frame except base_link"), is not.
 */
function addRequestedFrame(state: PlanState, actions: PlannedAction[], request: string): void {
  const ctx = state.context;
  if (!/\bframe\b/i.test(request) || ctx.frames.length === 0) return;
  if (actions.some((a) => a.action === 'set_fixed_frame')) return;
  // "…actually never mind, leave the fixed frame alone": a frame the request takes back is not put back.
  if (/\b(?:never\s*mind|forget\s+(?:it|that)|scratch\s+that|leave\s+(?:the\s+)?(?:fixed\s+)?frame|frame\s+(?:alone|as\s+it\s+is))\b/i.test(request)) return;
  const named = ctx.frames.filter((f) => new RegExp(`(^|[\\s'"\`(,:=])/?${escapeRegExp(f)}(?=$|[\\s'"\`),.;:!?])`).test(request));
  if (named.length !== 1) return;
  const frame = named[0]!;
  const name = `['"\`]?/?${escapeRegExp(frame)}['"\`]?(?=$|[\\s),.;:!?])`;
  // A few words apart at most, in any language the request is in ("frame fixo para odom", "odom as the fixed frame");
  // not "frame" naming another setting ("the frame names of base_link").
  const beside = new RegExp(`\\bframe\\b(?!\\s+(?:names?|rate|timeout|ids?|labels?)\\b)(?:[\\s:=>-]+[^\\s]+){0,2}?[\\s:=>-]+${name}|(?:^|[\\s(,:=])${name}(?:\\s+[^\\s]+){0,3}?\\s+frame\\b`, 'i');
  const kept = new RegExp(`\\b(?:except|but|besides|other\\s+than|apart\\s+from|save\\s+for)\\s+(?:the\\s+)?${name}`, 'i');
  if (!beside.test(request) || kept.test(request)) return;
  if (frame === state.fixedFrame) return;
  // The frame already went into a display's own frame setting ("the grid in the base_link frame").
  if (actions.some((a) => a.action === 'set_property' && a.value === frame)) return;
  state.fixedFrame = frame;
  actions.push(auto({ action: 'set_fixed_frame', frame, note: joinNote(`the request names frame ${frame}`, frameNote(ctx, frame)) }));
}

function joinNote(a: string, b: string | undefined): string {
  return b ? `${a}; ${b}` : a;
}

function settingKey(state: PlanState, a: PlannedAction): string | undefined {
  const d = displayOf(state, a);
  const who = d ? `#${d.id}` : a.display;
  switch (a.action) {
    case 'set_property': return `prop:${who}:${a.property}`;
    case 'set_topic': return `topic:${who}:${a.property}`;
    case 'set_enabled': return `enabled:${who}`;
    case 'set_fixed_frame': return 'frame';
    default: return undefined;
  }
}

/** Repeated settings of the same thing keep the first; exact repeats of any action go. */
function dedupe(state: PlanState, actions: PlannedAction[], notes: string[]): PlannedAction[] {
  const seen = new Set<string>();
  const exact = new Set<string>();
  const out: PlannedAction[] = [];
  for (const a of actions) {
    const whole = JSON.stringify([a.action, a.display_type, a.topic, a.display, a.property, a.value, a.frame]);
    const key = settingKey(state, a);
    if (exact.has(whole) && a.action !== 'add_display') continue;
    if (key && seen.has(key)) {
      notes.push(`dropped a repeated setting: ${a.action} ${a.display} ${a.property} ${a.value || a.frame}`.replace(/\s+/g, ' ').trim());
      continue;
    }
    exact.add(whole);
    if (key) seen.add(key);
    out.push(a);
  }
  return out;
}

export interface CompleteOptions {
  /** The proposals follow the request's words (the offline planner): a proposed disable is what the user asked for. */
  literal?: boolean;
  /** Settings the request says to leave as they are: what completion would change there is left unticked. */
  kept?: readonly KeptSettings[];
  /** The proposal applies none of the request: completion does not set a fixed frame from the request's words. */
  holdsAll?: boolean;
}

/** "don't touch the map's QoS": a fix completion adds to a setting the request keeps is offered unticked, not applied. */
function untickKept(actions: PlannedAction[], kept: readonly KeptSettings[]): void {
  for (const a of actions) {
    if (a.origin !== 'auto' || a.action !== 'set_property') continue;
    const k = kept.find((x) => x.display === a.display && x.properties.some((p) => a.property === p || a.property.startsWith(`${p}/`)));
    if (!k) continue;
    a.checked = false;
    a.note = `unticked: the request says to leave ${a.property} as it is; ${a.note}`;
  }
}

export function complete(accepted: readonly PlannedAction[], state: PlanState, request: string, options: CompleteOptions = {}): Completed {
  const notes: string[] = [];
  const actions = dedupe(state, accepted.map((a) => ({ ...a })), notes);
  addDependencies(state, actions);
  addTopicDefaults(state, actions);
  addQosFixes(state, actions, request, options.literal === true);
  if (!options.holdsAll) addRequestedFrame(state, actions, request);
  if (options.kept?.length) untickKept(actions, options.kept);
  return { actions: dedupe(state, actions, notes), notes };
}
