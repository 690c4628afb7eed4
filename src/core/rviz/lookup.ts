/**
 * What the document model needs from the display catalog. The real catalog (src/core/catalog)
 * satisfies it; tests may pass a smaller one.
 */
import type { DisplayTypeSpec, PropertySpec } from '../catalog/types.ts';

export interface DisplayTypeLookup {
  /** A class id (`rviz_default_plugins/LaserScan`), a name (`LaserScan`) or a word people use ("lidar"). */
  resolveType(nameOrClassOrWord: string): DisplayTypeSpec | undefined;
  /** Exact class id only. */
  byClass(classId: string): DisplayTypeSpec | undefined;
  /** Tolerant property lookup (`size (M)` → `Size (m)`, `Reliability Policy` → `Topic/Reliability Policy`). */
  property?(spec: DisplayTypeSpec, path: string): PropertySpec | undefined;
  /** Check and normalize a value the way RViz2 writes it (`red` → `255; 0; 0`, `best effort` → `Best Effort`). */
  checkValue?(property: PropertySpec, value: string | number | boolean): { ok: true; normalized: string | number | boolean } | { ok: false; reason: string };
  /** A Global Option (`Background Color`, `Frame Rate`) by path, for set_property on `Global Options`. */
  globalOption?(path: string): PropertySpec | undefined;
}

export function propertySpec(spec: DisplayTypeSpec | undefined, path: string): PropertySpec | undefined {
  if (!spec) return undefined;
  const exact = spec.properties.find((p) => p.path === path);
  if (exact) return exact;
  // `Topic` and `Topic/Value` name the same thing.
  if (path.endsWith('/Value')) return spec.properties.find((p) => p.path === path.slice(0, -'/Value'.length));
  return spec.properties.find((p) => p.path === `${path}/Value`);
}

/** Property paths that hold topic names for a class; without a catalog entry, keys named like topics. */
export function topicPropertiesOf(spec: DisplayTypeSpec | undefined, keys: string[]): string[] {
  if (spec) return spec.topicProperties;
  return keys.filter((k) => k === 'Topic' || / Topic$/.test(k));
}
