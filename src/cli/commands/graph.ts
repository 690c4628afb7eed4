// `rviz-companion graph --url ws://HOST:PORT [--json] [--timeout MS]`: connects, waits like the app (the robot's graph
// to stop growing, then static and dynamic TF, each bounded), prints the snapshot and says on stderr what is missing.
import { formatGraphText } from '../../core/graph/format-text.ts';
import type { GraphSnapshot } from '../../core/graph/types.ts';
import { checkRobotUrl, createRosbridgeLink, isLinkError, type RobotLink } from '../../link/index.ts';
import { CliError, type CommandRun } from '../context.ts';

const defaultTimeoutMs = 10_000;
/** After the graph, wait at most this long for each TF kind the robot publishes (latched ones may need a re-subscribe). */
const tfWaitMs = 4000;
/** TF is taken as complete once both kinds arrived and no new frame appeared for this long. */
const tfQuietMs = 500;

function parseTimeout(value: string | boolean | undefined): number {
  if (value === undefined) return defaultTimeoutMs;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1) {
    throw new CliError(`--timeout: expected a positive number of milliseconds, got "${String(value)}"`);
  }
  return Number(value);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

/**
 * Waits until each TF kind the robot publishes has arrived and no new frame appeared for a moment, at most `ms`.
 * Returns what is still missing, in words (empty when TF is complete).
 */
export async function waitForTf(link: RobotLink, snap: GraphSnapshot, ms: number, signal: AbortSignal): Promise<string[]> {
  const publishers = (name: string) => snap.topics.find((t) => t.name === name)?.publishers.map((p) => p.node) ?? [];
  const staticBy = publishers('/tf_static');
  const dynamicBy = publishers('/tf');
  const missing = (): string[] => {
    const edges = link.tf();
    const out: string[] = [];
    if (staticBy.length > 0 && !edges.some((e) => e.isStatic)) out.push(`no static transforms from /tf_static (published by ${staticBy.join(', ')})`);
    if (dynamicBy.length > 0 && !edges.some((e) => !e.isStatic)) out.push(`no dynamic transforms from /tf (published by ${dynamicBy.join(', ')})`);
    return out;
  };
  const end = Date.now() + ms;
  let count = -1;
  let quietSince = Date.now();
  while (Date.now() < end && !signal.aborted) {
    const n = link.tf().length;
    if (n !== count) { count = n; quietSince = Date.now(); }
    if (missing().length === 0 && Date.now() - quietSince >= tfQuietMs) break;
    await sleep(50, signal);
  }
  return missing();
}

export const run: CommandRun = async (ctx) => {
  const url = ctx.options['url'];
  if (typeof url !== 'string') throw new CliError('--url is required, e.g. --url ws://localhost:9090');
  const check = checkRobotUrl(url);
  if (!check.ok) throw new CliError(check.reason);
  const timeoutMs = parseTimeout(ctx.options['timeout']);
  const startedAt = Date.now();

  const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  // The probe ends before the overall deadline, so a silent server is named "not a rosbridge server".
  const link = createRosbridgeLink(check.url, { probeTimeoutMs: Math.min(5000, Math.ceil(timeoutMs / 2)) });
  const timedOut = () => new CliError(`no complete answer from ${check.url} within ${timeoutMs} ms (raise --timeout)`);
  const left = () => timeoutMs - (Date.now() - startedAt);
  try {
    const connected = link.connect();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(ctx.signal.aborted ? new CliError('interrupted') : timedOut());
      if (deadline.aborted) { onAbort(); return; }
      deadline.addEventListener('abort', onAbort, { once: true });
      connected.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
    });
    // Like the app: a robot whose rosbridge just started is still discovering its publishers. Keep room for TF.
    const settleMs = Math.max(0, left() - Math.min(tfWaitMs, left() / 3));
    let snap: GraphSnapshot = await link.snapshot({ signal: deadline, settleMs });
    const notes: string[] = [];
    if (link.state().starting) notes.push(`the robot's graph was still growing after ${Math.round((Date.now() - startedAt) / 1000)} s; topics may be missing (raise --timeout)`);
    const tfMissing = await waitForTf(link, snap, Math.max(0, Math.min(tfWaitMs, left() - 200)), deadline);
    if (ctx.signal.aborted) throw new CliError('interrupted');
    notes.push(...tfMissing.map((m) => `TF incomplete: ${m}`));
    snap = await link.snapshot({ signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(Math.max(1000, left()))]) }); // the graph poll is cached; this adds TF
    ctx.stdout(ctx.options['json'] ? `${JSON.stringify(snap, null, 2)}\n` : formatGraphText(snap, Date.now()));
    for (const note of notes) ctx.stderr(`graph: ${note}\n`);
    return 0;
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (isLinkError(err, 'aborted')) throw ctx.signal.aborted ? new CliError('interrupted') : timedOut();
    if (isLinkError(err)) throw new CliError(err.message.replace(/; retrying in [\d.]+ s$/, '')); // the CLI does not retry
    throw err;
  } finally {
    link.close();
  }
};
