// Precision before recall: which content words of a clause the parse cannot account for. A word is accounted for when
// it is general English (lexicon.ts), a word of the catalog (types, properties, values, colours, units), or a name on
// the robot or in the document (displays, topics, frames, namespaces). What is left ("sparkle") is never acted on.
import { catalogFile, namedColors, type Catalog } from '../../catalog/index.ts';
import { singular, splitCamel, tokenize } from '../../catalog/text.ts';
import { ALL_WORDS, BIGGER, FILLER, FIX_PHRASES, GENERAL_WORDS, NEGATIONS, OTHER_ONE, SMALLER, UNDO_PHRASES, VERB_PHRASES } from './lexicon.ts';
import type { Span } from './mentions.ts';
import { RECIPES } from './recipes.ts';
import { ROBOT_WORDS } from './robot-commands.ts';
import { OUTSIDE_WORDS } from './outside.ts';
import { MORE_NEGATIONS, TOGGLE_WORDS, VALUE_WORDS } from './settings.ts';
import type { PlanContext } from '../types.ts';
import { topicTokens, type Planner } from './shared.ts';
import { CONCEPT_WORDS, CONCEPTS } from './concepts.ts';

const vocabularies = new WeakMap<Catalog, ReadonlySet<string>>();

function addAll(set: Set<string>, phrases: Iterable<string>): void {
  for (const p of phrases) for (const t of tokenize(p)) { set.add(t); set.add(singular(t)); }
}

/** Every token the catalog and the general lexicon know (the English the planner reads), worked out once per catalog. */
export function vocabulary(catalog: Catalog): ReadonlySet<string> {
  let v = vocabularies.get(catalog);
  if (v) return v;
  const set = new Set<string>();
  addAll(set, GENERAL_WORDS);
  addAll(set, FILLER);
  addAll(set, VERB_PHRASES.map(([w]) => w));
  addAll(set, [...FIX_PHRASES, ...BIGGER, ...SMALLER, ...NEGATIONS, ...OTHER_ONE, ...UNDO_PHRASES, ...ALL_WORDS]);
  addAll(set, Object.keys(namedColors));
  addAll(set, [...TOGGLE_WORDS, ...VALUE_WORDS, ...MORE_NEGATIONS]);
  addAll(set, catalogFile.otherPhrases ?? []);
  addAll(set, [...RECIPES.setupWords, ...RECIPES.multiRobotWords, ...RECIPES.recipes.flatMap((r) => r.phrases)]);
  addAll(set, [...ROBOT_WORDS, ...OUTSIDE_WORDS]);
  addAll(set, [...CONCEPT_WORDS, ...CONCEPTS.globalOptions.flatMap((o) => o.words), ...CONCEPTS.englishWords]);
  // (A goal's cue words are not: "walls" or "people" beside a display change are words the clause does not account for.)
  for (const d of catalog.displays) {
    addAll(set, [...d.words, splitCamel(d.name), d.name]);
    for (const p of d.properties) {
      addAll(set, [...(p.words ?? []), ...p.path.split('/'), ...(p.values ?? [])]);
      for (const vw of p.valueWords ?? []) addAll(set, [...vw.words, vw.value]);
    }
  }
  v = set;
  vocabularies.set(catalog, v);
  return v;
}

/** A regular inflection of a known word: "drawn" (draw), "updated" (update), "lingering" (linger), "flipped" (flip). */
function inflectionOf(t: string, vocab: ReadonlySet<string>): boolean {
  if (t.length < 5) return false;
  for (const [end, repl] of [['ing', ''], ['ing', 'e'], ['ed', ''], ['ed', 'e'], ['d', ''], ['n', ''], ['s', ''], ['es', '']] as const) {
    if (!t.endsWith(end)) continue;
    let stem = t.slice(0, -end.length) + repl;
    if (vocab.has(stem)) return true;
    // a doubled consonant: "flipped" → "flip"
    if (repl === '' && /(.)\1$/.test(stem)) stem = stem.slice(0, -1);
    if (vocab.has(stem)) return true;
  }
  return false;
}

const robotNames = new WeakMap<PlanContext, ReadonlySet<string>>();

/** Names this request may use: the robot's topics, frames and namespaces (once per context), the document's displays. */
function names(p: Planner): { has(token: string): boolean } {
  let robot = robotNames.get(p.ctx);
  if (!robot) {
    const set = new Set<string>();
    for (const t of p.ctx.topics) for (const tok of topicTokens(t.name)) { set.add(tok); set.add(singular(tok)); }
    addAll(set, p.ctx.frames.flatMap((f) => [f, f.replace(/_/g, ' ')]));
    addAll(set, p.ctx.namespaces);
    robot = set;
    robotNames.set(p.ctx, robot);
  }
  const displays = new Set<string>();
  for (const d of p.state.live()) addAll(displays, [d.name, splitCamel(d.name)]);
  const r = robot;
  return { has: (t) => r.has(t) || displays.has(t) };
}

/**
 * Content words of a clause the parse cannot account for, in order. Masked spans (names, topics the clause used) and
 * numbers are accounted for.
 */
export function unaccounted(p: Planner, tokens: readonly string[], masked: readonly Span[]): string[] {
  const vocab = vocabulary(p.ctx.catalog);
  let known: { has(token: string): boolean } | undefined;
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (masked.some((m) => i >= m.start && i < m.start + m.length)) return;
    if (/^\d/.test(t) || t.length < 2) return;
    // A hex colour (`#FF8800`, read by colourIn) is a value, not a word.
    if (/^(?=.*\d)([0-9a-f]{6}|[0-9a-f]{3})$/.test(t) || p.hexValues?.has(t)) return;
    if (vocab.has(t) || vocab.has(singular(t)) || inflectionOf(t, vocab)) return;
    known ??= names(p);
    if (known.has(t) || known.has(singular(t))) return;
    out.push(t);
  });
  return out;
}
