/**
 * Knowledge entries: their type and the one validator every loader (CLI files, browser glob, tests) goes
 * through. Pure: callers read the files and pass parsed JSON in, each with the path it came from.
 */
import Ajv from 'ajv';
import kbSchema from '../../../kb/schema.json' with { type: 'json' };

export type KbTopic = 'concepts' | 'communication' | 'maths' | 'rviz-display' | 'control' | 'companion';

/** One curated page summary (kb/<id>.json, checked by kb/schema.json). */
export interface KbEntry {
  schemaVersion: 1;
  id: string;
  title: string;
  url: string;
  keywords: string[];
  text: string;
  topic: KbTopic;
  localDoc?: string;
}

/** A parsed file and where it came from (a path, or any label naming the source). */
export interface KbSource {
  path: string;
  value: unknown;
}

export interface KbProblem {
  path: string;
  reason: string;
}

export type KbLoadResult = { ok: true; entries: KbEntry[] } | { ok: false; problems: KbProblem[] };

const ajv = new Ajv({ allErrors: true });
const validateEntry = ajv.compile<KbEntry>(kbSchema);

/** Check one parsed entry against the schema; `path` also fixes the expected id (the file name). */
export function checkKbEntry(source: KbSource): KbProblem[] {
  if (!validateEntry(source.value)) {
    const reasons = (validateEntry.errors ?? []).map((e) => {
      const where = e.instancePath || '(root)';
      const extra = e.keyword === 'additionalProperties' ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"` : '';
      return `${where} ${e.message ?? 'is invalid'}${extra}`;
    });
    return [{ path: source.path, reason: reasons.join('; ') }];
  }
  const entry = source.value;
  const fileId = idFromPath(source.path);
  if (fileId !== undefined && fileId !== entry.id) {
    return [{ path: source.path, reason: `id "${entry.id}" does not match the file name "${fileId}.json"` }];
  }
  return [];
}

/** Validate every source; ids must be unique. All problems are reported, not just the first. */
export function loadKbEntries(sources: readonly KbSource[]): KbLoadResult {
  const problems: KbProblem[] = [];
  const entries: KbEntry[] = [];
  const seen = new Map<string, string>();
  for (const source of sources) {
    const found = checkKbEntry(source);
    if (found.length > 0) { problems.push(...found); continue; }
    const entry = source.value as KbEntry;
    const earlier = seen.get(entry.id);
    if (earlier !== undefined) { problems.push({ path: source.path, reason: `duplicate id "${entry.id}" (also in ${earlier})` }); continue; }
    seen.set(entry.id, source.path);
    entries.push(entry);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

/** `kb/ros2-nodes.json` → `ros2-nodes`; a label that is not a .json path → undefined (no file-name check). */
function idFromPath(path: string): string | undefined {
  const m = /([^/\\]+)\.json$/.exec(path);
  return m ? m[1] : undefined;
}

/** One line per problem, path first, for CLI errors and test failures. */
export function formatKbProblems(problems: readonly KbProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.reason}`).join('\n');
}
