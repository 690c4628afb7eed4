/**
 * The offline planner: a deterministic proposer that understands common requests without a model. It reads verbs
 * (lexicon.ts), display types, properties and values by the catalog's words, topic and display names, namespaces
 * ("robot2", "the other robot"), the fixed frame, colours, sizes, alpha, styles and decay, rename, undo, and "fix"
 * requests from the findings. What it did not understand it says in a note; an empty plan with a note is valid.
 */
import type { DisplayTypeSpec, PropertySpec } from '../../catalog/index.ts';
import { splitCamel, tokenize } from '../../catalog/text.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import { BLANK_ACTION } from '../../rviz/action-types.ts';
import { qosFixes, qosTopicProperty, requestedQos } from '../qos-fix.ts';
import { PlanState, type VirtualDisplay } from '../state.ts';
import { absoluteTopic, fittingType, isPublishing, topicsForSpec } from '../topics.ts';
import type { PlanContext, PlannerTurn, Proposal, ProposalInput, Proposer } from '../types.ts';
import { ALL_WORDS, BIGGER, FILLER, FIX_PHRASES, NEGATIONS, OTHER_ONE, SMALLER, UNDO_PHRASES, VERB_PHRASES, type Verb } from './lexicon.ts';
import {
  colourIn, displayMentions, hasPhrase, isPropertyWord, numbersIn, overlaps, slashNames, typeMentions, type Span, type TypeMention,
} from './mentions.ts';

/** One thing a clause is about: a display (existing or to add) of a type, possibly narrowed by topic or namespace. */
interface Target {
  spec?: DisplayTypeSpec;
  displays: VirtualDisplay[];
  /** Topic for a display to add. */
  topics: string[];
  phrase: string;
  plural: boolean;
  span?: Span;
  /** The clause's other words ("zone 12", "camera 3"), to pick among many live topics. */
  context?: string[];
}

interface Planner {
  ctx: PlanContext;
  state: PlanState;
  actions: RvizAction[];
  notes: string[];
  history: readonly PlannerTurn[];
  /** Targets of the previous clause, for "and make it red". */
  last: Target[];
  /** The previous clause's verb, for "hide the costmaps and the scan". */
  lastVerb?: Verb;
}

const act = (a: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction => ({ ...BLANK_ACTION, ...a });

function findVerb(tokens: readonly string[], masked: readonly Span[]): { verb: Verb; span: Span } | undefined {
  let best: { verb: Verb; span: Span } | undefined;
  for (const [phrase, verb] of VERB_PHRASES) {
    const span = hasPhrase(tokens, phrase);
    if (!span || masked.some((m) => overlaps(m, span))) continue;
    if (!best || span.start < best.span.start || (span.start === best.span.start && span.length > best.span.length)) best = { verb, span };
  }
  return best;
}

function anyPhrase(tokens: readonly string[], phrases: readonly string[]): Span | undefined {
  for (const p of phrases) {
    const s = hasPhrase(tokens, p);
    if (s) return s;
  }
  return undefined;
}

/** Split a request into clauses at commas, semicolons, "and", "then", "but", "also" — not inside "black and white". */
export function clauses(text: string): string[] {
  return text
    .split(/\s*(?:[;,]|\.\s|\bthen\b|\bbut\b|\balso\b|\band\b(?!\s+white))\s*/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

function topicTokens(name: string): string[] {
  return tokenize(name).flatMap((t) => t.split('_'));
}

function singularTokens(words: readonly string[]): string[] {
  return words.map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Namespace a clause points at: named (`robot2`) or "the other robot" relative to the last turn. */
function namespaceOf(p: Planner, tokens: readonly string[]): string | undefined {
  const ns = p.ctx.namespaces.find((n) => tokens.includes(n.toLowerCase()));
  if (ns) return ns;
  if (!anyPhrase(tokens, OTHER_ONE) || p.ctx.namespaces.length < 2) return undefined;
  const used = lastNamespace(p);
  const others = p.ctx.namespaces.filter((n) => n !== used);
  return used ? others[0] : p.ctx.namespaces[1];
}

function lastNamespace(p: Planner): string | undefined {
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

function namespaceNamed(tokens: readonly string[], ns: string): boolean {
  return tokens.includes(ns.toLowerCase()) || Boolean(anyPhrase(tokens, OTHER_ONE));
}

function inNamespace(topic: string, ns: string | undefined): boolean {
  return ns === undefined || topic.startsWith(`/${ns}/`);
}

/** Live topics for a type that fit a phrase ("local plan" → /local_plan), best first; the conventional one wins ties. */
function rankTopics(p: Planner, spec: DisplayTypeSpec, phrase: string, ns: string | undefined, clauseTokens: readonly string[]): string[] {
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
  return scored.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).map((s) => s.name);
}

function displayTopic(d: VirtualDisplay): string {
  return d.spec?.topicProperties[0] ? d.topics.get(d.spec.topicProperties[0]) ?? '' : [...d.topics.values()][0] ?? '';
}

/** Displays of a type that fit the words used ("costmaps" → Map displays on costmap topics) and the namespace. */
function displaysFor(p: Planner, spec: DisplayTypeSpec, phrase: string, ns: string | undefined, topics: string[]): VirtualDisplay[] {
  let pool = p.state.live().filter((d) => d.classId === spec.classId);
  if (topics.length) return pool.filter((d) => topics.includes(displayTopic(d)));
  if (ns) pool = pool.filter((d) => inNamespace(displayTopic(d), ns) || tokenize(d.name).includes(ns.toLowerCase()));
  const want = singularTokens(tokenize(phrase));
  // The displays whose topic and name share the most words with the phrase ("local costmap" → Local Costmap).
  const overlap = (d: VirtualDisplay): number => {
    const have = new Set(singularTokens([...topicTokens(displayTopic(d)), ...tokenize(splitCamel(d.name))]));
    return want.filter((w) => have.has(w)).length;
  };
  const best = Math.max(0, ...pool.map(overlap));
  if (best > 0) return pool.filter((d) => overlap(d) === best);
  if (spec.topicProperties.length === 0) return pool;
  // No display shares a word: generic words ("lidar") mean every display of the type; a qualifier ("local") means a
  // kind no display shows yet.
  const generic = new Set([...spec.words.filter((w) => !w.includes(' ')), ...tokenize(splitCamel(spec.name))].map((w) => singularTokens([w])[0]!));
  return want.every((w) => generic.has(w)) ? pool : [];
}




function addDisplay(p: Planner, spec: DisplayTypeSpec, topic: string): VirtualDisplay {
  const d = p.state.add(spec, '', topic);
  p.actions.push(act({ action: 'add_display', display_type: spec.name, topic, display: d.name }));
  return d;
}

/** The properties a clause sets on one display type, with values; relative sizes and alpha read the current value. */
function propertySettings(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, text: string, masked: readonly Span[], tokens: readonly string[]):
  { settings: { path: string; value: string }[]; unclear: string[] } {
  const settings: { path: string; value: string }[] = [];
  const unclear: string[] = [];
  // Named things and articles leave the text, so "colour the depth points by height" reads "colour by height".
  const visible = tokens.filter((t, i) => !masked.some((m) => i >= m.start && i < m.start + m.length) && !ARTICLES.has(t)).join(' ');
  const numbers = numbersIn(text);
  const colour = colourIn(text);
  const current = (path: string): number | undefined => {
    const v = d ? p.state.valueOf(d, path) : spec.properties.find((x) => x.path === path)?.default?.toString();
    const n = v === undefined ? NaN : Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  const negated = Boolean(anyPhrase(tokens, NEGATIONS));
  const bigger = anyPhrase(tokens, BIGGER);
  const smaller = anyPhrase(tokens, SMALLER);
  const used = new Set<string>();
  let numberUsed = false;
  const numberFor = (prop: PropertySpec): number | undefined => {
    if (numbers.length === 0 || numberUsed) return undefined;
    const n = numbers[0]!;
    numberUsed = true;
    if (n.percent && prop.max === 1) return n.value / 100;
    return n.value;
  };
  for (const m of p.ctx.catalog.propertyForWords(spec, visible)) {
    let prop = m.property;
    // "bigger points" names a size; the one that applies in the display's current style is meant.
    if (isSizeLike(prop) && m.value === undefined) {
      const applies = sizeProperty(p, d, spec);
      if (applies && applies !== prop && (applies.requires ?? []).length > 0) prop = applies;
    }
    if (prop.kind === 'topic' || used.has(prop.path)) continue;
    if (m.via === 'requires') continue; // complete() adds dependencies, with reasons
    let value: string | undefined = m.value;
    if (value === undefined) {
      switch (prop.kind) {
        case 'color': value = colour; break;
        case 'bool': value = String(!negated); break;
        case 'int':
        case 'float': value = numericValue(prop, numberFor(prop), current(prop.path), m.matched, tokens, bigger, smaller); break;
        default: break;
      }
    }
    if (value === undefined && prop.kind === 'enum') {
      const dep = dependantValue(spec, prop, tokenize(visible));
      if (dep && !used.has(dep.path)) { used.add(dep.path); settings.push(dep); continue; }
    }
    if (value === undefined) {
      unclear.push(`${prop.path}${prop.kind === 'enum' ? ` (one of ${(prop.values ?? []).join(', ')})` : ''}`);
      continue;
    }
    used.add(prop.path);
    settings.push({ path: prop.path, value });
  }
  // A duration with no property named ("for 2 seconds"): the display's time setting (Decay Time, …).
  const duration = numbers.find((n) => n.unit !== undefined && /^s/.test(n.unit));
  if (duration && !numberUsed) {
    const timed = spec.properties.find((x) => (x.kind === 'float' || x.kind === 'int') && /time/i.test(x.path) && !used.has(x.path));
    if (timed) { settings.push({ path: timed.path, value: round(duration.value) }); numberUsed = true; }
  }
  // A length with no property named ("5 cm"): the size that applies now.
  const length = numbers.find((n) => n.unit !== undefined && !/^s/.test(n.unit) && n.unit !== '%');
  if (length && !numberUsed) {
    const size = sizeProperty(p, d, spec, true);
    if (size && !used.has(size.path)) { settings.push({ path: size.path, value: round(length.value) }); numberUsed = true; used.add(size.path); }
  }
  // A colour with no colour property named: the display's main colour.
  if (colour && !settings.some((s) => spec.properties.find((x) => x.path === s.path)?.kind === 'color')) {
    const main = spec.properties.find((x) => x.kind === 'color' && x.path === 'Color') ?? spec.properties.find((x) => x.kind === 'color');
    if (main) settings.push({ path: main.path, value: colour });
  }
  // "bigger" / "smaller" with no size named: the size that applies in the display's current style.
  if ((bigger || smaller) && !settings.some((s) => isSizeLike(spec.properties.find((x) => x.path === s.path)))) {
    const size = sizeProperty(p, d, spec);
    if (size) {
      const v = numericValue(size, undefined, current(size.path), '', tokens, bigger, smaller);
      if (v !== undefined) settings.push({ path: size.path, value: v });
    }
  }
  return { settings, unclear };
}

const ARTICLES = new Set(['the', 'a', 'an', 'it', 'its', 'them', 'their', 'this', 'that', 'these', 'those', 'please', 'pls']);

/** "colour by z": an enum named without a value, whose dependant names a value (Axis = Z needs AxisColor). */
function dependantValue(spec: DisplayTypeSpec, prop: PropertySpec, tokens: readonly string[]): { path: string; value: string } | undefined {
  for (const q of spec.properties) {
    if (!(q.requires ?? []).some((r) => r.path === prop.path)) continue;
    for (const vw of q.valueWords ?? []) {
      if (vw.words.some((w) => hasPhrase(tokens, w))) return { path: q.path, value: vw.value };
    }
  }
  return undefined;
}

function isSizeLike(prop: PropertySpec | undefined): boolean {
  if (!prop || (prop.kind !== 'float' && prop.kind !== 'int') || !/size|width|scale|radius|diameter/i.test(prop.path)) return false;
  // Queue sizes under a topic (`Topic/Filter size`) are not drawing sizes.
  const segs = prop.path.split('/');
  return segs.length === 1 || !/Topic$/.test(segs[0]!);
}

/** Among size-like properties, those whose `requires` hold now; one with requirements (more specific) first. */
function sizeProperty(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, metres = false): PropertySpec | undefined {
  const holds = (prop: PropertySpec): boolean => (prop.requires ?? []).every((r) => {
    const v = d ? p.state.valueOf(d, r.path) : spec.properties.find((x) => x.path === r.path)?.default?.toString();
    return v !== undefined && v.toLowerCase() === r.value.toLowerCase();
  });
  const sizes = spec.properties.filter((x) => isSizeLike(x) && (x.words ?? []).some((w) => /size|width|thick/.test(w)) && holds(x)
    && (!metres || !/pixel/i.test(x.path)));
  return sizes.find((x) => (x.requires ?? []).length > 0) ?? sizes[0];
}

function round(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/** A numeric value: the number written, or a relative change of the current one, or an alpha phrase. */
function numericValue(prop: PropertySpec, written: number | undefined, current: number | undefined, matched: string, tokens: readonly string[],
  bigger: Span | undefined, smaller: Span | undefined): string | undefined {
  const isAlpha = prop.max === 1 && prop.min === 0;
  const clamp = (n: number): number => Math.min(prop.max ?? Infinity, Math.max(prop.min ?? -Infinity, n));
  if (isAlpha) {
    const transparentWord = /transparen|translucent|see through/.test(matched) || tokens.some((t) => /^transparen|^translucent/.test(t));
    if (written !== undefined) return round(clamp(transparentWord && !/alpha|opacity|opaque/.test(matched) ? 1 - written : written));
    const cur = current ?? 1;
    if (hasPhrase(tokens, 'more transparent') || hasPhrase(tokens, 'less opaque')) return round(clamp(cur * 0.5));
    if (hasPhrase(tokens, 'less transparent') || hasPhrase(tokens, 'more opaque')) return round(clamp(cur + (1 - cur) / 2));
    if (/opaque|opacity/.test(matched) && !transparentWord) return '1';
    if (hasPhrase(tokens, 'fully transparent') || hasPhrase(tokens, 'invisible')) return '0';
    if (transparentWord) return round(clamp(Math.min(cur, 0.5)));
    return undefined;
  }
  if (written !== undefined) return round(clamp(written));
  if (current === undefined) return undefined;
  const factor = hasPhrase(tokens, 'much') || hasPhrase(tokens, 'lot') ? 4 : 2;
  if (bigger) return round(clamp(current * factor));
  if (smaller) return round(clamp(current / factor));
  return undefined;
}

/** Fixes for a display from the robot's facts: QoS from its publishers, a silent or wrongly typed topic, off. */
function fixDisplay(p: Planner, d: VirtualDisplay): number {
  let count = 0;
  const spec = d.spec;
  if (!d.enabled) {
    p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'true' }));
    d.enabled = true;
    count++;
  }
  const prop = qosTopicProperty(spec);
  const topicName = displayTopic(d);
  const topic = topicName ? p.ctx.topicByName.get(absoluteTopic(topicName)) : undefined;
  if (spec && spec.topicProperties[0] && (!topic || !isPublishing(topic) || (spec.messageTypes.length && !spec.messageTypes.includes(topic.type)))) {
    const alternatives = topicsForSpec(p.ctx, spec).filter(isPublishing);
    const pick = alternatives.length === 1 ? alternatives[0] : alternatives.find((t) => t.name === spec.conventionalTopic);
    if (pick && pick.name !== topicName) {
      p.actions.push(act({ action: 'set_topic', display: d.name, topic: pick.name }));
      d.topics.set(spec.topicProperties[0], pick.name);
      count++;
      const fixes = prop ? qosFixes(pick, prop, requestedQos(spec, prop, d.docProps)) : [];
      for (const f of fixes) { p.actions.push(act({ action: 'set_property', display: d.name, property: f.property, value: f.value })); count++; }
      return count;
    }
    if (!topic || !isPublishing(topic)) p.notes.push(`${d.name}: ${topicName || 'its topic'} has no publisher and no other live topic carries ${spec.messageTypes.join(' or ')}`);
    else p.notes.push(`${d.name}: ${topic.name} carries ${topic.type}, which ${spec.name} cannot show, and no other topic fits`);
  }
  if (prop && topic) {
    const planned = (path: string): string | undefined => d.planProps.get(path);
    const req = requestedQos(spec, prop, d.docProps);
    const fixes = qosFixes(topic, prop, { reliability: planned(`${prop}/Reliability Policy`) ?? req.reliability, durability: planned(`${prop}/Durability Policy`) ?? req.durability });
    for (const f of fixes) {
      p.actions.push(act({ action: 'set_property', display: d.name, property: f.property, value: f.value }));
      d.planProps.set(f.property, f.value);
      count++;
    }
  }
  return count;
}

function fixFrame(p: Planner): number {
  const ctx = p.ctx;
  if (ctx.frames.length === 0 || !p.state.fixedFrame || ctx.tf?.hasFrame(p.state.fixedFrame)) return 0;
  const frame = ['map', 'odom', 'world'].find((f) => ctx.tf?.hasFrame(f)) ?? ctx.tf?.roots[0];
  if (!frame) return 0;
  p.actions.push(act({ action: 'set_fixed_frame', frame }));
  p.state.fixedFrame = frame;
  return 1;
}

/** Displays a finding or our own check says are not receiving. */
function troubled(p: Planner): VirtualDisplay[] {
  const named = new Set(p.ctx.findings.filter((f) => f.severity !== 'info').map((f) => f.subject.display ?? (f.subject.kind === 'display' ? f.subject.name : '')));
  return p.state.live().filter((d) => {
    if (named.has(d.name)) return true;
    if (!d.enabled || !d.spec?.topicProperties[0]) return false;
    const topic = displayTopic(d) ? p.ctx.topicByName.get(absoluteTopic(displayTopic(d))) : undefined;
    if (!topic) return p.ctx.snapshot !== undefined && displayTopic(d) !== '';
    if (d.spec.messageTypes.length > 0 && !d.spec.messageTypes.includes(topic.type)) return true;
    const prop = qosTopicProperty(d.spec);
    return prop !== undefined && qosFixes(topic, prop, requestedQos(d.spec, prop, d.docProps)).length > 0;
  });
}

/** "fixed frame odom", "use map as the fixed frame", "set the frame to base_link", "frame: odom". Removes what it used. */
function takeFixedFrame(p: Planner, text: string): string {
  const frameWord = '(fixed\\s+frame|global\\s+frame|reference\\s+frame|frame)';
  const name = '([A-Za-z0-9_][A-Za-z0-9_./-]*)';
  const patterns: { re: RegExp; connector: (m: RegExpExecArray) => boolean; nameAt: number; wordAt: number }[] = [
    { re: new RegExp(`(?:use|make|set|pick|choose)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+(?:as\\s+|be\\s+)?(?:the\\s+)?(?:new\\s+)?${frameWord}`, 'i'), connector: () => true, nameAt: 1, wordAt: 2 },
    { re: new RegExp(`(?:view|see|show)\\s+(?:it\\s+|everything\\s+|things\\s+)?(?:in|from|relative\\s+to)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+${frameWord}`, 'i'), connector: () => true, nameAt: 1, wordAt: 2 },
    { re: new RegExp(`(?:(?:set|change|switch|make|put|use)\\s+)?(?:the\\s+)?${frameWord}(\\s*(?:to|=|:|as|is|->)\\s*|\\s+)(?:be\\s+)?['"\`]?/?${name}['"\`]?`, 'i'), connector: (m) => m[2]!.trim() !== '', nameAt: 3, wordAt: 1 },
  ];
  for (const { re, connector, nameAt, wordAt } of patterns) {
    const m = re.exec(text);
    if (!m) continue;
    const frame = m[nameAt]!.replace(/[.,;!?]+$/, '');
    const known = p.ctx.frames.find((f) => f.toLowerCase() === frame.toLowerCase());
    const plainFrameWord = /^frame$/i.test(m[wordAt]!.trim());
    const looksLikeFrame = /[_/0-9]/.test(frame) || ['map', 'odom', 'world', 'base'].includes(frame.toLowerCase());
    if (FILLER.has(frame.toLowerCase()) && !known) continue;
    // "frame names", "frame rate": only a known frame, a frame-like id, or an explicit "to"/":" makes it a fixed frame.
    if (!known && !looksLikeFrame && (plainFrameWord || !connector(m))) continue;
    const chosen = known ?? frame;
    p.actions.push(act({ action: 'set_fixed_frame', frame: chosen }));
    p.state.fixedFrame = chosen;
    return text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
  }
  return text;
}

/** "rename X to Y", "call X Y", "name the X display Y". */
function takeRename(p: Planner, clause: string): boolean {
  const m = /\b(?:rename|call|name)\s+(?:the\s+)?(.+?)\s+(?:display\s+)?(?:to|as|into)\s+["'“]?(.+?)["'”]?\s*$/i.exec(clause)
    ?? /\b(?:call|name)\s+(?:the\s+)?(.+?)\s+["'“](.+?)["'”]\s*$/i.exec(clause);
  if (!m) return false;
  const what = m[1]!.replace(/\s+display$/i, '');
  const newName = m[2]!.trim();
  const targets = resolveTargets(p, what, tokenize(what), []).flatMap((t) => t.displays);
  if (targets.length !== 1) {
    p.notes.push(targets.length === 0 ? `no display matches "${what}" to rename` : `"${what}" matches several displays (${targets.map((d) => d.name).join(', ')}); say which one to rename`);
    return true;
  }
  const d = targets[0]!;
  p.actions.push(act({ action: 'rename_display', display: d.name, value: newName }));
  d.name = newName;
  p.last = [{ spec: d.spec, displays: [d], topics: [], phrase: newName, plural: false }];
  return true;
}

/** What a clause is about, from display names, topic names and type words (in that order of precedence). */
function resolveTargets(p: Planner, clause: string, tokens: string[], taken: Span[]): Target[] {
  const targets: Target[] = [];
  const ns = namespaceOf(p, tokens);
  const nsSpan = ns ? hasPhrase(tokens, ns.toLowerCase()) : anyPhrase(tokens, OTHER_ONE);
  if (nsSpan) taken.push(nsSpan);
  for (const m of displayMentions(tokens, p.state.live(), taken)) {
    const existing = targets.find((t) => t.span && t.span.start === m.start);
    if (existing) existing.displays.push(m.display);
    else targets.push({ spec: m.display.spec, displays: [m.display], topics: [], phrase: m.display.name, plural: false, span: m });
  }
  for (const raw of slashNames(clause)) {
    const name = absoluteTopic(raw);
    const topic = p.ctx.topicByName.get(name);
    const spec = topic ? p.ctx.catalog.forMessageType(topic.type)[0] : undefined;
    // Displays already on it, if they can show its type (a wrongly typed one is a finding, not what was asked for).
    const showing = p.state.live().filter((d) => [...d.topics.values()].includes(name) && (!topic || !d.spec || d.spec.messageTypes.includes(topic.type)));
    for (const t of tokenize(raw)) { const i = tokens.indexOf(t); if (i >= 0) taken.push({ start: i, length: 1 }); }
    targets.push({ spec: showing[0]?.spec ?? spec, displays: showing, topics: [name], phrase: name, plural: false });
  }
  const mentions: TypeMention[] = typeMentions(tokens, p.ctx.catalog.displays, taken);
  const anchors = [...targets.map((t) => t.spec).filter((s): s is DisplayTypeSpec => s !== undefined), ...mentions.map((m) => m.spec)];
  for (const m of mentions) {
    // A word that is a property or value of another thing named here ("by axis", "as points", "the costmap colour
    // scheme for the map") is not a display.
    const others = [...anchors];
    others.splice(others.indexOf(m.spec), 1);
    const other = others.find((s) => isPropertyWord(s, m.phrase));
    if (other && anchors.length > 1) {
      const at = taken.findIndex((x) => x.start === m.start && x.length === m.length);
      if (at >= 0) taken.splice(at, 1);
      continue;
    }
    if (targets.some((t) => t.span && !t.topics.length && t.spec === m.spec && t.displays.length)) continue; // "the Waypoints markers"
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
    // A clause that names a topic: type words describe a display for it ("a marker display for /waypoints").
    const topicTargets = targets.filter((t) => t.topics.length > 0);
    if (topicTargets.length > 0) {
      const fits = topicTargets.find((t) => { const info = p.ctx.topicByName.get(t.topics[0]!); return !info || m.spec.messageTypes.includes(info.type); });
      if (fits) { if (fits.spec !== m.spec && fits.displays.length === 0) fits.spec = m.spec; fits.span = m; }
      continue;
    }
    const all = Boolean(anyPhrase(tokens, ALL_WORDS));
    let spec = m.spec;
    let displays = displaysFor(p, spec, m.phrase, ns, []);
    if (displays.length === 0) {
      spec = fittingType(p.ctx, spec, m.phrase);
      if (spec !== m.spec) displays = displaysFor(p, spec, m.phrase, ns, []);
    }
    targets.push({ spec, displays, topics: [], phrase: m.phrase, plural: !m.exact || all, span: m, context: tokens });
  }
  // "hide robot2", "show only robot1": a namespace alone names every display of that robot.
  if (ns && targets.length === 0 && namespaceNamed(tokens, ns)) {
    const mine = p.state.live().filter((d) => d.classId !== 'rviz_common/Group' && (inNamespace(displayTopic(d), ns) || tokenize(d.name).includes(ns.toLowerCase())));
    if (mine.length) targets.push({ displays: mine, topics: [], phrase: ns, plural: true, span: nsSpan, context: tokens });
  }
  if (ns) {
    for (const t of targets) {
      if (t.topics.length || !t.spec) continue;
      t.displays = t.displays.filter((d) => inNamespace(displayTopic(d), ns) || tokenize(d.name).includes(ns.toLowerCase()));
      t.topics = rankTopics(p, t.spec, t.phrase, ns, tokens).slice(0, 1);
    }
  }
  return targets;
}

/** Targets inherited by a clause that names none: the previous clause's, else the last turn's displays. */
function inherited(p: Planner): Target[] {
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
  if (out.length === 0) {
    // The last request by its words (e.g. the plan was undone): re-read what it was about.
    const tokens = tokenize(lastTurn.request);
    return resolveTargets(p, lastTurn.request, tokens, []).filter((t) => t.spec);
  }
  return out;
}

/** "hide everything except the map", "only show the scan": every other display is hidden. */
function exceptOthers(p: Planner, tokens: readonly string[], verb: Verb | undefined, targets: Target[]): boolean {
  const except = anyPhrase(tokens, ['except', 'apart from', 'other than', 'besides', 'save for']);
  const only = anyPhrase(tokens, ['only']);
  const everything = anyPhrase(tokens, ['everything', 'all', 'every display', 'the rest', 'others']);
  if (!((except && (everything || verb === 'hide')) || (only && verb === 'show'))) return false;
  const keep = new Set(targets.flatMap((t) => targetsOrAdd(p, t, verb === 'show')));
  for (const d of keep) if (!d.enabled) { p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'true' })); d.enabled = true; }
  // Groups holding a kept display stay on.
  const keptGroups = new Set([...keep].flatMap((d) => d.groupPath));
  const hiddenGroups = new Set<string>();
  for (const d of p.state.live()) {
    if (keep.has(d) || !d.enabled || keptGroups.has(d.name)) continue;
    if (d.groupPath.some((g) => hiddenGroups.has(g))) continue; // hidden with its group
    p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'false' }));
    d.enabled = false;
    if (d.classId === 'rviz_common/Group') hiddenGroups.add(d.name);
  }
  return true;
}

function handleClause(p: Planner, clause: string): void {
  if (takeRename(p, clause)) return;
  const tokens = tokenize(clause);
  const taken: Span[] = [];
  let targets = resolveTargets(p, clause, tokens, taken);
  const verbHit = findVerb(tokens, taken);
  const fixSpan = anyPhrase(tokens, FIX_PHRASES);
  let verb: Verb | undefined = fixSpan ? 'fix' : verbHit?.verb;
  const ownVerb = verb;
  if (!verb && targets.length > 0 && p.lastVerb && p.lastVerb !== 'rename') verb = p.lastVerb;
  p.lastVerb = ownVerb ?? p.lastVerb;
  // "colour by", "use rainbow": a setting verb can be part of a property's words, so only other verbs are masked.
  const masked = [...taken, ...(verbHit && verbHit.verb !== 'set' ? [verbHit.span] : []), ...(fixSpan ? [fixSpan] : [])];
  // Words right after a named thing belong to it ("scan points", "map display"): mask one following token that is a
  // value word, so it is not read as a setting.
  for (const t of targets) {
    const next = t.span ? tokens[t.span.start + t.span.length] : undefined;
    // "scan points bigger", "scan dots 5 cm": a type or value word right after the named thing is part of the noun.
    const nounLike = next !== undefined && (p.ctx.catalog.typesForWords(next).length > 0 || (t.spec !== undefined && isPropertyWord(t.spec, next)
      && t.spec.properties.some((x) => (x.valueWords ?? []).some((vw) => vw.words.includes(next)))));
    const notLast = t.span !== undefined && t.span.start + t.span.length + 1 < tokens.length;
    if (t.span && nounLike && notLast) masked.push({ start: t.span.start + t.span.length, length: 1 });
  }

  if (verb === 'fix') {
    if (targets.length === 0 && p.last.length > 0) {
      p.last = [];
      return; // "…, fix it": the previous clause already named what to fix
    }
    const pool = targets.length ? targets.flatMap((t) => t.displays.length ? t.displays : p.state.live().filter((d) => d.classId === t.spec?.classId)) : troubled(p);
    let count = 0;
    for (const d of new Set(pool)) count += fixDisplay(p, d);
    if (targets.length === 0 || /\bframe|\btf\b/i.test(clause)) count += fixFrame(p);
    if (count === 0) p.notes.push(targets.length ? `found nothing to fix on ${[...new Set(pool)].map((d) => d.name).join(', ') || targets.map((t) => t.phrase).join(', ')}` : 'found nothing to fix: every display receives with matching QoS');
    p.last = targets;
    return;
  }

  if (targets.length > 0 && exceptOthers(p, tokens, verb, targets)) { p.last = targets; return; }
  const usable = targets.length > 0;
  if (!usable) targets = inherited(p);
  if (targets.length === 0) {
    const meaningful = tokens.filter((t, i) => !FILLER.has(t) && !masked.some((m) => i >= m.start && i < m.start + m.length));
    if (meaningful.length > 0) p.notes.push(`did not understand "${clause}"`);
    return;
  }
  if (!verb) verb = 'show';
  for (const target of targets) applyVerb(p, verb, target, clause, tokens, masked);
  p.last = targets;
}

function applyVerb(p: Planner, verb: Verb, t: Target, clause: string, tokens: string[], masked: Span[]): void {
  const spec = t.spec;
  if (verb === 'hide' || verb === 'remove') {
    // "hide the TF names" sets a property, not the display.
    if (verb === 'hide' && spec) {
      const bools = settingsFor(p, t.displays[0], spec, clause, masked, tokens).settings.filter((s) => spec.properties.find((x) => x.path === s.path)?.kind === 'bool');
      if (bools.length) { for (const d of targetsOrAdd(p, t)) for (const s of bools) p.actions.push(act({ action: 'set_property', display: d.name, property: s.path, value: 'false' })); return; }
    }
    if (t.displays.length === 0) { p.notes.push(`no ${spec?.name ?? t.phrase} display to ${verb}`); return; }
    if (verb === 'remove' && t.displays.length > 1 && !t.plural) {
      p.notes.push(`"${t.phrase}" matches several displays (${t.displays.map((d) => d.name).join(', ')}); say which one to remove, or say "all"`);
      return;
    }
    for (const d of t.displays) {
      if (verb === 'remove') { p.actions.push(act({ action: 'remove_display', display: d.name })); d.removed = true; }
      else if (d.enabled) { p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'false' })); d.enabled = false; }
      else p.notes.push(`${d.name} is already hidden`);
    }
    return;
  }
  if (!spec && t.displays.length > 0 && verb === 'show') {
    for (const d of t.displays) if (!d.enabled) { p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'true' })); d.enabled = true; }
    return;
  }
  if (!spec) { p.notes.push(`do not know which display shows ${t.phrase}`); return; }
  const displays = targetsOrAdd(p, t, verb === 'show' || verb === 'set' || verb === 'rename');
  const shown = new Set<VirtualDisplay>();
  for (const d of displays) {
    if (!d.added && !d.enabled && verb !== 'rename') { p.actions.push(act({ action: 'set_enabled', display: d.name, value: 'true' })); d.enabled = true; shown.add(d); }
    const { settings, unclear } = settingsFor(p, d, spec, clause, masked, tokens);
    for (const s of settings) {
      p.actions.push(act({ action: 'set_property', display: d.name, property: s.path, value: s.value }));
      d.planProps.set(s.path, s.value);
    }
    if (unclear.length && settings.length === 0) p.notes.push(`${d.name}: which value for ${unclear.join(', ')}?`);
    else if (settings.length === 0 && !d.added && !shown.has(d) && fixDisplay(p, d) === 0) {
      p.notes.push(`"${d.name}" is already shown${displayTopic(d) ? ` (${displayTopic(d)})` : ''}`);
    }
  }
}

function settingsFor(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, clause: string, masked: Span[], tokens: string[]) {
  return propertySettings(p, d, spec, clause, masked, tokens);
}

/** The displays a target means; adds one per topic when there is none (a plural adds one per fitting live topic). */
function targetsOrAdd(p: Planner, t: Target, mayAdd = true): VirtualDisplay[] {
  if (t.displays.length) return t.displays;
  if (!mayAdd || !t.spec) return [];
  let topics = t.topics;
  if (topics.length === 0 && t.spec.topicProperties.length) {
    const ranked = rankTopics(p, t.spec, t.phrase, undefined, t.context ?? tokenize(t.phrase));
    const want = singularTokens(tokenize(t.phrase));
    const fitting = ranked.filter((name) => want.every((w) => singularTokens(topicTokens(name)).includes(w)));
    topics = t.plural && fitting.length > 1 ? fitting : ranked.slice(0, 1);
    // Say so when a qualifier ("local" in "local costmap") fits no live topic and another topic stands in.
    const single = new Set(t.spec.words.filter((w) => !w.includes(' ')).map((w) => singularTokens([w])[0]!));
    const chosen = topics[0] ? singularTokens(topicTokens(topics[0])) : [];
    const unmatched = want.filter((w) => !chosen.includes(w) && !single.has(w) && !tokenize(splitCamel(t.spec!.name)).includes(w));
    if (topics[0] && unmatched.length > 0) p.notes.push(`no live ${t.spec.name} topic matches "${t.phrase}"; using ${topics[0]}`);
  }
  if (topics.length === 0 && t.spec.topicProperties.length > 0 && !t.spec.conventionalTopic) {
    p.notes.push(`no live topic carries ${t.spec.messageTypes.join(' or ')} for a ${t.spec.name} display; name the topic to add one anyway`);
    return [];
  }
  if (topics.length === 0) return [addDisplay(p, t.spec, '')];
  const added = topics.map((topic) => addDisplay(p, t.spec!, topic));
  t.displays = added;
  return added;
}

/**
 * "hide the global and local costmaps", "show robot1 and robot2 scans": a clause of only qualifiers borrows the noun
 * that ends the next clause.
 */
function distribute(p: Planner, parts: string[]): string[] {
  const out = [...parts];
  for (let i = 0; i + 1 < out.length; i++) {
    const tokens = tokenize(out[i]!);
    if (p.ctx.catalog.typesForWords(out[i]!).length > 0 || slashNames(out[i]!).length > 0) continue;
    const verbs = new Set(VERB_PHRASES.map(([w]) => w));
    const rest = tokens.filter((t) => !FILLER.has(t) && !verbs.has(t));
    if (rest.length === 0 || rest.length > 2) continue;
    const next = tokenize(out[i + 1]!);
    const last = next[next.length - 1];
    if (!last || p.ctx.catalog.typesForWords(last).length === 0) continue;
    out[i] = `${out[i]} ${last}`;
  }
  return out;
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
  let replay = lastTurn.request;
  if (from) replay = replay.replace(new RegExp(`\\b${from}\\b`, 'gi'), ns);
  if (!new RegExp(`\\b${ns}\\b`, 'i').test(replay)) replay = `${replay} on ${ns}`;
  for (const c of clauses(replay)) handleClause(p, c);
  return true;
}

export function planOffline(input: Pick<ProposalInput, 'request' | 'context' | 'history' | 'undoContext'>): Proposal {
  let text = input.request.trim();
  let undoFirst = false;
  const undo = UNDO_PHRASES.find((u) => new RegExp(`^\\s*(?:please\\s+)?${u}\\b`, 'i').test(text));
  // After "undo that", the rest is planned against the document as the undo leaves it.
  const ctx = undo && input.undoContext ? input.undoContext() : input.context;
  const p: Planner = { ctx, state: new PlanState(ctx), actions: [], notes: [], history: input.history, last: [] };
  if (undo) {
    undoFirst = true;
    text = text.replace(new RegExp(`^\\s*(?:please\\s+)?${undo}\\b[\\s,;.]*(?:and\\s+(?:then\\s+)?|then\\s+|instead\\s+)?`, 'i'), '');
  }
  for (const ns of ctx.namespaces) {
    const m = /^([a-z_]+?)_?(\d+)$/i.exec(ns);
    if (m) text = text.replace(new RegExp(`\\b${m[1]}[\\s_-]?${m[2]}\\b`, 'gi'), ns);
  }
  text = takeFixedFrame(p, text).replace(/\b(everything|all|every display)\s+but\b/gi, '$1 except');
  if (!replayForNamespace(p, text)) for (const c of distribute(p, clauses(text))) handleClause(p, c);
  if (p.actions.length === 0 && p.notes.length === 0 && !undoFirst) p.notes.push(`did not understand "${input.request.trim()}"`);
  return { actions: p.actions, notes: p.notes, ...(undoFirst ? { undoFirst } : {}) };
}

/** The offline planner as a proposer (the default when no model is configured). */
export function createOfflineProposer(): Proposer {
  return {
    id: 'offline',
    usesPrompt: false,
    propose: async (input) => planOffline(input),
  };
}
