/**
 * The model as a proposer: one structured call with PLAN_SCHEMA. A reply is judged per action, not as a whole: after
 * parsing only its shape can refuse it (an object with an array of objects with a known `action`); each action is then
 * normalised (normalise.ts, every repair noted) and left to validate(). A reply that is not JSON or has no such array
 * gets ONE retry quoting why, then a clear failure (never a partial plan). Model errors become PlannerErrors that say
 * what to do next.
 */
import { ModelError, type ChatMessage, type ModelClient } from '../model.ts';
import { normaliseReply } from './normalise.ts';
import { buildPlanSchema, checkPlanJson, type SchemaOptions } from './schema.ts';
import { PlannerError, type Proposal, type ProposalInput, type Proposer } from './types.ts';

export interface ModelProposerOptions {
  schema?: Partial<SchemaOptions>;
  /** Per call, ms. */
  timeoutMs?: number;
}

function planErrorFrom(err: unknown, client: ModelClient): PlannerError {
  if (err instanceof PlannerError) return err;
  if (err instanceof ModelError) {
    if (err.kind === 'aborted') return new PlannerError('planner: cancelled', 'aborted');
    return new PlannerError(`planner: ${err.message}${err.hint ? ` (${err.hint})` : ''}`, 'model');
  }
  return new PlannerError(`planner: ${client.provider} ${client.model} failed: ${err instanceof Error ? err.message : String(err)}`, 'model');
}

export function createModelProposer(client: ModelClient, options: ModelProposerOptions = {}): Proposer {
  return {
    id: `${client.provider}:${client.model}`,
    usesPrompt: true,
    async propose(input: ProposalInput): Promise<Proposal> {
      const prompt = input.prompt;
      if (!prompt) throw new PlannerError('planner: internal: the model proposer needs a prompt', 'model');
      const schema = buildPlanSchema(input.context, options.schema, input.request);
      const maxActions = options.schema?.maxActions ?? (schema.properties as { actions: { maxItems: number } }).actions.maxItems;
      const messages: ChatMessage[] = [{ role: 'system', content: prompt.system }, { role: 'user', content: prompt.user }];
      let ms = 0;
      let lastReason = '';
      for (let attempt = 1; attempt <= 2; attempt++) {
        let parsed: { value: unknown; extracted?: 'fence' | 'prose' } | undefined;
        let raw = '';
        try {
          const reply = await client.completeJson(messages, schema, { signal: input.signal, timeoutMs: options.timeoutMs, lenientSchema: true });
          ms += reply.ms;
          parsed = { value: reply.value, extracted: reply.extracted };
          raw = reply.raw;
        } catch (err) {
          if (!(err instanceof ModelError) || (err.kind !== 'invalid_json' && err.kind !== 'empty')) throw planErrorFrom(err, client);
          lastReason = err.kind === 'empty' ? 'the reply was empty' : `the reply was not valid JSON (${err.message})`;
        }
        if (parsed) {
          const shaped = normaliseReply(parsed.value, input.context, input.request, maxActions);
          if (shaped.ok) {
            const r = shaped.value;
            const repairs = [...(parsed.extracted ? [`model reply: the JSON was taken out of ${parsed.extracted === 'fence' ? 'a code fence' : 'the text around it'}`] : []), ...r.repairs];
            const exact = !parsed.extracted && checkPlanJson(parsed.value, schema).ok;
            return {
              actions: r.actions, notes: r.notes, undoFirst: r.undoFirst || undefined, rejected: r.rejected, repairs,
              model: { provider: client.provider, model: client.model, attempts: attempt, ms, schemaValid: exact, repairs: repairs.length },
            };
          }
          lastReason = shaped.reason;
        }
        if (attempt === 1) {
          if (raw) messages.push({ role: 'assistant', content: raw.slice(0, 4000) });
          messages.push({ role: 'user', content: `Your reply was refused: ${lastReason}. Reply again with JSON only: {"actions": [...], "notes": [...], "undo_first": false}, matching the schema.` });
        }
      }
      const limit = /actions; at most/.test(lastReason);
      // Whatever the reason, nothing of the reply reaches the plan: no action was validated.
      throw new PlannerError(`planner: ${client.provider} ${client.model}: ${lastReason} (after one retry); nothing was planned`,
        limit ? 'too_many_actions' : 'invalid_output');
    },
  };
}
