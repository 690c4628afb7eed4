/**
 * The view's decode worker: runs DecodeJobs one after the other (so answers for a key keep their order) and hands
 * results back with their typed arrays transferred. Started by `createViewDecoder()` (./decoder.ts).
 */
import { GridStore } from './occupancy-grid.ts';
import { runJob, transferablesOf, type DecodeJob } from './run.ts';

interface Scope {
  onmessage: ((ev: MessageEvent<{ id: number; job: DecodeJob }>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const scope = self as unknown as Scope;
const grids = new GridStore();
let chain: Promise<void> = Promise.resolve();

scope.onmessage = (ev) => {
  const { id, job } = ev.data;
  chain = chain.then(async () => {
    try {
      const result = await runJob(job, grids, 'worker');
      scope.postMessage({ id, ok: true, result }, result ? transferablesOf(result) : []);
    } catch (err) {
      const e = err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };
      scope.postMessage({ id, ok: false, error: e }, []);
    }
  });
};
