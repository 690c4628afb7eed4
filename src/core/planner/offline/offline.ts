/**
 * The offline planner: a deterministic proposer that reads a request by structure (verb, target, property, value) with
 * the catalog as the grammar. It reads verbs (lexicon.ts), display types, properties and values by the catalog's
 * words, values with their kind (quantities.ts), topic and display names, namespaces ("robot2", "the other robot"), the
 * fixed frame, rename, undo, "fix" requests from the findings (fix.ts, causes.ts), goal-level set-ups (recipes.ts) and
 * other languages (languages.ts). What it cannot account for it says in a note and does not act on (accounting.ts);
 * an empty plan with a note is valid.
 */
import type { DisplayTypeSpec, PropertySpec } from '../../catalog/index.ts';
import { looseDisplayName } from '../../rviz/displays.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import { escapeRegExp, singular, splitCamel, tokenize } from '../../catalog/text.ts';
import { lookAlike } from './look-alike.ts';
import { topicsForSpec } from '../topics.ts';
import { isVirtualGroup, PlanState, type VirtualDisplay } from '../state.ts';
import type { PlanContext, Proposal, ProposalInput, Proposer } from '../types.ts';
import { ADD_WORDS, BACK_POINTERS, BIGGER, FILLER, FIX_PHRASES, GENERAL_WORDS, HESITATIONS, SMALLER, UNDO_PHRASES, type Verb } from './lexicon.ts';
import { colourIn, covers, hasPhrase, isPropertyWord, numbersIn, type Span } from './mentions.ts';
import { act, anyPhrase, belongsTo, cite, displayTopic, lastAppliedTurn, lastNamespace, MAX_READINGS_OFFERED, namespaceOf, oneWordSiblings, otherNamespace, nameWords, offerEachReading, type Planner, singularTokens, type Target, turnDisplays } from './shared.ts';
import { isUnderTopic, namesPart, propertySettings, TOGGLE_WORDS } from './settings.ts';
import { fixDisplay } from './fix.ts';
import { unaccounted, vocabulary } from './accounting.ts';
import { replaceDisplay, retopicDisplay } from './replace-display.ts';
import { repeatChanges, sameAgain, sameAs, timesNow } from './same-as.ts';
import { conditional } from './conditions.ts';
import { pickByColour } from './colour-picks.ts';
import { LEXICONS, translate } from './languages.ts';
import { applyRecipe, findRecipe } from './recipes.ts';
import { byPropertyPhrase, hidesNamed, inherited, setsMissing, withoutTopicNames, insideAny, propertyPhraseAround, resolveTargets, targetsOrAdd } from './targets.ts';
import { clauses, distribute, findVerb, SHARE_OF_THAT, SHARE_ONLY, takeFixedFrame } from './phrases.ts';
import { correctTypos } from './typos.ts';
import { takeRobotCommands } from './robot-commands.ts';
import { takeOutsideRviz } from './outside.ts';
import { missingNumberedDevices, numberedDevices } from './devices.ts';
import { placeWords } from './places.ts';
import { rewriteParaphrases } from './paraphrases.ts';
import { pluginRange } from './plugin-values.ts';
import { quantitiesOf } from './quantities.ts';
import { CONCEPTS, guessesIn, rewriteConcepts, rewritePhrasings } from './concepts.ts';
import { replayTranslated } from './robot-replay.ts';
import { showsWhat } from './statements.ts';
import { meantOther, onlyOnDisplay, onlyRetarget } from './only-retarget.ts';
import { keptAfterUndo, remadeOn, undoFirstOrder, undoneAlone } from './undo-but-keep.ts';
import { ordinalDisplays } from './ordinal-displays.ts';
import { absentRobot, bothAsEveryRobot, everyRobotAsScope, namespacesNamed } from './ordinal-robots.ts';
import { deferred, leaveSpan, negationAt, opensWithNoting, questionOf, relativeBefore, type Question } from './intent.ts';
import { nearMisses, typingSlip } from './near-miss.ts';
import { globalOptionWord, takeGlobalOption } from './global-options.ts';
import { bindDeviceNouns } from './device-nouns.ts';
import { dropReplacedValues } from './contrast.ts';
import { explicitColours, hexTokens } from './explicit-values.ts';
import { misplaced, readDeviceTargets } from './device-qualifiers.ts';
import { readSeveralOfOneType } from './several-displays.ts';
import { correctionOnly, endsWithCorrection, keepProtected, keptSettings, namedSettings, settleRepeatedValues, startsWithCorrection, takeBack, type ClauseActions } from './repeated-values.ts';
import { repair } from './repair.ts';
import { unusedNumbers } from './unused-numbers.ts';

/** What a display draws, said for the display itself ("the laser dots are tiny"). */
const DRAWN: ReadonlySet<string> = new Set(['dots', 'points', 'pts', 'arrows', 'lines', 'squares', 'spheres', 'cubes', 'boxes', 'line', 'arrow', 'dot']);

/** What a display counts ("cells", "poses"), in the singular. */
const COUNTED: ReadonlySet<string> = new Set(CONCEPTS.countedNouns.map((w) => singular(w)));

/** Words that say a thing is to be seen, in a clause with no verb ("Target on", "its axes shown"). */
const SHOWN_WORDS: ReadonlySet<string> = new Set(['on', 'shown', 'visible', 'enabled', 'displayed']);

/** Words that say a thing is to be gone, after "make" ("make Bits disappear", "make the grid hidden"). */
const GONE_WORDS: ReadonlySet<string> = new Set(['disappear', 'vanish', 'hidden', 'off']);

/** Verbs that state what is ("X is a PoseStamped", "robot 2 has no lidar display"), not what to do. */
const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'isn', 'aren', 'has', 'have', 'hasn', 'haven']);

/** A plugin display's settings are not in the catalog: a change on it is said, never guessed. */
const unknownSettingsNote = (d: { name: string; classId: string }): string =>
  `${d.name} is a ${d.classId} display, whose settings the catalog does not know; nothing was changed on it`;

/** General English alone ("help", "please"): nothing to say it was not understood. */
const GENERAL = new Set(GENERAL_WORDS.flatMap((w) => tokenize(w)));

/** Words after a new name that are not part of it ("call X Y instead", "… from now on, please"). */
const NAME_TAIL = /(?:\s+(?:instead|from now on|now|please|thanks|thank you))+\s*[.!]*$|[.!]+$/i;

/** Rename phrasings whose new name is delimited by the sentence itself (a connector or quotes): [what, new name]. */
const RENAME_FORMS: readonly RegExp[] = [
  /\brename\s+(?:the\s+)?(.+?)\s+(?:display\s+)?(?:to|as|into)\s+["'“]?(.+?)["'”]?\s*$/i,
  /\b(?:call|name)\s+(?:the\s+)?(.+?)\s+(?:display\s+)?(?:to|as)\s+["'“](.+?)["'”]\s*$/i,
  /\b(?:call|name)\s+(?:the\s+)?(.+?)\s+["'“](.+?)["'”]\s*$/i,
  // "the front lidar should be called Main Laser", "X is to be named Y", "let X be called Y"
  /^(?:(?:please|ok|okay|now)[\s,]+)*(?:let\s+)?(?:the\s+)?(.+?)\s+(?:display\s+)?(?:(?:should|shall|must|will|can|could|is to|has to|needs to|ought to)\s+)?be\s+(?:called|named|renamed(?:\s+to)?|labelled|labeled)\s+["'“]?(.+?)["'”]?\s*$/i,
  // "change the name of X to Y", "set X's name to Y", "give X the name Y"
  /\b(?:change|set|make)\s+(?:the\s+)?name\s+of\s+(?:the\s+)?(.+?)\s+(?:to|into)\s+["'“]?(.+?)["'”]?\s*$/i,
  /\b(?:change|set|make)\s+(?:the\s+)?(.+?)['’]s\s+name\s+(?:to|into)\s+["'“]?(.+?)["'”]?\s*$/i,
  /\bgive\s+(?:the\s+)?(.+?)\s+the\s+name\s+["'“]?(.+?)["'”]?\s*$/i,
  // "rename the map in Plan" (German "in … um", Italian "in"): only with rename, after the forms above.
  /\brename\s+(?:the\s+)?(.+?)\s+(?:display\s+)?in\s+["'“]?(.+?)["'”]?\s*$/i,
];

/** The new name a rename sentence gives, when its form delimits it (for keeping the name out of translation). */
export function delimitedNewName(text: string): string | undefined {
  const clean = text.trim().replace(NAME_TAIL, '');
  for (const re of RENAME_FORMS) {
    const m = re.exec(clean);
    if (m) return m[2]!.trim();
  }
  return undefined;
}

/** "call the waypoints Percorso Uno instead": the run of capitalised words that ends a call/name sentence. */
function capitalisedCallName(text: string): string | undefined {
  const m = /^(?:(?:please|ok|okay|now)[\s,]+)*(?:call|name)\s+(?:the\s+)?(.+)$/i.exec(text.trim().replace(NAME_TAIL, ''));
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/);
  let k = words.length;
  while (k > 1 && /^[\p{Lu}\d]/u.test(words[k - 1]!)) k--;
  if (k < words.length) return words.slice(k).join(' ');
  // "call the blueprint Plan du site": from the first capitalised word on.
  const first = words.findIndex((w, i) => i > 0 && /^\p{Lu}/u.test(w));
  return first > 0 ? words.slice(first).join(' ') : undefined;
}

/**
 * "call the X Percorso Uno (instead)": no connector, so the split is where the words before name exactly one display
 * and the rest is a name — no word the planner reads, or written with capitals ("call the front lidar Main Laser").
 */
function unquotedRename(p: Planner, clause: string): [string, string] | undefined {
  const m = /\b(?:call|name)\s+(?:the\s+)?(.+)$/i.exec(clause.replace(NAME_TAIL, ''));
  if (!m) return undefined;
  const words = m[1]!.trim().split(/\s+/);
  const vocab = vocabulary(p.ctx.catalog);
  const splits: { what: string; name: string; exact: boolean }[] = [];
  for (let k = 1; k < words.length; k++) {
    const what = words.slice(0, k).join(' ').replace(/\s+display$/i, '');
    const name = words.slice(k);
    const capitalised = name.every((w) => /^[\p{Lu}\d]/u.test(w));
    // "Plan du site": a capitalised first word, the rest no word the planner reads.
    const titled = /^\p{Lu}/u.test(name[0]!) && tokenize(name.slice(1).join(' ')).every((t) => !vocab.has(t));
    if (!capitalised && !titled && tokenize(name.join(' ')).some((t) => vocab.has(t))) continue;
    const found = resolveTargets(p, what, tokenize(what), []).flatMap((t) => t.displays);
    if (found.length === 1) splits.push({ what, name: name.join(' '), exact: looseDisplayName(found[0]!.name) === looseDisplayName(what) });
  }
  // The words before that are a display's whole name win ("call the Route Ahead Next Steps"), else the fewest words.
  const pick = splits.find((x) => x.exact) ?? splits[0];
  return pick ? [pick.what, pick.name] : undefined;
}

/** A display as the user can tell it apart: its group path when it has one ("robot2/Scan"). */
function placed(d: VirtualDisplay): string {
  return [...d.groupPath, d.name].join('/');
}

/** Whether a clause gives a value: a number, a colour or a comparative. */
function valuedClause(clause: string, tokens: readonly string[]): boolean {
  return numbersIn(clause).length > 0 || colourIn(clause) !== undefined || Boolean(anyPhrase(tokens, [...BIGGER, ...SMALLER]));
}

/** Words that make a thing bigger or smaller ("less" and "increase" may be of anything: an alpha, a rate). */
const RESIZE_WORDS = [...BIGGER, ...SMALLER].filter((w) => !['less', 'more visible', 'increase', 'decrease', 'reduce'].includes(w));

/** Words of how see-through a display is ("dim the grid" reads "more transparent the grid"). */
const SEE_THROUGH_WORDS = ['transparent', 'transparency', 'translucent', 'see through', 'opaque', 'opacity'];

const PRONOUNS = new Set(['it', 'that', 'this', 'that one', 'this one', 'the new one', 'the display']);

/** "call it Eins", "name that one Route B": a pronoun and the rest as the new name. */
function pronounRename(clause: string): [string, string] | undefined {
  const m = /\b(?:call|name)\s+(it|that one|this one|that|this)\s+["'“]?(.+?)["'”]?\s*$/i.exec(clause.trim().replace(NAME_TAIL, ''));
  return m ? [m[1]!, m[2]!] : undefined;
}

/**
 * "rename the map to Maps and Costs": a new name that would be split into clauses, when what follows the split holds
 * no verb and names no display type, is one name.
 */
function wholeRename(p: Planner, text: string): boolean {
  const name = delimitedNewName(text);
  if (!name || clauses(name).length < 2) return false;
  const rest = clauses(name).slice(1);
  if (rest.some((c) => findVerb(tokenize(c), []) !== undefined || p.ctx.catalog.typesForWords(c).length > 0)) return false;
  // "rename Big Picture to Global Costmap, the name confuses everyone": a lower-case word the planner does not know
  // after the comma is a sentence of its own, not part of the name.
  const vocab = vocabulary(p.ctx.catalog);
  if (rest.some((c) => c.split(/\s+/).some((w) => /^\p{Ll}/u.test(w) && !vocab.has(w.toLowerCase().replace(/[.!?]+$/, ''))))) return false;
  return takeRename(p, text);
}

/** "rename X to Y", "call X Y", "X should be called Y", "name the X display Y". */
function takeRename(p: Planner, clause: string): boolean {
  const clean = clause.trim().replace(NAME_TAIL, '');
  let parts: [string, string] | undefined;
  for (const re of RENAME_FORMS) {
    const m = re.exec(clean);
    if (m) { parts = [m[1]!, m[2]!]; break; }
  }
  parts ??= unquotedRename(p, clause) ?? pronounRename(clause);
  if (!parts) return false;
  const what = parts[0].replace(/\s+display$/i, '');
  const newName = parts[1].trim();
  // "… and call it Blue Route", "rename that to X": what the clause before (or the last turn) was about.
  const pronoun = PRONOUNS.has(what.trim().toLowerCase());
  const targets = pronoun ? inherited(p).flatMap((t) => t.displays) : resolveTargets(p, what, tokenize(what), []).flatMap((t) => t.displays);
  if (targets.length !== 1) {
    p.notes.push(targets.length === 0 ? (pronoun ? `"${what}" points at no display named before; say which display to rename to "${newName}"` : `no display matches "${what}" to rename`) : `"${what}" matches several displays (${targets.map(placed).join(', ')}); say which one to rename`);
    return true;
  }
  const d = targets[0]!;
  p.actions.push(act({ action: 'rename_display', display: p.state.handle(d), value: newName }));
  d.name = newName;
  p.last = [{ spec: d.spec, displays: [d], topics: [], phrase: newName, plural: false }];
  return true;
}

/** Words for the parts a display lists inside itself (TF's frames, RobotModel's links), never displays of their own. */
const PARTS_INSIDE_A_DISPLAY: ReadonlySet<string> = new Set(['frame', 'frames', 'link', 'links', 'joint', 'joints']);

/** "hide everything except the map", "only show the scan": every other display is hidden. */
function exceptOthers(p: Planner, tokens: readonly string[], verb: Verb | undefined, targets: Target[]): boolean {
  const except = anyPhrase(tokens, ['except', 'apart from', 'other than', 'besides', 'save for']);
  // "only show …", "show only …", "just show …": next to the verb, not "the map shows only new updates".
  const onlyAt = anyPhrase(tokens, ['only', 'just']);
  const verbAt = findVerb(tokens, []);
  // "show only the last 10 arrows" limits a count, it does not hide the rest.
  const countAfter = onlyAt !== undefined && (tokens[onlyAt.start + 1] === 'last' || tokens[onlyAt.start + 2] === 'last' || /^\d/.test(tokens[onlyAt.start + 1] ?? ''));
  // ("I just want the global plan drawn as billboards": a change asked for, "just" is no exclusion.)
  const setting = valuedClause(tokens.join(' '), tokens) || targets.some((t) => t.spec !== undefined && p.ctx.catalog.propertyForWords(t.spec, tokens.join(' ')).length > 0);
  const named = (i: number): boolean => targets.some((t) => t.span !== undefined && i >= t.span.start && i < t.span.start + t.span.length);
  // ("I just want the view to stop jumping", "just give me a second odometry display": "just" is "simply" unless what
  // follows the verb is nothing but the displays it names.)
  const simply = onlyAt !== undefined && tokens[onlyAt.start] === 'just' && verbAt !== undefined
    && !tokens.every((t, i) => i <= Math.max(onlyAt.start, verbAt.span.start + verbAt.span.length - 1) || named(i) || FILLER.has(t) || t === 'and');
  const only = onlyAt && verbAt && !countAfter && !setting && !simply && (onlyAt.start === verbAt.span.start - 1 || onlyAt.start === verbAt.span.start + verbAt.span.length)
    && tokens.slice(0, Math.min(onlyAt.start, verbAt.span.start)).every((t) => FILLER.has(t)) ? onlyAt : undefined;
  // "show only the visual model", "show only the frame names": a switch of what is named after "only" is the exclusive
  // switch (settings.ts), not every other display hidden.
  const switchAfterOnly = onlyAt !== undefined && targets.some((t) => t.spec !== undefined && t.spec.properties.some((x) => x.kind === 'bool'
    && (x.words ?? []).some((w) => { const at = hasPhrase(tokens, w); return at !== undefined && at.start > onlyAt.start; })));
  if (switchAfterOnly && !except) return false;
  const everything = anyPhrase(tokens, ['everything', 'all', 'every display', 'the rest', 'others']);
  // "only the map and the robot", "just the map, please": a clause with no verb that opens with "only" or "just" and
  // names nothing but displays asks for those shown and the rest hidden.
  const lead = tokens.findIndex((t) => !FILLER.has(t) || t === 'just');
  const opener = anyPhrase(tokens, ['only', 'just']);
  const bareOnly = verbAt === undefined && opener !== undefined && opener.start === lead && !countAfter
    && tokens.every((t, i) => (i >= opener.start && i < opener.start + opener.length) || named(i) || FILLER.has(t) || t === 'and');
  if (bareOnly) verb = 'show';
  if (!((except && (everything || verb === 'hide')) || (only && verb === 'show') || bareOnly)) return false;
  // "make everything except the map a bit transparent": a change, not a hide; the planner does not change every other
  // display in one go, so it says so and changes nothing.
  if (except && (verb === 'set' || (verb === undefined && valuedClause(tokens.join(' '), tokens)))) {
    p.notes.push(`"${tokens.join(' ')}": a change to every display but some is not made in one go; name the displays to change; nothing was changed`);
    return true;
  }
  // "show all displays except the grid": every other display on (and the groups holding it), the ones excepted off.
  if (except && verb === 'show' && everything && everything.start < except.start) {
    const after = targets.filter((t) => t.span === undefined || t.span.start > except.start);
    // ("the camera" when an Image display named "Camera Image" shows it.)
    for (const t of after) if (t.displays.length === 0 && t.spec) t.displays = byNameOrTopic(p, t.spec, t.phrase, t.ns, t.within);
    const missing = after.filter((t) => t.displays.length === 0);
    if (after.length === 0 || missing.length > 0) {
      p.notes.push(`"${tokens.join(' ')}": ${missing.map((t) => `"${t.phrase}"`).join(', ') || 'what is excepted'} names no display here; nothing was changed`);
      return true;
    }
    const excepted = after.flatMap((t) => t.displays);
    const set = (d: VirtualDisplay, on: boolean): void => {
      if (d.enabled === on) return;
      p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: String(on) }));
      d.enabled = on;
    };
    for (const d of p.state.live()) {
      if (d.classId === 'rviz_common/Group' || excepted.includes(d) || insideAny(d, excepted)) continue;
      for (let g = d.parent; g; g = g.parent) set(g, true);
      set(d, true);
    }
    for (const d of excepted) set(d, false);
    return true;
  }
  // "show only the frames base_link and map in tf", "every tf frame except the gripper": frames, links or joints are
  // a display's own list, not other displays: nothing is hidden for them, and the display itself is not hidden either.
  if (tokens.some((t) => PARTS_INSIDE_A_DISPLAY.has(t))) {
    p.notes.push(`"${tokens.join(' ')}": which frames, links or joints a display draws is its own list (TF: Frames, RobotModel: Links), which the planner does not edit; nothing was changed`);
    return true;
  }
  // "hide all cameras except the loading bay": what comes before "except" is the scope (the cameras), not every display.
  const scoped = except ? targets.filter((t) => t.span !== undefined && t.span.start < except.start) : [];
  let scope = scoped.length > 0 ? scoped.flatMap((t) => t.displays) : undefined;
  // "In the Costmaps group, hide everything except the local costmap": the group named as the place is the scope.
  const place = except ? /\b(?:in|inside|within)\s+(?:the\s+)?(.+?)\s+group\b/.exec(tokens.slice(0, except.start).join(' ')) : null;
  // ("In Costmaps, hide everything except …": a group's own name after "in" is the place too.)
  const before = ` ${tokens.slice(0, except?.start ?? 0).join(' ')} `;
  const placeGroups = place ? p.state.live().filter((d) => isVirtualGroup(d) && tokenize(d.name).join(' ') === tokenize(place[1]!).join(' '))
    : except ? p.state.live().filter((d) => isVirtualGroup(d) && / (?:in|inside|within) (?:the )?$/.test(before.slice(0, before.indexOf(` ${tokenize(d.name).join(' ')} `) + 1))) : [];
  if (placeGroups.length === 1) scope = placeGroups;
  // …also a scope named only by a group's or displays' name ("all cameras" when the group is "Cameras").
  const content = (from: number, to: number): string[] => tokens.slice(from, to).filter((t) => !FILLER.has(t) && !GENERAL.has(t) && !['all', 'every', 'everything'].includes(t));
  // ("hide the cameras except the loading bay": the words between the verb and "except" are that scope too; when they
  // name nothing here, nothing is hidden, never every other display.)
  const scopeFrom = everything && everything.start < except!.start ? everything.start + everything.length : verbAt && verbAt.span.start < (except?.start ?? 0) ? verbAt.span.start + verbAt.span.length : undefined;
  if (except && !scope && scopeFrom !== undefined) {
    const words = content(scopeFrom, except.start);
    const byName = words.length > 0 ? p.state.live().filter((d) => words.every((w) => tokenize(splitCamel(d.name)).some((n) => n === w || singular(n) === singular(w)))) : [];
    if (byName.length > 0) scope = byName;
    else if (words.length > 0 && !(everything && everything.start < except.start)) {
      p.notes.push(`"${tokens.slice(scopeFrom, except.start).join(' ')}" names no display here to hide around ${tokens.slice(except.start + except.length).join(' ')}; nothing was hidden`);
      return true;
    }
  }
  const inScope = (d: VirtualDisplay): boolean => scope === undefined || scope.includes(d) || insideAny(d, scope.filter((g) => g.classId === 'rviz_common/Group'));
  let kept = scoped.length > 0 || scope ? targets.filter((t) => !scoped.includes(t)) : targets;
  // "hide all costmaps except the local one": the one kept is told apart inside the scope by its own words.
  if (scope && kept.length === 0 && except) {
    const words = content(except.start + except.length, tokens.length).filter((w) => w !== 'one' && w !== 'ones');
    const inside = p.state.live().filter((d) => inScope(d) && d.classId !== 'rviz_common/Group' && words.length > 0 && words.every((w) => tokenize(splitCamel(d.name)).includes(w)));
    // What is kept is nothing here: hiding the whole scope would do what was not asked.
    if (inside.length === 0) {
      if (scope.length === 0) return false;
      p.notes.push(`"${tokens.slice(except.start).join(' ')}" names none of ${scope.map((d) => d.name).join(', ')}; nothing was hidden`);
      return true;
    }
    kept = [{ displays: inside, topics: [], phrase: words.join(' '), plural: inside.length > 1 }];
  }
  const keep = new Set(kept.flatMap((t) => targetsOrAdd(p, t, verb === 'show')));
  // ("show only the map and robot1": a robot named as an item of its own, not before a display of it, keeps all it has.)
  if (!except) {
    for (const ns of p.ctx.namespaces) {
      const at = tokens.indexOf(ns.toLowerCase());
      const next = tokens[at + 1] === 's' ? at + 2 : at + 1;
      if (at < 0 || targets.some((t) => t.span?.start === next || covers(t.span, at))) continue;
      for (const d of p.state.live()) if (d.classId !== 'rviz_common/Group' && belongsTo(d, ns)) keep.add(d);
    }
  }
  for (const d of keep) if (!d.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' })); d.enabled = true; }
  // What is kept should also receive: the same repairs "show" makes.
  if (verb === 'show') for (const d of keep) fixDisplay(p, d);
  hideAllBut(p, keep, inScope);
  return true;
}

/** "I only need the arm and the cloud, hide the rest": everything but what the clauses before named, never those. */
function hideTheRest(p: Planner, tokens: readonly string[], verb: Verb | undefined): boolean {
  if (verb !== 'hide' || !anyPhrase(tokens, ['the rest', 'everything else', 'all else', 'the others', 'all the others', 'anything else'])) return false;
  const kept = new Set([...(p.named ?? []), ...p.last.flatMap((t) => t.displays)]);
  if (kept.size === 0) return false;
  hideAllBut(p, kept, () => true);
  return true;
}

/** Every shown display in scope hidden but those kept and the groups holding them (a group hidden hides its own). */
function hideAllBut(p: Planner, keep: ReadonlySet<VirtualDisplay>, inScope: (d: VirtualDisplay) => boolean): void {
  const keptGroups = new Set([...keep].flatMap((d) => d.groupPath));
  const hiddenGroups = new Set<string>();
  for (const d of p.state.live()) {
    if (keep.has(d) || !d.enabled || keptGroups.has(d.name) || !inScope(d)) continue;
    if (d.groupPath.some((g) => hiddenGroups.has(g))) continue; // hidden with its group
    p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'false' }));
    d.enabled = false;
    if (d.classId === 'rviz_common/Group') hiddenGroups.add(d.name);
  }
}

/** "show everything", "hide all displays": every display. */
function everything(p: Planner, tokens: readonly string[], verb: Verb | undefined): boolean {
  if ((verb !== 'show' && verb !== 'hide') || !anyPhrase(tokens, ['everything', 'all displays', 'every display', 'all of them', 'all'])) return false;
  // "put it behind everything": a place (Draw Behind), not every display.
  if (anyPhrase(tokens, ['behind everything'])) return false;
  const on = verb === 'show';
  for (const d of p.state.live()) {
    if (d.enabled === on) continue;
    p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: String(on) }));
    d.enabled = on;
  }
  if (p.actions.length === 0) p.notes.push(on ? 'every display is already shown' : 'every display is already hidden');
  return true;
}

function negatedBefore(tokens: readonly string[], at: number): boolean {
  const before = ` ${tokens.slice(Math.max(0, at - 4), at).join(' ')} `;
  return [' don t ', ' do not ', ' dont ', ' no longer ', ' not ', ' never ', ' stop ', ' doesn t ', ' does not ', ' isn t ', ' aren t '].some((n) => before.includes(n));
}

/** "make/get X work(ing)": the span of "work"/"working", when a make/get verb comes before it. */
function fixAround(tokens: readonly string[]): Span | undefined {
  const at = tokens.findIndex((t, i) => (t === 'work' || t === 'working') && tokens.slice(0, i).some((x) => x === 'make' || x === 'get'));
  return at >= 0 ? { start: at, length: 1 } : undefined;
}

/**
 * "the other one" in a clause naming no display type, after a clause that named displays of one type on one robot:
 * that type's displays on the other robot.
 */
function otherOnesKind(p: Planner, tokens: readonly string[], targets: readonly Target[]): Target[] | undefined {
  // A type or display named in the clause itself wins ("the other one's scan").
  if (p.ctx.namespaces.length < 2 || !hasPhrase(tokens, 'other one') || targets.some((t) => t.spec !== undefined)) return undefined;
  const before = p.last.flatMap((t) => t.displays);
  const kinds = new Set(before.map((d) => d.spec));
  const spec = before[0]?.spec;
  if (kinds.size !== 1 || !spec) return undefined;
  // The other robot is the one the clause before did not name.
  const named = p.ctx.namespaces.find((n) => before.every((d) => belongsTo(d, n)));
  const others = p.ctx.namespaces.filter((n) => n !== named);
  const ns = named !== undefined && others.length === 1 ? others[0] : namespaceOf(p, tokens);
  const displays = p.state.live().filter((d) => d.spec === spec && !before.includes(d) && ns !== undefined && belongsTo(d, ns));
  return displays.length > 0 ? [{ spec, displays, topics: [], phrase: `the other one (${spec.name})`, plural: displays.length > 1 }] : undefined;
}

/**
 * "and the other camera too" after "turn off the dock door camera": the one other display of the type the clause
 * before (else the last turn) changed, that the noun after "other" names ("one" names the type itself); beside it in
 * its group when the type has several elsewhere.
 */
function otherOfTheSameType(p: Planner, tokens: readonly string[]): Target[] | undefined {
  const at = tokens.indexOf('other');
  const noun = at >= 0 ? tokens[at + 1] : undefined;
  if (noun === undefined || tokens.slice(at + 2).some((t) => !FILLER.has(t) && !['too', 'also', 'well', 'as'].includes(t))) return undefined;
  const before = p.last.length > 0 ? p.last.flatMap((t) => t.displays) : turnDisplays(p);
  const specs = new Set(before.map((d) => d.spec).filter((x) => x !== undefined));
  if (specs.size !== 1 || before.some((d) => d.classId === 'rviz_common/Group')) return undefined;
  const spec = [...specs][0]!;
  const word = singularTokens([noun])[0]!;
  const names = (d: VirtualDisplay): boolean => noun === 'one' || noun === 'ones' || singularTokens(spec.words.flatMap((w) => tokenize(w))).includes(word)
    || singularTokens(tokenize(splitCamel(d.name))).includes(word);
  const others = p.state.live().filter((d) => d.spec === spec && !before.includes(d) && names(d));
  const beside = others.filter((d) => before.every((b) => b.groupPath.join('/') === d.groupPath.join('/')));
  const one = others.length === 1 ? others : beside.length === 1 ? beside : [];
  return one.length === 1 ? [{ spec, displays: one, topics: [], phrase: `the other ${noun} (${one[0]!.name})`, plural: false, span: { start: at, length: 2 } }] : undefined;
}

/** "and the other one" when what it is among is not clear: said, and nothing changed. */
function unclearOther(p: Planner, clause: string): void {
  p.notes.push(`"${clause.trim()}": which other display is meant is not clear; nothing was changed`);
  p.last = [];
}

/**
 * "set the torque color to white, sorry I meant the force color": a correction with no value of its own that names
 * another setting, of the same kind, of the one display the clause before set: the value moves there.
 */
function movedToSibling(p: Planner, clause: string, tokens: readonly string[], targets: readonly Target[]): boolean {
  const set = (p.previousActions ?? []).filter((a) => a.action === 'set_property');
  const prev = set.length === 1 ? set[0]! : undefined;
  const found = prev ? p.state.find(prev.display) : undefined;
  const d = found?.ok ? found.display : undefined;
  if (!prev || !d?.spec || valuedClause(clause, tokens) || targets.some((t) => t.displays.some((x) => x !== d))) return false;
  const kind = d.spec.properties.find((x) => x.path === prev.property)?.kind;
  // ("tf names, no axes": "no" before a noun switches it off; only "no," corrects, and a switch is never moved.)
  if (kind === 'bool' || (tokens[0] === 'no' && !/^\s*no\s*[,;:—–-]/i.test(clause))) return false;
  const words = tokens.filter((t) => !CONCEPTS.corrections.markers.includes(t) && !FILLER.has(t)).join(' ');
  const named = [...new Set(p.ctx.catalog.propertyForWords(d.spec, words).filter((m) => m.via === 'words' && m.property.kind === kind).map((m) => m.property))];
  // ("…red, sorry, I meant the force arrows" after the torque colour: the setting that swaps one word of it for one said.)
  const swapped = oneWordSiblings(d.spec, prev.property).filter((x) => x.property.kind === kind && tokens.includes(x.word)).map((x) => x.property);
  const to = named.length === 1 && named[0]!.path !== prev.property ? named[0]! : named.length === 0 && swapped.length === 1 ? swapped[0]! : undefined;
  if (!to) return false;
  p.actions = p.actions.filter((a) => a !== prev);
  d.planProps.delete(prev.property);
  p.actions.push(act({ action: 'set_property', display: prev.display, property: to.path, value: prev.value }));
  d.planProps.set(to.path, prev.value);
  p.notes.push(`${d.name}: "${clause.trim()}" moves ${prev.value} from ${prev.property} to ${to.path}`);
  p.last = [{ spec: d.spec, displays: [d], topics: [], phrase: d.name, plural: false }];
  return true;
}

/** A complaint's words that, leading a clause, are an order not to show ("don't show the grid"). */
const NEGATED_SHOW: readonly string[] = ['don t show', 'do not show'];
/** Words that may come before an order ("please don't show…"); "they don't show" stays a complaint. */
const ORDER_LEADS: ReadonlySet<string> = new Set(['please', 'pls', 'just', 'and', 'so', 'also', 'then', 'but', 'now', 'ok', 'okay']);

const QUESTION_WORDS = new Set(['what', 'whats', 'how', 'when', 'which', 'who', 'where', 'is', 'are', 'does', 'do', 'explain', 'tell']);

function handleClause(p: Planner, clause: string): void {
  // "no grid, nor the TF", "I don't need the grid, nor the TF": "nor" goes on with the hide before it, as "no" would.
  if (p.lastVerb === 'hide') clause = clause.replace(/^\s*nor\b/i, 'no');
  // "Quick one before the demo: the laser should be red": words before a colon that name nothing, give no value and
  // ask nothing only lead in; the rest is the clause.
  const leadIn = /^([^:]{3,}?):\s+(\S.*)$/.exec(clause);
  // (…but before a bare order, "Checkerbaord: hide", they are what it is about, however misspelt.)
  if (leadIn && namesNothing(p, leadIn[1]!) && !bareOrder(leadIn[2]!)) clause = leadIn[2]!;
  // "MotionPlanning: planned path robot alpha 0.3": a lead-in that is the name of a plugin display the catalog does not
  // know makes the clause about it; no other display's word in it is taken instead.
  // (Hiding, showing, removing or renaming it needs no setting: those are planned as usual.)
  const switched = leadIn !== null && ['hide', 'show', 'remove', 'rename'].includes(findVerb(tokenize(leadIn[2]!), [])?.verb ?? '');
  const plugin = leadIn && !switched ? p.state.live().find((d) => !d.spec && tokenize(d.name).join(' ') === tokenize(leadIn[1]!).join(' ')) : undefined;
  if (plugin && p.pluginLead !== plugin) {
    p.pluginLead = plugin;
    const start = p.actions.length;
    handleClause(p, clause);
    p.pluginLead = undefined;
    const strays = new Set(p.actions.slice(start).filter((a) => a.display !== '' && a.display !== p.state.handle(plugin)));
    if (strays.size > 0) {
      p.actions = p.actions.filter((a) => !strays.has(a));
      if (p.actions.length === start) p.notes.push(unknownSettingsNote(plugin));
    }
    return;
  }
  // "turn off robot 3's scan" with two robots: the clause is about a robot that is not here, so nothing is changed for it.
  const absent = absentRobot(tokenize(clause), p.ctx.namespaces);
  if (absent !== undefined) {
    p.notes.push(`there is no ${absent} here (robots: ${p.ctx.namespaces.join(', ')}); nothing was changed for "${clause.trim()}"`);
    return;
  }
  // "the laser points are too small, make them 0.06": a value for what the clause before said is too small or big is
  // the size that comparative changes.
  const stated = p.statedBefore ? tokenize(p.statedBefore) : [];
  const comparative = anyPhrase(stated, [...BIGGER, ...SMALLER]);
  const ownTokens = tokenize(clause);
  // (Only a bare value: "make it half transparent" names its own setting.)
  const valueVerb = findVerb(ownTokens, []);
  const bare = ownTokens.every((w, i) => FILLER.has(w) || BACK_POINTERS.has(w) || /^\.?\d/.test(w) || ['cm', 'mm', 'm', 'em', 'them'].includes(w)
    || (valueVerb !== undefined && i >= valueVerb.span.start && i < valueVerb.span.start + valueVerb.span.length));
  if (comparative && bare && ownTokens.some((w) => BACK_POINTERS.has(w)) && numbersIn(clause).length > 0 && !clause.includes('%')) {
    clause = clause.replace(/(?<![\w.])(-?\.?\d)/, `${stated.slice(comparative.start, comparative.start + comparative.length).join(' ')} $1`);
  }
  // "the Cone shows the color camera's field of view": says what a display is for (statements.ts).
  const says = showsWhat(p, clause);
  if (says) {
    p.notes.push(`"${clause.trim()}" says what ${says.subject} shows, and asks for no change; nothing was changed for it`);
    p.last = says.displays.map((d) => ({ spec: d.spec, displays: [d], topics: [], phrase: d.name, plural: false }));
    return;
  }
  // "the display called Odometry is …": the name is what the clause is about ("called" is no verb of it).
  clause = clause.replace(/\b(?:the\s+)?(?:display|one)\s+(?:called|named)\s+/gi, '');
  // "…a bit of transparency so I can see the map through it": what the change is for names no target of it.
  const purpose = /[\s,]+so(?:\s+that)?\s+(?:i|we|you|one|they)\s+(?:can|could|may|might|will|would|can't|cannot)\b.*$/i.exec(clause);
  if (purpose && purpose.index > 0) {
    p.notes.push(`"${purpose[0].replace(/^[\s,]+/, '')}" says what the change is for; nothing was changed for it`);
    clause = clause.slice(0, purpose.index);
  }
  if (takeRename(p, clause)) return;
  clause = pickByColour(p, clause);
  ({ clause, group: p.addInto } = groupToAddInto(p, clause));
  if (replaceDisplay(p, clause) || retopicDisplay(p, clause) || sameAs(p, clause) || lookAlike(p, clause) || sameAgain(p, clause) || timesNow(p, clause)) return;
  // "black background", "frame rate 15": a Global Option takes the clause's value; what else it names is read after.
  // "…background grey, make it black", "…, actually black", "background dark blue… no wait, dark grey": a clause that
  // refers back or follows a correction, naming no display, with a value, is about the Global Option the clause before set.
  const back = tokenize(clause);
  if (p.lastGlobalWord && globalOptionWord(clause) === undefined && p.ctx.catalog.typesForWords(clause).length === 0
    && (back.slice(0, 3).some((w) => CONCEPTS.corrections.pronouns.includes(w)) || CONCEPTS.corrections.markers.includes(back[0] ?? '') || p.correcting === true) && valuedClause(clause, back)) {
    clause = `${p.lastGlobalWord} ${clause}`;
  }
  const rest = takeGlobalOption(p, clause);
  p.lastGlobalWord = rest !== undefined ? globalOptionWord(clause) : undefined;
  if (rest !== undefined) {
    if (tokenize(rest).some((t) => !FILLER.has(t) && !GENERAL.has(t) && findVerb([t], []) === undefined)) handleClause(p, rest);
    return;
  }
  const tokens = tokenize(clause);
  const previousVerbless = p.lastVerbless;
  p.lastVerbless = undefined;
  const afterHeld = p.lastHeld === true;
  p.lastHeld = false;
  // "…, please", "…, thanks": politeness alone is no clause (it would repeat the last one's verb on its targets).
  if (tokens.length > 0 && tokens.every((t) => FILLER.has(t) && !['on', 'off', 'it', 'them', 'that', 'this'].includes(t)) && findVerb(tokens, []) === undefined) return;
  const taken: Span[] = [];
  // "make the scan work", "get the camera working again": a fix request around a named thing.
  // …not a complaint inside a relative clause, which describes the target ("tf frames that are not refreshing").
  const complaintAt = anyPhrase(tokens, FIX_PHRASES);
  // "don't show the grid" leading the clause is a wish not to see it (a hide), not the complaint "the grid doesn't show".
  const imperative = complaintAt !== undefined && tokens.slice(0, complaintAt.start).every((t) => ORDER_LEADS.has(t))
    && NEGATED_SHOW.some((n) => hasPhrase(tokens.slice(complaintAt.start, complaintAt.start + complaintAt.length), n)?.start === 0);
  let fixSpan = (complaintAt && !imperative && !relativeBefore(tokens, complaintAt.start) ? complaintAt : undefined) ?? fixAround(tokens);
  // "hide the laser since it is broken", "hide whichever display is broken": hiding is asked, not a repair.
  const orderVerb = complaintAt ? findVerb(tokens.slice(0, complaintAt.start), []) : undefined;
  const hidesBroken = fixSpan !== undefined && fixSpan === complaintAt && (orderVerb?.verb === 'hide' || orderVerb?.verb === 'remove');
  if (hidesBroken) fixSpan = undefined;
  // "what is a costmap?": a question for the assistant, not a change.
  // …unless the word opens a display's name ("Where Am I → axes instead of the arrow").
  const opensName = (): boolean => p.state.live().some((d) => { const n = tokenize(d.name); return n.length > 1 && n.every((w, i) => tokens[i] === w); });
  const asks = tokens.length > 0 && QUESTION_WORDS.has(tokens[0]!) && !fixSpan && !opensName();
  if (asks && !findVerb(tokens, [])) {
    p.notes.push(`"${clause.trim()}" reads as a question; the assistant panel answers questions, the planner changes displays`);
    // "what is Swarm even? hide it anyway": what the question names is what "it" after it points at.
    p.last = resolveTargets(p, clause, tokens, []).filter((t) => t.displays.length > 0);
    return;
  }
  // "I'll deal with the laser later": put off, or left to the user; nothing changes for it now.
  if (deferred(tokens)) {
    p.notes.push(`"${clause.trim()}" is for later; nothing was changed for it`);
    p.last = [];
    p.lastVerb = undefined;
    return;
  }
  let targets = resolveTargets(p, clause, tokens, taken);
  // "give me a second odometry display on /odom", "add another laser": a new display, never the one there is.
  // (Not "one more cell", "an extra pose": one more of what a display counts.)
  const moreAt = anyPhrase(tokens, ['another', 'a new', 'an extra', 'an additional', 'one more']);
  const counted = moreAt !== undefined && COUNTED.has(singular(tokens[moreAt.start + moreAt.length] ?? ''));
  if ((moreAt && !counted) || secondOne(tokens)) {
    for (const t of targets) if (t.spec && t.displays.length > 0 && t.displays.every((d) => d.spec === t.spec)) t.displays = [];
  }
  // …with no display named, which ones are broken is the findings' list: the planner picks none by guess.
  if (hidesBroken && targets.every((t) => t.displays.length === 0)) {
    p.notes.push(`"${clause.trim()}": the planner does not ${orderVerb!.verb} displays by what is wrong with them (the checklist of findings lists them); name the displays to ${orderVerb!.verb}; nothing was changed`);
    return;
  }
  // "keep robot1's odometry, hide the other one": the other robot's display of the kind the clause before named, not
  // every display of the other robot.
  const sameKind = otherOnesKind(p, tokens, targets) ?? otherOfTheSameType(p, tokens);
  if (sameKind) targets = sameKind;
  // ("and the other one" after "hide the global costmap": never the display just changed.)
  const otherAt = tokens.indexOf('other');
  const just = otherAt >= 0 && tokens[otherAt + 1] !== 'than' && !sameKind ? (p.last.length > 0 ? p.last.flatMap((t) => t.displays) : turnDisplays(p)) : [];
  if (targets.some((t) => t.displays.some((d) => just.includes(d)))) {
    targets = targets.map((t) => ({ ...t, displays: t.displays.filter((d) => !just.includes(d)) })).filter((t) => t.displays.length > 0);
    if (targets.length === 0) {
      unclearOther(p, clause);
      return;
    }
  }
  // "the map looks fine", "leave the laser alone", "keep the grid as it is": nothing changes on what it names.
  // "…, but keep the depth": a clause led by "keep" with no value, switch or "only" keeps what it names as it is.
  const lead = tokens.find((t) => !['but', 'and', 'just', 'please', 'also', 'then', 'though'].includes(t));
  // (Not with a word nothing knows after what it names: "keep the laser dancing" is not understood, and says so below.)
  const namedUpTo = Math.max(0, ...targets.map((t) => (t.span ? t.span.start + t.span.length : 0)));
  const keepsAsIs = lead === 'keep' && !valuedClause(clause, tokens) && !tokens.some((t) => ['on', 'off', 'only', 'except', 'visible', 'shown', 'showing', 'hidden', 'enabled', 'disabled', 'running'].includes(t))
    && (namedUpTo === 0 || unaccounted(p, tokens.slice(namedUpTo), []).length === 0);
  const correcting = p.correcting === true;
  p.correcting = false;
  // "robot1 plan blue — sorry, I mean robot2's plan blue", "hide the grid, no wait, the map": a correction that names
  // displays of its own takes back what the clause before did to others ("…, no, the map too" adds instead).
  if (correcting && targets.length > 0 && !leaveSpan(tokens) && !anyPhrase(tokens, ['too', 'also', 'as well', 'and']) && p.previousActions?.length) {
    const own = new Set(targets.flatMap((t) => t.displays));
    const before = new Set(p.previousActions.flatMap((a) => { const f = a.display ? p.state.find(a.display) : undefined; return f?.ok && !own.has(f.display) ? [f.display] : []; }));
    if (own.size > 0 && before.size > 0) (p.takeBack ??= []).push({ before: p.actions.length, displays: before, fixedFrame: false, clause: clause.trim() });
  }
  // "remove it... no, just hide it", "toglila... anzi no, nascondila": a correction with a verb of its own about what the
  // clause before named takes back what that clause did to it, now, so its own verb acts on the display as it was.
  // (A value said again, "alpha 0.5 — no, make that 0.6", is settled as a correction of that value, after the clauses.)
  if (correcting && targets.length === 0 && ['hide', 'show', 'remove'].includes(findVerb(tokens, [])?.verb ?? '') && tokens.some((t) => BACK_POINTERS.has(t)) && p.previousActions?.length) {
    const before = new Set(p.previousActions);
    const named = new Map(p.last.flatMap((t) => t.displays).map((d) => [p.state.handle(d), d]));
    const undone = p.actions.filter((a) => before.has(a) && named.has(a.display));
    for (const a of undone) {
      const d = named.get(a.display)!;
      if (a.action === 'remove_display') d.removed = false;
      else if (a.action === 'set_enabled') d.enabled = a.value !== 'true';
      else if (a.action === 'set_property') d.planProps.delete(a.property);
    }
    if (undone.length > 0) {
      p.actions = p.actions.filter((a) => !undone.includes(a));
      p.notes.push(`"${clause.trim()}" takes back what was asked before it of ${[...new Set(undone.map((a) => named.get(a.display)!.name))].join(', ')}; that was not planned`);
    }
  }
  // "make the torque arrows green — no, yellow": a correction that is only a colour is for the colour the clause before set.
  const corrected = correcting && targets.length === 0 && colourIn(clause) !== undefined && tokens.every((t) => FILLER.has(t) || colourIn(t) !== undefined || CONCEPTS.corrections.markers.includes(t))
    ? [...(p.previousActions ?? [])].reverse().find((a) => a.action === 'set_property' && /^\d{1,3}; \d{1,3}; \d{1,3}$/.test(a.value)) : undefined;
  if (corrected) return handleClause(p, `${corrected.property} ${clause}`);
  if ((correcting || startsWithCorrection(tokens)) && movedToSibling(p, clause, tokens, targets)) return;
  // "keep the gripper axes, but draw them at lift_link": kept (not hidden), and changed as the next clause asks.
  if (keepsAsIs && !leaveSpan(tokens) && p.nextChangesIt && targets.length > 0) {
    p.last = targets;
    return;
  }
  // "robot2's scan red, robot1's stays white": a colour after "stays", said of displays that have a colour, keeps it;
  // it never sets it. (Of a map or an image, "stays white" is a complaint, planned as usual.)
  const staysAt = anyPhrase(tokens, CONCEPTS.leave.stays);
  if (staysAt && staysAt.start > 0 && targets.length > 0 && colourIn(tokens.slice(staysAt.start + staysAt.length).join(' ')) !== undefined
    && targets.every((t) => t.displays.length > 0 && t.displays.every((d) => d.spec?.properties.some((x) => x.kind === 'color' && /^colou?r$/i.test(x.path))))) {
    const kept = targets.flatMap((t) => t.displays);
    for (const d of kept) (p.protectedDisplays ??= new Set()).add(d);
    p.notes.push(`left ${kept.map((d) => d.name).join(', ')} as ${kept.length === 1 ? 'it is' : 'they are'} ("${clause.trim()}")`);
    p.last = targets;
    return;
  }
  if (leaveSpan(tokens) || keepsAsIs) {
    // "the laser is red, that's how I like it": a verbless clause before one that leaves it as it is said how it is.
    // (Only a clause that points back at it as a whole: "…, don't change the plane" keeps a setting of it.)
    const pointsBack = tokens.some((t) => BACK_POINTERS.has(t)) && !p.last.some((t) => t.spec !== undefined && p.ctx.catalog.propertyForWords(t.spec, clause).length > 0);
    if (targets.length === 0 && previousVerbless && pointsBack) {
      offerEachReading(p, previousVerbless.actions, [{ label: previousVerbless.clause.trim(), actions: previousVerbless.actions }],
        `"${previousVerbless.clause.trim()}", then "${clause.trim()}": read as how things are, so nothing was changed; the change is offered as a choice`);
    }
    // "Don't change anything yet, just tell me what you think": nothing of the request is applied ("…anything else"
    // keeps only the rest).
    if (targets.length === 0 && anyPhrase(tokens, ['anything', 'everything', 'nothing', 'all of it', 'any of it']) && !anyPhrase(tokens, ['else', 'other', 'others', 'rest', 'more', 'further'])) {
      p.changeNothing = clause.trim();
      p.notes.push(`"${clause.trim()}": nothing of this request is applied`);
      return;
    }
    // "don't mess with the QoS settings, just …": the QoS of every display is kept, also from what completion adds.
    if (targets.length === 0 && anyPhrase(tokens, ['qos', 'quality of service'])) {
      for (const d of p.state.live().filter((x) => (x.spec?.topicProperties.length ?? 0) > 0)) (p.protectedSettings ??= new Map()).set(d, [...(p.protectedSettings?.get(d) ?? []), ...(d.spec!.topicProperties)]);
      p.notes.push(`"${clause.trim()}": the QoS of every display is kept as it is`);
      return;
    }
    // "…, and don't touch any display": no display is changed; what the request asks besides (the fixed frame, a Global
    // Option) is.
    if (targets.length === 0 && anyPhrase(tokens, ['any display', 'any displays', 'any of the displays', 'the displays', 'a display'])) {
      p.keepDisplays = clause.trim();
      p.notes.push(`"${clause.trim()}": no display is changed`);
      return;
    }
    // "don't change the Odometry display's type, just point it at /odom": its type is kept, not its settings or topic.
    if (targets.length > 0 && anyPhrase(tokens, ['type', 'class', 'plugin']) !== undefined && !correcting) {
      p.notes.push(`kept the type of ${[...new Set(targets.flatMap((t) => t.displays.map((d) => d.name)))].join(', ') || 'what it names'} ("${clause.trim()}")`);
      p.last = targets;
      p.lastVerb = undefined;
      return;
    }
    // "fix the laser QoS, and don't touch the fixed frame": the fixed frame is kept, whatever else the request repairs.
    if (targets.length === 0 && hasPhrase(tokens, 'fixed frame') && !correcting && !startsWithCorrection(tokens)) {
      p.keepFixedFrame = clause.trim();
      p.notes.push(`left the fixed frame as it is ("${clause.trim()}")`);
      p.last = [];
      p.lastVerb = undefined;
      return;
    }
    const named = targets.length > 0 ? targets : inherited(p);
    // "make it red… no, leave it", "actually never mind, leave the fixed frame alone": what it names (else everything
    // asked before it) is taken back.
    if (correcting || startsWithCorrection(tokens) || anyPhrase(tokens, ['never mind', 'nevermind', 'forget it', 'forget that', 'scratch that'])) {
      (p.takeBack ??= []).push({ before: p.actions.length, displays: new Set(named.flatMap((t) => t.displays)), fixedFrame: /\bfixed frame\b/.test(tokens.join(' ')), clause: clause.trim() });
    }
    // What it names (not what "it" refers back to) is protected: no other clause of the request changes it.
    // (Only a target that names one display: "leave robot1 alone" or "the other robot" are too wide to overrule a
    // clause that names its display.)
    // ("don't touch the map's QoS, just make it 50 % transparent": a clause that names settings of it keeps only those.)
    const settingsOf = new Map<VirtualDisplay, string[]>();
    // ("Front View stays. And zoom Front View in 2x": what only stays keeps being shown; a change asked of it is made.)
    const staysOnly = tokens.some((t) => ['stays', 'stay', 'remains', 'remain'].includes(t)) && !tokens.some((t) => ['alone', 'as', 'same', 'unchanged', 'untouched', 'like', 'way'].includes(t));
    // ("FT Sensor: history 10, but leave it off for now": what is left off keeps being hidden, "it" included.)
    const offWords = ['off', 'hidden', 'disabled', 'invisible'];
    const leftOff = !staysOnly && tokens.some((t) => ['leave', 'keep'].includes(t)) && tokens.some((t) => offWords.includes(t));
    if (leftOff) for (const d of (targets.length > 0 ? targets : named).filter((t) => t.displays.length === 1).flatMap((t) => t.displays)) (p.protectedHidden ??= new Set()).add(d);
    for (const d of leftOff ? [] : targets.filter((t) => t.displays.length === 1).flatMap((t) => t.displays)) {
      // ("route stays off, just make it yellow": what stays off keeps being hidden; the show a change brings is not made.)
      if (staysOnly && tokens.some((t) => offWords.includes(t))) { (p.protectedHidden ??= new Set()).add(d); continue; }
      if (staysOnly) { (p.protectedShown ??= new Set()).add(d); continue; }
      // (The word that keeps is no setting's: "keep its plan" keeps the Path, not its Buffer Length.)
      const settings = namedSettings(p, d, tokens, [...targets.flatMap((t) => t.span ? [t.span] : []), ...(lead === 'keep' ? [{ start: tokens.indexOf('keep'), length: 1 }] : [])]);
      if (settings.length > 0) {
        settingsOf.set(d, settings);
        (p.protectedSettings ??= new Map()).set(d, [...(p.protectedSettings?.get(d) ?? []), ...settings]);
      } else (p.protectedDisplays ??= new Set()).add(d);
    }
    // "make robot2's path thicker, 0.1, but keep the line style as is": a setting of what the clause before named is
    // kept, and only that setting (what "it" refers back to is never kept whole).
    if (targets.length === 0) {
      for (const d of named.filter((t) => t.displays.length === 1).flatMap((t) => t.displays)) {
        // (The leave words are no setting's: "keep" is not the Path's Buffer Length here.)
        const leaveWords = tokens.flatMap((t, i) => (['keep', 'leave', 'stay', 'stays', 'remain', 'remains'].includes(t) ? [{ start: i, length: 1 }] : []));
        // (…but not a setting a clause before sets: "make the AMCL arrow magenta, leave the covariance colours alone".)
        const asked = new Set(p.actions.filter((a) => a.action === 'set_property' && a.display === p.state.handle(d)).map((a) => a.property));
        const settings = namedSettings(p, d, tokens, leaveWords).filter((x) => !asked.has(x));
        if (settings.length === 0) continue;
        settingsOf.set(d, settings);
        (p.protectedSettings ??= new Map()).set(d, [...(p.protectedSettings?.get(d) ?? []), ...settings]);
      }
    }
    const shown = named.flatMap((t) => t.displays.length > 0 ? t.displays.map((d) => settingsOf.has(d) ? `${d.name} ${settingsOf.get(d)!.join(', ')}` : d.name) : [t.spec?.name ?? t.phrase]);
    p.notes.push(shown.length > 0 ? `left ${[...new Set(shown)].join(', ')} as ${shown.length === 1 && !settingsOf.size ? 'it is' : 'they are'} ("${clause.trim()}")` : `"${clause.trim()}": nothing was changed`);
    p.last = named;
    p.lastVerb = undefined;
    return;
  }
  // "tf names, no axes", "…, only axes": a type word with no display of it that is a switch of what the clause before
  // named is that switch, not a new display.
  const switchOfLast = switchOfPrevious(p, clause, tokens, targets);
  if (switchOfLast) { targets = switchOfLast; taken.splice(0, taken.length); }
  // A verb word inside a setting's phrase of what the clause names ("see" in "30 % see-through") is that setting's.
  // "the lidar display", "has no lidar display": "display" after what a clause names is a noun, not the verb.
  for (const t of targets) {
    const after = t.span ? t.span.start + t.span.length : -1;
    if (after >= 0 && ['display', 'displays'].includes(tokens[after] ?? '')) taken.push({ start: after, length: 1 });
  }
  const firstVerb = findVerb(tokens, taken);
  // …also of what the clause before named ("make the plan blue and 40 % see-through").
  // (Words of a display's name are in no setting's phrase: "hide frames arm", the Spanish "oculta los frames del brazo".)
  const outsideNames = (): string[] => tokens.map((w, i) => (targets.some((t) => t.span !== undefined && t.displays.length > 0 && i >= t.span.start && i < t.span.start + t.span.length) ? '' : w));
  const verbInPhrase = firstVerb !== undefined && (targets.length > 0 ? targets : inherited(p)).some((t) => t.spec !== undefined && propertyPhraseAround(t.spec, outsideNames(), firstVerb.span));
  const verbHit = verbInPhrase ? findVerb(tokens, [...taken, firstVerb.span]) : firstVerb;
  let verb: Verb | undefined = fixSpan ? 'fix' : verbHit?.verb;
  // "Front Lidar is set to Reliable but …, so fix the QoS": "is set to" says how it is, before a clause that says
  // what to do about it.
  if (verb === 'set' && verbHit && COPULAS.has(tokens[verbHit.span.start - 1] ?? '') && p.moreClauses && targets.length > 0) {
    p.notes.push(`"${clause.trim()}" says how it is; nothing was changed for it`);
    p.last = targets;
    return;
  }
  // "grid off", "tf on": a switch word at the end stands for the verb.
  if (!verb && targets.length > 0) {
    // ("camera 12 off please": politeness after it changes nothing.)
    let end = tokens.length;
    while (end > 1 && FILLER.has(tokens[end - 1]!) && tokens[end - 1] !== 'off' && tokens[end - 1] !== 'on') end--;
    const last = tokens[end - 1];
    if (last === 'off') verb = 'hide';
    else if (last === 'on' && !taken.some((x) => x.start + x.length === end)) verb = 'show';
  }
  // "keep the wrist load visible", "keep the grid off": a keep with a state word asks for that state, never for the
  // verb of the clause before.
  // ("keep the Scene display off": "display" is a noun there, not the verb.)
  if (lead === 'keep' && !fixSpan) {
    if (tokens.some((t) => ['hidden', 'invisible', 'disabled', 'off'].includes(t))) verb = 'hide';
    else if (tokens.some((t) => ['visible', 'shown', 'showing', 'displayed', 'enabled', 'on'].includes(t))) verb = 'show';
    // ("keep" is then no setting's word, as the Wrench's history "keep".)
    if (verb) taken.push({ start: tokens.indexOf('keep'), length: 1 });
  }
  // "switch the camera display off", "turn the grid back on": the particle at the end decides.
  if (verb === 'set' && verbHit && ['switch', 'turn', 'flip', 'toggle'].includes(tokens[verbHit.span.start]!)) {
    const after = tokens.slice(verbHit.span.start + 1);
    if (after.includes('off')) verb = 'hide';
    else if (after[after.length - 1] === 'on' || after.includes('back')) verb = 'show';
  }
  // "make Breadcrumbs off" (the Portuguese "deixa o Breadcrumbs desligado"): "off" ending a clause that names no setting
  // switches the display off; a change never turns it on.
  if (verb === 'set' && verbHit && ['make', 'set', 'put', 'get'].includes(tokens[verbHit.span.start]!) && tokens.filter((t) => !FILLER.has(t) || t === 'off').pop() === 'off'
    && targets.length > 0 && targets.every((t) => { const spec = t.displays[0]?.spec ?? t.spec; return spec !== undefined && p.ctx.catalog.propertyForWords(spec, clause).every((m) => m.via === 'requires'); })) verb = 'hide';
  // "I don't want to see …", "no longer need …", "stop showing …": a negated show hides.
  // …but "the laser never shows up", "the map doesn't appear" describe a fault (a third-person verb, or "show up"):
  // a complaint is a fix, which never hides what the user wants to see.
  const verbWord = verbHit ? tokens[verbHit.span.start]! : '';
  const complaint = verbHit !== undefined && (/^(shows|appears|displays|renders|comes)$/.test(verbWord) || tokens[verbHit.span.start + verbHit.span.length] === 'up');
  // "the depth cloud hides the arm, make it …": a display named before a third-person hide verb says what is drawn; it
  // changes nothing, and "it" after it is that display.
  // (…also "the local costmap is drowning out the map", and a display doing something: "the robot keeps cutting too
  // close to the shelves" says what it does, never "cut" as an order.)
  const describedAt = verbHit !== undefined && (/^(hides|covers|blocks|obscures)$/.test(verbWord) || (/ing$/.test(verbWord) && ['keeps', 'kept', 'is', 'are', 'was', 'were'].includes(tokens[verbHit.span.start - 1] ?? '')))
    ? verbHit.span.start : tokens.findIndex((t) => /^(drowns|drowning|overpowers|overpowering|swamps|swamping|obscuring|covering)$/.test(t));
  const subjects = describedAt > 0 ? targets.filter((t) => t.span !== undefined && t.span.start < describedAt) : [];
  if (subjects.length > 0) {
    p.notes.push(`"${clause.trim()}" says what is drawn; nothing was changed for it`);
    p.last = subjects;
    p.lastVerb = undefined;
    return;
  }
  // "I need the grid no longer", "want the map not" (a negation after a wish, as other languages put it): hidden too.
  // ("the grid isn't needed": the passive is a wish too.)
  // ("the arrow doesn't need to be that long" is about its length, not a wish to see it.)
  const toBe = verbHit !== undefined && tokens[verbHit.span.start + verbHit.span.length] === 'to' && tokens[verbHit.span.start + verbHit.span.length + 1] === 'be';
  const wish = verbHit !== undefined && ['need', 'want', 'see', 'needed', 'wanted'].includes(verbWord) && !toBe;
  // ("don't put the laser in red" negates a change, not a wish to see: it is refused below.)
  // ("the obstacle markers never show anything": a display that never shows is a complaint, not a wish not to see it.)
  const displaySubject = verbHit !== undefined && !wish && targets.some((t) => t.span !== undefined && t.span.start + t.span.length <= verbHit.span.start)
    && ['anything', 'nothing', 'up', 'data', 'a thing'].includes(tokens[verbHit.span.start + verbHit.span.length] ?? '');
  const negatedShow = verb === 'show' && verbHit !== undefined && !toBe && !displaySubject && !(valuedClause(clause, tokens) && !wish)
    && (negatedBefore(tokens, verbHit.span.start) || (wish && negationAt(tokens) !== undefined));
  // "I don't need the grid colour changed", "I could do without the grid colour": a negated wish about a setting (or a
  // change) of a display hides nothing; that setting is left as it is.
  if (negatedShow && verbHit !== undefined) {
    const after = tokens.slice(verbHit.span.start + verbHit.span.length);
    // (A word of what it names is no setting: "the point cloud depth" is the depth cloud, not its QoS depth.)
    const named = new Set(targets.flatMap((t) => (t.span ? tokens.slice(t.span.start, t.span.start + t.span.length) : [])));
    const setting = targets.flatMap((t) => { const spec = t.displays[0]?.spec ?? t.spec; return spec ? p.ctx.catalog.propertyForWords(spec, after.filter((w) => !named.has(w)).join(' ')).filter((m) => m.via === 'words' && m.property.kind !== 'bool' && m.property.kind !== 'topic' && !isUnderTopic(m.property)) : []; })[0];
    if (setting || after.some((w) => ['changed', 'touched', 'modified', 'altered', 'moved'].includes(w))) {
      p.notes.push(`"${clause.trim()}" asks for no change${setting ? ` to ${setting.property.path}` : ''}; nothing was changed for it`);
      p.last = targets;
      return;
    }
  }
  // "don't add an odometry display", "no need to add a grid": not adding is no hide.
  if (negatedShow && ['add', 'create', 'insert'].includes(verbWord)) {
    p.notes.push(`"${clause.trim()}" says not to add it; nothing was changed for it`);
    p.last = targets;
    return;
  }
  if (negatedShow) verb = complaint && targets.length > 0 ? 'fix' : 'hide';
  // "put the markers away": the particle decides.
  if (verb === 'show' && verbHit && tokens[verbHit.span.start] === 'put' && tokens.includes('away')) verb = 'hide';
  // A negated change is not made ("don't make the laser red", "never remove the map", "the laser shouldn't be red"):
  // a negation before the verb, or anywhere in a clause that gives a value. (A negated wish to see hid above.)
  const valued = valuedClause(clause, tokens);
  // ("hide point cloud not", a Japanese "非表示にしないで" read in its order: a negation ending the clause after its verb.)
  const finalNot = verbHit !== undefined && tokens[tokens.length - 1] === 'not' && tokens.length - 1 > verbHit.span.start;
  const negation = (verb === 'show' && !valued) || verb === 'fix' || negatedShow ? undefined : negationAt(tokens, verbHit && verb && !finalNot && !(valued && (verb === 'set' || verb === 'show')) ? verbHit.span.start : tokens.length);
  // "don't normalize", "no shadows": a negation right before a switch of what the clause names sets that switch off.
  // (…but after a hide, "…, but not the axes" excepts the axes from it: they stay as they are.)
  const exceptsFromHide = negation !== undefined && tokens[negation.start] === 'not' && !verbHit && (p.lastVerb === 'hide' || p.lastVerb === 'remove')
    && tokens.slice(0, negation.start).every((t) => ['but', 'and', 'yet', 'though', 'just'].includes(t));
  const switchAfter = negation !== undefined && !exceptsFromHide && (targets.length > 0 ? targets : inherited(p)).some((t) => (t.displays[0]?.spec ?? t.spec)?.properties.some((x) => x.kind === 'bool'
    && [...(x.words ?? []), x.path.split('/').pop()!].some((w) => { const at = hasPhrase(tokens, w); return at !== undefined && at.start >= negation.start + negation.length && at.start <= negation.start + negation.length + 1; })));
  // "hide the map, not the laser", "make the laser red but not the map": a negated clause with no verb of its own
  // excludes what it names from the change before it; it never takes that change's verb.
  // ("…, el del robot 1 no" read as "robot1 not": a negation ending a clause with no verb excludes what it names too.)
  const leads = negation !== undefined && (tokens.slice(0, negation.start).every((t) => ['but', 'and', 'yet', 'though', 'just'].includes(t))
    || (!verbHit && negation.start + negation.length === tokens.length && negation.start > 0));
  // "make the laser a bit bigger, but not too much": a negated clause with no verb and nothing named of its own only
  // qualifies the change before it; it changes nothing more.
  if (negation && leads && !switchAfter && !verbHit && targets.length === 0 && !fixSpan) {
    p.notes.push(`"${clause.trim()}" qualifies what came before; nothing more was changed for it`);
    return;
  }
  // "I want the camera image but not the depth cloud": after a wish to see, what is excepted is not wanted: hidden.
  const wishedAway = negation !== undefined && leads && !switchAfter && !verbHit && !valued && targets.length > 0 && !fixSpan && p.lastWish === true;
  if (negation && leads && !switchAfter && !verbHit && !valued && targets.length > 0 && !fixSpan && !wishedAway) {
    const shown = [...new Set(targets.flatMap((t) => t.displays.length ? t.displays.map((d) => d.name) : [t.spec?.name ?? t.phrase]))];
    p.notes.push(`left ${shown.join(', ')} as ${shown.length === 1 ? 'it is' : 'they are'} ("${clause.trim()}")`);
    return;
  }
  // "don't hide the map and the grid", "don't make the laser and the grid red": a clause with no verb of its own after a
  // negated change is under the same negation.
  const underNegation = p.negated === true && !verbHit && targets.length > 0 && !fixSpan;
  p.negated = false;
  if (!wishedAway && (underNegation || (negation && !switchAfter && (verb !== undefined || valued)))) {
    p.negated = true;
    const named = targets.length > 0 ? targets : inherited(p);
    // ("…, but don't switch it on yet": what is not to be switched on stays off, whatever else the request changes on it.)
    if ((verb === 'show' || tokens.includes('on')) && !valued) for (const d of named.filter((t) => t.displays.length === 1).flatMap((t) => t.displays)) if (!d.enabled || p.actions.some((a) => a.action === 'set_enabled' && a.display === p.state.handle(d) && a.value === 'true')) (p.protectedHidden ??= new Set()).add(d);
    p.notes.push(`"${clause.trim()}" ${underNegation ? 'is under the negation before it' : 'says not to'}${named.length ? ` (${[...new Set(named.flatMap((t) => t.displays.length ? t.displays.map((d) => d.name) : [t.spec?.name ?? t.phrase]))].join(', ')})` : ''}; nothing was changed`);
    p.last = named;
    return;
  }
  // "no grid", "…, no costmaps": a clause led by "no" with no verb wishes what it names away, as "I don't want the grid".
  // (With no display of it, "no sonar" adds nothing: the hide says there is none.)
  if (!verb && !valued && (tokens[0] === 'no' || tokens[0] === 'without') && targets.length > 0) verb = 'hide';
  if (wishedAway) verb = 'hide';
  const ownVerb = verb;
  if (verbHit || wishedAway) p.lastWish = wish && verb === 'show';
  const previousVerb = p.lastVerb;
  // A clause with a value and no verb ("grid off, laser red") is a change of its own target, never the hide or remove
  // of the clause before.
  // ("…, the map is", "…, the laser does": a clause ending on its verb's auxiliary says the other way; it takes none.)
  // ("…, robot 2 has no lidar display": a clause with a verb of being or having of its own says what is; it takes none.)
  const elliptic = tokens.some((t) => COPULAS.has(t)) || ['does', 'do'].includes(tokens[tokens.length - 1] ?? '');
  // ("don't turn the scene on, only the frame names": "only" after a hide or a negation shows what it names.)
  const onlyAfterHide = (p.lastVerb === 'hide' || p.lastVerb === 'remove') && ['only', 'just'].includes(tokens.find((t) => !['but', 'and'].includes(t)) ?? '');
  // ("Task Markers off; Target on with its axes shown": a clause that says "on" or "shown" of its own takes no hide.)
  // (…nor one that makes a display more see-through: "ditch the markers and dim the grid".)
  // ("…, and the covariance on Where Am I too": "on" before a display's name says where, not that it is shown.)
  const beforeName = (k: number): boolean => p.state.live().some((d) => { const n = tokenize(d.name); return n.length > 0 && n.every((w, j) => tokens[k + 1 + j] === w); });
  const shownWord = tokens.some((t, k) => SHOWN_WORDS.has(t) && !(t === 'on' && beforeName(k))) || Boolean(anyPhrase(tokens, SEE_THROUGH_WORDS));
  // (…nor one that names a choice setting with its value: "hide the camera image, laser style spheres".)
  const setsChoice = (): boolean => targets.some((t) => { const spec = t.displays[0]?.spec ?? t.spec; return spec !== undefined
    && p.ctx.catalog.propertyForWords(spec, clause).some((m) => m.via === 'words' && m.property.kind === 'enum' && m.value !== undefined); });
  const takesLastVerb = p.lastVerb !== undefined && p.lastVerb !== 'rename' && !elliptic && !onlyAfterHide && !((valued || shownWord || setsChoice()) && (p.lastVerb === 'hide' || p.lastVerb === 'remove'));
  if (!verb && targets.length > 0 && takesLastVerb) verb = p.lastVerb;
  // "and the cone too", "the grid as well" as the first clause after "hide Top Cam": the last turn's hide, show or remove.
  if (!verb && targets.length > 0 && p.lastVerb === undefined && p.previousActions === undefined && !valued && !elliptic && anyPhrase(tokens, ['too', 'as well', 'also']) !== undefined) {
    verb = lastTurnVerb(p);
    // "the local plan too" after "make the global plan red": the settings the last turn changed, made on what it names.
    const settings = (lastAppliedTurn(p)?.actions ?? []).filter((a) => a.origin !== 'auto');
    const changed = turnDisplays(p);
    const onto = targets.flatMap((t) => t.displays).filter((d) => !changed.includes(d) && d.classId !== 'rviz_common/Group');
    if (!verb && onto.length > 0 && settings.length > 0 && settings.every((a) => a.action === 'set_property')) {
      repeatChanges(p, onto, settings, []);
      return;
    }
  }
  p.lastVerb = ownVerb ?? p.lastVerb;
  // "colour by", "use rainbow": a setting verb can be part of a property's words, so only other verbs are masked.
  // A type word inside a longer property phrase of what the clause is about ("force" in the Wrench's "force arrow
  // scale") belongs to the property, so it is not masked as a name.
  const inProperty = (m: Span): boolean => targets.some((t) => t.spec !== undefined && propertyPhraseAround(t.spec, tokens, m));
  const masked = [...taken.filter((m) => !inProperty(m)), ...(verbHit && verbHit.verb !== 'set' ? [verbHit.span] : []), ...(fixSpan ? [fixSpan] : [])];
  // Words right after a named thing belong to it ("scan points", "map display"): mask one following token that is a
  // value word, so it is not read as a setting.
  for (const t of targets) {
    const next = t.span ? tokens[t.span.start + t.span.length] : undefined;
    // "scan points bigger", "scan dots 5 cm": a type or value word right after the named thing is part of the noun.
    // …not a value named as itself ("the depth cloud spheres of 2 cm" asks for Spheres; "scan dots" are its points).
    const ownValue = t.spec !== undefined && next !== undefined && t.spec.properties.some((x) => (x.values ?? []).some((v) => tokenize(v).join(' ') === singular(next) || tokenize(v).join(' ') === next));
    // …nor a switch of it named right after ("lens polygons only" is Show polygons, not a Polygon display).
    const ownSwitch = t.spec !== undefined && next !== undefined && t.spec.properties.some((x) => x.kind === 'bool' && (x.words ?? []).some((w) => w === next));
    const nounLike = next !== undefined && !ownValue && !ownSwitch && (p.ctx.catalog.typesForWords(next).length > 0 || (t.spec !== undefined && isPropertyWord(t.spec, next)
      && t.spec.properties.some((x) => (x.valueWords ?? []).some((vw) => vw.words.includes(next)))));
    const notLast = t.span !== undefined && t.span.start + t.span.length + 1 < tokens.length;
    const after = { start: (t.span?.start ?? 0) + (t.span?.length ?? 0), length: 1 };
    if (t.span && nounLike && notLast && !inProperty(after)) masked.push(after);
  }

  if (verb === 'fix') {
    if (targets.length === 0 && p.last.length > 0) {
      // "…, fix it": the previous clause already named what to fix — and fixed it when it was a complaint itself.
      if (previousVerb === 'fix' && !afterHeld) { p.last = []; return; }
      targets = p.last;
    }
    // "why is the map empty?", "la ruta no se ve, ¿por qué?": a question changes nothing; the repair, planned on the
    // document as it was, is offered as a choice.
    // ("why do I see nothing? fix the fixed frame": a repair asked for after the question is made.)
    const said = tokens.join(' ');
    const asked = !/[?？].*\b(?:fix|repair|sort|correct)\b/i.test(clause) && (tokens[0] === 'why' || QUESTION_WORDS.has(tokens[0] ?? '') || (p.asked ?? []).some((q) => q.includes(said)));
    if (asked) {
      const scratch: Planner = { ...p, state: new PlanState(p.ctx), actions: [], notes: [], last: [] };
      repair(scratch, targets.length > 0 ? resolveTargets(scratch, clause, [...tokens], []) : [], tokens);
      p.notes.push(...scratch.notes);
      if (scratch.actions.length > 0) {
        (p.alternatives ??= []).push({ label: `fix it: ${clause.trim()}`, actions: scratch.actions });
        p.notes.push(`"${clause.trim()}" asks why: nothing was changed for it; the repair is offered as a choice`);
      }
      p.last = targets;
      p.lastHeld = true;
      return;
    }
    repair(p, targets, tokens);
    p.last = targets;
    return;
  }

  if (targets.length > 0 && exceptOthers(p, tokens, verb, targets)) { p.last = targets; return; }
  if (targets.length === 0 && hideTheRest(p, tokens, verb)) return;
  if (targets.length === 0) {
    const from = p.actions.length;
    if (everything(p, tokens, verb)) {
      // "Voglio vedere tutto rispetto al tavolo…" read with words nothing knows: "everything" is too wide a change to
      // make on a guess; it is offered as a choice.
      const unknown = unaccounted(p, tokens, masked);
      if (unknown.length > 0 && p.actions.length > from) {
        (p.unknown ??= []).push(...unknown);
        const held = p.actions.slice(from);
        offerEachReading(p, held, [{ label: clause.trim(), actions: held }], `did not understand ${unknown.map((w) => `"${w}"`).join(', ')} in "${clause.trim()}"; what it would do to every display is offered as a choice, not applied`);
      }
      return;
    }
  }
  // "TF: show the frame names and shrink the axes": a type with no display here, named by a part of the one display the
  // clause before is about (TF's axes), is that part; it is neither added nor missed.
  // ("Breadcrumbs: switch them on and draw axes instead of arrows": two values of one setting of that display, even
  // beside an Axes display.)
  const before = inherited(p).filter((x) => x.displays.length === 1);
  const insteadOf = /\b(?:instead\s+of|rather\s+than)\s+(?:the\s+)?([\w-]+)/i.exec(clause)?.[1]?.toLowerCase();
  const valueWordsOf = (x: PropertySpec, w: string): boolean => (x.valueWords ?? []).some((v) => v.words.includes(w)) || (x.values ?? []).some((v) => v.toLowerCase() === w);
  // ("Réaffiche Breadcrumbs et passe la forme en axes": the setting named, and the value word one of its values.)
  const settingNamed = (x: PropertySpec): boolean => (x.words ?? []).some((w) => hasPhrase(tokens, w) !== undefined);
  // ("TF clutters everything. don't remove it, just shrink the markers to 0.3" beside a MarkerArray display: a number
  // for a part of the display before, named by a type word whose own displays take no such number.)
  const isNumber = (x: PropertySpec): boolean => (x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x);
  const typeWordOnly = (t: Target): boolean => t.displays.every((d) => looseDisplayName(d.name) !== looseDisplayName(t.phrase));
  const numberPart = (x: PropertySpec, t: Target): boolean => isNumber(x) && numbersIn(clause).length > 0 && typeWordOnly(t) && t.spec !== undefined
    && !p.ctx.catalog.propertyForWords(t.spec, clause).some((m) => m.via === 'words' && isNumber(m.property))
    && (x.words ?? []).some((w) => singularTokens(tokenize(w)).includes(singularTokens(tokenize(t.phrase)).at(-1) ?? ''));
  const partOf = (t: Target): boolean => before.length === 1 && before[0]!.displays[0]!.spec !== t.spec && (before[0]!.spec?.properties ?? []).some((x) =>
    t.displays.length > 0
      ? numberPart(x, t) || ((insteadOf !== undefined || settingNamed(x)) && x.kind === 'enum' && tokenize(t.phrase).filter((w) => !FILLER.has(w)).every((w) => valueWordsOf(x, w)) && (insteadOf === undefined || valueWordsOf(x, insteadOf)))
      : (verb !== 'show' || (!verbHit && valuedClause(clause, tokens))) && !p.state.live().some((d) => d.spec === t.spec) && tokenize(t.phrase).filter((w) => !FILLER.has(w)).every((w) => (x.words ?? []).some((y) => tokenize(y).includes(w))));
  if (targets.length > 0 && targets.every((t) => t.spec !== undefined && partOf(t))) {
    // (The words read as a display are the setting's value now: "axes" of "switch the shape to axes".)
    const freed = targets.flatMap((t) => (t.span && t.displays.length > 0 ? [t.span] : []));
    masked.splice(0, masked.length, ...masked.filter((m) => !freed.some((f) => f.start === m.start && f.length === m.length)));
    targets = before;
  }
  // "Lift, don't remove it; just set the axes length to 0.6": the type's own word, which also ends one display's name
  // (Gripper Axes), is the display of that type the clause before named.
  // (Also when the type word names every display of the type, that one among them, still shown: "the axes" of Lift and
  // Charger; after "hide the global plan", "the path" may well be the other one.)
  // (Not when the clause names it by a word of its own name or by its robot: "robot2's plan thicker".)
  const prior = before.length === 1 ? before[0]!.displays[0]! : undefined;
  const only = targets.length === 1 && prior !== undefined && targets[0]!.displays.every((d) => d.spec === prior.spec)
    && (targets[0]!.displays.length === 1 ? targets[0]!.displays[0] !== prior : targets[0]!.displays.includes(prior) && !prior.removed && prior.enabled !== false) ? targets[0]! : undefined;
  const ownWords = only ? only.displays.flatMap((d) => tokenize(d.name)).filter((w) => !(only.spec?.words ?? []).includes(w)) : [];
  if (only && namespaceOf(p, tokens) === undefined && !tokens.some((w) => ownWords.includes(w))
    && tokenize(only.phrase).filter((w) => !FILLER.has(w)).every((w) => (only.spec?.words ?? []).includes(w))) targets = before;
  const usable = targets.length > 0;
  const afterUnclear = p.statedUnclear === true;
  p.statedUnclear = false;
  if (!usable && afterUnclear) return;
  if (!usable) targets = inherited(p);
  // ("make the Lens cone red and a bit more opaque": what the clause before named with no display of it, the "cone",
  // is not what this one goes on about when a display was named beside it.)
  if (!usable && targets.some((t) => t.displays.length > 0)) targets = targets.filter((t) => t.displays.length > 0);
  if (!usable && targets.some((t) => t.displays.some((d) => just.includes(d)))) {
    unclearOther(p, clause);
    return;
  }
  // …also with no verb when nothing came before ("frame names please").
  if (targets.length === 0 && (ownVerb || p.last.length === 0)) targets = byPropertyPhrase(p, tokens);
  if (targets.length === 0) {
    const meaningful = tokens.filter((t, i) => !FILLER.has(t) && !GENERAL.has(t) && !masked.some((m) => i >= m.start && i < m.start + m.length));
    if (meaningful.length > 0) p.notes.push(`did not understand "${clause}"`);
    // "lazer decay 1500 ms": with no target understood, the words no vocabulary knows are what a near miss may mend.
    const unread = unaccounted(p, tokens, masked);
    (p.unknown ??= []).push(...unread);
    // "nascondi il pavimento e metti il frame fisso su odom", "cache la grile et …": a display to hide or remove, named by a
    // word of another language the lexicon lacks or by a slip of a known word, is a part of the request not done; none
    // of the rest is applied on its own (the caller holds it). ("hide the GPS and make the laser red": an English word
    // that is no slip names a thing the robot does not have; the rest is applied.)
    const unsure = unread.some((w) => p.translated === true || nearMisses(p.ctx.catalog, w, nameWords(p.ctx)).length > 0);
    if (unsure && (ownVerb === 'hide' || ownVerb === 'remove') && negationAt(tokens) === undefined) (p.unreadParts ??= []).push(clause.trim());
    return;
  }
  // No verb: "robot2 plan thicker" changes what that robot has (a value, a comparative, a colour) and adds nothing when
  // it has none; otherwise a name shows it ("the map", "the lidar red" adds a red lidar).
  // A value with no verb on a type with no display ("laser points red please", "odometry: 10 arrows max") is a change
  // too: it says there is none and how to add one, never adds.
  // "just noting: global plan red, …": a request that says it only tells how things are changes nothing by a clause
  // with no verb of its own.
  if (!ownVerb && p.noting && !fixSpan) {
    p.notes.push(`"${clause.trim()}" tells how things are; nothing was changed for it`);
    p.last = targets;
    return;
  }
  // "the local plan is kind of see-through, make it less transparent": a clause that says how a display is, before one
  // that changes it with a verb of its own and points back at it, describes it; the change is the next clause's.
  // (Only when the display is what "is" is said of: "the AMCL position ellipse is too faint" names a part of it.)
  // (…or, before a clause writing a value out, what a part of it is: "the Wrist Load arrows are too fat — width 0.1".)
  // (Not when a part of it is named before it: "the covariance blob on the amcl pose is distracting, turn that off".)
  const partBefore = (t: Target): boolean => t.span !== undefined && t.spec !== undefined && p.ctx.catalog.propertyForWords(t.spec, tokens.slice(0, t.span.start).join(' ')).some((m) => m.via === 'words');
  // (…but before a clause that resizes it, a part named first is what the next clause sizes: "the covariance ellipse
  // around the amcl pose is huge, shrink it to half".)
  const copulaAfter = (t: Target, upTo: number): boolean => t.span !== undefined && (!partBefore(t) || p.nextResizes === true) && tokens.slice(t.span.start + t.span.length, t.span.start + t.span.length + upTo + 1).some((w) => COPULAS.has(w));
  // (…or what it draws: "the laser dots are tiny, make them bigger", "Rack Seven dots are too big, halve them".)
  // (…or a part of it by its setting's words: "the TF axes are huge, make them not so big".)
  const drawnAfter = (t: Target): boolean => {
    if (t.span === undefined) return false;
    // ("Rack Seven's points are huge, make them a fifth of the size": past the possessive.)
    const at = t.span.start + t.span.length + (tokens[t.span.start + t.span.length] === 's' ? 1 : 0);
    // ("the AMCL covariance ellipse is huge, make it a bit smaller": a part of two words.)
    // (Only before a clause that resizes it, which then sizes that part; "…is too faint, make it more opaque" is the
    // part's own fix, said in the statement.)
    const part = p.nextResizes === true && t.spec !== undefined && COPULAS.has(tokens[at + 2] ?? '')
      && (p.ctx.catalog.propertyForWords(t.spec, tokens.slice(at, at + 2).join(' ')).some((m) => m.via === 'words') || namesPart(t.spec, tokens[at + 1] ?? ''));
    if (!COPULAS.has(tokens[at + 1] ?? '')) return part;
    const next = tokens[at] ?? '';
    return DRAWN.has(next) || (t.spec !== undefined && next.length > 2 && (p.ctx.catalog.propertyForWords(t.spec, next).length > 0 || namesPart(t.spec, next)));
  };
  // (…or a part of what the turn before changed, named alone: "turn on Wheel Odom", then "the arrow heads are huge,
  // halve them".)
  const copulaAt = tokens.findIndex((w) => COPULAS.has(w));
  const partOfInherited = !usable && p.changedNext === 'pointer' && copulaAt > 0 && targets.length > 0 && targets.every((t) => t.spec !== undefined
    && (DRAWN.has(tokens[copulaAt - 1]!) || namesPart(t.spec, tokens[copulaAt - 1]!) || p.ctx.catalog.propertyForWords(t.spec, tokens.slice(0, copulaAt).join(' ')).some((m) => m.via === 'words')));
  const statedOf = (t: Target): boolean => copulaAfter(t, p.changedNext === 'value' ? 2 : 0) || (p.changedNext === 'pointer' && drawnAfter(t));
  // (…or only how much it is off, "too big" read "smaller", before a clause that resizes it by pointing back: "hmm, too big,
  // halve it", "laser way too small, double it" say the amount in the next clause.)
  const inSpan = (i: number): boolean => usable && targets.some((t) => covers(t.span, i));
  const howOff = tokens.filter((w, i) => !inSpan(i) && !FILLER.has(w) && !HESITATIONS.includes(w) && !COPULAS.has(w) && !DEGREE_WORDS.has(w));
  const comparativeOnly = p.changedNext === 'pointer' && p.nextSaysHowMuch === true && targets.length > 0 && numbersIn(clause).length === 0 && colourIn(clause) === undefined
    && howOff.length > 0 && howOff.every((w) => COMPARATIVE_WORDS.has(w));
  if (!verb && !fixSpan && (partOfInherited || comparativeOnly || (usable && p.changedNext && targets.some(statedOf)))) {
    p.notes.push(`"${clause.trim()}" says how it is; the change is what the next clause asks`);
    p.statedBefore = clause;
    // (What the statement is said of, not what it is seen against: "the Global Plan line is hard to pick out against
    // the costmap. Could you make it twice as thick?")
    const saidOf = partOfInherited ? [] : targets.filter((t) => t.displays.length > 0 && statedOf(t));
    p.last = saidOf.length > 0 ? saidOf : targets;
    // ("the scan is too big, halve it" with two robots' scans: which one is not said, so the fix changes none.)
    if (!partOfInherited && readSeveralOfOneType(p, tokens, p.last).unsure) {
      p.notes.push(`"${clause.trim()}" could mean ${p.last.flatMap((t) => t.displays.map((d) => d.name)).join(' or ')}; which one is not clear, so nothing was changed for what follows`);
      p.statedUnclear = true;
      p.last = [];
    }
    return;
  }
  // "robot2 is the one with the blue path": which is which, said; no change is asked.
  if (!verb && !fixSpan && /\b(?:is|['’]s|are|was)\s+the\s+ones?\s+(?:with|that|who|which|whose|showing|drawing)\b/i.test(clause)) {
    p.notes.push(`"${clause.trim()}" says which is which, and asks for no change; nothing was changed for it`);
    p.last = targets;
    return;
  }
  // "perfect", "great" after a change: a clause with no verb, no value and nothing of its own named asks for nothing of
  // what came before.
  if (!verb && !usable && !fixSpan && !valuedClause(clause, tokens) && !tokens.some((t) => BACK_POINTERS.has(t)) && unaccounted(p, tokens, masked).length === 0
    && byPropertyPhrase(p, tokens).length === 0 && !targets.some((t) => t.spec && p.ctx.catalog.propertyForWords(t.spec, clause).length > 0)) {
    p.notes.push(`"${clause.trim()}" asks for no change; nothing was changed for it`);
    return;
  }
  if (!verb) {
    // ("Forklift Lanes: q depth 20, best effort": a clause of only a setting's value, about the display before, sets it.)
    const valueOfBefore = !usable && targets.some((t) => t.spec !== undefined && t.displays.length > 0 && p.ctx.catalog.propertyForWords(t.spec, clause).some((m) => m.via === 'value' && m.property.kind === 'enum'));
    verb = (valuedClause(clause, tokens) && targets.some((t) => t.displays.length === 0)) || valueOfBefore || setsMissing(p, targets, clause, masked, tokens) ? 'set' : 'show';
    // "odom_pose is a PoseStamped": a statement with no verb and no value tells a fact; it asks for no display. ("the
    // map and the scan are empty" is a complaint: shown, it is repaired.)
    // ("the tf arrows are cluttering everything": what it says of a part already shown turns nothing on.)
    const partsOn = (t: Target): boolean => {
      const named = t.spec ? p.ctx.catalog.propertyForWords(t.spec, clause).filter((m) => m.via === 'words').map((m) => m.property) : [];
      return named.length > 0 && named.every((x) => x.kind === 'bool' && t.displays.length > 0 && t.displays.every((d) => p.state.valueOf(d, x.path) !== 'false'));
    };
    const statement = verb === 'show' && usable && !valuedClause(clause, tokens) && tokens.some((t) => COPULAS.has(t)) && !anyPhrase(tokens, [...FIX_PHRASES, 'empty'])
      && targets.every((t) => t.spec === undefined || p.ctx.catalog.propertyForWords(t.spec, clause).length === 0 || partsOn(t));
    if (statement) {
      p.notes.push(`"${clause.trim()}" says what is, and asks for no change; nothing was changed for it`);
      p.statedBefore = clause;
      p.last = targets;
      return;
    }
    // Add only on request: a verbless change ("the laser red") governs the verbless list after it ("…and the
    // odometry"), which never adds a display.
    if (valuedClause(clause, tokens) && !ownVerb) p.lastVerb = 'set';
  }
  // Precision before recall: a content word nothing accounts for ("make the lidar sparkle") is never turned into some
  // other change. A setting clause with one is left out whole; show, hide and remove still apply to what they name.
  const unknown = unaccounted(p, tokens, masked);
  (p.unknown ??= []).push(...unknown);
  if (unknown.length > 0) {
    const words = unknown.map((w) => `"${w}"`).join(', ');
    // "show the lidar upside down" on a lidar already shown: nothing left to do but the part not understood.
    const nothingToShow = verb === 'show' && targets.every((t) => t.displays.length > 0 && t.displays.every((d) => d.enabled));
    // Nor is a clause that names nothing itself acted on through the previous clause's targets ("…; drop table displays").
    if (verb === 'set' || !ownVerb || nothingToShow || !usable) {
      if (valued) holdAskedBefore(p, targets);
      p.notes.push(`did not understand ${words} in "${clause.trim()}"; left that part out`);
      // "set the laser's reliability to fast": a choice setting named with a word that is none of its values.
      if (verb === 'set') p.notes.push(...namedChoicesUnset(p, targets, clause));
      p.last = targets;
      // ("mak the globl plan thicker and blue": what the clause after it says of a thing it named unsurely, a singular
      // that several displays answer, is held with it.)
      // (…or of a type with no display of it: "the driver publishes best effort, sort that out" adds no Effort display.)
      p.lastHeld = targets.some((t) => (t.displays.length > 1 && !t.plural) || t.displays.length === 0);
      return;
    }
  }
  // A device noun alone ("hide the camera") on a robot whose camera is several displays: a qualifier selects one, else
  // the clause is unsure (one choice per display, below).
  // ("put the costmap at 0.5", "costmap alpha 0.5": a show verb, or none, with a value changes what it names too;
  // one display per robot, "keep 5 odometry arrows" after "both robots:", is each robot's.)
  // (Only when the request speaks of every robot: "Scan decay time 2 s", with a Scan in each robot's group, is unsure.)
  const everyRobot = p.everyRobot === true || anyPhrase(tokens, ['both', 'each', 'every', 'all']) !== undefined;
  const perRobot = (t: Target): boolean => everyRobot && t.displays.length > 1 && p.ctx.namespaces.length > 1
    && new Set(t.displays.map((d) => p.ctx.namespaces.find((ns) => belongsTo(d, ns)))).size === t.displays.length && t.displays.every((d) => p.ctx.namespaces.some((ns) => belongsTo(d, ns)));
  const changes = verb !== 'show' || (valuedClause(clause, tokens) && !targets.some(perRobot));
  const device = changes && usable ? readDeviceTargets(p, tokens, targets, masked) : usable && misplaced(p, tokens, targets) ? { targets: [], unsure: false } : { targets, unsure: false };
  // …and a type in the singular that several displays have ("hide the path" beside a global and a local plan).
  const several = !device.unsure && changes && usable ? readSeveralOfOneType(p, tokens, device.targets) : { targets: device.targets, unsure: false };
  targets = several.targets;
  // "increase the lidar range to 20 m" with no Range display: the value is said of the word right before it, a type
  // with nothing of it here; no other display takes it (the laser's point size never becomes 20).
  const valueAt = tokens.findIndex((t) => /^-?\d/.test(t));
  let ofAt = valueAt - 1;
  while (ofAt > 0 && ['to', 'at', 'of', 'is', 'be'].includes(tokens[ofAt]!)) ofAt--;
  const owner = valueAt > 0 && verb !== 'show' && usable ? targets.find((t) => t.displays.length === 0 && t.spec !== undefined && t.span !== undefined && ofAt >= t.span.start && ofAt < t.span.start + t.span.length) : undefined;
  if (owner && targets.some((t) => t !== owner && t.displays.length > 0)) {
    p.notes.push(`"${clause.trim()}": ${tokens[valueAt]} is said of "${owner.phrase}", and there is no ${owner.spec!.name} display here; nothing was changed`);
    p.last = [];
    return;
  }
  const start = p.actions.length;
  const groups: { target: Target; from: number; to: number; existing: boolean }[] = [];
  for (const target of targets) {
    const from = p.actions.length;
    const existing = target.displays.length > 0;
    applyVerb(p, verb, target, clause, tokens, masked, !usable);
    // "…, and only keep the last 10 poses": a change that added a display for a type word and then set nothing on it
    // (no setting of it takes the value) adds nothing either.
    const added = p.actions.slice(from);
    if (valued && !existing && added.length > 0 && added.every((a) => a.action === 'add_display') && !tokens.some((w) => ADD_WORDS.has(w))) {
      p.actions.splice(from);
      for (const d of target.displays) d.removed = true;
      target.displays = [];
    }
    groups.push({ target, from, to: p.actions.length, existing });
  }
  p.last = targets;
  if (!ownVerb && valued && p.actions.length > start) p.lastVerbless = { clause, actions: p.actions.slice(start) };
  const acting = groups.filter((g) => g.to > g.from);
  const reading = (g: { from: number; to: number }, label: string) => ({ label: `${clause.trim()} (${label})`, actions: p.actions.slice(g.from, g.to) });
  if ((device.unsure || several.unsure) && unknown.length === 0) {
    // ("Scan" in robot1's group and in robot2's: each choice says which, "robot1 / Scan".)
    const shown = (d: VirtualDisplay): string => p.state.live().some((x) => x !== d && x.name === d.name) && d.groupPath.length > 0 ? `${d.groupPath.join(' / ')} / ${d.name}` : d.name;
    const each = acting.map((g) => reading(g, g.target.displays.map(shown).join(', ')));
    const all = several.unsure && acting.length > 1 ? [reading({ from: start, to: p.actions.length }, `all: ${acting.map((g) => shown(g.target.displays[0]!)).join(', ')}`)] : [];
    offerEachReading(p, p.actions.slice(start), [...each.slice(0, MAX_READINGS_OFFERED - all.length), ...all],
      `"${clause.trim()}" could mean ${targets.map((t) => t.displays.map(shown).join(', ')).join(' or ')}; nothing was changed for it, each is offered as a choice`);
    return;
  }
  // One value and two things it could belong to ("make the grid under the laser blue"): neither is changed; each is
  // offered as a choice of its own. (A list — "the laser and the grid blue" — is split into clauses before this.)
  if (valued && usable && unknown.length === 0 && acting.length >= 2 && (verb === 'set' || verb === 'show')) {
    const named = (g: { target: Target }): string => g.target.displays.map((d) => d.name).join(', ') || (g.target.spec?.name ?? g.target.phrase);
    offerEachReading(p, p.actions.slice(start), acting.map((g) => reading(g, `only ${named(g)}`)),
      `"${clause.trim()}" could mean ${acting.map(named).join(' or ')}; nothing was changed for it, each is offered as a choice`);
    return;
  }
  // "global plan: show each pose as axes": a clause that changes a display it names and also adds one of a type it names
  // uses that type's word to describe the change, most likely; the new display is offered as a choice, never added.
  const adds = acting.filter((g) => p.actions.slice(g.from, g.to).some((a) => a.action === 'add_display'));
  if (usable && unknown.length === 0 && adds.length > 0 && acting.some((g) => g.existing && p.actions.slice(g.from, g.to).some((a) => a.action === 'set_property')) && !tokens.some((w) => ADD_WORDS.has(w))) {
    const typeNames = adds.map((g) => g.target.spec?.name ?? g.target.phrase);
    offerEachReading(p, adds.flatMap((g) => p.actions.slice(g.from, g.to)), [{ label: `${clause.trim()} (and add ${typeNames.map((n) => `a ${n} display`).join(', ')})`, actions: adds.flatMap((g) => p.actions.slice(g.from, g.to)) }],
      `"${clause.trim()}" changes ${acting.filter((g) => g.existing && !adds.includes(g)).flatMap((g) => g.target.displays.map((d) => d.name)).join(', ')} and names ${typeNames.join(', ')}, which has no display; adding one is offered as a choice, not applied`);
  }
  // "trun the Route back on and make it yellow": a clause about what a held clause named is held with it.
  if (!usable && afterHeld && unknown.length === 0 && p.actions.length > start) {
    for (const a of p.actions.slice(start)) (p.held ??= new Set()).add(a);
    p.lastHeld = true;
    p.notes.push(`"${clause.trim()}" is about what the clause before named, which was not applied; it is offered with it as a choice`);
    return;
  }
  if (unknown.length > 0) {
    // The precision gate: what a clause with a word nothing accounts for would do is offered as a choice, not applied.
    const held = p.actions.slice(start);
    holdAskedBefore(p, targets, start);
    p.lastHeld = held.length > 0;
    for (const a of held) (p.held ??= new Set()).add(a);
    p.notes.push(`did not understand ${unknown.map((w) => `"${w}"`).join(', ')} in "${clause.trim()}"; ${held.length > 0 ? 'what the rest of it says is offered as a choice, not applied' : 'nothing was changed for it'}`);
  }
}

/** The choice settings (enums) a clause names by their words but with none of their values, each with what it takes. */
function namedChoicesUnset(p: Planner, targets: readonly Target[], clause: string): string[] {
  const notes: string[] = [];
  for (const t of targets) {
    const spec = t.spec ?? t.displays[0]?.spec;
    if (!spec) continue;
    const matches = p.ctx.catalog.propertyForWords(spec, clause);
    for (const m of matches) {
      if (m.via !== 'words' || m.property.kind !== 'enum' || matches.some((x) => x.property.path === m.property.path && x.value !== undefined)) continue;
      notes.push(`${t.displays[0]?.name ?? spec.name}: ${m.property.path} takes ${(m.property.values ?? []).join(', ')}; nothing was changed`);
    }
  }
  return [...new Set(notes)];
}

/**
 * A clause not understood holds what the request asked before of the same displays ("X is too thin, bump its line
 * widht to 0.08"): half of what was asked of a display is never applied; it is offered with the rest as a choice.
 */
function holdAskedBefore(p: Planner, targets: readonly Target[], before = p.actions.length): void {
  const same = new Set(targets.flatMap((t) => t.displays).map((d) => p.state.handle(d)));
  for (const a of p.actions.slice(0, before)) if (a.display !== '' && same.has(a.display)) (p.held ??= new Set()).add(a);
}

/** Whether words are only a verb, a switch word and filler ("hide", "off please"). */
function bareOrder(words: string): boolean {
  const tokens = tokenize(words);
  const verb = findVerb(tokens, []);
  return tokens.every((w, k) => FILLER.has(w) || w === 'on' || w === 'off' || (verb !== undefined && k >= verb.span.start && k < verb.span.start + verb.span.length));
}

/** Words that name no display, type, topic or robot, hold no value and no verb ("Quick one before the demo"). */
function namesNothing(p: Planner, words: string): boolean {
  const tokens = tokenize(words);
  return tokens.length > 0 && findVerb(tokens, []) === undefined && !valuedClause(words, tokens) && namespaceOf(p, tokens) === undefined
    && globalOptionWord(words) === undefined && resolveTargets(p, words, tokens, []).length === 0;
}

/** `followUp`: the targets come from an earlier clause or turn ("undo that and use spheres"), which may add them. */
function applyVerb(p: Planner, verb: Verb, t: Target, clause: string, tokens: string[], masked: Span[], followUp = false): void {
  const spec = t.spec;
  if (verb === 'hide' || verb === 'remove') {
    // "the camera display" when the camera is shown by an Image display named "Camera Image": existing displays first.
    if (t.displays.length === 0 && spec) t.displays = byNameOrTopic(p, spec, t.phrase, t.ns, t.within);
    // "hide the TF names", "camera normalise off" set a switch of the display, not the display (by the type of the
    // display meant); "drop tf frames not updated in 3 s" sets a number.
    const own = t.displays[0]?.spec ?? spec;
    if (own) {
      let found = propertySettings(p, t.displays[0], own, clause, masked, tokens).settings;
      // ("the tf arrows are cluttering everything, turn them off": "them" is the part the clause before said of it.)
      if (found.length === 0 && p.statedBefore && tokens.some((w) => BACK_POINTERS.has(w))) {
        const said = propertySettings(p, t.displays[0], own, p.statedBefore, [], tokenize(p.statedBefore)).settings;
        if (said.length > 0 && said.every((x) => own.properties.find((y) => y.path === x.path)?.kind === 'bool')) found = said;
      }
      const kindOf = (path: string): string | undefined => own.properties.find((x) => x.path === path)?.kind;
      // ("ditch the arrows on the tf frames": a switch named is switched off, the display stays.)
      const bools = found.filter((s) => kindOf(s.path) === 'bool');
      const numbers = numbersIn(clause).length > 0 ? found.filter((s) => kindOf(s.path) === 'int' || kindOf(s.path) === 'float') : [];
      if (bools.length || numbers.length) {
        for (const d of targetsOrAdd(p, t, false)) {
          for (const s of bools) p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: s.path, value: 'false' }));
          for (const s of numbers) { p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: s.path, value: s.value })); d.planProps.set(s.path, s.value); }
        }
        if (t.displays.length === 0) p.notes.push(`no ${own.name} display to change`);
        return;
      }
    }
    // "drop the laser to 0.5": a value the verb brings it to is a setting no one named; never a removal or a hide.
    if (/\b(?:to|down\s+to|at)\s+-?\.?\d/i.test(clause) && numbersIn(clause).length > 0) {
      p.notes.push(`"${clause.trim()}": which setting of ${t.displays.map((d) => d.name).join(', ') || t.phrase} should be ${numbersIn(clause)[0]!.value}? nothing was changed`);
      return;
    }
    if (t.displays.length === 0) {
      // "hide robot2's plan" when only robot1 has one: there is none for robot2, whatever the other robot shows.
      const elsewhere = t.ns && spec ? p.state.live().filter((d) => d.classId === spec.classId && !belongsTo(d, t.ns!)) : [];
      p.notes.push(`no ${spec?.name ?? t.phrase} display${t.ns ? ` of ${t.ns} ("${t.phrase}")` : ''}${t.within ? ` in ${t.within.map((g) => g.name).join(', ')}` : ''} to ${verb}${elsewhere.length ? `; only ${elsewhere.map((d) => d.name).join(', ')} of another robot, left as it is` : ''}`);
      return;
    }
    if (verb === 'remove' && t.displays.length > 1 && !t.plural) {
      p.notes.push(`"${t.phrase}" matches several displays (${t.displays.map(placed).join(', ')}); say which one to remove, or say "all"`);
      return;
    }
    for (const d of t.displays) {
      if (verb === 'remove') { p.actions.push(act({ action: 'remove_display', display: p.state.handle(d) })); d.removed = true; }
      else if (d.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'false' })); d.enabled = false; }
      else p.notes.push(`${d.name} is already hidden`);
      if (verb === 'hide') (p.hiddenHere ??= new Set()).add(d);
    }
    return;
  }
  // A range on a plugin display: a Min/Max pair of its own document keys ("voxels height limits 0 to 2.5").
  if (!spec && t.displays.length > 0 && (verb === 'show' || verb === 'set') && pluginRanges(p, t.displays, clause, tokens)) return;
  // "robot2's decay 1 s": of a robot's displays, the one that has the setting named is meant.
  if (!spec && t.displays.length > 0 && (verb === 'show' || verb === 'set') && (colourIn(clause) !== undefined || numbersIn(clause).length > 0)) {
    const owning = t.displays.filter((d) => d.spec && p.ctx.catalog.propertyForWords(d.spec, clause).some((m) => m.via === 'words'));
    if (owning.length === 1) return applyVerb(p, 'set', { ...t, spec: owning[0]!.spec, displays: owning }, clause, tokens, masked, followUp);
  }
  if (!spec && t.displays.length > 0 && verb === 'show') {
    for (const d of t.displays) if (!d.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' })); d.enabled = true; }
    // "the particle swarm arrows in blue" on a plugin display: the catalog does not know its settings, so none is guessed.
    if (colourIn(clause) !== undefined || numbersIn(clause).length > 0 || Boolean(anyPhrase(tokens, [...BIGGER, ...SMALLER]))) {
      for (const d of t.displays) if (!d.spec) p.notes.push(unknownSettingsNote(d));
      // ("robot2's arrows red": what is named is several kinds of display, none of which the words pick.)
      const known = t.displays.filter((d) => d.spec);
      if (known.length > 0) p.notes.push(`"${clause.trim()}" could mean ${known.map((d) => d.name).join(' or ')}; which one is not clear, so nothing was changed`);
    }
    return;
  }
  // "make the imu red" on a plugin display: a change the catalog cannot make, said as such.
  if (!spec && t.displays.length > 0 && t.displays.every((d) => !d.spec)) {
    for (const d of t.displays) p.notes.push(unknownSettingsNote(d));
    return;
  }
  if (!spec) {
    const info = t.topics[0] ? p.ctx.topicByName.get(t.topics[0]) : undefined;
    p.notes.push(info ? `no RViz display shows ${info.name} (${info.type})` : `do not know which display shows ${t.phrase}`);
    return;
  }
  // Only show/add verbs add a display; a change ("make the sonar red") needs one that exists.
  const mayAdd = verb === 'show' || (verb === 'set' && followUp);
  if (!mayAdd && t.displays.length === 0) t.displays = byNameOrTopic(p, spec, t.phrase, t.ns, t.within);
  if (!mayAdd && t.displays.length === 0) {
    p.notes.push(`there is no ${spec.name} display${t.ns ? ` of ${t.ns}` : ''}${t.within ? ` in ${t.within.map((g) => g.name).join(', ')}` : ''} to ${verb === 'rename' ? 'rename' : 'change'}; say "show the ${t.phrase}" (or "add ${/^[aeiou]/i.test(spec.name) ? 'an' : 'a'} ${spec.name} display") to add one`);
    return;
  }
  const displays = targetsOrAdd(p, t, mayAdd);
  const shown = new Set<VirtualDisplay>();
  for (const d of displays) {
    // A change to a hidden display shows it, unless this request hid it ("hide the laser and make it red", "don't
    // enable it, just set it to keep 10 arrows") or it is only renamed.
    const keptHidden = verb !== 'show' && p.hiddenHere?.has(d) === true;
    if (!d.added && !d.enabled && verb !== 'rename' && !keptHidden) {
      const show = act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' });
      p.actions.push(show);
      (p.implicitShows ??= new Set()).add(show);
      d.enabled = true;
      shown.add(d);
    }
    const { settings, unclear, questions } = propertySettings(p, d, d.spec ?? spec, clause, masked, tokens);
    const settingsAt = p.actions.length;
    for (const s of settings) {
      p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: s.path, value: s.value }));
      d.planProps.set(s.path, s.value);
    }
    // A setting the clause names but gives no value for, beside one it set: the value may be the named one's, so what
    // was set is offered as a choice, not applied ("which value for Cell Size?").
    // (Only a number setting left without one; one that shares a word with what was set — "force arrows in green" names
    // Force Arrow Scale and Force Color — was named by that word, not asked for.)
    const pathWords = (path: string): string[] => tokenize(path).filter((w) => !['color', 'colour', 'size', 'value', 'min', 'max', 'show'].includes(w));
    const setWords = new Set(settings.flatMap((x) => pathWords(x.path)));
    const numericUnset = unclear.filter((u) => ['int', 'float'].includes(spec.properties.find((x) => x.path === u)?.kind ?? '') && !pathWords(u).some((w) => setWords.has(w)));
    if (numericUnset.length > 0 && settings.length > 0 && questions.length === 0) {
      for (const a of p.actions.slice(settingsAt)) (p.held ??= new Set()).add(a);
      p.notes.push(`${d.name}: "${clause.trim()}" names ${numericUnset.join(', ')} with no value of its own; what it would set is offered as a choice, not applied`);
      continue;
    }
    p.notes.push(...questions);
    if (questions.length > 0) continue;
    const switched = TOGGLE_WORDS.some((w) => tokens.includes(w));
    if (unclear.length && settings.length === 0) p.notes.push(`${d.name}: which value for ${unclear.join(', ')}?`);
    // "toggle the camera": with no switch of it named, the display itself is switched.
    else if (settings.length === 0 && !d.added && !shown.has(d) && tokens.includes('toggle')) {
      p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: String(!d.enabled) }));
      d.enabled = !d.enabled;
    } else if (settings.length === 0 && !d.added && !shown.has(d) && verb === 'set' && !switched && tokens.some((w) => SHOWN_WORDS.has(w) || GONE_WORDS.has(w))) {
      // "make TF on" (Portuguese "deixa o TF ligado"): on, as it is; "make Bits disappear": hidden.
      if (tokens.some((w) => GONE_WORDS.has(w))) {
        p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'false' }));
        d.enabled = false;
      } else p.notes.push(`"${d.name}" is already shown${displayTopic(d) ? ` (${displayTopic(d)})` : ''}`);
    } else if (settings.length === 0 && !d.added && !shown.has(d) && (verb !== 'show' || switched)) {
      // A change with nothing understood to change ("give the map some love") is never turned into a repair.
      p.notes.push(`did not understand what to change on ${d.name} in "${clause.trim()}"; nothing was changed`);
    } else if (settings.length === 0 && !d.added && !shown.has(d) && fixDisplay(p, d) === 0) {
      p.notes.push(`"${d.name}" is already shown${displayTopic(d) ? ` (${displayTopic(d)})` : ''}`);
    }
  }
}



/**
 * The previous clause's targets, when this clause names only types that have no display here and whose words are a
 * switch of those targets ("tf names, no axes": Show Axes of the TF, not an Axes display).
 */
function switchOfPrevious(p: Planner, clause: string, tokens: string[], targets: readonly Target[]): Target[] | undefined {
  // A display of that type exists: only a clause with no verb of its own ("tf names, no axes") still means the switch.
  if (targets.length === 0 || p.last.length === 0 || targets.some((t) => !t.span || (t.displays.length > 0 && findVerb(tokens, []) !== undefined))) return undefined;
  // A value ("axes red", "axes 2 m") is for a display, not a switch.
  if (valuedClause(clause, tokens)) return undefined;
  if (tokens.some((w) => ADD_WORDS.has(w))) return undefined;
  // After "hide the tf" (a display hidden or removed), a switch reading would change what was just taken away.
  const owners = p.last.filter((t) => t.spec !== undefined && t.displays.length > 0 && t.displays.every((d) => d.enabled && !d.removed));
  if (owners.length === 0) return undefined;
  const isSwitch = (t: Target): boolean => owners.every((o) => o.spec!.properties.some((x) => x.kind === 'bool'
    && (x.words ?? []).some((w) => { const at = hasPhrase(tokens, w); return at !== undefined && at.start <= t.span!.start && at.start + at.length >= t.span!.start + t.span!.length; })));
  return targets.every(isSwitch) ? owners : undefined;
}

/** Sets a range on plugin displays through their own Min/Max keys; whether the clause was a range for them. */
function pluginRanges(p: Planner, displays: VirtualDisplay[], clause: string, tokens: readonly string[]): boolean {
  const range = quantitiesOf(numbersIn(clause), clause).find((q) => q.to !== undefined);
  if (!range) return false;
  const found = displays.map((d) => ({ d, r: pluginRange(d, tokens, range) }));
  if (found.some((x) => x.r === undefined)) return false;
  for (const { d, r } of found) {
    if (r && 'question' in r) { p.notes.push(r.question); continue; }
    for (const s of r!.settings) { p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: s.path, value: s.value })); d.planProps.set(s.path, s.value); }
    if (!d.enabled) { p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' })); d.enabled = true; }
  }
  return true;
}

/**
 * Displays a type word may mean when no display of that type exists: the one display whose name holds every word of
 * the phrase and that shows a topic the type could show ("camera" → the Image display "Camera Image" on /camera/image_raw).
 */
function byNameOrTopic(p: Planner, spec: DisplayTypeSpec, phrase: string, ns?: string, within?: VirtualDisplay[]): VirtualDisplay[] {
  const want = tokenize(phrase);
  const topics = new Set(topicsForSpec(p.ctx, spec).map((t) => t.name));
  const found = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && want.every((w) => tokenize(splitCamel(d.name)).includes(w)) && topics.has(displayTopic(d))
    && (ns === undefined || belongsTo(d, ns)) && (within === undefined || insideAny(d, within)));
  return found.length === 1 ? found : [];
}

/** The one verb of the last applied turn when all it did was hide, show or remove displays; else undefined. */
function lastTurnVerb(p: Planner): Verb | undefined {
  const acts = lastAppliedTurn(p)?.actions ?? [];
  if (acts.length === 0) return undefined;
  if (acts.every((a) => a.action === 'remove_display')) return 'remove';
  if (!acts.every((a) => a.action === 'set_enabled' && a.value === acts[0]!.value)) return undefined;
  return acts[0]!.value === 'false' ? 'hide' : 'show';
}

/** "now the other robot", "same for robot2": the last request again, in the other namespace. */
function replayForNamespace(p: Planner, text: string): boolean {
  const tokens = tokenize(text);
  const ns = namespaceOf(p, tokens);
  const lastTurn = p.history[p.history.length - 1];
  if (!ns || !lastTurn) return false;
  const rest = tokens.filter((t) => !FILLER.has(t) && t !== ns.toLowerCase() && !['other', 'robot', 'second', 'another', 'too', 'same', 'now', 'for', 'do', 'one'].includes(t));
  if (rest.length > 0) return false;
  const from = lastNamespace(p);
  if (from && replayTranslated(p, lastTurn, from, ns)) return true;
  let replay = lastTurn.request;
  if (from) replay = replay.replace(new RegExp(`\\b${from}\\b`, 'gi'), ns);
  if (!new RegExp(`\\b${ns}\\b`, 'i').test(replay)) replay = `${replay} on ${ns}`;
  for (const c of clauses(replay)) handleClause(p, c);
  return true;
}

/** The last word of a clause that is not filler ("…red" of "the depth cloud red"). */
const lastWord = (clause: string): string | undefined => tokenize(clause).filter((t) => !FILLER.has(t)).pop();

type OfflineInput = Pick<ProposalInput, 'request' | 'context' | 'history' | 'undoContext'>;

/** One reading planned: the proposal, the English it read, and what the choices start from. */
interface Reading extends Proposal {
  /** The request as English (translated when it was not), before any rewrite. */
  read: string;
  unknown: string[];
  /** Numbers nothing used. */
  leftOut?: string[];
  percentReadings: string[];
  questions: Question[];
  /** Every action, the held ones (clauses the parse was unsure of) among them in order; `actions` holds the sure ones. */
  all: unknown[];
  /** Held readings, one per target a value could belong to. */
  alternatives: { label: string; actions: unknown[] }[];
}

/** At most this many other readings are planned to find the plan's choices. */
const MAX_READINGS = 6;

/**
 * The offline planner: the request's one sure reading as the plan, and — when a word was a guess ("darker"), a near
 * miss of a known word ("trasparent"), a number out of range that fits as a share, or a question that may stand for a
 * change — the other readings that plan to something, as choices (never applied).
 */
export function planOffline(input: OfflineInput): Proposal {
  const main = readRequest(input);
  const { read, unknown, leftOut, percentReadings, questions, all, alternatives, ...proposal } = main;
  const names = nameWords(input.context);
  const english = read.trim() === input.request.trim();
  const replaceWord = (word: string, by: string): string => read.replace(new RegExp(`(?<![\\w-])${escapeRegExp(word)}(?![\\w-])`, 'i'), by);
  // Each unknown word's near misses, and whether it reads one as a slip of the keys. (In a request of another language
  // only a name's word can be slipped on: its own words are no English.)
  const near = [...new Set(unknown)].map((word) => ({ word, known: nearMisses(input.context.catalog, word, names) }));
  const slipOf = (word: string, known: string): boolean => typingSlip(word, known) && (english || names.has(known));
  const readings: { label: string; text: string; slip?: boolean }[] = [
    ...questions.filter((q) => q.statement.trim() !== '').map((q) => ({ label: q.statement, text: q.statement })),
    ...guessesIn(read, names).flatMap((g) => g.readings.map((r) => ({ label: r, text: r }))),
    ...near.flatMap(({ word: w, known }) => known.map((k) => ({ label: replaceWord(w, k), text: replaceWord(w, k), slip: slipOf(w, k) }))),
    ...percentReadings.map((n) => ({ label: replaceWord(n, `${n} %`), text: replaceWord(n, `${n} %`) })),
  ].filter((r, i, all) => r.text !== read && all.findIndex((x) => x.text === r.text) === i).slice(0, MAX_READINGS);
  const choices: { label: string; actions: unknown[] }[] = [];
  // A value that could belong to either of two targets: the sure actions with each target's own, one choice each.
  for (const alt of alternatives) choices.push({ label: alt.label, actions: [...proposal.actions, ...alt.actions] });
  // The precision gate's reading: the request without the words nothing accounts for, the held clauses acting too.
  if (alternatives.length === 0 && all.length > proposal.actions.length) choices.push({ label: withoutWords(read, [...unknown, ...(leftOut ?? [])]), actions: all });
  let misspelt = false;
  for (const r of readings) {
    const other = readRequest({ ...input, request: r.text });
    if (other.actions.length > 0 && other.unknown.length === 0 && other.questions.length === 0) {
      choices.push({ label: r.label, actions: other.actions });
      misspelt ||= r.slip === true && other.actions.length > proposal.actions.length;
    }
  }
  // A slip of the keys that would change something ("make the local plan yelow and hide the costmap"): the request is
  // one change, so none of it is applied on a guess; the whole of it with the word read, or its sure part alone, is a
  // tap.
  if (misspelt && proposal.actions.length > 0 && proposal.undoFirst !== true) {
    const spelt = near.filter((n) => n.known.some((k) => slipOf(n.word, k))).map((n) => n.word);
    choices.push({ label: `${read.trim()} (leaving out ${spelt.map((w) => `"${w}"`).join(', ')})`, actions: proposal.actions });
    proposal.notes.push(`${spelt.map((w) => `"${w}"`).join(', ')} may be misspelt; nothing of the request was applied`);
    proposal.actions = [];
  }
  if (choices.length > 0) proposal.notes.push(`not sure what was meant; ${choices.length === 1 ? 'one reading is' : `${choices.length} readings are`} offered as ${choices.length === 1 ? 'a choice' : 'choices'}, applied only when picked`);
  return { ...proposal, ...(choices.length > 0 ? { choices } : {}) };
}


/**
 * "costmaps: drop the global one, keep the local": a group's name before a colon, ahead of words that pick among its
 * displays ("the global one", "everything except …"), is where they are, as "in Costmaps, …" is; the group
 * itself is not what changes.
 */
function groupColonScope(p: Planner, text: string): string {
  return text.replace(/(^|[.;!?]\s*)([A-Za-z][\w -]*?)\s*:\s*(?=([^.;!?]*))/g, (match, lead: string, name: string, rest: string) => {
    const group = p.state.live().find((d) => d.classId === 'rviz_common/Group' && looseDisplayName(d.name) === looseDisplayName(name));
    return group && /\b(?:ones?|everything|all|rest|except)\b/i.test(rest) ? `${lead}in ${group.name}, ` : match;
  });
}

/** "halve it", "double them", "a tenth of that", "make it 0.02": a clause that says by how much, or to what. */
function saysHowMuch(clause: string): boolean {
  return /\b(?:halve|double|triple|quadruple)\b/i.test(clause) || SHARE_ONLY.test(clause.trim()) || SHARE_OF_THAT.test(clause.trim()) || numbersIn(clause).length > 0;
}

/** Words of how far a comparative goes ("way smaller", "a bit bigger"). */
const DEGREE_WORDS: ReadonlySet<string> = new Set(['way', 'far', 'much', 'bit', 'little', 'lot', 'too', 'so', 'really', 'very', 'still', 'kind', 'kinda', 'of', 'a']);
/** Single-word comparatives ("smaller", "thicker"). */
const COMPARATIVE_WORDS: ReadonlySet<string> = new Set([...BIGGER, ...SMALLER].filter((w) => !w.includes(' ')));

/**
 * "robot1's plan is red", "its squares are 10 cm": a clause that says a display is what it already is, with "is" and no
 * verb, describes it; setting the same value again is no change asked, so none is made (it would also stand in the way
 * of the change the request goes on to ask for).
 */
function restatedAsIs(p: Planner, clause: string, start: number): void {
  const tokens = tokenize(clause);
  if (p.actions.length === start || !tokens.some((t) => COPULAS.has(t)) || findVerb(tokens, []) !== undefined) return;
  const made = p.actions.slice(start);
  const same = (a: RvizAction): boolean => {
    if (a.action !== 'set_property') return false;
    const found = p.state.find(a.display);
    if (!found.ok || found.display.added) return false;
    const before = p.state.valueBefore(found.display, a.property);
    // ("0.10" is 0.1; "255;0;0" is "255; 0; 0".)
    return before !== undefined && before.trim() !== '' && (before.replace(/\s/g, '') === a.value.replace(/\s/g, '') || (Number.isFinite(Number(before)) && Number(before) === Number(a.value)));
  };
  if (!made.every(same)) return;
  for (const a of made) {
    const found = p.state.find(a.display);
    if (found.ok) found.display.planProps.delete(a.property);
  }
  p.actions.splice(start);
  p.notes.push(`"${clause.trim()}" says how it is already; nothing was changed for it`);
}

/**
 * "enable the odometry covariance, but only for robot 2", "make the scan red, only on robot1": a clause that only
 * narrows the one before to a robot is part of it (alone, "only robot2" would hide every other display).
 */
function restrictionsJoined(p: Planner, parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const m = /^\s*(?:but|and)?\s*(?:only|just)\s+(?:for|on|in|of|with)\s+(?:the\s+)?(.+?)\s*[.!]?\s*$/i.exec(part);
    const said = m ? tokenize(m[1]!) : [];
    const robot = m ? namespaceOf(p, said) : undefined;
    if (out.length > 0 && robot !== undefined && said.every((w) => FILLER.has(w) || w === robot.toLowerCase())) {
      out[out.length - 1] = `${out[out.length - 1]!.trim()} ${part.trim().replace(/^(?:but|and)\s+/i, '')}`;
      continue;
    }
    out.push(part);
  }
  return out;
}

/** "in robot2, turn off Scan", "In Alpha, make the Laser points 5 cm": a clause that only says where is the next one's. */
function scopesJoined(parts: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    // ("in the Costmaps group, …" stays a clause of its own: what it names is what "the local one" after it is among.)
    // (…except before "everything except …", which the group scopes: "In the Costmaps group, hide everything except …".)
    const exceptNext = /\b(?:everything|all)\b.*\b(?:except|apart\s+from|other\s+than|besides)\b/i.test(parts[i + 1] ?? '');
    const scope = /^\s*(?:in|inside|within)\s+(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}\s*$/i.test(parts[i]!) && (!/\bgroup\s*$/i.test(parts[i]!) || exceptNext)
      && findVerb(tokenize(parts[i]!), []) === undefined;
    if (scope && i + 1 < parts.length) parts[i + 1] = `${parts[i]!.trim()} ${parts[i + 1]!.trim()}`;
    else out.push(parts[i]!);
  }
  return out;
}

/**
 * "add sensor 12's temperature to the Thermal group", "add cam 5's feed next to the other cameras": the group of the
 * document a clause that adds names as the place, and the clause without those words. Only a verb of adding names one.
 */
function groupToAddInto(p: Planner, clause: string): { clause: string; group?: VirtualDisplay } {
  if (!/\b(?:add|put|create)\b/i.test(clause)) return { clause };
  // ("…in the group Thermal", as French and Spanish put it: "dans le groupe Thermal".)
  const forms = [/\s+(?:to|into|in|inside|under)\s+(?:the\s+)?(.+?)\s+group\b/i, /\s+(?:to|into|in|inside|under)\s+(?:the\s+)?group\s+(?:called\s+|named\s+)?(.+?)(?=$|[.,;!?])/i,
    /\s+(?:next\s+to|with|beside|alongside)\s+(?:the\s+)?(?:other\s+)?(.+?)(?=$|[.,;!?])/i,
    // ("add camera 40 to Cameras": a group's own name after "to", with no word "group".)
    /\s+(?:to|into|inside|under)\s+(?:the\s+)?(.+?)(?=$|[.,;!?])/i];
  for (const re of forms) {
    const m = re.exec(clause);
    if (!m) continue;
    const words = tokenize(m[1]!).map(singular).join(' ');
    const groups = p.state.live().filter((d) => isVirtualGroup(d) && tokenize(d.name).map(singular).join(' ') === words);
    if (groups.length === 1) return { clause: clause.slice(0, m.index) + clause.slice(m.index + m[0].length), group: groups[0] };
  }
  // ("add the rear lidar next to the front one": beside a display, not a group, only says where it goes in the list,
  // which RViz does not keep by meaning; what it names is no target of the clause. Beside one display inside a group,
  // "add sensor 250's temperature next to rack seven", it goes into that group.)
  const beside = /\s+(?:next\s+to|beside|alongside)\s+(?:the\s+)?(?:other\s+)?(.+?)(?=$|[.,;!?])/i.exec(clause);
  if (beside) {
    const words = tokenize(beside[1]!).map(singular).join(' ');
    const named = p.state.live().filter((d) => !isVirtualGroup(d) && tokenize(d.name).map(singular).join(' ') === words);
    const group = named.length === 1 && named[0]!.parent !== undefined && isVirtualGroup(named[0]!.parent) ? named[0]!.parent : undefined;
    return { clause: clause.slice(0, beside.index) + clause.slice(beside.index + beside[0].length), ...(group ? { group } : {}) };
  }
  return { clause };
}

/** "make it less transparent", "give it the same alpha…": a clause led by a verb of its own that points back. */
function changesWhatItPointsAt(clause: string): 'pointer' | 'value' | undefined {
  const tokens = tokenize(clause);
  const verb = findVerb(tokens, []);
  if (verb !== undefined && verb.verb === 'set' && tokens.slice(0, verb.span.start).every((t) => FILLER.has(t) || ORDER_LEADS.has(t))
    && tokens.slice(verb.span.start + verb.span.length).some((t) => BACK_POINTERS.has(t) || t === 'its')) return 'pointer';
  // "…, halve them", "double it": a factor verb on what the clause before named.
  // (…or alone: "…, halbier die mal" read as "…, halve".)
  const content = tokens.filter((t) => !FILLER.has(t) && !ORDER_LEADS.has(t));
  if (verb === undefined && ['halve', 'double', 'triple'].includes(content[0] ?? '') && (tokens.some((t) => BACK_POINTERS.has(t)) || content.length === 1)) return 'pointer';
  // "…, a tenth of that", "…, half of what it is now": a share of what the clause before named.
  if (SHARE_ONLY.test(clause.trim()) || SHARE_OF_THAT.test(clause.trim())) return 'pointer';
  // "…, take its alpha from 0.3 up to 0.5": a value written out for what "its" points back at.
  if (tokens.includes('its') && (numbersIn(clause).length > 0 || colourIn(clause) !== undefined)) return 'pointer';
  // "…are too fat — width 0.1": a short clause with no verb that writes a value out.
  return verb === undefined && tokens.length <= 4 && numbersIn(clause).length > 0 ? 'value' : undefined;
}

/** "a second odometry display": a second one of a kind, not a time ("for half a second", "wait a second"). */
function secondOne(tokens: readonly string[]): boolean {
  const at = hasPhrase(tokens, 'a second');
  if (at === undefined) return false;
  const next = tokens[at.start + at.length];
  return next !== undefined && !['or', 'and', 'so', 'then', 'please', 'later', 'ago', 'before', 'after'].includes(next)
    && !['half', 'for', 'every', 'per', 'in', 'within', 'than', 'wait', 'about', 'over', 'under'].includes(tokens[at.start - 1] ?? '');
}

/** "…, but make them red": a clause led by a verb of its own (not one that hides or removes) that points back. */
function changesItByVerb(clause: string): boolean {
  const tokens = tokenize(clause);
  const verb = findVerb(tokens, []);
  return verb !== undefined && !['hide', 'remove'].includes(verb.verb) && tokens.slice(0, verb.span.start).every((t) => FILLER.has(t) || ORDER_LEADS.has(t))
    && tokens.slice(verb.span.start + verb.span.length).some((t) => BACK_POINTERS.has(t) || t === 'its');
}

/** The request without the words the parse could not place ("hide the wobbly grid" → "hide the grid"). */
function withoutWords(read: string, words: readonly string[]): string {
  // (Held for another reason than an unknown word, as "don't change anything": the request as it is.)
  if (words.length === 0) return read.trim();
  let out = read;
  for (const w of new Set(words)) out = out.replace(new RegExp(`(?<![\\w-])${escapeRegExp(w)}(?![\\w-])\\s*`, 'gi'), '');
  out = out.replace(/\s{2,}/g, ' ').trim();
  return out === read.trim() || out === '' ? `${read.trim()} (without ${[...new Set(words)].map((w) => `"${w}"`).join(', ')})` : out;
}

/** A planner with nothing planned yet on a context: the one a request is read with, or a probe that only looks. */
function newPlanner(ctx: PlanContext, history: OfflineInput['history']): Planner {
  return { ctx, state: new PlanState(ctx), actions: [], notes: [], history, last: [] };
}

function readRequest(input: OfflineInput): Reading {
  let text = input.request.trim();
  let undoFirst = false;
  // Another language: read through its lexicon as English; words no lexicon covers in a CJK request stop the plan.
  // A new name is a name, in any language ("rename the camera image to Caméra couleur"): when the rest of the sentence
  // is English, it is not read through a lexicon.
  const newName = delimitedNewName(text) ?? capitalisedCallName(text);
  const english = newName !== undefined && !translate(text.replace(newName, ' '), vocabulary(input.context.catalog));
  const translation = english ? undefined : translate(text, vocabulary(input.context.catalog));
  if (translation) {
    if (translation.unknown.length > 0) {
      return { actions: [], notes: [`read as ${translation.name}; did not understand ${translation.unknown.map((u) => `"${u}"`).join(', ')}, so nothing was planned`], read: text, unknown: [], percentReadings: [], questions: [], all: [], alternatives: [] };
    }
    text = translation.english;
    // ("線だけ0.06に太くして" read "line only 0.06 thicker": a value before its comparative, as Chinese and Japanese put
    // it, is the value to make it, not a difference.)
    if (LEXICONS.find((l) => l.language === translation.language)?.script === 'cjk') {
      text = text.replace(/(\d[\d.]*\s*(?:m|cm|mm|px|s)?)\s+(bigger|smaller|thicker|thinner|longer|shorter|wider|narrower|larger|more|less)\b/gi, '$2 $1');
    }
  }
  const read = text;
  // Questions never change the document: each sentence that asks is said back and offered to the assistant.
  // ("the laser dots are tiny. can you make them 0.08 m?": a sentence before a polite request is no part of it.)
  const sentences = text.split(/(?<=[?？])\s*|(?<=[a-z][.!])\s+(?=[a-z])/i).filter((x) => x.trim() !== '');
  let questions = sentences.map(questionOf).filter((q): q is Question => q !== undefined);
  // "what do I need to drive with Nav2?", "is amcl doing its job? set the screen up for that": a goal asked as a
  // question is the set-up it names.
  if (questions.length > 0 && !hidesNamed(text)) {
    const probe = newPlanner(input.context, input.history);
    if (findRecipe(probe, withoutTopicNames(text))) questions = [];
  }
  // A request beside a question is planned whole: the question names what "it" is ("where is the wheel? fix its
  // frame"), and a question clause with no verb of its own changes nothing (handleClause).
  if (questions.length > 0 && questions.length < sentences.length) text = sentences.map((x, i) => (i < sentences.length - 1 && /[?？]\s*$/.test(x) ? `${x.trim()}.` : x.trim())).join(' ');
  if (questions.length > 0 && questions.length === sentences.length) {
    text = '';
    {
      const asked = translation ? input.request.trim() : questions.map((q) => q.text).join(' ');
      return { actions: [], notes: [...(translation ? [`read as ${translation.name}: "${translation.english}"`] : []), `"${asked}" is a question: nothing was changed; ask the assistant`], question: asked, read, unknown: [], percentReadings: [], questions, all: [], alternatives: [] };
    }
  }
  // ("only the lidar" after settings made on the lidar and the points: undone, and made again on the lidar alone.)
  const onlyOn = onlyOnDisplay(input.history, text);
  if (onlyOn !== undefined) text = 'undo that';
  const displayNamed = (words: string, changed: readonly string[]): string | undefined => {
    if (colourIn(words) !== undefined) return undefined;
    const probe = newPlanner(input.context, input.history);
    const other = /\b(?:other|another)\b/i.test(words);
    const found = [...new Set(resolveTargets(probe, words.replace(/\b(?:the\s+)?(?:other|another)\b/gi, ' '), tokenize(words).filter((w) => w !== 'other' && w !== 'another'), []).flatMap((t) => t.displays))]
      .filter((d) => !other || !changed.includes(probe.state.handle(d)));
    return found.length === 1 ? probe.state.handle(found[0]!) : undefined;
  };
  text = undoFirstOrder(onlyRetarget(input.history, text) ?? meantOther(input.history, text, displayNamed) ?? text);
  // ("hmm, undo that and …", "ok, actually undo it": a word of hesitation may come first.)
  const lead = `^\\s*(?:(?:${HESITATIONS.join('|')})\\b[\\s,.!—–-]*)*`;
  const undo = UNDO_PHRASES.find((u) => new RegExp(`${lead}${u}\\b`, 'i').test(text));
  // After "undo that", the rest is planned against the document as the undo leaves it.
  const ctx = undo && input.undoContext ? input.undoContext() : input.context;
  const p: Planner = { ...newPlanner(ctx, input.history), ...(translation ? { translated: true } : {}) };
  p.noting = opensWithNoting(tokenize(text));
  p.fixedFrameNamed = /\bfixed\s+frame\b/i.test(text);
  p.nothingElse = /\bnothing\s+else\b/i.test(text);
  p.qosOnly = /\b(?:fix|repair|correct)\s+(?:the\s+|its\s+)?qos\s+only\b|\b(?:only|just)\s+(?:fix\s+)?(?:the\s+|its\s+)?qos\b/i.test(text);
  // (Also a sentence that only ends on a question mark: "la ruta no se ve, ¿por qué?".)
  // (…but not one that asks for the repair itself: "Front Lidar shows nothing, can you fix it?", "… – fix?".)
  const asksRepair = (x: string): boolean => /(?:^|[\s,;:–—-])(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:fix|repair)(?:\s+(?:it|that|this|them))?(?:\s+please)?\s*[?？]\s*$/i.test(x);
  p.asked = [...questions.map((q) => q.text), ...sentences.filter((x) => /[?？]\s*$/.test(x) && !asksRepair(x))].map((x) => tokenize(x).join(' '));
  p.numberless = translation !== undefined && LEXICONS.find((l) => l.language === translation.language)?.script === 'cjk';
  p.nounFirst = translation !== undefined && ['es', 'fr', 'it', 'pt'].includes(translation.language);
  if (undo) {
    undoFirst = true;
    text = text.replace(new RegExp(`${lead}${undo}\\b[\\s,;.]*(?:and\\s+(?:then\\s+)?|then\\s+|instead\\s+)?`, 'i'), '');
    if (keptAfterUndo(p, text) || undoneAlone(p, text)) text = '';
    if (onlyOn !== undefined) remadeOn(p, onlyOn);
  }
  text = bothAsEveryRobot(namespacesNamed(text, ctx.namespaces), ctx.namespaces, (w) => ctx.catalog.typesForWords(w).length > 0);
  // "hide the other robot's scan": that robot's name, so "robot" is not read as a robot model to hide as well.
  if (ctx.namespaces.length > 1 && /\b(?:the\s+)?other\s+robot(?:['’]s)?\b/i.test(text)) {
    const named = ctx.namespaces.filter((n) => tokenize(text).includes(n.toLowerCase()));
    const used = named.length === 1 ? named[0] : named.length === 0 ? lastNamespace(p) : undefined;
    // (Only when it is one robot: with two robots named, or a third robot besides the one used, it is not clear.)
    const other = named.length > 1 || (used !== undefined && ctx.namespaces.length > 2) ? undefined : otherNamespace(p, used);
    if (other) text = text.replace(/\b(?:the\s+)?other\s+robot((?:['’]s)?)\b/gi, `${other}$1`);
  }
  // ("show the scans of both robots" stays a set-up per robot, which adds what a robot lacks.)
  const scoped = text;
  text = everyRobotAsScope(text, ctx.namespaces, (t) => numbersIn(t).length > 0 || ctx.catalog.typeMentions(t).some((m) => m.type.classId !== 'rviz_default_plugins/RobotModel' && ctx.catalog.propertyForWords(m.type, t).some((x) => x.via !== 'requires')));
  p.everyRobot = text !== scoped;
  // A new name is kept as written: numbers and spellings are read only outside it.
  const kept = delimitedNewName(text) ?? capitalisedCallName(text);
  const at = kept ? text.lastIndexOf(kept) : -1;
  // Words of names here (a display called "Tags") are never read as paraphrases.
  const names = nameWords(ctx);
  const vocab = vocabulary(ctx.catalog);
  const known = (w: string): boolean => vocab.has(w) || vocab.has(singular(w)) || names.has(w);
  // ("add camera 250's image" beside cam_0 … cam_99: a numbered device the robot does not have is said, nothing added.)
  const absentDevices = kept ? [] : missingNumberedDevices(ctx, text);
  if (absentDevices.length > 0) {
    const said = absentDevices.map((d) => `there is no ${d.phrase} (the robot numbers ${d.numbered} of them)`).join('; ');
    return { actions: [], notes: [...(translation ? [`read as ${translation.name}: "${translation.english}"`] : []), `${said}; nothing was changed`], read, unknown: [], percentReadings: [], questions: [], all: [], alternatives: [] };
  }
  const readable = (part: string): string => correctTypos(ctx, numberedDevices(ctx, rewriteParaphrases(bindDeviceNouns(ctx, rewriteConcepts(dropReplacedValues(explicitColours(part, known)), names)), names)));
  text = at >= 0 ? readable(text.slice(0, at)) + kept + readable(text.slice(at + kept!.length)) : readable(text);
  const placed = ordinalDisplays(p, text);
  if (placed.missing) {
    const { phrase, count } = placed.missing;
    return { actions: [], notes: [...(translation ? [`read as ${translation.name}: "${translation.english}"`] : []), `there is no ${phrase}: ${count === 0 ? 'no display is one' : count === 1 ? 'there is one' : `there are ${count}`}; nothing was changed`], read, unknown: [], percentReadings: [], questions: [], all: [], alternatives: [] };
  }
  text = placed.text;
  p.hexValues = hexTokens(text);
  text = rewritePhrasings(takeFixedFrame(p, text));
  // "X should sit behind the rest", "X at the back": the place words of "be drawn behind everything" (Draw Behind on).
  text = placeWords(text);
  // Robot commands ("drive forward 2 m", "open the gripper") are no display change: a note each, the rest planned.
  // Complaints whose cause is outside RViz and that name no display (stamps, a part's frame, nothing publishing).
  text = takeOutsideRviz(p, takeRobotCommands(p, text));
  const recipe = !text || hidesNamed(text) ? undefined : findRecipe(p, withoutTopicNames(text));
  if (!text) { /* all of it was robot commands or causes outside RViz: their notes say so */ }
  else if (recipe) applyRecipe(p, recipe, text);
  else if (wholeRename(p, text)) { /* one rename whose new name holds "and" or a comma ("Maps and Costs") */ }
  else if (!replayForNamespace(p, text)) {
    const spans: ClauseActions[] = [];
    const parts = restrictionsJoined(p, scopesJoined(distribute(p, clauses(groupColonScope(p, text)), text)));
    let listLast: Target[] = [];
    const unused: { n: string; clause: string }[] = [];
    for (const [i, c] of parts.entries()) {
      const start = p.actions.length;
      const correcting = correctionOnly(c);
      p.changedNext = i + 1 < parts.length ? changesWhatItPointsAt(parts[i + 1]!) : undefined;
      p.nextResizes = i + 1 < parts.length && anyPhrase(tokenize(parts[i + 1]!), RESIZE_WORDS) !== undefined;
      p.nextSaysHowMuch = i + 1 < parts.length && saysHowMuch(parts[i + 1]!);
      p.moreClauses = i + 1 < parts.length;
      p.nextChangesIt = i + 1 < parts.length && changesItByVerb(parts[i + 1]!);
      const stated = p.statedBefore;
      const notesBefore = p.notes.length;
      // (A condition's numbers are what it tests: "if the costmap is at 30 %, make it 60 %".)
      if (!correcting && !conditional(p, c, handleClause)) {
        handleClause(p, c);
        restatedAsIs(p, c, start);
        unused.push(...unusedNumbers(p, input.request, c, p.actions.slice(start), p.notes.slice(notesBefore)).map((n) => ({ n, clause: c })));
      }
      // (What a clause said of a thing is for the clause right after it only.)
      if (p.statedBefore === stated) p.statedBefore = undefined;
      for (const t of p.last) for (const d of t.displays) (p.named ??= new Set()).add(d);
      // "make the laser and the depth cloud red, alpha 0.5": a verbless clause split from a list, ending on the value of
      // the clause before ("the depth cloud red" after "make the laser red"), is one target with it for what follows.
      const tokensOfC = tokenize(c);
      if (i > 0 && listLast.length > 0 && p.last.length > 0 && findVerb(tokensOfC, []) === undefined && valuedClause(c, tokensOfC) && lastWord(c) === lastWord(parts[i - 1]!)) {
        p.last = [...listLast.filter((t) => !p.last.includes(t)), ...p.last];
      }
      listLast = p.last;
      const robots = p.ctx.namespaces.filter((n) => tokenize(c).includes(n.toLowerCase()));
      p.robotBefore = robots.length === 1 ? robots[0] : undefined;
      // (A clause that planned nothing, as a lone "Actually", leaves what "do the same" repeats.)
      if (p.actions.length > start) p.previousActions = p.actions.slice(start);
      // "…, no, leave it": the clause after a correction takes back what came before it.
      p.correcting = correcting || endsWithCorrection(c);
      cite(p, start, c);
      spans.push({ text: c, start, end: p.actions.length });
    }
    takeBack(p);
    settleRepeatedValues(p, spans);
    // A number nothing used, or a display to hide named by words nothing knows: the plan does less than was asked, so
    // none of it is applied; it is offered as a choice.
    const notDone = [...unused.map((u) => `"${u.n}" of "${u.clause.trim()}" was not used`), ...(p.unreadParts ?? []).map((c) => `what "${c}" names was not understood`)];
    if (notDone.length > 0 && p.actions.some((a) => !p.held?.has(a))) {
      for (const a of p.actions) (p.held ??= new Set()).add(a);
      p.unusedNumbers = unused.map((u) => u.n);
      p.holdsAll = true;
      p.notes.push(`${notDone.join('; ')}: nothing was applied, what the rest says is offered as a choice`);
    }
    keepProtected(p);
    if (p.keepFixedFrame) p.actions = p.actions.filter((a) => a.action !== 'set_fixed_frame');
    // "set Breadcrumbs to axes but keep it switched off": the show a change of a hidden display brings goes when a later
    // clause switches it off.
    const offLater = (a: RvizAction, i: number): boolean => p.actions.slice(i + 1).some((b) => b.action === 'set_enabled' && b.value === 'false' && b.display === a.display);
    p.actions = p.actions.filter((a, i) => !p.implicitShows?.has(a) || !offLater(a, i));
    // What the request asked besides is offered as a choice, never applied.
    if (p.changeNothing) for (const a of p.actions) (p.held ??= new Set()).add(a);
    // (…of the displays only, after "don't touch any display".)
    if (p.keepDisplays) for (const a of p.actions) if (a.display) (p.held ??= new Set()).add(a);
  }
  // Whatever else acted (a recipe, a replayed request) cites the request as read.
  cite(p, 0, text);
  if (p.actions.length === 0 && p.notes.length === 0 && !undoFirst) p.notes.push(`did not understand "${input.request.trim()}"`);
  if (translation) p.notes.unshift(`read as ${translation.name}: "${translation.english}"`);
  return {
    actions: p.actions.filter((a) => !p.held?.has(a)), notes: p.notes, ...(undoFirst ? { undoFirst } : {}), ...(p.protectedSettings?.size ? { kept: keptSettings(p) } : {}), ...(questions.length > 0 ? { question: questions.map((q) => q.text).join(' ') } : {}),
    ...(p.holdsAll ? { holdsAll: true } : {}),
    read, unknown: p.unknown ?? [], leftOut: p.unusedNumbers ?? [], percentReadings: p.percentReadings ?? [], questions, all: p.actions, alternatives: p.alternatives ?? [],
  };
}

/** The offline planner as a proposer (the default when no model is configured). */
export function createOfflineProposer(): Proposer {
  return {
    id: 'offline',
    usesPrompt: false,
    literal: true,
    propose: async (input) => planOffline(input),
  };
}
