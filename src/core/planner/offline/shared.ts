// What the offline planner's steps share: the run's state (Planner), a target of a clause, names and namespaces.
import { MARKER_NAMESPACE, markerNamespace, markerUpdateTopic, type DisplayTypeSpec, type PropertySpec } from '../../catalog/index.ts';
import { splitCamel, tokenize } from '../../catalog/text.ts';
import { BLANK_ACTION, type RvizAction } from '../../rviz/action-types.ts';
import { PlanState, type VirtualDisplay } from '../state.ts';
import type { PlanContext, PlannerTurn } from '../types.ts';
import { OTHER_ONE, type Verb } from './lexicon.ts';
import { hasPhrase, type Span } from './mentions.ts';
import { robotGroup } from './robot-groups.ts';

/** One thing a clause is about: a display (existing or to add) of a type, possibly narrowed by topic or namespace. */
export interface Target {
  spec?: DisplayTypeSpec;
  displays: VirtualDisplay[];
  /** Topic for a display to add. */
  topics: string[];
  phrase: string;
  plural: boolean;
  span?: Span;
  /** The clause's other words ("zone 12", "camera 3"), to pick among many live topics. */
  context?: string[];
  /** The robot namespace the clause narrowed it to ("robot2's plan"): never widened to another robot's display. */
  ns?: string;
  /** Groups the clause named as its place ("the cloud in the perception group"): only displays inside them. */
  within?: VirtualDisplay[];
}

export interface Planner {
  ctx: PlanContext;
  state: PlanState;
  actions: RvizAction[];
  notes: string[];
  history: readonly PlannerTurn[];
  /** Targets of the previous clause, for "and make it red". */
  last: Target[];
  /** A clause that said how a thing is, for the next to act on ("the tf arrows are cluttering everything, turn them off"). */
  statedBefore?: string;
  /** The statement before named one of several displays of a type, not which ("the scan is too big" of two robots). */
  statedUnclear?: boolean;
  /** Every display the request's clauses named so far: what "…, hide the rest" leaves. */
  named?: Set<VirtualDisplay>;
  /** The request was read from a language that marks no plural (CJK): a singular noun says nothing about how many. */
  numberless?: boolean;
  /** The request was read from a language that puts the noun before its qualifier (es, fr, it, pt). */
  nounFirst?: boolean;
  /** The request said "on both robots" (taken out as a scope): a type named in the singular is every robot's. */
  everyRobot?: boolean;
  /** The previous clause's verb, for "hide the costmaps and the scan". */
  lastVerb?: Verb;
  /** The previous clause's verb was a wish to see ("I want", "I need"), for "…, but not the depth cloud". */
  lastWish?: boolean;
  /** Content words no clause could account for, in order (near misses of known words become choices). */
  unknown?: string[];
  /** Numbers of the request nothing used ("keep 50" that reached no setting): left out of the choice's label. */
  unusedNumbers?: string[];
  /** The request was read through a lexicon of another language. */
  translated?: boolean;
  /** Clauses that ask to hide or remove a display named by words nothing knows ("hide the pavimento"). */
  unreadParts?: string[];
  /** Nothing of the request is applied: a part of it went unread (an unused number, an unread display). */
  holdsAll?: boolean;
  /** Numbers refused for a share setting that would fit as a percentage ("alpha 7" may be 7 %): offered as choices. */
  percentReadings?: string[];
  /**
   * Actions of clauses the parse was unsure of (a content word it could not place): never applied with the plan, only
   * offered as a choice that holds them with the sure actions.
   */
  held?: Set<RvizAction>;
  /** The previous clause was a negated change: a verbless clause after it ("…and the grid") is under the same "not". */
  negated?: boolean;
  /** Readings of a held clause, one per target it could mean (a value that could belong to either): each a choice. */
  alternatives?: { label: string; actions: RvizAction[] }[];
  /** The words of the Global Option the clause before set ("background"), for "…, make it black". */
  lastGlobalWord?: string;
  /** Explicit colours of the request, as the tokens of their `#rrggbb` (explicit-values.ts): values, not words. */
  hexValues?: ReadonlySet<string>;
  /** Displays a "stays / remains / keep / leave" clause protects: no action of the request changes them. */
  protectedDisplays?: Set<VirtualDisplay>;
  /** Displays a clause says stay off ("route stays off"): nothing of the request shows them. */
  protectedHidden?: Set<VirtualDisplay>;
  /** Settings a "leave / don't touch" clause names ("don't touch the map's QoS"): only these stay as they are. */
  protectedSettings?: Map<VirtualDisplay, string[]>;
  /** The previous clause's actions when it gave a value with no verb ("the laser is red, that's how I like it"). */
  lastVerbless?: { clause: string; actions: RvizAction[] };
  /** The clause before was only a correction ("no", "sorry") or ended on one: a "leave it" now takes back. */
  correcting?: boolean;
  /** "no, leave it": what a clause takes back — the actions before it on these displays (or the fixed frame), else all. */
  takeBack?: { before: number; displays: Set<VirtualDisplay>; fixedFrame: boolean; clause: string }[];
  /** The previous clause's actions were held (offered as a choice, not applied). */
  lastHeld?: boolean;
  /** The request's sentences that ask (as tokens joined): a complaint inside one changes nothing. */
  asked?: string[];
  /** The request opens by saying it only tells how things are ("just noting: …"). */
  noting?: boolean;
  /** The clause after this one changes, with a verb of its own, what it points back at ("…, make it less transparent"). */
  changedNext?: 'pointer' | 'value';
  /** The next clause makes what it points at bigger or smaller ("…, halve it", "make it a bit smaller"). */
  nextResizes?: boolean;
  /** The next clause says by how much or to what ("halve it", "0.02"). */
  nextSaysHowMuch?: boolean;
  /** Another clause of the request comes after this one. */
  moreClauses?: boolean;
  /** The one robot the clause before named, for "its" ("where is robot2? show its amcl pose"). */
  robotBefore?: string;
  /** A clause said not to touch any display ("…, and don't touch any display"): no display action is applied. */
  keepDisplays?: string;
  /** Displays a clause says stay ("Front View stays"): no other clause hides or removes them; changes are made. */
  protectedShown?: Set<VirtualDisplay>;
  /** The request names the fixed frame ("my fixed frame isn't in the tf tree, fix it"): a repair includes it. */
  fixedFrameNamed?: boolean;
  /** A clause keeps the fixed frame as it is ("don't touch the fixed frame"): no clause sets it. */
  keepFixedFrame?: string;
  /** The request says "nothing else": a repair makes no change beyond what it names (the fixed frame is only said). */
  nothingElse?: boolean;
  /** "fix the qos only": every repair of the request is of the QoS. */
  qosOnly?: boolean;
  /** The request named a fixed frame TF does not have: no repair picks another one in its place. */
  fixedFrameRefused?: boolean;
  /** The shows a change of a hidden display brought, not asked for in words. */
  implicitShows?: Set<RvizAction>;
  /** A plugin display the clause being planned leads with ("MotionPlanning: …"): what the clause does to others goes. */
  pluginLead?: VirtualDisplay;
  /** The next clause changes, by a verb of its own, what this one names ("keep the gripper axes, but draw them at …"). */
  nextChangesIt?: boolean;
  /** The group a clause adds its displays into ("add cam 5 to the Cameras group", "…next to the other cameras"). */
  addInto?: VirtualDisplay;
  /** A clause said to change nothing at all ("don't change anything yet"): no action of the request is applied. */
  changeNothing?: string;
  /** A condition ("if the map is red") read in the clause before: it governs this clause. */
  condition?: import('./conditions.ts').Condition;
  /** The actions the clause before planned ("…, then do the same for the local plan" repeats its settings). */
  previousActions?: RvizAction[];
  /** Displays a clause of the request hid (or asked hidden): a later change to them leaves them hidden. */
  hiddenHere?: Set<VirtualDisplay>;
}

/** At most this many readings of one unsure clause are offered as choices. */
export const MAX_READINGS_OFFERED = 3;

/** A clause's targets re-read: the displays it means, one target each when it is unsure which of them it means. */
export interface TargetReading { targets: Target[]; unsure: boolean }

/**
 * An unsure reading: `held` is not applied (the plan keeps it for its choices), each of `readings` becomes a choice, and
 * `note` says why nothing was changed for it.
 */
export function offerEachReading(p: Planner, held: readonly RvizAction[], readings: readonly { label: string; actions: RvizAction[] }[], note: string): void {
  for (const a of held) (p.held ??= new Set()).add(a);
  (p.alternatives ??= []).push(...readings);
  p.notes.push(note);
}

/** An action with the words of the request that produced it (the plan's accounting: `from` on a planned action). */
export type CitedAction = RvizAction & { from?: string };

/** Cites `words` on every action from `start` on that cites nothing yet. */
export function cite(p: Planner, start: number, words: string): void {
  const from = words.replace(/\s+/g, ' ').trim();
  if (!from) return;
  for (const a of p.actions.slice(start) as CitedAction[]) a.from ??= from;
}

export const act = (a: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction => ({ ...BLANK_ACTION, ...a });

export function anyPhrase(tokens: readonly string[], phrases: readonly string[]): Span | undefined {
  for (const p of phrases) {
    const s = hasPhrase(tokens, p);
    if (s) return s;
  }
  return undefined;
}

const topicWords = new WeakMap<readonly unknown[], readonly string[]>();
const nameWordsByContext = new WeakMap<PlanContext, ReadonlySet<string>>();

/**
 * Words of names here (a display called "Tags", topics, frames): never rewritten, never read as paraphrases or
 * abbreviations. The topics' words are worked out once per robot graph (a graph of a few thousand topics is the same
 * from one request to the next), the rest once per plan.
 */
export function nameWords(ctx: PlanContext): ReadonlySet<string> {
  let names = nameWordsByContext.get(ctx);
  if (names) return names;
  let topics = topicWords.get(ctx.topics);
  if (!topics) {
    const set = new Set<string>();
    for (const t of ctx.topics) for (const w of tokenize(t.name)) set.add(w);
    topics = [...set];
    topicWords.set(ctx.topics, topics);
  }
  const set = new Set<string>(topics);
  for (const d of ctx.displays) for (const w of tokenize(splitCamel(d.name))) set.add(w);
  for (const f of ctx.frames) for (const w of tokenize(f)) set.add(w);
  names = set;
  nameWordsByContext.set(ctx, names);
  return names;
}

export function topicTokens(name: string): string[] {
  return tokenize(name).flatMap((t) => t.split('_'));
}

export function singularTokens(words: readonly string[]): string[] {
  return words.map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Namespace a clause points at: named (`robot2`) or "the other robot" relative to the last turn. */
export function namespaceOf(p: Planner, tokens: readonly string[]): string | undefined {
  const ns = p.ctx.namespaces.find((n) => tokens.includes(n.toLowerCase()));
  if (ns) return ns;
  // "where is robot2? show its amcl pose": "its" after a clause that named one robot is that robot's.
  if (p.robotBefore && tokens.includes('its')) return p.robotBefore;
  if (!anyPhrase(tokens, OTHER_ONE) || p.ctx.namespaces.length < 2) return undefined;
  return otherNamespace(p, lastNamespace(p));
}

/** "the other robot": the first robot that is not `used` (the one named or used last), else the second robot. */
export function otherNamespace(p: Planner, used: string | undefined): string | undefined {
  return used ? p.ctx.namespaces.find((n) => n !== used) : p.ctx.namespaces[1];
}

/** The last turn that was applied (not undone or skipped). */
export function lastAppliedTurn(p: Planner): PlannerTurn | undefined {
  return [...p.history].reverse().find((t) => t.outcome === 'applied');
}

/** The displays the last applied turn changed, as they stand now. */
export function turnDisplays(p: Planner): VirtualDisplay[] {
  const found = (lastAppliedTurn(p)?.actions ?? []).map((a) => (a.display ? p.state.find(a.display) : undefined));
  return [...new Set(found.flatMap((f) => (f?.ok ? [f.display] : [])))];
}

export function lastNamespace(p: Planner): string | undefined {
  for (const turn of [...p.history].reverse()) {
    for (const a of turn.actions ?? []) {
      const fromTopic = /^\/([^/]+)\//.exec(a.topic)?.[1];
      if (fromTopic && p.ctx.namespaces.includes(fromTopic)) return fromTopic;
      const d = a.display ? p.state.find(a.display) : undefined;
      const topic = d?.ok ? [...d.display.topics.values()][0] : undefined;
      const ns = topic ? /^\/([^/]+)\//.exec(topic)?.[1] : undefined;
      if (ns && p.ctx.namespaces.includes(ns)) return ns;
    }
    const named = p.ctx.namespaces.find((n) => tokenize(turn.request).includes(n.toLowerCase()));
    if (named) return named;
  }
  return undefined;
}

export function namespaceNamed(tokens: readonly string[], ns: string): boolean {
  return tokens.includes(ns.toLowerCase()) || Boolean(anyPhrase(tokens, OTHER_ONE));
}

export function inNamespace(topic: string, ns: string | undefined): boolean {
  return ns === undefined || topic.startsWith(`/${ns}/`);
}

/** Whether a display belongs to a robot namespace: by its topic, its name or a group it sits in ("robot2" > "Plan"). */
export function belongsTo(d: VirtualDisplay, ns: string): boolean {
  const key = ns.toLowerCase();
  return inNamespace(displayTopic(d), ns) || tokenize(d.name).includes(key) || d.groupPath.some((g) => tokenize(g).includes(key));
}

export function displayTopic(d: VirtualDisplay): string {
  const prop = d.spec?.topicProperties[0];
  const topic = prop ? d.topics.get(prop) ?? '' : [...d.topics.values()][0] ?? '';
  // Interactive markers are named by their server's namespace (`/target_marker`); the topic it draws is its update
  // topic (`/target_marker/update`), the one the robot publishes. (A topic this plan set is that topic already.)
  return prop === MARKER_NAMESPACE && topic !== '' && markerNamespace(topic) === topic ? markerUpdateTopic(topic) : topic;
}

/**
 * Adds a display; one on a robot's topic (`/robot2/odom`) goes inside that robot's group when the document has one. A
 * display of the type already on the topic, as the plan leaves it, is the one meant (turned on if it is off): a clause
 * naming the topic and the type adds one display, not two, and none beside one the plan just moved onto the topic.
 */
export function addDisplay(p: Planner, spec: DisplayTypeSpec, topic: string): VirtualDisplay {
  const twin = topic === '' ? undefined : p.state.live().find((d) => d.classId === spec.classId && displayTopic(d) === topic);
  if (twin) {
    if (!twin.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(twin), value: 'true' })); twin.enabled = true; }
    return twin;
  }
  const ns = p.ctx.namespaces.find((n) => topic.startsWith(`/${n}/`));
  const group = p.addInto ?? (ns ? robotGroup(p, ns) : undefined);
  if (group && !group.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(group), value: 'true' })); group.enabled = true; }
  const d = p.state.add(spec, '', topic, group ? { parent: group } : undefined);
  p.actions.push(act({ action: 'add_display', display_type: spec.name, topic, display: group ? p.state.addressOf(d) : d.name }));
  return d;
}

/** A type's settings that are `path` with one word swapped (Force Color → Torque Color), each with the word swapped in. */
export function oneWordSiblings(spec: DisplayTypeSpec, path: string): { property: PropertySpec; word: string }[] {
  const own = tokenize(path);
  return spec.properties.flatMap((x) => {
    const t = tokenize(x.path);
    const swapped = t.filter((w, i) => w !== own[i]);
    return x.path !== path && t.length === own.length && swapped.length === 1 ? [{ property: x, word: swapped[0]! }] : [];
  });
}
