// The planner benchmark's expectations name real things: catalog display types, property paths of that type, enum
// values the catalog lists, topics the scenario publishes (or the starting config already shows) and frames in the
// scenario's TF. A case that expects a property RViz does not have can never be met, and one that expects a topic the
// robot lacks tests nothing, so both are caught here rather than by reading a failed benchmark run.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCaseFiles, startingDocument, type CaseFile, type DisplayCheck } from '../../../bench/planner/evaluate.ts';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import { catalog, type DisplayTypeSpec } from '../../../src/core/catalog/index.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { listDisplays, looseDisplayName, type DisplayInfo } from '../../../src/core/rviz/index.ts';

const COLOR = /^\d{1,3}; \d{1,3}; \d{1,3}$/;

/** The catalog type a check is about: its class, else the starting display it names, else the one on its topic. */
function specFor(check: DisplayCheck, start: DisplayInfo[]): DisplayTypeSpec | undefined {
  if (check.class) return catalog.resolveType(check.class) ?? catalog.byClass(check.class);
  const byName = check.name ? start.find((d) => looseDisplayName(d.name) === looseDisplayName(check.name!)) : undefined;
  const byTopic = check.topic ? start.find((d) => d.topics.some((t) => t.value === check.topic)) : undefined;
  const classId = (byName ?? byTopic)?.classId;
  return classId ? catalog.byClass(classId) : undefined;
}

function checkProblems(check: DisplayCheck, start: DisplayInfo[], topics: Set<string>): string[] {
  const out: string[] = [];
  if (check.class && !catalog.resolveType(check.class) && !catalog.byClass(check.class) && !start.some((d) => d.classId === check.class)) {
    out.push(`class ${check.class} is neither in the catalog nor in the starting config`);
  }
  if (check.topic && !topics.has(check.topic) && !start.some((d) => d.topics.some((t) => t.value === check.topic))) {
    out.push(`topic ${check.topic} is neither published in the scenario nor shown by the starting config`);
  }
  const spec = specFor(check, start);
  for (const [path, value] of Object.entries(check.properties ?? {})) {
    // A third-party class has no catalog entry to check its properties against.
    if (!spec) continue;
    const prop = catalog.property(spec, path);
    if (!prop) { out.push(`${spec.name} has no property "${path}"`); continue; }
    if (prop.kind === 'enum' && prop.values && !prop.values.includes(String(value))) out.push(`${spec.name} ${path}: "${String(value)}" is not one of ${prop.values.join(', ')}`);
    if (prop.kind === 'color' && !COLOR.test(String(value))) out.push(`${spec.name} ${path}: "${String(value)}" is not "R; G; B"`);
    if (prop.kind === 'bool' && typeof value !== 'boolean') out.push(`${spec.name} ${path}: ${JSON.stringify(value)} is not a boolean`);
    if ((prop.kind === 'int' || prop.kind === 'float') && typeof value !== 'number') out.push(`${spec.name} ${path}: ${JSON.stringify(value)} is not a number`);
  }
  return out;
}

describe('planner benchmark cases name real catalog facts, topics and frames', () => {
  let files: CaseFile[];
  const snapshots = new Map<string, GraphSnapshot>();
  beforeAll(async () => {
    files = await loadCaseFiles();
    for (const scenario of new Set(files.map((f) => f.scenario))) snapshots.set(scenario, await snapshotFromScenario(scenario));
  }, 60_000);

  it('every display check, fixed frame and mustNot property is checkable', async () => {
    const problems: string[] = [];
    const allTypes = catalog.displaysIn('jazzy').concat(catalog.displaysIn('humble'));
    // Each starting config is read once: several thousand cases share a few dozen of them.
    const starts = new Map<string, DisplayInfo[]>();
    const startOf = async (scenario: string, config: string | undefined): Promise<DisplayInfo[]> => {
      const key = `${scenario}\u0000${config ?? ''}`;
      if (!starts.has(key)) starts.set(key, listDisplays(await startingDocument(scenario, config), catalog));
      return starts.get(key)!;
    };
    for (const file of files) {
      const snapshot = snapshots.get(file.scenario)!;
      const topics = new Set(snapshot.topics.map((t) => t.name));
      const frames = new Set(snapshot.tf.flatMap((e) => [e.parent, e.child]));
      for (const c of file.cases) {
        const start = await startOf(file.scenario, c.config);
        for (const check of [...(c.expect.displays ?? []), ...(c.expect.absent ?? [])]) {
          problems.push(...checkProblems(check, start, topics).map((p) => `${file.file} ${c.id}: ${p}`));
        }
        if (c.expect.fixedFrame !== undefined && !frames.has(c.expect.fixedFrame)) problems.push(`${file.file} ${c.id}: fixed frame ${c.expect.fixedFrame} is not in the scenario's TF`);
        for (const m of c.mustNot ?? []) {
          if (m.property && !allTypes.some((t) => catalog.property(t, m.property!))) problems.push(`${file.file} ${c.id}: mustNot property "${m.property}" is in no catalog type`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('catches a property the type lacks, an enum value it does not list and a topic the robot lacks', () => {
    const start: DisplayInfo[] = [];
    const topics = new Set(['/scan']);
    expect(checkProblems({ class: 'LaserScan', topic: '/scan', properties: { Style: 'Points', 'Size (Pixels)': 6 } }, start, topics)).toEqual([]);
    expect(checkProblems({ class: 'LaserScan', properties: { Keep: 5 } }, start, topics)).toEqual(['LaserScan has no property "Keep"']);
    expect(checkProblems({ class: 'LaserScan', properties: { Style: 'Dots' } }, start, topics)).toEqual([expect.stringMatching(/"Dots" is not one of/)]);
    expect(checkProblems({ class: 'Odometry', topic: '/odom' }, start, topics)).toEqual([expect.stringMatching(/topic \/odom is neither/)]);
    expect(checkProblems({ class: 'Grid', properties: { Color: 'red' } }, start, topics)).toEqual([expect.stringMatching(/is not "R; G; B"/)]);
  });
});
