/**
 * What a clause mentions, with token spans: display names of the document, display types by their catalog words, topic
 * names, namespaces, numbers and colours. Spans let later steps mask the words a mention used, so "scan points" is one
 * noun and "as points" is a style.
 */
import type { Catalog, DisplayTypeSpec } from '../../catalog/index.ts';
import { namedColors } from '../../catalog/index.ts';
import { findPhrase as findPrepared, singular, splitCamel, tokenize, type PhraseHit, type PreparedText } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { CONCEPTS } from './concepts.ts';
import { DIVIDING_WORDS, GROWING_WORDS } from './lexicon.ts';

export interface Span { start: number; length: number }

const prepared = new WeakMap<readonly string[], PreparedText>();

/** Tokens of the vocabulary's phrases, worked out once each: the same few thousand phrases are looked for in every clause. */
const phraseTokens = new Map<string, readonly string[]>();
const MAX_PHRASES_KEPT = 8192;

export function tokensOf(phrase: string): readonly string[] {
  let t = phraseTokens.get(phrase);
  if (!t) {
    if (phraseTokens.size >= MAX_PHRASES_KEPT) phraseTokens.clear();
    t = tokenize(phrase);
    phraseTokens.set(phrase, t);
  }
  return t;
}

/** Whole-token phrase search over already tokenized text (plural text tokens match singular phrase tokens). */
export function findPhrase(tokens: readonly string[], phrase: readonly string[]): PhraseHit | undefined {
  let prep = prepared.get(tokens);
  if (!prep) {
    const singulars = tokens.map(singular);
    prep = { tokens, singulars, present: new Set([...tokens, ...singulars]) };
    prepared.set(tokens, prep);
  }
  return findPrepared(prep, phrase);
}

export interface TypeMention extends Span { spec: DisplayTypeSpec; phrase: string; exact: boolean }
export interface DisplayMention extends Span { display: VirtualDisplay }

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.start + b.length && b.start < a.start + a.length;
}

/** Whether a span holds the token at index i. */
export function covers(span: Span | undefined, i: number): boolean {
  return span !== undefined && i >= span.start && i < span.start + span.length;
}

const DEVICE_NOUNS: ReadonlySet<string> = new Set(CONCEPTS.deviceNouns.nouns);

function free(span: Span, taken: readonly Span[]): boolean {
  return !taken.some((t) => overlaps(span, t));
}

/** Existing (and planned) displays named in the tokens, longest names first. */
/** Words asking to see something: a group named in the singular may still be what is shown. */
const SHOW_WORDS: ReadonlySet<string> = new Set(['show', 'see', 'view', 'display', 'want', 'need', 'bring']);

export function displayMentions(tokens: readonly string[], displays: readonly VirtualDisplay[], taken: Span[], reordered = false): DisplayMention[] {
  const cands: DisplayMention[] = [];
  for (const d of displays) {
    const forms = new Set([tokenize(d.name).join(' '), tokenize(splitCamel(d.name)).join(' ')]);
    const written = new Set(forms);
    for (const f of [...forms]) forms.add(f.split(' ').map(singular).join(' '));
    // A name of two words read from a language that puts the noun first ("el brazo UR", "los frames del brazo" read
    // as "arm UR", "frames arm"): the two words the other way round.
    const turned = new Set<string>();
    if (reordered) for (const f of [...forms]) { const w = f.split(' '); if (w.length === 2 && !forms.has(`${w[1]} ${w[0]}`)) { forms.add(`${w[1]} ${w[0]}`); turned.add(`${w[1]} ${w[0]}`); } }
    for (const form of forms) {
      const phrase = form.split(' ').filter((t) => t.length > 0);
      // One short generic token ("Map", "TF", "Grid") is left to type words, which treat it the same way.
      if (phrase.length === 0 || (phrase.length === 1 && phrase[0]!.length < 3)) continue;
      const hit = findPhrase(tokens, phrase);
      if (!hit || !hit.exact) continue;
      // (…not when its last word leads the device noun after it: "point cloud depth camera", from "la nube de puntos de
      // la cámara de profundidad", is the depth camera's cloud, not a "Depth Cloud" and a camera.)
      if (turned.has(form) && DEVICE_NOUNS.has(tokens[hit.start + hit.length] ?? '')) continue;
      // ("hide the camera" beside a group "Cameras": one camera is meant, not the group, which a hide or a change would
      // take whole; "the camera group" is the group, and "show me the camera" may show what it holds.)
      if (d.classId === 'rviz_common/Group' && !written.has(form) && !['group', 'folder'].includes(tokens[hit.start + hit.length] ?? '')
        && !tokens.some((t) => SHOW_WORDS.has(t))) continue;
      // "robot footprint" names the Footprint display as a whole: take the type word's leading words too.
      let start = hit.start;
      for (const w of d.spec?.words ?? []) {
        const wt = tokensOf(w);
        const lead = wt.length - phrase.length;
        if (lead <= 0 || wt.slice(lead).join(' ') !== phrase.join(' ') || hit.start - lead < 0) continue;
        if (tokens.slice(hit.start - lead, hit.start).join(' ') === wt.slice(0, lead).join(' ')) start = Math.min(start, hit.start - lead);
      }
      cands.push({ start, length: hit.length + (hit.start - start), display: d });
    }
  }
  cands.sort((a, b) => b.length - a.length || a.start - b.start);
  const out: DisplayMention[] = [];
  for (const c of cands) {
    if (!free(c, taken)) {
      if (out.some((o) => o.start === c.start && o.length === c.length) && !out.some((o) => o.display === c.display)) out.push(c);
      continue;
    }
    taken.push(c);
    out.push(c);
  }
  return out;
}

const phrasesOfType = new WeakMap<DisplayTypeSpec, readonly { phrase: string; tokens: readonly string[]; implicit: boolean }[]>();

/** A type's catalog words, then its name ("laser scan", "laserscan"), tokenized once per type. */
function typePhrases(spec: DisplayTypeSpec): readonly { phrase: string; tokens: readonly string[]; implicit: boolean }[] {
  let out = phrasesOfType.get(spec);
  if (!out) {
    out = [...spec.words.map((phrase) => ({ phrase, implicit: false })), { phrase: splitCamel(spec.name), implicit: true }, { phrase: spec.name.toLowerCase(), implicit: true }]
      .map((p) => ({ ...p, tokens: tokenize(p.phrase) }));
    phrasesOfType.set(spec, out);
  }
  return out;
}

/** Display types named by catalog words, longest phrase first; each token belongs to one mention. */
export function typeMentions(tokens: readonly string[], displays: readonly DisplayTypeSpec[], taken: Span[]): TypeMention[] {
  const cands: (TypeMention & { implicit: boolean })[] = [];
  displays.forEach((spec) => {
    for (const { phrase, tokens: words, implicit } of typePhrases(spec)) {
      const hit = findPhrase(tokens, words);
      if (hit) cands.push({ start: hit.start, length: hit.length, spec, phrase, exact: hit.exact, implicit });
    }
  });
  cands.sort((a, b) => b.length - a.length || Number(b.exact) - Number(a.exact) || Number(a.implicit) - Number(b.implicit) || a.start - b.start);
  const out: TypeMention[] = [];
  for (const c of cands) {
    if (!free(c, taken)) continue;
    taken.push(c);
    out.push({ start: c.start, length: c.length, spec: c.spec, phrase: c.phrase, exact: c.exact });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Whether a phrase names a property or a property value of a display type. */
export function isPropertyWord(spec: DisplayTypeSpec, phrase: string): boolean {
  const p = tokenize(phrase).join(' ');
  return spec.properties.some((prop) => (prop.words ?? []).includes(p) || (prop.valueWords ?? []).some((vw) => vw.words.includes(p)));
}

/** Numbers as written ("0.05", "5", "50%", "-2"), with the token index they sit at. */
export interface NumberMention { value: number; percent: boolean; unit?: string; index: number; /** Set when written as a word ("half"). */ word?: string;
  /** Written in degrees (read as radians): a setting that is no angle takes the number as written (a temperature). */ degrees?: boolean }

const UNITS: Record<string, number> = { cm: 0.01, mm: 0.001, m: 1, meter: 1, meters: 1, metre: 1, metres: 1, centimeters: 0.01, centimetres: 0.01, millimeters: 0.001, millimetres: 0.001 };

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, dozen: 12,
};
/** Plural nouns a count names ("forty cells"). */
const COUNTED_NOUNS: ReadonlySet<string> = new Set(CONCEPTS.countedNouns);
const UNIT_WORD = new RegExp(`^(?:${Object.keys(UNITS).join('|')}|s|secs?|seconds?|ms|msecs?|milliseconds?|px|pixels?|deg|degs|degrees?|°|rad|rads|radians?|%|percent)$`);

/** Raw words (lower case, keeping `.` `%` `-` inside numbers) → numbers. Words glued to letters (robot2) are not numbers. */
export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  // "one second of decay", "two metres": a number word before a unit is that number ("one" alone is no number).
  // ("quarter-metre cells": a share joined to its unit is the two words.)
  const written = text.replace(/\b(half|quarter)-(?=[a-z])/gi, '$1 ').split(/[\s,;:()]+/).filter((w) => w.length > 0);
  const words = written.map((w) => w.toLowerCase())
    .map((w, i, all) => {
      const bare = w.replace(/[.!?]+$/, '');
      if (NUMBER_WORDS[bare] === undefined) return w;
      const next = all[i + 1]?.replace(/[.!?]+$/, '') ?? '';
      // …and one ending a clause after "to" or "at" ("set the frame rate to sixty"); "one" there is no number.
      const ending = i + 1 === all.length && ['to', 'at'].includes(all[i - 1] ?? '') && bare !== 'one';
      // …and one that counts: "forty cells", "forty of them", "keep forty", "a trail of forty". (Not "one", and not a
      // word of a name, which is written capitalised: "Rack Seven points".)
      const counting = bare !== 'one' && written[i] === w && (COUNTED_NOUNS.has(next) || (next === 'of' && /^(?:them|those|these)[.!?]*$/.test(all[i + 2] ?? ''))
        || ['keep', 'last'].includes(all[i - 1] ?? '') || (all[i - 1] === 'of' && ['trail', 'history', 'queue'].includes(all[i - 2] ?? '')));
      // …and one before "more" or "fewer" and what is counted: "one more cell", "two fewer poses".
      const after = all[i + 2]?.replace(/[.!?]+$/, '') ?? '';
      const changing = written[i] === w && ['more', 'fewer', 'extra'].includes(next) && (COUNTED_NOUNS.has(after) || COUNTED_NOUNS.has(`${after}s`));
      return UNIT_WORD.test(next) || ending || counting || changing ? String(NUMBER_WORDS[bare]) : w;
    });
  words.forEach((w, i) => {
    const m = /^(-?\d+(?:\.\d+)?|-?\.\d+)(%|cm|mm|ms|m|px|s|sec|secs|seconds?|°|deg|rad)?$/.exec(w.replace(/[!?]+$/, '').replace(/\.$/, ''));
    if (!m) return;
    const next = words[i + 1]?.replace(/[.!?]+$/, '');
    let unit = m[2];
    if (!unit && next && (UNITS[next] !== undefined || next === '%' || next === 'percent')) unit = next === 'percent' ? '%' : next;
    if (!unit && next && /^(s|secs?|seconds?)$/.test(next)) unit = 's';
    if (!unit && next && /^(ms|msecs?|milliseconds?)$/.test(next)) unit = 'ms';
    if ((!unit || unit === 'px') && next && /^(px|pixels?)$/.test(next)) unit = 'px';
    // Angles: degrees are read as radians, RViz's unit.
    if (!unit && next && /^(deg|degs|degrees?|°)$/.test(next)) unit = 'deg';
    if (!unit && next && /^(rad|rads|radians?)$/.test(next)) unit = 'rad';
    let value = Number(m[1]);
    // "minus 5 seconds", "negative 2" (Italian "a meno 5"): a sign written out, so the value is refused as out of range
    // rather than read as 5.
    if (value > 0 && ['minus', 'negative'].includes(words[i - 1] ?? '')) value = -value;
    if (unit && UNITS[unit] !== undefined) value *= UNITS[unit]!;
    if (unit === '°') unit = 'deg';
    const degrees = unit === 'deg';
    if (degrees) { value = (value * Math.PI) / 180; unit = 'rad'; }
    // Milliseconds are a time: read as seconds.
    if (unit === 'ms') { value /= 1000; unit = 's'; }
    out.push({ value, percent: unit === '%', unit, index: i, ...(degrees ? { degrees } : {}) });
  });
  // "a quarter as many", "a third of the size": a share. ("a quarter metre", "quarter-metre": a length, below.)
  words.forEach((w, i) => {
    const bare = w.replace(/[.!?]+$/, '');
    const unit = words[i + 1]?.replace(/[.!?]+$/, '');
    if (bare === 'quarter' && unit && UNITS[unit] !== undefined) { out.push({ value: 0.25 * UNITS[unit]!, percent: false, unit, index: i, word: w }); return; }
    const share = { quarter: 25, third: 100 / 3 }[bare];
    if (share === undefined || !['a', 'one', 'to'].includes(words[i - 1] ?? '')) return;
    // ("a third smaller": a share taken away, which factorsIn reads.)
    if ([...DIVIDING_WORDS, ...GROWING_WORDS].includes(unit ?? '')) return;
    out.push({ value: share, percent: true, unit: '%', index: i, word: w });
  });
  // "half transparent", "at half the size": a half is 50 %.
  words.forEach((w, i) => {
    if (w.replace(/[.!?]+$/, '') !== 'half') return;
    // ("half as long", "half as opaque": a factor of what it is now, read by factorsIn.)
    if (words[i + 1] === 'as') return;
    // "half a metre", "half a second": a length or a time, not a share.
    const next = (words[i + 1] === 'a' || words[i + 1] === 'an' ? words[i + 2] : words[i + 1])?.replace(/[.!?]+$/, '');
    if (next && UNITS[next] !== undefined) out.push({ value: 0.5 * UNITS[next]!, percent: false, unit: next, index: i, word: 'half' });
    else if (next && /^(s|secs?|seconds?)$/.test(next)) out.push({ value: 0.5, percent: false, unit: 's', index: i, word: 'half' });
    else out.push({ value: 50, percent: true, unit: '%', index: i, word: 'half' });
  });
  return out.sort((a, b) => a.index - b.index);
}

/** An `R; G; B` colour named in the text: a colour name, `#rrggbb`, or three 0–255 numbers. */
/** An R, G, B triple with a part past 255 (`300/40/40`, as explicitColours leaves it), as "300, 40, 40"; else undefined. */
export function rgbOutOfRange(text: string): string | undefined {
  const triple = /\b(\d{1,3})\/(\d{1,3})\/(\d{1,3})\b/.exec(text);
  return triple && [1, 2, 3].some((i) => Number(triple[i]) > 255) ? [1, 2, 3].map((i) => triple[i]).join(', ') : undefined;
}

export function colourIn(text: string): string | undefined {
  const t = text.toLowerCase();
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/.exec(t);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join('; ');
  }
  const triple = /\b(\d{1,3})\s*[;,]\s*(\d{1,3})\s*[;,]\s*(\d{1,3})\b/.exec(t);
  if (triple && [1, 2, 3].every((i) => Number(triple[i]) <= 255)) return [1, 2, 3].map((i) => Number(triple[i])).join('; ');
  const tokens = tokenize(t);
  for (const [i, token] of tokens.entries()) {
    const rgb = namedColors[token];
    if (!rgb) continue;
    // "dark grey", "light blue": the shade composes with the colour (half way to black or to white), never dropped.
    const shade = tokens[i - 1];
    if (shade === 'dark' || shade === 'deep') return rgb.map((c) => Math.round(c / 2)).join('; ');
    if (shade === 'light' || shade === 'pale') return rgb.map((c) => Math.round(c + (255 - c) / 2)).join('; ');
    return rgb.join('; ');
  }
  return undefined;
}

/** The first named colour of a text without its shade ("light blue" → blue's RGB), for settings found by the word. */
export function plainColourOf(text: string): string | undefined {
  for (const token of tokenize(text.toLowerCase())) {
    const rgb = namedColors[token];
    if (rgb) return rgb.join('; ');
  }
  return undefined;
}

/** Topic names written with a slash: `/scan`, `/robot1/scan`, `robot2/odom`. */
export function slashNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s'"`(,:=])(\/?[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)+|\/[A-Za-z_][A-Za-z0-9_]*)/g)) out.push(m[1]!);
  return out;
}

/** Whether a phrase (whole tokens) occurs in the tokens. */
export function hasPhrase(tokens: readonly string[], phrase: string): Span | undefined {
  const hit = findPhrase(tokens, tokensOf(phrase));
  return hit ? { start: hit.start, length: hit.length } : undefined;
}

const phrases = new WeakMap<Catalog, { names: ReadonlySet<string>; values: ReadonlySet<string> }>();

/** Settings' names ("queue depth") and value words ("best effort") of two or more words, once per catalog. */
function settingPhrases(catalog: Catalog): { names: ReadonlySet<string>; values: ReadonlySet<string> } {
  let found = phrases.get(catalog);
  if (!found) {
    const several = (words: string[]): Set<string> => new Set(words.map((w) => tokenize(w).join(' ')).filter((w) => w.includes(' ')));
    const props = catalog.displays.flatMap((d) => d.properties);
    found = { names: several(props.flatMap((x) => x.words ?? [])), values: several(props.flatMap((x) => (x.valueWords ?? []).flatMap((vw) => vw.words))) };
    phrases.set(catalog, found);
  }
  return found;
}

/**
 * Whether a span ends a longer phrase of the tokens that names a setting ("depth" in "queue depth") or, with `values`,
 * one of a setting's values ("effort" in "best effort").
 */
/** Whether the words at a mention begin a setting's name of two or three words ("marker scale" after "marker"). */
export function startsSettingPhrase(catalog: Catalog, tokens: readonly string[], m: Span): boolean {
  const names = settingPhrases(catalog).names;
  for (let end = m.start + m.length + 1; end <= Math.min(tokens.length, m.start + m.length + 2); end++) if (names.has(tokens.slice(m.start, end).join(' '))) return true;
  return false;
}

export function endsSettingPhrase(catalog: Catalog, tokens: readonly string[], m: Span, values = false): boolean {
  const set = values ? settingPhrases(catalog).values : settingPhrases(catalog).names;
  const end = m.start + m.length;
  for (let start = Math.max(0, m.start - 2); start < m.start; start++) if (set.has(tokens.slice(start, end).join(' '))) return true;
  return false;
}
