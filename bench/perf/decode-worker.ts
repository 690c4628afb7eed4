// The view's decode worker for the Node bench: the same runJob as src/view/decode/worker.ts, over worker_threads.
import { parentPort } from 'node:worker_threads';
import { GridStore } from '../../src/view/decode/occupancy-grid.ts';
import { runJob, transferablesOf, type DecodeJob } from '../../src/view/decode/run.ts';

const grids = new GridStore();
parentPort!.on('message', (m: { id: number; job: DecodeJob }) => {
  void runJob(m.job, grids, 'worker').then(
    (result) => parentPort!.postMessage({ id: m.id, ok: true, result }, result ? transferablesOf(result) : []),
    (err: unknown) => parentPort!.postMessage({ id: m.id, ok: false, error: String(err) }),
  );
});
