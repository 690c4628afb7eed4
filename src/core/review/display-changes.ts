/**
 * Which displays a change touched, for highlighting them after Apply: displays that are new, and displays whose
 * settings differ (with the property paths that changed). Displays are matched by class and name, then by position.
 */
import { listDisplays, type DisplayInfo } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';
import type { DisplayTypeLookup } from '../rviz/lookup.ts';

export interface DisplayChange {
  /** The display's path in the newer document. */
  path: string;
  name: string;
  kind: 'added' | 'changed';
  /** Changed property paths (`Topic/Reliability Policy`, `Enabled`); empty for an added display. */
  properties: string[];
}

/** Leaf values by `/`-joined path; nested displays of a group are its own entries, not its properties. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (prefix === '' && k === 'Displays') continue;
      leaves(v, prefix ? `${prefix}/${k}` : k, out);
    }
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

function key(d: DisplayInfo): string {
  return `${d.classId}\n${d.groupPath.join('/')}\n${d.name}`;
}

export function displayChanges(before: RvizDocument, after: RvizDocument, lookup?: DisplayTypeLookup): DisplayChange[] {
  const old = listDisplays(before, lookup);
  const pool = new Map<string, DisplayInfo[]>();
  for (const d of old) pool.set(key(d), [...(pool.get(key(d)) ?? []), d]);
  const out: DisplayChange[] = [];
  const now = listDisplays(after, lookup);
  const nowKeys = new Set(now.map(key));
  for (const d of now) {
    const candidates = pool.get(key(d));
    // A renamed display has no same-named twin: its old self sits at the same path with the same class.
    const match = candidates?.shift() ?? old.find((o) => o.path === d.path && o.classId === d.classId && !nowKeys.has(key(o)));
    if (!match) { out.push({ path: d.path, name: d.name, kind: 'added', properties: [] }); continue; }
    const a = leaves(match.properties);
    const b = leaves(d.properties);
    const changed = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
    if (changed.length) out.push({ path: d.path, name: d.name, kind: 'changed', properties: changed });
  }
  return out;
}
