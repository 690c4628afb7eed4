// An explicit value beats a word for it: a colour written as numbers ("light grey (220 220 220)", "0; 0; 80",
// "R=255 G=0 B=0", "rgb(0, 128, 255)", "#RRGGBB") is the colour of its clause, and a colour word beside it only
// describes it. Every such notation is rewritten to one `#rrggbb` (which colourIn reads before any word, and which no
// clause split cuts apart), and the words that only describe it ("light grey", "navy", "say") leave the request.
import { namedColors } from '../../catalog/index.ts';

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');
const byte = (s: string): number | undefined => { const n = Number(s); return Number.isInteger(n) && n >= 0 && n <= 255 ? n : undefined; };
function hexOf(r: string, g: string, b: string): string | undefined {
  const c = [byte(r), byte(g), byte(b)];
  return c.every((x) => x !== undefined) ? `#${c.map((x) => hex2(x!)).join('')}` : undefined;
}

/** Words saying a clause is about a colour: a bare number triple near one is a colour, elsewhere it may be an offset. */
const COLOUR_CONTEXT = new Set(['colour', 'color', 'colours', 'colors', 'coloured', 'colored', 'rgb', 'paint', 'painted', 'tint', 'shade', 'background', 'backdrop', 'bg', ...Object.keys(namedColors)]);
/** Words saying three numbers are a position or a size (X; Y; Z), never a colour. */
const VECTOR_CONTEXT = /\b(?:offset|position|scale|xyz|x\s*;\s*y\s*;\s*z|translation|shift|move|moved)\b/i;
/** Shades a colour word composes with (all describe it when an explicit value stands beside). */
const SHADES = new Set(['light', 'dark', 'deep', 'pale', 'bright', 'medium', 'pure', 'neutral', 'soft', 'vivid', 'mid']);
/** Words that only lead an apposition to the value ("dark grey, say 20 20 20", "i.e. #141414"). */
const GLUE = new Set(['say', 'like', 'ie', 'i.e.', 'i.e', 'eg', 'e.g.', 'e.g', 'exactly', 'precisely', 'roughly', 'about', 'approximately', 'specifically', 'meaning', 'aka', 'so', 'namely', 'that', 'is', 'or', 'as', 'in']);

/** The notations with their own marker (rgb(…), R= G= B=, "rgb 1 2 3"): a colour wherever they stand. */
const MARKED: readonly RegExp[] = [
  /\brgba?\s*\(\s*(\d{1,3})\s*[,;\s]\s*(\d{1,3})\s*[,;\s]\s*(\d{1,3})(?:\s*[,;\s]\s*[\d.]+)?\s*\)/gi,
  /\br\s*[=:]?\s*(\d{1,3})\s*[,;/]?\s*g\s*[=:]?\s*(\d{1,3})\s*[,;/]?\s*b\s*[=:]?\s*(\d{1,3})(?![\d.])/gi,
  /\brgb\s*[:=]?\s*(\d{1,3})\s*[,;\s]\s*(\d{1,3})\s*[,;\s]\s*(\d{1,3})(?![\d.])/gi,
];
/** Three whole numbers with one separator (";", ",", spaces), not part of a longer list nor of a decimal (a full stop may end it). */
const BARE = /(?<![\d.#\w-])(\d{1,3})\s*(;|,|\s)\s*(\d{1,3})\s*\2\s*(\d{1,3})(?![\d\w])(?!\.\d)(?!\s*[;,]?\s*\d)/g;

/** The sentence around an index ("…. Then …"): colour context is looked for there only. */
function sentenceAt(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf('! ', at), text.lastIndexOf('? ', at), -1) + 1;
  const ends = ['. ', '! ', '? '].map((s) => text.indexOf(s, at)).filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
}

/**
 * The request with every explicit colour written as `#rrggbb`, the words describing it taken out. `known` says which
 * words the planner reads (a word it does not, right before the value — "navy: 0; 0; 80" — is the value's name).
 */
export function explicitColours(text: string, known: (word: string) => boolean): string {
  let out = text;
  // A colour with a part past 255 ("300, 40, 40") stays one piece, `300/40/40`, so it is refused whole with its range
  // rather than cut into three numbers by the clause split.
  const overRange = (r: string, g: string, b: string): string | undefined => ([r, g, b].some((x) => Number(x) > 255) ? `${r}/${g}/${b}` : undefined);
  for (const re of MARKED) out = out.replace(re, (m, r: string, g: string, b: string) => hexOf(r, g, b) ?? overRange(r, g, b) ?? m);
  out = out.replace(BARE, (m, r: string, _sep: string, g: string, b: string, at: number, whole: string) => {
    const sentence = sentenceAt(whole, at);
    const colourish = sentence.toLowerCase().split(/[^a-z]+/).some((w) => COLOUR_CONTEXT.has(w));
    return colourish && !VECTOR_CONTEXT.test(sentence) ? hexOf(r, g, b) ?? overRange(r, g, b) ?? m : m;
  });
  return describedOnly(out, known);
}

/** Takes out what only describes each `#rrggbb`: a colour word and its shade, an unknown colour name, apposition glue. */
function describedOnly(text: string, known: (word: string) => boolean): string {
  let out = text;
  const re = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b\)?/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(out)) !== null) {
    const value = m[0].replace(/\)$/, '');
    const before = out.slice(0, m.index);
    // Pieces before the value, last first: words and the punctuation between them.
    const pieces = before.match(/[^\s,:;(]+|[,:;(]/g) ?? [];
    let cut = pieces.length;
    let described = false;
    for (let i = pieces.length - 1; i >= 0; i--) {
      const w = pieces[i]!.toLowerCase().replace(/[.!?]+$/, (s) => (s === '.' && /^(?:i\.e|e\.g)$/.test(pieces[i]!.toLowerCase().slice(0, -1)) ? s : ''));
      if ([',', ':', '(', ';'].includes(w)) continue;
      const colourWord = namedColors[w] !== undefined || SHADES.has(w);
      const glue = GLUE.has(w);
      // One unknown word right before the value (after glue only): its name ("navy: 0; 0; 80").
      const named = !described && /^[a-z]+$/.test(w) && !known(w);
      if (!colourWord && !glue && !named) break;
      if (glue && !described && i > 0 && !pieces.slice(0, i).some((x) => namedColors[x.toLowerCase()] !== undefined)) break;
      if (colourWord || named) described = true;
      cut = i;
    }
    if (cut === pieces.length || !described) continue;
    // Rebuild: the text up to the first piece cut, then the value.
    let pos = 0;
    for (let i = 0; i < cut; i++) pos = before.indexOf(pieces[i]!, pos) + pieces[i]!.length;
    const head = before.slice(0, pos).replace(/\s*$/, ' ');
    out = `${head}${value}${out.slice(m.index + m[0].length)}`;
    re.lastIndex = head.length + value.length;
  }
  return out;
}

/** The `#rrggbb` tokens of a text (as tokenize() gives them): values, never words to account for. */
export function hexTokens(text: string): Set<string> {
  return new Set([...text.matchAll(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi)].map((m) => m[1]!.toLowerCase()));
}
