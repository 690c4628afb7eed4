// Reads kb/*.json from disk (Node) and validates them through the core loader; a bad file fails with its path and reason.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatKbProblems, loadKbEntries, type KbEntry, type KbSource } from '../core/assistant/kb.ts';
import { CliError } from './context.ts';

/** The repository's kb/ folder, wherever the CLI is started from. */
export const DEFAULT_KB_DIR = resolve(fileURLToPath(new URL('../../kb/', import.meta.url)));

/** Parsed kb files (every `*.json` except `schema.json`), sorted by name; a file that is not JSON is a problem, not a crash. */
export async function readKbSources(dir: string = DEFAULT_KB_DIR): Promise<{ sources: KbSource[]; problems: { path: string; reason: string }[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && n !== 'schema.json').sort();
  } catch (err) {
    throw new CliError(`kb: cannot read the knowledge folder ${dir}: ${(err as Error).message}`);
  }
  const sources: KbSource[] = [];
  const problems: { path: string; reason: string }[] = [];
  for (const name of names) {
    const full = join(dir, name);
    const path = relative(process.cwd(), full) || full;
    try {
      sources.push({ path, value: JSON.parse(await readFile(full, 'utf8')) as unknown });
    } catch (err) {
      problems.push({ path, reason: `not valid JSON: ${(err as Error).message}` });
    }
  }
  return { sources, problems };
}

/** All entries, validated; any bad file makes this throw a CliError listing every bad file. */
export async function loadKbFiles(dir: string = DEFAULT_KB_DIR): Promise<KbEntry[]> {
  const { sources, problems } = await readKbSources(dir);
  const loaded = loadKbEntries(sources);
  const all = [...problems, ...(loaded.ok ? [] : loaded.problems)];
  if (all.length > 0) throw new CliError(`kb: ${all.length} bad knowledge file(s):\n${formatKbProblems(all)}`);
  return loaded.ok ? loaded.entries : [];
}
