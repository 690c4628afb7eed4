// Complaints whose cause is outside RViz and that name no display to repair: a robot that publishes nothing ("nothing
// on screen, help"), wrong timestamps ("the stamps are off, fix"), and a robot part asked for by its TF frame ("where
// is the charger? fix its frame", through the part words of catalog/robot-parts.json). Each gets a note with the cause
// and the command that checks it (catalog/finding-causes.json, from the knowledge base) and no change — never the
// unrelated repairs "fix everything" would make on other displays.
import data from '../../../../catalog/finding-causes.json';
import { singular, tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { absoluteTopic, isPublishing } from '../topics.ts';
import { BACK_POINTERS, FILLER, FIX_PHRASES, GENERAL_WORDS } from './lexicon.ts';
import { hasPhrase } from './mentions.ts';
import { findVerb } from './phrases.ts';
import { outsideNote, type FindingCause } from './causes.ts';
import { partsIn, type RobotPart } from './robot-commands.ts';
import { anyPhrase, displayTopic, type Planner } from './shared.ts';

interface PluginCause { class: string; cause: string; check: string; kb: string }
const FILE = data as unknown as { situations: FindingCause[]; plugins: PluginCause[]; infrastructureTopics: string[] };
const situation = (code: string): FindingCause | undefined => FILE.situations.find((s) => s.code === code);

/** What a third-party display class needs from outside RViz, when the data knows it. */
export function pluginCause(classId: string): PluginCause | undefined {
  return FILE.plugins.find((x) => x.class === classId);
}

/** Topics every graph has that show nothing (/rosout, /parameter_events, the bridge's own). */
function infrastructure(name: string): boolean {
  return FILE.infrastructureTopics.some((t) => (t.endsWith('/') ? name.startsWith(t) : name === t));
}

/** Whether the robot publishes anything RViz could show: a topic with a publisher beyond the graph's own, or TF. */
export function robotPublishes(p: Planner): boolean {
  if (!p.ctx.snapshot) return true;
  if (p.ctx.frames.length > 0) return true;
  return p.ctx.topics.some((t) => !infrastructure(t.name) && isPublishing(t));
}

/** The note for a robot that publishes nothing: no setting can help, and how to see what is there. */
export function silentRobotNote(p: Planner): string | undefined {
  if (robotPublishes(p)) return undefined;
  const s = situation('NOTHING_PUBLISHED');
  const topics = p.ctx.topics.filter((t) => !infrastructure(t.name));
  const advertised = topics.length ? `; ${topics.length} topic${topics.length === 1 ? ' is' : 's are'} advertised with no publisher (${topics.slice(0, 4).map((t) => t.name).join(', ')})` : '';
  return `nothing publishes: the robot sends no data and no TF for RViz to show${advertised}. No RViz setting fixes this, so nothing was changed: ${s?.cause ?? 'its nodes are not running'}; check with \`${s?.check ?? 'ros2 topic list'}\``;
}

/** Words that say the screen is empty ("nothing on screen", "the view is blank"); colours only in a complaint. */
const EMPTY = ['nothing', 'blank', 'empty'];
const EMPTY_COLOURS = ['black', 'dark', 'white', 'grey', 'gray'];
const SCREEN = ['screen', 'rviz', 'view', 'window', 'viewport', 'monitor'];

/**
 * "nothing on screen, help": a complaint about the whole view with no display named. Read as a fix of everything
 * (the fix then says what it found, and that nothing publishes when so).
 */
export function screenComplaint(p: Planner, text: string): boolean {
  const tokens = tokenize(text);
  const empty = EMPTY.some((w) => tokens.includes(w)) || (EMPTY_COLOURS.some((w) => tokens.includes(w)) && anyPhrase(tokens, FIX_PHRASES) !== undefined);
  if (!empty || !SCREEN.some((w) => tokens.includes(w))) return false;
  // "make the view background white", "set the view to …": a change, not a complaint.
  const verb = findVerb(tokens, [])?.verb;
  if (verb === 'set' || verb === 'hide' || verb === 'remove' || verb === 'rename' || tokens.includes('background')) return false;
  return p.ctx.catalog.typeMentions(text).length === 0 && !namesDisplay(p, tokens);
}

function namesDisplay(p: Planner, tokens: readonly string[]): boolean {
  return p.state.live().some((d) => d.classId !== 'rviz_common/Group' && tokenize(d.name).length > 0 && hasPhrase(tokens, tokenize(d.name).join(' ')) !== undefined);
}

/** Words that make a request about message stamps and clocks. */
const STAMP_WORDS = ['timestamp', 'timestamps', 'timestamped', 'stamped', 'stamping', 'time stamp', 'time stamps', 'stamp', 'stamps', 'header stamp', 'clock', 'clocks', 'sim time', 'use sim time', 'time sync', 'time synchronisation', 'time synchronization'];
/** A complaint or a repair: a fix phrase or a word that says something is wrong. */
const WRONG = ['wrong', 'off', 'bad', 'broken', 'incorrect', 'weird', 'odd', 'strange', 'skewed', 'out of sync', 'not in sync', 'drift', 'drifting', 'behind', 'ahead', 'old', 'future'];

/** Every English word these complaints use, for the vocabulary the planner accounts for. */
export const OUTSIDE_WORDS: readonly string[] = [...EMPTY, ...EMPTY_COLOURS, ...SCREEN, ...STAMP_WORDS, ...WRONG];

function complains(tokens: readonly string[]): boolean {
  return Boolean(anyPhrase(tokens, FIX_PHRASES) ?? anyPhrase(tokens, WRONG) ?? anyPhrase(tokens, ['help', 'where', 'check']));
}

/** "the stamps are wrong, fix": the clock note (with any clock finding's), and no change. */
function stampNotes(p: Planner, tokens: readonly string[]): string[] {
  const skew = p.ctx.findings.filter((f) => f.code === 'CLOCK_SKEW');
  const notes = skew.map((f) => outsideNote(f, f.subject.topic ?? '', p)).filter((n): n is string => n !== undefined);
  if (notes.length > 0) return notes;
  const s = situation('STAMPS');
  // The topic to compare: a display the request names, else the first shown display with a live topic.
  // Stamped data only: a latched description or a std_msgs topic carries no header.
  const stamped = (name: string): boolean => { const t = p.ctx.topicByName.get(absoluteTopic(name)); return isPublishing(t) && !t!.type.startsWith('std_msgs/') && !infrastructure(t!.name); };
  const shown = p.state.live().filter((d) => d.enabled && displayTopic(d) !== '' && stamped(displayTopic(d)));
  const named = shown.find((d) => tokenize(d.name).some((w) => tokens.includes(w)));
  const topic = named ? absoluteTopic(displayTopic(named)) : shown[0] ? absoluteTopic(displayTopic(shown[0])) : p.ctx.topics.find((t) => stamped(t.name))?.name ?? '<topic>';
  const check = (s?.check ?? 'ros2 topic echo {topic} --once').replace(/\{topic\}/g, topic);
  return [`no clock problem was measured here, and timestamps are no RViz setting, so nothing was changed: ${s?.cause ?? 'the publishers stamp their messages'}; check with \`${check}\` (header.stamp) against \`date +%s\` on this computer`];
}

/** Frames of the robot's TF that belong to a part: a word of the frame name is one of the part's stems. */
function partFrames(p: Planner, part: RobotPart, tokens: readonly string[]): string[] {
  const stems = new Set(part.frames);
  const found = p.ctx.frames.filter((f) => f.toLowerCase().split(/[_/\-.]+/).some((w) => stems.has(w) || stems.has(w.replace(/\d+$/, ''))));
  // "the left wheel": a side or number named narrows to the frames that carry it.
  const narrowed = found.filter((f) => tokens.some((t) => ['left', 'right', 'front', 'rear', 'back', 'top'].includes(t) && f.toLowerCase().split(/[_/\-.]+/).includes(t)));
  return narrowed.length > 0 ? narrowed : found;
}

/** A display's own frame (Reference Frame, Frame), when it names one. */
function ownFrame(d: VirtualDisplay): string | undefined {
  for (const key of ['Reference Frame', 'Frame', 'Target Frame']) {
    const v = d.planProps.get(key) ?? d.docProps?.[key];
    if (typeof v === 'string' && v !== '' && v !== '<Fixed Frame>') return v;
  }
  return undefined;
}

/** Notes about one part's frames: missing from TF, in a tree of its own, stale, or there (and how to see it). */
function partNotes(p: Planner, part: RobotPart, tokens: readonly string[]): string[] {
  const frames = partFrames(p, part, tokens);
  const stems = new Set(part.frames);
  const ofPart = (f: string): boolean => f.toLowerCase().split(/[_/\-.]+/).some((w) => stems.has(w));
  // A display drawn at a frame of the part that TF lacks (an Axes at gripper_link): that finding says it.
  const displayed = p.state.live().filter((d) => { const f = ownFrame(d); return f !== undefined && ofPart(f) && !frames.includes(f); });
  const notes: string[] = [];
  for (const d of displayed) {
    const f = p.ctx.findings.find((x) => x.code === 'DISPLAY_FRAME_NOT_IN_TF' && (x.subject.display ?? x.subject.name) === d.name);
    const note = f ? outsideNote(f, '', p) : undefined;
    notes.push(note ?? `${d.name} draws at ${ownFrame(d)}, which is not in TF; nothing was changed: ${situation('PART_FRAME_MISSING')?.cause ?? ''}; check with \`ros2 run tf2_tools view_frames\``);
  }
  if (frames.length === 0) {
    return notes.length > 0 ? notes : [missingNote(p, `the ${part.part}`, part.frames)];
  }
  return [...notes, ...frameNotes(p, frames)];
}

/** Frame names written in the request: TF's own, or frame-like words (`gps_link`, `tool_frame`) TF may lack. */
function frameNames(p: Planner, text: string): string[] {
  const words = text.match(/[A-Za-z][A-Za-z0-9]*(?:[_/][A-Za-z0-9]+)+/g) ?? [];
  const out = words.filter((w) => p.ctx.frames.includes(w) || /_(?:link|frame|footprint)$/i.test(w));
  // "the camera link", "charger marker frame": a TF frame's name written with spaces.
  const tokens = tokenize(text);
  const frames = new Map(p.ctx.frames.map((f) => [f.toLowerCase(), f]));
  for (let n = 3; n >= 2; n--) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const f = frames.get(tokens.slice(i, i + n).join('_'));
      if (f && !out.includes(f)) out.push(f);
    }
  }
  // A one-word frame ("odom") only when called a frame: "the map" is the Map display.
  tokens.forEach((t, i) => { const f = frames.get(t); if (f && ['frame', 'link'].includes(tokens[i + 1] ?? '') && !out.includes(f)) out.push(f); });
  return [...new Set(out)];
}

/** Notes about frames: not in TF, in a tree of its own, stale, or there (and how to see it). */
function frameNotes(p: Planner, frames: readonly string[]): string[] {
  const tf = p.ctx.tf;
  const notes: string[] = [];
  const fixedRoot = tf?.rootOf(p.state.fixedFrame);
  for (const frame of frames) {
    if (!tf?.hasFrame(frame)) {
      const s = situation('PART_FRAME_MISSING');
      const f = p.ctx.findings.find((x) => x.code === 'DISPLAY_FRAME_NOT_IN_TF' && x.summary.includes(frame));
      const note = f ? outsideNote(f, '', p) : undefined;
      notes.push(note ?? `${frame} is not in TF, so RViz cannot place it and no RViz setting fixes that; nothing was changed: ${s?.cause ?? 'nothing broadcasts it'}; check with \`${s?.check ?? 'ros2 run tf2_tools view_frames'}\``);
      continue;
    }
    const tree = p.ctx.findings.find((x) => x.code === 'TF_TREE_DISCONNECTED' && (tf?.components.find((c) => c.includes(x.subject.name)) ?? [x.subject.name]).includes(frame));
    const stale = p.ctx.findings.find((x) => x.code === 'TF_STALE' && (x.subject.name === frame || x.summary.includes(frame)));
    const finding = tree ?? stale;
    const note = finding ? outsideNote(finding, '', p) : undefined;
    if (note) { if (!notes.includes(note)) notes.push(note); continue; }
    const parent = tf?.frame(frame)?.parent;
    const linked = fixedRoot !== undefined && tf?.rootOf(frame) === fixedRoot;
    notes.push(`${frame} is in TF${parent ? ` (parent ${parent})` : ''}${linked ? `, connected to the fixed frame ${p.state.fixedFrame}` : ''}, so RViz can place it and there is nothing to fix; nothing was changed. To see it, turn on the TF display's frame names or add an Axes display with Reference Frame ${frame}`);
  }
  return notes;
}

/**
 * Takes what is outside RViz and names no display to repair out of a request: notes for it, and the request back
 * ('' when it was all of that). "nothing on screen" becomes a fix of everything, which then says what it found.
 */
export function takeOutsideRviz(p: Planner, text: string): string {
  const tokens = tokenize(text);
  if (!complains(tokens)) return screenComplaint(p, text) ? 'fix everything' : text;
  // "why does the arm look see-through? also turn on TF names": a sentence that complains is read alone; the sentences
  // that ask for a change are planned, and their words ("TF") are not the complaint's.
  const sentences = text.split(/(?<=[.?!;？。])\s*/).filter((x) => x.trim() !== '');
  const complaining = sentences.filter((x) => complains(tokenize(x)));
  // (Not when they point back at what the complaint names: "where is robot2? show its amcl pose".)
  const pointsBack = sentences.some((x) => !complaining.includes(x) && tokenize(x).some((t) => t === 'its' || BACK_POINTERS.has(t)));
  if (complaining.length > 0 && complaining.length < sentences.length && !pointsBack) {
    const before = p.notes.length;
    if (takeOutsideRviz(p, complaining.join(' ')) === '') return sentences.filter((x) => !complaining.includes(x)).join(' ');
    p.notes.splice(before);
    return text;
  }
  if (anyPhrase(tokens, STAMP_WORDS)) {
    p.notes.push(...stampNotes(p, tokens));
    return '';
  }
  // A frame named as written ("base_link is missing", "where is gps_link?"): that frame, whatever part it is.
  const literal = frameNames(p, text);
  const choosing = anyPhrase(tokens, ['fixed frame', 'global frame', 'reference frame', 'as the frame', 'use', 'set', 'make', 'switch', 'change', 'pick', 'choose']);
  // Type words inside the frame's own name ("charger marker") are the frame's.
  const inLiteral = (phrase: string): boolean => literal.some((f) => f.toLowerCase().split(/[_/]+/).join(' ').includes(tokenize(phrase).join(' ')));
  if (literal.length > 0 && !choosing && !p.ctx.catalog.typeMentions(text).some((m) => !['frame', 'frames', 'tf'].includes(tokenize(m.phrase).join(' ')) && !inLiteral(m.phrase))) {
    for (const n of literal.flatMap((f) => frameNotes(p, [f]))) if (!p.notes.includes(n)) p.notes.push(n);
    return '';
  }
  const FRAME_WORDS = ['frame', 'frames', 'tf', 'transform', 'transforms'];
  // A part asked for: where it is, or a repair of its frame ("turn off the wheel frames" is a TF display change).
  const asked = anyPhrase(tokens, [...FIX_PHRASES, 'where', 'find', 'locate', 'missing', 'lost', 'gone']) !== undefined;
  const changes = ['hide', 'remove', 'rename'].includes(findVerb(tokens, [])?.verb ?? '');
  const framed = asked && !changes && [...FRAME_WORDS, 'where', 'find', 'locate', 'missing', 'position'].some((w) => tokens.includes(w));
  const parts = partsIn(tokens).filter((x) => x.part.frames.length > 0);
  // The part words must be all the request names: "fix the robot model" is about the display.
  const typeOutsideParts = p.ctx.catalog.typeMentions(text).some((m) => { const s = hasPhrase(tokens, m.phrase); return s !== undefined && !FRAME_WORDS.includes(tokenize(m.phrase).join(' ')) && !parts.some((x) => x.span.start <= s.start && s.start < x.span.start + x.span.length && s.length <= x.span.length); });
  if (framed && parts.length > 0 && !typeOutsideParts) {
    for (const { part } of parts) for (const n of partNotes(p, part, tokens)) if (!p.notes.includes(n)) p.notes.push(n);
    return '';
  }
  // Any other thing asked for by its frame ("where is the antenna? fix its frame"): its name against TF's frame names.
  const thing = framed && parts.length === 0 && !typeOutsideParts ? askedThing(text) : undefined;
  if (thing && !GENERAL.has(thing) && !namesDisplay(p, tokenize(thing))) {
    const frames = p.ctx.frames.filter((f) => f.toLowerCase().split(/[_/\-.]+/).some((w) => w === thing || w === singular(thing)));
    const notes = frames.length > 0 ? frameNotes(p, frames) : [missingNote(p, `the ${thing}`, [thing])];
    for (const n of notes) if (!p.notes.includes(n)) p.notes.push(n);
    return '';
  }
  return screenComplaint(p, text) ? 'fix everything' : text;
}

const GENERAL = new Set([...GENERAL_WORDS, ...FILLER]);
const NOT_THING = new Set(['frame', 'frames', 'tf', 'link', 'go', 'gone', 'went', 'now', 'at', 'is', 'are', 'in', 'on']);

/** What "where is the X", "the X frame is missing", "can't find the X" asks for: X's head word. */
function askedThing(text: string): string | undefined {
  const t = text.toLowerCase();
  const m = /\bwhere(?:\s+is|\s+are|\s+did|\s+has|\s*'s|\s*’s)?\s+(?:the\s+|my\s+|our\s+|its\s+|that\s+)?([a-z][a-z0-9]*(?:\s+[a-z][a-z0-9]*)?)/.exec(t)
    ?? /\b(?:find|locate)\s+(?:the\s+|my\s+|our\s+|its\s+)?([a-z][a-z0-9]*(?:\s+[a-z][a-z0-9]*)?)/.exec(t)
    ?? /\b(?:the\s+)?([a-z][a-z0-9]*)\s+(?:tf\s+)?(?:frame|link)\s+(?:is\s+|seems\s+|went\s+)?(?:missing|gone|lost)/.exec(t);
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/).filter((w) => !NOT_THING.has(w));
  return words[0];
}

/** The note for a thing no TF frame name holds. */
function missingNote(p: Planner, what: string, stems: readonly string[]): string {
  const s = situation('PART_FRAME_MISSING');
  const list = p.ctx.frames.slice(0, 10).join(', ');
  return `no TF frame of ${what} (no frame name holds ${stems.map((w) => `"${w}"`).join(' or ')}), so RViz cannot show where it is and no RViz setting fixes that; nothing was changed: ${s?.cause ?? 'the robot does not broadcast it'}; TF has ${p.ctx.frames.length ? list + (p.ctx.frames.length > 10 ? ', …' : '') : 'no frames'}; check with \`${s?.check ?? 'ros2 run tf2_tools view_frames'}\``;
}
