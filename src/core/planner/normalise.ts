/**
 * A model's reply, made into actions validate() can judge one by one. Only the reply's shape can fail it as a whole (an
 * object with an array of objects with a known `action`); then each action is normalised the way small models and
 * JSON-mode servers get it wrong: fields left out become "", numbers and booleans become strings, action names, enum
 * values, property paths, frames and topics are matched loosely when only one thing fits. Each repair is said in a note.
 * Nothing here decides whether an action is right: validate() and complete() do.
 */
import type { DisplayTypeSpec, PropertySpec } from '../catalog/index.ts';
import { ACTION_NAMES, BLANK_ACTION, type ActionName, type RejectedAction } from '../rviz/action-types.ts';
import { isDisplayPath, looseDisplayName, VM } from '../rviz/displays.ts';
import { PlanState } from './state.ts';
import { absoluteTopic } from './topics.ts';
import type { PlanContext } from './types.ts';

export interface NormalisedReply {
  /** Flat actions, every field a string (plus the model's `note` when it gave one). */
  actions: Record<string, string>[];
  /** Items that cannot be an action at all (not an object, no known action, a field that is not text). */
  rejected: RejectedAction[];
  /** The model's own notes. */
  notes: string[];
  undoFirst: boolean;
  /** One line per repair, for the plan's notes. */
  repairs: string[];
}

export type ShapeCheck = { ok: true; value: NormalisedReply } | { ok: false; reason: string };

const FIELDS = Object.keys(BLANK_ACTION) as (keyof typeof BLANK_ACTION)[];
const ALL_FIELDS = ['action', ...FIELDS];
const TOPIC_TOKEN = /(?:^|[\s"'`(,;:])(\/?[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)+|\/[A-Za-z_][A-Za-z0-9_]*)/g;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Model text quoted in a note or reason, cut short: it is data, and may be long. */
const clip = (s: string, max = 60): string => (s.length > max ? `${s.slice(0, max)}…` : s);

const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Topic names written in a request (`/points`, `robot2/odom`), absolute. */
export function topicsInRequest(request: string): string[] {
  const out = new Set<string>();
  for (const m of request.matchAll(TOPIC_TOKEN)) out.add(absoluteTopic(m[1]!));
  return [...out];
}

/** `Remove_Display`, `set-property`, `setEnabled` → the action name, when exactly one fits. */
function actionName(raw: unknown): ActionName | undefined {
  if (typeof raw !== 'string') return undefined;
  const key = squash(raw);
  return ACTION_NAMES.find((n) => squash(n) === key);
}

/** Edit distance, small strings only (property paths). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** `Topic/Durability` → `Topic/Durability Policy`: as many segments, each the start of the catalog's. */
function bySegmentPrefix(spec: DisplayTypeSpec, path: string): PropertySpec | undefined {
  const wanted = path.split('/').map(squash);
  if (wanted.some((w) => w === '')) return undefined;
  const hits = spec.properties.filter((p) => {
    const segs = p.path.split('/').map(squash);
    return segs.length === wanted.length && segs.every((s, i) => s.startsWith(wanted[i]!));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The catalog property a model's path means for this type: exact or tolerant lookup, segment prefixes, the property's
 * words, then a near miss (edit distance ≤ 2); each only when exactly one property fits.
 */
function propertyFor(ctx: PlanContext, spec: DisplayTypeSpec, path: string): PropertySpec | undefined {
  const found = ctx.catalog.findProperty(spec, path);
  if (found.ok) return found.property;
  if (/ambiguous/.test(found.reason)) return undefined;
  const prefixed = bySegmentPrefix(spec, path);
  if (prefixed) return prefixed;
  const byWords = ctx.catalog.propertyForWords(spec, path.replace(/[/_]+/g, ' ')).filter((m) => m.via === 'words');
  const paths = [...new Set(byWords.map((m) => m.property.path))];
  if (paths.length === 1) return byWords[0]!.property;
  const key = squash(path);
  if (key.length < 4) return undefined;
  const scored = spec.properties.map((p) => ({ p, d: Math.min(distance(key, squash(p.path)), distance(key, squash(p.path.split('/').at(-1)!))) }));
  const best = Math.min(...scored.map((s) => s.d));
  const near = scored.filter((s) => s.d === best);
  return best <= 2 && near.length === 1 ? near[0]!.p : undefined;
}

/** A TF frame spelled loosely (`Map`, `/robot2/odom`): the one live frame it can mean. */
function frameFor(ctx: PlanContext, raw: string): string {
  const frame = raw.trim().replace(/^\/+/, '');
  if (frame === '' || ctx.frames.length === 0 || ctx.frames.includes(frame) || frame === '<Fixed Frame>') return frame;
  const same = ctx.frames.filter((f) => f.toLowerCase() === frame.toLowerCase());
  return same.length === 1 ? same[0]! : frame;
}

class Repairs {
  public readonly lines: string[] = [];
  private missing = new Map<number, string[]>();
  public fill(index: number, field: string): void {
    this.missing.set(index, [...(this.missing.get(index) ?? []), field]);
  }
  public summary(undoMissing: boolean): string[] {
    const out: string[] = [];
    if (this.missing.size > 0) {
      const which = [...this.missing.keys()].map((i) => i + 1).join(', ');
      out.push(`model reply: fields left out were taken as empty (action${this.missing.size > 1 ? 's' : ''} ${which})`);
    }
    if (undoMissing) out.push('model reply: undo_first was left out; taken as false');
    return [...out, ...this.lines];
  }
}

interface Normaliser {
  ctx: PlanContext;
  state: PlanState;
  requestTopics: Set<string>;
  repairs: Repairs;
}

function topicFor(n: Normaliser, a: Record<string, string>, field: 'topic' | 'value', what: string, changes: string[]): 'ok' | 'invented' {
  const raw = a[field]!.trim();
  if (raw === '') return 'ok';
  let t = absoluteTopic(raw);
  if (t !== raw) changes.push(`${what} "${clip(raw)}" → "${clip(t)}"`);
  const live = n.ctx.topicByName;
  if (!live.has(t)) {
    const same = n.ctx.topics.filter((x) => x.name.toLowerCase() === t.toLowerCase());
    if (same.length === 1) { changes.push(`${what} "${t}" → "${same[0]!.name}"`); t = same[0]!.name; }
  }
  a[field] = t;
  // Without a robot nothing can be judged live; a topic the request names may start publishing later (validate notes it).
  if (n.ctx.topics.length === 0 || live.has(t) || n.requestTopics.has(t)) return 'ok';
  return 'invented';
}

function specOf(n: Normaliser, display: string): DisplayTypeSpec | undefined {
  const found = n.state.find(display);
  return found.ok ? found.display.spec : undefined;
}

/**
 * A new display's name written as a short group path (`robot1/Scan`, `Displays/robot1/Scan`, any case of
 * `visualization manager/displays/…`) whose first part is a group of the document or of the plan: the full path that
 * adds it inside that group. A name whose first part is no group stays a name.
 */
function groupPathFor(n: Normaliser, a: Record<string, string>, changes: string[]): void {
  const raw = a.display!.trim();
  if (!raw.includes('/') || isDisplayPath(raw)) return;
  const rest = raw.replace(/^\/+/, '').replace(/^visualization manager\//i, '').replace(/^displays\//i, '');
  const full = `${VM}/Displays/${rest}`;
  const segs = rest.split('/');
  if (segs.length < 2 || !n.state.walkGroups(segs.slice(0, 1)).ok || !n.state.placeFor(full).ok) return;
  a.display = full;
  changes.push(`display "${clip(raw)}" → "${clip(full)}" (inside that group)`);
}

/** One action: fields to strings, then the names and values that can be matched loosely. */
function normaliseAction(n: Normaliser, o: Record<string, unknown>, index: number): { action: Record<string, string> } | { reason: string } {
  const name = actionName(o.action)!;
  const changes: string[] = [];
  if (o.action !== name) changes.push(`action "${clip(String(o.action))}" → "${name}"`);
  const a: Record<string, string> = { action: name };
  for (const key of FIELDS) {
    const v = o[key];
    if (v === undefined || v === null) { a[key] = ''; if (v === undefined) n.repairs.fill(index, key); }
    else if (typeof v === 'string') a[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') { a[key] = String(v); changes.push(`${key} ${JSON.stringify(v)} → "${String(v)}"`); }
    else return { reason: `field "${key}" must be text (got ${JSON.stringify(v).slice(0, 60)})` };
  }
  if (typeof o.note === 'string' && o.note.trim() !== '') a.note = o.note;
  const extra = Object.keys(o).filter((k) => !ALL_FIELDS.includes(k) && k !== 'note');
  if (extra.length) changes.push(`ignored field${extra.length > 1 ? 's' : ''} ${extra.slice(0, 5).map((k) => `"${clip(k, 30)}"`).join(', ')}${extra.length > 5 ? ', …' : ''}`);

  switch (name) {
    case 'add_display': {
      const spec = a.display_type!.trim() ? n.ctx.catalog.resolveType(a.display_type!) : undefined;
      if (spec && a.display_type !== spec.name && a.display_type !== spec.classId) changes.push(`display_type "${a.display_type}" → "${spec.name}"`);
      if (spec) a.display_type = spec.name;
      if (topicFor(n, a, 'topic', 'topic', changes) === 'invented') {
        changes.push(`topic "${clip(a.topic!)}" is neither live nor in the request; the display takes the live topic for its type`);
        a.topic = '';
      }
      groupPathFor(n, a, changes);
      const placed = n.state.placeFor(a.display!);
      if (spec) n.state.add(spec, placed.ok ? placed.name : a.display!.trim(), a.topic!, placed.ok ? placed.place : undefined);
      break;
    }
    case 'set_topic': {
      const field = a.topic!.trim() === '' && a.value!.trim() !== '' ? 'value' : 'topic';
      if (topicFor(n, a, field, 'topic', changes) === 'invented') {
        return { reason: `"${clip(a[field]!)}" is not a live topic and the request does not name it (set_topic on "${clip(a.display!)}")` };
      }
      break;
    }
    case 'set_property': {
      const spec = specOf(n, a.display!);
      const path = a.property!.trim();
      const prop = spec && path ? propertyFor(n.ctx, spec, path) : undefined;
      if (prop && prop.path !== a.property) {
        a.property = prop.path;
        changes.push(`property "${path}" → "${prop.path}"`);
      }
      if (prop && prop.kind !== 'topic' && prop.kind !== 'frame' && a.value!.trim() !== '') {
        const checked = n.ctx.catalog.checkValue(prop, a.value!);
        if (checked.ok && String(checked.normalized) !== a.value) {
          changes.push(`${prop.path} "${a.value}" → "${String(checked.normalized)}"`);
          a.value = String(checked.normalized);
        }
      }
      if (prop?.kind === 'frame') {
        const f = frameFor(n.ctx, a.value!);
        if (f !== a.value) { changes.push(`frame "${a.value}" → "${f}"`); a.value = f; }
      }
      if (prop?.kind === 'topic' && topicFor(n, a, 'value', prop.path, changes) === 'invented') {
        return { reason: `"${clip(a.value!)}" is not a live topic and the request does not name it (${prop.path} of "${clip(a.display!)}")` };
      }
      break;
    }
    case 'set_enabled': {
      const v = a.value!.trim().toLowerCase();
      if (v !== a.value && (v === 'true' || v === 'false')) { changes.push(`value "${a.value}" → "${v}"`); a.value = v; }
      break;
    }
    case 'set_fixed_frame': {
      const raw = a.frame!.trim() || a.value!.trim();
      const f = frameFor(n.ctx, raw);
      if (a.frame!.trim() === '' && raw !== '') changes.push(`frame taken from value "${clip(raw)}"`);
      if (f !== raw) changes.push(`frame "${clip(raw)}" → "${clip(f)}"`);
      a.frame = f;
      a.value = '';
      break;
    }
    case 'rename_display': {
      const found = n.state.find(a.display!);
      if (found.ok && a.value!.trim()) found.display.name = a.value!.trim();
      break;
    }
    case 'remove_display': {
      const found = n.state.find(a.display!);
      if (found.ok) found.display.removed = true;
      break;
    }
  }
  if (changes.length) n.repairs.lines.push(`model reply, action ${index + 1} (${name}): ${changes.join('; ')}`);
  return { action: a };
}

/** Checks the reply's shape, then normalises each action; `maxActions` more than this fails the reply as a whole. */
export function normaliseReply(value: unknown, ctx: PlanContext, request: string, maxActions: number): ShapeCheck {
  if (!isRecord(value)) return { ok: false, reason: `the reply is ${Array.isArray(value) ? 'an array' : typeof value}, not a JSON object with "actions"` };
  if (!Array.isArray(value.actions)) {
    return { ok: false, reason: `the reply has no array of actions ("actions"${value.actions === undefined ? ' is missing' : ` is ${typeof value.actions}`})` };
  }
  const items = value.actions as unknown[];
  if (items.length > maxActions) return { ok: false, reason: `the reply has ${items.length} actions; at most ${maxActions} are allowed` };
  const known = items.filter((x) => isRecord(x) && actionName(x.action));
  if (items.length > 0 && known.length === 0) {
    return { ok: false, reason: `none of the ${items.length} actions is an object with a known "action" (${ACTION_NAMES.join(', ')})` };
  }
  const repairs = new Repairs();
  const n: Normaliser = { ctx, state: new PlanState(ctx), requestTopics: new Set(topicsInRequest(request)), repairs };
  const actions: Record<string, string>[] = [];
  const rejected: RejectedAction[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    if (!isRecord(item)) { rejected.push({ action: { value: String(JSON.stringify(item)).slice(0, 200) }, reason: `action ${index + 1} is not a JSON object` }); return; }
    if (!actionName(item.action)) {
      rejected.push({ action: item, reason: `unknown action ${JSON.stringify(item.action)} (actions: ${ACTION_NAMES.join(', ')})` });
      return;
    }
    const r = normaliseAction(n, item, index);
    if ('reason' in r) { rejected.push({ action: item, reason: r.reason }); return; }
    const key = JSON.stringify(ALL_FIELDS.map((f) => (f === 'display' ? looseDisplayName(r.action[f]!) : r.action[f]!.trim())));
    const first = seen.get(key);
    if (first !== undefined) { repairs.lines.push(`model reply, action ${index + 1}: dropped, the same as action ${first + 1}`); return; }
    seen.set(key, index);
    actions.push(r.action);
  });
  const notes: string[] = [];
  if (Array.isArray(value.notes)) notes.push(...value.notes.filter((x): x is string => typeof x === 'string' && x.trim() !== ''));
  else if (typeof value.notes === 'string' && value.notes.trim() !== '') { notes.push(value.notes); repairs.lines.push('model reply: notes was one text, not a list'); }
  let undoFirst = false;
  const undo = value.undo_first;
  if (typeof undo === 'boolean') undoFirst = undo;
  else if (typeof undo === 'string' && /^(true|false)$/i.test(undo.trim())) { undoFirst = undo.trim().toLowerCase() === 'true'; repairs.lines.push(`model reply: undo_first "${clip(undo)}" → ${undoFirst}`); }
  else if (undo !== undefined && undo !== null) repairs.lines.push(`model reply: undo_first ${JSON.stringify(undo).slice(0, 40)} is not true or false; taken as false`);
  return { ok: true, value: { actions, rejected, notes, undoFirst, repairs: repairs.summary(undo === undefined) } };
}
