// `rviz-companion graph --url ws://HOST:PORT [--json] [--timeout MS]`: connects, takes one snapshot, prints it.
import { formatGraphText } from '../../core/graph/format-text.ts';
import type { GraphSnapshot } from '../../core/graph/types.ts';
import { checkRobotUrl, createRosbridgeLink, isLinkError } from '../../link/index.ts';
import { CliError, type CommandRun } from '../context.ts';

const defaultTimeoutMs = 10_000;
/** After the graph, wait at most this long for TF to arrive when the robot has TF topics. */
const tfGraceMs = 1000;

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

export const run: CommandRun = async (ctx) => {
  const url = ctx.options['url'];
  if (typeof url !== 'string') throw new CliError('--url is required, e.g. --url ws://localhost:9090');
  const check = checkRobotUrl(url);
  if (!check.ok) throw new CliError(check.reason);
  const timeoutMs = parseTimeout(ctx.options['timeout']);

  const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  // The probe ends before the overall deadline, so a silent server is named "not a rosbridge server".
  const link = createRosbridgeLink(check.url, { probeTimeoutMs: Math.min(5000, Math.ceil(timeoutMs / 2)) });
  const timedOut = () => new CliError(`no complete answer from ${check.url} within ${timeoutMs} ms (raise --timeout)`);
  try {
    const connected = link.connect();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(ctx.signal.aborted ? new CliError('interrupted') : timedOut());
      if (deadline.aborted) { onAbort(); return; }
      deadline.addEventListener('abort', onAbort, { once: true });
      connected.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
    });
    let snap: GraphSnapshot = await link.snapshot({ signal: deadline });
    const hasTfTopics = snap.topics.some((t) => t.name === '/tf' || t.name === '/tf_static');
    if (hasTfTopics && snap.tf.length === 0) {
      const start = Date.now();
      while (link.tf().length === 0 && Date.now() - start < tfGraceMs && !deadline.aborted) await sleep(50, deadline);
      snap = await link.snapshot({ signal: deadline }); // the graph poll is cached; this only adds TF
    }
    ctx.stdout(ctx.options['json'] ? `${JSON.stringify(snap, null, 2)}\n` : formatGraphText(snap, Date.now()));
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
