/**
 * What the document asks of the robot: for each enabled display, the topics it subscribes to with the QoS it
 * requests (from the config, else RViz's default for that property), and the frames it names.
 * Only displays that are enabled, inside enabled groups, are considered: RViz subscribes nothing for the others.
 */
import { effectiveRequestedQos, MARKER_NAMESPACE, markerUpdateTopic, type Catalog, type DisplayTypeSpec } from '../catalog/index.ts';
import { valueAt } from '../catalog/qos.ts';
import { durabilityFromRviz, historyFromRviz, reliabilityFromRviz } from '../graph/qos.ts';
import type { QosProfile } from '../graph/types.ts';
import type { RvizDocument } from '../rviz/document.ts';
import { fixedFrame, listDisplays, type DisplayInfo } from '../rviz/displays.ts';

/** Where a requested policy value comes from. */
export type RequestSource = 'config' | 'RViz default';

export interface RequestedPolicy {
  /** As written (or as RViz defaults it): `Best Effort`. */
  text: string;
  source: RequestSource;
  /** False when RViz would not recognise the text and falls back to the rmw default. */
  recognized: boolean;
}

export interface RequestedQos {
  qos: QosProfile;
  reliability: RequestedPolicy;
  durability: RequestedPolicy;
}

export interface DisplaySubscription {
  display: string;
  classId: string;
  /** Catalog short name (`LaserScan`), or the class id for displays the catalog does not know. */
  typeName: string;
  /** Key path of the display in the document. */
  path: string;
  /** The topic property: `Topic`, `Description Topic`, `Update Topic`. */
  property: string;
  /** Absolute topic name. */
  topic: string;
  /** As written in the config (may be relative). */
  written: string;
  /** The display's main topic; optional ones (`Update Topic`) are not expected to exist. */
  primary: boolean;
  /** Message types the display accepts on this topic; empty when the catalog does not say (secondary topics). */
  acceptedTypes: string[];
  /** Undefined when neither the config nor the catalog gives a QoS for this property. */
  requested?: RequestedQos;
}

export interface DisplayFrame {
  display: string;
  typeName: string;
  path: string;
  property: string;
  frame: string;
}

export interface DocumentFacts {
  /** Normalised (no leading `/`); empty when the config sets none. */
  fixedFrame: string;
  subscriptions: DisplaySubscription[];
  /** Frames named by properties (Grid/Axes `Reference Frame`), `<Fixed Frame>` excluded. */
  frames: DisplayFrame[];
  /** Enabled displays (groups excluded). */
  displays: DisplayInfo[];
}

const FIXED_FRAME_TOKEN = '<Fixed Frame>';

/** Relative names resolve against RViz's node namespace, `/` by default. */
export function absoluteTopic(name: string): string {
  const t = name.trim();
  return t.startsWith('/') ? t : `/${t}`;
}

/** What RViz2 subscribes with (catalog `effectiveRequestedQos`: the display's own profile until a QoS field is changed). */
function requestedQos(spec: DisplayTypeSpec | undefined, properties: Record<string, unknown>, property: string): RequestedQos | undefined {
  const q = effectiveRequestedQos(spec, property, properties);
  if (!q) return undefined;
  const qos: QosProfile = {
    reliability: reliabilityFromRviz(q.reliability.text).value,
    durability: durabilityFromRviz(q.durability.text).value,
    history: historyFromRviz(q.history.text).value,
  };
  if (q.depth) qos.depth = q.depth.value;
  const policy = (p: { text: string; source: RequestSource }, parse: (t: string) => { recognized: boolean }): RequestedPolicy =>
    ({ text: p.text, source: p.source, recognized: parse(p.text).recognized });
  return { qos, reliability: policy(q.reliability, reliabilityFromRviz), durability: policy(q.durability, durabilityFromRviz) };
}

/**
 * Displays that are enabled and whose enclosing groups all are. ROS 1 classes (`rviz/…`) are left out: RViz2 cannot
 * load them, so they subscribe nothing (the file lint says to convert them).
 */
export function enabledDisplays(all: readonly DisplayInfo[]): DisplayInfo[] {
  const groupEnabled = new Map<string, boolean>();
  const out: DisplayInfo[] = [];
  for (const d of all) {
    const key = d.indexPath.join('.');
    let on = d.enabled;
    for (let i = 1; i < d.indexPath.length && on; i++) on = groupEnabled.get(d.indexPath.slice(0, i).join('.')) !== false;
    if (d.isGroup) groupEnabled.set(key, on);
    else if (on && !d.classId.startsWith('rviz/')) out.push(d);
  }
  return out;
}

function subscriptionsOf(d: DisplayInfo, spec: DisplayTypeSpec | undefined): DisplaySubscription[] {
  const out: DisplaySubscription[] = [];
  const typeName = spec?.name ?? d.classId;
  // RobotModel reads its description from a file unless `Description Source` is Topic.
  const source = valueAt(d.properties, 'Description Source');
  d.topics.forEach((t, i) => {
    if (t.property === 'Description Topic' && source !== undefined && String(source) !== 'Topic') return;
    if (t.value.trim() === '') return;
    const primary = spec ? spec.topicProperties[0] === t.property : i === 0;
    // InteractiveMarkers names a namespace; the display subscribes to `<namespace>/update`.
    const isNamespace = t.property === MARKER_NAMESPACE;
    const topic = isNamespace ? markerUpdateTopic(absoluteTopic(t.value)) : absoluteTopic(t.value);
    const sub: DisplaySubscription = {
      display: d.name, classId: d.classId, typeName, path: d.path, property: t.property, topic, written: t.value, primary,
      // The catalog lists the accepted types of the main topic only (DepthCloud's two topics are both images).
      acceptedTypes: spec && (primary || spec.classId === 'rviz_default_plugins/DepthCloud') ? spec.messageTypes : [],
    };
    const requested = isNamespace ? undefined : requestedQos(spec, d.properties, t.property);
    if (requested) sub.requested = requested;
    out.push(sub);
  });
  return out;
}

function framesOf(d: DisplayInfo, spec: DisplayTypeSpec | undefined): DisplayFrame[] {
  if (!spec) return [];
  const out: DisplayFrame[] = [];
  for (const p of spec.properties) {
    if (p.kind !== 'frame') continue;
    const v = valueAt(d.properties, p.path);
    if (v === undefined || v === null || typeof v === 'object') continue;
    const frame = String(v).trim();
    if (frame === '' || frame === FIXED_FRAME_TOKEN) continue;
    out.push({ display: d.name, typeName: spec.name, path: d.path, property: p.path, frame: frame.replace(/^\/+/, '') });
  }
  return out;
}

/** The fixed frame of the document, without a leading `/`; empty when unset. */
export function fixedFrameOf(doc: RvizDocument): string {
  return (fixedFrame(doc) ?? '').trim().replace(/^\/+/, '');
}

/**
 * @example
 * const facts = documentFacts(doc, catalog);
 * facts.subscriptions.find((s) => s.topic === '/scan')?.requested?.reliability // {text:'Reliable', source:'config', ...}
 */
export function documentFacts(doc: RvizDocument, catalog: Catalog): DocumentFacts {
  const displays = enabledDisplays(listDisplays(doc, catalog));
  const subscriptions: DisplaySubscription[] = [];
  const frames: DisplayFrame[] = [];
  for (const d of displays) {
    const spec = catalog.byClass(d.classId);
    subscriptions.push(...subscriptionsOf(d, spec));
    frames.push(...framesOf(d, spec));
  }
  return { fixedFrame: fixedFrameOf(doc), subscriptions, frames, displays };
}
