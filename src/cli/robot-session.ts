/**
 * A robot for one CLI run: start the simulated robot in-process (`--scenario NAME`, on 127.0.0.1, a free port) or
 * connect to one (`--url ws://HOST:PORT`), take a snapshot after watching TF, rates and header stamps for a short
 * window, and close everything afterwards. Shared by `lint`, `plan` and `ask`.
 *
 * @example
 * const session = await openRobotSession({ ...robotTarget(ctx.options), signal: ctx.signal,
 *   watch: (snap) => topicsToSample(snap, facts) });
 * try { use(session.snapshot, session.stamps); } finally { await session.close(); }
 */
import { startSim, type SimHandle } from '../../sim/server.ts';
import { loadScenario } from '../../sim/scenario.ts';
import type { StampSample } from '../core/diagnosis/types.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import { checkRobotUrl, createRosbridgeLink, isLinkError, sampleTopics, type RobotLink } from '../link/index.ts';
import { CliError } from './context.ts';

export interface RobotTarget {
  /** A scenario name (sim/scenarios/NAME.json) or file: the simulated robot runs in this process. */
  scenario?: string;
  /** A rosbridge URL. Exactly one of `scenario` and `url`. */
  url?: string;
}

export interface RobotSessionOptions extends RobotTarget {
  /** How long to watch before the snapshot (ms). 0 takes it at once (TF still gets `tfGraceMs`). */
  sampleMs?: number;
  /** Topics whose rates and header stamps to watch, chosen from a first snapshot. None by default. */
  watch?: (first: GraphSnapshot) => readonly { name: string; type: string }[];
  /** Connecting and each snapshot must finish within this (ms). */
  timeoutMs?: number;
  /** When the robot publishes /tf or /tf_static but their transforms have not all arrived yet, wait at most this long (ms). */
  tfGraceMs?: number;
  signal?: AbortSignal;
}

export interface RobotSession {
  url: string;
  /** The scenario name when the simulated robot runs in-process. */
  scenario?: string;
  /** Still open until `close()`: callers may subscribe or take more snapshots. */
  link: RobotLink;
  /** Taken at the end of the watch window: TF, measured rates of watched topics. */
  snapshot: GraphSnapshot;
  /** Latest header stamp per watched topic that carries a header. */
  stamps: StampSample[];
  /** Wall-clock ms at which watching began (the `sampledSince` of diagnose). */
  sampledSince: number;
  /** Closes the link and stops the in-process robot. Safe to call twice. */
  close(): Promise<void>;
}

/** Long enough for 1 Hz topics to show up several times, for a 5 s rate window, and for a stopped TF stamp to fall behind. */
export const defaultSampleMs = 5000;
const defaultTimeoutMs = 10_000;
/** Long enough for a latched /tf_static that a too-early subscription missed to be re-subscribed and delivered. */
const defaultTfGraceMs = 3000;

/** `--scenario` / `--url` from parsed CLI options, checked: exactly one, a valid URL. */
export function robotTarget(options: Record<string, string | boolean>): RobotTarget | undefined {
  const scenario = options['scenario'];
  const url = options['url'];
  if (scenario !== undefined && url !== undefined) throw new CliError('give either --scenario or --url, not both');
  if (scenario !== undefined) {
    if (typeof scenario !== 'string' || scenario.trim() === '') throw new CliError('--scenario needs a name, e.g. --scenario qos_traps');
    return { scenario };
  }
  if (url !== undefined) {
    if (typeof url !== 'string') throw new CliError('--url needs a rosbridge URL, e.g. --url ws://localhost:9090');
    const check = checkRobotUrl(url);
    if (!check.ok) throw new CliError(check.reason);
    return { url: check.url };
  }
  return undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) { resolve(); return; }
    const done = () => { clearTimeout(t); signal.removeEventListener('abort', done); resolve(); };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

async function startScenario(name: string): Promise<SimHandle> {
  const loaded = loadScenario(name);
  if (!loaded.ok) throw new CliError(loaded.reason.replace(/^sim: /, ''));
  try {
    // A robot that is "already running" when the command looks at it: its rosbridge discovered the publishers long ago.
    return await startSim({ scenario: loaded.scenario, port: 0, host: '127.0.0.1', server: { discoveryDelayMs: 0 } });
  } catch (err) {
    throw new CliError(`cannot start the simulated robot for scenario ${name} (${(err as Error).message})`);
  }
}

/** Waits for `promise`, turning an abort of `signal` into `onAbort()`'s error. */
function within<T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    if (signal.aborted) { abort(); return; }
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Opens a session. Failures are CliErrors naming the robot (bad scenario, unreachable URL, not rosbridge, timeout,
 * interrupted); nothing is left running after a failure.
 */
export async function openRobotSession(opts: RobotSessionOptions): Promise<RobotSession> {
  if ((opts.scenario === undefined) === (opts.url === undefined)) throw new CliError('a robot needs either --scenario NAME or --url URL');
  const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs;
  const outer = opts.signal ?? new AbortController().signal;
  const sim = opts.scenario !== undefined ? await startScenario(opts.scenario) : undefined;
  const url = sim?.url ?? opts.url!;
  const link = createRosbridgeLink(url, { probeTimeoutMs: Math.min(5000, timeoutMs) });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    link.close();
    await sim?.close();
  };
  const stops: (() => void)[] = [];
  try {
    const step = (what: string) => {
      const deadline = AbortSignal.any([outer, AbortSignal.timeout(timeoutMs)]);
      const fail = () => new CliError(outer.aborted ? 'interrupted' : `${what}: no answer from ${url} within ${timeoutMs} ms`);
      return { deadline, fail };
    };
    let s = step('connect');
    await within(link.connect(), s.deadline, s.fail);
    s = step('snapshot');
    // A robot's rosbridge that just started is still discovering its publishers: wait for its graph to stop growing
    // (the in-process robot's are known at once).
    const settleMs = sim ? 0 : Math.floor(timeoutMs / 2);
    const first = await within(link.snapshot({ signal: s.deadline, settleMs }), s.deadline, s.fail);

    const sampler = sampleTopics(link, opts.watch?.(first) ?? []);
    stops.push(() => sampler.stop());
    await sleep(opts.sampleMs ?? defaultSampleMs, outer);
    // Static transforms are latched and arrive at once; dynamic ones with the next broadcast. Wait for each kind the
    // robot publishes, so a snapshot taken without a watch window still has the whole tree.
    const published = (name: string) => first.topics.some((t) => t.name === name && t.publishers.length > 0);
    const needStatic = published('/tf_static');
    const needDynamic = published('/tf');
    const tfComplete = () => {
      const edges = link.tf();
      return (!needStatic || edges.some((e) => e.isStatic)) && (!needDynamic || edges.some((e) => !e.isStatic));
    };
    const graceEnd = Date.now() + (opts.tfGraceMs ?? defaultTfGraceMs);
    while (!tfComplete() && Date.now() < graceEnd && !outer.aborted) await sleep(50, outer);
    if (outer.aborted) throw new CliError('interrupted');

    s = step('snapshot');
    const snapshot = await within(link.snapshot({ signal: s.deadline }), s.deadline, s.fail);
    for (const stop of stops.splice(0)) stop();
    const session: RobotSession = { url, link, snapshot, stamps: [...sampler.stamps.values()], sampledSince: sampler.since, close };
    if (sim) session.scenario = sim.scenario.name;
    return session;
  } catch (err) {
    for (const stop of stops) stop();
    await close();
    if (err instanceof CliError) throw err;
    if (isLinkError(err, 'aborted')) throw new CliError(outer.aborted ? 'interrupted' : `no answer from ${url} within ${timeoutMs} ms`);
    // The CLI does not retry, so the link's "retrying in …" tail would mislead.
    if (isLinkError(err)) throw new CliError(err.message.replace(/; retrying in [\d.]+ s$/, ''));
    throw err;
  }
}
