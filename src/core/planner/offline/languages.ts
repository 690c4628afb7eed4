// Other languages as data: catalog/lexicons/<code>.json maps a language's verbs, display words, property words,
// colours, numbers and units to the English the planner reads. A request is read in the language whose distinctive
// words it uses most, rewritten phrase by phrase (longest first), and planned as English; names (/scan, robot_1,
// base_link), numbers and words no lexicon holds pass through unchanged, so the planner still says what it did not
// understand. Notes stay in English.
import de from '../../../../catalog/lexicons/de.json';
import es from '../../../../catalog/lexicons/es.json';
import fr from '../../../../catalog/lexicons/fr.json';
import it from '../../../../catalog/lexicons/it.json';
import ja from '../../../../catalog/lexicons/ja.json';
import pt from '../../../../catalog/lexicons/pt.json';
import zh from '../../../../catalog/lexicons/zh.json';

export interface LexiconFile {
  schemaVersion: 1;
  language: string;
  name: string;
  script: 'latin' | 'cjk';
  verbFinal?: boolean;
  verbs: Record<string, string>;
  types: Record<string, string>;
  properties: Record<string, string>;
  colours: Record<string, string>;
  numbers: Record<string, string>;
  units: Record<string, string>;
  words: Record<string, string>;
  filler: Record<string, string>;
  final?: Record<string, string>;
  /** Adjectives that follow their noun (Romance "percorso globale"): read before it, as English puts them. */
  after?: Record<string, string>;
  /** German: every noun is written with a capital, so a capital does not mark a name. */
  nounsCapitalised?: boolean;
  /** German: a word no entry holds is tried as a compound of two entries ("Kraftpfeile" → "force arrows"). */
  compounds?: boolean;
  /** Words of the lexicon that are English words too ("due", "couple", "cases"): they decide no language. */
  alsoEnglish?: string[];
  /** CJK: the character between a numeral's whole and fraction (Chinese 点: 零点五 = 0.5). */
  decimalMark?: string;
  /** CJK: words that mean a verb only right before a display word (Chinese "不要网格": hide the grid; "不要画" stays "not"). */
  beforeType?: Record<string, string>;
  /** German separable verbs: "stem particle" → English, the particle closing the clause ("blende … ein" → show). */
  separable?: Record<string, string>;
  /** How a rename gives its new name, which is kept as written (accents, spaces, case). */
  naming?: Naming;
  /**
   * Endings a word of the lexicon may carry: [ending, what replaces it, English for what it held, and "words" when it
   * is a noun or adjective ending rather than a verb's]. Italian and Spanish pronouns hang on the verb ("cancellala" →
   * "cancella" + "it", "muéstramelo"), Italian "-iamo" is "let us", German nouns and adjectives decline ("Gitters").
   */
  inflections?: ([string, string, string] | [string, string, string, 'words'])[];
}

export interface Naming {
  /** Latin: words after a rename verb that introduce the new name ("in", "a", "para", "en"). */
  to?: string[];
  /** Latin: verbs of being called ("chiamarsi", "llamarse"): the display is named before them, the new name after. */
  called?: string[];
  /**
   * CJK: [before, after] markers around the new name; "" after = to the end of the clause ("重命名为" … ); a third
   * element is a word that must come before the first marker ("重命名" before 为).
   */
  around?: ([string, string] | [string, string, string])[];
}

const SECTIONS = ['verbs', 'types', 'properties', 'colours', 'numbers', 'units', 'words', 'filler', 'after'] as const;
type Section = (typeof SECTIONS)[number];

export const LEXICONS: readonly LexiconFile[] = [es, de, fr, pt, it, zh, ja] as unknown as LexiconFile[];

/** Lowercase without accents: "Cámara" → "camara", "größer" → "grosser". */
export function fold(text: string): string {
  // Most words are plain ASCII: nothing to decompose.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** One phrase: its words folded (for matching without accents) and as written (which wins: größe is not große). */
interface Entry { words: string[]; exact: string[]; english: string; filler: boolean; section: Section }

interface Prepared {
  file: LexiconFile;
  /** Folded phrase (as words, latin) → English, longest phrases first per first word. */
  byFirst: Map<string, Entry[]>;
  /** CJK phrases, longest first. */
  cjk: { phrase: string; english: string; filler: boolean; verb: boolean; type: boolean }[];
  final: Map<string, string>;
  separable: Map<string, string>;
  alsoEnglish: Set<string>;
  /** The lexicon's endings with ending and replacement folded once: [ending, replacement, english, of]. */
  endings: [string, string, string, 'verbs' | 'words'][];
  /** The noun endings among them (no English of their own, not of verbs): [ending, replacement]. */
  nounEndings: [string, string][];
  /** The rename's words, folded: what introduces the new name ("in", "a") and what says "called". */
  namingTo: ReadonlySet<string>;
  namingCalled: ReadonlySet<string>;
}

/** An elided article or preposition ("l'odométrie", "dell'altezza"): two words. */
const ELIDED = /\b([A-Za-zÀ-ÿ]{1,5})['’](?=[A-Za-zÀ-ÿ])/g;
/** A final apostrophe ("un po'") closes its word. */
const FINAL_APOSTROPHE = /(?<=[A-Za-zÀ-ÿ])['’](?=\s|$|[,;:.!?])/g;

const prepared = new Map<string, Prepared>();

function prepare(file: LexiconFile): Prepared {
  let p = prepared.get(file.language);
  if (p) return p;
  const endings = (file.inflections ?? []).map(([ending, replacement, english, of = 'verbs']): [string, string, string, 'verbs' | 'words'] => [fold(ending), fold(replacement), english, of === 'words' ? 'words' : 'verbs']);
  p = {
    file, byFirst: new Map(), cjk: [], final: new Map(Object.entries(file.final ?? {}).map(([k, v]) => [fold(k), v])),
    separable: new Map(Object.entries(file.separable ?? {}).map(([k, v]) => [fold(k), v])),
    alsoEnglish: new Set((file.alsoEnglish ?? []).map(fold)),
    endings,
    nounEndings: endings.filter(([, , english, of]) => of !== 'verbs' && english === '').map(([end, replacement]) => [end, replacement]),
    namingTo: new Set((file.naming?.to ?? []).map(fold)),
    namingCalled: new Set((file.naming?.called ?? []).map(fold)),
  };
  for (const section of SECTIONS) {
    for (const [phrase, english] of Object.entries(file[section] ?? {})) {
      const filler = section === 'filler' || english === '';
      if (file.script === 'cjk') { p.cjk.push({ phrase, english, filler, verb: section === 'verbs', type: section === 'types' }); continue; }
      // (Split as a request's words are: "n'existe plus" is "n existe plus", "pas d'" is "pas d".)
      const spaced = phrase.replace(ELIDED, '$1 ').replace(FINAL_APOSTROPHE, '');
      const words = fold(spaced).split(/\s+/);
      const list = p.byFirst.get(words[0]!) ?? [];
      list.push({ words, exact: spaced.toLowerCase().split(/\s+/), english, filler, section });
      p.byFirst.set(words[0]!, list);
    }
  }
  for (const list of p.byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  p.cjk.sort((a, b) => b.phrase.length - a.phrase.length);
  prepared.set(file.language, p);
  return p;
}

const clean = (w: string | undefined): string => (w ?? '').toLowerCase().replace(/[.!?]+$/, '');

/** The longest phrase starting at word i: written exactly (accents and all) first, else without accents. */
function lookup(p: Prepared, ws: readonly string[], i: number): Entry | undefined {
  const direct = lookupAt(p, ws, i);
  // "capteurs de distance", "sensores de distancia": a plural of a phrase the lexicon holds in the singular.
  let plural: Entry | undefined;
  if (p.file.script === 'latin') {
    const have = (w: string | undefined): string[] => (w === undefined ? [] : [fold(clean(w)), ...nounSingulars(p, fold(clean(w)))]);
    for (const first of nounSingulars(p, fold(clean(ws[i])))) {
      for (const e of p.byFirst.get(first) ?? []) {
        if (e.words.length < 2 || (plural && e.words.length <= plural.words.length)) continue;
        if (e.words.every((x, k) => have(ws[i + k]).includes(x))) plural = e;
      }
    }
  }
  return plural && plural.words.length > (direct?.words.length ?? 0) ? plural : direct;
}

/** The singulars a word's noun endings give ("capteurs" → "capteur", "sensores" → "sensor"), from the lexicon. */
function nounSingulars(p: Prepared, w: string): string[] {
  const out: string[] = [];
  for (const [end, replacement] of p.nounEndings) {
    if (!w.endsWith(end) || w.length - end.length < 3) continue;
    out.push(w.slice(0, -end.length) + replacement);
  }
  return out;
}

function lookupAt(p: Prepared, ws: readonly string[], i: number): Entry | undefined {
  const list = p.byFirst.get(fold(clean(ws[i])));
  if (!list) return undefined;
  // Longest first; at the same length a phrase written as the request writes it beats one that only folds the same.
  let folded: Entry | undefined;
  for (const e of list) {
    if (folded && e.words.length < folded.words.length) break;
    if (e.exact.every((x, k) => clean(ws[i + k]) === x)) return e;
    if (!folded && e.words.every((x, k) => fold(clean(ws[i + k])) === x)) folded = e;
  }
  return folded;
}

/** Words of a request: ROS names and numbers kept whole ("0,05" becomes "0.05"), the rest folded. */
function words(text: string): string[] {
  // ("20,20,20" is a colour of three numbers, not decimals; "a 0,6, ma …" is one, before a comma of the sentence.)
  return text.replace(/(?<![\d,])(\d+),(\d+)(?![\d]|,\d)/g, '$1.$2')
    // Elided articles and prepositions: "l'odométrie", "dell'altezza" are two words.
    .replace(ELIDED, '$1 ')
    // A full stop after a word ends the sentence ("nascondi il laser. mostra …"); 0.05 and names keep theirs.
    .replace(/(?<=[A-Za-zÀ-ÿ])\.(?=\s|$)/g, ' .')
    // A final apostrophe ("un po'") closes its word.
    .replace(FINAL_APOSTROPHE, '')
    // Hyphenated words ("ai-je", "semi-transparent") are read word by word; names keep theirs.
    .replace(/(?<=[A-Za-zÀ-ÿ])-(?=[A-Za-zÀ-ÿ])/g, ' ')
    .split(/\s+|(?=[,;:!?¿¡()"“”«»„…])|(?<=[,;:!?¿¡()"“”«»„…])/).filter((w) => w.trim() !== '');
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;
const KANA = /[\u3040-\u30ff\uff66-\uff9f]/;
const OPEN_QUOTE = /^["“«„「『]$/;
const CLOSE_QUOTE = /^["”»“」』]$/;

export interface Translation {
  /** ISO 639-1 code of the language the request was read in. */
  language: string;
  name: string;
  english: string;
  /** Runs of a CJK request no lexicon word covers. */
  unknown: string[];
}

/** One word as a single-word entry: as written first, else without accents. */
function lookupWord(p: Prepared, w: string): Entry | undefined {
  const list = p.byFirst.get(fold(w))?.filter((e) => e.words.length === 1 && !e.filler);
  return list?.find((e) => e.exact[0] === w) ?? list?.[0];
}

/** A verb with an ending the lexicon lists: "nascondiamo" → hide, "cancellala" → remove it, "ocultarlo" → hide it. */
function inflection(p: Prepared, raw: string): string | undefined {
  const w = fold(raw);
  for (const [end, replacement, english, of] of p.endings) {
    if (!w.endsWith(end) || w.length - end.length < 3) continue;
    const e = lookupWord(p, w.slice(0, -end.length) + replacement);
    if (!e?.english || (of === 'verbs' ? e.section !== 'verbs' : e.section === 'verbs')) continue;
    return english && !/\b(?:it|them|me)$/.test(e.english) ? `${e.english} ${english}` : e.english;
  }
  return undefined;
}

/** German compounds: the longest head an entry holds, a linking -s/-n/-en/-es allowed, and a tail that is one. */
function compound(p: Prepared, raw: string): string | undefined {
  if (!p.file.compounds) return undefined;
  const w = raw.toLowerCase();
  if (!/^\p{L}{6,}$/u.test(w)) return undefined;
  for (let k = w.length - 3; k >= 3; k--) {
    const tail = lookupWord(p, w.slice(k));
    if (!tail) continue;
    const head = w.slice(0, k);
    for (const h of [head, head.replace(/(?:s|n|en|es)$/, '')]) {
      const e = h.length >= 3 ? lookupWord(p, h) : undefined;
      if (e && e.english && tail.english) return `${e.english} ${tail.english}`;
    }
  }
  return undefined;
}

/**
 * Distinctive hits: words of the lexicon that are not English words (so "laser" or "robot" say nothing; a word the
 * lexicon marks as also English, "due" or "cache", counts half); then, to break a tie, accented words the lexicon holds
 * exactly as written ("répare" is French, "repare" Spanish), then how many words the lexicon covers at all (articles
 * included: "il", "di" are Italian, not Portuguese). `foreign` counts covered words English has no use for: without
 * one, half-English hits alone ("clear the cache") decide nothing.
 */
function latinScore(p: Prepared, ws: readonly string[], english: ReadonlySet<string>): { score: [number, number, number]; foreign: number } {
  let score = 0;
  let accented = 0;
  let covered = 0;
  let foreign = 0;
  for (let i = 0; i < ws.length; i++) {
    if (OPEN_QUOTE.test(ws[i]!)) { i = closingQuote(ws, i); continue; }
    const hit = lookup(p, ws, i);
    if (!hit) { if (!isEnglish(english, fold(clean(ws[i]))) && (inflection(p, clean(ws[i])) || compound(p, clean(ws[i])))) { score++; covered++; foreign++; } continue; }
    covered += hit.words.length;
    const accentedHit = hit.exact.some((x, k) => x !== hit.words[k] && clean(ws[i + k]) === x);
    if (accentedHit) accented++;
    i += hit.words.length - 1;
    const strange = hit.words.filter((x) => !isEnglish(english, x));
    // A word written with the language's accents ("à" in "carte opaque à 80 %") is foreign even when, unaccented, it is English.
    if (strange.some((x) => !p.alsoEnglish.has(x)) || accentedHit) foreign++;
    if (hit.filler) continue;
    // Only a word English does not have says which language this is ("fixed frame" or "laser" say nothing)…
    if (strange.length > 0) score += strange.every((x) => p.alsoEnglish.has(x)) ? 0.5 : 1;
    // …or an English word written with the language's accents ("caméra 3 s'il vous plaît", "câmera 6").
    else if (accentedHit) score += 0.5;
  }
  return { score: [score, accented, covered], foreign };
}

/**
 * Words English has, numbers, ROS names and punctuation only: no lexicon can claim such a request, since a language is
 * scored only by a word English lacks or by its accents (latinScore). Most requests are this, and skip the scoring.
 */
function plainEnglish(ws: readonly string[], english: ReadonlySet<string>): boolean {
  return ws.every((w) => /^[\x20-\x7e]+$/.test(w) && (/^[^a-z]+$/i.test(w) || isEnglish(english, fold(clean(w))) || (/[\d/_]/.test(w) && !lexiconNames())));
}

let namesInLexicons: boolean | undefined;

/** Whether any Latin lexicon holds a word with a digit, a slash or an underscore (as ROS names and numbers have). */
function lexiconNames(): boolean {
  namesInLexicons ??= LEXICONS.filter((l) => l.script === 'latin').some((l) => [...prepare(l).byFirst.keys()].some((k) => /[\d/_]/.test(k)));
  return namesInLexicons;
}

/** An English word, or the plural of one ("lasers", "scans" are English, whatever a lexicon also holds). */
function isEnglish(english: ReadonlySet<string>, w: string): boolean {
  return english.has(w) || (w.length > 3 && w.endsWith('s') && english.has(w.slice(0, -1)));
}

function closingQuote(ws: readonly string[], open: number): number {
  for (let j = open + 1; j < ws.length; j++) if (CLOSE_QUOTE.test(ws[j]!)) return j;
  return ws.length - 1;
}

/** A rename's parts: the verb in English, the words around the new name, and the name as written. */
interface RenameSplit { lead: string[]; verb: string; before: string[]; name: string; after: string[]; scored: string[]; span: [number, number] }

const SENTENCE_END = /^[.!?;,]$/;
const RENAME_VERB = /^(?:rename|call)\b/;

/**
 * "rinomina la mappa in Mappa Uno", "benenne die Karte in Gemeinsame Karte um", "die Karte in X umbenennen": the words
 * after the introducer (the language's `naming.to`), up to the end of the sentence, a final particle or a rename verb
 * at the end, are the new name and are kept exactly as written.
 */
function renameSplit(p: Prepared, ws: readonly string[]): RenameSplit | undefined {
  const called = calledSplit(p, ws);
  if (called) return called;
  const to = p.namingTo;
  if (to.size === 0) return undefined;
  let verbAt = -1;
  let verbEnd = -1;
  let verb = '';
  for (let i = 0; i < ws.length; i++) {
    const hit = lookup(p, ws, i);
    if (hit?.section === 'verbs' && RENAME_VERB.test(hit.english)) { verbAt = i; verbEnd = i + hit.words.length; verb = hit.english.replace(/^call\b/, 'rename'); break; }
    if (hit) i += hit.words.length - 1;
  }
  if (verbAt < 0) return undefined;
  // The rename's own clause: after the last punctuation, "and" or "then" before its verb.
  let clauseAt = 0;
  for (let k = verbAt - 1; k >= 0; k--) {
    if (/^[.!?,;]$/.test(ws[k]!) || CLAUSE_JOIN.has(lookup(p, ws, k)?.english ?? '')) { clauseAt = k + 1; break; }
  }
  // The introducer: after the verb and at least one word of the target, or (verb last) anywhere before the verb.
  const verbLast = verbAt > clauseAt && ws.slice(verbEnd).every((w) => /^[.!?]$/.test(w));
  // "rinominala in …": the verb holds its object, the introducer may follow it at once.
  const from = verbLast ? clauseAt + 1 : / (?:it|them)$/.test(verb) ? verbEnd : verbEnd + 1;
  for (let j = from; j < ws.length - 1; j++) {
    if (SENTENCE_END.test(ws[j]!)) break;
    if (!to.has(fold(clean(ws[j])))) continue;
    let end = j + 1;
    // The name ends with the sentence, at the verb (verb last), or where "and"/"then" start another request.
    const joins = (k: number): boolean => CLAUSE_JOIN.has(lookup(p, ws, k)?.english ?? '') && lookup(p, ws, k + 1)?.section === 'verbs';
    while (end < ws.length && !SENTENCE_END.test(ws[end]!) && end !== verbAt && !joins(end)) end++;
    const resume = end === verbAt ? verbEnd : end;
    // German "… in X um": the separable particle closes the name.
    const last = fold(clean(ws[end - 1]));
    if (end - 1 > j + 1 && p.final.get(last) === '') { end--; }
    let nameWords = ws.slice(j + 1, end);
    if (nameWords.length > 1 && OPEN_QUOTE.test(nameWords[0]!) && CLOSE_QUOTE.test(nameWords[nameWords.length - 1]!)) nameWords = nameWords.slice(1, -1);
    const name = nameWords.join(' ').replace(/\s+([,:])/g, '$1').replace(/[.!?]+$/, '').trim();
    if (!name) return undefined;
    const before = verbAt < j ? [...ws.slice(clauseAt, verbAt), ...ws.slice(verbEnd, j)] : ws.slice(clauseAt, j);
    const after = ws.slice(resume);
    return { lead: ws.slice(0, clauseAt), verb, before, name, after, scored: [...ws.slice(0, j + 1), ...ws.slice(end)], span: [j + 1, end] };
  }
  return callSplit(p, ws, clauseAt, verbAt, verbEnd, verb);
}

/**
 * "chiama la mappa Pianta Nuova": a call verb with no introducer names the display by the words from the first one
 * written with a capital after its target to the end of its clause.
 */
function callSplit(p: Prepared, ws: readonly string[], clauseAt: number, verbAt: number, verbEnd: number, verb: string): RenameSplit | undefined {
  let end = verbEnd;
  while (end < ws.length && !SENTENCE_END.test(ws[end]!)) end++;
  // A capital marks a name, except in German, where every noun has one: there the name is a word no entry holds.
  const nameAt = (k: number): boolean => /^\p{Lu}/u.test(ws[k]!) && !/[/_\d]/.test(ws[k]!) && (!p.file.nounsCapitalised || !lookup(p, ws, k));
  let start = verbEnd + 1;
  while (start < end && !nameAt(start)) start++;
  if (start >= end) return undefined;
  return {
    lead: ws.slice(0, clauseAt), verb, before: [...ws.slice(clauseAt, verbAt), ...ws.slice(verbEnd, start)], name: ws.slice(start, end).join(' '),
    after: ws.slice(end), scored: [...ws.slice(0, start), ...ws.slice(end)], span: [start, end],
  };
}

/** "il laser deve chiamarsi Laser Principale": what the clause names before the verb is renamed to all that follows it. */
function calledSplit(p: Prepared, ws: readonly string[]): RenameSplit | undefined {
  const called = p.namingCalled;
  for (let i = 1; i < ws.length - 1; i++) {
    const two = `${fold(clean(ws[i]))} ${fold(clean(ws[i + 1]))}`;
    const width = called.has(two) ? 2 : called.has(fold(clean(ws[i]))) ? 1 : 0;
    if (width === 0) continue;
    let clauseAt = 0;
    for (let k = i - 1; k >= 0; k--) if (/^[.!?,;]$/.test(ws[k]!) || CLAUSE_JOIN.has(lookup(p, ws, k)?.english ?? '')) { clauseAt = k + 1; break; }
    let end = i + width;
    while (end < ws.length && !SENTENCE_END.test(ws[end]!)) end++;
    const name = ws.slice(i + width, end).join(' ').replace(/^["“«„]|["”»“]$/g, '').trim();
    if (!name || i === clauseAt) return undefined;
    return {
      // "deve chiamarsi": the modal says nothing the rename does not.
      lead: ws.slice(0, clauseAt), verb: 'rename', before: ws.slice(clauseAt, i).filter((_, k) => !/^should\b/.test(lookup(p, ws, clauseAt + k)?.english ?? '')), name, after: ws.slice(end),
      scored: [...ws.slice(0, i + width), ...ws.slice(end)], span: [i + width, end],
    };
  }
  return undefined;
}

/** English renames keep their new name too: "rename the map to Mappa Uno" is English, not Italian. */
function englishRenameHead(ws: readonly string[]): string[] | undefined {
  const v = ws.findIndex((w) => /^(?:rename|call|name)$/i.test(w));
  if (v < 0) return undefined;
  const j = ws.findIndex((w, k) => k > v + 1 && /^(?:to|as|into)$/i.test(w));
  return j < 0 ? undefined : ws.slice(0, j);
}

/** The new name as the request writes it: "Rez-de-chaussée", not its words joined by spaces. */
function asWritten(name: string, text: string | undefined): string {
  if (!text) return name;
  const parts = name.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const m = new RegExp(parts.join(`[\\s\\-'’]*`)).exec(text);
  return m ? m[0] : name;
}

function translateLatin(p: Prepared, ws: readonly string[], text?: string): string {
  const found = renameSplit(p, ws);
  const split = found && { ...found, name: asWritten(found.name, text) };
  if (split) {
    const tail = split.after.length ? ` ${translateWords(p, split.after)}` : '';
    const lead = split.lead.length ? `${translateWords(p, split.lead)} ` : '';
    return `${lead}${split.verb} ${translateWords(p, split.before)} to "${split.name}"${tail}`.replace(/\s+/g, ' ').trim();
  }
  return translateWords(p, ws);
}

/** "blende die Karte ein": the clause's last word, with the verb, is one separable verb. */
function separableParticle(p: Prepared, ws: readonly string[], at: number, hit: Entry): { at: number; english: string } | undefined {
  if (p.separable.size === 0) return undefined;
  let end = at + hit.words.length;
  while (end < ws.length && !/^[.!?,;]$/.test(ws[end]!) && !CLAUSE_JOIN.has(lookup(p, ws, end)?.english ?? '')) end++;
  const last = end - 1;
  if (last < at + hit.words.length) return undefined;
  const english = p.separable.get(`${hit.words.join(' ')} ${fold(clean(ws[last]))}`);
  return english === undefined ? undefined : { at: last, english };
}

const CLAUSE_JOIN = new Set(['and', 'then', 'and then']);

function translateWords(p: Prepared, ws: readonly string[]): string {
  const out: string[] = [];
  // Where the last display word began in `out`, while nothing else followed it: a following adjective goes before it.
  let nounAt = -1;
  const skip = new Set<number>();
  for (let i = 0; i < ws.length; i++) {
    const raw = ws[i]!;
    if (skip.has(i)) continue;
    // Quoted text is a name: kept as written.
    if (OPEN_QUOTE.test(raw)) { const j = closingQuote(ws, i); out.push(`"${ws.slice(i + 1, CLOSE_QUOTE.test(ws[j]!) ? j : j + 1).join(' ')}"`); i = j; nounAt = -1; continue; }
    // Names and numbers pass through: /scan, robot_1, base_link, 0.05, 5cm.
    if (/[/_]|\d/.test(raw)) { out.push(raw); nounAt = -1; continue; }
    const w = fold(raw).replace(/[.!?]+$/, '');
    const last = i === ws.length - 1 || /^[.!?,;]$/.test(ws[i + 1] ?? '');
    // (Where nouns are capitalised, a capitalised word is the noun, not the particle: "zeig den Weg" is the path.)
    if (last && p.final.has(w) && !(p.file.nounsCapitalised && i > 0 && /^\p{Lu}/u.test(raw))) { out.push(p.final.get(w)!); nounAt = -1; continue; }
    const hit = lookup(p, ws, i);
    if (hit) {
      const particle = hit.section === 'verbs' ? separableParticle(p, ws, i, hit) : undefined;
      if (particle) { skip.add(particle.at); out.push(particle.english); nounAt = -1; i += hit.words.length - 1; continue; }
      i += hit.words.length - 1;
      // "de 0,5 a 1,5": a word that carries nothing between two numbers joins a range.
      if (!hit.english && /\d/.test(out[out.length - 1] ?? '') && /^-?\d/.test(ws[i + 1] ?? '')) { out.push('to'); nounAt = -1; continue; }
      if (!hit.english) continue;
      if (hit.section === 'after' && nounAt >= 0) { out.splice(nounAt, 0, hit.english); nounAt++; continue; }
      // ("gris oscuro": a shade after a colour goes before it too, "dark grey".)
      if (hit.section === 'types' || hit.section === 'colours') nounAt = out.length; else nounAt = -1;
      out.push(hit.english);
      continue;
    }
    const inflected = inflection(p, clean(raw));
    if (inflected) { nounAt = -1; out.push(inflected); continue; }
    const parts = compound(p, clean(raw));
    if (parts) { nounAt = -1; out.push(parts); continue; }
    // A word no lexicon holds stays, without accents but in its case (it may be a name: "chiama la mappa Pianta"), so
    // the planner can name it ("did not understand …").
    nounAt = -1;
    out.push(raw.replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/(?<=\p{L})[.!?]+$/u, ''));
  }
  return out.join(' ');
}

function translateCjk(p: Prepared, text: string): { english: string; unknown: string[]; hits: number } {
  const done: string[] = [];
  let out: string[] = [];
  const unknown: string[] = [];
  // A sentence-final verb (Japanese) goes first in its clause, where the English reading looks for it: "laser spheres
  // show" would read "spheres" as part of the noun.
  let verbs: string[] = [];
  let run = '';
  let hits = 0;
  const flush = (): void => { if (run.trim()) unknown.push(run.trim()); run = ''; };
  const endClause = (): void => {
    // "地図だけ表示して": "only" after the noun limits the verb, which goes first: "only show map".
    const only = verbs.length > 0 ? out.findIndex((o) => o.trim() === 'only') : -1;
    if (only >= 0) { out.splice(only, 1); verbs.unshift('only'); }
    done.push([...verbs, ...out].join(' '));
    verbs = [];
    out = [];
  };
  const lower = text.toLowerCase();
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    // Chinese 零点五米, 一点五秒, 3点5: a decimal (the lexicon's decimal mark), not "points".
    const mark = p.file.decimalMark;
    const decimal = mark ? new RegExp(`^([〇零一二两三四五六七八九十百千]+|\\d+)${mark}([〇零一二两三四五六七八九]+|\\d+)`).exec(text.slice(i)) : null;
    if (decimal) {
      flush();
      const whole = /^\d+$/.test(decimal[1]!) ? decimal[1]! : String(cjkNumber(decimal[1]!));
      const fraction = [...decimal[2]!].map((c) => (/\d/.test(c) ? c : String(CJK_DIGITS[c] ?? 0))).join('');
      out.push(` ${whole}.${fraction} `);
      hits++;
      i += decimal[0].length;
      continue;
    }
    // An entry that starts in latin letters or digits ("z軸", "2倍", "tfフレーム") is read before the latin run it starts.
    const mixed = CJK.test(ch) ? undefined : p.cjk.find((e) => !CJK.test(e.phrase[0]!) && lower.startsWith(e.phrase, i));
    if (mixed) {
      flush();
      if (mixed.english && mixed.verb && p.file.verbFinal) verbs.push(mixed.english);
      else if (mixed.english) out.push(` ${mixed.english} `);
      if (!mixed.filler) hits++;
      i += mixed.phrase.length;
      continue;
    }
    if (!CJK.test(ch)) {
      flush();
      let j = i;
      while (j < text.length && !CJK.test(text[j]!)) j++;
      const chunk = text.slice(i, j).replace(/[，。、！？：；]/g, (c) => ({ '，': ',', '。': '. ', '、': ',', '！': '! ', '？': '? ', '：': ':', '；': ';' })[c] ?? c);
      if (/[,.;!?]/.test(chunk)) { endClause(); done.push(chunk); } else out.push(chunk);
      i = j;
      continue;
    }
    const neg = Object.entries(p.file.beforeType ?? {}).find(([w]) => text.startsWith(w, i) && p.cjk.some((e) => e.type && text.startsWith(e.phrase, i + w.length)));
    if (neg) {
      flush();
      if (p.file.verbFinal) verbs.push(neg[1]); else out.push(` ${neg[1]} `);
      hits++;
      i += neg[0].length;
      continue;
    }
    // "两条路径", "2つの地図": two of a display word with its counter are both of them, not a value 2.
    const pair = /^(?:两|二|2)(?:个|個|张|張|条|條|台|根|幅|块|塊|组|組|つ)の?/.exec(text.slice(i))?.[0];
    const longer = pair !== undefined && p.cjk.some((e) => e.phrase.length > pair.length && text.startsWith(e.phrase, i));
    if (pair && !longer && p.cjk.some((e) => e.type && text.startsWith(e.phrase, i + pair.length))) {
      flush();
      out.push(' both ');
      hits++;
      i += pair.length;
      continue;
    }
    const hit = p.cjk.find((e) => lower.startsWith(e.phrase, i));
    // A composed numeral (三十五, 二百, 十二) is read as its value; a phrase of the lexicon at least as long wins
    // (一下, 两倍), and 百分之 stays "percent".
    const numeral = /^[〇零一二两三四五六七八九十百千]+/.exec(text.slice(i))?.[0];
    if (numeral && (numeral.length > 1 || /[十百千]/.test(numeral)) && (hit?.phrase.length ?? 0) < numeral.length && !text.startsWith('分之', i + numeral.length)) {
      flush();
      out.push(` ${cjkNumber(numeral)} `);
      hits++;
      i += numeral.length;
      continue;
    }
    if (hit) {
      flush();
      // "0から3": a word that carries nothing between two numbers joins a range.
      const between = !hit.english && /\d\s*$/.test(out[out.length - 1] ?? '') && /^\s*\d/.test(text.slice(i + hit.phrase.length));
      if (between) out.push(' to ');
      else if (hit.english && hit.verb && p.file.verbFinal) verbs.push(hit.english);
      else if (hit.english) out.push(` ${hit.english} `);
      if (!hit.filler) hits++;
      i += hit.phrase.length;
      continue;
    }
    run += ch;
    i++;
  }
  flush();
  endClause();
  // 百分之五十 is "percent 50" word by word; English puts the number first.
  const english = done.join(' ').replace(/\s+([,.;!?])/g, '$1').replace(/\s+/g, ' ').trim().replace(/\bpercent (\d+(?:\.\d+)?)/g, '$1 percent');
  return { english, unknown, hits };
}

const CJK_CLAUSE_END = /[，。,.!?！？；;]/;

/**
 * "把地图重命名为共享地图", "マップの名前を共有マップに変更して": the text between a pair of the language's
 * `naming.around` markers is the new name, kept as written; the target before it and anything after are read as usual.
 */
function translateCjkRequest(p: Prepared, raw: string): { english: string; unknown: string[]; hits: number } {
  // Full-width digits (２０) are digits.
  const text = deviceOrdinals(robotOrdinals(p, raw.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))));
  for (const [open, close, cue] of p.file.naming?.around ?? []) {
    const at = text.indexOf(open);
    // A marker as common as 为 opens a name only after a rename word ("重命名激光为前激光").
    if (at <= 0 || (cue && !text.slice(0, at).includes(cue))) continue;
    const start = at + open.length;
    let end: number;
    if (close === '') { const m = CJK_CLAUSE_END.exec(text.slice(start)); end = m ? start + m.index : text.length; } else end = text.indexOf(close, start);
    if (end <= start) continue;
    const name = text.slice(start, end).trim().replace(/^[「『“"]|[」』”"]$/g, '').trim();
    if (!name) continue;
    const target = translateCjk(p, text.slice(0, at));
    const rest = translateCjk(p, text.slice(end + close.length));
    return {
      english: `rename ${target.english.replace(/^rename\s+/, '')} to "${name}"${rest.english ? ` ${rest.english}` : ''}`.replace(/\s+/g, ' ').trim(),
      unknown: [...target.unknown, ...rest.unknown], hits: target.hits + rest.hits + 1,
    };
  }
  return translateCjk(p, text);
}

const NUMERAL = '[0-9０-９〇零一二两三四五六七八九十]+';
const ORDINAL_ROBOT = new RegExp(`第(${NUMERAL})(?:个|個|台)?(?:的)?(?:机器人|機器人|ロボット)|(${NUMERAL})(?:号|號)(?:机器人|機器人|ロボット|机|機)|(${NUMERAL})台目の?ロボット`, 'g');

/** "一号机器人", "第二个机器人", "2号機", "2台目のロボット": robot N, written the way the lexicon reads it ("机器人二"). */
function robotOrdinals(p: Prepared, text: string): string {
  const robot = p.file.language === 'ja' ? 'ロボット' : '机器人';
  return text.replace(ORDINAL_ROBOT, (_m, a?: string, b?: string, c?: string) => `${robot}${a ?? b ?? c}`);
}

// (A bare 番 only after digits: 一番 is "most", as in 一番後ろ.)
const ORDINAL_DEVICE = new RegExp(`第(${NUMERAL})(?:个|個|台|号|號|番)?(?:的|の)?|(${NUMERAL})(?:号|號|番目|台目)(?:的|の)?|([0-9]+)番`, 'g');

/**
 * "3号摄像头", "第3个摄像头", "3番目のカメラ", "カメラ3番" (after robotOrdinals took the robots): device number N, written
 * "#N" before the device word ("カメラ3番" keeps it after), as the numbered-device reading takes it ("#3 camera").
 */
function deviceOrdinals(text: string): string {
  const digits = (n: string): string => (/^\d+$/.test(n) ? n : String(cjkNumber(n)));
  return text.replace(ORDINAL_DEVICE, (_m, a?: string, b?: string, c?: string) => (c !== undefined ? ` ${digits(c)} ` : ` #${digits(a ?? b!)} `));
}

const CJK_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const CJK_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** The value of a Chinese/Japanese numeral: 三十五 → 35, 二百零五 → 205, 十二 → 12. */
export function cjkNumber(numeral: string): number {
  let total = 0;
  let digit = 0;
  for (const ch of numeral) {
    const unit = CJK_UNITS[ch];
    if (unit !== undefined) { total += (digit || 1) * unit; digit = 0; } else digit = CJK_DIGITS[ch] ?? 0;
  }
  return total + digit;
}

/**
 * The request read as English, when it is in one of the lexicons' languages; undefined for English (or a language no
 * lexicon knows). `english` is the set of English words, so words shared with English do not decide the language.
 */
export function translate(text: string, english: ReadonlySet<string>): Translation | undefined {
  if (CJK.test(text)) {
    const candidates = LEXICONS.filter((l) => l.script === 'cjk').map((l) => ({ l, r: translateCjkRequest(prepare(l), text) }));
    // Kana are Japanese; Han alone may be either, so the lexicon that covers more of the text wins.
    const kana = KANA.test(text);
    const best = candidates.sort((a, b) => Number(b.l.language === 'ja' && kana) - Number(a.l.language === 'ja' && kana)
      || a.r.unknown.join('').length - b.r.unknown.join('').length || b.r.hits - a.r.hits)[0];
    if (!best || best.r.hits === 0) return undefined;
    return { language: best.l.language, name: best.l.name, english: best.r.english, unknown: best.r.unknown };
  }
  const ws = words(text);
  if (plainEnglish(ws, english)) return undefined;
  const englishHead = englishRenameHead(ws);
  const latin = LEXICONS.filter((l) => l.script === 'latin').map((l) => ({ p: prepare(l), split: renameSplit(prepare(l), ws) }));
  // A new name decides nothing: only the words around it say which language this is, whichever language found it.
  const spans = latin.flatMap((c) => (c.split ? [c.split.span] : []));
  const outside = ws.filter((_, k) => !spans.some(([a, b]) => k >= a && k < b));
  let best: { p: Prepared; score: [number, number, number] } | undefined;
  const better = (a: readonly number[], b: readonly number[]): boolean => { for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! > b[k]!; return false; };
  for (const { p, split } of latin) {
    const scored = split ? split.scored : englishHead ?? outside;
    const { score, foreign } = latinScore(p, scored, english);
    if (score[0] > 0 && foreign > 0 && (!best || better(score, best.score))) best = { p, score };
  }
  if (!best) return undefined;
  return { language: best.p.file.language, name: best.p.file.name, english: translateLatin(best.p, ws, text), unknown: [] };
}
