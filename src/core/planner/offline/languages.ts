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
}

const SECTIONS = ['verbs', 'types', 'properties', 'colours', 'numbers', 'units', 'words', 'filler'] as const;

export const LEXICONS: readonly LexiconFile[] = [es, de, fr, pt, it, zh, ja] as unknown as LexiconFile[];

/** Lowercase without accents: "Cámara" → "camara", "größer" → "grosser". */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** One phrase: its words folded (for matching without accents) and as written (which wins: größe is not große). */
interface Entry { words: string[]; exact: string[]; english: string; filler: boolean }

interface Prepared {
  file: LexiconFile;
  /** Folded phrase (as words, latin) → English, longest phrases first per first word. */
  byFirst: Map<string, Entry[]>;
  /** CJK phrases, longest first. */
  cjk: { phrase: string; english: string; filler: boolean; verb: boolean }[];
  final: Map<string, string>;
}

const prepared = new Map<string, Prepared>();

function prepare(file: LexiconFile): Prepared {
  let p = prepared.get(file.language);
  if (p) return p;
  p = { file, byFirst: new Map(), cjk: [], final: new Map(Object.entries(file.final ?? {}).map(([k, v]) => [fold(k), v])) };
  for (const section of SECTIONS) {
    for (const [phrase, english] of Object.entries(file[section])) {
      const filler = section === 'filler' || english === '';
      if (file.script === 'cjk') { p.cjk.push({ phrase, english, filler, verb: section === 'verbs' }); continue; }
      const words = fold(phrase).split(/\s+/);
      const list = p.byFirst.get(words[0]!) ?? [];
      list.push({ words, exact: phrase.toLowerCase().split(/\s+/), english, filler });
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
  return text.replace(/(\d),(\d)/g, '$1.$2')
    // Elided articles and prepositions: "l'odométrie", "dell'altezza" are two words.
    .replace(/\b([A-Za-zÀ-ÿ]{1,5})['’](?=[A-Za-zÀ-ÿ])/g, '$1 ')
    // Hyphenated words ("ai-je", "semi-transparent") are read word by word; names keep theirs.
    .replace(/(?<=[A-Za-zÀ-ÿ])-(?=[A-Za-zÀ-ÿ])/g, ' ')
    .split(/\s+|(?=[,;:!?¿¡()"“”«»])|(?<=[,;:!?¿¡()"“”«»])/).filter((w) => w.trim() !== '');
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;
const KANA = /[\u3040-\u30ff\uff66-\uff9f]/;

export interface Translation {
  /** ISO 639-1 code of the language the request was read in. */
  language: string;
  name: string;
  english: string;
  /** Runs of a CJK request no lexicon word covers. */
  unknown: string[];
}

/** Distinctive hits: words of the lexicon that are not English words (so "laser" or "robot" say nothing). */
function latinScore(p: Prepared, ws: readonly string[], english: ReadonlySet<string>): number {
  let score = 0;
  for (let i = 0; i < ws.length; i++) {
    const hit = lookup(p, ws, i);
    if (!hit || hit.filler) continue;
    // Only a word English does not have says which language this is ("fixed frame" or "laser" say nothing).
    if (hit.words.some((x) => !english.has(x))) score++;
    i += hit.words.length - 1;
  }
  return score;
}

function translateLatin(p: Prepared, ws: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    const raw = ws[i]!;
    // Names and numbers pass through: /scan, robot_1, base_link, 0.05, 5cm.
    if (/[/_]|\d/.test(raw)) { out.push(raw); continue; }
    const w = fold(raw).replace(/[.!?]+$/, '');
    const last = i === ws.length - 1 || /^[.!?,;]$/.test(ws[i + 1] ?? '');
    if (last && p.final.has(w)) { out.push(p.final.get(w)!); continue; }
    const hit = lookup(p, ws, i);
    if (hit) { if (hit.english) out.push(hit.english); i += hit.words.length - 1; continue; }
    // A word no lexicon holds stays, without accents, so the planner can name it ("did not understand …").
    out.push(fold(raw));
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
  const endClause = (): void => { done.push([...verbs, ...out].join(' ')); verbs = []; out = []; };
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (!CJK.test(ch)) {
      flush();
      let j = i;
      while (j < text.length && !CJK.test(text[j]!)) j++;
      const chunk = text.slice(i, j).replace(/[，。、！？：；]/g, (c) => ({ '，': ',', '。': '.', '、': ',', '！': '!', '？': '?', '：': ':', '；': ';' })[c] ?? c);
      if (/[,.;!?]/.test(chunk)) { endClause(); done.push(chunk); } else out.push(chunk);
      i = j;
      continue;
    }
    const hit = p.cjk.find((e) => text.startsWith(e.phrase, i));
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
      if (hit.english && hit.verb && p.file.verbFinal) verbs.push(hit.english);
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
    const candidates = LEXICONS.filter((l) => l.script === 'cjk').map((l) => ({ l, r: translateCjk(prepare(l), text) }));
    // Kana are Japanese; Han alone may be either, so the lexicon that covers more of the text wins.
    const kana = KANA.test(text);
    const best = candidates.sort((a, b) => Number(b.l.language === 'ja' && kana) - Number(a.l.language === 'ja' && kana)
      || a.r.unknown.join('').length - b.r.unknown.join('').length || b.r.hits - a.r.hits)[0];
    if (!best || best.r.hits === 0) return undefined;
    return { language: best.l.language, name: best.l.name, english: best.r.english, unknown: best.r.unknown };
  }
  const ws = words(text);
  let best: { p: Prepared; score: number } | undefined;
  for (const l of LEXICONS) {
    if (l.script !== 'latin') continue;
    const p = prepare(l);
    const score = latinScore(p, ws, english);
    if (score > 0 && (!best || score > best.score)) best = { p, score };
  }
  if (!best) return undefined;
  return { language: best.p.file.language, name: best.p.file.name, english: translateLatin(best.p, ws), unknown: [] };
}
