// Goal-level requests ("set RViz up for mapping", "what do I need to drive with Nav2") as recipes from
// catalog/recipes.json: each picks displays from the live topics by type and convention, sets the fixed frame the
// robot's TF supports (REP 105: map when map -> odom exists, else odom, else base_link; the root of the robot's TF tree
// for arms and perception), sets every robot up by its namespace when there are several (inside the robot's group, or a
// new Group named after the namespace), reuses a display already on a topic, and skips what the robot does not publish,
// saying so.
import data from '../../../../catalog/recipes.json';
import type { DisplayTypeSpec } from '../../catalog/index.ts';
import { splitCamel, tokenize } from '../../catalog/text.ts';
import type { TopicInfo } from '../../graph/types.ts';
import { isVirtualGroup, type VirtualDisplay } from '../state.ts';
import { isPublishing, topicsForSpec } from '../topics.ts';
import { BIGGER, FILLER, FIX_PHRASES, GENERAL_WORDS, SMALLER } from './lexicon.ts';
import { colourIn, hasPhrase, numbersIn, overlaps, type Span } from './mentions.ts';
import { act, anyPhrase, displayTopic, type Planner, topicTokens } from './shared.ts';
import { fixDisplay } from './fix.ts';
import { findVerb } from './phrases.ts';
import { placeName, robotGroup } from './robot-groups.ts';
import { showsWhat } from './statements.ts';

/** A frame TF must have (with an edge to `parentOf`), or `root`: the root of the TF tree that holds the robot. */
export type FrameRule = { frame: string; parentOf?: string; root?: undefined } | { root: true; frame?: undefined; parentOf?: undefined };
export interface RecipeDisplay {
  type: string;
  label: string;
  topics?: string[];
  match?: string[];
  exclude?: string[];
  all?: boolean;
  perRobot?: boolean;
  set?: Record<string, string>;
}
/** A goal worded without a recipe phrase: one word of each group (in order when `ordered`). */
export interface RecipeCue { groups: string[][]; ordered?: boolean }
export interface Recipe {
  id: string; title: string; phrases: string[]; framedPhrases?: string[]; cues?: RecipeCue[]; multiRobot?: boolean; fixedFrame?: FrameRule[]; displays: RecipeDisplay[];
  /** Not in the data: a request for named displays on every robot leaves the fixed frame alone. */
  keepFixedFrame?: boolean;
}
export interface RecipeFile { schemaVersion: 1; setupWords: string[]; multiRobotWords: string[]; fixedFrame: FrameRule[]; recipes: Recipe[] }

export const RECIPES = data as unknown as RecipeFile;

const GENERAL = new Set([...GENERAL_WORDS.flatMap((w) => tokenize(w)), ...FILLER]);

/** The longest recipe phrase in the tokens, with its recipe. */
function longestHit(tokens: readonly string[], recipes: readonly Recipe[]): { recipe: Recipe; span: Span; framed: boolean } | undefined {
  let best: { recipe: Recipe; span: Span; framed: boolean } | undefined;
  for (const recipe of recipes) {
    for (const [phrases, framed] of [[recipe.phrases, false], [recipe.framedPhrases ?? [], true]] as const) {
      for (const phrase of phrases) {
        const span = hasPhrase(tokens, phrase);
        if (span && (!best || span.length > best.span.length || (span.length === best.span.length && best.framed && !framed))) best = { recipe, span, framed };
      }
    }
  }
  return best;
}

/**
 * The tokens with each name of several words the document gives a display ("Loading Bay", "Where Am I") written as a
 * placeholder: a goal's word inside a display's name ("loading") is that display, not the goal.
 */
function withoutOwnNames(p: Planner, tokens: readonly string[]): string[] {
  const out = [...tokens];
  for (const d of p.state.live()) {
    const name = tokenize(d.name);
    if (name.length < 2 || (d.spec && name.join(' ') === tokenize(splitCamel(d.spec.name)).join(' '))) continue;
    // Exact words only, scanning forward: a fuzzy phrase match can keep matching its own placeholders and never end.
    for (let i = 0; i + name.length <= out.length; i++) {
      if (name.every((w, k) => out[i + k] === w)) out.splice(i, name.length, ...name.map(() => '_name_'));
    }
  }
  return out;
}

/**
 * The recipe a request asks for, if it is goal-level: a recipe phrase, framed as a set-up ("set up", "what do I need",
 * "for") or standing alone, and no display type named that the recipe does not hold (then it asks for that display).
 */
export function findRecipe(p: Planner, text: string): Recipe | undefined {
  if (showsWhat(p, text)) return undefined;
  const tokens = withoutOwnNames(p, tokenize(text));
  const single = RECIPES.recipes.filter((r) => !r.multiRobot);
  const hit = longestHit(tokens, single) ?? longestHit(tokens, RECIPES.recipes);
  if (!hit) return cuedRecipe(p, text, tokens);
  // "compare where each robot thinks it is": a goal's cue beside words for every robot is that goal, on each robot.
  if (hit.recipe.multiRobot) {
    const cued = cuedRecipe(p, text, tokens);
    if (cued) return cued;
  }
  // "clicking on the floor plan", "goals on the map": a goal's phrase after a place word is the place, not the goal.
  let before = hit.span.start - 1;
  if (['the', 'a', 'my', 'our', 'this', 'that'].includes(tokens[before] ?? '')) before--;
  if (['on', 'onto', 'over', 'across', 'into', 'in'].includes(tokens[before] ?? '') && before < hit.span.start - 1) return cuedRecipe(p, text, tokens);
  const setup = Boolean(anyPhrase(tokens, RECIPES.setupWords));
  // "for" alone frames a goal ("rviz for mapping") but not a thing ("make the arm red for me").
  const strongSetup = Boolean(anyPhrase(tokens, RECIPES.setupWords.filter((w) => w !== 'for')));
  const extra = tokens.filter((t, i) => !(i >= hit.span.start && i < hit.span.start + hit.span.length) && !GENERAL.has(t));
  const multi = anyPhrase(tokens, RECIPES.multiRobotWords);
  const ns = new Set(p.ctx.namespaces.map((n) => n.toLowerCase()));
  const standsAlone = extra.every((t) => ns.has(t) || (multi && tokens.slice(multi.start, multi.start + multi.length).includes(t)));
  // A phrase of several words names the goal by itself ("build a map of the office", "what the robot sees"); a framed
  // phrase ("the arm") only next to a set-up word.
  if (hit.framed ? !strongSetup : !setup && !standsAlone && hit.span.length < 2) return cuedRecipe(p, text, tokens);
  // The goal's words naming a display the document has ("switch off the motion planning display" with a MoveIt
  // MotionPlanning display): that display is meant, not a set-up.
  const goalWords = tokens.slice(hit.span.start, hit.span.start + hit.span.length).join(' ');
  if (p.state.live().some((d) => d.classId !== 'rviz_common/Group' && [d.name, d.classId.split('/').pop() ?? ''].some((n) => tokenize(splitCamel(n)).join(' ') === goalWords))) return undefined;
  const own = new Set(hit.recipe.displays.map((d) => d.type));
  // "set up for teleop driving: I just need the laser and the robot model, nothing else": the displays listed are the
  // set-up, not the goal's whole recipe.
  const listedOnly = anyPhrase(tokens, ['nothing else', 'that s all', 'only need', 'just need']) !== undefined
    && p.ctx.catalog.typeMentions(text).some((m) => { const span = hasPhrase(tokens, m.phrase); return span !== undefined && !overlaps(span, hit.span); });
  if (listedOnly) return undefined;
  const named: DisplayTypeSpec[] = [];
  for (const m of p.ctx.catalog.typeMentions(text)) {
    const span = hasPhrase(tokens, m.phrase);
    // A display named by a longer phrase holding the goal's word ("see the amcl pose"): that display is meant.
    if (span && overlaps(span, hit.span) && span.length > hit.span.length && !hit.framed) return undefined;
    if (span && overlaps(span, hit.span)) continue;
    if (multi && span && overlaps(span, multi)) continue;
    if (hit.recipe.multiRobot) { named.push(m.type); continue; }
    if (!own.has(m.type.name)) return undefined;
  }
  // "show the laser scans of both robots": those displays on every robot, not the whole multi-robot set-up; a verb
  // other than show/add ("hide the scans of both robots") is about the displays there.
  if (named.length > 0) {
    // "draw both robots' scans as spheres", "keep only 5 odometry arrows on both": a setting of those displays is asked.
    if (numbersIn(text).length > 0 || named.some((t) => p.ctx.catalog.propertyForWords(t, text).some((m) => m.via !== 'requires'))) return undefined;
    const verb = findVerb(tokens, [])?.verb;
    return verb === undefined || verb === 'show' ? perRobotRecipe(hit.recipe, named) : undefined;
  }
  return hit.recipe;
}

/** Where one word of each group of a cue stands (in the groups' order when ordered), or undefined. */
function cueSpans(tokens: readonly string[], cue: RecipeCue): Span[] | undefined {
  const spans: Span[] = [];
  let from = 0;
  for (const group of cue.groups) {
    let best: Span | undefined;
    for (const phrase of group) {
      const words = tokenize(phrase);
      for (let i = cue.ordered ? from : 0; i + words.length <= tokens.length; i++) {
        if (!words.every((w, k) => tokens[i + k] === w)) continue;
        if (spans.some((s) => overlaps(s, { start: i, length: words.length }))) continue;
        if (!best || i < best.start || (i === best.start && words.length > best.length)) best = { start: i, length: words.length };
        break;
      }
    }
    if (!best) return undefined;
    // "the 3d camera", "depth sensor": neighbouring words of the same group are one mention.
    const single = new Set(group.filter((g) => !g.includes(' ')));
    while (single.has(tokens[best.start + best.length] ?? '')) best = { start: best.start, length: best.length + 1 };
    spans.push(best);
    from = best.start + best.length;
  }
  return spans;
}

/**
 * A goal worded without a recipe phrase ("going to grab a box with the arm", "what does the 3D camera see?"): the one
 * recipe whose cue words all appear, in a request that changes nothing itself (no hide/remove/rename, no value, no
 * colour, no topic) and names no display type the recipe does not hold, outside the cue's own words.
 */
function cuedRecipe(p: Planner, text: string, tokens: readonly string[]): Recipe | undefined {
  const verb = findVerb(tokens, [])?.verb;
  if (verb === 'hide' || verb === 'remove' || verb === 'rename') return undefined;
  if (colourIn(text) !== undefined || numbersIn(text).length > 0 || /(^|\s)\/[a-z]/i.test(text)) return undefined;
  const found: { recipe: Recipe; spans: Span[]; words: number }[] = [];
  for (const recipe of RECIPES.recipes) {
    if (recipe.multiRobot) continue;
    let best: { recipe: Recipe; spans: Span[]; words: number } | undefined;
    for (const cue of recipe.cues ?? []) {
      const spans = cueSpans(tokens, cue);
      const words = spans ? spans.reduce((n, s) => n + s.length, 0) : 0;
      if (spans && (!best || words > best.words)) best = { recipe, spans, words };
    }
    if (best) found.push(best);
  }
  // Two goals' cues: the one whose cue words cover more of the request, when one does.
  found.sort((a, b) => b.words - a.words);
  if (found.length === 0 || (found.length > 1 && found[0]!.words === found[1]!.words)) return undefined;
  const { recipe, spans } = found[0]!;
  // "the lidar sees nothing": a complaint, not a goal (a negation inside the cue, "no idea where", is the cue's).
  // …nor is a comparative on something ("make the path thicker").
  for (const phrase of [...FIX_PHRASES, ...BIGGER, ...SMALLER, 'nothing', 'not', 'no', 'never', 'don t', 'doesn t', 'can t', 'cannot']) {
    const at = hasPhrase(tokens, phrase);
    // ("…, help me see why": wanting to see why is the goal's.)
    if (at && phrase === 'why' && ['see', 'understand', 'out', 'know', 'chasing', 'debugging', 'investigating', 'checking'].includes(tokens[at.start - 1] ?? '')) continue;
    if (at && !spans.some((s) => overlaps(s, at))) return undefined;
  }
  // …nor a setting of a display ("give the waypoints another colour").
  const setting = p.ctx.catalog.displays.some((d) => d.properties.some((prop) => (prop.words ?? []).some((w) => {
    const at = w.length > 3 ? hasPhrase(tokens, w) : undefined;
    // ("the robot keeps scraping door frames": "keeps" before a verb in -ing says it goes on, no Keep setting.)
    if (at !== undefined && w === 'keep' && /ing$/.test(tokens[at.start + 1] ?? '')) return false;
    return at !== undefined && !spans.some((s) => overlaps(s, at));
  })));
  if (setting) return undefined;
  const own = new Set(recipe.displays.map((d) => d.type));
  for (const m of p.ctx.catalog.typeMentions(text)) {
    const span = hasPhrase(tokens, m.phrase);
    // A type word that is one of the cue's own words ("the 3d camera sees") belongs to the goal; a longer name holding
    // one ("send the goal pose display back") names that display.
    if (span && spans.some((s) => s.start <= span.start && span.start + span.length <= s.start + s.length)) continue;
    if (!own.has(m.type.name)) return undefined;
  }
  return recipe;
}

/** The multi-robot recipe narrowed to the named display types, one per robot (the recipe's own entry when it has one). */
function perRobotRecipe(multi: Recipe, types: readonly DisplayTypeSpec[]): Recipe {
  const entryFor = (spec: DisplayTypeSpec): RecipeDisplay => multi.displays.find((d) => d.type === spec.name)
    ?? RECIPES.recipes.flatMap((r) => r.displays).find((d) => d.type === spec.name && d.perRobot)
    ?? { type: spec.name, label: spec.name, perRobot: true };
  const displays = [...new Map(types.map((t) => [t.name, { ...entryFor(t), perRobot: true }])).values()];
  return { ...multi, title: `${types.map((t) => t.name).join(', ')} per robot`, displays, keepFixedFrame: true };
}

/** Robots to set up: a namespace named, else every namespace when there are several, else the one robot (none). */
function robotsFor(p: Planner, text: string): string[] {
  const tokens = tokenize(text);
  const named = p.ctx.namespaces.filter((n) => tokens.includes(n.toLowerCase()));
  if (named.length > 0) return named;
  return p.ctx.namespaces.length >= 2 ? [...p.ctx.namespaces] : [];
}

function relative(name: string, ns: string | undefined): string {
  return ns ? name.slice(ns.length + 1) : name;
}

const hasWords = (name: string, phrase: string): boolean => {
  const have = topicTokens(name);
  return tokenize(phrase).every((w) => have.includes(w) || have.includes(`${w}s`));
};

/** Live topics for one recipe display: conventional names first, then by words; `all` keeps every fitting one. */
export function pickTopics(p: Planner, spec: DisplayTypeSpec, entry: RecipeDisplay, ns: string | undefined): TopicInfo[] {
  const inScope = topicsForSpec(p.ctx, spec).filter((t) => (ns ? t.name.startsWith(`/${ns}/`) : !p.ctx.namespaces.some((n) => t.name.startsWith(`/${n}/`)) || !entry.perRobot));
  const allowed = inScope.filter((t) => !(entry.exclude ?? []).some((w) => hasWords(relative(t.name, ns), w)));
  const conventional = allowed.filter((t) => (entry.topics ?? []).includes(relative(t.name, ns)));
  const byWords = entry.match ? allowed.filter((t) => entry.match!.every((w) => hasWords(relative(t.name, ns), w))) : [];
  // A generic carrier (std_msgs/String is also RobotModel's) counts only under the conventional name or the words:
  // /rviz_companion/qos is no robot description.
  const loose = allowed.filter((t) => !t.type.startsWith('std_msgs/'));
  const pool = [...new Set([...conventional, ...byWords, ...(entry.match ? [] : loose)])];
  const live = pool.filter(isPublishing);
  const ranked = live.length > 0 ? live : pool;
  return entry.all ? ranked : ranked.slice(0, 1);
}

/** The fixed frame the robot's TF supports, by the recipe's rules (REP 105 unless it says otherwise). */
export function recipeFrame(p: Planner, rules: readonly FrameRule[], robots: readonly string[]): { frame: string; why: string } | undefined {
  const tf = p.ctx.tf;
  if (!tf || p.ctx.frames.length === 0) return undefined;
  for (const rule of rules) {
    if (rule.root) {
      const root = robotRoot(p, robots);
      if (root) return { frame: root, why: `${root} is the root of the robot's TF tree` };
      continue;
    }
    const names = robots.length === 1 ? [`${robots[0]}/${rule.frame}`, rule.frame] : [rule.frame];
    for (const name of names) {
      const f = tf.frame(name);
      if (!f) continue;
      // The named robot's own child first (map -> robot2/odom for robot2), else any robot's.
      const own = robots.length === 1 ? f.children.find((c) => c === `${robots[0]}/${rule.parentOf}`) : undefined;
      const child = rule.parentOf ? own ?? f.children.find((c) => c === rule.parentOf || c.endsWith(`/${rule.parentOf}`)) : undefined;
      if (rule.parentOf && !child) continue;
      return { frame: name, why: child ? `${name} -> ${child} is in TF` : `${name} is in TF` };
    }
  }
  const root = tf.roots[0];
  return root ? { frame: root, why: `${root} is the root of TF` } : undefined;
}

const BASE_FRAMES = ['base_link', 'base_footprint'];

/**
 * The root of the TF tree that holds the robot: the tree of its base frame (REP 105 names; under the namespace for a
 * named robot), else the largest tree's root. Read from the live tree, so an arm under `world` or a bare `base` works alike.
 */
function robotRoot(p: Planner, robots: readonly string[]): string | undefined {
  const tf = p.ctx.tf!;
  const bases = robots.length > 0 ? robots.flatMap((ns) => BASE_FRAMES.map((b) => `${ns}/${b}`)) : BASE_FRAMES;
  for (const b of bases) {
    const root = tf.hasFrame(b) ? tf.rootOf(b) : undefined;
    if (root) return root;
  }
  const largest = tf.components[0];
  return largest ? largest.find((f) => tf.frame(f)?.parent === undefined) : undefined;
}

/** Robots' groups for one recipe run: found in the document, or added (once) when a display must go in. */
class RobotGroups {
  private readonly found = new Map<string, VirtualDisplay | undefined>();
  public readonly used = new Set<VirtualDisplay>();
  public constructor(private readonly p: Planner) {}

  public existing(ns: string): VirtualDisplay | undefined {
    if (!this.found.has(ns)) this.found.set(ns, robotGroup(this.p, ns));
    return this.found.get(ns);
  }

  public forAdding(ns: string): VirtualDisplay | undefined {
    let g = this.existing(ns);
    if (!g) {
      const spec = this.p.ctx.catalog.resolveType('Group');
      if (!spec) return undefined;
      g = this.p.state.add(spec, ns, '');
      this.p.actions.push(act({ action: 'add_display', display_type: spec.name, display: g.name }));
      this.found.set(ns, g);
    } else if (!g.enabled) {
      // A display added into a disabled group would not show.
      this.p.actions.push(act({ action: 'set_enabled', display: this.p.state.handle(g), value: 'true' }));
      g.enabled = true;
    }
    this.used.add(g);
    return g;
  }
}

/** A display already showing `topic`: the recipe's class first (or on the namespace it sits in), else any class on it. */
function onTopic(p: Planner, spec: DisplayTypeSpec, topic: string): VirtualDisplay | undefined {
  const live = p.state.live().filter((d) => !isVirtualGroup(d));
  return live.find((d) => d.classId === spec.classId && displayTopic(d) !== '' && (displayTopic(d) === topic || topic.startsWith(`${displayTopic(d)}/`)))
    // Another class on the very topic (a nav2 ParticleCloud on /particle_cloud for a PoseArray): that one shows it.
    ?? live.find((d) => [...d.topics.values()].includes(topic));
}

/** The name another robot's display of this class gives the same topic (robot1's "Plan" for /robot2/plan), to match it. */
function twinName(p: Planner, spec: DisplayTypeSpec, topic: string, ns: string | undefined): string | undefined {
  if (!ns) return undefined;
  const rel = relative(topic, ns);
  const twin = p.state.live().find((d) => d.classId === spec.classId && d.parent !== undefined
    && p.ctx.namespaces.some((other) => other !== ns && displayTopic(d) === `/${other}${rel}`));
  return twin?.name;
}

/** Plans a recipe: what it adds or turns on, the fixed frame, and a note with what it added and what it skipped. */
export function applyRecipe(p: Planner, recipe: Recipe, text: string): void {
  let robots = robotsFor(p, text);
  const notes: string[] = [];
  if (recipe.multiRobot && p.ctx.namespaces.length < 2) notes.push('found no robot namespaces (one robot, or its topics are not namespaced); set up the one robot');
  if (recipe.multiRobot && robots.length === 0) robots = [...p.ctx.namespaces];
  const added: string[] = [];
  const shown: string[] = [];
  const repaired: string[] = [];
  const kept: string[] = [];
  const skipped: string[] = [];
  const groups = new RobotGroups(p);
  for (const entry of recipe.displays) {
    const spec = p.ctx.catalog.resolveType(entry.type);
    if (!spec) continue;
    const scopes: (string | undefined)[] = entry.perRobot && robots.length > 0 ? robots : [undefined];
    for (const ns of scopes) {
      const label = ns ? `${ns} ${entry.label}` : entry.label;
      // Inside the robot's group the name needs no namespace (RViz allows "Scan" in both robot1 and robot2).
      const name = /^[A-Z]/.test(entry.label) ? entry.label : spec.name;
      if (spec.topicProperties.length === 0) {
        if (spec.name === 'TF' && p.ctx.frames.length === 0) { skipped.push(`${label} (no TF on the robot)`); continue; }
        const existing = p.state.live().find((d) => d.classId === spec.classId);
        if (existing) { reuse(p, existing, shown, kept); continue; }
        addNamed(p, spec, name, '', entry, ns, groups);
        added.push(label);
        continue;
      }
      const topics = pickTopics(p, spec, entry, ns);
      if (topics.length === 0) {
        const wanted = entry.topics?.[0] ? (ns ? `/${ns}${entry.topics[0]}` : entry.topics[0]) : `${spec.messageTypes.join(' or ')} topic${entry.match ? ` with "${entry.match.join(' ')}" in its name` : ''}`;
        skipped.push(`${label} (no ${wanted} on the robot)`);
        continue;
      }
      for (const t of topics) {
        // The same class on that topic, or on the namespace it sits in (InteractiveMarkers name `/target_marker` for
        // `/target_marker/update`), or another display on the very topic: turned on, not twinned.
        const existing = onTopic(p, spec, t.name);
        if (existing) {
          reuse(p, existing, shown, kept);
          if (ns && existing.classId === spec.classId) prefixTf(p, existing, ns);
          // A display the set-up relies on should receive: the QoS its publishers need, as "fix" would set it.
          if (existing.spec && fixDisplay(p, existing) > 0) repaired.push(placeName(existing));
          continue;
        }
        addNamed(p, spec, twinName(p, spec, t.name, ns) ?? (topics.length > 1 ? `${name} ${t.name}` : name), t.name, entry, ns, groups);
        added.push(`${label} (${t.name})`);
      }
    }
  }
  const frame = recipe.keepFixedFrame ? undefined : recipeFrame(p, recipe.fixedFrame ?? RECIPES.fixedFrame, robots);
  if (frame && frame.frame !== p.state.fixedFrame) {
    p.actions.push(act({ action: 'set_fixed_frame', frame: frame.frame }));
    p.state.fixedFrame = frame.frame;
  }
  const parts = [`set up for ${recipe.title}${robots.length ? ` on ${robots.join(', ')}` : ''}`];
  parts.push(added.length ? `added ${added.join(', ')}` : 'added nothing');
  if (shown.length) parts.push(`turned on ${shown.join(', ')}`);
  if (kept.length) parts.push(`kept ${kept.join(', ')}`);
  if (repaired.length) parts.push(`repaired ${repaired.join(', ')} so they receive`);
  const inGroups = [...groups.used].map((g) => `${placeName(g)}${g.added ? ' (new)' : ''}`);
  if (inGroups.length) parts.push(`grouped by robot in ${inGroups.join(', ')}`);
  if (frame) parts.push(`fixed frame ${frame.frame} (${frame.why})`);
  else if (!recipe.keepFixedFrame) parts.push('fixed frame unchanged (no TF from the robot yet)');
  notes.unshift(parts.join('; '));
  if (skipped.length) notes.push(`skipped what the robot does not publish: ${skipped.join('; ')}`);
  p.notes.push(...notes);
}

/** An existing display the set-up relies on: turned on, with any disabled group around it (else it would not show). */
function reuse(p: Planner, d: VirtualDisplay, shown: string[], kept: string[]): void {
  const off: VirtualDisplay[] = [];
  for (let g = d.parent; g; g = g.parent) if (!g.enabled) off.unshift(g);
  for (const g of off) enable(p, g, shown);
  if (!d.enabled) enable(p, d, shown);
  else kept.push(placeName(d));
}

function enable(p: Planner, d: VirtualDisplay, shown: string[]): void {
  p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' }));
  d.enabled = true;
  shown.push(placeName(d));
}

/** A robot in a namespace whose frames carry its prefix (robot1/base_link) reads its TF there, where the type has a TF Prefix. */
function tfPrefixFor(p: Planner, spec: DisplayTypeSpec, ns: string | undefined): string | undefined {
  return ns && spec.properties.some((x) => x.path === 'TF Prefix') && p.ctx.frames.some((f) => f.startsWith(`${ns}/`)) ? ns : undefined;
}

/** An existing display of a robot without its TF Prefix gets it (its frames would not be found otherwise). */
function prefixTf(p: Planner, d: VirtualDisplay, ns: string): void {
  if (!d.spec || tfPrefixFor(p, d.spec, ns) === undefined || (p.state.valueOf(d, 'TF Prefix') ?? '') !== '') return;
  p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: 'TF Prefix', value: ns }));
  d.planProps.set('TF Prefix', ns);
}

/** Adds one display: a robot's inside that robot's group (found or added), anything else at the top level. */
function addNamed(p: Planner, spec: DisplayTypeSpec, name: string, topic: string, entry: RecipeDisplay, ns: string | undefined, groups: RobotGroups): void {
  const group = ns && entry.perRobot ? groups.forAdding(ns) : undefined;
  const d = p.state.add(spec, name, topic, group ? { parent: group } : undefined);
  p.actions.push(act({ action: 'add_display', display_type: spec.name, topic, display: group ? p.state.addressOf(d) : d.name }));
  const props: Record<string, string> = { ...(entry.set ?? {}) };
  const prefix = tfPrefixFor(p, spec, ns);
  if (prefix) props['TF Prefix'] = prefix;
  for (const [path, value] of Object.entries(props)) {
    p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: path, value }));
    d.planProps.set(path, value);
  }
}
