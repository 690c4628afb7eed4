// `rviz-companion convert IN.rviz OUT.rviz [--json]`: a ROS 1 rviz config to RViz2, listing what could not be converted.
import { catalog } from '../../core/catalog/index.ts';
import { convertRos1 } from '../../core/rviz/index.ts';
import { CliError, type CommandRun } from '../context.ts';
import { readRvizFile, writeTextFile } from '../rviz-file.ts';

export const run: CommandRun = async (ctx) => {
  const [input, output] = ctx.positionals as [string, string];
  const parsed = await readRvizFile(input);
  if (!parsed.ok) throw new CliError(parsed.reason);
  const result = convertRos1(parsed.doc, { lookup: catalog });
  if (!result.ok) throw new CliError(`nothing was written: ${result.reason}`);
  await writeTextFile(output, result.doc.text);
  const wasRos1 = result.converted.length > 0 || parsed.doc.ros1;
  if (ctx.options.json) {
    ctx.stdout(JSON.stringify({ ok: true, in: input, out: output, ros1: wasRos1, converted: result.converted, unconverted: result.unconverted }, null, 2));
    return 0;
  }
  if (!wasRos1) {
    ctx.stdout(`${input} is already an RViz2 config; wrote ${output} unchanged`);
    return 0;
  }
  const lines = [`converted ${result.converted.length} item${result.converted.length === 1 ? '' : 's'}; wrote ${output}`];
  if (result.unconverted.length > 0) {
    lines.push(`not converted (kept as they were; ${result.unconverted.length}):`);
    for (const u of result.unconverted) lines.push(`  ${u.path}: ${u.subject}: ${u.message}`);
  }
  ctx.stdout(lines.join('\n'));
  return 0;
};
