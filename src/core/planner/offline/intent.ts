// What a request or a clause intends before what it names: a question (never a change: offered to the assistant), a
// "leave it / it's fine" (no change to what it names) and a negated change ("don't make the laser red": not made).
// The phrasings are data (catalog/concepts.json); this decides where they apply.
import { tokenize } from '../../catalog/text.ts';
import { CONCEPTS } from './concepts.ts';
import { FIX_PHRASES } from './lexicon.ts';
import { hasPhrase, type Span } from './mentions.ts';
import { anyPhrase } from './shared.ts';

const startsWith = (tokens: readonly string[], phrases: readonly string[]): string | undefined =>
  phrases.find((p) => { const t = tokenize(p); return t.length > 0 && t.every((x, i) => tokens[i] === x); });

const WH = new Set(['what', 'whats', 'which', 'how', 'who', 'when', 'whose', 'explain']);

/** A question: what to offer the assistant, and the statement it may stand for ("how do I make it red" → "make it red"). */
export interface Question { text: string; statement: string }

/** Words that may open a polite request: "hi, could you …", "ok so can you …". */
const GREETINGS: ReadonlySet<string> = new Set(['hi', 'hello', 'hey', 'ok', 'okay', 'so', 'um', 'uh', 'hmm', 'oh', 'and', 'also', 'then', 'now', 'right', 'alright']);

/**
 * Whether a sentence is a question rather than a request: a question mark, a wh-word or "tell me" first — but not a
 * polite request ("can you …", "please …") nor a complaint ("why is the map empty?", which the fix path answers).
 */
export function questionOf(sentence: string): Question | undefined {
  const text = sentence.trim();
  const tokens = tokenize(text);
  if (tokens.length === 0) return undefined;
  if (anyPhrase(tokens, FIX_PHRASES)) return undefined;
  // ("Hi! Would you mind making …?", "ok so could you …": a greeting or a filler before a polite request leaves it one.)
  let lead = 0;
  while (lead < tokens.length - 1 && GREETINGS.has(tokens[lead]!)) lead++;
  if (startsWith(tokens.slice(lead), CONCEPTS.questions.requests)) return undefined;
  // "where is the camera link?": where a part of the robot is, answered from TF (outside.ts), not a question to hand on.
  if (tokens[0] === 'where') return undefined;
  const howTo = startsWith(tokens, CONCEPTS.questions.howTo);
  const marked = /[?？]\s*$/.test(text);
  const start = startsWith(tokens, CONCEPTS.questions.starts);
  if (!marked && !(start && (WH.has(tokens[0]!) || start === 'tell me'))) return undefined;
  const words = text.replace(/[?？]+\s*$/, '').trim().split(/\s+/);
  const drop = howTo ? tokenize(howTo).length : start && !WH.has(tokens[0]!) ? 1 : start ? tokenize(start).length : 0;
  return { text, statement: words.slice(drop).join(' ') };
}

/** "the map looks fine", "leave the grid alone", "keep the laser as it is", "never mind": no change to what it names. */
export function leaveSpan(tokens: readonly string[]): Span | undefined {
  const named = anyPhrase(tokens, CONCEPTS.leave.phrases);
  if (named) return named;
  // "the depth one stays", "the map remains": what it follows is kept as it is (no number: "stay 3 s" is a decay).
  const stays = anyPhrase(tokens, CONCEPTS.leave.stays);
  // ("the map stays blank" is a complaint: a fault word after it.)
  const fault = ['blank', 'empty', 'black', 'dark', 'grey', 'gray', 'frozen', 'invisible', 'stuck', 'white'].includes(stays ? tokens[stays.start + stays.length] ?? '' : '');
  if (stays && stays.start > 0 && !fault && !tokens.some((t) => /^\d/.test(t))) return stays;
  // "Dock Door keep" (a verb at the end, as Chinese, Japanese and German put it): what it follows is kept.
  let end = tokens.length;
  while (end > 1 && ['please', 'it', 'them', 'that', 'this', 'too', 'also', 'though'].includes(tokens[end - 1]!)) end--;
  if (end > 1 && ['keep', 'kept', 'leave', 'retain'].includes(tokens[end - 1]!) && !tokens.some((t) => /^\d/.test(t))) return { start: end - 1, length: 1 };
  // "leave the laser alone / on / be", "let the map alone": a clause led by "leave".
  const lead = tokens.findIndex((t) => !['please', 'just', 'ok', 'okay', 'so', 'and', 'then', 'i', 'd', 'would', 'you', 'can'].includes(t));
  if (lead >= 0 && (tokens[lead] === 'leave' || (tokens[lead] === 'let' && (tokens.includes('be') || tokens.includes('alone'))))) return { start: lead, length: 1 };
  // "… is fine", "… looks good as it is", "it's ok": a fine-word after a copula (adverbs between).
  for (let i = 0; i < tokens.length; i++) {
    if (!CONCEPTS.leave.copulas.includes(tokens[i]!)) continue;
    let j = i + 1;
    while (['just', 'really', 'perfectly', 'totally', 'quite', 'so', 'pretty', 'all', 'already'].includes(tokens[j] ?? '')) j++;
    const fine = CONCEPTS.leave.fine.find((f) => { const ft = tokenize(f); return ft.every((x, k) => tokens[j + k] === x); });
    if (fine) return { start: i, length: j - i + tokenize(fine).length };
    // "the grid is big enough": any word then "enough".
    if (tokens[j + 1] === 'enough') return { start: i, length: j - i + 2 };
  }
  return undefined;
}

/** Words that may lead a clause before its subject ("but I'll …", "ok, we will …"). */
const CLAUSE_LEADS = new Set(['but', 'and', 'then', 'so', 'ok', 'okay', 'though']);

/**
 * "I'll deal with the laser later", "we will fix the map tomorrow": a clause put off, or what the user will do
 * themselves; nothing changes for it now.
 */
export function deferred(tokens: readonly string[]): boolean {
  if (anyPhrase(tokens, CONCEPTS.leave.later)) return true;
  let i = 0;
  while (CLAUSE_LEADS.has(tokens[i] ?? '')) i++;
  if (tokens[i] !== 'i' && tokens[i] !== 'we') return false;
  // ("I'll need the grid bigger", "we'd like …" are wishes: asked now.)
  const next = tokens.slice(i + 1, i + 5).join(' ');
  return /^(?:ll|will|shall|gonna|m going to|am going to|re going to|are going to)\b(?! (?:need|want|like|love|prefer)\b)/.test(next);
}

/** "just noting: the global plan is red, …", "fyi …": a request that opens by saying it only tells how things are. */
export function opensWithNoting(tokens: readonly string[]): boolean {
  let i = 0;
  while (['ok', 'okay', 'hey', 'so', 'oh', 'and'].includes(tokens[i] ?? '')) i++;
  return CONCEPTS.leave.noting.some((n) => hasPhrase(tokens.slice(i), n)?.start === 0);
}

/** Words between a relative pronoun and its negation ("frames that have not been updated"). */
const RELATIVE = new Set(['that', 'which', 'who', 'whose', 'whatever', 'whichever']);
const AUXILIARY = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'do', 'does', 'did', 'been', 'being', 's', 're']);

/**
 * Whether a negation describes what the change is about instead of negating it: a participle or gerund after it
 * ("frames not updated in 3 s", "the laser is not refreshing") or a relative clause before it ("frames that were not
 * updated", "points which don't move"). "don't make it red" and "not so big" still negate.
 */
export function descriptiveNegation(tokens: readonly string[], at: Span): boolean {
  let next = at.start + at.length;
  while (['been', 'being', 'yet', 'really', 'properly', 'even'].includes(tokens[next] ?? '')) next++;
  const word = tokens[next] ?? '';
  if (word.length >= 5 && /(?:ed|ing)$/.test(word) && !/thing$/.test(word)) return true;
  // "the dots are not big enough": a complaint about how it is, which asks for more of it.
  if (tokens[next + 1] === 'enough' && ['is', 'are', 'isn', 'aren', 'look', 'looks', 'seem', 'seems'].some((c) => tokens.slice(Math.max(0, at.start - 2), at.start).includes(c))) return true;
  return relativeBefore(tokens, at.start);
}

/** Whether the words at `start` sit in a relative clause ("frames that are not refreshing"): they describe a target. */
export function relativeBefore(tokens: readonly string[], start: number): boolean {
  let back = start - 1;
  while (back >= 0 && AUXILIARY.has(tokens[back]!)) back--;
  return back >= 0 && RELATIVE.has(tokens[back]!);
}

/**
 * Where a negation of a change stands ("don't", "never", "not"), if anywhere before `before` (default: anywhere); a
 * negation that only describes ("frames not updated") is none.
 */
export function negationAt(tokens: readonly string[], before = tokens.length): Span | undefined {
  let best: Span | undefined;
  for (const n of CONCEPTS.negations) {
    const at = hasPhrase(tokens, n);
    // ("…, not just the flat picture": "not just" and "not only" add, they take nothing away.)
    if (at && ['just', 'only', 'merely', 'simply'].includes(tokens[at.start + at.length] ?? '')) continue;
    if (at && at.start < before && !descriptiveNegation(tokens, at) && (!best || at.start < best.start)) best = at;
  }
  return best;
}
