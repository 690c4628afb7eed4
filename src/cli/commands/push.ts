// `rviz-companion push FILE.rviz --url URL [--json] [--timeout MS]`: publishes the file on the robot bridge's
// /rviz_companion/rviz_config and waits for its status. Exit 0 when loaded or written; 1 when refused, unreachable,
// no bridge, or no status in time (the message says which). The file is sent as it is: judging it is the bridge's job.
import { readFile, stat } from 'node:fs/promises';
import { describeSendOutcome, type SendOutcome } from '../../core/bridge/messages.ts';
import { bridgeInGraph, bridgeLaunchCommand, bridgeReadmePath } from '../../core/bridge/state.ts';
import { checkRobotUrl, createRosbridgeLink, defaultRosbridgeLinkOptions, isLinkError, RvizBridge } from '../../link/index.ts';
import { CliError, type CommandRun } from '../context.ts';

const defaultTimeoutMs = 15_000;
/**
 * How long to wait for the bridge's latched last status before sending, when it has not come with the graph. A
 * rosbridge that just started delivers it only after it discovered the bridge and the link re-subscribed (~1-2 s).
 */
const latchedGraceMs = 3000;

function parseTimeout(value: string | boolean | undefined): number {
  if (value === undefined) return defaultTimeoutMs;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1) {
    throw new CliError(`--timeout: expected a positive number of milliseconds, got "${String(value)}"`);
  }
  return Number(value);
}

async function readConfig(path: string): Promise<string> {
  const limit = defaultRosbridgeLinkOptions.maxPublishBytes;
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw new CliError(`cannot read ${path}: it is a folder`);
    // Larger than rosbridge's max_message_size: it would drop the connection rather than pass it on.
    if (s.size > limit) throw new CliError(`${path} is ${s.size} bytes, over rosbridge's max_message_size (${limit} bytes); the bridge takes at most 5 MB. Nothing was sent`);
    const bytes = await readFile(path);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (err instanceof TypeError) throw new CliError(`${path} is not valid UTF-8 text; nothing was sent`);
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
}

export const run: CommandRun = async (ctx) => {
  const file = ctx.positionals[0]!;
  const url = ctx.options['url'];
  if (typeof url !== 'string') throw new CliError('--url is required, e.g. --url ws://localhost:9090');
  const check = checkRobotUrl(url);
  if (!check.ok) throw new CliError(check.reason);
  const timeoutMs = parseTimeout(ctx.options['timeout']);
  const text = await readConfig(file);
  const json = ctx.options['json'] === true;

  const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
  const link = createRosbridgeLink(check.url, { probeTimeoutMs: Math.min(5000, Math.ceil(timeoutMs / 2)), bridgeWaitMs: 0 });
  const bridge = new RvizBridge(link, { timeoutMs });
  const report = (outcome: SendOutcome | undefined, ok: boolean, message: string): number => {
    if (json) {
      const status = outcome?.kind === 'status' ? outcome.status : null;
      ctx.stdout(`${JSON.stringify({ ok, url: check.url, file, bytes: Buffer.byteLength(text, 'utf8'), outcome: outcome?.kind ?? 'not-sent', status, message }, null, 2)}\n`);
    }
    if (ok) { if (!json) ctx.stdout(`${message}\n`); return 0; }
    ctx.stderr(`rviz-companion push: ${message}`);
    return 1;
  };
  try {
    bridge.start(); // subscribed before the graph poll, so the latched last status is in before we send
    try {
      const connected = link.connect();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(new CliError(ctx.signal.aborted ? 'interrupted' : `no answer from ${check.url} within ${timeoutMs} ms (raise --timeout)`));
        if (deadline.aborted) { onAbort(); return; }
        deadline.addEventListener('abort', onAbort, { once: true });
        connected.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
      });
      // A rosbridge that just started is still discovering the robot: wait (bounded) for its graph to settle.
      const snap = await link.snapshot({ signal: deadline, settleMs: Math.floor(timeoutMs / 3) });
      if (!bridgeInGraph(snap.topics)) {
        return report(undefined, false, `no bridge on ${check.url}: nothing subscribes to /rviz_companion/rviz_config, so nothing was sent. `
          + `On the machine that runs RViz2: ${bridgeLaunchCommand} (see ${bridgeReadmePath})`);
      }
    } catch (err) {
      if (err instanceof CliError) return report(undefined, false, err.message);
      if (isLinkError(err, 'aborted')) return report(undefined, false, ctx.signal.aborted ? 'interrupted' : `no answer from ${check.url} within ${timeoutMs} ms (raise --timeout)`);
      if (isLinkError(err)) return report(undefined, false, `unreachable: ${err.message.replace(/; retrying in [\d.]+ s$/, '')}`);
      throw err;
    }
    // The latched last status normally arrived during the graph poll; give a slow one a moment, so that it is not
    // mistaken for the answer to this config (a bridge that never answered anything yet has none to send).
    const grace = Math.min(latchedGraceMs, Math.floor(timeoutMs / 3));
    for (let waited = 0; bridge.state().received === 0 && waited < grace && !ctx.signal.aborted; waited += 25) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const outcome = await bridge.send(text, { timeoutMs, signal: ctx.signal });
    const said = describeSendOutcome(outcome);
    const delivered = outcome.kind === 'status' && (outcome.status.action === 'loaded' || outcome.status.action === 'written');
    if (outcome.kind === 'timeout') return report(outcome, false, `no status from the bridge within ${timeoutMs} ms (raise --timeout, or check that rviz_companion_bridge runs)`);
    if (outcome.kind === 'status' && !delivered) {
      const s = outcome.status;
      return report(outcome, false, s.action === 'refused' ? `refused: ${s.reason || 'no reason given'}` : `${s.action}: ${s.reason}`);
    }
    return report(outcome, delivered, said.text.replace(/ Your document is as applied[^.]*\./, ''));
  } finally {
    bridge.stop();
    link.close();
  }
};
