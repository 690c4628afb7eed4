/**
 * Cross-field rules of catalog/displays.json that JSON Schema draft-07 cannot state: defaults fit their kind, range and
 * values; references (requires, topic properties, QoS keys, value words) point at things that exist.
 */
import type { CatalogFile, DisplayTypeSpec, PropertySpec } from './types.ts';
import { checkValue } from './values.ts';
import { conditionsOf, conditionText } from './conditions.ts';

function checkProperty(d: DisplayTypeSpec, p: PropertySpec): string[] {
  const at = `${d.name} "${p.path}"`;
  const problems: string[] = [];
  if (p.default !== undefined) {
    const r = checkValue(p, p.default);
    if (!r.ok) problems.push(`${at}: default does not fit: ${r.reason}`);
    else if (r.normalized !== p.default) problems.push(`${at}: default ${JSON.stringify(p.default)} is not written as RViz2 writes it (${JSON.stringify(r.normalized)})`);
  }
  if (p.min !== undefined && p.max !== undefined && p.min > p.max) problems.push(`${at}: min ${p.min} > max ${p.max}`);
  for (const vw of p.valueWords ?? []) {
    if (p.kind === 'enum' && !(p.values ?? []).includes(vw.value)) problems.push(`${at}: value word target "${vw.value}" is not one of its values`);
  }
  for (const cond of conditionsOf(p)) {
    const target = d.properties.find((q) => q.path === cond.path);
    if (!target) problems.push(`${at}: requires unknown property "${cond.path}"`);
    else if (cond.path === p.path) problems.push(`${at}: requires itself`);
    else {
      for (const v of cond.values) {
        if (!checkValue(target, v).ok) problems.push(`${at}: requires "${conditionText(cond)}", but that property cannot hold "${v}"`);
      }
    }
  }
  return problems;
}

function checkDisplay(d: DisplayTypeSpec): string[] {
  const problems: string[] = [];
  const paths = d.properties.map((p) => p.path);
  const dupes = paths.filter((p, i) => paths.indexOf(p) !== i);
  if (dupes.length > 0) problems.push(`${d.name}: duplicate property paths ${dupes.join(', ')}`);
  for (const t of d.topicProperties) {
    const p = d.properties.find((q) => q.path === t);
    if (!p || p.kind !== 'topic') problems.push(`${d.name}: topic property "${t}" is not a property of kind topic`);
  }
  for (const derived of d.derivedTopics ?? []) {
    if (!d.topicProperties.includes(derived.from)) problems.push(`${d.name}: derived topic comes from "${derived.from}", which is not a topic property`);
  }
  for (const key of Object.keys(d.defaultQos ?? {})) {
    if (!d.topicProperties.includes(key)) problems.push(`${d.name}: defaultQos key "${key}" is not a topic property`);
  }
  if (d.classId.split('/')[1] !== d.name) problems.push(`${d.name}: name does not match class id ${d.classId}`);
  for (const p of d.properties) problems.push(...checkProperty(d, p));
  return problems;
}

/** Every cross-field problem in a catalog file; empty when it is consistent. */
export function catalogProblems(file: CatalogFile): string[] {
  const problems: string[] = [];
  const ids = file.displays.map((d) => d.classId);
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dupes.length > 0) problems.push(`catalog: duplicate class ids ${dupes.join(', ')}`);
  for (const d of file.displays) problems.push(...checkDisplay(d));
  return problems;
}
