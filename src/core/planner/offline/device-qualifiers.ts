// A device noun ("the camera", "the lidar") names what the robot has, which may be displays of several types: the
// camera's Image and its depth cloud (/camera/color/image_raw, /camera/depth/points). A qualifier word the clause
// holds ("RGB", "colour", "depth", "front") that a display's name or topic carries selects it; with none, and more
// than one such display, the clause is unsure: it acts on none, and each display is offered as a choice (at most 3).
import { splitCamel, tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { CONCEPTS } from './concepts.ts';
import { FILLER } from './lexicon.ts';
import { findVerb } from './phrases.ts';
import { belongsTo, displayTopic, MAX_READINGS_OFFERED, type Planner, singularTokens, type Target, type TargetReading, topicTokens } from './shared.ts';
import { GROUP_WORDS } from './targets.ts';

const NOUNS = new Set(CONCEPTS.deviceNouns.nouns);
const SYNONYMS: Record<string, string> = CONCEPTS.deviceNouns.qualifierSynonyms;
/** Where a device sits ("rear") and what kind it is ("thermal"): words that tell one device from another. */
const POSITIONS: ReadonlySet<string> = new Set([...CONCEPTS.deviceNouns.positions, ...(CONCEPTS.deviceNouns.kinds ?? [])]);
const PLURAL = new Set(['all', 'both', 'every', 'each', 'cameras', 'lasers', 'clouds']);

const norm = (w: string): string => SYNONYMS[w] ?? singularTokens([w])[0]!;
const carried = (d: VirtualDisplay): Set<string> => new Set([...tokenize(splitCamel(d.name)), ...topicTokens(displayTopic(d))].map(norm));

/** The displays carrying a device noun: in their name, else in their topic. */
function devicePool(p: Planner, t: Target, noun: string): VirtualDisplay[] {
  const live = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && !d.removed && (t.ns === undefined || belongsTo(d, t.ns)));
  const byName = live.filter((d) => tokenize(splitCamel(d.name)).map(norm).includes(noun));
  return byName.length > 0 ? byName : live.filter((d) => carried(d).has(noun));
}

/**
 * "hide the rear lidar", "show the rear lidar" when the one lidar here is the Front Lidar, "the thermal camera" when the
 * camera is an RGB one: a place or kind word no display of the device noun carries names none of them, never the one
 * there is. Says so.
 */
export function misplaced(p: Planner, tokens: readonly string[], targets: readonly Target[]): boolean {
  const t = targets.length === 1 ? targets[0]! : undefined;
  // (The device noun may lead a longer phrase: "the thermal camera overlay".)
  // (A target carried over from the clause before has its span in that clause's words, maybe past this one's end.)
  const at = t?.span ? [...Array(t.span.length).keys()].map((k) => t.span!.start + k).find((i) => tokens[i] !== undefined && NOUNS.has(norm(tokens[i]!))) : undefined;
  const word = at !== undefined ? tokens[at] : undefined;
  const noun = word !== undefined ? norm(word) : undefined;
  if (!t || !noun || !NOUNS.has(noun) || t.topics.length > 0 || t.within) return false;
  // (Anywhere beside the noun alone, "the lidar, the rear one"; right before a longer phrase, "the thermal camera
  // overlay"; never "right now".)
  const near = (i: number): boolean => t.span!.length === 1 || i === t.span!.start - 1 || (i >= t.span!.start && i < at!);
  const place = tokens.find((w, i) => i !== at && POSITIONS.has(w) && near(i) && !['now', 'away', 'there', 'here'].includes(tokens[i + 1] ?? ''));
  // (With no display carrying the noun itself — a lidar shown by the display "Laser" on /scan — the displays it names.)
  const carrying = place !== undefined ? devicePool(p, t, noun) : [];
  const pool = carrying.length > 0 ? carrying : place !== undefined ? t.displays.filter((d) => d.classId !== 'rviz_common/Group') : [];
  if (place === undefined || pool.length === 0 || pool.some((d) => carried(d).has(place))) return false;
  p.notes.push(`no ${word} here is the ${place} one (${pool.map((d) => d.name).join(', ')}); nothing was changed for "${place} ${word}"`);
  return true;
}

/**
 * Re-reads a clause's targets named by a device noun alone: a qualifier selects among the displays carrying the noun
 * (in their name, else their topic), and more than one display of different types left is unsure.
 */
export function readDeviceTargets(p: Planner, tokens: readonly string[], targets: Target[], masked: readonly { start: number; length: number }[]): TargetReading {
  if (targets.length !== 1) return { targets, unsure: false };
  if (misplaced(p, tokens, targets)) return { targets: [], unsure: false };
  const t = targets[0]!;
  // (A target carried over from the clause before has its span in that clause's words: not this one's noun.)
  const word = t.span && t.span.length === 1 ? tokens[t.span.start] : undefined;
  const noun = word !== undefined ? norm(word) : undefined;
  if (!noun || !NOUNS.has(noun) || t.topics.length > 0 || t.within || tokens.some((w) => PLURAL.has(w))) return { targets, unsure: false };
  // "hide the Camera group": a group named as one is that group.
  if (t.displays.length > 0 && t.displays.every((d) => d.classId === 'rviz_common/Group') && GROUP_WORDS.has(tokens[t.span!.start + 1] ?? '')) return { targets, unsure: false };
  const pool = devicePool(p, t, noun);
  if (pool.length < 2) return { targets, unsure: false };
  // The clause's other content words that some display of the pool carries: its qualifiers.
  const verb = findVerb([...tokens], [])?.span;
  const words = tokens.map((w, i) => ({ w: norm(w), i })).filter(({ w, i }) => i !== t.span!.start && !FILLER.has(w) && !(verb && i >= verb.start && i < verb.start + verb.length)
    && !masked.some((m) => m !== t.span && i >= m.start && i < m.start + m.length));
  const qualified = pool.filter((d) => words.some(({ w }) => carried(d).has(w)));
  if (qualified.length === 1) return { targets: [{ ...t, spec: qualified[0]!.spec, displays: qualified, plural: false }], unsure: false };
  const left = qualified.length > 1 ? qualified : pool;
  // Several displays of one type are the type's own business (robots, groups); different types are the ambiguity.
  if (new Set(left.map((d) => d.classId)).size < 2) return { targets, unsure: false };
  return { targets: left.slice(0, MAX_READINGS_OFFERED).map((d) => ({ ...t, spec: d.spec, displays: [d], plural: false })), unsure: true };
}
