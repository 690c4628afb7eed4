// The robot layer's processes: rosbridge-server-rs, the rclpy test robot and the project's bridge node (with the fake
// rviz2 of the bridge's own tests), isolated on a ROS domain of their own, loopback only, on a free port.
// Every process is started in its own process group and stopped (TERM, then KILL) by close(), also on failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const bridgePackage = join(repo, 'ros/rviz_companion_bridge');
/** The config RViz (the fake) starts with: the displays the view tests expect to draw. */
export const LAYER_RVIZ = join(repo, 'scripts/robot-layer/robot.rviz');

export type Prepared = { ok: true; dir: string; env: NodeJS.ProcessEnv; seconds: number } | { ok: false; reason: string; fatal: boolean };

/** Runs setup.sh (cached; builds on the first run) and reads the environment it wrote. */
export function prepare(onLog: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Prepared {
  const started = Date.now();
  const chosen = process.env.ROBOT_LAYER_PYTHON;
  if (chosen && spawnSync(chosen, ['-c', 'import sys; assert sys.version_info[:2] == (3, 12)']).status !== 0) {
    return { ok: false, reason: `ROBOT_LAYER_PYTHON=${chosen} is not a Python 3.12 interpreter (the ROS 2 Jazzy wheels are cp312)`, fatal: false };
  }
  const run = spawnSync('bash', [join(repo, 'scripts/robot-layer/setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  for (const line of (run.stderr ?? '').split('\n').filter(Boolean)) onLog(line);
  if (run.status === 3) return { ok: false, reason: lastReason(run.stderr), fatal: false };
  if (run.status !== 0) return { ok: false, reason: `set-up failed (exit ${run.status}): ${lastReason(run.stderr)}`, fatal: true };
  const dir = (run.stdout ?? '').trim().split('\n').at(-1) ?? '';
  const dump = spawnSync('bash', ['-c', `. '${dir}/env.sh' && env -0`], { encoding: 'utf8' });
  const env: NodeJS.ProcessEnv = {};
  for (const pair of dump.stdout.split('\0')) {
    const eq = pair.indexOf('=');
    if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { ok: true, dir, env, seconds: (Date.now() - started) / 1000 };
}

function lastReason(stderr: string | null): string {
  const lines = (stderr ?? '').split('\n').filter(Boolean);
  return ([...lines].reverse().find((l) => l.includes('cannot set up') || l.includes('failed')) ?? lines.at(-1) ?? 'no output')
    .replace(/^robot-layer: (cannot set up: )?/, '');
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => res(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); res(true); });
    socket.once('error', () => res(false));
  });
}

export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs: number, stepMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

interface Managed { name: string; child: ChildProcess; log: string; exited: Promise<void> }

export interface Layer {
  /** The rosbridge server's URL (ws://127.0.0.1:PORT). */
  url: string;
  port: number;
  domainId: number;
  /** Where the bridge node writes configs (current.rviz) and the fake rviz2 logs its starts. */
  configDir: string;
  rvizDir: string;
  logDir: string;
  /** The environment the ROS processes run with (for probes that start their own). */
  env: NodeJS.ProcessEnv;
  stopRosbridge(): Promise<void>;
  startRosbridge(): Promise<void>;
  /** Starts rosbridge again when a case left it stopped; true when it runs. */
  ensureRosbridge(): Promise<boolean>;
  /** The fake rviz2's starts, each with the config text it was given (-d). */
  rvizStarts(): { pid: number; config: string | null }[];
  /** The last lines of a process's log (for failure messages). */
  tail(name: 'rosbridge' | 'robot' | 'bridge', lines?: number): string;
  close(): Promise<void>;
}

export interface LayerOptions {
  /** Start rosbridge now (default) or leave it to startRosbridge() (the app opened before the server). */
  rosbridge?: boolean;
  /** Start the test robot and the bridge node (default true). */
  robot?: boolean;
  /** rosbridge's port (default: a free one). */
  port?: number;
}

const live = new Set<Managed>();
// A runner that dies (an exception, Ctrl-C) still leaves nothing running.
process.once('exit', () => { for (const m of live) killGroup(m.child, 'SIGKILL'); });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => { for (const m of live) killGroup(m.child, 'SIGKILL'); process.exit(130); });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try { process.kill(-child.pid, signal); } catch { /* already gone */ }
}

async function stop(m: Managed): Promise<void> {
  killGroup(m.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(m.child, 'SIGKILL'), 5000);
  await m.exited;
  clearTimeout(timer);
  // The group may still hold children (the fake rviz2 under the bridge node).
  killGroup(m.child, 'SIGKILL');
  live.delete(m);
}

export async function startLayer(prep: Extract<Prepared, { ok: true }>, opts: LayerOptions = {}): Promise<Layer> {
  const logDir = mkdtempSync(join(tmpdir(), 'robot-layer-'));
  const configDir = join(logDir, 'rviz-config');
  const rvizDir = join(logDir, 'fake-rviz');
  // A domain of our own (Fast DDS ports stay below 65535 up to 232); loopback discovery only.
  const domainId = 100 + Math.floor(Math.random() * 120);
  const env: NodeJS.ProcessEnv = {
    ...process.env, ...prep.env,
    ROS_DOMAIN_ID: String(domainId), ROS_AUTOMATIC_DISCOVERY_RANGE: 'LOCALHOST', RMW_IMPLEMENTATION: 'rmw_fastrtps_cpp',
    ROS_LOG_DIR: join(logDir, 'ros-log'), PYTHONUNBUFFERED: '1',
  };
  delete env.ROS_LOCALHOST_ONLY; // Jazzy ignores the discovery range when this is set
  delete env.ROS_STATIC_PEERS;
  const python = join(prep.dir, 'venv/bin/python');
  const processes = new Map<string, Managed>();

  const launch = (name: string, cmd: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Managed => {
    const log = join(logDir, `${name}.log`);
    const fd = openSync(log, 'a');
    const child = spawn(cmd, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', fd, fd], detached: true, cwd: repo });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const m: Managed = { name, child, log, exited };
    live.add(m);
    processes.set(name, m);
    return m;
  };
  const readLog = (name: string): string => { try { return readFileSync(join(logDir, `${name}.log`), 'utf8'); } catch { return ''; } };
  const tail = (name: string, lines = 15): string => readLog(name).trimEnd().split('\n').slice(-lines).join('\n');
  const exitedEarly = (name: string): boolean => {
    const c = processes.get(name)?.child;
    return !!c && (c.exitCode !== null || c.signalCode !== null);
  };
  const waitLine = async (name: string, text: string, timeoutMs: number): Promise<void> => {
    await waitFor(`${name}: "${text}"`, () => {
      if (exitedEarly(name)) throw new Error(`${name} exited early:\n${tail(name)}`);
      return readLog(name).includes(text);
    }, timeoutMs);
  };

  // The wheel installs the server's binaries without the execute bit.
  const serverDir = join(prep.dir, 'venv/lib/python3.12/site-packages/rosbridge_server_rs');
  const binary = join(serverDir, 'rosbridge_server_rs_jazzy');
  chmodSync(binary, 0o755);
  let port = opts.port ?? await freePort();
  const startRosbridge = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      // LD_PRELOAD: the wheels' librcl pulls in Python type support, which needs libpython loaded first.
      launch('rosbridge', binary, ['--bind', `127.0.0.1:${port}`, '--log-ansi', 'false'], { LD_PRELOAD: prep.env.ROBOT_LAYER_LIBPYTHON });
      try {
        await waitFor('rosbridge-server-rs to listen', () => {
          if (exitedEarly('rosbridge')) throw new Error(`rosbridge-server-rs exited:\n${tail('rosbridge')}`);
          return portOpen(port);
        }, 30_000);
        return;
      } catch (err) {
        await stop(processes.get('rosbridge')!);
        if (attempt >= 2 || !/Address already in use/i.test(tail('rosbridge'))) throw err;
        port = await freePort(); // another program took the port between freePort() and bind
      }
    }
  };

  const layer: Layer = {
    get url() { return `ws://127.0.0.1:${port}`; },
    get port() { return port; },
    domainId, configDir, rvizDir, logDir, env,
    async stopRosbridge() { const m = processes.get('rosbridge'); if (m) { await stop(m); processes.delete('rosbridge'); } },
    startRosbridge,
    async ensureRosbridge() {
      if (!processes.has('rosbridge') || exitedEarly('rosbridge')) { processes.delete('rosbridge'); await startRosbridge(); }
      return true;
    },
    rvizStarts() {
      try {
        return readFileSync(join(rvizDir, 'rviz-calls.jsonl'), 'utf8').split('\n').filter(Boolean)
          .map((l) => JSON.parse(l) as { event: string; pid: number; config: string | null })
          .filter((c) => c.event === 'start').map(({ pid, config }) => ({ pid, config }));
      } catch { return []; }
    },
    tail,
    async close() {
      for (const m of [...processes.values()].reverse()) await stop(m);
      processes.clear();
      if (process.env.ROBOT_KEEP_LOGS !== '1') rmSync(logDir, { recursive: true, force: true });
    },
  };

  try {
    if (opts.robot !== false) {
      launch('robot', python, [join(repo, 'scripts/robot-layer/test_robot.py')]);
      // The fake rviz2 of the bridge's own tests (ros/rviz_companion_bridge/test/support.py).
      const fake = spawnSync(python, ['-c', `import sys; sys.path[:0] = ['${bridgePackage}', '${bridgePackage}/test']
import os; os.makedirs('${rvizDir}', exist_ok=True)
from support import FakeRviz; print(FakeRviz('${rvizDir}').path)`], { env, encoding: 'utf8' });
      if (fake.status !== 0) throw new Error(`could not write the fake rviz2: ${fake.stderr}`);
      launch('bridge', python, ['-c', 'from rviz_companion_bridge.node import main; main()', '--ros-args',
        '-p', 'rviz:=true', '-p', `rviz_executable:=${fake.stdout.trim()}`, '-p', `config:=${LAYER_RVIZ}`,
        '-p', `config_dir:=${configDir}`, '-p', 'qos_period:=1.0', '-p', 'debounce:=0.2', '-p', 'rviz_settle:=0.3'],
      { PYTHONPATH: [bridgePackage, env.PYTHONPATH].filter(Boolean).join(':') });
      await waitLine('robot', 'test robot: ready', 60_000);
    }
    if (opts.rosbridge !== false) await startRosbridge();
    if (opts.robot !== false) {
      await waitFor('the fake rviz2 to start with the layer config', () => {
        if (exitedEarly('bridge')) throw new Error(`the bridge node exited:\n${tail('bridge')}`);
        return layer.rvizStarts().length > 0;
      }, 60_000);
    }
    return layer;
  } catch (err) {
    const logs = ['robot', 'bridge', 'rosbridge'].map((n) => `--- ${n}:\n${tail(n)}`).join('\n');
    await layer.close();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logs}`);
  }
}
