/**
 * `rviz-companion ask TEXT [--scenario NAME | --url URL] [--provider …] [--ndjson]`: the assistant's answer, grounded
 * in the knowledge base and, with a robot, in the findings the diagnosis rules compute on it (against the RViz config
 * the robot's bridge reports on /rviz_companion/rviz_config_current, when it has one).
 *
 * Text mode prints the sources and findings first, the answer line by line as it streams, then the sources and a
 * warning for every command that is invented or mistyped. `--ndjson` prints every event as one JSON line.
 * Exit codes: 0 answered; 1 a clear error (robot or model unreachable, the model failed, interrupted); 2 usage.
 */
import { ask } from '../../core/assistant/pipeline/index.ts';
import { KbIndex } from '../../core/assistant/search/bm25-index.ts';
import type { AssistantEvent } from '../../core/assistant/events.ts';
import type { PromptTopic } from '../../core/assistant/pipeline/prompt.ts';
import { diagnose, topicsToSample, type Finding } from '../../core/diagnosis/index.ts';
import { parse, type RvizDocument } from '../../core/rviz/index.ts';
import { CliError, type CommandContext, type CommandRun } from '../context.ts';
import { loadKbFiles } from '../kb-files.ts';
import { modelClientFromOptions } from '../model-options.ts';
import { openRobotSession, robotTarget, type RobotSession } from '../robot-session.ts';

/** Long enough for NO_DATA (its rule needs 2.5 s of sampling), short enough for a question. */
export const ASK_SAMPLE_MS = 3000;
/** How long to wait for the latched config on /rviz_companion/rviz_config_current. */
const CONFIG_WAIT_MS = 1500;
const CONFIG_TOPIC = '/rviz_companion/rviz_config_current';

interface RobotFacts {
  url: string;
  scenario?: string;
  findings: Finding[];
  topics: PromptTopic[];
  nodeNames: string[];
  distro?: string;
  /** The config the findings were computed against, when the robot reported one. */
  config?: string;
}

/** The config the robot's bridge says RViz has loaded, or undefined when there is none (or it does not parse). */
async function robotConfig(session: RobotSession, signal: AbortSignal): Promise<RvizDocument | undefined> {
  if (!session.snapshot.topics.some((t) => t.name === CONFIG_TOPIC && t.publishers.length > 0)) return undefined;
  const text = await new Promise<string | undefined>((resolve) => {
    let stop = (): void => {};
    const finish = (value: string | undefined): void => { clearTimeout(timer); signal.removeEventListener('abort', onAbort); stop(); resolve(value); };
    const onAbort = (): void => finish(undefined);
    const timer = setTimeout(() => finish(undefined), CONFIG_WAIT_MS);
    signal.addEventListener('abort', onAbort, { once: true });
    stop = session.link.subscribe(CONFIG_TOPIC, 'std_msgs/msg/String', (message) => {
      const data = (message as { data?: unknown }).data;
      if (typeof data === 'string') finish(data);
    });
  });
  if (text === undefined) return undefined;
  const parsed = parse(text, { name: 'rviz_config_current' });
  return parsed.ok ? parsed.doc : undefined;
}

async function robotFacts(ctx: CommandContext): Promise<RobotFacts | undefined> {
  const target = robotTarget(ctx.options);
  if (!target) return undefined;
  const session = await openRobotSession({ ...target, signal: ctx.signal, sampleMs: ASK_SAMPLE_MS, watch: (snap) => topicsToSample(snap) });
  try {
    const document = await robotConfig(session, ctx.signal);
    if (ctx.signal.aborted) throw new CliError('interrupted');
    const findings = diagnose({ document, snapshot: session.snapshot, now: Date.now(), stamps: session.stamps, sampledSince: session.sampledSince });
    const facts: RobotFacts = {
      url: session.url,
      findings,
      topics: session.snapshot.topics.map((t) => ({ name: t.name, type: t.type })),
      nodeNames: session.snapshot.nodes,
    };
    if (session.scenario) facts.scenario = session.scenario;
    if (session.snapshot.ros?.distro) facts.distro = session.snapshot.ros.distro;
    if (document) facts.config = CONFIG_TOPIC;
    return facts;
  } finally {
    await session.close();
  }
}

/** Writes streamed text a whole line at a time (the CLI's writer ends every write with a newline). */
function lineWriter(write: (text: string) => void): { push(text: string): void; flush(): void } {
  let pending = '';
  return {
    push(text) {
      pending += text;
      const end = pending.lastIndexOf('\n');
      if (end === -1) return;
      write(pending.slice(0, end + 1));
      pending = pending.slice(end + 1);
    },
    flush() {
      if (pending !== '') write(pending);
      pending = '';
    },
  };
}

function formatContext(event: Extract<AssistantEvent, { type: 'context' }>, robot: RobotFacts | undefined): string {
  const lines: string[] = [];
  if (robot) {
    const who = robot.scenario ? `simulated robot ${robot.scenario}` : `robot ${robot.url}`;
    lines.push(`${who}: ${event.findings.length} finding${event.findings.length === 1 ? '' : 's'} (computed by rules${robot.config ? `, against the config on ${robot.config}` : ', no RViz config reported'})`);
    for (const f of event.findings) lines.push(`  ${f.severity.padEnd(7)} ${f.code}  ${f.summary}`);
  }
  lines.push(event.noMatch ? 'sources: no documentation matched' : `sources: ${event.sources.map((s) => `[${s.id}]`).join(' ')}`);
  return lines.join('\n');
}

function formatDone(event: Extract<AssistantEvent, { type: 'done' }>): string {
  const lines: string[] = [''];
  if (event.sources.length > 0) {
    lines.push('Sources:');
    for (const s of event.sources) lines.push(`  [${s.id}] ${s.title}\n      ${s.url}`);
  }
  const bad = event.commands.filter((c) => !c.valid);
  if (event.commands.length > 0) {
    lines.push(`Commands (${event.commands.length} checked, ${bad.length} to avoid; none was run):`);
    for (const c of event.commands) lines.push(c.valid ? `  ok       ${c.line}` : `  WARNING  ${c.line}\n           ${c.problem ?? ''}`);
  }
  return lines.join('\n');
}

export const run: CommandRun = async (ctx) => {
  const question = ctx.positionals.join(' ').trim();
  if (question === '') throw new CliError('ask needs a question, e.g. rviz-companion ask "why is my map not showing?"');
  const ndjson = ctx.options['ndjson'] === true;
  const entries = await loadKbFiles();
  const robot = await robotFacts(ctx);
  const model = await modelClientFromOptions(ctx.options, ctx.env, { redaction: { nodeNames: robot?.nodeNames ?? [] } });

  const out = lineWriter(ctx.stdout);
  let failure: Extract<AssistantEvent, { type: 'error' }> | undefined;
  let answering = false;
  for await (const event of ask({ question, index: new KbIndex(entries), findings: robot?.findings, topics: robot?.topics, nodes: robot?.nodeNames, distro: robot?.distro, model, signal: ctx.signal })) {
    if (ndjson) {
      ctx.stdout(JSON.stringify(event));
      if (event.type === 'error') failure = event;
      continue;
    }
    switch (event.type) {
      case 'context': ctx.stdout(formatContext(event, robot)); break;
      case 'meta': ctx.stdout(`${event.provider}/${event.model}${event.notes?.length ? ` (${event.notes.join('; ')})` : ''}\n`); break;
      case 'thinking': break;
      case 'token':
        if (!answering) { answering = true; ctx.stdout('Answer (advice; findings above are facts):'); }
        out.push(event.text);
        break;
      case 'done': out.flush(); ctx.stdout(formatDone(event)); break;
      case 'error': out.flush(); failure = event; break;
    }
  }
  if (failure) {
    if (failure.kind === 'aborted') throw new CliError('interrupted');
    throw new CliError(failure.hint ? `${failure.message} — ${failure.hint}` : failure.message);
  }
  return 0;
};
