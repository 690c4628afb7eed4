// What a clause is about: displays by name, topics by name, types by catalog words, narrowed by namespace and by the
// words used; which live topic a new display gets.
import type { DisplayTypeSpec } from '../../catalog/index.ts';
import { singular, splitCamel, tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { looseDisplayName } from '../../rviz/displays.ts';
import { absoluteTopic, drawableType, fittingType, isPublishing, topicsForSpec, topicWords } from '../topics.ts';
import { ADD_WORDS, ALL_WORDS, BIGGER, FILLER, OTHER_ONE, SMALLER } from './lexicon.ts';
import { CONCEPTS } from './concepts.ts';
import { colourIn, covers, displayMentions, endsSettingPhrase, startsSettingPhrase, hasPhrase, isPropertyWord, numbersIn, overlaps, slashNames, type Span, type TypeMention, typeMentions } from './mentions.ts';
import { factorsIn, quantitiesOf } from './quantities.ts';
import { findVerb } from './phrases.ts';
import { propertySettings, VALUE_WORDS } from './settings.ts';
import { addDisplay, anyPhrase, belongsTo, displayTopic, inNamespace, namespaceNamed, namespaceOf, offerEachReading, type Planner, singularTokens, type Target, topicTokens, turnDisplays } from './shared.ts';

/** Whether a multi-word property or value word of a display type covers a mention's span. */
export function propertyPhraseAround(spec: DisplayTypeSpec, tokens: string[], m: Span): boolean {
  for (const prop of spec.properties) {
    for (const w of [...(prop.words ?? []), ...(prop.valueWords ?? []).flatMap((vw) => vw.words)]) {
      if (!w.includes(' ')) continue;
      const at = hasPhrase(tokens, w);
      if (at && at.start <= m.start && at.start + at.length >= m.start + m.length && at.length > m.length) return true;
    }
  }
  return false;
}

/** Where a display's class name (its last segment, split: `ParticleCloud` → "particle cloud") stands in the tokens. */
function classSpan(d: VirtualDisplay, tokens: readonly string[], taken: readonly Span[]): Span | undefined {
  const have = singularTokens([...tokens]);
  for (const words of classWords(d.classId)) {
    for (let i = 0; i + words.length <= have.length; i++) {
      if (!words.every((w, k) => have[i + k] === w)) continue;
      const span = { start: i, length: words.length };
      if (!taken.some((x) => span.start < x.start + x.length && x.start < span.start + span.length)) return span;
    }
  }
  return undefined;
}

/**
 * The words a plugin class is named by: its class ("ParticleCloud" → "particle cloud") and its package's own word
 * ("octomap_rviz_plugins" → "octomap", "rviz_imu_plugin" → "imu"), so "the octomap" finds
 * octomap_rviz_plugins/OccupancyGrid although "occupancy grid" is a Map word.
 */
function classWords(classId: string): string[][] {
  const [pkg, cls] = classId.includes('/') ? [classId.slice(0, classId.indexOf('/')), classId.split('/').pop()!] : ['', classId];
  const out = [singularTokens(tokenize(splitCamel(cls)))];
  const own = pkg.replace(/^rviz_/, '').replace(/_?(rviz_)?plugins?$/, '').replace(/_rviz$/, '');
  const pkgWords = singularTokens(own.split('_').filter((w) => w.length > 0));
  if (pkgWords.length > 0 && pkgWords.every((w) => w.length >= 3 && w !== 'rviz' && w !== 'default')) out.push(pkgWords);
  return out.filter((w) => w.length > 0 && !w.every((x) => x.length < 3));
}

/** The same type, or one that shows the same messages (a Camera word for an Image display). */
function sameKind(a: DisplayTypeSpec, b: DisplayTypeSpec): boolean {
  return a === b || (a.messageTypes.length > 0 && a.messageTypes.some((mt) => b.messageTypes.includes(mt)));
}

/** Phrases that make what follows a place ("next to the axes", "on top of the map", "in front of the costmaps"). */
const PLACE_PHRASES = ['beside', 'near', 'next to', 'on top of', 'in front of', 'behind', 'underneath', 'below', 'above', 'over'];

function placeBefore(tokens: readonly string[], start: number): boolean {
  const before = ` ${tokens.slice(Math.max(0, start - 4), start).filter((t) => t !== 'the' && t !== 'a').join(' ')} `;
  return PLACE_PHRASES.some((ph) => before.endsWith(` ${ph} `));
}

/** Words before a frame that make it where something is drawn: "put the grid on odom", "anchor the axes to map". */
const FRAME_PLACES = new Set(['on', 'onto', 'to', 'at', 'in']);

/**
 * Type mentions without the TF frames named as a place of a display that has a frame setting ("put the grid on odom"
 * is the Grid's Reference Frame, not an Odometry display to add); their words are freed for that setting.
 */
function framesNamedAsPlaces(p: Planner, tokens: readonly string[], targets: readonly Target[], found: TypeMention[], taken: Span[]): TypeMention[] {
  if (!found.some((m) => m.start > 0 && FRAME_PLACES.has(tokens[m.start - 1]!))) return found;
  const framed = targets.some((t) => (t.displays[0]?.spec ?? t.spec)?.properties.some((x) => x.kind === 'frame'));
  if (!framed) return found;
  const frames = new Set(p.ctx.frames.map((f) => f.toLowerCase()));
  return withoutMentions(found, taken, (m) => m.length === 1 && m.start > 0 && FRAME_PLACES.has(tokens[m.start - 1]!) && frames.has(tokens[m.start]!));
}

/** The mentions `dropped` does not pick; the words of those it picks are freed (no longer taken) for the clause's settings. */
function withoutMentions(found: TypeMention[], taken: Span[], dropped: (m: TypeMention) => boolean): TypeMention[] {
  return found.filter((m) => {
    if (!dropped(m)) return true;
    const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
    if (at >= 0) taken.splice(at, 1);
    return false;
  });
}

/** Words before a value that say how something is drawn: "show the amcl arrow as axes", "change the amcl arrow to axes". */
const VALUE_LEADS = new Set(['as', 'with', 'using', 'like', 'to', 'into']);
/** Words that point back at what the clause before named, right before a value of it ("make it axes"). */
const POINTER_LEADS: ReadonlySet<string> = new Set(['it', 'them']);

/**
 * Type mentions without those that are a value of a display named here ("the amcl arrow as axes" is its Shape, not an
 * Axes display to add); their words are freed for that setting.
 */
function valuesNamedAsTypes(p: Planner, tokens: readonly string[], targets: readonly Target[], found: TypeMention[], taken: Span[]): TypeMention[] {
  // ("make it axes instead of arrows": after "it", a value of what the clause before named.)
  const lead = (m: TypeMention): boolean => m.start > 0 && (VALUE_LEADS.has(tokens[m.start - 1]!) || POINTER_LEADS.has(tokens[m.start - 1]!));
  // (Most clauses have no type word after "as" or "with": nothing to work out for them.)
  if (!found.some(lead)) return found;
  const pointed = found.some((m) => m.start > 0 && POINTER_LEADS.has(tokens[m.start - 1]!)) ? p.last.map((t) => t.displays[0]?.spec ?? t.spec) : [];
  // What the clause names: its targets so far, the other types it names, and displays a word of whose name it holds.
  const named = [
    ...targets.map((t) => t.displays[0]?.spec ?? t.spec), ...found.map((m) => m.spec), ...pointed,
    ...p.state.live().filter((d) => tokenize(splitCamel(d.name)).some((w) => w.length >= 3 && !FILLER.has(w) && tokens.includes(w))).map((d) => d.spec),
  ];
  const values = new Set(named.flatMap((s) => s?.properties ?? []).filter((x) => x.kind === 'enum')
    .flatMap((x) => (x.values ?? []).map((v) => singularTokens(tokenize(v)).join(' '))));
  if (values.size === 0) return found;
  return withoutMentions(found, taken, (m) => lead(m) && values.has(singularTokens(tokens.slice(m.start, m.start + m.length)).join(' ')));
}

/** What a display counts ("cells", "poses"). */
const COUNTED_WORDS: ReadonlySet<string> = new Set(CONCEPTS.countedNouns);

/** Words that point from a display at the topic it shows ("whatever listens to", "the one subscribed to"). */
const TOPIC_LINK = new Set(['whatever', 'whichever', 'anything', 'something', 'thing', 'one', 'the', 'a', 'that', 'which', 'what', 'is', 'are',
  'on', 'to', 'from', 'for', 'of', 'at', 'listens', 'listening', 'listen', 'listener', 'subscribed', 'subscribes', 'subscribing', 'subscriber',
  'reads', 'reading', 'fed', 'feeding', 'fed', 'attached', 'connected', 'hooked', 'tied', 'bound', 'currently', 'using', 'now', 'up']);

/** Words that point at a display by what it does ("whatever shows", "the one that draws", "whichever display reads"). */
const POINTERS = new Set(['whatever', 'whichever', 'anything', 'something', 'thing', 'one', 'that', 'which', 'what', 'display']);

/** Words after a group's name that say it is a group ("the perception group", "the sensors folder"). */
/** Nouns for what a robot has ("the lidar", "the camera"): they name its topics, never a display on a made-up one. */
const DEVICE_NOUNS: ReadonlySet<string> = new Set(CONCEPTS.deviceNouns.nouns);
/** What a device sends ("the camera feed"): with a device noun, still the device. */
const DEVICE_OUTPUTS: ReadonlySet<string> = new Set(CONCEPTS.deviceNouns.outputs ?? []);

export const GROUP_WORDS: ReadonlySet<string> = new Set(['group', 'groups', 'folder', 'section']);
/** Words before a group's name that make it a place ("in", "inside", "under"). */
const PLACE_WORDS = new Set(['in', 'inside', 'within', 'under', 'from']);

/** Whether a display sits inside one of the groups, at any depth. */
export function insideAny(d: VirtualDisplay, groups: readonly VirtualDisplay[]): boolean {
  return groups.some((g) => (g.path !== undefined && d.path !== undefined && d.path.startsWith(`${g.path}/`)) || (d.path === undefined && d.groupPath.includes(g.name)));
}

/**
 * A word right before a type mention that some, not all, displays of the type carry in their name or topic ("local"
 * in "the local path" when Local Plan and Global Plan exist): it narrows the mention.
 */
function qualifierBefore(p: Planner, spec: DisplayTypeSpec, tokens: readonly string[], m: Span, taken: readonly Span[], ns: string | undefined): string | undefined {
  const at = m.start - 1;
  const word = tokens[at];
  if (!word || FILLER.has(word) || word.length < 3 || taken.some((x) => at >= x.start && at < x.start + x.length)) return undefined;
  const pool = p.state.live().filter((d) => d.classId === spec.classId && (ns === undefined || belongsTo(d, ns)));
  const carries = pool.filter((d) => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(singularTokens([word])[0]!));
  return carries.length > 0 && carries.length < pool.length ? word : undefined;
}

/** Live topics for a type that fit a phrase ("local plan" → /local_plan), best first; the conventional one wins ties. */
export function rankTopics(p: Planner, spec: DisplayTypeSpec, phrase: string, ns: string | undefined, clauseTokens: readonly string[]): string[] {
  return scoredTopics(p, spec, phrase, ns, clauseTokens).map((s) => s.name);
}

/** rankTopics with each topic's score: words of the phrase and the clause it has, then the conventional and plain. */
function scoredTopics(p: Planner, spec: DisplayTypeSpec, phrase: string, ns: string | undefined, clauseTokens: readonly string[]): { name: string; score: number }[] {
  const want = singularTokens(tokenize(phrase));
  const extra = singularTokens(clauseTokens.filter((t) => !FILLER.has(t)));
  const live = topicsForSpec(p.ctx, spec).filter((t) => inNamespace(t.name, ns));
  const ns0 = p.ctx.namespaces;
  const scored = live.map((t) => {
    const tt = singularTokens(topicTokens(t.name));
    const phraseHits = want.filter((w) => tt.includes(w)).length;
    const clauseHits = extra.filter((w) => tt.includes(w)).length;
    const conventional = t.name === spec.conventionalTopic || (ns !== undefined && t.name === `/${ns}${spec.conventionalTopic ?? ''}`);
    // Without a namespace named, a topic outside any robot namespace is the plain reading.
    const plain = ns === undefined && !ns0.some((n) => t.name.startsWith(`/${n}/`));
    return { name: t.name, score: phraseHits * 4 + clauseHits * 2 + (conventional ? 1 : 0) + (plain ? 0.5 : 0) + (isPublishing(t) ? 0.25 : 0) };
  });
  return scored.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/** Displays of a type that fit the words used ("costmaps" → Map displays on costmap topics) and the namespace. */
export function displaysFor(p: Planner, spec: DisplayTypeSpec, phrase: string, ns: string | undefined, topics: string[]): VirtualDisplay[] {
  let pool = p.state.live().filter((d) => d.classId === spec.classId);
  if (topics.length) return pool.filter((d) => topics.includes(displayTopic(d)));
  if (ns) pool = pool.filter((d) => belongsTo(d, ns));
  const want = singularTokens(tokenize(phrase));
  // The displays whose topic and name share the most words with the phrase ("local costmap" → Local Costmap).
  const overlap = (d: VirtualDisplay): number => {
    const have = new Set(singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]));
    return want.filter((w) => have.has(w)).length;
  };
  // "the path" beside "Controller Path" and "Global Plan": the one name that shares only the type's own word with the
  // phrase is no more that type than the others, so every one is meant (and asked about); a display named or fed
  // exactly as said ("the map": Map on /map) is the one.
  // A plural ("the axes" beside Gripper Axes, Lift and Charger) says several, so one name holding it is not all it
  // means either; "both plans" still keeps to the names its words fit.
  if (pool.length > 1 && want.length > 0 && want.every((w) => genericWords(p, spec).has(w))) {
    const same = (ws: readonly string[]): boolean => ws.length === want.length && ws.every((w, i) => w === want[i]);
    const byName = pool.filter((d) => overlap(d) === want.length);
    if (byName.length === 1 && !same(singularTokens(tokenize(splitCamel(byName[0]!.name)))) && !same(singularTokens(topicTokens(displayTopic(byName[0]!))))) return pool;
  }
  const full = pool.filter((d) => overlap(d) === want.length);
  if (full.length > 0) return full;
  // A live topic that fits every word ("local plan" → /local_plan) and no display shows yet: that is the one meant.
  const shown = new Set(pool.map(displayTopic));
  // (A display with no topic setting, like TF, shows no topic: its topics decide nothing.)
  const unshown = spec.topicProperties.length > 0 && topicsForSpec(p.ctx, spec).some((t) => !shown.has(t.name) && want.every((w) => singularTokens(topicTokens(t.name)).includes(w)));
  if (unshown) return [];
  const best = Math.max(0, ...pool.map(overlap));
  if (best > 0) return pool.filter((d) => overlap(d) === best);
  if (spec.topicProperties.length === 0) return pool;
  // No display shares a word: generic words ("lidar", "force sensor") mean every display of the type; a qualifier
  // ("local") means a kind no display shows yet.
  const generic = genericWords(p, spec);
  return want.every((w) => generic.has(w)) ? pool : [];
}

/**
 * The modifiers of a type phrase that other types' words use too ("depth" in "depth image", "local" in "local
 * costmap"): they tell kinds apart, so a display of another type is meant only when it carries them.
 */
function sharedModifiers(p: Planner, spec: DisplayTypeSpec, phrase: string): string[] {
  const one = (w: string): string => singularTokens([w])[0]!;
  const ws = tokenize(phrase).map(one);
  const elsewhere = new Set(p.ctx.catalog.displays.filter((s) => s !== spec).flatMap((s) => s.words.flatMap((w) => tokenize(w).map(one))));
  return ws.slice(0, -1).filter((w) => elsewhere.has(w));
}

const genericCache = new WeakMap<DisplayTypeSpec, Set<string>>();

/**
 * The words that name a type as a whole, never one of its instances: its single type words and class name, the head of
 * each of its longer type words ("sensor" in "force sensor"), and a modifier no other type's words use ("distance" in
 * "distance sensor", "ft"); a modifier several types share ("local", "depth", "amcl") tells instances apart.
 */
function genericWords(p: Planner, spec: DisplayTypeSpec): Set<string> {
  const cached = genericCache.get(spec);
  if (cached) return cached;
  const one = (w: string): string => singularTokens([w])[0]!;
  const out = new Set([...spec.words.filter((w) => !w.includes(' ')), ...tokenize(splitCamel(spec.name))].map(one));
  const elsewhere = new Set(p.ctx.catalog.displays.filter((s) => s !== spec).flatMap((s) => s.words.flatMap((w) => tokenize(w).map(one))));
  for (const w of spec.words.filter((x) => x.includes(' '))) {
    const ws = tokenize(w).map(one);
    out.add(ws[ws.length - 1]!);
    for (const m of ws.slice(0, -1)) if (!elsewhere.has(m)) out.add(m);
  }
  genericCache.set(spec, out);
  return out;
}

/**
 * Displays here whose type has a switch worded as the mention (with the word before it, "frame axes", or — when the
 * verb adds nothing — alone), for a mention of a type with no display: one type's displays, else none.
 */
function switchHolders(p: Planner, m: TypeMention, tokens: readonly string[], ns: string | undefined): VirtualDisplay[] {
  const holding = (phrase: string): VirtualDisplay[] => p.state.live().filter((d) => d.spec !== undefined && d.spec !== m.spec && d.enabled !== undefined
    && d.spec.properties.some((x) => x.kind === 'bool' && (x.words ?? []).some((w) => tokenize(w).join(' ') === phrase)) && (ns === undefined || belongsTo(d, ns)));
  const own = tokenize(m.phrase).join(' ');
  // The word before counts only as a modifier: no verb ("show axes"), negation ("no axes") or article.
  const before = m.start > 0 ? tokens[m.start - 1]! : undefined;
  const modifier = before !== undefined && !FILLER.has(before) && !['no', 'not', 'without', 'never', 'only', 'just'].includes(before) && findVerb([before], []) === undefined ? before : undefined;
  let found = own.includes(' ') ? holding(own) : modifier ? holding(`${modifier} ${own}`) : [];
  if (found.length === 0 && modifier && findVerb([...tokens], [])?.verb !== 'show') found = holding(own);
  return new Set(found.map((d) => d.spec)).size === 1 ? found : [];
}

/**
 * "the axes are tiny, double them" with no Axes display, where the Global Plan draws its poses as axes: displays here
 * drawn now as the mention (an enum setting's current value), for a mention of a type with no display; one type's
 * displays, else none.
 */
function drawnAsHolders(p: Planner, m: TypeMention, ns: string | undefined): VirtualDisplay[] {
  const said = singularTokens(tokenize(m.phrase)).join(' ');
  const found = p.state.live().filter((d) => d.spec !== undefined && d.spec !== m.spec && d.classId !== 'rviz_common/Group' && d.enabled && (ns === undefined || belongsTo(d, ns))
    && d.spec.properties.some((x) => x.kind === 'enum' && singularTokens(tokenize(p.state.valueOf(d, x.path) ?? '')).join(' ') === said));
  return new Set(found.map((d) => d.spec)).size === 1 ? found : [];
}

/** What a clause is about, from display names, topic names and type words (in that order of precedence). */
export function resolveTargets(p: Planner, clause: string, tokens: string[], taken: Span[]): Target[] {
  const targets: Target[] = [];
  const robot = namespaceOf(p, tokens);
  const robotSpan = robot ? hasPhrase(tokens, robot.toLowerCase()) : anyPhrase(tokens, OTHER_ONE);
  // "turn off the robot1 group", "hide everything of robot2" with a group of that name: the group itself is meant, not
  // each display of the robot.
  const whole = robotSpan !== undefined && (GROUP_WORDS.has(tokens[robotSpan.start + robotSpan.length] ?? '')
    || tokens.slice(Math.max(0, robotSpan.start - 3), robotSpan.start).some((t) => t === 'everything' || t === 'all'));
  const groupNamed = robotSpan !== undefined && robot !== undefined && whole
    && !tokens.slice(Math.max(0, robotSpan.start - 2), robotSpan.start).some((t) => PLACE_WORDS.has(t))
    && p.state.live().some((d) => d.classId === 'rviz_common/Group' && looseDisplayName(d.name) === looseDisplayName(robot));
  // "Bravo is robot2": a robot named after "is", with a display named before it, says which robot that display is; it
  // is no scope to look for displays in.
  const predicate = robotSpan !== undefined && robotSpan.start > 1 && ['is', 'was'].includes(tokens[robotSpan.start - 1] ?? '');
  const ns = groupNamed || predicate ? undefined : robot;
  const nsSpan = groupNamed ? undefined : robotSpan;
  if (nsSpan) {
    taken.push(nsSpan);
    // "the model in the robot2 group": the group word after the robot's name is part of that name, not a Group.
    if (GROUP_WORDS.has(tokens[nsSpan.start + nsSpan.length] ?? '')) taken.push({ start: nsSpan.start + nsSpan.length, length: 1 });
  }
  // A longer type phrase beats a display name inside it ("grid cells" is a GridCells, not the "Grid" display).
  const typeSpans = typeMentions(tokens, p.ctx.catalog.displays, []);
  // Whether the clause carries a value (a number, a colour or a comparative), read once and only when a name needs it.
  let valueRead: boolean | undefined;
  const carriesValue = (): boolean => (valueRead ??= numbersIn(clause).length > 0 || colourIn(clause) !== undefined || Boolean(anyPhrase(tokens, [...BIGGER, ...SMALLER])));
  // (Every display the clause names, read only for a group's name beside a value: most clauses never need it.)
  let otherNames: ReturnType<typeof displayMentions> | undefined;
  const named = displayMentions(tokens, p.state.live(), taken, p.nounFirst).filter((m) => {
    // Only a display named after its own type ("Grid") gives way; a name of its own ("Waypoints") is meant as said.
    const defaultName = m.display.spec !== undefined && tokenize(splitCamel(m.display.name)).join(' ') === tokenize(splitCamel(m.display.spec.name)).join(' ');
    // …unless that type is nowhere on this robot or in this document and a value follows: "make the grid cells half a
    // metre" sizes the Grid's cells, "add grid cells" still adds a GridCells.
    const valued = carriesValue() || factorsIn(clause).length > 0;
    const present = (spec: DisplayTypeSpec): boolean => !valued || topicsForSpec(p.ctx, spec).length > 0 || p.state.live().some((d) => d.classId === spec.classId);
    // A group's name inside a longer type phrase ("the thermal sensor" beside a Thermal group) gives way too, unless
    // it is said as a group or a place ("the thermal group", "in thermal").
    const group = m.display.classId === 'rviz_common/Group' && !GROUP_WORDS.has(tokens[m.start + m.length] ?? '')
      && !tokens.slice(Math.max(0, m.start - 2), m.start).some((t) => PLACE_WORDS.has(t));
    const longer = (defaultName || group) && typeSpans.find((t) => t.spec !== m.display.spec && t.length > m.length && t.start <= m.start && t.start + t.length >= m.start + m.length && present(t.spec));
    if (longer) taken.splice(taken.findIndex((x) => x.start === m.start && x.length === m.length), 1);
    // "Forklift Lanes: q depth 20" beside a display called "Depth": a name inside a setting's phrase is that setting.
    if (!longer && endsSettingPhrase(p.ctx.catalog, tokens, m)) {
      taken.splice(taken.findIndex((x) => x.start === m.start && x.length === m.length), 1);
      return false;
    }
    // "set the alpha on Bravo's laser to 0.4" beside a group called Alpha: with a value, a group's name that is a
    // setting's word of another display the clause names is that setting.
    // (…not said as the owner: "Alpha's laser red".)
    const settingWord = (): boolean => {
      const word = tokens.slice(m.start, m.start + m.length).join(' ');
      otherNames ??= displayMentions(tokens, p.state.live(), []);
      const others = [...typeSpans.map((t) => t.spec), ...otherNames.filter((o) => o.display !== m.display).map((o) => o.display.spec)];
      return others.some((spec) => spec !== undefined && isPropertyWord(spec, word));
    };
    if (!longer && group && valued && tokens[m.start + m.length] !== 's' && settingWord()) {
      taken.splice(taken.findIndex((x) => x.start === m.start && x.length === m.length), 1);
      return false;
    }
    // A display inside a longer type phrase of its own type ("Depth" in "the depth camera", a PointCloud2): the whole
    // phrase names it.
    const own = !longer && m.display.spec !== undefined && typeSpans.find((t) => t.spec === m.display.spec && t.length > m.length && t.start <= m.start && t.start + t.length >= m.start + m.length);
    if (own) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken[at] = { start: own.start, length: own.length };
      m.start = own.start;
      m.length = own.length;
    }
    return !longer;
  });
  // "the Robot 2 group" read as the robot "robot2" beside a group named "Robot 2": that group.
  if (groupNamed && !named.some((m) => overlaps(m, robotSpan!))) {
    const g = p.state.live().find((d) => d.classId === 'rviz_common/Group' && looseDisplayName(d.name) === looseDisplayName(robot!));
    if (g) { named.push({ display: g, start: robotSpan!.start, length: robotSpan!.length }); taken.push(robotSpan!); }
  }
  // "the Robot 2 group": the group word after a group's name is part of that name, not every Group.
  for (const m of named) if (m.display.classId === 'rviz_common/Group' && GROUP_WORDS.has(tokens[m.start + m.length] ?? '')) taken.push({ start: m.start + m.length, length: 1 });
  // A group named by a type word ("Cameras") is that group only when nothing else is named: "the camera on /fleet/…",
  // "the loading bay camera" and "both cameras" mean the displays of the type.
  for (const m of [...named]) {
    if (m.display.classId !== 'rviz_common/Group') continue;
    const words = tokens.slice(m.start, m.start + m.length).join(' ');
    if (p.ctx.catalog.typesForWords(words).length === 0) continue;
    // …and "the depth camera" names a type by a longer phrase that holds the group's name.
    const longerType = typeSpans.some((t) => t.length > m.length && t.start <= m.start && t.start + t.length >= m.start + m.length);
    // …and "the dock camera": a word before it that a display inside carries picks that display.
    const before = m.start > 0 && !FILLER.has(tokens[m.start - 1]!) ? singularTokens([tokens[m.start - 1]!])[0]! : undefined;
    const qualified = before !== undefined && p.state.live().some((d) => d.classId !== 'rviz_common/Group' && insideAny(d, [m.display])
      && singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(before));
    const others = named.some((o) => o !== m && !overlaps(o, m)) || slashNames(clause).length > 0 || longerType || qualified;
    // …and "costmaps at 50 % opacity": a value, which a Group takes none of, is for the displays of the type.
    if (!others && !carriesValue() && !anyPhrase(tokens, ALL_WORDS)) continue;
    // …but "in the costmaps group" is that group as a place.
    const asPlace = GROUP_WORDS.has(tokens[m.start + m.length] ?? '') || tokens.slice(Math.max(0, m.start - 2), m.start).some((t) => PLACE_WORDS.has(t));
    if (asPlace) continue;
    named.splice(named.indexOf(m), 1);
    const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
    if (at >= 0) taken.splice(at, 1);
  }
  // "the cloud in the perception group", "the lidar inside Sensors": a group named as the place of another thing named
  // here qualifies it (the display inside the group is meant), it is not a target itself.
  const within: VirtualDisplay[] = [];
  for (const m of [...named]) {
    if (m.display.classId !== 'rviz_common/Group') continue;
    const before = tokens.slice(Math.max(0, m.start - 2), m.start);
    const groupWord = GROUP_WORDS.has(tokens[m.start + m.length] ?? '');
    // …also right before a type word: "the arm model" is the model in the Arm group.
    // ("the arm's frames": a possessive 's between them.)
    const next = m.start + m.length + (tokens[m.start + m.length] === 's' ? 1 : 0);
    // ("Alpha's Wheels": a display of the group named right after it.)
    const holds = (o: (typeof named)[number]): boolean => o !== m && o.start === next && o.display.groupPath.includes(m.display.name);
    const place = before.some((t) => PLACE_WORDS.has(t)) || typeSpans.some((t) => t.start === next) || named.some(holds);
    // ("in the Costmaps group make the global one 0.5 alpha": "the global one" is another thing named.)
    const one = tokens.some((t, i) => (t === 'one' || t === 'ones') && i > m.start + m.length && !FILLER.has(tokens[i - 1]!));
    const others = named.some((o) => o !== m && !overlaps(o, m)) || typeSpans.some((t) => !overlaps(t, m) && !(groupWord && t.start === m.start + m.length)) || one;
    if (!(place || groupWord) || !others) continue;
    within.push(m.display);
    named.splice(named.indexOf(m), 1);
    if (groupWord) taken.push({ start: m.start + m.length, length: 1 });
  }
  // "Bravo stays disabled, but set its laser to spheres": "its" before a type, after a clause that named one group, is
  // that group's.
  if (within.length === 0 && named.every((m) => typeSpans.some((t) => overlaps(t, m))) && typeSpans.some((t) => tokens[t.start - 1] === 'its')) {
    const groups = [...new Set(p.last.flatMap((t) => t.displays))].filter((d) => d.classId === 'rviz_common/Group');
    if (groups.length === 1) within.push(groups[0]!);
  }
  // "the local costmap on top of the map", "the names next to the axes": a display named as a place of an earlier one
  // is not a target.
  for (const m of [...named]) {
    const earlier = named.some((o) => o !== m && o.start < m.start) || typeSpans.some((t) => t.start + t.length <= m.start);
    if (earlier && placeBefore(tokens, m.start)) {
      named.splice(named.indexOf(m), 1);
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      taken.push(m);
    }
  }
  for (const m of named) {
    const existing = targets.find((t) => t.span && t.span.start === m.start);
    if (existing) existing.displays.push(m.display);
    else targets.push({ spec: m.display.spec, displays: [m.display], topics: [], phrase: m.display.name, plural: false, span: m });
  }
  // Displays of a class the catalog does not know (a third-party plugin) by their class's words: "the IMU" is the
  // rviz_imu_plugin/Imu display whatever its name.
  for (const d of p.state.live()) {
    if (d.spec || d.classId === 'rviz_common/Group' || targets.some((t) => t.displays.includes(d))) continue;
    const span = classSpan(d, tokens, taken);
    if (!span) continue;
    taken.push(span);
    targets.push({ displays: [d], topics: [], phrase: d.name, plural: false, span });
  }
  // "the force/torque sensor", "the f/t sensor": words joined by a slash, no live topic and each a type word or a
  // letter or two, are words.
  const wordPair = (raw: string): boolean => !raw.startsWith('/') && !p.ctx.topicByName.has(absoluteTopic(raw))
    && raw.split('/').every((w) => w.length <= 2 || p.ctx.catalog.typesForWords(w).length > 0);
  const slashed = slashNames(clause).filter((r) => !wordPair(r));
  const slashSpans = slashed.map((raw) => hasPhrase(tokens, tokenize(raw).join(' '))).filter((x): x is Span => x !== undefined);
  // A live topic named without its slash ("the waypoints"), when the word is no display type's word.
  const bare = tokens.filter((t, i) => t.length >= 4 && !FILLER.has(t) && ![...taken, ...slashSpans].some((x) => i >= x.start && i < x.start + x.length)
    && p.ctx.topicByName.has(`/${t}`) && p.ctx.catalog.typesForWords(t).length === 0);
  // "whatever listens to /y", "the one subscribed to /x": the words pointing at the display on a topic are part of it.
  for (const span of slashSpans) {
    // ("whichever display reads /plan", "whatever shows /ultrasonic": a verb word right after a pointer word is part of
    // what points, not the clause's verb — after "display" only when no verb stands before that "display".)
    const pointedAt = (i: number): boolean => i > 0 && POINTERS.has(tokens[i - 1]!) && findVerb([tokens[i]!], []) !== undefined
      && (tokens[i - 1] !== 'display' || i < 2 || findVerb([tokens[i - 2]!], []) === undefined);
    const linked = (i: number): boolean => (TOPIC_LINK.has(tokens[i]!) && findVerb([tokens[i]!], []) === undefined) || pointedAt(i);
    // (Never a word of the clause's verb: "get rid of the display on /map".)
    const pointed = tokens.flatMap((_, i) => (pointedAt(i) ? [{ start: i, length: 1 }] : []));
    const verbAt = findVerb(tokens, [...taken, ...pointed])?.span;
    const inVerb = (i: number): boolean => verbAt !== undefined && i >= verbAt.start && i < verbAt.start + verbAt.length;
    for (let i = span.start - 1; i >= 0 && linked(i) && !inVerb(i); i--) taken.push({ start: i, length: 1 });
    // (…also after it, as Japanese puts them: "/scan を表示しているもの" → "/scan that shows".)
    for (let i = span.start + span.length; i < tokens.length && TOPIC_LINK.has(tokens[i]!) && findVerb([tokens[i]!], []) === undefined && !inVerb(i); i++) taken.push({ start: i, length: 1 });
  }
  for (const raw of [...slashed, ...bare]) {
    const name = absoluteTopic(raw);
    const topic = p.ctx.topicByName.get(name);
    let spec = topic ? p.ctx.catalog.forMessageType(topic.type)[0] : undefined;
    // A generic carrier (std_msgs/String is also what RobotModel reads) means that display only on a topic like its own.
    if (spec && topic && topic.type.startsWith('std_msgs/')) {
      const own = topicWords(spec.conventionalTopic ?? '');
      if (!topicWords(name).some((w) => own.includes(w))) spec = undefined;
    }
    // Displays already on it, if they can show its type (a wrongly typed one is a finding, not what was asked for)…
    const on = p.state.live().filter((d) => [...d.topics.values()].includes(name));
    let showing = on.filter((d) => !topic || !d.spec || d.spec.messageTypes.includes(topic.type));
    // …but "remove / hide whatever is on /odom_pose" means the display there, whatever it can show.
    const verb = findVerb(tokens, [])?.verb;
    if (showing.length === 0 && (verb === 'hide' || verb === 'remove')) showing = on;
    // A display name read inside the topic's name ("Waypoints" in /waypoints) is this target, not another one.
    const inside = hasPhrase(tokens, tokenize(raw).join(' '));
    // Its words are the name, all of them ("/global_costmap/costmap" holds "costmap" twice).
    if (inside) taken.push(inside);
    else for (const t of tokenize(raw)) { const i = tokens.indexOf(t); if (i >= 0) taken.push({ start: i, length: 1 }); }
    if (inside) for (const t of [...targets]) if (t.span && !t.topics.length && overlaps(t.span, inside)) targets.splice(targets.indexOf(t), 1);
    targets.push({ spec: showing[0]?.spec ?? spec, displays: showing, topics: [name], phrase: name, plural: false });
  }
  // ("best effort": a type word ending a setting's value is that value's word.)
  const found: TypeMention[] = valuesNamedAsTypes(p, tokens, targets, framesNamedAsPlaces(p, tokens, targets, typeMentions(tokens, p.ctx.catalog.displays, taken), taken), taken)
    .filter((m) => {
      // ("the TF axes are huge, set marker scale to 0.3": a type word that begins a setting's name, with no display of
      // that type here, is the setting's word.)
      const setting = startsSettingPhrase(p.ctx.catalog, tokens, m) && !p.state.live().some((d) => d.spec === m.spec);
      // ("add the odometry, keep the last 50 poses": a word a number counts, after "keep" or "last", is what another
      // display keeps, not a display of its own.)
      // (…or a share of them: "keep half of the poses".)
      const ofShare = tokens[m.start - 1] === 'the' && tokens[m.start - 2] === 'of' && /^(?:\d|half|third|quarter|fifth|tenth)/.test(tokens[m.start - 3] ?? '');
      const counted = m.length === 1 && COUNTED_WORDS.has(tokens[m.start]!) && ((/^\d/.test(tokens[m.start - 1] ?? '') && ['keep', 'last'].some((w) => tokens.slice(0, m.start).includes(w))) || ofShare);
      if (counted) return false;
      if (!setting && !endsSettingPhrase(p.ctx.catalog, tokens, m, true)) return true;
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      return false;
    });
  // A noun phrase binds by its head: a type word right before another ("the robot axes", "the robot laser") only
  // modifies it, so it names no display of its own (its word stays taken: it is no setting either).
  // (Only when the head names something here — a display of its type, or a switch of another display, "the robot
  // axes" → the TF's axes — else "the tf markers" stays the TF's markers.)
  const headHere = (h: TypeMention): boolean => p.state.live().some((d) => d.spec === h.spec) || switchHolders(p, h, tokens, ns).length > 0;
  // (…nor when the head is a part of the modifier's own type: "the tf markers" are the TF's Marker Scale.)
  const partOf = (spec: DisplayTypeSpec, h: TypeMention): boolean => {
    const head = new Set(singularTokens(tokenize(h.phrase)));
    return spec.properties.some((x) => singularTokens([...tokenize(x.path), ...(x.words ?? []).flatMap((w) => tokenize(w))]).some((w) => head.has(w)));
  };
  const mentions = found.filter((m) => !found.some((h) => h !== m && h.spec !== m.spec && h.start === m.start + m.length && !isPropertyWord(m.spec, h.phrase) && !partOf(m.spec, h) && headHere(h)));
  const anchors = [...targets.map((t) => t.spec).filter((s): s is DisplayTypeSpec => s !== undefined), ...mentions.map((m) => m.spec)];
  for (const m of mentions) {
    // A word that is a property or value of another thing named here ("by axis", "as points", "the costmap colour
    // scheme for the map") is not a display.
    const others = [...anchors];
    others.splice(others.indexOf(m.spec), 1);
    // …also when the words around it make one ("best effort" holds the Effort display's word "effort").
    const other = others.find((s) => isPropertyWord(s, m.phrase) || propertyPhraseAround(s, tokens, m));
    if (other && anchors.length > 1) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    // "intensity from 0 to 255 range", "a fixed range of 0 to 2": a value word that is also a type word ("range")
    // names the values when the clause holds a number range and names another display.
    if (anchors.length > 1 && VALUE_WORDS.includes(m.phrase) && quantitiesOf(numbersIn(clause), clause).some((q) => q.to !== undefined)) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    // "keep the last 5 odometry poses": a type word counted by a number is what the count counts, not a display.
    const counted = anchors.length > 1 && tokens.slice(Math.max(0, m.start - 2), m.start).some((t) => /^\d/.test(t));
    if (counted) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    // "the Waypoints markers", "the loading bay camera" (an Image display named, a Camera word after it)
    if (targets.some((t) => t.span && !t.topics.length && t.spec !== undefined && sameKind(t.spec, m.spec) && t.displays.length)) continue;
    // "the voxels map", "the compass sensor": a third-party display named right before a type word is what it describes.
    if (targets.some((t) => t.span && !t.topics.length && t.spec === undefined && t.displays.length && t.span.start + t.span.length === m.start)) continue;
    // "the markers of zone 12": a word that is part of another named thing's topic names qualifies it.
    const words = singularTokens(tokenize(m.phrase));
    const ownTopics = topicsForSpec(p.ctx, m.spec);
    const qualifies = ownTopics.length === 0 && anchors.some((s) => s !== m.spec
      && topicsForSpec(p.ctx, s).some((t) => words.every((w) => singularTokens(topicTokens(t.name)).includes(w))));
    if (qualifies) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    // "the cloud from the depth camera", "the scan of the front lidar": a later thing after from/of describes the
    // source of an earlier one, it is not a display of its own.
    const before = tokens.slice(Math.max(0, m.start - 3), m.start);
    // …nor is one named as a place ("the frame names next to the axes", "the labels beside the markers").
    const linked = before.some((t) => t === 'from' || t === 'of' || t === 'off');
    const place = m.start > 2 && placeBefore(tokens, m.start);
    if (place || (targets.length > 0 && linked && targets.some((t) => t.span && t.span.start < m.start))) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    // A clause that names a topic: type words describe a display for it ("a marker display for /waypoints").
    const topicTargets = targets.filter((t) => t.topics.length > 0);
    if (topicTargets.length > 0) {
      const fits = topicTargets.find((t) => { const info = p.ctx.topicByName.get(t.topics[0]!); return !info || m.spec.messageTypes.includes(info.type); });
      if (fits) { if (fits.spec !== m.spec && fits.displays.length === 0) fits.spec = m.spec; fits.span = m; }
      continue;
    }
    const all = Boolean(anyPhrase(tokens, ALL_WORDS));
    let spec = m.spec;
    // "the local path": a word before the type word that tells its displays apart ("Local Plan" vs "Global Plan").
    const qualifier = qualifierBefore(p, spec, tokens, m, taken, ns);
    let displays = displaysFor(p, spec, qualifier ? `${qualifier} ${m.phrase}` : m.phrase, ns, []);
    // ("hide the camera group" with no group of that name: a word right before "group" names it, so no group is meant,
    // never every group.)
    const groupName = tokens[m.start - 1];
    if (spec.classId === 'rviz_common/Group' && !qualifier && groupName !== undefined && !FILLER.has(groupName) && !ALL_WORDS.includes(groupName) && findVerb([groupName], []) === undefined
      && !displays.some((d) => singularTokens(tokenize(splitCamel(d.name))).includes(singularTokens([groupName])[0]!))
      // (…unless the name follows: "hide the whole group robot2".)
      && !displays.some((d) => tokenize(d.name).includes(tokens[m.start + m.length] ?? ''))) displays = [];
    // The qualifier must hold: "the global path" is not also the Controller Path because both are paths.
    if (qualifier) {
      const q = singularTokens([qualifier])[0]!;
      const carrying = displays.filter((d) => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(q));
      if (carrying.length > 0) displays = carrying;
    }
    if (displays.length === 0) {
      spec = fittingType(p.ctx, spec, m.phrase);
      if (spec !== m.spec) {
        // The other type's displays must carry the words that told the named type apart ("depth" in "the depth
        // image" is no RGB camera's Image); with none, the type named stands, with no display.
        const marks = sharedModifiers(p, m.spec, m.phrase);
        const found = displaysFor(p, spec, m.phrase, ns, []);
        displays = found.filter((d) => marks.every((w) => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(w)));
        if (displays.length === 0 && found.length > 0) spec = m.spec;
      }
    }
    // No display of the type, but one whose name holds the type word and the word next to it ("the particle swarm
    // arrows" → "Amcl Particle Swarm", a plugin display): that one is meant.
    if (displays.length === 0) {
      const run = [tokens[m.start - 1], ...tokens.slice(m.start, m.start + m.length), tokens[m.start + m.length]].filter((t): t is string => t !== undefined && !FILLER.has(t));
      const named = p.state.live().filter((d) => {
        if (d.classId === 'rviz_common/Group') return false;
        const nt = singularTokens(tokenize(splitCamel(d.name)));
        const have = singularTokens(run);
        for (let i = 0; i + 1 < have.length; i++) {
          const at = nt.indexOf(have[i]!);
          if (at >= 0 && nt[at + 1] === have[i + 1]) return true;
        }
        return false;
      });
      if (named.length === 1) { targets.push({ spec: named[0]!.spec, displays: named, topics: [], phrase: named[0]!.name, plural: false, span: m }); continue; }
    }
    // No display of the type, but a third-party one whose class says the same ("particle cloud" → a
    // nav2_rviz_plugins/ParticleCloud display, nested and named otherwise): that one is meant.
    if (displays.length === 0) {
      const plugin = p.state.live().filter((d) => !d.spec && d.classId !== 'rviz_common/Group' && classSpan(d, tokens.slice(m.start, m.start + m.length), []) !== undefined);
      if (plugin.length > 0) { targets.push({ displays: plugin, topics: [], phrase: m.phrase, plural: plugin.length > 1, span: m }); continue; }
      // …or one whose class the words do not name but whose topic carries this type's messages, or is its conventional
      // topic ("the particle filter" → a nav2_rviz_plugins/ParticleCloud on /particle_cloud, a PoseArray topic).
      const carrier = p.state.live().filter((d) => !d.spec && d.classId !== 'rviz_common/Group' && [...d.topics.values()].some((t) => {
        const info = p.ctx.topicByName.get(t);
        return info ? m.spec.messageTypes.includes(info.type) : t !== '' && t === m.spec.conventionalTopic;
      }) && (ns === undefined || belongsTo(d, ns)));
      if (carrier.length > 0) { targets.push({ displays: carrier, topics: [], phrase: m.phrase, plural: carrier.length > 1, span: m }); continue; }
      // …or whose class is itself a word of this type ("the particles" → a ParticleCloud plugin, "particle cloud" being
      // a PoseArray word), wherever its topic is.
      const typeWords = new Set(m.spec.words.map((w) => singularTokens(tokenize(w)).join(' ')));
      const worded = p.state.live().filter((d) => !d.spec && d.classId !== 'rviz_common/Group' && classWords(d.classId).some((w) => typeWords.has(w.join(' ')))
        && (ns === undefined || belongsTo(d, ns)));
      if (worded.length > 0) { targets.push({ displays: worded, topics: [], phrase: m.phrase, plural: worded.length > 1, span: m }); continue; }
    }
    // "hide both cameras" with no Camera display but two Image displays of camera topics: displays of another type
    // that shows the same messages are meant by a verb that changes existing ones (show/add still add the type named).
    if (displays.length === 0 && findVerb(tokens, [])?.verb !== 'show') {
      // (A word of the type phrase that tells kinds apart, "depth" in "depth image", must be carried by the display:
      // the RGB camera's Image is no depth image.)
      const marks = sharedModifiers(p, spec, m.phrase);
      const kin = p.state.live().filter((d) => d.spec && d.spec !== spec && d.classId !== 'rviz_common/Group' && d.spec.messageTypes.some((mt) => spec.messageTypes.includes(mt))
        && (ns === undefined || belongsTo(d, ns))
        && marks.every((w) => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(w)));
      if (kin.length > 0 && (kin.length === 1 || !m.exact || all) && new Set(kin.map((d) => d.spec)).size === 1) {
        targets.push({ spec: kin[0]!.spec, displays: kin, topics: [], phrase: m.phrase, plural: kin.length > 1, span: m, context: tokens });
        continue;
      }
      // "the dock camera" among two Image displays: the one whose name or topic carries the word before.
      const q = m.start > 0 && !FILLER.has(tokens[m.start - 1]!) && !taken.some((x) => m.start - 1 >= x.start && m.start - 1 < x.start + x.length) ? singularTokens([tokens[m.start - 1]!])[0]! : undefined;
      const carried = q === undefined ? [] : kin.filter((d) => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(q));
      if (carried.length > 0 && carried.length < kin.length) {
        taken.push({ start: m.start - 1, length: 1 });
        targets.push({ spec: carried[0]!.spec, displays: carried, topics: [], phrase: `${q} ${m.phrase}`, plural: carried.length > 1, span: m, context: tokens });
        continue;
      }
    }
    // A head with no display of its type that is a switch phrase of a display here ("the frame axes" with no Axes
    // display: the TF's Show Axes) names that display; the switch is read from the clause as usual.
    if (displays.length === 0) {
      const holders = switchHolders(p, m, tokens, ns);
      if (holders.length > 0) {
        // Its words are the switch's, so they stay readable as a setting ("frame axes" → Show Axes).
        const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
        if (at >= 0) taken.splice(at, 1);
        targets.push({ spec: holders[0]!.spec, displays: holders, topics: [], phrase: m.phrase, plural: holders.length > 1, span: m, context: tokens });
        continue;
      }
      // …or what a display here draws as ("the axes" of a Path drawing its poses as axes), when the clause sizes them.
      const drawing = ['show', 'hide', 'remove'].includes(findVerb(tokens, [])?.verb ?? '') || tokens.some((w) => ADD_WORDS.has(w)) ? [] : drawnAsHolders(p, m, ns);
      if (drawing.length > 0 && (carriesValue() || factorsIn(clause).length > 0)) {
        const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
        if (at >= 0) taken.splice(at, 1);
        targets.push({ spec: drawing[0]!.spec, displays: drawing, topics: [], phrase: m.phrase, plural: drawing.length > 1, span: m, context: tokens });
        continue;
      }
    }
    // "depth point cloud decay 1 s" for a PointCloud2 named "Depth Cloud": a setting's word before the type's that every
    // display meant carries in its name is part of the name, never that setting's (Topic/Depth).
    const lead = m.start - 1;
    if (displays.length > 0 && lead >= 0 && !FILLER.has(tokens[lead]!) && !taken.some((x) => lead >= x.start && lead < x.start + x.length)
      && displays[0]!.spec !== undefined && isPropertyWord(displays[0]!.spec, tokens[lead]!)
      && displays.every((d) => singularTokens(tokenize(splitCamel(d.name))).includes(singularTokens([tokens[lead]!])[0]!))) {
      taken.push({ start: lead, length: 1 });
    }
    targets.push({ spec, displays, topics: [], phrase: m.phrase, plural: !m.exact || all, span: m, context: tokens });
  }
  // "the local one", "the global ones": a qualifier and "one" mean the display of the type spoken of (the clause
  // before, else the last applied turn, else any) that carries the word.
  if (targets.length === 0) {
    const at = tokens.findIndex((t, i) => (t === 'one' || t === 'ones') && i > 0 && !FILLER.has(tokens[i - 1]!) && tokens[i - 1]!.length > 2);
    if (at > 0) {
      const q = singularTokens([tokens[at - 1]!])[0]!;
      const specs = new Set(p.last.map((t) => t.spec).filter((x): x is DisplayTypeSpec => x !== undefined));
      if (specs.size === 0) for (const d of turnDisplays(p)) if (d.spec) specs.add(d.spec);
      const carries = (d: VirtualDisplay): boolean => singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]).includes(q);
      const found = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && (specs.size === 0 || (d.spec !== undefined && specs.has(d.spec))) && carries(d) && (ns === undefined || belongsTo(d, ns))
        && (within.length === 0 || insideAny(d, within)));
      if (found.length === 1 || (found.length > 1 && tokens[at] === 'ones')) {
        const span = { start: at - 1, length: 2 };
        taken.push(span);
        targets.push({ spec: found[0]!.spec, displays: found, topics: [], phrase: found[0]!.name, plural: found.length > 1, span });
      }
    }
  }
  // Nothing else named: a distinctive word of one display's name ("the amcl covariance" → AMCL Pose), when that word
  // names no type by itself.
  if (targets.length === 0 && !ns) {
    for (let i = 0; i < tokens.length && targets.length === 0; i++) {
      const t = tokens[i]!;
      if (t.length < 3 || FILLER.has(t) || taken.some((x) => i >= x.start && i < x.start + x.length) || p.ctx.catalog.typesForWords(t).length > 0) continue;
      // ("bump its queue depth to 10" beside a "Depth Cloud": a word in a setting's phrase is that setting's word.)
      if (endsSettingPhrase(p.ctx.catalog, tokens, { start: i, length: 1 })) continue;
      let holders = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && singularTokens(tokenize(splitCamel(d.name))).includes(singularTokens([t])[0]!));
      // ("hide the global costmap and put local at 50 %", "costmaps too loud. global alpha .2, local .4": a word that
      // several names carry — Local Costmap, Local Plan — is the one of the kind the clause before spoke of.)
      const spoken = new Set(p.last.map((x) => x.spec ?? x.displays[0]?.spec).filter((x) => x !== undefined));
      if (holders.length > 1 && spoken.size > 0) holders = holders.filter((d) => d.spec !== undefined && spoken.has(d.spec));
      if (holders.length !== 1) continue;
      const span = { start: i, length: 1 };
      taken.push(span);
      targets.push({ spec: holders[0]!.spec, displays: holders, topics: [], phrase: holders[0]!.name, plural: false, span });
    }
  }
  // "hide robot2", "show only robot1": a namespace alone names every display of that robot.
  if (ns && targets.length === 0 && namespaceNamed(tokens, ns)) {
    let mine = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && belongsTo(d, ns));
    // "hide robot1's covariance": a setting word only some of the robot's display types have names those displays.
    const rest = tokens.filter((t, i) => !FILLER.has(t) && !taken.some((x) => i >= x.start && i < x.start + x.length) && findVerb([t], []) === undefined).join(' ');
    if (rest) {
      const having = mine.filter((d) => d.spec !== undefined && p.ctx.catalog.propertyForWords(d.spec, rest).some((m) => m.via !== 'requires' && m.property.kind !== 'topic'));
      if (having.length > 0 && having.length < mine.length) mine = having;
    }
    // "robot1 scan red, robot2 blue", "robot1 odometry keep 5, robot 2 keep 50": with no verb of its own, a robot named
    // alone after a clause about one kind of display of another robot means that kind of display of this robot.
    const before = p.last.flatMap((t) => t.displays);
    const kinds = new Set(before.map((d) => d.spec));
    const kind = kinds.size === 1 ? before[0]?.spec : undefined;
    const same = kind && findVerb(tokens, []) === undefined && before.every((d) => !belongsTo(d, ns)) ? mine.filter((d) => d.spec === kind) : [];
    if (same.length === 1) targets.push({ spec: kind, displays: same, topics: [], phrase: `${ns} ${same[0]!.name}`, plural: false, span: nsSpan, context: tokens });
    else if (mine.length) targets.push({ displays: mine, topics: [], phrase: ns, plural: true, span: nsSpan, context: tokens });
  }
  if (within.length > 0) {
    for (const t of targets) {
      const inside = t.displays.filter((d) => insideAny(d, within));
      // "the site map" with Site Plan outside the Site group: the group's name was the display's own word.
      const worded = t.displays.filter((d) => within.some((g) => tokenize(splitCamel(g.name)).every((w) => tokenize(splitCamel(d.name)).includes(w))));
      if (inside.length === 0 && worded.length > 0) { t.displays = worded; continue; }
      t.within = within;
      // ("the maps in the Costmaps group": a type word whose plain reading is the static map means what the group holds
      // of that type.)
      const ofType = inside.length === 0 && t.spec !== undefined && t.topics.length === 0 && t.displays.length > 0 ? p.state.live().filter((d) => d.spec === t.spec && insideAny(d, within)) : [];
      t.displays = inside.length > 0 ? inside : ofType;
    }
  }
  if (ns) {
    for (const t of targets) {
      if (t.topics.length || !t.spec) continue;
      t.ns = ns;
      t.displays = t.displays.filter((d) => belongsTo(d, ns));
      t.topics = rankTopics(p, t.spec, t.phrase, ns, tokens).slice(0, 1);
    }
  }
  return targets;
}

/**
 * A clause that names no display but a setting of several words only one shown display type has ("write the frame
 * names" → TF's "frame names"): that display.
 */
export function byPropertyPhrase(p: Planner, tokens: readonly string[]): Target[] {
  const live = p.state.live().filter((d) => d.spec && d.classId !== 'rviz_common/Group');
  const specs = [...new Set(live.map((d) => d.spec!))].filter((spec) => spec.properties.some((x) => (x.words ?? []).some((w) => w.includes(' ') && hasPhrase(tokens, w) !== undefined)));
  if (specs.length !== 1) return [];
  const displays = live.filter((d) => d.spec === specs[0]);
  return displays.length === 1 ? [{ spec: specs[0], displays, topics: [], phrase: displays[0]!.name, plural: false }] : [];
}

/** Targets inherited by a clause that names none: the previous clause's, else the last turn's displays. */
export function inherited(p: Planner): Target[] {
  if (p.last.length) return p.last;
  const lastTurn = p.history[p.history.length - 1];
  if (!lastTurn) return [];
  const out: Target[] = [];
  for (const a of lastTurn.actions ?? []) {
    if (!a.display || a.action === 'remove_display' || a.action === 'set_fixed_frame') continue;
    const found = p.state.find(a.action === 'rename_display' ? a.value : a.display);
    if (found.ok && !out.some((t) => t.displays[0] === found.display)) {
      out.push({ spec: found.display.spec, displays: [found.display], topics: [], phrase: found.display.name, plural: false });
    } else if (!found.ok && a.action === 'add_display') {
      const spec = p.ctx.catalog.resolveType(a.display_type);
      if (spec && !out.some((t) => t.spec === spec)) out.push({ spec, displays: [], topics: a.topic ? [a.topic] : [], phrase: spec.name, plural: false });
    }
  }
  // ("set the fixed frame to odom", then "make it red": "it" is the frame, no display; "odom" is never re-read as one.)
  if (out.length === 0 && (lastTurn.actions ?? []).some((a) => a.action === 'set_fixed_frame')) return [];
  if (out.length === 0) {
    // The last request by its words (e.g. the plan was undone): re-read what it was about.
    const tokens = tokenize(lastTurn.request);
    return resolveTargets(p, lastTurn.request, tokens, []).filter((t) => t.spec);
  }
  return out;
}

/** The displays a target means; adds one per topic when there is none (a plural adds one per fitting live topic). */
export function targetsOrAdd(p: Planner, t: Target, mayAdd = true): VirtualDisplay[] {
  if (t.displays.length) return t.displays;
  if (!mayAdd || !t.spec) return [];
  let topics = t.topics;
  if (topics.length === 0 && t.spec.topicProperties.length) {
    const scored = scoredTopics(p, t.spec, t.phrase, undefined, t.context ?? tokenize(t.phrase));
    const ranked = scored.map((x) => x.name);
    const want = singularTokens(tokenize(t.phrase));
    const fitting = ranked.filter((name) => want.every((w) => singularTokens(topicTokens(name)).includes(w)));
    // "show the camera" on a robot with forty camera images and none named by the words or by convention: which one is
    // asked, never picked by its name's order.
    if (!t.plural && scored.length > 1 && scored[0]!.score < 1 && scored[1]!.score === scored[0]!.score) {
      const tied = scored.filter((x) => x.score === scored[0]!.score).map((x) => x.name);
      p.notes.push(`"${t.phrase}": ${tied.length} ${t.spec.name} topics fit (${tied.slice(0, 4).join(', ')}${tied.length > 4 ? ', …' : ''}); nothing was added, name the one to show`);
      return [];
    }
    // ("show me the costmaps", "add the maps": the type's own word in the plural is every topic it fits.)
    const last = tokenize(t.phrase).at(-1) ?? '';
    const pluralWord = singular(last) !== last && t.spec.words.includes(singular(last));
    topics = (t.plural || pluralWord) && fitting.length > 1 ? fitting : ranked.slice(0, 1);
    // Say so when a qualifier ("local" in "local costmap") fits no live topic and another topic stands in.
    // (Words that name the type as a whole, "sensor" in "distance sensor", need no topic to match.)
    const generic = genericWords(p, t.spec);
    const chosen = topics[0] ? singularTokens(topicTokens(topics[0])) : [];
    const unmatched = want.filter((w) => !chosen.includes(w) && !generic.has(w) && !FILLER.has(w));
    if (topics[0] && unmatched.length > 0) p.notes.push(`no live ${t.spec.name} topic matches "${t.phrase}"; using ${topics[0]}`);
  }
  if (topics.length === 0 && t.spec.topicProperties.length > 0 && !t.spec.conventionalTopic) {
    p.notes.push(`no live topic carries ${t.spec.messageTypes.join(' or ')} for a ${t.spec.name} display; name the topic to add one anyway`);
    return [];
  }
  // "show the lidar" on a robot that publishes none: a device noun names what the robot has, so nothing is added on a
  // made-up topic; "add a laser scan display" still adds one, on the conventional topic, as does any request with no
  // robot to ask (editing a config alone).
  const said = tokenize(t.phrase).map(singular);
  const device = p.ctx.snapshot !== undefined && said.some((w) => DEVICE_NOUNS.has(w)) && said.every((w) => DEVICE_NOUNS.has(w) || DEVICE_OUTPUTS.has(w));
  // ("show the laser scan" on a robot with no scan: a type shown, never asked to be added, adds nothing either.)
  const shownOnly = p.ctx.snapshot !== undefined && t.spec.topicProperties.length > 0 && p.ctx.topics.length > 0;
  if (topics.length === 0 && (device || shownOnly) && !(t.context ?? []).some((w) => ADD_WORDS.has(w))) {
    p.notes.push(`the robot publishes no ${t.spec.messageTypes.join(' or ') || t.spec.name} for "${t.phrase}"; nothing was added (say "add a ${t.spec.name} display" to add one anyway)`);
    return [];
  }
  // "add robot1's camera feed" when robot1 publishes no image: a conventional topic would be no topic of that robot.
  if (topics.length === 0 && t.ns && p.ctx.snapshot !== undefined) {
    p.notes.push(`${t.ns} publishes no ${t.spec.messageTypes.join(' or ') || t.spec.name} for "${t.phrase}"; nothing was added`);
    return [];
  }
  // "add the lidar" on a robot that publishes none: the add on a conventional topic is a guess at what the robot will
  // have, offered as a choice and never applied. (A display asked for — "add a camera", "add a sonar display" — is
  // added.)
  const typeNamed = said.join(' ') === singularTokens(tokenize(splitCamel(t.spec.name))).join(' ');
  const displayAsked = (t.context ?? []).some((w) => ADD_WORDS.has(w) && w !== 'add');
  // ("add a point cloud for my depth camera", "add the laser scan": a device of the robot said beside the type, or the
  // type said as the robot's own with "the", makes the add as much a guess; "add a camera" asks for a new display.)
  // (With no span, nothing is known of an article: the device words of the clause beside the type decide.)
  const owned = t.span !== undefined && ['the', 'my', 'our', 'its', 'their', 's', 'this', 'that'].includes(t.context?.[t.span.start - 1] ?? '');
  const forDevice = (t.context ?? []).some((w, i) => DEVICE_NOUNS.has(singular(w)) && (owned || !covers(t.span, i)));
  if (topics.length === 0 && (device || forDevice) && (!typeNamed || forDevice) && !displayAsked && p.ctx.snapshot !== undefined) {
    const from = p.actions.length;
    const d = addDisplay(p, t.spec, '');
    const held = p.actions.slice(from);
    d.removed = true;
    const a = /^[aeiou]/i.test(t.spec.name) ? 'an' : 'a';
    offerEachReading(p, held, [{ label: `add ${a} ${t.spec.name} display anyway`, actions: held }],
      `the robot publishes no ${t.spec.messageTypes.join(' or ') || t.spec.name} for "${t.phrase}"; nothing was added, and adding ${a} ${t.spec.name} display anyway is offered as a choice`);
    return [];
  }
  if (topics.length === 0) return [addDisplay(p, t.spec, '')];
  // "show camera 3" on a robot with no camera_info beside its image: a Camera display would draw nothing.
  const drawable = topics.length === 1 ? drawableType(p.ctx, t.spec, topics[0]!) : { spec: t.spec };
  if (drawable.lacks) {
    p.notes.push(`a ${t.spec.name} display of ${topics[0]} needs ${drawable.lacks}, which the robot does not publish; added ${/^[aeiou]/i.test(drawable.spec.name) ? 'an' : 'a'} ${drawable.spec.name} display instead`);
    t.spec = drawable.spec;
  }
  const added = topics.map((topic) => addDisplay(p, t.spec!, topic));
  t.displays = added;
  return added;
}

/**
 * Whether a request hides or removes what it names ("hide the particle filter", "switch the pose estimate off"): a goal
 * word in it ("particle filter" is also localization's) names a display then, never a set-up to build.
 */
export function hidesNamed(text: string): boolean {
  // (Only a request of one clause: "hide the grid and set up navigation" still asks for the set-up.)
  if (/[,;]|\b(?:and|then)\b/i.test(text)) return false;
  const tokens = tokenize(text);
  const hit = findVerb(tokens, []);
  if (hit?.verb === 'hide' || hit?.verb === 'remove') return true;
  return hit?.verb === 'set' && ['switch', 'turn'].includes(tokens[hit.span.start]!) && tokens.slice(hit.span.start + 1).includes('off');
}

/**
 * Whether a clause gives an amount to a setting of a target with no display ("map semi transparent", "scan dots
 * bigger"): with no verb that is a change, which needs a display that exists, never an add. A choice among a
 * setting's values describes the display to add instead ("laser scan coloured by intensity").
 */
export function setsMissing(p: Planner, targets: readonly Target[], clause: string, masked: readonly Span[], tokens: readonly string[]): boolean {
  const comparative = Boolean(anyPhrase(tokens, COMPARATIVES));
  return targets.some((t) => t.displays.length === 0 && t.spec !== undefined && (comparative
    || propertySettings(p, undefined, t.spec, clause, masked, tokens).settings.some((s) => !['topic', 'enum'].includes(t.spec!.properties.find((x) => x.path === s.path)?.kind ?? 'topic'))));
}

/** Comparatives ("odometry arrows longer"): an amount relative to what a display has, so a change of one that exists. */
const COMPARATIVES = ['longer', 'shorter', 'taller', 'higher', 'brighter', 'darker', 'dimmer', 'lighter', 'fewer', 'denser', 'sparser', 'finer', 'coarser', 'bolder', 'slimmer', 'more transparent', 'less transparent', 'more opaque', 'less opaque'];

/** The text without its absolute topic names: a goal word inside one ("fleet" in /fleet/cam_9/…) names no set-up. */
export function withoutTopicNames(text: string): string {
  return text.replace(/(^|[\s'"`(,:=])\/[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*/g, '$1 ');
}
