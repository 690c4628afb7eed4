// `rviz-companion search TEXT [--json] [--limit N]`: the knowledge entries that pass the thresholds, best first.
import { CliError, type CommandRun } from '../context.ts';
import { loadKbFiles } from '../kb-files.ts';
import { KbIndex } from '../../core/assistant/search/bm25-index.ts';
import { searchKb } from '../../core/assistant/search/retrieve.ts';
import { NO_MATCH_MESSAGE } from '../../core/assistant/search/messages.ts';

export const run: CommandRun = async (ctx) => {
  const text = ctx.positionals.join(' ');
  const rawLimit = ctx.options.limit;
  const limit = rawLimit === undefined ? 5 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit must be a positive whole number (got "${String(rawLimit)}")`);
  const index = new KbIndex(await loadKbFiles());
  const { results, noMatch } = searchKb(index, text, limit);
  if (ctx.options.json) {
    ctx.stdout(JSON.stringify({ query: text, noMatch, results: results.map((r) => ({ ...r, score: round(r.score) })) }, null, 2));
    return 0;
  }
  if (noMatch) {
    ctx.stdout(NO_MATCH_MESSAGE);
    return 0;
  }
  ctx.stdout(results.map((r, i) => `${i + 1}. ${r.title}  [${r.id}]  score ${round(r.score)}\n   ${r.url}`).join('\n'));
  return 0;
};

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
