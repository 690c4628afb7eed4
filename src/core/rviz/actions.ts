/**
 * The seven document actions. Each is checked, applied as text changes (reparsed after every step),
 * verified, and returns its exact inverse. A list applies atomically: all or nothing.
 */
import { isMap, type YAMLMap } from 'yaml';
import { MARKER_NAMESPACE, markerNamespace } from '../catalog/derived.ts';
import { ACTION_NAMES, BLANK_ACTION, type RvizAction } from './action-types.ts';
import { parse, type ParseOptions, type RvizDocument } from './document.ts';
import {
  addTarget, childrenOf, displayClass, displayName, displayRefs, findDisplay, looseDisplayName, uniqueDisplayName, vmMap, GROUP_CLASS, type DisplayRef,
} from './displays.ts';
import { propertySpec, topicPropertiesOf, type DisplayTypeLookup } from './lookup.ts';
import { planSetProperty, readProperty, splitPath } from './properties.ts';
import { applyChange, diffTexts, matchLineEndings, invertChange, type TextChange } from './text-change.ts';
import { coerceValue, TOPIC_NAME } from './values.ts';
import { dockNames, hasDock, panelNames, windowGeometry } from './window-geometry.ts';
import { appendSeqItem, findPair, insertPair, keyText, removePair, removeSeqItem, renameKey } from './yaml-edit.ts';
import type { EmitMap, EmitValue, YamlScalar } from './yaml-format.ts';

export interface ApplyOptions {
  lookup: DisplayTypeLookup;
  parse?: Partial<ParseOptions>;
}

export interface AppliedAction {
  doc: RvizDocument;
  /** What changed in the text; `inverse` undoes it exactly. */
  change: TextChange;
  inverse: TextChange;
  /** One line for people: `added LaserScan "LaserScan (2)" on /scan`. */
  summary: string;
}

export type ApplyActionResult = ({ ok: true } & AppliedAction) | { ok: false; reason: string };

export type ApplyActionsResult =
  | { ok: true; doc: RvizDocument; change: TextChange; inverse: TextChange; summaries: string[] }
  | { ok: false; index: number; reason: string };

/** An expected failure of one action (bad input, no such display…). */
class ActionError extends Error {}

/** Fill missing fields with empty strings and check the shape of an action from JSON. */
export function normalizeAction(input: unknown): { ok: true; action: RvizAction } | { ok: false; reason: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'rviz: an action must be a JSON object' };
  const o = input as Record<string, unknown>;
  const name = o.action;
  if (typeof name !== 'string' || !(ACTION_NAMES as readonly string[]).includes(name)) {
    return { ok: false, reason: `rviz: unknown action ${JSON.stringify(name)} (actions: ${ACTION_NAMES.join(', ')})` };
  }
  const out: Record<string, string> = { action: name };
  for (const key of Object.keys(BLANK_ACTION)) {
    const v = o[key];
    if (v === undefined || v === null) out[key] = '';
    else if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
    else return { ok: false, reason: `rviz: action field "${key}" must be a string (got ${JSON.stringify(v)})` };
  }
  return { ok: true, action: out as unknown as RvizAction };
}

class Editor {
  public constructor(public doc: RvizDocument, private readonly parseOptions: Partial<ParseOptions>) {}

  public apply(change: TextChange): void {
    const applied = applyChange(this.doc.text, matchLineEndings(this.doc.text, change));
    if (!applied.ok) throw new Error(applied.reason);
    const parsed = parse(applied.text, { ...this.parseOptions, maxBytes: Number.MAX_SAFE_INTEGER });
    if (!parsed.ok) throw new Error(`rviz: internal: an edit produced a document that does not parse (${parsed.reason})`);
    this.doc = parsed.doc;
  }

  public find(query: string): DisplayRef {
    const found = findDisplay(this.doc, query);
    if (!found.ok) throw new ActionError(found.reason);
    return found.ref;
  }
}

function requireText(value: string, what: string, action: string): string {
  const t = value.trim();
  if (t === '') throw new ActionError(`rviz: ${action} needs ${what}`);
  if (/[\n\r]/.test(t)) throw new ActionError(`rviz: ${action}: ${what} must be one line`);
  return t;
}

function checkTopicName(topic: string, action: string): string {
  const t = requireText(topic, 'a topic', action);
  if (/\s/.test(t)) throw new ActionError(`rviz: ${action}: topic "${t}" contains spaces`);
  if (!TOPIC_NAME.test(t)) throw new ActionError(`rviz: ${action}: "${t}" is not a valid ROS 2 topic name (tokens of letters, digits and _, not starting with a digit, separated by /)`);
  return t;
}

/** Interactive markers are named by namespace; people often give the update topic (`/server/update`). */
function topicFor(prop: string, topic: string): string {
  return prop === MARKER_NAMESPACE ? markerNamespace(topic) : topic;
}

const sorted = (m: EmitMap): EmitMap => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function addDisplay(ed: Editor, a: RvizAction, lookup: DisplayTypeLookup): string {
  const typeName = requireText(a.display_type, 'a display_type', 'add_display');
  const spec = lookup.resolveType(typeName);
  if (!spec) throw new ActionError(`rviz: add_display: unknown display type "${typeName}"`);
  // A plain name goes to the top level; `Visualization Manager/Displays/<group>/…/<name>` into that group.
  const target = addTarget(ed.doc, a.display);
  if (!target.ok) throw new ActionError(`rviz: add_display: ${target.reason}`);
  const parent = target.parent;
  const parentPath = parent?.path;
  const refs = displayRefs(ed.doc);
  const name = target.scoped ? uniqueDisplayName(ed.doc, target.name || spec.name, childrenOf(refs, parent)) : uniqueDisplayName(ed.doc, target.name || spec.name);
  const entries: EmitMap = { Class: spec.classId, Enabled: true, Name: name, Value: true };
  let topic = '';
  if (a.topic.trim() !== '') {
    topic = checkTopicName(a.topic, 'add_display');
    const prop = spec.topicProperties[0];
    if (!prop) throw new ActionError(`rviz: add_display: display type ${spec.name} takes no topic (got "${topic}")`);
    topic = topicFor(prop, topic);
    const qos = spec.defaultQos?.[prop];
    // QoS children only where the catalog says this topic property has them (DepthCloud's do not).
    const child = (n: string) => spec.properties.find((p) => p.path === `${prop}/${n}` && p.since === undefined && p.until === undefined);
    const t: EmitMap = { Value: topic };
    if (qos) {
      // As RViz2 saves a new display: the properties' defaults (RobotModel's are 5 / Volatile even though it first
      // subscribes KeepLast(1) Transient Local; writing other values would make RViz2 rebuild its profile from them).
      const put = (n: string, fallback: string | number): void => {
        const c = child(n);
        if (c) t[n] = typeof c.default === 'string' || typeof c.default === 'number' ? c.default : fallback;
      };
      put('Depth', qos.depth);
      put('Durability Policy', qos.durability);
      put('History Policy', qos.history);
      put('Reliability Policy', qos.reliability);
    }
    const filter = child('Filter size');
    if (filter?.default !== undefined) t['Filter size'] = filter.default;
    entries[prop] = Object.keys(t).length > 1 ? sorted(t) : topic;
    // RobotModel reads its description from a file unless told to use the topic.
    if (propertySpec(spec, 'Description Source')) entries['Description Source'] = 'Topic';
  }
  if (spec.classId === GROUP_CLASS) entries.Displays = [] as EmitValue[];
  const owner = parent ? parent.node : vmMap(ed.doc);
  const pair = findPair(owner, 'Displays');
  const before = refs.length;
  ed.apply(pair ? appendSeqItem(ed.doc.text, pair, sorted(entries), Boolean(owner.flow)) : insertPair(ed.doc.text, owner, 'Displays', [sorted(entries)]));
  const after = displayRefs(ed.doc);
  const again = parentPath === undefined ? undefined : after.find((r) => r.path === parentPath);
  const placed = childrenOf(after, again).filter((r) => displayName(r) === name);
  if (after.length !== before + 1 || (parentPath !== undefined && !again) || placed.length !== 1) throw new Error(`rviz: internal: add_display did not add "${name}"`);
  const inGroup = again ? ` in group "${[...again.groupPath, displayName(again)].join('/')}"` : '';
  return `added ${spec.name} "${name}"${inGroup}${topic ? ` on ${topic}` : ''}`;
}

function dockNamesInSubtree(doc: RvizDocument, ref: DisplayRef): string[] {
  return displayRefs(doc).filter((r) => (r.path === ref.path || r.path.startsWith(`${ref.path}/`)) && hasDock(displayClass(r))).map(displayName);
}

function removeDisplay(ed: Editor, a: RvizAction): string {
  const ref = ed.find(requireText(a.display, 'a display', 'remove_display'));
  const name = displayName(ref);
  const docks = dockNamesInSubtree(ed.doc, ref);
  const remaining = dockNames(ed.doc, [ref.path]);
  const index = ref.indexPath[ref.indexPath.length - 1]!;
  ed.apply(removeSeqItem(ed.doc.text, ref.listPair, index, ref.listOwnerFlow));
  const panels = panelNames(ed.doc);
  for (const dock of new Set(docks)) {
    if (remaining.has(dock) || panels.has(dock)) continue;
    const wg = windowGeometry(ed.doc);
    if (wg && findPair(wg, dock)) ed.apply(removePair(ed.doc.text, wg, dock));
  }
  return `removed "${name}"`;
}

function setProp(ed: Editor, ref: DisplayRef, path: string, value: YamlScalar): void {
  const segs = splitPath(path);
  const label = displayName(ref);
  const refPath = ref.path;
  ed.apply(planSetProperty(ed.doc.text, ref.node, segs, value, label));
  const again = findDisplay(ed.doc, refPath);
  const read = again.ok ? readProperty(again.ref.node, path, label) : undefined;
  if (!read?.ok || read.value !== value) throw new Error(`rviz: internal: setting "${path}" of "${label}" did not take effect`);
}

function setTopic(ed: Editor, a: RvizAction, lookup: DisplayTypeLookup): string {
  const ref = ed.find(requireText(a.display, 'a display', 'set_topic'));
  const topic = checkTopicName(a.topic || a.value, 'set_topic');
  const classId = displayClass(ref);
  const props = topicPropertiesOf(lookup.byClass(classId), ref.node.items.map(keyText));
  let prop = a.property.trim();
  if (prop === '') {
    prop = props[0] ?? '';
    if (!prop) throw new ActionError(`rviz: set_topic: display "${displayName(ref)}" (${classId}) has no topic property`);
  } else if (!props.includes(prop)) {
    throw new ActionError(`rviz: set_topic: "${prop}" is not a topic property of "${displayName(ref)}" (${props.join(', ') || 'none'})`);
  }
  const value = topicFor(prop, topic);
  setProp(ed, ref, prop, value);
  return `set ${prop} of "${displayName(ref)}" to ${value}`;
}

/**
 * The property path to write: as the document has it when it has it; otherwise the catalog's spelling
 * (`size (M)` → `Size (m)`); a known class without such a property is an error naming its properties.
 */
function resolvePropertyPath(ref: DisplayRef, path: string, lookup: DisplayTypeLookup): string {
  const spec = lookup.byClass(displayClass(ref));
  if (!spec) return path; // third-party class: no catalog to check against
  if (readProperty(ref.node, path, displayName(ref)).ok) return path;
  if (propertySpec(spec, path)) return path;
  const canonical = lookup.property?.(spec, path);
  if (canonical) return canonical.path;
  const head = splitPath(path)[0]!;
  if (findPair(ref.node, head) && !spec.properties.some((p) => p.path.startsWith(`${head}/`))) return path; // e.g. per-link `Links/base_link/Alpha`
  const names = [...new Set(spec.properties.map((p) => p.path.split('/')[0]!))];
  throw new ActionError(`rviz: set_property: ${spec.name} has no property "${path}" (properties: ${names.join(', ')})`);
}

function setProperty(ed: Editor, a: RvizAction, lookup: DisplayTypeLookup): string {
  const asked = splitPath(requireText(a.property, 'a property', 'set_property')).join('/');
  if (asked === 'Name') return renameDisplay(ed, { ...a, action: 'rename_display' });
  if (asked === 'Enabled' || asked === 'Value') return setEnabled(ed, { ...a, action: 'set_enabled' });
  if (asked === 'Class') throw new ActionError('rviz: set_property cannot change a display\'s Class; remove it and add another');
  if (a.display.trim() === GLOBAL_OPTIONS) return setGlobalOption(ed, asked, a.value, lookup);
  const ref = ed.find(requireText(a.display, 'a display', 'set_property'));
  const path = resolvePropertyPath(ref, asked, lookup);
  const spec = propertySpec(lookup.byClass(displayClass(ref)), path);
  const label = `"${path}" of "${displayName(ref)}"`;
  let value: YamlScalar;
  if (spec && lookup.checkValue) {
    const checked = lookup.checkValue(spec, a.value);
    if (!checked.ok) throw new ActionError(`rviz: set_property on "${displayName(ref)}": ${checked.reason.replace(/^catalog: /, '')}`);
    value = checked.normalized;
    if (spec.kind === 'vector') {
      // RViz2 writes vectors as maps {X, Y, Z}.
      const [x, y, z] = String(value).split(';').map((p) => Number(p.trim()));
      const refPath = ref.path;
      for (const [axis, n] of [['X', x], ['Y', y], ['Z', z]] as const) setProp(ed, ed.find(refPath), `${path}/${axis}`, n!);
      return `set ${path} of "${displayName(ref)}" to ${String(value)}`;
    }
  } else {
    const current = readProperty(ref.node, path, displayName(ref));
    const coerced = coerceValue(a.value, spec, current.ok ? current.value : undefined, label);
    if (!coerced.ok) throw new ActionError(coerced.reason);
    value = coerced.value;
  }
  if (spec?.kind === 'topic') checkTopicName(String(value), 'set_property');
  setProp(ed, ref, path, value);
  return `set ${path} of "${displayName(ref)}" to ${String(value)}`;
}

/** `display: "Global Options"` names the view's own settings (Background Color, Frame Rate…), not a display. */
const GLOBAL_OPTIONS = 'Global Options';

function setGlobalOption(ed: Editor, asked: string, text: string, lookup: DisplayTypeLookup): string {
  const spec = lookup.globalOption?.(asked);
  const key = spec?.path ?? asked;
  if (key === 'Fixed Frame') return setFixedFrame(ed, { ...BLANK_ACTION, action: 'set_fixed_frame', frame: text });
  const vm: YAMLMap = vmMap(ed.doc);
  const go = vm.get(GLOBAL_OPTIONS, true);
  if (go !== undefined && !isMap(go)) throw new ActionError('rviz: set_property: "Global Options" is not a map');
  const current = readProperty(vm, `${GLOBAL_OPTIONS}/${key}`, VM_LABEL);
  // A key the catalog does not know is written only where the file already has it (another RViz version's option).
  if (!spec && lookup.globalOption && !current.ok) throw new ActionError(`rviz: set_property: Global Options has no property "${asked}"`);
  let value: YamlScalar;
  if (spec && lookup.checkValue) {
    const checked = lookup.checkValue(spec, text);
    if (!checked.ok) throw new ActionError(`rviz: set_property on Global Options: ${checked.reason.replace(/^catalog: /, '')}`);
    value = checked.normalized;
  } else {
    const coerced = coerceValue(text, spec, current.ok ? current.value : undefined, `"${key}" of Global Options`);
    if (!coerced.ok) throw new ActionError(coerced.reason);
    value = coerced.value;
  }
  ed.apply(planSetProperty(ed.doc.text, vm, [GLOBAL_OPTIONS, key], value, VM_LABEL));
  const read = readProperty(vmMap(ed.doc), `${GLOBAL_OPTIONS}/${key}`, VM_LABEL);
  if (!read.ok || read.value !== value) throw new Error(`rviz: internal: setting Global Options "${key}" did not take effect`);
  return `set Global Options ${key} to ${String(value)}`;
}

const VM_LABEL = 'Visualization Manager';

function setEnabled(ed: Editor, a: RvizAction): string {
  const ref = ed.find(requireText(a.display, 'a display', 'set_enabled'));
  const v = a.value.trim().toLowerCase();
  if (v !== 'true' && v !== 'false') throw new ActionError(`rviz: set_enabled expects value "true" or "false" (got "${a.value}")`);
  const on = v === 'true';
  const path = ref.path;
  setProp(ed, ref, 'Enabled', on);
  const again = ed.find(path);
  if (findPair(again.node, 'Value')) setProp(ed, again, 'Value', on);
  return `${on ? 'enabled' : 'disabled'} "${displayName(ref)}"`;
}

function renameDisplay(ed: Editor, a: RvizAction): string {
  const ref = ed.find(requireText(a.display, 'a display', 'rename_display'));
  const newName = requireText(a.value, 'the new name in "value"', 'rename_display');
  const oldName = displayName(ref);
  if (newName === oldName) throw new ActionError(`rviz: rename_display: "${oldName}" already has that name`);
  // Names need only be unique within their group (RViz allows "Scan" in both robot1 and robot2).
  const clash = displayRefs(ed.doc).find((r) => r.path !== ref.path && r.listPair === ref.listPair && looseDisplayName(displayName(r)) === looseDisplayName(newName));
  if (clash) throw new ActionError(`rviz: rename_display: another display is already named "${displayName(clash)}" (${clash.path})`);
  const dock = hasDock(displayClass(ref));
  const wg = windowGeometry(ed.doc);
  const moveDock = dock && wg !== undefined && findPair(wg, oldName) !== undefined && !dockNames(ed.doc, [ref.path]).has(oldName) && !panelNames(ed.doc).has(oldName);
  if (moveDock && findPair(wg!, newName)) {
    throw new ActionError(`rviz: rename_display: "${newName}" is already a window (dock) name in Window Geometry; pick another name`);
  }
  setProp(ed, ref, 'Name', newName);
  if (moveDock) {
    const wg2 = windowGeometry(ed.doc)!;
    ed.apply(renameKey(ed.doc.text, findPair(wg2, oldName)!, newName, Boolean(wg2.flow)));
  }
  return `renamed "${oldName}" to "${newName}"`;
}

function setFixedFrame(ed: Editor, a: RvizAction): string {
  const frame = requireText(a.frame || a.value, 'a frame', 'set_fixed_frame');
  if (/\s/.test(frame)) throw new ActionError(`rviz: set_fixed_frame: frame "${frame}" contains spaces`);
  const vm: YAMLMap = vmMap(ed.doc);
  const go = vm.get('Global Options', true);
  if (go !== undefined && !isMap(go)) throw new ActionError('rviz: set_fixed_frame: "Global Options" is not a map');
  ed.apply(planSetProperty(ed.doc.text, vm, ['Global Options', 'Fixed Frame'], frame, 'Visualization Manager'));
  const read = readProperty(vmMap(ed.doc), 'Global Options/Fixed Frame', 'Visualization Manager');
  if (!read.ok || read.value !== frame) throw new Error('rviz: internal: set_fixed_frame did not take effect');
  return `set fixed frame to ${frame}`;
}

function run(ed: Editor, a: RvizAction, lookup: DisplayTypeLookup): string {
  switch (a.action) {
    case 'add_display': return addDisplay(ed, a, lookup);
    case 'remove_display': return removeDisplay(ed, a);
    case 'set_topic': return setTopic(ed, a, lookup);
    case 'set_property': return setProperty(ed, a, lookup);
    case 'set_enabled': return setEnabled(ed, a);
    case 'rename_display': return renameDisplay(ed, a);
    case 'set_fixed_frame': return setFixedFrame(ed, a);
    default: {
      const never: never = a.action;
      throw new ActionError(`rviz: unknown action "${String(never)}"`);
    }
  }
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Apply one action. The document passed in is never modified (documents are immutable values). */
export function applyAction(doc: RvizDocument, action: RvizAction | Record<string, unknown>, options: ApplyOptions): ApplyActionResult {
  const norm = normalizeAction(action);
  if (!norm.ok) return norm;
  const ed = new Editor(doc, options.parse ?? {});
  try {
    const summary = run(ed, norm.action, options.lookup);
    const change = diffTexts(doc.text, ed.doc.text);
    return { ok: true, doc: ed.doc, change, inverse: invertChange(change), summary };
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
}

/** Apply a list of actions all or nothing; a failure names the failing action's index and why. */
export function applyActions(doc: RvizDocument, actions: readonly unknown[], options: ApplyOptions): ApplyActionsResult {
  let current = doc;
  const summaries: string[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(current, actions[i] as Record<string, unknown>, options);
    if (!r.ok) return { ok: false, index: i, reason: `action ${i} (${describeAction(actions[i])}): ${r.reason}` };
    current = r.doc;
    summaries.push(r.summary);
  }
  const change = diffTexts(doc.text, current.text);
  return { ok: true, doc: current, change, inverse: invertChange(change), summaries };
}

function describeAction(a: unknown): string {
  if (typeof a !== 'object' || a === null) return JSON.stringify(a);
  const o = a as Record<string, unknown>;
  return typeof o.action === 'string' ? o.action : 'no "action" field';
}
