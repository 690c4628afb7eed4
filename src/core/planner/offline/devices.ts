// Numbered devices: "cam 7", "camera 12", "temperature 5", "zone 17", "#3 camera" name the live topic that carries that
// number in a segment (`/fleet/cam_7/image_raw`). The request is rewritten to name the topic, which then shows it (a new
// display with the settings asked) or picks the display already on it.
import type { ProposalInput } from '../types.ts';
import { FILLER } from './lexicon.ts';
import { findVerb } from './phrases.ts';

type Context = ProposalInput['context'];

/** Units and counted words after a number that make it a value, not a device's number ("markers 3 times bigger"). */
// ("cameras 50% transparent": "%" is no word, so it is matched apart from the \b the words need.)
const VALUE_AFTER = String.raw`(?!\s*(?:%|°|(?:cm|mm|m|px|s|sec|seconds?|deg|degrees?|times|x|fold|hz|percent|pixels?|metres?|meters?)\b))(?!\s*(?:to|-|–|—)\s*-?\d)`;
/** How a number is introduced: "camera 3", "cam_3", "cam #3", "camera no. 3", "Kamera Nr. 3", "camera number 3". */
const INTRO = String.raw`(?:[\s_-]*#\s*|[\s_-]?(?:no|nr|n°|num|number)(?:\s*\.)?\s*|[\s_-]?)`;
/** More numbers of the same word: "cameras 4 and 5", "cams 2, 3 and 9". */
const MORE = String.raw`((?:\s*(?:,|&|and)\s*#?\d+\b${VALUE_AFTER})*)`;
/** English number words a device number may be written in ("camera five"). */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'].map((w, i) => [w, i]));
const NUMBER = String.raw`(\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const WORD_FIRST = new RegExp(String.raw`(?<![/\w])([a-z]{3,})${INTRO}${NUMBER}\b(?![.,]\d)${VALUE_AFTER}${MORE}`, 'gi');
/** "#3 camera": the number first (also how CJK counters read: 3号摄像头, 第3个摄像头). */
const NUMBER_FIRST = /(?<![/\w])#\s*(\d+)\s+([a-z]{3,})\b/gi;

/**
 * Whether the word after a number leaves it a device's number: none, politeness, a verb, a type word or a conjunction
 * ("temperature 5 please", "zone 5 markers"), not a counted noun ("odometry 2 arrows" is two arrows).
 */
function endsDevice(ctx: Context, after: string): boolean {
  const next = /^[\s,;:.!?]*([a-z]+)/i.exec(after)?.[1]?.toLowerCase();
  // (A plural noun after it is what the number counts; a colour, a verb or a type word is not.)
  return next === undefined || !(next.length > 3 && next.endsWith('s') && !next.endsWith('ss')) || FILLER.has(next)
    || findVerb([next], []) !== undefined || ctx.catalog.typesForWords(next).length > 0;
}

/** A topic segment's letters spelt like a device word: "cam" of cam_7 for "cam" or "camera" (three letters at least). */
function speltLike(word: string, stem: string): boolean {
  return stem.length >= 3 && (word.startsWith(stem) || stem.startsWith(word));
}

/** deviceTopic's answers per plan context: a big graph holds thousands of topics, and a request asks the same twice. */
const topicAnswers = new WeakMap<Context, Map<string, string | undefined>>();

/** The one live topic a device word and number name, or undefined; `loose` allows the weaker readings (by type). */
function deviceTopic(ctx: Context, word: string, n: string, loose = true): string | undefined {
  let answers = topicAnswers.get(ctx);
  if (!answers) { answers = new Map(); topicAnswers.set(ctx, answers); }
  const key = `${word.toLowerCase()}\u0000${n}\u0000${loose}`;
  if (!answers.has(key)) answers.set(key, findDeviceTopic(ctx, word, n, loose));
  return answers.get(key);
}

function findDeviceTopic(ctx: Context, word: string, n: string, loose: boolean): string | undefined {
  const namespaces = new Set(ctx.namespaces.map((x) => x.toLowerCase()));
  const w = word.toLowerCase();
  // Never a robot's namespace ("robot2").
  if (namespaces.has(`${w}${n}`) || namespaces.has(`${w}_${n}`)) return undefined;
  const types = ctx.catalog.typesForWords(word);
  const messages = new Set(types.flatMap((t) => t.messageTypes));
  const number = (seg: string): RegExpExecArray | null => {
    const m = /^([a-z]+)[_-]?(\d+)$/i.exec(seg);
    return m && !namespaces.has(seg.toLowerCase()) && (m[2] === String(Number(n)) || m[2] === n) ? m : null;
  };
  const topics = [...ctx.topicByName.values()];
  const unique = (hits: typeof topics): string | undefined => (hits.length === 1 ? hits[0]!.name : undefined);
  // 1. A segment spelt like the word ("cam_7" for "cam" or "camera"), of a type the word's displays show.
  const spelt = (stem: string): boolean => speltLike(w, stem);
  const byStem = topics.filter((t) => (types.length === 0 || messages.has(t.type)) && t.name.split('/').some((seg) => {
    const m = number(seg);
    return m !== null && (types.length === 0 ? m[1]!.toLowerCase() === w : spelt(m[1]!.toLowerCase()));
  }));
  if (byStem.length > 0) return unique(byStem);
  if (types.length === 0 || !loose) return undefined;
  // 2. The word names a type ("temperature 5", "thermometer 11"): the one topic of that type with that number…
  const byType = topics.filter((t) => messages.has(t.type) && t.name.split('/').some((seg) => number(seg) !== null));
  if (byType.length > 0) return unique(byType);
  // …or in its robot's namespace ("lidar 2" with /robot1/scan and /robot2/scan: robot2's).
  const byRobot = topics.filter((t) => messages.has(t.type) && t.name.split('/').some((seg) => namespaces.has(seg.toLowerCase()) && /^[a-z_]+?_?(\d+)$/i.exec(seg)?.[1] === String(Number(n))));
  if (byRobot.length > 0) return unique(byRobot);
  // 3. A type word spelt exactly as the segment of another type's topic ("zone 17" → /fleet/zone_17/markers).
  return unique(topics.filter((t) => t.name.split('/').some((seg) => number(seg)?.[1]!.toLowerCase() === w)));
}

/** The request with each numbered device written as its topic ("cam 7" → "cam /fleet/cam_7/image_raw"). */
export function numberedDevices(ctx: Context, text: string): string {
  const first = text.replace(NUMBER_FIRST, (whole, n: string, word: string) => {
    const topic = deviceTopic(ctx, word, n);
    return topic ? `${word} ${topic}` : whole;
  });
  return first.replace(WORD_FIRST, (whole, word: string, written: string, more: string, at: number, all: string) => {
    const n = String(NUMBER_WORDS[written.toLowerCase()] ?? written);
    // "robot one", "robot two": the robot namespace, as "robot 2" is.
    const ns = ctx.namespaces.find((x) => [`${word}${n}`, `${word}_${n}`].includes(x.toLowerCase()));
    if (ns) return `${ns}${more ?? ''}`;
    const loose = endsDevice(ctx, all.slice(at + whole.length));
    const topic = deviceTopic(ctx, word, n, loose);
    if (!topic) return whole;
    const rest = [...(more ?? '').matchAll(/(\d+)/g)].map((m) => deviceTopic(ctx, word, m[1]!, loose));
    // "cameras 4 and 5": each number its own topic, or the whole left as written when one names none.
    if (rest.some((t) => t === undefined)) return `${word} ${topic}${more}`;
    return [topic, ...rest].map((t) => `${word} ${t}`).join(' and ');
  });
}

/**
 * "add camera 250's image" on a robot whose cameras are cam_0 … cam_99: a device word and a number that no live topic
 * carries, while others of that word are numbered, name a device the robot does not have. Each such "camera 250", and
 * how many of that word the robot numbers.
 */
export function missingNumberedDevices(ctx: Context, text: string): { phrase: string; numbered: number }[] {
  const out: { phrase: string; numbered: number }[] = [];
  for (const m of text.matchAll(WORD_FIRST)) {
    const [whole, word, written] = m as unknown as [string, string, string];
    const n = String(NUMBER_WORDS[written.toLowerCase()] ?? written);
    if (!/^\d+$/.test(written) || deviceTopic(ctx, word, n) !== undefined) continue;
    const w = word.toLowerCase();
    const types = ctx.catalog.typesForWords(word);
    const messages = new Set(types.flatMap((t) => t.messageTypes));
    if (types.length === 0 || ctx.namespaces.some((x) => x.toLowerCase().startsWith(w))) continue;
    const numbered = numberedOf(ctx, w, messages);
    if (numbered > 1) out.push({ phrase: whole.trim(), numbered });
  }
  return out;
}

const numberedCounts = new WeakMap<Context, Map<string, number>>();

/** How many live topics of a device word's types carry a numbered segment spelt like it (cam_0 … cam_99: 100). */
function numberedOf(ctx: Context, word: string, messages: ReadonlySet<string>): number {
  let counts = numberedCounts.get(ctx);
  if (!counts) { counts = new Map(); numberedCounts.set(ctx, counts); }
  const known = counts.get(word);
  if (known !== undefined) return known;
  const count = [...ctx.topicByName.values()].filter((t) => messages.has(t.type) && t.name.split('/').some((seg) => {
    const s = /^([a-z]+)[_-]?\d+$/i.exec(seg)?.[1]?.toLowerCase();
    return s !== undefined && speltLike(word, s);
  })).length;
  counts.set(word, count);
  return count;
}
