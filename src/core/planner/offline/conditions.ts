// "if the local plan is red, make it white", "si el costmap global está al 30 %, súbelo al 60 %": a condition on the
// document is checked against the document, never applied. When it holds, what follows is planned; when it does not,
// nothing is; when the planner cannot read it (a comparative, a fault, words it does not know), what follows is held:
// offered as a choice, never applied.
import { tokenize } from '../../catalog/text.ts';
import { PlanState, readPlain } from '../state.ts';
import { BIGGER, FIX_PHRASES, SMALLER } from './lexicon.ts';
import { anyPhrase, type Planner } from './shared.ts';
import { findVerb } from './phrases.ts';
import { nearColour } from './colour-picks.ts';

/** Words that open a condition (as English, or left untranslated by a language's lexicon). */
const IF_WORDS: ReadonlySet<string> = new Set(['if', 'si', 'wenn', 'falls', 'se']);
const LEADS: ReadonlySet<string> = new Set(['and', 'but', 'so', 'ok', 'okay', 'then', 'also', 'please']);
/** A condition with one of these is a comparison or a fault, which the document's values cannot settle. */
const UNREADABLE = [...BIGGER, ...SMALLER, ...FIX_PHRASES, 'more', 'too', 'empty', 'nothing', 'broken', 'than', 'enough'];

export interface Condition { text: string; holds: boolean | undefined; why: string }

type Handle = (p: Planner, clause: string) => void;

/** Plans a conditional clause, or the clause a condition before it governs; false when neither (planned as usual). */
export function conditional(p: Planner, clause: string, handle: Handle): boolean {
  const pending = p.condition;
  p.condition = undefined;
  if (pending) {
    gate(p, pending, clause, handle);
    return true;
  }
  const tokens = tokenize(clause);
  let lead = 0;
  while (lead < tokens.length && LEADS.has(tokens[lead]!)) lead++;
  if (!IF_WORDS.has(tokens[lead] ?? '') || tokens.length - lead < 3) return false;
  // "if the depth cloud is flat squares switch it to points": one clause, split at the verb that follows.
  const words = clause.trim().split(/\s+/);
  const rest = tokens.slice(lead + 1);
  const verb = findVerb(rest, []);
  const after = verb && verb.span.start > 0 ? wordIndex(words, tokens, lead + 1 + verb.span.start) : undefined;
  const condition = words.slice(wordIndex(words, tokens, lead + 1) ?? 1, after).join(' ').replace(/[,\s]+then$/i, '');
  const checked = check(p, condition, handle);
  if (after === undefined) p.condition = checked;
  else gate(p, checked, words.slice(after).join(' '), handle);
  return true;
}

/** The index in `words` (split on spaces) of the word holding token `at`, when tokens and words line up. */
function wordIndex(words: readonly string[], tokens: readonly string[], at: number): number | undefined {
  let seen = 0;
  for (let i = 0; i < words.length; i++) {
    const n = tokenize(words[i]!).length;
    if (at >= seen && at < seen + n) return at === seen ? i : undefined;
    seen += n;
  }
  return undefined;
}

function gate(p: Planner, cond: Condition, clause: string, handle: Handle): void {
  if (cond.holds === false) {
    p.notes.push(`"if ${cond.text}": it is not so (${cond.why}); nothing was changed for "${clause.trim()}"`);
    return;
  }
  const from = p.actions.length;
  handle(p, clause);
  if (cond.holds === true) {
    if (p.actions.length > from) p.notes.push(`"if ${cond.text}": it is so (${cond.why})`);
    return;
  }
  for (const a of p.actions.slice(from)) (p.held ??= new Set()).add(a);
  if (p.actions.length > from) p.notes.push(`"if ${cond.text}": the planner cannot tell whether it is so; "${clause.trim()}" is offered as a choice, not applied`);
}

/** Reads the condition as a change on a scratch copy of the document: it holds when that change would change nothing. */
function check(p: Planner, text: string, handle: Handle): Condition {
  const unsure = (why: string): Condition => ({ text, holds: undefined, why });
  const scratch: Planner = { ctx: p.ctx, state: new PlanState(p.ctx), actions: [], notes: [], history: p.history, last: [] };
  handle(scratch, text);
  // "…, make it white": what the condition named is what "it" is after it.
  p.last = scratch.last.map((t) => ({ ...t, displays: t.displays.flatMap((d) => p.state.live().filter((x) => x.id === d.id)) }));
  if (anyPhrase(tokenize(text), UNREADABLE)) return unsure('a comparison');
  if (scratch.notes.some((n) => /did not understand|could mean|which setting|which value/.test(n))) return unsure('not understood');
  if (scratch.actions.length === 0) {
    const already = scratch.notes.find((n) => /is already (shown|hidden)/.test(n));
    return already ? { text, holds: true, why: already } : unsure('nothing to compare');
  }
  const differs: string[] = [];
  // The document as it was, before the scratch plan changed anything.
  const doc = new PlanState(p.ctx);
  for (const a of scratch.actions) {
    if (a.action === 'set_fixed_frame') {
      if (doc.fixedFrame !== a.frame) differs.push(`the fixed frame is ${doc.fixedFrame}`);
      continue;
    }
    const found = scratch.state.find(a.display);
    const d = found.ok ? found.display : undefined;
    if (!d || d.added) return unsure('names no display of the document');
    if (a.action === 'set_enabled') {
      const on = doc.live().find((x) => x.id === d.id)?.enabled;
      if (String(on) !== a.value) differs.push(`${d.name} is ${on ? 'shown' : 'hidden'}`);
    } else if (a.action === 'set_property') {
      const now = readPlain(d.docProps, a.property) ?? d.spec?.properties.find((x) => x.path === a.property)?.default?.toString();
      if (now === undefined) return unsure(`${d.name} ${a.property} is not known`);
      if (!same(now, a.value)) differs.push(`${d.name} ${a.property} is ${now}`);
    } else return unsure('not a setting');
  }
  return differs.length > 0 ? { text, holds: false, why: differs.join(', ') } : { text, holds: true, why: 'the document says so' };
}

/** Two values of a setting alike: numbers equal, colours near each other ("red" for 255; 10; 0), else the same text. */
function same(a: string, b: string): boolean {
  const nums = (s: string): number[] | undefined => (/^-?[\d.]+(\s*;\s*-?[\d.]+)*$/.test(s.trim()) ? s.split(';').map(Number) : undefined);
  const x = nums(a);
  const y = nums(b);
  if (x && y && x.length === y.length) {
    if (x.length === 3) return nearColour(x, y);
    return x.every((v, i) => Math.abs(v - y[i]!) < 1e-6);
  }
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
