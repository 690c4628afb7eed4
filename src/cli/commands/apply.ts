// `rviz-companion apply FILE.rviz --actions ACTIONS.json [--out OUT.rviz] [--json]`: all or nothing.
import { readFile } from 'node:fs/promises';
import { catalog } from '../../core/catalog/index.ts';
import { applyActions } from '../../core/rviz/index.ts';
import { CliError, type CommandRun } from '../context.ts';
import { readRvizFile, writeTextFile } from '../rviz-file.ts';

/** `--actions` is inline JSON when it looks like JSON, else a file path. */
async function loadActions(arg: string): Promise<unknown[]> {
  const trimmed = arg.trim();
  const inline = trimmed.startsWith('[') || trimmed.startsWith('{');
  let text = trimmed;
  if (!inline) {
    try {
      text = await readFile(arg, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(`cannot read actions file ${arg}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    }
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new CliError(`--actions ${inline ? '(inline JSON)' : arg} is not valid JSON: ${(err as Error).message}`);
  }
  if (Array.isArray(data)) return data;
  // A whole plan: apply its checked actions.
  const plan = data as { actions?: unknown };
  if (typeof data === 'object' && data !== null && Array.isArray(plan.actions)) {
    return plan.actions.filter((a) => (a as { checked?: unknown }).checked !== false);
  }
  throw new CliError('--actions must be a JSON array of actions or a plan object with an "actions" array');
}

export const run: CommandRun = async (ctx) => {
  const file = ctx.positionals[0]!;
  const actionsArg = ctx.options.actions;
  if (typeof actionsArg !== 'string') {
    ctx.stderr('rviz-companion apply: --actions ACTIONS.json is required (a file or inline JSON such as \'[]\')');
    return 2;
  }
  const actions = await loadActions(actionsArg);
  const parsed = await readRvizFile(file);
  if (!parsed.ok) throw new CliError(parsed.reason);
  const result = applyActions(parsed.doc, actions, { lookup: catalog });
  if (!result.ok) throw new CliError(`nothing was written: ${result.reason}`);
  const out = typeof ctx.options.out === 'string' ? ctx.options.out : undefined;
  if (out) await writeTextFile(out, result.doc.text);
  if (ctx.options.json) {
    ctx.stdout(JSON.stringify({ ok: true, file, out: out ?? null, applied: result.summaries, ...(out ? {} : { document: result.doc.text }) }, null, 2));
  } else if (out) {
    ctx.stdout([...result.summaries.map((s) => `- ${s}`), `wrote ${out} (${result.summaries.length} action${result.summaries.length === 1 ? '' : 's'})`].join('\n'));
  } else {
    ctx.stdout(result.doc.text);
  }
  return 0;
};
