/**
 * File-only checks of a .rviz config. Each rule is a function of the parsed document returning
 * findings; later rules (robot findings) are added by passing more rules in.
 */
import type { Severity } from '../graph/types.ts';
import { parse, type ParseOptions, type RvizDocument } from './document.ts';
import { displayClass, displayName, displayRefs, vmMap, type DisplayRef } from './displays.ts';
import type { DisplayTypeLookup } from './lookup.ts';
import { readProperty } from './properties.ts';
import { checkValue } from './values.ts';
import { isMap } from 'yaml';

export interface LintFinding {
  severity: Severity;
  /** Stable code: `PARSE_ERROR`, `UNKNOWN_CLASS`, `INVALID_VALUE`… */
  code: string;
  /** Key path in the document: `Visualization Manager/Displays/3/Topic/Reliability Policy`. */
  path: string;
  message: string;
}

export interface LintContext {
  doc: RvizDocument;
  displays: DisplayRef[];
  lookup: DisplayTypeLookup;
}

export type LintRule = (ctx: LintContext) => LintFinding[];

function dname(r: DisplayRef): string {
  return `"${displayName(r)}"`;
}

/** Classes RViz2 cannot load from this catalog: third-party plugins are normal, so this is info. */
export const unknownClassRule: LintRule = ({ displays, lookup }) => displays.flatMap((r): LintFinding[] => {
  const cls = displayClass(r);
  if (cls === '') return [{ severity: 'error', code: 'MISSING_CLASS', path: r.path, message: `display ${dname(r)} has no Class` }];
  if (cls.startsWith('rviz/') || lookup.byClass(cls)) return [];
  return [{ severity: 'info', code: 'UNKNOWN_CLASS', path: `${r.path}/Class`, message: `display ${dname(r)} uses ${cls}, which is not an RViz2 default display (a third-party plugin must be installed)` }];
});

/** ROS 1 classes: RViz2 shows them as failed displays until converted. */
export const ros1ClassRule: LintRule = ({ displays }) => displays.flatMap((r): LintFinding[] => {
  const cls = displayClass(r);
  return cls.startsWith('rviz/')
    ? [{ severity: 'warning', code: 'ROS1_CLASS', path: `${r.path}/Class`, message: `display ${dname(r)} uses the ROS 1 class ${cls}; run "rviz-companion convert" to make it load in RViz2` }]
    : [];
});

/** Values the catalog says RViz2 would not accept (wrong kind, out of range, not an allowed value). */
export const propertyValueRule: LintRule = ({ displays, lookup }) => displays.flatMap((r): LintFinding[] => {
  const spec = lookup.byClass(displayClass(r));
  if (!spec) return [];
  const out: LintFinding[] = [];
  for (const prop of spec.properties) {
    if (prop.kind === 'vector') continue;
    const read = readProperty(r.node, prop.path, displayName(r));
    if (!read.ok || (read.form === 'map' && typeof read.value === 'object' && read.value !== null)) continue;
    const problem = checkValue(prop, read.value);
    if (!problem) continue;
    const soft = prop.kind === 'enum' && (prop.editable || prop.dynamicValues);
    out.push({ severity: soft ? 'warning' : 'error', code: 'INVALID_VALUE', path: `${r.path}/${prop.path}`, message: `${spec.name} ${dname(r)}: ${prop.path} ${problem}` });
  }
  return out;
});

/** Two displays with the same name confuse Window Geometry and name-based edits. */
export const duplicateNameRule: LintRule = ({ displays }) => {
  const seen = new Map<string, DisplayRef>();
  const out: LintFinding[] = [];
  for (const r of displays) {
    const key = displayName(r);
    const first = seen.get(key);
    if (first) out.push({ severity: 'info', code: 'DUPLICATE_NAME', path: `${r.path}/Name`, message: `display name ${dname(r)} is also used at ${first.path}` });
    else seen.set(key, r);
  }
  return out;
};

export const fixedFrameRule: LintRule = ({ doc }) => {
  const go = vmMap(doc).get('Global Options', true);
  const frame = isMap(go) ? go.get('Fixed Frame') : undefined;
  if (frame === undefined || frame === null || String(frame).trim() === '') {
    return [{ severity: 'warning', code: 'NO_FIXED_FRAME', path: 'Visualization Manager/Global Options/Fixed Frame', message: 'no Fixed Frame set; RViz2 falls back to "base_link"' }];
  }
  return [];
};

export const defaultLintRules: readonly LintRule[] = [unknownClassRule, ros1ClassRule, propertyValueRule, duplicateNameRule, fixedFrameRule];

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Lint a parsed document. */
export function lintDocument(doc: RvizDocument, lookup: DisplayTypeLookup, rules: readonly LintRule[] = defaultLintRules): LintFinding[] {
  const ctx: LintContext = { doc, displays: displayRefs(doc), lookup };
  return rules.flatMap((rule) => rule(ctx)).sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}

/** Lint text: a parse failure is one PARSE_ERROR finding. */
export function lint(text: string, lookup: DisplayTypeLookup, options: { rules?: readonly LintRule[]; parse?: Partial<ParseOptions> } = {}): LintFinding[] {
  const parsed = parse(text, options.parse);
  if (!parsed.ok) {
    return [{ severity: 'error', code: parsed.code === 'yaml-syntax' ? 'PARSE_ERROR' : `PARSE_${parsed.code.toUpperCase().replace(/-/g, '_')}`, path: parsed.path ?? (parsed.line ? `line ${parsed.line}` : ''), message: parsed.reason }];
  }
  return lintDocument(parsed.doc, lookup, options.rules);
}
