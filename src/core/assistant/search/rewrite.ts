/** Optional query rewriting: the model proposes up to N search queries (one in English for other languages). */
import type { ChatMessage, JsonSchema, ModelClient } from '../../model.ts';

const REWRITE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { rewrites: { type: 'array', items: { type: 'string' }, maxItems: 4 } },
  required: ['rewrites'],
};

function messages(question: string, max: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You turn a user question about ROS 2, RViz2, robot control or the RViz Companion tool into search queries '
        + 'for an English documentation index. Answer with JSON {"rewrites": [...]} holding at most '
        + `${max} short queries in English that name the concepts, ROS message types, tools or error terms involved. `
        + 'If the question is not in English, the first query is its English translation. Do not answer the question.',
    },
    { role: 'user', content: question },
  ];
}

/** The model's rewrites, cleaned (trimmed, distinct, not the question itself, at most `max`). Throws on a bad reply. */
export async function rewriteQuery(model: ModelClient, question: string, max: number, signal?: AbortSignal): Promise<string[]> {
  const reply = await model.completeJson(messages(question, max), REWRITE_SCHEMA, { signal });
  const value = reply.value as { rewrites?: unknown } | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.rewrites)) {
    throw new Error('search: the model\'s rewrite reply has no "rewrites" array');
  }
  const seen = new Set([question.trim().toLowerCase()]);
  const out: string[] = [];
  for (const r of value.rewrites) {
    if (typeof r !== 'string') continue;
    const text = r.trim().slice(0, 300);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
    if (out.length >= max) break;
  }
  return out;
}
