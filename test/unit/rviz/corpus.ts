// The shared corpus of real .rviz files; read in place, never copied into the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = process.env.RVIZ_CORPUS ?? join(import.meta.dirname, '../../../../shared/rviz-corpus');
export const corpusPresent = existsSync(CORPUS_DIR);
if (!corpusPresent) console.warn(`rviz tests: corpus folder ${CORPUS_DIR} is absent; corpus tests are skipped`);

export function corpusFiles(): { name: string; text: string }[] {
  if (!corpusPresent) return [];
  return readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.rviz')).sort().map((name) => ({ name, text: readFileSync(join(CORPUS_DIR, name), 'utf8') }));
}
