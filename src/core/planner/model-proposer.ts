/**
 * The model as a proposer: one structured call with PLAN_SCHEMA; output that is not JSON or breaks the schema gets ONE
 * retry quoting the validator, then a clear failure (never a partial plan). Model errors become PlannerErrors that say
 * what to do next.
 */
import { ModelError, type ChatMessage, type ModelClient } from '../model.ts';
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
      const schema = buildPlanSchema(input.context, options.schema);
      const messages: ChatMessage[] = [{ role: 'system', content: prompt.system }, { role: 'user', content: prompt.user }];
      let ms = 0;
      let lastReason = '';
      for (let attempt = 1; attempt <= 2; attempt++) {
        let parsed: { value: unknown } | undefined;
        let raw = '';
        try {
          const reply = await client.completeJson(messages, schema, { signal: input.signal, timeoutMs: options.timeoutMs });
          ms += reply.ms;
          parsed = { value: reply.value };
          raw = reply.raw;
        } catch (err) {
          if (!(err instanceof ModelError) || (err.kind !== 'invalid_json' && err.kind !== 'empty')) throw planErrorFrom(err, client);
          lastReason = err.kind === 'empty' ? 'the reply was empty' : `the reply was not valid JSON (${err.message})`;
        }
        if (parsed) {
          const check = checkPlanJson(parsed.value, schema);
          if (check.ok) {
            return {
              actions: check.value.actions, notes: check.value.notes, undoFirst: check.value.undo_first || undefined,
              model: { provider: client.provider, model: client.model, attempts: attempt, ms, schemaValid: true },
            };
          }
          lastReason = `the reply does not match the plan schema: ${check.reason}`;
        }
        if (attempt === 1) {
          if (raw) messages.push({ role: 'assistant', content: raw.slice(0, 4000) });
          messages.push({ role: 'user', content: `Your reply was refused: ${lastReason}. Reply again with JSON only, matching the schema exactly.` });
        }
      }
      const limit = /actions; at most/.test(lastReason);
      throw new PlannerError(`planner: ${client.provider} ${client.model}: ${lastReason} (after one retry); nothing was planned`,
        limit ? 'too_many_actions' : 'invalid_output');
    },
  };
}
