/**
 * Finding display types and their properties by the names people and files actually use.
 */
import type { DisplayTypeSpec, Distro, PropertySpec } from './types.ts';
import { looseKey, pathSegments } from './text.ts';

export type PropertyLookup = { ok: true; property: PropertySpec } | { ok: false; reason: string };

const DISTRO_ORDER: readonly Distro[] = ['humble', 'jazzy', 'kilted', 'rolling'];

/** Whether a display or property exists in `distro` (its `since`/`until` bounds). */
export function availableIn(item: { since?: Distro; until?: Distro }, distro: Distro): boolean {
  const at = DISTRO_ORDER.indexOf(distro);
  if (item.since !== undefined && at < DISTRO_ORDER.indexOf(item.since)) return false;
  if (item.until !== undefined && at > DISTRO_ORDER.indexOf(item.until)) return false;
  return true;
}

/**
 * The display a text names: a class id (`rviz_default_plugins/LaserScan`), a short name (`LaserScan`), a loose name
 * (`laser_scan`, `Laser Scan`), or a class id from another package prefix (`rviz/LaserScan`, ROS 1 style).
 */
export function resolveType(displays: readonly DisplayTypeSpec[], text: string): DisplayTypeSpec | undefined {
  const trimmed = text.trim();
  const exact = displays.find((d) => d.classId === trimmed || d.name === trimmed);
  if (exact) return exact;
  const key = looseKey(trimmed);
  const byLoose = displays.find((d) => looseKey(d.classId) === key || looseKey(d.name) === key);
  if (byLoose) return byLoose;
  // Same short name under another rviz prefix (ROS 1 `rviz/LaserScan`); other packages' classes are not ours.
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0 || !RVIZ_PREFIXES.has(trimmed.slice(0, slash).toLowerCase())) return undefined;
  const lastPart = looseKey(trimmed.slice(slash + 1));
  return displays.find((d) => looseKey(d.name) === lastPart);
}

const RVIZ_PREFIXES = new Set(['rviz', 'rviz_default_plugins', 'rviz_common', 'rviz2']);

/** `sensor_msgs/LaserScan` (ROS 1 form) and `sensor_msgs::msg::LaserScan` → `sensor_msgs/msg/LaserScan`. */
export function normalizeMessageType(type: string): string {
  const parts = type.trim().split(/::|\//).filter((p) => p.length > 0);
  if (parts.length === 2) return `${parts[0]}/msg/${parts[1]}`;
  return parts.join('/');
}

/**
 * Displays that accept a message type, the most specific first: a display made for that one type with one topic property
 * (Image) before one that also takes other types (Camera) or needs a second topic (DepthCloud); then catalog order.
 */
export function forMessageType(displays: readonly DisplayTypeSpec[], type: string): DisplayTypeSpec[] {
  const wanted = normalizeMessageType(type);
  const specific = (d: DisplayTypeSpec): number => (d.messageTypes.length === 1 && d.topicProperties.length === 1 ? 0 : 1);
  return displays
    .map((d, index) => ({ d, index }))
    .filter(({ d }) => d.messageTypes.includes(wanted))
    .sort((a, b) => specific(a.d) - specific(b.d) || a.index - b.index)
    .map(({ d }) => d);
}

/** Loose keys of a path's segments, without a trailing `Value` (RViz2 writes a parent property's own value under `Value`). */
function looseSegments(path: string): string[] {
  const segs = pathSegments(path).map(looseKey);
  if (segs.length > 1 && segs[segs.length - 1] === 'value') segs.pop();
  return segs;
}

/** Whether `wanted` (minus its last segment) appears in order within `segs`, ignoring segments that parent nothing. */
function fits(segs: readonly string[], wanted: readonly string[], parents: ReadonlySet<string>): boolean {
  if (segs[segs.length - 1] !== wanted[wanted.length - 1]) return false;
  let at = 0;
  for (const w of wanted.slice(0, -1)) {
    const found = segs.indexOf(w, at);
    if (found >= 0 && found < segs.length - 1) at = found + 1;
    else if (parents.has(w)) return false;
  }
  return true;
}

function parentSegments(all: readonly { segs: string[] }[]): Set<string> {
  return new Set(all.flatMap(({ segs }) => segs.slice(0, -1)));
}

/** Among several properties a short path could mean, the one under the main topic, else the single shallowest one. */
function breakTie(spec: DisplayTypeSpec, candidates: PropertySpec[]): PropertySpec | undefined {
  const mainTopic = spec.topicProperties[0];
  if (mainTopic !== undefined) {
    const underMain = candidates.filter((p) => p.path.startsWith(`${mainTopic}/`));
    if (underMain.length === 1) return underMain[0];
  }
  const depth = (p: PropertySpec): number => pathSegments(p.path).length;
  const shallowest = Math.min(...candidates.map(depth));
  const top = candidates.filter((p) => depth(p) === shallowest);
  return top.length === 1 ? top[0] : undefined;
}

/**
 * A property of a display by path, tolerant of case and spacing (`size (M)`), of a trailing `/Value`, of a nested
 * path written without its parent (`Reliability Policy` → `Topic/Reliability Policy`) and of a parent that is not
 * really one (`Color Transformer/Axis` → `Axis`).
 */
export function findProperty(spec: DisplayTypeSpec, path: string): PropertyLookup {
  const found = findListed(spec, path);
  if (found.ok) return found;
  return vectorComponent(spec, path) ?? found;
}

const AXES = ['X', 'Y', 'Z'] as const;

/**
 * `Offset/X`: RViz2 writes a vector property as a map of X, Y, Z, so one component is a float of its own.
 * Its default is that component of the vector's default.
 */
function vectorComponent(spec: DisplayTypeSpec, path: string): PropertyLookup | undefined {
  const segs = pathSegments(path);
  const axis = AXES.findIndex((a) => a === segs[segs.length - 1]?.toUpperCase());
  if (axis < 0 || segs.length < 2) return undefined;
  const parent = findListed(spec, segs.slice(0, -1).join('/'));
  if (!parent.ok || parent.property.kind !== 'vector') return undefined;
  const v = parent.property;
  const part = typeof v.default === 'string' ? Number(v.default.split(';')[axis]) : NaN;
  const property: PropertySpec = { path: `${v.path}/${AXES[axis]}`, kind: 'float', ...(Number.isFinite(part) ? { default: part } : {}) };
  if (v.requires) property.requires = v.requires;
  if (v.since) property.since = v.since;
  return { ok: true, property };
}

function findListed(spec: DisplayTypeSpec, path: string): PropertyLookup {
  const wanted = looseSegments(path);
  if (wanted.length === 0) return { ok: false, reason: `catalog: empty property path for ${spec.name}` };
  const all = spec.properties.map((p) => ({ p, segs: looseSegments(p.path) }));
  const exact = all.find(({ segs }) => segs.join('/') === wanted.join('/'));
  if (exact) return { ok: true, property: exact.p };
  const parents = parentSegments(all);
  const candidates = all.filter(({ segs }) => fits(segs, wanted, parents)).map(({ p }) => p);
  if (candidates.length === 0) {
    const known = spec.properties.map((p) => p.path).join(', ') || 'none';
    return { ok: false, reason: `catalog: ${spec.name} has no property "${path}" (properties: ${known})` };
  }
  const chosen = candidates.length === 1 ? candidates[0] : breakTie(spec, candidates);
  if (chosen) return { ok: true, property: chosen };
  return {
    ok: false,
    reason: `catalog: property "${path}" of ${spec.name} is ambiguous (could be: ${candidates.map((p) => p.path).join(', ')})`,
  };
}
