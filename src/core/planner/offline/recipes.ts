// Goal-level requests ("set RViz up for mapping", "what do I need to drive with Nav2") as recipes from
// catalog/recipes.json: each picks displays from the live topics by type and convention, sets the fixed frame the
// robot's TF supports (REP 105: map when map -> odom exists, else odom, else base_link), sets every robot up by its
// namespace when there are several, and skips what the robot does not publish, saying so.
import data from '../../../../catalog/recipes.json';
import type { DisplayTypeSpec } from '../../catalog/index.ts';
import { splitCamel, tokenize } from '../../catalog/text.ts';
import type { TopicInfo } from '../../graph/types.ts';
import { isPublishing, topicsForSpec } from '../topics.ts';
import { FILLER, GENERAL_WORDS } from './lexicon.ts';
import { hasPhrase, overlaps, type Span } from './mentions.ts';
import { act, anyPhrase, displayTopic, type Planner, topicTokens } from './shared.ts';
import { fixDisplay } from './fix.ts';

export interface FrameRule { frame: string; parentOf?: string }
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
export interface Recipe { id: string; title: string; phrases: string[]; framedPhrases?: string[]; multiRobot?: boolean; fixedFrame?: FrameRule[]; displays: RecipeDisplay[] }
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
 * The recipe a request asks for, if it is goal-level: a recipe phrase, framed as a set-up ("set up", "what do I need",
 * "for") or standing alone, and no display type named that the recipe does not hold (then it asks for that display).
 */
export function findRecipe(p: Planner, text: string): Recipe | undefined {
  const tokens = tokenize(text);
  const single = RECIPES.recipes.filter((r) => !r.multiRobot);
  const hit = longestHit(tokens, single) ?? longestHit(tokens, RECIPES.recipes);
  if (!hit) return undefined;
  const setup = Boolean(anyPhrase(tokens, RECIPES.setupWords));
  // "for" alone frames a goal ("rviz for mapping") but not a thing ("make the arm red for me").
  const strongSetup = Boolean(anyPhrase(tokens, RECIPES.setupWords.filter((w) => w !== 'for')));
  const extra = tokens.filter((t, i) => !(i >= hit.span.start && i < hit.span.start + hit.span.length) && !GENERAL.has(t));
  const multi = anyPhrase(tokens, RECIPES.multiRobotWords);
  const ns = new Set(p.ctx.namespaces.map((n) => n.toLowerCase()));
  const standsAlone = extra.every((t) => ns.has(t) || (multi && tokens.slice(multi.start, multi.start + multi.length).includes(t)));
  // A phrase of several words names the goal by itself ("build a map of the office", "what the robot sees"); a framed
  // phrase ("the arm") only next to a set-up word.
  if (hit.framed ? !strongSetup : !setup && !standsAlone && hit.span.length < 2) return undefined;
  // The goal's words naming a display the document has ("switch off the motion planning display" with a MoveIt
  // MotionPlanning display): that display is meant, not a set-up.
  const goalWords = tokens.slice(hit.span.start, hit.span.start + hit.span.length).join(' ');
  if (p.state.live().some((d) => d.classId !== 'rviz_common/Group' && [d.name, d.classId.split('/').pop() ?? ''].some((n) => tokenize(splitCamel(n)).join(' ') === goalWords))) return undefined;
  const own = new Set(hit.recipe.displays.map((d) => d.type));
  for (const m of p.ctx.catalog.typeMentions(text)) {
    const span = hasPhrase(tokens, m.phrase);
    // A display named by a longer phrase holding the goal's word ("see the amcl pose"): that display is meant.
    if (span && overlaps(span, hit.span) && span.length > hit.span.length && !hit.framed) return undefined;
    if (span && overlaps(span, hit.span)) continue;
    if (multi && span && overlaps(span, multi)) continue;
    if (!own.has(m.type.name)) return undefined;
  }
  return hit.recipe;
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
    const names = robots.length === 1 ? [`${robots[0]}/${rule.frame}`, rule.frame] : [rule.frame];
    for (const name of names) {
      const f = tf.frame(name);
      if (!f) continue;
      if (rule.parentOf && !f.children.some((c) => c === rule.parentOf || c.endsWith(`/${rule.parentOf}`))) continue;
      return { frame: name, why: rule.parentOf ? `${name} -> ${f.children.find((c) => c.endsWith(rule.parentOf!))} is in TF` : `${name} is in TF` };
    }
  }
  const root = tf.roots[0];
  return root ? { frame: root, why: `${root} is the root of TF` } : undefined;
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
  for (const entry of recipe.displays) {
    const spec = p.ctx.catalog.resolveType(entry.type);
    if (!spec) continue;
    const scopes: (string | undefined)[] = entry.perRobot && robots.length > 0 ? robots : [undefined];
    for (const ns of scopes) {
      const label = ns ? `${ns} ${entry.label}` : entry.label;
      const baseName = /^[A-Z]/.test(entry.label) ? entry.label : spec.name;
      const name = ns ? `${ns} ${baseName}` : baseName;
      if (spec.topicProperties.length === 0) {
        if (spec.name === 'TF' && p.ctx.frames.length === 0) { skipped.push(`${label} (no TF on the robot)`); continue; }
        const existing = p.state.live().find((d) => d.classId === spec.classId);
        if (existing) { if (!existing.enabled) enable(p, existing.name, shown); else kept.push(existing.name); continue; }
        addNamed(p, spec, name, '', entry, ns);
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
        // `/target_marker/update`).
        const existing = p.state.live().find((d) => d.classId === spec.classId && displayTopic(d) !== '' && (displayTopic(d) === t.name || t.name.startsWith(`${displayTopic(d)}/`)));
        if (existing) {
          if (!existing.enabled) enable(p, existing.name, shown);
          else kept.push(existing.name);
          // A display the set-up relies on should receive: the QoS its publishers need, as "fix" would set it.
          if (fixDisplay(p, existing) > 0) repaired.push(existing.name);
          continue;
        }
        addNamed(p, spec, topics.length > 1 ? `${name} ${t.name}` : name, t.name, entry, ns);
        added.push(`${label} (${t.name})`);
      }
    }
  }
  const frame = recipeFrame(p, recipe.fixedFrame ?? RECIPES.fixedFrame, robots);
  if (frame && frame.frame !== p.state.fixedFrame) {
    p.actions.push(act({ action: 'set_fixed_frame', frame: frame.frame }));
    p.state.fixedFrame = frame.frame;
  }
  const parts = [`set up for ${recipe.title}${robots.length ? ` on ${robots.join(', ')}` : ''}`];
  parts.push(added.length ? `added ${added.join(', ')}` : 'added nothing');
  if (shown.length) parts.push(`turned on ${shown.join(', ')}`);
  if (kept.length) parts.push(`kept ${kept.join(', ')}`);
  if (repaired.length) parts.push(`repaired ${repaired.join(', ')} so they receive`);
  if (frame) parts.push(`fixed frame ${frame.frame} (${frame.why})`);
  else parts.push('fixed frame unchanged (no TF from the robot yet)');
  notes.unshift(parts.join('; '));
  if (skipped.length) notes.push(`skipped what the robot does not publish: ${skipped.join('; ')}`);
  p.notes.push(...notes);
}

function enable(p: Planner, name: string, shown: string[]): void {
  const found = p.state.find(name);
  if (!found.ok) return;
  p.actions.push(act({ action: 'set_enabled', display: found.display.name, value: 'true' }));
  found.display.enabled = true;
  shown.push(found.display.name);
}

function addNamed(p: Planner, spec: DisplayTypeSpec, name: string, topic: string, entry: RecipeDisplay, ns: string | undefined): void {
  const d = p.state.add(spec, name, topic);
  p.actions.push(act({ action: 'add_display', display_type: spec.name, topic, display: d.name }));
  const props: Record<string, string> = { ...(entry.set ?? {}) };
  // A robot in a namespace whose frames carry its prefix (robot1/base_link): the model reads its TF there.
  if (ns && spec.properties.some((x) => x.path === 'TF Prefix') && p.ctx.frames.some((f) => f.startsWith(`${ns}/`))) props['TF Prefix'] = ns;
  for (const [path, value] of Object.entries(props)) {
    p.actions.push(act({ action: 'set_property', display: d.name, property: path, value }));
    d.planProps.set(path, value);
  }
}
