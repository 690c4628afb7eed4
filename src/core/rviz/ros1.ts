/**
 * ROS 1 rviz configs → RViz2: class ids (`rviz/LaserScan` → `rviz_default_plugins/LaserScan`, panels
 * → `rviz_common/…`), `Unreliable` → `Topic/Reliability Policy`, `Queue Size` → `Topic/Depth`, and the
 * few properties that were renamed. Everything it cannot convert is listed, never dropped silently.
 */
import { isMap, isScalar, isSeq, type Pair, type YAMLMap } from 'yaml';
import type { RvizDocument, ParseOptions } from './document.ts';
import { parse } from './document.ts';
import { displayRefs, findDisplay, scalarString, type DisplayRef } from './displays.ts';
import type { DisplayTypeLookup } from './lookup.ts';
import { planSetProperty, readProperty } from './properties.ts';
import { applyChange, diffTexts, matchLineEndings, type TextChange } from './text-change.ts';
import { findPair, keyText, rangeOf, removePair, renameKey, setPairScalar } from './yaml-edit.ts';
import { formatScalar } from './yaml-format.ts';

/** RViz2's default display class names (rviz_default_plugins/plugins_description.xml). */
const DEFAULT_DISPLAYS = [
  'AccelStamped', 'Axes', 'Camera', 'CameraInfo', 'DepthCloud', 'Effort', 'FluidPressure', 'Grid', 'GridCells', 'Illuminance', 'Image',
  'InteractiveMarkers', 'LaserScan', 'Map', 'Marker', 'MarkerArray', 'Odometry', 'Path', 'PointCloud', 'PointCloud2', 'PointStamped',
  'Polygon', 'Pose', 'PoseArray', 'PoseWithCovariance', 'Range', 'RelativeHumidity', 'RobotModel', 'TF', 'Temperature', 'TwistStamped', 'Wrench',
];
/** ROS 1 names that changed. */
const DISPLAY_RENAMES: Record<string, string> = { WrenchStamped: 'rviz_default_plugins/Wrench', Group: 'rviz_common/Group' };
const TOOLS = ['MoveCamera', 'Select', 'FocusCamera', 'Measure', 'SetInitialPose', 'SetGoal', 'PublishPoint', 'Interact'];
const VIEWS = ['Orbit', 'XYOrbit', 'FPS', 'TopDownOrtho', 'ThirdPersonFollower'];
const PANELS = ['Displays', 'Help', 'Selection', 'Time', 'Tool Properties', 'Transformation', 'Views'];

export interface ConversionNote {
  /** Key path in the document: `Visualization Manager/Displays/4`, `Panels/5`. */
  path: string;
  /** What it is: `display "Imu" (rviz_plugin_tutorials/Imu)`. */
  subject: string;
  message: string;
}

export interface ConversionResult {
  ok: true;
  doc: RvizDocument;
  change: TextChange;
  /** What was converted, one line each. */
  converted: string[];
  /** What could not be converted and was kept as it was. */
  unconverted: ConversionNote[];
}

export type ConvertResult = ConversionResult | { ok: false; reason: string };

type Place = 'panel' | 'display' | 'tool' | 'view' | 'other';

interface ClassSite { path: string; place: Place; pair: Pair; value: string; owner: YAMLMap }

function collectClassSites(doc: RvizDocument): ClassSite[] {
  const out: ClassSite[] = [];
  const walk = (node: unknown, path: string[], place: Place): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = keyText(pair);
        if (k === 'Class' && isScalar(pair.value)) {
          out.push({ path: path.join('/'), place, pair, value: String(pair.value.value ?? ''), owner: node });
          continue;
        }
        let next = place;
        if (path.length === 0 && k === 'Panels') next = 'panel';
        else if (path.length === 1 && path[0] === 'Visualization Manager') {
          next = k === 'Displays' ? 'display' : k === 'Tools' ? 'tool' : k === 'Views' ? 'view' : 'other';
        }
        walk(pair.value, [...path, k], next);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, [...path, String(i)], place));
    }
  };
  walk(doc.yaml.contents, [], 'other');
  return out;
}

function ros2Class(site: ClassSite, lookup: DisplayTypeLookup | undefined): string | undefined {
  const name = site.value.slice('rviz/'.length);
  switch (site.place) {
    case 'panel': return PANELS.includes(name) ? `rviz_common/${name}` : undefined;
    case 'tool': return TOOLS.includes(name) ? `rviz_default_plugins/${name}` : undefined;
    case 'view': return VIEWS.includes(name) ? `rviz_default_plugins/${name}` : undefined;
    case 'display': {
      if (DISPLAY_RENAMES[name]) return DISPLAY_RENAMES[name];
      const id = `rviz_default_plugins/${name}`;
      return DEFAULT_DISPLAYS.includes(name) || lookup?.byClass(id) ? id : undefined;
    }
    default: return undefined;
  }
}

/** True when the document uses ROS 1 `rviz/…` classes anywhere. */
export function isRos1(doc: RvizDocument): boolean {
  return collectClassSites(doc).some((s) => s.value.startsWith('rviz/'));
}

class Converter {
  public converted: string[] = [];
  public unconverted: ConversionNote[] = [];
  public constructor(public doc: RvizDocument, private readonly parseOptions: Partial<ParseOptions>) {}

  public apply(change: TextChange): void {
    const applied = applyChange(this.doc.text, matchLineEndings(this.doc.text, change));
    if (!applied.ok) throw new Error(applied.reason);
    const parsed = parse(applied.text, { ...this.parseOptions, maxBytes: Number.MAX_SAFE_INTEGER });
    if (!parsed.ok) throw new Error(`rviz: internal: conversion produced a document that does not parse (${parsed.reason})`);
    this.doc = parsed.doc;
  }

  public display(path: string): DisplayRef {
    const f = findDisplay(this.doc, path);
    if (!f.ok) throw new Error(`rviz: internal: ${f.reason}`);
    return f.ref;
  }
}

function label(ref: DisplayRef): string {
  return `display "${scalarString(ref.node, 'Name') ?? ''}"`;
}

interface Step {
  change: TextChange;
  /** Recorded when the step finishes a conversion. */
  converted?: string;
  unconverted?: string;
}

/**
 * The next edit one (already renamed) ROS 1 display needs, judged from its current state, or undefined when it is done.
 * Idempotent by design, so the edits of all displays can be made in rounds: one reparse per round, not per edit.
 */
function nextStep(text: string, ref: DisplayRef, oldClass: string): Step | undefined {
  const name = oldClass.slice('rviz/'.length);
  const node = ref.node;
  const flow = Boolean(node.flow);
  const subject = label(ref);
  const at = ref.path;
  const has = (k: string): Pair | undefined => findPair(node, k);
  const scalarOf = (p: Pair): unknown => (isScalar(p.value) ? p.value.value : undefined);
  const read = (path: string): unknown => {
    const r = readProperty(node, path, subject);
    return r.ok ? r.value : undefined;
  };
  const set = (segs: string[], value: string | number | boolean): Step => ({ change: planSetProperty(text, node, segs, value, subject) });

  // Marker displays called their topic "Marker Topic", Image and Camera "Image Topic".
  for (const oldKey of ['Marker Topic', 'Image Topic']) {
    const p = has(oldKey);
    if (p && !has('Topic')) return { change: renameKey(text, p, 'Topic', flow), converted: `${at}: ${subject}: "${oldKey}" → "Topic"` };
  }
  // Interactive markers: ROS 1 names the update topic; RViz2 names the namespace.
  const update = has('Update Topic');
  if (name === 'InteractiveMarkers' && update && !has('Interactive Markers Namespace')) {
    const topic = String(scalarOf(update) ?? '');
    return { change: renameKey(text, update, 'Interactive Markers Namespace', flow), converted: `${at}: ${subject}: "Update Topic: ${topic}" → "Interactive Markers Namespace"` };
  }
  const ns = has('Interactive Markers Namespace');
  if (name === 'InteractiveMarkers' && ns && /\/update$/.test(String(scalarOf(ns) ?? ''))) {
    return { change: setPairScalar(text, ns, String(scalarOf(ns)).replace(/\/update$/, ''), flow) };
  }
  const topic = has('Topic') ? 'Topic' : undefined;
  const unreliable = has('Unreliable');
  if (unreliable) {
    const v = scalarOf(unreliable);
    if (topic && typeof v === 'boolean') {
      const policy = v ? 'Best Effort' : 'Reliable';
      if (read(`${topic}/Reliability Policy`) !== policy) return set([topic, 'Reliability Policy'], policy);
      return { change: removePair(text, node, 'Unreliable'), converted: `${at}: ${subject}: "Unreliable: ${v}" → "Topic/Reliability Policy: ${policy}"` };
    }
    return { change: removePair(text, node, 'Unreliable'), unconverted: `dropped "Unreliable: ${String(v)}" (no Topic property to carry a Reliability Policy)` };
  }
  const queue = has('Queue Size');
  if (queue && name !== 'DepthCloud') {
    const v = scalarOf(queue);
    if (topic && typeof v === 'number' && Number.isInteger(v) && v >= 1) {
      if (read(`${topic}/Depth`) !== v) return set([topic, 'Depth'], v);
      return { change: removePair(text, node, 'Queue Size'), converted: `${at}: ${subject}: "Queue Size: ${v}" → "Topic/Depth: ${v}"` };
    }
    return { change: removePair(text, node, 'Queue Size'), unconverted: `dropped "Queue Size: ${String(v)}" (no Topic property or not a positive whole number)` };
  }
  // ROS 1 RobotModel read a parameter; RViz2 subscribes to a topic of the same name.
  const desc = has('Robot Description');
  if (name === 'RobotModel' && desc) {
    const param = String(scalarOf(desc) ?? 'robot_description');
    if (!has('Description Source')) return set(['Description Source'], 'Topic');
    if (read('Description Topic') !== param) return set(['Description Topic', 'Value'], param);
    return { change: removePair(text, node, 'Robot Description'), converted: `${at}: ${subject}: parameter "Robot Description: ${param}" → "Description Topic: ${param}" (Description Source: Topic)` };
  }
  // RViz2 picks the image transport from the topic's last part; a raw hint is the default.
  const hint = has('Transport Hint');
  if (hint && String(scalarOf(hint) ?? '') === 'raw') {
    return { change: removePair(text, node, 'Transport Hint'), converted: `${at}: ${subject}: dropped "Transport Hint: raw" (RViz2 uses raw unless the topic ends in a transport name)` };
  }
  return undefined;
}

/** Run every display's steps in rounds; disjoint edits of one round are spliced from the end, then reparsed once. */
function convertDisplays(c: Converter, displays: Map<string, string>): void {
  const hints = new Set<string>();
  for (let round = 0; round < 50; round++) {
    const refs = new Map(displayRefs(c.doc).map((r) => [r.path, r]));
    const steps: { path: string; step: Step }[] = [];
    for (const [path, oldClass] of displays) {
      const ref = refs.get(path);
      if (!ref) continue;
      const step = nextStep(c.doc.text, ref, oldClass);
      if (step) steps.push({ path, step });
      const hint = findPair(ref.node, 'Transport Hint');
      if (hint && isScalar(hint.value) && String(hint.value.value) !== 'raw' && !hints.has(path)) {
        hints.add(path);
        c.unconverted.push({ path, subject: label(ref), message: `"Transport Hint: ${String(hint.value.value)}" kept; in RViz2 subscribe to the topic ending in "/${String(hint.value.value)}" instead` });
      }
    }
    if (steps.length === 0) return;
    steps.sort((a, b) => b.step.change.at - a.step.change.at);
    let text = c.doc.text;
    let limit = Number.POSITIVE_INFINITY;
    for (const { path, step } of steps) {
      const { at, removed } = step.change;
      if (at + removed.length > limit || at === limit) continue; // touches a later edit of this round: next round
      const applied = applyChange(text, matchLineEndings(text, step.change));
      if (!applied.ok) throw new Error(applied.reason);
      text = applied.text;
      limit = at;
      if (step.converted) c.converted.push(step.converted);
      if (step.unconverted) c.unconverted.push({ path, subject: label(refs.get(path)!), message: step.unconverted });
    }
    c.apply(diffTexts(c.doc.text, text));
  }
  throw new Error('rviz: internal: ROS 1 display conversion did not settle');
}

/** Convert a ROS 1 config. A document with no `rviz/…` classes comes back unchanged with a note. */
export function convertRos1(doc: RvizDocument, options: { lookup?: DisplayTypeLookup; parse?: Partial<ParseOptions> } = {}): ConvertResult {
  const c = new Converter(doc, options.parse ?? {});
  try {
    const sites = collectClassSites(doc);
    const ros1Sites = sites.filter((s) => s.value.startsWith('rviz/'));
    if (ros1Sites.length === 0) {
      return { ok: true, doc, change: diffTexts(doc.text, doc.text), converted: [], unconverted: [] };
    }
    const ros1DisplayPaths = new Map<string, string>();
    const renames: { at: number; removed: string; inserted: string }[] = [];
    for (const site of sites) {
      const name = scalarString(site.owner, 'Name') ?? site.value.split('/').pop() ?? site.value;
      if (!site.value.startsWith('rviz/')) {
        if (site.place === 'display' && !/^rviz_(default_plugins|common)\//.test(site.value)) {
          c.unconverted.push({ path: site.path, subject: `display "${name}" (${site.value})`, message: 'third-party class kept as is; check that a ROS 2 build of its plugin exists' });
        }
        continue;
      }
      const target = ros2Class(site, options.lookup);
      if (!target) {
        c.unconverted.push({ path: site.path, subject: `${site.place} "${name}" (${site.value})`, message: `no RViz2 equivalent of ${site.value}; kept as is (RViz2 will show it as failed)` });
        continue;
      }
      const [s, e] = rangeOf(site.pair.value);
      renames.push({ at: s, removed: doc.text.slice(s, e), inserted: formatScalar(target) });
      c.converted.push(`${site.path}: ${site.value} → ${target}`);
      if (site.place === 'display') ros1DisplayPaths.set(site.path, site.value);
    }
    // Class values are disjoint spans: replace from the end so earlier offsets stay valid.
    let text = doc.text;
    for (const r of [...renames].sort((a, b) => b.at - a.at)) {
      const applied = applyChange(text, r);
      if (!applied.ok) throw new Error(applied.reason);
      text = applied.text;
    }
    c.apply(diffTexts(doc.text, text));
    convertDisplays(c, ros1DisplayPaths);
    return { ok: true, doc: c.doc, change: diffTexts(doc.text, c.doc.text), converted: c.converted, unconverted: c.unconverted };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
