import type { AssistantEvent } from '../core/assistant/events.ts';
import type { KbIndex } from '../core/assistant/search/bm25-index.ts';
import type { Finding } from '../core/diagnosis/types.ts';
import type { GraphSnapshot } from '../core/graph/types.ts';
import type { ModelClient } from '../core/model.ts';
import type { AskFunction, AskRequest } from './assistant-panel.ts';

/** What an answer is grounded in, read when the question is asked. */
export interface AssistantInputs {
  findings(): readonly Finding[];
  snapshot(): GraphSnapshot | undefined;
  model(): Promise<ModelClient | undefined>;
}

let index: Promise<KbIndex> | undefined;

/** The knowledge base and its index load on the first question (they are not part of the first page). */
function knowledgeIndex(): Promise<KbIndex> {
  index ??= Promise.all([import('./kb-data.ts'), import('../core/assistant/search/bm25-index.ts'), import('../core/assistant/kb.ts')])
    .then(([data, search, kb]) => {
      const loaded = data.bundledKb();
      if (!loaded.ok) throw new Error(`assistant: the bundled knowledge base is invalid:\n${kb.formatKbProblems(loaded.problems)}`);
      return new search.KbIndex(loaded.entries);
    });
  index.catch(() => { index = undefined; });
  return index;
}

/** Binds the assistant pipeline to the app's robot, findings and model. */
export function createAskFunction(inputs: AssistantInputs): AskFunction {
  return async function* ask(request: AskRequest): AsyncIterable<AssistantEvent> {
    let pipeline: typeof import('../core/assistant/pipeline/index.ts');
    let kb: KbIndex;
    let model: ModelClient | undefined;
    try {
      [pipeline, kb, model] = await Promise.all([import('../core/assistant/pipeline/index.ts'), knowledgeIndex(), inputs.model()]);
    } catch (err) {
      yield { type: 'error', message: err instanceof Error ? err.message : String(err) };
      return;
    }
    const snapshot = inputs.snapshot();
    yield* pipeline.ask({
      question: request.question, index: kb, findings: inputs.findings(), history: request.history,
      topics: snapshot?.topics.map((t) => ({ name: t.name, type: t.type })), nodes: snapshot?.nodes,
      distro: snapshot?.ros?.distro, model, signal: request.signal,
    });
  };
}
