/**
 * validate(): every proposed action is checked against the document, the catalog and the live robot, in order, on the
 * state the earlier actions leave. A refused action keeps its reason; an accepted one may carry a note ("not publishing
 * yet", "frame not in the TF tree"). Nothing here applies anything.
 */
import { GLOBAL_OPTIONS, globalOptionSpecs, isGlobalOptions } from '../catalog/global-options.ts';
import { looseDisplayName } from '../rviz/displays.ts';
import { BLANK_ACTION, type PlannedAction, type RejectedAction, type RvizAction } from '../rviz/action-types.ts';
import { normalizeAction } from '../rviz/actions.ts';
import { splitPath } from '../rviz/properties.ts';
import { PlanState, readPlain, type VirtualDisplay } from './state.ts';
import { absoluteTopic, checkTopicFor, defaultTopicFor } from './topics.ts';
import type { PlanContext } from './types.ts';

export interface Validated {
  actions: PlannedAction[];
  rejected: RejectedAction[];
  notes: string[];
  /** The displays as the accepted actions leave them (complete() continues from here). */
  state: PlanState;
}

class Refused extends Error {}

const TRUE = new Set(['true', 'yes', 'on', '1', 'enabled', 'enable', 'show', 'visible']);
const FALSE = new Set(['false', 'no', 'off', '0', 'disabled', 'disable', 'hide', 'hidden']);
const FRAME_ID = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

function joinNotes(...notes: (string | undefined)[]): string {
  return notes.filter((n): n is string => Boolean(n)).join('; ');
}

function asRecord(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { value: raw };
}

/** A frame the TF tree does not have: allowed (it may appear later) with a note. */
export function frameNote(ctx: PlanContext, frame: string): string | undefined {
  if (ctx.frames.length === 0 || frame === '<Fixed Frame>' || ctx.tf?.hasFrame(frame)) return undefined;
  const shown = ctx.frames.length > 12 ? `${ctx.frames.slice(0, 12).join(', ')}, …` : ctx.frames.join(', ');
  return `frame '${frame}' is not in the TF tree (frames: ${shown})`;
}

function target(state: PlanState, a: RvizAction): VirtualDisplay {
  const found = state.find(a.display);
  if (!found.ok) throw new Refused(found.reason);
  return found.display;
}

function checkAdd(state: PlanState, a: RvizAction): { action: RvizAction; note?: string } {
  const ctx = state.context;
  const typeText = a.display_type.trim();
  if (typeText === '') throw new Refused('add_display needs a display_type');
  const spec = ctx.catalog.resolveType(typeText);
  if (!spec) throw new Refused(`unknown display type "${typeText}" (types: ${ctx.catalog.displays.map((d) => d.name).join(', ')})`);
  const prop = spec.topicProperties[0];
  let topic = a.topic.trim();
  let note: string | undefined;
  if (!prop) {
    if (topic) note = `${spec.name} takes no topic; ignored ${topic}`;
    topic = '';
  } else if (topic === '') {
    const chosen = defaultTopicFor(ctx, spec);
    if (!chosen) throw new Refused(`add_display ${spec.name}: no topic named and no live topic carries ${spec.messageTypes.join(' or ')}`);
    topic = chosen.topic;
    note = chosen.note;
  }
  if (topic) {
    const check = checkTopicFor(ctx, spec, prop!, topic);
    if (!check.ok) throw new Refused(check.reason);
    topic = absoluteTopic(topic);
    note = joinNotes(note, check.note);
  }
  // `display` may be a path into a group, existing or added earlier in the plan (`Visualization Manager/Displays/robot1/Scan`).
  const placed = state.placeFor(a.display);
  if (!placed.ok) throw new Refused(`add_display ${spec.name}: ${placed.reason}`);
  const d = state.add(spec, placed.name, topic, placed.place);
  return { action: { ...a, display_type: spec.classId, topic, display: placed.place ? state.addressOf(d) : d.name }, note };
}

function checkSetTopic(state: PlanState, a: RvizAction): { action: RvizAction; note?: string } {
  const d = target(state, a);
  const spec = d.spec;
  const props = spec ? spec.topicProperties : [...d.topics.keys()];
  let prop = a.property.trim();
  if (prop === '') prop = props[0] ?? '';
  if (!prop) throw new Refused(`display "${d.name}" (${d.classId}) has no topic property`);
  if (!props.includes(prop)) throw new Refused(`"${prop}" is not a topic property of "${d.name}" (${props.join(', ')})`);
  const topic = (a.topic || a.value).trim();
  if (topic === '') throw new Refused(`set_topic on "${d.name}" needs a topic`);
  const check = checkTopicFor(state.context, spec, prop, topic);
  if (!check.ok) throw new Refused(check.reason);
  d.topics.set(prop, absoluteTopic(topic));
  return { action: { ...a, display: state.handle(d), topic: absoluteTopic(topic), property: prop === props[0] ? '' : prop, value: '' }, note: check.note };
}

/** Canonical path of a property: catalog spelling (`Color Transformer/Axis` → `Axis`), else as the document has it. */
function resolvePath(state: PlanState, d: VirtualDisplay, path: string): string {
  const spec = d.spec;
  const found = spec ? state.context.catalog.findProperty(spec, path) : undefined;
  if (found?.ok) return found.property.path;
  const joined = splitPath(path).join('/');
  // A key the document itself has (a plugin's own setting); the whole path must be there, or applying it would fail.
  if (d.docProps && readPlain(d.docProps, joined) !== undefined) return joined;
  if (d.added) return splitPath(path).join('/');
  if (!spec && !d.docProps) return splitPath(path).join('/');
  throw new Refused(found && !found.ok ? found.reason.replace(/^catalog: /, '') : `"${d.name}" has no property "${path}"`);
}

function checkSetProperty(state: PlanState, a: RvizAction): { action: RvizAction; note?: string } {
  const raw = splitPath(a.property.trim()).join('/');
  if (raw === '') throw new Refused('set_property needs a property');
  if (raw === 'Name') return checkRename(state, { ...a, action: 'rename_display' });
  if (raw === 'Enabled' || raw === 'Value') return checkEnabled(state, { ...a, action: 'set_enabled' });
  if (raw === 'Class') throw new Refused('set_property cannot change a display\'s Class; remove it and add another');
  if (isGlobalOptions(a.display)) return checkGlobalOption(state, a, raw);
  const d = target(state, a);
  const path = resolvePath(state, d, raw);
  const propSpec = d.spec?.properties.find((p) => p.path === path);
  let value = a.value;
  let note: string | undefined;
  if (propSpec) {
    const checked = state.context.catalog.checkValue(propSpec, value);
    if (!checked.ok) throw new Refused(`${d.name}: ${checked.reason}`);
    value = String(checked.normalized);
    if (propSpec.kind === 'topic') {
      const check = checkTopicFor(state.context, d.spec, path, value);
      if (!check.ok) throw new Refused(check.reason);
      note = check.note;
      d.topics.set(path, value);
    }
    if (propSpec.kind === 'frame') note = frameNote(state.context, value);
  } else if (/[\n\r]/.test(value)) {
    throw new Refused(`${d.name}: the value of "${path}" spans lines`);
  }
  d.planProps.set(path, value);
  return { action: { ...a, display: state.handle(d), property: path, value }, note };
}

/** `display: "Global Options"`: the view's own settings, checked against catalog/global-options.json. */
function checkGlobalOption(state: PlanState, a: RvizAction, raw: string): { action: RvizAction; note?: string } {
  const spec = state.context.catalog.globalOption(raw);
  if (!spec) throw new Refused(`Global Options has no property "${raw}" (properties: ${globalOptionSpecs.map((p) => p.path).join(', ')})`);
  if (spec.path === 'Fixed Frame') return checkFixedFrame(state, { ...a, action: 'set_fixed_frame', frame: a.value, value: '', display: '', property: '' });
  const checked = state.context.catalog.checkValue(spec, a.value);
  if (!checked.ok) throw new Refused(`Global Options: ${checked.reason.replace(/^catalog: /, '')}`);
  return { action: { ...a, display: GLOBAL_OPTIONS, property: spec.path, value: String(checked.normalized) } };
}

function checkEnabled(state: PlanState, a: RvizAction): { action: RvizAction } {
  const d = target(state, a);
  const v = a.value.trim().toLowerCase();
  const on = TRUE.has(v) ? true : FALSE.has(v) ? false : undefined;
  if (on === undefined) throw new Refused(`set_enabled on "${d.name}" expects true or false (got "${a.value}")`);
  d.enabled = on;
  return { action: { ...a, display: state.handle(d), value: String(on) } };
}

function checkRename(state: PlanState, a: RvizAction): { action: RvizAction } {
  const d = target(state, a);
  const name = a.value.trim();
  if (name === '' || /[\n\r]/.test(name)) throw new Refused(`rename_display on "${d.name}" needs the new name in "value"`);
  if (name === d.name) throw new Refused(`"${d.name}" already has that name`);
  // Names need only be unique within their group, as in RViz.
  const clash = state.children(d.parent).find((x) => x !== d && looseDisplayName(x.name) === looseDisplayName(name));
  if (clash) throw new Refused(`another display is already named "${clash.name}"`);
  const handle = state.handle(d);
  d.name = name;
  return { action: { ...a, display: handle, value: name } };
}

function checkRemove(state: PlanState, a: RvizAction): { action: RvizAction } {
  const d = target(state, a);
  const handle = state.handle(d);
  d.removed = true;
  return { action: { ...a, display: handle } };
}

function checkFixedFrame(state: PlanState, a: RvizAction): { action: RvizAction; note?: string } {
  const frame = (a.frame || a.value).trim().replace(/^\/+/, '');
  if (frame === '') throw new Refused('set_fixed_frame needs a frame');
  if (!FRAME_ID.test(frame)) throw new Refused(`"${frame}" is not a valid TF frame id`);
  state.fixedFrame = frame;
  return { action: { ...a, frame, value: '' }, note: frameNote(state.context, frame) };
}

function checkOne(state: PlanState, a: RvizAction): { action: RvizAction; note?: string } {
  switch (a.action) {
    case 'add_display': return checkAdd(state, a);
    case 'remove_display': return checkRemove(state, a);
    case 'set_topic': return checkSetTopic(state, a);
    case 'set_property': return checkSetProperty(state, a);
    case 'set_enabled': return checkEnabled(state, a);
    case 'rename_display': return checkRename(state, a);
    case 'set_fixed_frame': return checkFixedFrame(state, a);
  }
}

/** Check proposed actions in order; each is accepted (with an optional note) or rejected with its reason. */
export function validate(proposed: readonly unknown[], context: PlanContext, state = new PlanState(context)): Validated {
  const actions: PlannedAction[] = [];
  const rejected: RejectedAction[] = [];
  for (const raw of proposed) {
    const norm = normalizeAction(raw);
    if (!norm.ok) {
      rejected.push({ action: asRecord(raw), reason: norm.reason.replace(/^rviz: /, '') });
      continue;
    }
    const proposedNote = typeof (raw as Record<string, unknown>).note === 'string' ? String((raw as Record<string, unknown>).note) : '';
    // The words a proposer cites for an action (the offline planner's accounting) travel with it.
    const from = (raw as Record<string, unknown>).from;
    try {
      const { action, note } = checkOne(state, norm.action);
      actions.push({ ...BLANK_ACTION, ...action, origin: 'model', checked: true, note: joinNotes(proposedNote, note), ...(typeof from === 'string' && from !== '' ? { from } : {}) });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      rejected.push({ action: norm.action as RejectedAction['action'], reason: err.message });
    }
  }
  return { actions, rejected, notes: [], state };
}
