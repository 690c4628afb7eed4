/** The part of a page that best matches the query: the sentence sharing most query terms, and what follows it. */
import { analyze } from './tokenizer.ts';

export function excerptFor(text: string, query: string, maxChars: number): string {
  const sentences = text.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)/g)?.map((s) => s.trim()).filter(Boolean) ?? [text];
  const wanted = new Set(analyze(query.slice(0, 4000))); // a pasted log: its start is enough to pick a sentence
  let bestIndex = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = new Set(analyze(s).filter((t) => wanted.has(t))).size;
    if (score > bestScore) { bestScore = score; bestIndex = i; }
  });
  let out = '';
  for (let i = bestIndex; i < sentences.length; i++) {
    const next = out ? `${out} ${sentences[i]}` : sentences[i]!;
    if (next.length > maxChars) {
      if (!out) out = `${next.slice(0, maxChars - 1).trimEnd()}…`;
      break;
    }
    out = next;
  }
  return out;
}
