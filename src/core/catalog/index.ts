/**
 * The RViz2 display catalog: catalog/displays.json (checked by catalog/schema.json) plus the questions the planner,
 * document model and diagnosis ask of it. Pure: the JSON is imported statically, so this works in Vite, Vitest and tsx.
 *
 * @example
 * import { catalog } from '../catalog/index.ts';
 * const scan = catalog.resolveType('laser_scan');            // rviz_default_plugins/LaserScan
 * const rel = catalog.property(scan!, 'Reliability Policy'); // Topic/Reliability Policy
 * catalog.checkValue(rel!, 'best effort');                   // { ok: true, normalized: 'Best Effort' }
 */
import data from '../../../catalog/displays.json';
import type { CatalogFile, DisplayTypeSpec, Distro, PropertySpec } from './types.ts';
import { availableIn, findProperty, forMessageType, resolveType, type PropertyLookup } from './lookup.ts';
import { checkValue, type PropertyValue, type ValueCheck } from './values.ts';
import { propertyForWords, typeMentions, typesForWords, type PropertyMatch, type TypeMention } from './words.ts';
import { globalOptionSpec } from './global-options.ts';

export type { CatalogFile, DerivedTopic, TransportSuffix, DisplayTypeSpec, Distro, PropertySpec, QosDefaults, PropertyKind, ValueWords } from './types.ts';
export type { PropertyLookup } from './lookup.ts';
export type { PropertyValue, ValueCheck } from './values.ts';
export type { PropertyMatch, TypeMention } from './words.ts';
export { catalogProblems } from './consistency.ts';
export { availableIn, normalizeMessageType } from './lookup.ts';
export { namedColors } from './values.ts';
export { derivedTopicName, derivedTopicsFor, MARKER_NAMESPACE, markerNamespace, markerUpdateTopic, transportFor, type DerivedTopicUse, type TopicTransport } from './derived.ts';
export { conditionHolds, conditionsOf, conditionText, satisfyingValue, type Condition, type ConditionOp } from './conditions.ts';
export { GLOBAL_OPTIONS, globalOptionSpec, globalOptionSpecs, isGlobalOptions } from './global-options.ts';
export { effectiveRequestedQos, type EffectiveQos, type QosFieldValue, type QosValueSource } from './qos.ts';

export interface Catalog {
  readonly displays: readonly DisplayTypeSpec[];
  /** Exact class id: `rviz_default_plugins/LaserScan`, `rviz_common/Group`. */
  byClass(classId: string): DisplayTypeSpec | undefined;
  /**
   * Class id, short name or loose name (`laser_scan`, `Laser Scan`, `rviz/LaserScan`); failing those, a text that
   * mentions exactly one display type by its words ("lidar" → LaserScan).
   */
  resolveType(text: string): DisplayTypeSpec | undefined;
  /** Displays accepting a message type (`sensor_msgs/msg/Image` or `sensor_msgs/Image`), most specific first. */
  forMessageType(type: string): DisplayTypeSpec[];
  /** A property by tolerant path, or undefined; `findProperty` says why not. */
  property(spec: DisplayTypeSpec, path: string): PropertySpec | undefined;
  findProperty(spec: DisplayTypeSpec, path: string): PropertyLookup;
  checkValue(property: PropertySpec, value: PropertyValue): ValueCheck;
  typesForWords(text: string): DisplayTypeSpec[];
  /** Each mention with its phrase, position and whether it was plural ("hide the costmaps"). */
  typeMentions(text: string): TypeMention[];
  propertyForWords(spec: DisplayTypeSpec, text: string): PropertyMatch[];
  /** Displays that exist in a distro (CameraInfo: jazzy and later). */
  displaysIn(distro: Distro): DisplayTypeSpec[];
  /** A Global Option (`Background Color`, `Frame Rate`…) by loose path (catalog/global-options.json). */
  globalOption(path: string): PropertySpec | undefined;
}

/** `octomap_rviz_plugins/OccupancyGrid` is another package's class, never a word for one of ours. */
function looksLikeClassId(text: string): boolean {
  return /^\s*[A-Za-z0-9_]+\/[A-Za-z0-9_]+\s*$/.test(text);
}

function onlyMention(found: DisplayTypeSpec[]): DisplayTypeSpec | undefined {
  return found.length === 1 ? found[0] : undefined;
}

/** Builds the query object over any catalog file (tests pass their own). */
export function createCatalog(file: CatalogFile): Catalog {
  const displays = file.displays;
  const byId = new Map(displays.map((d) => [d.classId, d]));
  const other = file.otherPhrases ?? [];
  return {
    displays,
    byClass: (classId) => byId.get(classId),
    resolveType: (text) => resolveType(displays, text) ?? (looksLikeClassId(text) ? undefined : onlyMention(typesForWords(displays, text, other))),
    forMessageType: (type) => forMessageType(displays, type),
    property: (spec, path) => {
      const r = findProperty(spec, path);
      return r.ok ? r.property : undefined;
    },
    findProperty,
    checkValue,
    typesForWords: (text) => typesForWords(displays, text, other),
    typeMentions: (text) => typeMentions(displays, text, other),
    propertyForWords: (spec, text) => propertyForWords(spec, text, displays),
    displaysIn: (distro) => displays.filter((d) => availableIn(d, distro)),
    globalOption: globalOptionSpec,
  };
}

/** Freezes the shipped data: every consumer shares one copy, so an accidental write would change it for all. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The catalog file as shipped (frozen). Its shape is guaranteed by catalog/schema.json (checked in test/unit/catalog). */
export const catalogFile = deepFreeze(data as unknown as CatalogFile);

export const catalog: Catalog = createCatalog(catalogFile);
