// A display swapped, or its topic: "replace the odometry with a pose display", "show it with a Pose display instead",
// "use a Pose display instead of the odometry" (the display named goes, one of the type named comes on its topic), and
// "switch Dock Door to camera 5", "set the laser topic to /scan_front" (the display named shows the other topic), and
// "replace the odometry with one that matches /odom_pose" (the type that shows that topic's messages). Each
// only when the type can show the topic's messages; otherwise nothing changes and the note says why.
// (By the time a clause gets here, "replace" and "swap" read "change": concepts.json; "camera 5" reads as its topic.)
import type { DisplayTypeSpec } from '../../catalog/index.ts';
import { tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { BACK_POINTERS, FILLER } from './lexicon.ts';
import { slashNames } from './mentions.ts';
import { act, addDisplay, displayTopic, type Planner } from './shared.ts';
import { inherited, resolveTargets } from './targets.ts';
import { findVerb } from './phrases.ts';

// "a proper Camera display", "a real one": a qualifier that only says the new display is the type's own.
const A = String.raw`(?:(?:a|an|the)\s+)?(?:(?:proper|real|regular|normal|actual|plain|dedicated)\s+)?`;
// "… on the same topic", "… on its topic": the new display takes the old one's topic, as it always does here.
// ("… of the same feed", "a Pose one": the feed is the topic, "one" the display.)
const DISPLAY = String.raw`(?:\s+(?:display|one))?(?:\s+(?:on|with|using|for|of|from)\s+(?:the\s+same|its|that|the\s+old|the)\s+(?:topic|feed|stream|source|data))?`;
// "so swap …", "then replace …": a word that leads the clause into the swap.
const LEAD = String.raw`^(?:(?:so|then|and|now|just|also|please)\s+)*`;
/** [pattern, group of the display replaced, group of the type that replaces it] */
const FORMS: readonly [RegExp, number, number][] = [
  [new RegExp(String.raw`${LEAD}(?:change|exchange)\s+(.+?)\s+(?:with|for|by)\s+${A}(.+?)${DISPLAY}$`, 'i'), 1, 2],
  [new RegExp(String.raw`${LEAD}(?:show|display|draw|view)\s+(.+?)\s+(?:with|as|using|in)\s+${A}(.+?)${DISPLAY}\s+instead$`, 'i'), 1, 2],
  [new RegExp(String.raw`${LEAD}(?:use|show|add)\s+${A}(.+?)${DISPLAY}\s+instead\s+of\s+(.+)$`, 'i'), 2, 1],
];

const FRAME_WORDS = new Set(['panel', 'feed', 'window', 'widget']);

/** The one display a phrase names, all of whose words name it (or "it": the clause before's one display). */
function onlyDisplay(p: Planner, phrase: string): VirtualDisplay | undefined {
  const tokens = tokenize(phrase).filter((t) => t !== 'display');
  if (tokens.length > 0 && tokens.every((t) => BACK_POINTERS.has(t) || FILLER.has(t))) {
    const before = inherited(p).flatMap((t) => t.displays);
    return before.length === 1 ? before[0] : undefined;
  }
  // ("show /odom_pose with a Pose display instead": a topic names the one display that shows it.)
  const topic = /^\s*(?:the\s+)?(\/[\w/~-]+)(?:\s+topic)?\s*$/.exec(phrase)?.[1];
  if (topic) {
    const showing = p.state.live().filter((d) => displayTopic(d) === topic);
    return showing.length === 1 ? showing[0] : undefined;
  }
  const taken: { start: number; length: number }[] = [];
  const targets = resolveTargets(p, phrase, tokens, taken);
  const displays = [...new Set(targets.flatMap((t) => t.displays))];
  const covered = (i: number): boolean => taken.some((s) => i >= s.start && i < s.start + s.length);
  // "the Front Camera image panel": a word of the display's own type, or a word for a display, names nothing else.
  const ownWord = (t: string): boolean => FRAME_WORDS.has(t) || p.ctx.catalog.typesForWords(t).some((s) => s.classId === displays[0]!.classId);
  if (displays.length !== 1 || !tokens.every((t, i) => covered(i) || FILLER.has(t) || ownWord(t))) return undefined;
  return displays[0];
}

/**
 * "one that (actually) matches /odom_pose", "a display that fits its topic", "the display type that fits that topic",
 * "the right display": the type is the topic's own.
 */
const FITTING = /^(?:(?:one|(?:a\s+)?display(?:\s+type)?|(?:a\s+|whatever\s+)?type|something|whatever)\s+(?:(?:that|which)\s+)?(?:\w+\s+)?(?:matches|fits|suits|can\s+show|shows|works\s+with)\s+(.+)|(?:right|correct|matching|appropriate|fitting|suitable)(?:\s+(?:one|display(?:\s+type)?|type))?(?:\s+for\s+(?:it|its\s+topic|that\s+topic|the\s+topic))?)$/i;

/** The one display type that shows the old display's topic, when a "one that matches …" phrase names that topic. */
function typeForOwnTopic(p: Planner, phrase: string, old: VirtualDisplay): { spec: DisplayTypeSpec; topic: string } | undefined {
  const m = FITTING.exec(phrase.trim());
  if (!m) return undefined;
  const own = displayTopic(old);
  // ("the right display": no topic named, so its own.)
  if (m[1] === undefined) return ownType(p, own);
  const named = slashNames(m[1]).map((t) => (t.startsWith('/') ? t : `/${t}`)).filter((t) => p.ctx.topicByName.has(t));
  const topic = named.length === 1 ? named[0]! : named.length === 0 && tokenize(m[1]).some((t) => ['its', 'topic', 'message', 'messages', 'type', 'data'].includes(t)) ? own : undefined;
  if (!topic || topic !== own) return undefined;
  return ownType(p, topic);
}

/** The one display type that shows a topic's messages, if one alone does. */
function ownType(p: Planner, topic: string): { spec: DisplayTypeSpec; topic: string } | undefined {
  const type = topic ? p.ctx.topicByName.get(topic)?.type : undefined;
  const types = type ? p.ctx.catalog.forMessageType(type) : [];
  return types.length === 1 ? { spec: types[0]!, topic } : undefined;
}

/** Plans a replacement when the clause is one; false when it is not (the clause is planned as usual). */
export function replaceDisplay(p: Planner, clause: string): boolean {
  for (const [re, oldAt, newAt] of FORMS) {
    // ("… with a real Camera display so the scan gets drawn over the picture": what it is for changes nothing.)
    const m = re.exec(clause.trim().replace(/[.!]+$/, '').replace(/\s+so\s+(?:that\s+)?(?:the|it|i|we|they|you)\b.*$/i, ''));
    if (!m) continue;
    const fitting = FITTING.test(m[newAt]!.trim()) ? onlyDisplay(p, m[oldAt]!) : undefined;
    const fits = fitting ? typeForOwnTopic(p, m[newAt]!, fitting) : undefined;
    if (fitting && fits && fitting.classId !== fits.spec.classId) {
      p.actions.push(act({ action: 'remove_display', display: p.state.handle(fitting) }));
      fitting.removed = true;
      const added = addDisplay(p, fits.spec, fits.topic);
      p.last = [{ spec: fits.spec, displays: [added], topics: [fits.topic], phrase: fits.spec.name, plural: false }];
      return true;
    }
    const types = p.ctx.catalog.typesForWords(m[newAt]!);
    if (types.length !== 1 || tokenize(m[newAt]!).some((t) => !FILLER.has(t) && p.ctx.catalog.typesForWords(t).length === 0 && t !== 'display')) continue;
    const old = onlyDisplay(p, m[oldAt]!);
    const spec = types[0]!;
    if (!old || old.classId === spec.classId) continue;
    const topic = displayTopic(old);
    const type = topic ? p.ctx.topicByName.get(topic)?.type : undefined;
    if (!topic || (type && spec.messageTypes.length > 0 && !spec.messageTypes.includes(type))) {
      p.notes.push(`"${clause.trim()}": ${topic ? `${topic} carries ${type}, which a ${spec.name} display cannot show` : `${old.name} has no topic to show with a ${spec.name} display`}; nothing was changed`);
      p.last = [];
      return true;
    }
    p.actions.push(act({ action: 'remove_display', display: p.state.handle(old) }));
    old.removed = true;
    const added = addDisplay(p, spec, topic);
    p.last = [{ spec, displays: [added], topics: [topic], phrase: spec.name, plural: false }];
    return true;
  }
  return false;
}

/** Words a topic change may use beside the display and the topic: "switch Dock Door to camera 5", "point it at …". */
const RETOPIC_VERBS = new Set(['set', 'switch', 'change', 'point', 'use', 'move', 'repoint', 'retarget']);
/** Verbs of showing that, with "instead", change what a display shows ("X should show camera 15 instead"). */
const INSTEAD_VERBS = new Set(['show', 'shows', 'display', 'displays', 'showing', 'displaying']);
const RETOPIC_WORDS = new Set([...RETOPIC_VERBS, ...INSTEAD_VERBS, 'should', 'must', 'to', 'at', 'on', 'for', 'from', 'topic', 'its', 'instead', 'over', 'onto', 'with']);

/** Plans a topic change of one display when the clause is one; false when it is not. */
export function retopicDisplay(p: Planner, clause: string): boolean {
  const topics = [...new Set(slashNames(clause).map((t) => (t.startsWith('/') ? t : `/${t}`)))].filter((t) => p.ctx.topicByName.has(t));
  if (topics.length !== 1) return false;
  const topic = topics[0]!;
  const tokens = tokenize(clause);
  // ("Loading Bay should show camera 15 instead": showing another topic instead is a topic change too.)
  const showsInstead = tokens.includes('instead') && tokens.some((t) => INSTEAD_VERBS.has(t));
  // ("dock door -> cam 5", "Dock Door to camera 5": a display and "to" a topic, with no verb, is the same change.)
  const verblessTo = tokens.includes('to') && findVerb(tokens, []) === undefined;
  if (!tokens.some((t) => RETOPIC_VERBS.has(t)) && !showsInstead && !verblessTo) return false;
  // The clause without the topic, and without a device word written before it ("camera /fleet/cam_5/image_raw").
  const slashed = clause.indexOf(topic) >= 0;
  const at = slashed ? clause.indexOf(topic) : clause.indexOf(topic.slice(1));
  const before = clause.slice(0, at).trimEnd().split(/\s+/);
  const after = clause.slice(at + topic.length - (slashed ? 0 : 1));
  const named = (words: readonly string[]): string[] => tokenize(`${words.join(' ')} ${after}`).filter((t) => !RETOPIC_WORDS.has(t) && !FILLER.has(t));
  const whole = named(before);
  // "Loading Bay is showing camera 12. Replace it with camera 15", "…, point it at /odom": "it" is the one display the
  // clause before named. (The device word before the topic, "camera" in "with camera /fleet/cam_15/…", names no display.)
  const pointsBack = tokenize(before.join(' ')).some((t) => BACK_POINTERS.has(t)) && (whole.length === 0 || named(before.slice(0, -1)).length === 0);
  if (whole.length === 0 && !pointsBack) return false;
  const pointed = pointsBack ? [...new Set(p.last.flatMap((t) => t.displays))] : [];
  const d = (pointed.length === 1 ? pointed[0] : undefined) ?? onlyDisplay(p, whole.join(' ')) ?? (before.length > 1 ? onlyDisplay(p, named(before.slice(0, -1)).join(' ')) : undefined);
  if (!d?.spec || d.spec.topicProperties.length === 0 || displayTopic(d) === topic) return false;
  const type = p.ctx.topicByName.get(topic)!.type;
  if (d.spec.messageTypes.length > 0 && !d.spec.messageTypes.includes(type)) {
    p.notes.push(`"${clause.trim()}": ${topic} carries ${type}, which ${d.name} (${d.spec.name}) cannot show; nothing was changed`);
    p.last = [];
    return true;
  }
  p.actions.push(act({ action: 'set_topic', display: p.state.handle(d), topic }));
  d.topics.set(d.spec.topicProperties[0] ?? 'Topic', topic);
  p.last = [{ spec: d.spec, displays: [d], topics: [topic], phrase: d.name, plural: false }];
  return true;
}
