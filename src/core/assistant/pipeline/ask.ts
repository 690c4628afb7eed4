/**
 * The assistant pipeline: sanitise → the two searches → `context` (at once) → `meta` → the model's stream as
 * `thinking`/`token` → `done` with the answer, its sources and the checked commands; or `error`.
 *
 * Without a model the answer is extractive (best passages with `[id]` citations), streamed the same way. A cloud
 * model's client (src/llm createModelClient) redacts the whole prompt and restores the streamed reply itself.
 *
 * Stopping: when `signal` aborts, the stream ends with one `error` event of kind `aborted` and never a `done`, so
 * every stream ends with exactly one of `done` or `error`. A consumer that stops iterating just ends it.
 */
import { ModelError, type ModelClient } from '../../model.ts';
import type { Finding } from '../../diagnosis/types.ts';
import { checkCommands } from '../commands/check.ts';
import type { AssistantEvent, SourceRef } from '../events.ts';
import type { KbIndex } from '../search/bm25-index.ts';
import type { EmbeddingCache } from '../search/embedding-cache.ts';
import { excerptFor } from '../search/excerpt.ts';
import type { Reranker } from '../search/reranker.ts';
import { findingsQuery, retrieve, type RetrieveResult } from '../search/retrieve.ts';
import { ASK_DEFAULTS, type AskSettings } from './defaults.ts';
import { extractiveAnswer, tokenPieces } from './extractive.ts';
import { buildAskMessages, type HistoryTurn, type PromptTopic } from './prompt.ts';
import { sanitizeFindings, sanitizeText } from './sanitize.ts';

/** Optional retrieval stages (see search/README.md); BM25 with thresholds always runs. */
export interface AskRetrievalOptions {
  embedder?: ModelClient;
  embeddingCache?: EmbeddingCache;
  rewriter?: ModelClient;
  reranker?: Reranker;
}

export interface AskRequest {
  question: string;
  /** The knowledge base to search. */
  index: KbIndex;
  /** Current diagnosis findings (the truth the answer builds on). */
  findings?: readonly Finding[];
  /** Earlier turns of this conversation, oldest first; only the last few are used. */
  history?: readonly HistoryTurn[];
  /** The robot's topics: listed for the model, and topic arguments of commands are checked against them. */
  topics?: readonly PromptTopic[];
  /** The robot's node names: node arguments of commands are checked against them. */
  nodes?: readonly string[];
  /** The robot's ROS 2 distribution (snapshot.ros.distro): told to the model, and commands it lacks are flagged. */
  distro?: string;
  /** No model: the extractive answer. */
  model?: ModelClient;
  retrieval?: AskRetrievalOptions;
  settings?: Partial<AskSettings>;
  signal?: AbortSignal;
}

function errorEvent(err: unknown, signal: AbortSignal | undefined): AssistantEvent {
  if (signal?.aborted || (err instanceof ModelError && err.kind === 'aborted')) {
    return { type: 'error', kind: 'aborted', message: 'assistant: stopped before the answer was complete' };
  }
  if (err instanceof ModelError) {
    const event: AssistantEvent = { type: 'error', kind: err.kind, message: err.message };
    if (err.hint) event.hint = err.hint;
    return event;
  }
  return { type: 'error', message: `assistant: ${err instanceof Error ? err.message : String(err)}` };
}

function retrievalNotes(meta: RetrieveResult['meta']): string[] {
  const notes: string[] = [];
  if (meta.embedFallback) notes.push(meta.embedFallback);
  if (meta.rewriteFallback) notes.push(`query rewrites failed, original question only: ${meta.rewriteFallback}`);
  if (meta.rerankFallback) notes.push(meta.rerankFallback);
  return notes;
}

/**
 * Ask the assistant.
 *
 * @example
 * for await (const event of ask({ question: 'why is my map not showing?', index, findings, model, signal })) {
 *   if (event.type === 'token') render(event.text);
 * }
 */
export async function* ask(request: AskRequest): AsyncGenerator<AssistantEvent> {
  const started = performance.now();
  const settings: AskSettings = { ...ASK_DEFAULTS, ...request.settings };
  const { signal, model, index } = request;

  const question = sanitizeText(request.question, settings.maxQuestionChars);
  if (question === '') {
    yield { type: 'error', kind: 'bad_request', message: 'assistant: the question is empty' };
    return;
  }
  const findings = sanitizeFindings(request.findings ?? [], settings);
  const topics = request.topics ?? [];

  let retrieved: RetrieveResult;
  try {
    signal?.throwIfAborted();
    retrieved = await retrieve(index, { question, findings, k: settings.sources, ...request.retrieval, signal });
    signal?.throwIfAborted();
  } catch (err) {
    yield errorEvent(err, signal);
    return;
  }
  const sources: SourceRef[] = retrieved.results.map((r) => ({ id: r.id, title: r.title, url: r.url, score: r.score, via: r.via }));
  const contextMs = performance.now() - started;
  yield { type: 'context', sources, findings, noMatch: retrieved.noMatch };

  const notes = retrievalNotes(retrieved.meta);
  if (retrieved.noMatch) notes.push('no documentation matched');
  if (model?.isCloud) notes.push('cloud provider: the prompt is redacted before it leaves this machine and the reply restored');
  yield {
    type: 'meta',
    provider: model ? model.provider : 'offline',
    model: model ? model.model : 'extractive',
    timings: { contextMs, retrievalMs: retrieved.meta.totalMs, bm25Ms: retrieved.meta.bm25Ms },
    ...(notes.length > 0 ? { notes } : {}),
  };

  const fQuery = findingsQuery(findings);
  const pages = retrieved.results.map((r) => {
    const entry = index.entries.get(r.id)!;
    return { id: r.id, title: r.title, text: entry.text, query: r.via === 'findings' && fQuery ? fQuery : question };
  });

  let answer = '';
  try {
    if (!model) {
      answer = extractiveAnswer({ question, pages, findings, noMatch: retrieved.noMatch }, settings);
      for (const piece of tokenPieces(answer)) {
        signal?.throwIfAborted();
        yield { type: 'token', text: piece };
      }
    } else {
      const messages = buildAskMessages({
        question,
        sources: pages.map((p) => ({ id: p.id, title: p.title, excerpt: excerptFor(p.text, p.query, settings.promptExcerptChars) })),
        findings,
        noMatch: retrieved.noMatch,
        history: request.history,
        topics,
        distro: request.distro,
      }, settings);
      for await (const chunk of model.stream(messages, { signal, timeoutMs: settings.modelTimeoutMs })) {
        // Checked here too: an SDK may still hand over chunks it had buffered before the abort.
        signal?.throwIfAborted();
        if (chunk.text === '') continue;
        if (chunk.kind === 'token') answer += chunk.text;
        yield { type: chunk.kind, text: chunk.text };
      }
      signal?.throwIfAborted();
      if (answer.trim() === '') throw new ModelError('empty', `${model.provider}: model "${model.model}" returned an empty answer`, 'try again, or pick another model');
    }
  } catch (err) {
    yield errorEvent(err, signal);
    return;
  }

  yield {
    type: 'done',
    answer,
    sources: sources.map((s) => ({ id: s.id, title: s.title, url: s.url })),
    commands: checkCommands(answer, {
      ...(topics.length > 0 ? { topics } : {}),
      ...(request.nodes && request.nodes.length > 0 ? { nodes: request.nodes } : {}),
      ...(request.distro ? { distro: request.distro } : {}),
    }),
  };
}
