// The real knowledge base, loaded once per test file, plus helpers to add hostile entries.
import { loadKbFiles } from '../../../../src/cli/kb-files.ts';
import type { KbEntry } from '../../../../src/core/assistant/kb.ts';
import { KbIndex } from '../../../../src/core/assistant/search/index.ts';

let cached: KbEntry[] | undefined;

export async function realEntries(): Promise<KbEntry[]> {
  cached ??= await loadKbFiles();
  return cached;
}

export async function realIndex(extra: KbEntry[] = []): Promise<KbIndex> {
  return new KbIndex([...(await realEntries()), ...extra]);
}

export function entry(id: string, title: string, text: string, keywords: string[]): KbEntry {
  return { schemaVersion: 1, id, title, url: `https://example.org/${id}`, keywords, text, topic: 'concepts' };
}
