// English paraphrases of value phrasings, rewritten onto the phrasing the catalog's words and the value parse read
// (applied after a lexicon's translation, so every language that maps onto these English words gets them too):
// persistence ("remember / hold on to the last 5" is a display's own "keep"; "fade them after 2 s", "let the points
// stay 3 s" are a decay time), range introducers ("clamp 1 to 3", "range: 0 to 2", "100 up to 4000"), label verbs
// ("stick the frame names on"). Only general English is here: which setting a phrase lands on is the catalog's.
import { tokenize } from '../../catalog/text.ts';

/** [pattern, replacement]: applied in order, case-insensitively, on whole words. */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  // Buffers: "remember / hold on to / hang on to / retain the last N …" is the type's own keep (Keep, Buffer Length).
  [/\b(?:remember|remembers|hold\s+on\s+to|hang\s+on\s+to|holds\s+on\s+to|retain|retains|hold\s+onto|hang\s+onto|memorise|memorize|store)\b/gi, 'keep'],
  // Decay: "fade (them / out) after 2 s", "fade out in 2 s", "let them fade over 3 seconds" is how long points stay.
  [/\b(?:fade|fades|fading)(?:\s+(?:them|it|out|away|the\s+points|points))*\s+(?:after|in|over|within)\s+(?=(?:-?\d|\.\d))/gi, 'decay time '],
  [/\b(?:fade|fades|fading)(?:\s+out|\s+away)?\s+(?=(?:-?\d|\.\d))/gi, 'decay time '],
  // "fade the depth cloud after 2 seconds", "scan points should vanish after 1 s": with a time later in the clause, the
  // points going away is the decay.
  [/\b(?:fade|fades|fading|vanish|vanishes|disappear|disappears|go\s+away|goes\s+away)(?:\s+out|\s+away)?\b(?=[^,;.]*?\d\s*(?:s|sec|secs|seconds?|ms)\b)/gi, 'decay'],
  // "hang around / stick around for 2 s": how long they stay.
  [/\b(?:hang|hangs|stick|sticks)\s+around\b/gi, 'stay'],
  // "let the points stay 3 s", "remain 2 seconds", "linger 4 s": the catalog's "stay for" (a Decay Time word).
  [/\b(stay|stays|remain|remains|linger|lingers|last|persist|persists)\s+(?:on\s+screen\s+|around\s+|visible\s+)?(?:for\s+)?(?=(?:-?\d|\.\d)[\d.]*\s*(?:s|sec|secs|seconds?|ms)\b)/gi, 'stay for '],
  // "Perimeter points 0.05", "scan points 0.06": a size written right after the points is their size.
  // (Not a time: "scan points 4 seconds" is how long they stay.)
  [/\b(?:points|dots|pts)\s+(?:at\s+|of\s+)?(?=\.?\d[\d.]*\s*(?:m|cm|mm|px|pixels?)?(?:\s|$|[,.;!?]))(?!\.?\d[\d.]*\s*(?:s|secs?|seconds?|ms|msecs?|milliseconds?|minutes?|min)\b)/gi, 'point size '],
  // "limits 0.2 and 1.4", "bounds of -1 and 3": both ends of a range.
  [/\b(?:limits|bounds|ends)\s+(?:of\s+|at\s+|are\s+)?(-?\.?\d[\d.]*)\s+and\s+(?=-?\.?\d)/gi, 'fixed $1 to '],
  // "0.1 / 2.0", "0.2→1.6": a range too.
  [/(\d)\s+\/\s+(?=-?\.?\d)|(\d\.\d+)\s*\/\s*(?=-?\.?\d)/g, '$1$2 to '],
  [/(\d)\s*(?:→|->|=>)\s*(?=-?\.?\d)/g, '$1 to '],
  // "the plan YZ" (Italian "piano", Portuguese "plano" read as "plan"): before a plane's axes it is the plane.
  [/\bplan\s+(?=(?:xy|xz|yz)\b)/gi, 'plane '],
  // "height colouring", "z colours", "y-axis colouring": coloured by that.
  [/\b(?:height)\s+colou?r(?:ing|ed|s)?\b/gi, 'coloured by height'],
  [/\b([xyz])(?:[\s-]*axis)?\s+colou?r(?:ing|ed|s)\b/gi, 'coloured by $1 axis'],
  // "stop autoscaling the intensity": the automatic bounds.
  [/\bauto[\s-]?(?:scal(?:e|es|ed|ing)|rang(?:e|es|ed|ing))\b/gi, 'autocompute'],
  // "100..2000", "0...5": a range.
  [/(\d)\s*\.\.\.?\s*(?=-?\.?\d)/g, '$1 to '],
  // "by its z value", "by their height": the catalog's "by z axis", "by height".
  [/\bby\s+(?:its|their|the)\s+([xyz])(?:[\s-]*(?:value|values|coordinate|coordinates|axis))?\b/gi, 'by $1 axis'],
  [/\bby\s+(?:its|their)\s+(height|intensity|intensities)\b/gi, 'by $1'],
  // "shade the cloud by height": colour it by.
  [/\b(?:shade|shaded|shading)\b(?=[^,;.]*\bby\b)/gi, 'colour'],
  // "one and a half times", "two and a half times": the multiplier written out.
  [/\bone\s+and\s+a\s+half\s+times\b/gi, '1.5 times'], [/\btwo\s+and\s+a\s+half\s+times\b/gi, '2.5 times'],
  // Degrees of transparency in words: "mostly / slightly see-through", "barely visible", "half transparent".
  [/\b(?:mostly|largely|very|highly)\s+(transparent|see[\s-]?through|translucent)\b/gi, '80 % $1'],
  // (…unless a number follows it: "a bit see-through, 0.5" gives the alpha itself.)
  [/\b(?:slightly|a\s+bit|a\s+little|somewhat|a\s+touch)\s+(transparent|see[\s-]?through|translucent)\b(?![\s,:(-]*(?:alpha\s+|to\s+|at\s+)?\.?\d)/gi, '20 % $1'],
  [/\bhalf[\s-]+(transparent|see[\s-]?through|translucent)\b/gi, '50 % $1'],
  [/\bbarely\s+visible\b/gi, '90 % transparent'],
  // "a fifth", "a tenth" of the size: shares like "a third".
  [/\ba\s+fifth\b/gi, '20 %'], [/\ba\s+tenth\b/gi, '10 %'],
  // Range introducers: "clamp 1 to 3", "clamped at 0 to 2", "cap it 10 to 90" are a fixed range.
  [/\b(?:clamp|clamped|clamping|clip|clipped|cap|capped|limit(?:ed)?)(?:\s+(?:it|them|at|to|between|from|values?))*\s+(?=(?:-?\d|\.\d)[\d.]*\s*(?:[a-z%°]{1,7}\s*)?(?:to|and|-|–)\s*-?\.?\d)/gi, 'fixed '],
  // "a fixed span / interval of 0.4 to 2.2": a range.
  [/\b(?:span|interval)\b(?=\s*(?:of|from|:)?\s*(?:-?\d|\.\d)[\d.,]*\s*(?:[a-z%°]{1,7}\s*)?(?:to|and|-|–|\.\.|\/|→)\s*-?\.?\d)/gi, 'range'],
  // "range 0 to 2", "range: 0 to 2", "with a range of 1 to 3": the range noun, never the Range display.
  // …only before two numbers: "range 2" alone may be a numbered device ("show range 2").
  [/(^|[,;:]\s*|\b(?:a|the|fixed|with|use|set|its|and)\s+)range\s*(?:of|from|is|=|:)?\s*(?=(?:-?\d|\.\d)[\d.,]*\s*(?:[a-z%°]{1,7}\s*)?(?:to|and|-|–|\.\.|\/|→)\s*-?\.?\d)/gi, '$1from '],
  // "0〜3", "0～3": a wave dash joins a range too.
  [/(\d)\s*[〜～~]\s*(?=-?\.?\d)/g, '$1 to '],
  // "from 100 up to 4000", "0 up to 2": a range's join.
  [/(\d)(\s*(?:%|cm|mm|m|px|s|°|deg))?\s+up\s+to\s+(?=-?\.?\d)/gi, '$1$2 to '],
  // "show what each frame is called": the names of those things.
  [/\b(?:what|how)\s+(?:each|every|the)\s+([a-z]+?)s?\s+(?:is|are)\s+(?:called|named)\b/gi, '$1 names'],
  // "cut / trim the scale by a third": reduce it.
  [/\b(?:cut|trim)\b(?=[^,;.]*\bby\b)/gi, 'reduce'],
  // "name labels": the names.
  [/(?<![/\w])name\s+labels?\b/gi, 'names'],
  // "names on every frame", "labels for each frame": the frame names.
  [/\b(names|labels)\s+(?:on|to|for|of)\s+(?:every|each|all(?:\s+the)?|the)\s+frames?\b/gi, 'frame $1'],
  // "name tags", "tags": the labels (never a topic or frame name: not after a slash or inside a word).
  [/(?<![/\w])name\s+tags?\b/gi, 'names'], [/(?<![/\w_])tags(?![\w/])/gi, 'labels'],
  // "show which frame is which": their names.
  [/\bwhich\s+([a-z]+?)s?\s+is\s+which\b/gi, '$1 names'],
  // "annotate the frames with their names": label them.
  [/\b(?:annotate|annotated|tag)\b/gi, 'label'],
  // Label verbs: "stick / pin / slap the frame names on" shows them.
  [/\b(?:stick|pin|slap)\b/gi, 'put'],
];

/** Words the rewrites replace that could also be a name on the robot or in the document ("Tags", "Pin"). */
const NOUNS = new Set(['tags', 'tag', 'name', 'stick', 'pin', 'slap', 'annotate', 'annotated', 'span', 'interval', 'store']);

/**
 * The request with value paraphrases written the way the catalog and the value parse read them. A phrase starting with
 * one of NOUNS that is a name here (`names`: words of display, topic and frame names: a display called "Tags") stays.
 */
export function rewriteParaphrases(text: string, names: ReadonlySet<string> = new Set()): string {
  let out = text;
  for (const [re, to] of REWRITES) {
    out = out.replace(re, (...args: unknown[]) => {
      const match = args[0] as string;
      const first = tokenize(match)[0];
      if (first !== undefined && NOUNS.has(first) && names.has(first)) return match;
      const groups = args.slice(1, -2) as (string | undefined)[];
      return to.replace(/\$(\d)/g, (_, k: string) => groups[Number(k) - 1] ?? '');
    });
  }
  return out;
}
