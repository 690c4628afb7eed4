// Robot commands RViz cannot carry out ("drive forward 2 m", "open the gripper", "stop the motors"): an imperative
// whose verb commands the robot (catalog/robot-parts.json) and whose object is a robot part, the robot itself, a
// direction, a distance or a destination — and that names nothing of RViz (no display, type, setting, colour). Such a
// clause gets a note saying it is no display change and where the command goes instead; nothing is planned for it
// and no finding is reported with it.
import data from '../../../../catalog/robot-parts.json';
import { tokenize } from '../../catalog/text.ts';
import { VERB_PHRASES } from './lexicon.ts';
import { hasPhrase, numbersIn, tokensOf, type Span } from './mentions.ts';
import { clauses } from './phrases.ts';
import type { Planner } from './shared.ts';

export interface RobotPart { part: string; words: string[]; frames: string[]; hint?: string }
export interface RobotCommandKind { kind: string; verbs: string[]; hint: string }
export interface RobotPartsFile {
  schemaVersion: 1; parts: RobotPart[]; commands: RobotCommandKind[]; motionWords: string[]; destinations: string[]; notRobot: string[]; handled: string[];
}

export const ROBOT_PARTS = data as unknown as RobotPartsFile;

/** Every English word the parts and commands use, for the vocabulary the planner accounts for. */
export const ROBOT_WORDS: readonly string[] = [
  ...ROBOT_PARTS.parts.flatMap((p) => [p.part, ...p.words, ...p.frames]),
  ...ROBOT_PARTS.commands.flatMap((c) => c.verbs), ...ROBOT_PARTS.motionWords, ...ROBOT_PARTS.destinations, ...ROBOT_PARTS.notRobot, ...ROBOT_PARTS.handled,
];

const VERB_FORMS = new Set(ROBOT_PARTS.commands.flatMap((c) => c.verbs).filter((v) => !v.includes(' ')).flatMap((v) => [v, `${v}ing`, `${v.replace(/e$/, '')}ing`, `${v}${v.slice(-1)}ing`]));
const ADDRESSED = ['the robot', 'robot', ...ROBOT_PARTS.parts.flatMap((x) => x.words.flatMap((w) => [w, `the ${w}`]))];
const ALL_VERBS = ROBOT_PARTS.commands.flatMap((c) => c.verbs);

/** Verbs RViz requests use too ("open the camera", "turn the grid off"): a robot command only with a robot object. */
const RVIZ_VERBS = new Set(VERB_PHRASES.map(([w]) => w));

/** Politeness and address before an imperative: "please", "robot2,", "hey robot", "can you", "tell the robot to". */
const LEAD = new Set(['please', 'pls', 'now', 'ok', 'okay', 'hey', 'can', 'could', 'would', 'will', 'you', 'just', 'quickly', 'immediately', 'right', 'and', 'then']);
const ADDRESS = new Set(['tell', 'make', 'have', 'let', 'ask', 'get']);

/** The longest phrase of `phrases` at token `at`, as its length. */
function phraseAt(tokens: readonly string[], at: number, phrases: readonly string[]): number {
  let best = 0;
  for (const p of phrases) {
    const words = tokensOf(p);
    if (words.length > best && words.every((w, i) => tokens[at + i] === w)) best = words.length;
  }
  return best;
}

/** Spans of robot-part words in the tokens (longest first), with their part. */
export function partsIn(tokens: readonly string[]): { part: RobotPart; span: Span }[] {
  const out: { part: RobotPart; span: Span }[] = [];
  for (const part of ROBOT_PARTS.parts) {
    for (const w of [...part.words].sort((a, b) => tokenize(b).length - tokenize(a).length)) {
      const span = hasPhrase(tokens, w);
      if (span && !out.some((o) => o.span.start <= span.start && span.start < o.span.start + o.span.length)) { out.push({ part, span }); break; }
    }
  }
  return out;
}

function inSpans(i: number, spans: readonly Span[]): boolean {
  return spans.some((s) => i >= s.start && i < s.start + s.length);
}

/** Whether a clause names something of RViz: a display, a display type (not a part word), a setting. */
function namesRviz(p: Planner, clause: string, tokens: readonly string[], parts: readonly Span[]): boolean {
  if (ROBOT_PARTS.notRobot.some((w) => hasPhrase(tokens, w))) return true;
  for (const m of p.ctx.catalog.typeMentions(clause)) {
    const span = hasPhrase(tokens, m.phrase);
    // ("turn off the robot model": a type phrase reaching past a robot word is the type.)
    if (span && Array.from({ length: span.length }, (_, k) => span.start + k).some((i) => !inSpans(i, parts))) return true;
  }
  // A display of the document named by its name ("the Mascot"); a name of several words even when each is a robot word
  // ("turn Dock Door off"), a one-word name only outside them ("open the Gripper").
  const names = p.state.live().map((d) => tokenize(d.name)).filter((n) => n.length > 0);
  if (names.some((n) => { const s = hasPhrase(tokens, n.join(' ')); return s !== undefined && (n.length > 1 || !inSpans(s.start, parts)); })) return true;
  return p.ctx.catalog.displays.some((d) => d.properties.some((prop) => (prop.words ?? []).some((w) => {
    if (w.length <= 3) return false;
    const h = hasPhrase(tokens, w);
    return h !== undefined && !inSpans(h.start, parts);
  })));
}

/** Spans of motion words ("home position", "forward"): the robot's, never an RViz setting's. */
function motionSpans(tokens: readonly string[]): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const n = phraseAt(tokens, i, ROBOT_PARTS.motionWords);
    if (n > 0) { out.push({ start: i, length: n }); i += n - 1; }
  }
  return out;
}

/** The command a clause gives the robot, if it is one: its kind, else undefined. */
export function robotCommand(p: Planner, clause: string): RobotCommandKind | undefined {
  const tokens = tokenize(clause);
  const namespaces = new Set(p.ctx.namespaces.map((n) => n.toLowerCase()));
  let at = 0;
  for (;;) {
    const t = tokens[at];
    if (t === undefined) return undefined;
    if (LEAD.has(t) || namespaces.has(t)) { at++; continue; }
    // "robot, stop", "hey robot", "the arm, back home": the robot or a part of it addressed first.
    const robot = phraseAt(tokens, at, ADDRESSED);
    if (robot > 0 && at + robot < tokens.length && phraseAt(tokens, at + robot, ALL_VERBS) > 0) { at += robot; continue; }
    // "tell the robot to …", "make robot2 drive …"
    if (ADDRESS.has(t)) {
      const who = phraseAt(tokens, at + 1, ['the robot', 'robot', 'it', ...namespaces]);
      if (who > 0) { at += 1 + who + (tokens[at + 1 + who] === 'to' ? 1 : 0); continue; }
    }
    break;
  }
  let kind: RobotCommandKind | undefined;
  let verbLength = 0;
  for (const c of ROBOT_PARTS.commands) {
    const n = phraseAt(tokens, at, c.verbs);
    if (n > verbLength) { kind = c; verbLength = n; }
  }
  if (!kind) return undefined;
  // ("hide the sonar and the lift" with a display called Lift: the word is that display's name, not a command.)
  const verbWords = tokens.slice(at, at + verbLength).join(' ');
  if (p.state.live().some((d) => tokenize(d.name).join(' ') === verbWords)) return undefined;
  // "undock please", "stop moving": politeness and the motion itself add nothing to what is commanded.
  const rest = tokens.slice(at + verbLength).filter((t) => !LEAD.has(t) && !VERB_FORMS.has(t));
  const parts = partsIn(tokens).map((x) => x.span);
  if (namesRviz(p, clause, tokens, [...parts, ...motionSpans(tokens), { start: at, length: verbLength }])) return undefined;
  // "turn off everything of robot2": a verb RViz uses too, on all that is shown of a robot, switches its displays.
  if (RVIZ_VERBS.has(tokens.slice(at, at + verbLength).join(' ')) && rest.some((t) => ['everything', 'displays', 'stuff', 'things'].includes(t))) return undefined;
  const restText = rest.join(' ');
  const partNamed = parts.some((s) => s.start >= at + verbLength) || rest.some((t) => namespaces.has(t));
  const motion = rest.some((_, i) => phraseAt(rest, i, ROBOT_PARTS.motionWords) > 0);
  const measured = numbersIn(restText).some((n) => n.unit !== undefined && !n.percent) || /\b(?:\d+(?:\.\d+)?|a|one|two|three|half a|a quarter)\s*(?:metres?|meters?|centimet(?:re|er)s?|degrees?|steps?|feet|foot)\b/.test(restText);
  const destination = rest.length > 1 && phraseAt(rest, 0, ROBOT_PARTS.destinations) > 0;
  const verb = verbWords;
  // A bare imperative ("stop!", "robot2, halt") commands the robot when RViz has no such verb.
  const bare = rest.length === 0 && !RVIZ_VERBS.has(verb);
  // Verbs RViz uses too need the robot as their object; a direction, a distance or a place goes with motion only.
  // "pick up the red cube", "lift the box": a thing the robot handles, for a grip or lift verb.
  const handled = (kind.kind === 'grip' || kind.kind === 'lift') && rest.some((_, i) => phraseAt(rest, i, ROBOT_PARTS.handled) > 0);
  const object = partNamed || handled || ((motion || measured || destination) && (kind.kind === 'motion' || !RVIZ_VERBS.has(verb)));
  if (!bare && !object) return undefined;
  // "move the arm home": the part's own hint (MoveIt), where it has one.
  const hint = partsIn(tokens).find((x) => x.part.hint)?.part.hint;
  return hint ? { ...kind, hint } : kind;
}

/** The note for a robot command: not a display change, nothing planned, and where the command goes instead. */
function commandNote(clause: string, kind: RobotCommandKind): string {
  return `"${clause.trim().replace(/[.!?\s]+$/, '')}" is a command for the robot, not an RViz display change; RViz only shows what the robot does, so nothing was planned for it: ${kind.hint}`;
}

/**
 * Takes the robot commands out of a request: notes for them, and the rest of the request (clauses that are not
 * commands) to plan as usual. The whole request is tried first ("robot2, stop!" is one command, not two clauses).
 */
export function takeRobotCommands(p: Planner, text: string): string {
  const whole = robotCommand(p, text);
  if (whole) { p.notes.push(commandNote(text, whole)); return ''; }
  const parts = clauses(text);
  if (parts.length < 2) return text;
  const kept: string[] = [];
  for (const c of parts) {
    const kind = robotCommand(p, c);
    if (kind) p.notes.push(commandNote(c, kind));
    else kept.push(c);
  }
  return kept.length === parts.length ? text : kept.join(', ');
}
