// The view's data path, measured in Node against the simulated robot: per heavy message, the bytes on the wire as
// JSON and as CBOR (the real frames rosbridge-style subscriptions get), the main-thread cost of reading a frame
// (JSON.parse, or cbor2's decode as roslib 2 does), and the decode into draw-ready arrays in-thread and in a worker
// (round trip: structured clone in, transfer out). The browser half (frame time with the cloud drawn) is in the app bench.
import { Worker } from 'node:worker_threads';
import { decode as decodeCbor } from 'cbor2';
import { WebSocket } from 'ws';
import { startSim } from '../../sim/server.ts';
import { defaultPointColorOptions } from '../../src/view/decode/color-options.ts';
import { GridStore } from '../../src/view/decode/occupancy-grid.ts';
import { runJob, type DecodeJob } from '../../src/view/decode/run.ts';
import { median, percentile } from './measure.ts';

export interface DecodeCase {
  label: string;
  scenario: string;
  topic: string;
  type: string;
  /** How the decoder is asked to decode it. */
  job: 'points' | 'grid' | 'image';
}

export const defaultDecodeCases: readonly DecodeCase[] = [
  { label: 'PointCloud2 100k (cloud_100k)', scenario: 'cloud_100k', topic: '/velodyne_points', type: 'sensor_msgs/msg/PointCloud2', job: 'points' },
  { label: 'LaserScan 360 (turtlebot_nav)', scenario: 'turtlebot_nav', topic: '/scan', type: 'sensor_msgs/msg/LaserScan', job: 'points' },
  { label: 'OccupancyGrid map (turtlebot_nav)', scenario: 'turtlebot_nav', topic: '/map', type: 'nav_msgs/msg/OccupancyGrid', job: 'grid' },
  { label: 'Image rgb8 (turtlebot_nav)', scenario: 'turtlebot_nav', topic: '/camera/image_raw', type: 'sensor_msgs/msg/Image', job: 'image' },
];

export interface DecodeRow {
  label: string;
  messages: number;
  points?: number;
  jsonBytes: number;
  cborBytes: number;
  /** Main thread: JSON.parse of a frame / cbor2 decode of a frame (median ms). */
  parseJsonMs: number;
  parseCborMs: number;
  /** Decoder on the calling thread, from the parsed JSON / CBOR message (median and p95 ms). */
  inThreadJsonMs: number;
  inThreadCborMs: number;
  inThreadCborP95Ms: number;
  /** Worker: time inside the worker, and the round trip seen by the caller (median ms), CBOR input. */
  workerDecodeMs: number;
  workerRoundTripMs: number;
}

interface Frames { json: string[]; cbor: Uint8Array[] }

async function collectFrames(url: string, c: DecodeCase, count: number, timeoutMs: number): Promise<Frames> {
  const grab = (compression: 'none' | 'cbor') => new Promise<(string | Uint8Array)[]>((resolve, reject) => {
    const ws = new WebSocket(url, { maxPayload: 64 * 1024 * 1024 });
    const got: (string | Uint8Array)[] = [];
    const finish = () => { clearTimeout(timer); ws.close(); resolve(got); };
    const timer = setTimeout(finish, timeoutMs);
    ws.on('error', (e) => { clearTimeout(timer); reject(e); });
    ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', id: `bench:${compression}`, topic: c.topic, type: c.type, compression })));
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) got.push(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
      else {
        const text = buf.toString('utf8');
        if (!text.startsWith('{"op":"publish"')) return;
        got.push(text);
      }
      if (got.length >= count) finish();
    });
  });
  const [json, cbor] = await Promise.all([grab('none'), grab('cbor')]);
  return { json: json.filter((f): f is string => typeof f === 'string'), cbor: cbor.filter((f): f is Uint8Array => f instanceof Uint8Array) };
}

function timeEach<T>(items: readonly T[], iterations: number, fn: (item: T) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const item = items[i % items.length]!;
    const t = performance.now();
    fn(item);
    out.push(performance.now() - t);
  }
  return out;
}

function jobFor(c: DecodeCase, message: unknown): DecodeJob {
  if (c.job === 'points') return { op: 'points', type: c.type, message, request: { colors: { ...defaultPointColorOptions, transformer: 'Intensity' } } };
  if (c.job === 'grid') return { op: 'grid', key: c.topic, message, request: { colorScheme: 'map' } };
  return { op: 'image', message, request: { normalizeRange: true } };
}

class NodeDecodeWorker {
  // A worker thread does not inherit `--import tsx` on Node 20: it registers tsx itself, then loads the .ts module.
  private readonly worker = new Worker(`import('tsx/esm/api').then((t) => t.register()).then(() => import(${JSON.stringify(new URL('./decode-worker.ts', import.meta.url).href)}))`,
    { eval: true });
  private next = 1;
  private readonly pending = new Map<number, (r: { ok: boolean; result?: { timing: { decodeMs: number } }; error?: string }) => void>();
  public constructor() {
    this.worker.on('message', (m: { id: number; ok: boolean; result?: { timing: { decodeMs: number } }; error?: string }) => {
      this.pending.get(m.id)?.(m);
      this.pending.delete(m.id);
    });
    this.worker.on('error', (err) => {
      for (const p of this.pending.values()) p({ ok: false, error: `worker failed: ${err.message}` });
      this.pending.clear();
    });
  }
  public run(job: DecodeJob): Promise<{ decodeMs: number; roundTripMs: number }> {
    const id = this.next++;
    const t = performance.now();
    return new Promise((resolve, reject) => {
      this.pending.set(id, (m) => {
        if (!m.ok || !m.result) { reject(new Error(m.error ?? 'worker: no result')); return; }
        resolve({ decodeMs: m.result.timing.decodeMs, roundTripMs: performance.now() - t });
      });
      this.worker.postMessage({ id, job });
    });
  }
  public close(): Promise<number> { return this.worker.terminate(); }
}

export interface DecodeBenchOptions {
  cases?: readonly DecodeCase[];
  /** Frames collected per case and wire (default 12); decodes timed per variant (default 30). */
  frames?: number;
  iterations?: number;
  log?: (line: string) => void;
}

export async function decodeBench(opts: DecodeBenchOptions = {}): Promise<DecodeRow[]> {
  const cases = opts.cases ?? defaultDecodeCases;
  const frames = opts.frames ?? 12;
  const iterations = opts.iterations ?? 30;
  const rows: DecodeRow[] = [];
  const worker = new NodeDecodeWorker();
  try {
    for (const scenario of [...new Set(cases.map((c) => c.scenario))]) {
      const sim = await startSim({ scenario, port: 0 });
      try {
        for (const c of cases.filter((x) => x.scenario === scenario)) {
          opts.log?.(`decode: ${c.label}`);
          const f = await collectFrames(sim.url, c, frames, 4000);
          if (f.json.length === 0 || f.cbor.length === 0) throw new Error(`decode bench: no ${c.topic} messages from ${scenario} (json ${f.json.length}, cbor ${f.cbor.length})`);
          const jsonMsgs = f.json.map((t) => (JSON.parse(t) as { msg: unknown }).msg);
          const cborMsgs = f.cbor.map((b) => (decodeCbor(b) as { msg: unknown }).msg);
          const grids = new GridStore();
          const inThread = (m: unknown) => { void runJob(jobFor(c, m), grids, 'in-thread'); };
          // Warm up both paths once so the JIT state is alike.
          for (const m of [...jsonMsgs.slice(0, 2), ...cborMsgs.slice(0, 2)]) inThread(m);
          const parseJson = timeEach(f.json, iterations, (t) => JSON.parse(t));
          const parseCbor = timeEach(f.cbor, iterations, (b) => decodeCbor(b));
          const threadJson = timeEach(jsonMsgs, iterations, inThread);
          const threadCbor = timeEach(cborMsgs, iterations, inThread);
          const inWorker: { decodeMs: number; roundTripMs: number }[] = [];
          for (let i = 0; i < iterations + 2; i++) {
            const r = await worker.run(jobFor(c, cborMsgs[i % cborMsgs.length]));
            if (i >= 2) inWorker.push(r);
          }
          const first = await runJob(jobFor(c, cborMsgs[0]), grids, 'in-thread');
          rows.push({
            label: c.label, messages: Math.min(f.json.length, f.cbor.length),
            ...(first?.kind === 'points' ? { points: first.count } : {}),
            jsonBytes: median(f.json.map((t) => Buffer.byteLength(t))),
            cborBytes: median(f.cbor.map((b) => b.byteLength)),
            parseJsonMs: median(parseJson), parseCborMs: median(parseCbor),
            inThreadJsonMs: median(threadJson), inThreadCborMs: median(threadCbor), inThreadCborP95Ms: percentile(threadCbor, 95),
            workerDecodeMs: median(inWorker.map((r) => r.decodeMs)), workerRoundTripMs: median(inWorker.map((r) => r.roundTripMs)),
          });
        }
      } finally {
        await sim.close();
      }
    }
  } finally {
    await worker.close();
  }
  return rows;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const ms = (n: number) => n.toFixed(2);

export function formatDecodeTable(rows: readonly DecodeRow[]): string {
  const head = ['message', 'JSON bytes', 'CBOR bytes', 'CBOR/JSON', 'parse JSON ms', 'parse CBOR ms', 'decode from JSON ms', 'decode from CBOR ms (p95)',
    'worker decode ms', 'worker round trip ms'];
  const lines = rows.map((r) => [
    r.points !== undefined ? `${r.label}, ${r.points} drawn` : r.label,
    kb(r.jsonBytes), kb(r.cborBytes), `${((r.cborBytes / r.jsonBytes) * 100).toFixed(0)} %`, ms(r.parseJsonMs), ms(r.parseCborMs), ms(r.inThreadJsonMs),
    `${ms(r.inThreadCborMs)} (${ms(r.inThreadCborP95Ms)})`, ms(r.workerDecodeMs), ms(r.workerRoundTripMs),
  ]);
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  const fmt = (l: string[]) => `| ${l.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return ['', 'View data path (Node, medians; parse = main-thread work in the socket handler, decode = worker or in-thread)', fmt(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt), ''].join('\n');
}
