/**
 * `rviz-companion lint FILE.rviz [--scenario NAME | --url URL] [--json]`: the file's own problems (unknown classes,
 * invalid values, duplicate names, no fixed frame), and, with a robot, the diagnosis findings against it (QoS
 * mismatches, missing or wrong-typed topics, frames not in TF, stale TF, silent topics, clock skew), each naming the
 * display and the topic.
 *
 * Exit codes: 0 when the lint ran, whatever it found (findings are output, not failure); 1 when the input is bad
 * (unreadable file, not an RViz config) or the robot cannot be reached; 2 usage.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { catalog } from '../../core/catalog/index.ts';
import { countBySeverity, diagnose, documentFacts, formatFindingsText, topicsToSample, type Finding } from '../../core/diagnosis/index.ts';
import { lintDocument, parse, type LintFinding } from '../../core/rviz/index.ts';
import { CliError, type CommandRun } from '../context.ts';
import { openRobotSession, robotTarget } from '../robot-session.ts';

function readConfig(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.message;
    throw new CliError(`cannot read ${file} (${why})`);
  }
}

function formatLintText(findings: readonly LintFinding[]): string {
  const width = Math.max(0, ...findings.map((f) => f.code.length));
  return findings.map((f) => `${f.severity.padEnd(8)} ${f.code.padEnd(width)}  ${f.message}${f.path ? `  (${f.path})` : ''}\n`).join('');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export const run: CommandRun = async (ctx) => {
  const file = ctx.positionals[0];
  if (file === undefined || file === '') throw new CliError('name the config to check, e.g. lint my.rviz');
  const target = robotTarget(ctx.options);
  const text = readConfig(file);
  const parsed = parse(text, { name: basename(file) });
  if (!parsed.ok) throw new CliError(`${file}: ${parsed.reason}`);
  const doc = parsed.doc;
  const fileFindings = lintDocument(doc, catalog);

  let robot: { url: string; scenario?: string; sampledMs: number; findings: Finding[] } | undefined;
  if (target) {
    const facts = documentFacts(doc, catalog);
    const session = await openRobotSession({ ...target, signal: ctx.signal, watch: (snap) => topicsToSample(snap, facts) });
    try {
      const now = Date.now();
      const findings = diagnose({ document: doc, snapshot: session.snapshot, now, stamps: session.stamps, sampledSince: session.sampledSince });
      robot = { url: session.url, sampledMs: now - session.sampledSince, findings };
      if (session.scenario) robot.scenario = session.scenario;
    } finally {
      await session.close();
    }
  }

  if (ctx.options['json']) {
    ctx.stdout(`${JSON.stringify({ file, config: { findings: fileFindings }, ...(robot ? { robot } : {}) }, null, 2)}\n`);
    return 0;
  }
  let out = `${file}: ${plural(fileFindings.length, 'file finding')}${fileFindings.length ? ` (${countBySeverity(fileFindings)})` : ''}\n`;
  out += formatLintText(fileFindings);
  if (robot) {
    const who = robot.scenario ? `simulated robot ${robot.scenario} at ${robot.url}` : `robot ${robot.url}`;
    out += `\n${who}, watched ${(robot.sampledMs / 1000).toFixed(1)} s: ${plural(robot.findings.length, 'finding')}`
      + `${robot.findings.length ? ` (${countBySeverity(robot.findings)})` : ''}\n`;
    out += formatFindingsText(robot.findings);
  } else {
    out += '\n(no robot given: add --scenario NAME or --url ws://HOST:9090 to check the config against a robot)\n';
  }
  ctx.stdout(out);
  return 0;
};
