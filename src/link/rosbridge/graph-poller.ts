/**
 * One round of rosapi questions that yields the graph: topics and types, nodes, ROS version, and
 * who publishes and subscribes each topic, with bounded concurrency. Endpoints come per topic
 * (`/rosapi/publishers`, `/rosapi/subscribers`) or per node (`/rosapi/node_details`), whichever
 * needs fewer calls. One failing endpoint call becomes a problem; a lost connection fails the round.
 */
import type { Problem } from '../../core/graph/types.ts';
import type { RosapiGraph } from '../../core/graph/snapshot.ts';
import { isLinkError } from '../errors.ts';
import { mapLimit } from './concurrency.ts';
import type { RosapiClient } from './rosapi.ts';

export interface PollOptions {
  /** Calls in flight at once. */
  concurrency: number;
  /** Per-call timeout, ms. */
  callTimeoutMs: number;
  strategy: 'auto' | 'per-topic' | 'per-node';
  signal?: AbortSignal;
}

export const defaultPollOptions: Readonly<Omit<PollOptions, 'signal'>> = Object.freeze({
  concurrency: 8, callTimeoutMs: 5000, strategy: 'auto',
});

export interface PollResult {
  graph: RosapiGraph;
  problems: Problem[];
  /** How many rosapi calls the round made. */
  calls: number;
}

function fatal(err: unknown): boolean {
  return isLinkError(err) && (err.code === 'connection-lost' || err.code === 'not-connected' || err.code === 'aborted' || err.code === 'closed');
}

export async function pollGraph(rosapi: RosapiClient, options: Partial<PollOptions> = {}): Promise<PollResult> {
  const opts = { ...defaultPollOptions, ...options };
  const callOpts = { timeoutMs: opts.callTimeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) };
  const problems: Problem[] = [];
  let calls = 3;
  const [topics, nodesResult, rosResult] = await Promise.allSettled([
    rosapi.topics(callOpts), rosapi.nodes(callOpts), rosapi.rosVersion(callOpts),
  ]);
  if (topics.status === 'rejected') throw topics.reason;
  if (nodesResult.status === 'rejected' && fatal(nodesResult.reason)) throw nodesResult.reason;
  const nodes = nodesResult.status === 'fulfilled' ? nodesResult.value : [];
  if (nodesResult.status === 'rejected') {
    problems.push({ id: 'graph:nodes', severity: 'warning', message: `graph: could not list nodes: ${String((nodesResult.reason as Error).message)}` });
  }
  const topicList = topics.value;
  const publishers: Record<string, string[]> = {};
  const subscribers: Record<string, string[]> = {};
  const failures: string[] = [];

  const perTopic = async (): Promise<void> => {
    const tasks = topicList.flatMap((t) => [{ topic: t.name, kind: 'publishers' as const }, { topic: t.name, kind: 'subscribers' as const }]);
    await mapLimit(tasks, opts.concurrency, async ({ topic, kind }) => {
      calls++;
      try {
        const list = kind === 'publishers' ? await rosapi.publishers(topic, callOpts) : await rosapi.subscribers(topic, callOpts);
        (kind === 'publishers' ? publishers : subscribers)[topic] = list;
      } catch (err) {
        if (fatal(err)) throw err;
        failures.push(`${kind} of ${topic} (${(err as Error).message})`);
      }
    }, opts.signal);
  };

  const perNode = opts.strategy === 'per-node'
    || (opts.strategy === 'auto' && nodes.length > 0 && nodes.length < 2 * topicList.length);
  if (perNode) {
    const known = new Set(topicList.map((t) => t.name));
    await mapLimit(nodes, opts.concurrency, async (node) => {
      calls++;
      try {
        const d = await rosapi.nodeDetails(node, callOpts);
        for (const t of d.publishing) if (known.has(t)) (publishers[t] ??= []).push(node);
        for (const t of d.subscribing) if (known.has(t)) (subscribers[t] ??= []).push(node);
      } catch (err) {
        if (fatal(err)) throw err;
        failures.push(`${node} (${(err as Error).message})`);
      }
    }, opts.signal);
    if (failures.length > 0 && opts.strategy === 'auto') {
      // A node we could not ask would lose its endpoints: ask per topic instead, which does not depend on nodes.
      for (const k of Object.keys(publishers)) delete publishers[k];
      for (const k of Object.keys(subscribers)) delete subscribers[k];
      failures.length = 0;
      await perTopic();
    }
  } else {
    await perTopic();
  }
  if (failures.length > 0) {
    const shown = failures.slice(0, 3).join('; ');
    problems.push({ id: 'graph:endpoints', severity: 'warning',
      message: `graph: ${failures.length} endpoint quer${failures.length === 1 ? 'y' : 'ies'} failed: ${shown}${failures.length > 3 ? '; …' : ''}`,
      tip: 'publishers and subscribers of those may be missing from the snapshot' });
  }
  const graph: RosapiGraph = { topics: topicList, publishers, subscribers, nodes };
  if (rosResult.status === 'fulfilled') graph.ros = rosResult.value;
  return { graph, problems, calls };
}
