/**
 * Window Geometry keeps one dock entry per Image/Camera display, keyed by the display's name
 * (`Image: {collapsed: false}`). Renaming or removing such a display must keep that entry in step.
 */
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { RvizDocument } from './document.ts';
import { displayRefs, displayName, displayClass, scalarString } from './displays.ts';
import { findPair } from './yaml-edit.ts';

/** Classes that open a dock widget named after the display. */
export function hasDock(classId: string): boolean {
  return /\/(Image|Camera)$/.test(classId);
}

export function windowGeometry(doc: RvizDocument): YAMLMap | undefined {
  const wg = (doc.yaml.contents as YAMLMap).get('Window Geometry', true);
  return isMap(wg) ? wg : undefined;
}

/** Names of dock displays other than those at `exceptPaths`. */
export function dockNames(doc: RvizDocument, exceptPaths: string[] = []): Set<string> {
  const out = new Set<string>();
  for (const r of displayRefs(doc)) {
    if (exceptPaths.some((p) => r.path === p || r.path.startsWith(`${p}/`))) continue;
    if (hasDock(displayClass(r))) out.add(displayName(r));
  }
  return out;
}

export function hasDockEntry(doc: RvizDocument, name: string): boolean {
  const wg = windowGeometry(doc);
  return Boolean(wg && findPair(wg, name));
}

/** Names of the panels (`Panels:` list); their Window Geometry entries are never a display's to change. */
export function panelNames(doc: RvizDocument): Set<string> {
  const panels = (doc.yaml.contents as YAMLMap).get('Panels', true);
  const out = new Set<string>();
  if (isSeq(panels)) for (const p of panels.items) if (isMap(p)) out.add(scalarString(p, 'Name') ?? '');
  return out;
}
